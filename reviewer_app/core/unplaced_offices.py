"""A prosecutor's or public defender's office said without its place, which NER reads as an
organisation (issue 12).

"Counsel and DA?", "before the DA asks his questions", "She said the D.A. ain't got no video",
"Alicia Moreno-Paik from the Public Defender's Office", "Taken at the Office of the Attorney
General": the binding annotation decisions leave a county's DA's and PD's offices named without
their county unannotated, and the Office of the Attorney General too; the office named with its
county is one ORGANIZATION span ("[Kern County DA]", "the [Office of the Public Defender of
Tulare County]"), a place word among its words.

So an organisation whose words are all `unplaced_office_words` (`resources/patterns/
body_mentions.toml`: "District", "Attorney's", "Office", "of", "the"), one of
`unplaced_office_heads` ("DA", "Defender", "Attorney") among them, is no span. A possessive or a
full stop at a word's end does not count. An office whose place NER cut off stays: "of" and a
name right after it, or a place span right before it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span

_POSSESSIVE = re.compile(r"['’]s?\Z")
_OF_A_NAME = re.compile(r"\s+(?:of|in|for)\s+(?:the\s+)?[A-Z]")


@functools.cache
def _office_words() -> tuple[frozenset[str], frozenset[str]]:
    table = load_table("body_mentions.toml")
    words = frozenset(w.lower() for w in table["unplaced_office_words"])
    return words, frozenset(w.lower() for w in table["unplaced_office_heads"])


def _word(raw: str) -> str:
    word = _POSSESSIVE.sub("", raw.lower().strip(",;:"))
    return word if word in ("d.a.",) else word.rstrip(".")


def names_an_unplaced_office(covered: str) -> bool:
    """Whether an organisation's words are an office's without its place (module docstring)."""
    words, heads = _office_words()
    said = [_word(w) for w in covered.split()]
    return bool(said) and all(w in words for w in said) and any(w in heads for w in said)


def _placed_beside(span: Span, text: str, places: Iterable[Span]) -> bool:
    """Whether the office's place stands right beside the span, which NER cut from it: "of",
    "in" or "for" and a capitalised name after it ("the Office of the Public Defender / of Tulare
    County", "the Public Defender in Visalia"), or a
    place span right before it ("[Kern County] DA")."""
    if _OF_A_NAME.match(text, span.end):
        return True
    return any(0 <= span.start - p.end <= 1 and not text[p.end : span.start].strip() for p in places)


def drop_unplaced_offices(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without organisations that are an office said without its place."""
    spans = list(spans)
    places = [s for s in spans if s.label == "LOCATION"]
    return [
        s
        for s in spans
        if not (
            s.label == "ORGANIZATION"
            and names_an_unplaced_office(s.text_in(text))
            and not _placed_beside(s, text, places)
        )
    ]
