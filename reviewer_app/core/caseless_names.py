"""Names in a text written without capitals (speech recognition), read on its truecased view.

Two things the capitals would have shown, decided from the document and the casing model of
the truecased view (`core/truecasing.py`, which counted how English writes each word):

- ordinary words NER read as persons ("dated", "report", "suitable", "back"): a word the model
  counted mostly in lower case ("report" 1,293 times, "Report" 59) is an ordinary word; one
  it counted capitalised about as often ("grace" / "Grace", "junior" / "Junior") may be a
  name. A word the document itself shows as a name keeps its spans, however common: after a
  title ("miss long"), in a name of several words ("patrice long"), or where a cue of the
  context found it ("her name is destiny", "they call him smoke"). Only NER's guesses and
  their propagated copies are read: a cue's finding is the document's word.
- a full name's words said alone later ("walter fenske" ... "mr. fenske, you may speak"):
  with capitals NER and `name_propagation.propagate` find them; without, nothing does.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Mapping

from reviewer_app.core.name_rules import PROPAGATION, PROPAGATION_SCORE, after_word
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess

# A word the casing model counted at least this many times more often in lower case than
# capitalised is an ordinary word ("report" 22 to 1, "back" 67 to 1; "grace" 1.7, "frank" 0.5).
LOWER_CASE_RATIO = 20
# Fewer counts than this say too little about how a word is written.
MIN_COUNTS = 20


def ordinary_word(word: str, counts: Mapping[str, int]) -> bool:
    """Whether the casing model's `counts` show `word` (lower case) as an ordinary word."""
    lower, capitalised = counts.get(word, 0), counts.get(word.title(), 0)
    return lower >= MIN_COUNTS and lower >= LOWER_CASE_RATIO * capitalised


def drop_ordinary_lower_case_persons(
    spans: Iterable[Span], text: str, counts: Mapping[str, int], titles: frozenset[str]
) -> list[Span]:
    """`spans` without each one-word PERSON in lower case whose word is ordinary by the casing
    model's `counts` (`ordinary_word`), unless the document shows that word as a name: right
    after one of `titles` (lower case) anywhere, inside a PERSON span of several words, or
    in a PERSON span a cue found (no NER guess, no propagated copy)."""
    spans = list(spans)
    named = {
        word
        for s in spans
        if s.label == "PERSON" and (len(words := s.text_in(text).lower().split()) > 1 or not _guessed(s))
        for word in words
    }

    def ordinary(span: Span) -> bool:
        covered = span.text_in(text)
        if span.label != "PERSON" or not _guessed(span) or covered in named:
            return False
        if not (covered.isalpha() and covered.islower()):
            return False
        return ordinary_word(covered, counts) and not _titled_anywhere(covered, text, titles)

    return [s for s in spans if not ordinary(s)]


def _titled_anywhere(word: str, text: str, titles: frozenset[str]) -> bool:
    """Whether `word` follows one of `titles` somewhere in `text` ("miss long")."""
    for match in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text):
        if after_word(text, match.start(), titles):
            return True
    return False


def _guessed(span: Span) -> bool:
    """Whether NER alone read `span`, or propagation copied such a reading."""
    return is_ner_guess(span) or span.detectors == (PROPAGATION,)


def propagate_caseless_name_words(
    spans: Iterable[Span],
    text: str,
    counts: Mapping[str, int],
    not_names: frozenset[str],
    determiners: frozenset[str],
) -> list[Span]:
    """`spans` with each word of a PERSON span of several words a PERSON where it is said
    alone and no span covers it ("walter fenske" ... "mr. fenske, you may"), in a text without
    capitals: there the capitals that make the later mention a name for NER and for
    `name_propagation.propagate` are missing. A word is taken only where the casing model
    (`counts`) counted it capitalised at least as often as in lower case or never ("fenske",
    "marisol"; not "house" of "barnaby oyster house"), it is none of `not_names` (titles, roles,
    kin: "sergeant", "aunt") and no determiner stands before the mention ("the bishop", "a crane")."""
    spans = list(spans)
    words = {
        word
        for s in spans
        if s.label == "PERSON" and len(parts := s.text_in(text).split()) > 1
        for word in parts
        if len(word) >= 3
        and word.isalpha()
        and word.islower()
        and word not in not_names
        and counts.get(word, 0) <= counts.get(word.title(), 0)
    }
    if not words:
        return spans
    taken = sorted(spans)
    starts = [s.start for s in taken]
    ends = list(itertools.accumulate((s.end for s in taken), max))
    added = []
    for match in re.finditer(r"(?<![\w'’-])[a-z]+(?![\w-])", text):
        if match.group() not in words or after_word(text, match.start(), determiners):
            continue
        i = bisect.bisect_left(starts, match.end()) - 1
        if i >= 0 and ends[i] > match.start():
            continue  # a span covers it
        added.append(Span(match.start(), match.end(), "PERSON", (PROPAGATION,), PROPAGATION_SCORE))
    return sorted([*spans, *added])
