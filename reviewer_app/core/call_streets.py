"""Streets a caller names by their short names (issue 12: calls and dispatch).

A caller or a dispatcher gives a place as the two streets that cross there: "we're on
Edinger and Bristol", "at Fifth and Main", "en route from Bristol and Warner". Said so,
a street's name has no "Street" or "Avenue" after it, and NER reads it as an organisation
or a person. Two capitalised words joined by "and" after a word that leads to a place
("on", "at", "near", "toward", "corner of", "en route from") are two streets, and so are
two joined so of which one is such a street ("Edinger and Raitt"); each of them is a
street in its other mentions in the call too ("It's Edinger." "Up Raitt.").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

STREET_DETECTOR = "context"
STREET_SCORE = 0.85

_ORDINAL = re.compile(
    r"\d{1,3}(?:st|nd|rd|th)|First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth"
)
_NAME = rf"(?:{_ORDINAL.pattern}|[A-Z][a-z]+)"
_AND = r"[ ](?:and|&)(?:,?[ ](?:um|uh|er|like),?)?[ ]"
_PAIR = rf"(?P<first>{_NAME}){_AND}(?P<second>{_NAME})(?![\w'’-]|[ ][A-Z])"
_INTERSECTION = re.compile(
    r"(?<![\w-])(?:on|at|near|toward|towards|corner[ ]of|en[ ]route[ ]from|(?i:northbound|southbound|"
    r"eastbound|westbound)(?:[ ]on)?)[ ]+" + _PAIR
)
# Two names joined by "and" anywhere: streets when one of them is a street the call gave.
_ANY_PAIR = re.compile(r"(?<![\w-])" + _PAIR)


def crossings(text: str, not_streets: frozenset[str]) -> list[tuple[int, int]]:
    """Where the text names two streets that cross: each street's name, in order. A pair
    with a word of `not_streets` (lower case: "on Monday and Tuesday", "at Mom and Dad's")
    is none."""
    out = []
    for match in _INTERSECTION.finditer(text):
        if not {match.group("first").lower(), match.group("second").lower()} & not_streets:
            out += [match.span("first"), match.span("second")]
    streets = {text[a:b] for a, b in out}
    for match in _ANY_PAIR.finditer(text) if streets else ():
        pair = {match.group("first"), match.group("second")}
        if pair & streets and not {w.lower() for w in pair} & not_streets:
            out += [match.span("first"), match.span("second")]
    return sorted(set(out))


def label_streets(spans: Iterable[Span], text: str, not_streets: frozenset[str]) -> list[Span]:
    """`spans` with each one-word place, organisation, group or person whose word the text
    gives as a crossing street relabelled LOCATION, and a LOCATION span for each mention
    of such a word that no span covers (an ordinal, "First", only where it crosses). A
    word of a longer PERSON span ("Warner" of "Ada Warner") is left as it is."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    places = crossings(text, not_streets)
    if not places:
        return spans
    named = {
        w for s in spans if s.label == "PERSON" and " " in s.text_in(text) for w in s.text_in(text).split()
    }
    streets = {text[a:b] for a, b in places} - named
    out = [
        s.with_(label="LOCATION")
        if s.label in ("ORGANIZATION", "NRP", "PERSON") and s.text_in(text) in streets
        else s
        for s in spans
    ]
    alone = sorted(w for w in streets if not _ORDINAL.fullmatch(w))
    mentions = (
        [m.span() for m in re.finditer(rf"(?<![\w-])(?:{'|'.join(map(re.escape, alone))})(?![\w'’-])", text)]
        if alone
        else []
    )
    added: list[Span] = []
    for start, end in sorted({*mentions, *((a, b) for a, b in places if text[a:b] in streets)}):
        if not any(s.start < end and start < s.end for s in [*out, *added]):
            added.append(Span(start, end, "LOCATION", (STREET_DETECTOR,), STREET_SCORE))
    return sorted([*out, *added], key=lambda s: (s.start, s.end))
