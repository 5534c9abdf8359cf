"""Headlines written in title case, read in sentence case (issue 12).

A news story or a programme's page opens with its headline in title case: "Thirty-Two Years After
A Hanford Clerk Was Killed, A Parole Grant Divides His Family And His Town", "After 31 Years, a
Richmond Man Tells His Story". NER reads capitals as names, so it takes a run of capitalised words
for one ("Hanford Clerk Was Killed" as a person) or misses the town among them, and what it makes
of the headline then spreads to the town's other mentions.

Detection reads such a line with the capitals taken off the words the document also writes in
lower case ("the clerk", "was killed"), so that only the names keep theirs: "Hanford" of the
story below it, and a name the headline alone gives (a word never written in lower case is never
lowered, so a name said once is not lost). The copy
has the text's length and each character's place (only a letter's case changes), so spans found on
it hold for the text.

A line is such a headline when it reads as a sentence in title case: at least `MIN_WORDS` words,
every word capitalised except the small words (places.toml `small_words`: "a", "of"), at least one
capitalised word that only a sentence has (a determiner, pronoun, auxiliary or conjunction:
merge.toml `determiners` and `clause_words`, and "his", "her", "its", "they"; not a small word,
which a heading capitalises too: "Board Of Parole Hearings"), and at least
`MIN_RECASED` capitalised words the document writes in lower case. A line with a colon, brackets, a
number sign, a slash or a full stop inside is no headline: a caption, a speaker's tag, a cover's
heading, an address or a signature ("Parole Consideration Hearing of: ) CDCR No.", "A. The
Riverside Police Department, Robbery Unit.").
"""

from __future__ import annotations

import functools
import re

from reviewer_app.core.pattern_tables import load_table

MIN_WORDS = 5
MIN_RECASED = 3

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# Marks that make a line a caption, a tag, a heading or an address rather than a headline.
_NOT_A_HEADLINE = re.compile(r"[:;()#/\[\]]|\.(?!\W*$)")


@functools.cache
def _words_of_sentences() -> tuple[frozenset[str], frozenset[str]]:
    """(small words a title leaves in lower case, words only a sentence has), lower case."""
    merge = load_table("merge.toml")
    small = frozenset(w.lower() for w in load_table("places.toml")["small_words"])
    sentence = frozenset(w.lower() for key in ("determiners", "clause_words") for w in merge[key])
    # A small word says nothing: a heading capitalises it too ("Board Of Parole Hearings").
    return small, (sentence | {"his", "her", "its", "they", "he", "she", "we"}) - small


def _is_headline(words: list[str], lower_case: set[str]) -> bool:
    small, sentence = _words_of_sentences()
    if len(words) < MIN_WORDS or any(w[0].islower() and w.lower() not in small for w in words):
        return False
    capitalised = [w for w in words[1:] if w[0].isupper() and not w.isupper()]
    return any(w.lower() in sentence for w in capitalised) and (
        sum(w.lower() in lower_case for w in capitalised) >= MIN_RECASED
    )


def sentence_case_headlines(text: str) -> str:
    """`text` with each headline in title case (module docstring) read in sentence case: each
    capitalised word after the first lowered where the document also writes it in lower case
    ("the clerk", "was killed"); a word it never writes in lower case keeps its capital, said
    elsewhere or not ("Hanford" of the story below it, a victim's given name said only in the
    headline). `text` itself when it has none."""
    lower_case = {w for w in _WORD.findall(text) if w.islower()}
    pieces: list[str] = []
    changed = False
    for line in text.split("\n"):
        words = _WORD.findall(line)
        if _NOT_A_HEADLINE.search(line.strip().strip("\"“”'")) or not _is_headline(words, lower_case):
            pieces.append(line)
            continue
        recased = _recased(line, lower_case)
        changed = changed or recased != line
        pieces.append(recased)
    return "\n".join(pieces) if changed else text


def _recased(line: str, lower_case: set[str]) -> str:
    """`line` with its words after the first lowered where `lower_case` (the document's words
    in lower case) has them."""
    pieces, last = [], 0
    for index, match in enumerate(_WORD.finditer(line)):
        word, lower = match.group(), match.group().lower()
        # Only the case changes, never the length ("İ" lowers to two characters); an acronym
        # keeps its capitals.
        keep = index == 0 or lower not in lower_case or len(lower) != len(word) or word[1:].isupper()
        pieces += [line[last : match.start()], word if keep else lower]
        last = match.end()
    return "".join(pieces) + line[last:]
