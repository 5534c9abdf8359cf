"""Presidio's context enhancer, with the token a match starts in found by bisection.

Presidio's `LemmaContextAwareEnhancer` finds that token by walking the document's
tokens from the first, building a spaCy `Token` for each, once per match: on an
18,000-word hearing that walk took 1.5 s of a 6 s detection run. spaCy's tokens
never overlap and are never empty, so their ends rise strictly, and the first token
ending after the match's start (Presidio's answer) is found by bisection.

It also deep-copies every result before looking at it, though it changes only those
of a recognizer with context words (NER's and most others' it returns as they came):
it is given only those, and the others stay as they are, in their place. The words
around a match count as context when they are among the document's keywords, which
Presidio keeps in a list and searches from the first for every word it looks at;
they are looked up in a set of the same words. Imported only where the analyzer is
built: Presidio's import pulls in torch.
"""

from __future__ import annotations

import bisect
from typing import Any

from presidio_analyzer import RecognizerResult
from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer


class IndexedContextEnhancer(LemmaContextAwareEnhancer):
    def __init__(self) -> None:
        super().__init__()
        # The last document's token starts (by identity) and token ends, as one pair:
        # swapped whole, so a thread never reads one document's starts with another's ends.
        self._last: tuple[list[int] | None, list[int]] = (None, [])
        # The last document's keywords (by identity) and the same words as a set, as one pair.
        self._keywords: tuple[list[str] | None, frozenset[str]] = (None, frozenset())

    def enhance_using_context(
        self,
        text: str,
        raw_results: list[RecognizerResult],
        nlp_artifacts: Any,
        recognizers: list[Any],
        context: list[str] | None = None,
    ) -> list[RecognizerResult]:
        with_context = {recognizer.id for recognizer in recognizers if recognizer.context}
        chosen = [_recognizer_id(result) in with_context for result in raw_results]
        enhanced = iter(
            super().enhance_using_context(
                text,
                [result for result, pick in zip(raw_results, chosen, strict=True) if pick],
                nlp_artifacts,
                recognizers,
                context,
            )
        )
        return [next(enhanced) if pick else result for result, pick in zip(raw_results, chosen, strict=True)]

    def _find_index_of_match_token(
        self, word: str, start: int, tokens: Any, tokens_indices: list[int]
    ) -> int:
        indices, ends = self._last
        if indices is not tokens_indices:
            ends = [index + len(token) for index, token in zip(tokens_indices, tokens, strict=True)]
            self._last = (tokens_indices, ends)
        position = bisect.bisect_right(ends, start)
        if position == len(ends):
            # As Presidio does, without the matched text in the message (logs carry no transcript text).
            raise ValueError("a match starts after the document's last token")
        return position

    def _add_n_words(  # type: ignore[override]  # Presidio's is static; this one keeps the set
        self,
        index: int,
        n_words: int,
        lemmas: list[str],
        lemmatized_filtered_keywords: list[str],
        is_backward: bool,
    ) -> list[str]:
        """Presidio's: up to `n_words` + 1 keywords (in lower case) from lemma `index` on, backwards
        or forwards; the keywords are looked up in a set instead of their list."""
        keywords, lookup = self._keywords
        if keywords is not lemmatized_filtered_keywords:
            lookup = frozenset(lemmatized_filtered_keywords)
            self._keywords = (lemmatized_filtered_keywords, lookup)
        i = index
        context_words = []
        remaining = n_words + 1  # the match's own lemma counts: a context word may be glued to it
        while 0 <= i < len(lemmas) and remaining > 0:
            lower_lemma = lemmas[i].lower()
            if lower_lemma in lookup:
                context_words.append(lower_lemma)
                remaining -= 1
            i = i - 1 if is_backward else i + 1
        return context_words


def _recognizer_id(result: RecognizerResult) -> str | None:
    metadata = result.recognition_metadata or {}
    return metadata.get(RecognizerResult.RECOGNIZER_IDENTIFIER_KEY)
