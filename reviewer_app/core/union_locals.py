"""A union's local by its number is a body (binding decisions: "[Laborers Local 1193]", "the hall at
[Local 1193]", "[LOCAL 13]", "[Carpenters Local 1872]": one ORGANIZATION span with its number).

Other rules read such a name as something else: "Local 340" ends like a numbered stage ("Phase 2",
"Facility 4"), and "IBEW-47" is shaped like a form ("EOIR-28", "I-589"). The words around it settle
it: "Local" before the number names a local, and an acronym joined to a number is one when the
sentence speaks of a union ("his union, IBEW-47", "the IBEW-47 hall"). The union's name before
"Local" belongs to the span ("IBEW Local 340", "Teamsters Local 853"), but not words NER read as a
person ("[Marcus Bell] [Local 47]"). A local found only from the sentence is a guess: it never
replaces a longer span that holds it ("Laborers Local 1193, [PO BOX 4490, Sacramento, CA 95812]"),
and a word of an address's unit ("BOX", "SUITE", "APT") joined to a number is no union's acronym.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.context_rules import CONTEXT
from reviewer_app.core.spans import Span

# A word of the union's name before "Local": capitalised or an acronym ("Teamsters", "IBEW").
_NAME_WORD = r"(?:[A-Z][a-z]+|[A-Z]{2,6})"
_NUMBER = r"(?:No\.[ ]?|#[ ]?)?\d{1,5}"
_LOCAL = re.compile(rf"(?P<name>(?:{_NAME_WORD}[ ]){{0,3}})(?:Local|LOCAL)[ ]{_NUMBER}(?![\w-])")
# An acronym joined to a number ("IBEW-47", "SEIU 1000"): a local only where the sentence says so.
_LETTERS_NUMBER = re.compile(r"(?<![\w-])[A-Z]{3,6}(?:-|[ ])\d{1,5}(?![\w-])")
_SENTENCE_END = re.compile(r"[.?!](?:\s|$)|\n\s*\n")


def label_union_locals(
    spans: Iterable[Span],
    text: str,
    union_words: frozenset[str],
    name_stops: frozenset[str],
    address_units: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with each union local one ORGANIZATION span, in place of the spans it overlaps
    (module docstring). `union_words` (lower case) say a sentence speaks of a union ("union",
    "hall"); `name_stops` (lower case) open a sentence, never a union's name ("The", "And");
    `address_units` (lower case) are the words of an address's unit ("box", "suite")."""
    spans = list(spans)
    persons = [(s.start, s.end) for s in spans if s.label == "PERSON"]
    by_context = [
        (a, b)
        for a, b in _locals_by_context(text, union_words, address_units)
        if not any(s.start <= a and b <= s.end and s.end - s.start > b - a for s in spans)
    ]
    found = {*_named_locals(text, name_stops, persons), *by_context}
    # "LOCAL 13" is also letters joined to a number: the longer reading stands.
    locals_ = [(a, b) for a, b in found if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in found)]
    if not locals_:
        return spans
    kept = [s for s in spans if not any(s.start < end and start < s.end for start, end in locals_)]
    added = [
        Span(start, end, "ORGANIZATION", detectors=_detectors(spans, start, end)) for start, end in locals_
    ]
    return sorted([*kept, *added], key=lambda s: (s.start, s.end))


def _detectors(spans: list[Span], start: int, end: int) -> tuple[str, ...]:
    """The detectors of the spans a local takes the place of, and the context that settled it."""
    names = [d for s in spans if s.start < end and start < s.end for d in s.detectors]
    return tuple(dict.fromkeys([*names, CONTEXT]))


def _named_locals(
    text: str, name_stops: frozenset[str], persons: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    found = []
    for match in _LOCAL.finditer(text):
        start = match.start()
        for word in match["name"].split():
            at = text.index(word, start)
            if word.lower() not in name_stops and not any(a < at + len(word) and at < b for a, b in persons):
                break
            start = at + len(word) + 1
        found.append((start, match.end()))
    return found


def _locals_by_context(
    text: str, union_words: frozenset[str], address_units: frozenset[str]
) -> list[tuple[int, int]]:
    found = []
    for match in _LETTERS_NUMBER.finditer(text):
        if re.split(r"[- ]", match.group())[0].lower() in address_units:
            continue
        sentence = _sentence_around(text, match.start(), match.end())
        words = {w.strip(".,;:!?'\"()").lower() for w in sentence.split()}
        if words & union_words:
            found.append(match.span())
    return found


def _sentence_around(text: str, start: int, end: int) -> str:
    before = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    after = _SENTENCE_END.search(text, end)
    return text[before[-1] if before else 0 : after.start() if after else len(text)]
