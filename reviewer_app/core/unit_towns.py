"""A parole unit or field office named by its town keeps only its town (binding decisions: "A parole
unit keeps only its town also when its number is said after it ("[Sacramento] 4", "The [Oakland] 2
unit", "[Sacramento] 6 unit"), as the README's "[Fresno] Two" does"; ICE's "[Bakersfield] field
office" keeps only the town "as a parole unit does").

NER reads "Oakland 2" or "Stockton Parole Unit 3" as an organisation, which other rules then drop as
a numbered stage ("Phase 2") or keep whole: either way the town is lost or mislabelled. Where a
known town is followed by a unit's or an office's words and its number, the town is one LOCATION
span and the rest has none; a span that runs on past the unit's number is no part of it and stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.spans import Span

_TOWN = r"(?P<town>[A-Z][a-z]+(?:[ ][A-Z][a-z]+){0,2}?)"
_NUMBER = r"(?:\d{1,2}|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))(?![\w-])"
# The number ends the phrase or a unit's word follows it: not "Fresno 2 years", nor a clock's
# hour ("got to Fresno 10:15").
_NUMBER_ENDS = r"(?=[ ]*(?:[.,;?!)\n]|:(?!\d)|--|$))"


def label_towns_of_units(
    spans: Iterable[Span],
    text: str,
    known_places: frozenset[str],
    qualifiers: Sequence[str],
    heads: Sequence[str],
) -> list[Span]:
    """`spans` with the town of each unit or office named by its town a LOCATION and the unit's other
    words without a span (module docstring). `known_places`: lower-case place names; `qualifiers`
    ("Parole", "Field") and `heads` ("Unit", "Office") the words of a unit's name, either case."""
    spans = list(spans)
    units = [
        (start, m.end("town"), m.end())
        for m in _unit_pattern(tuple(qualifiers), tuple(heads)).finditer(text)
        if (start := _town_start(m, known_places)) is not None
    ]
    if not units:
        return spans
    # A span running past the unit's number is something else ("Fresno [10:15 at night]").
    kept = [
        s
        for s in spans
        if not any(s.start < end and start < s.end and s.end <= end for start, _, end in units)
    ]
    towns = [
        Span(start, town_end, "LOCATION", detectors=_detectors(spans, start, end))
        for start, town_end, end in units
    ]
    return sorted([*kept, *towns], key=lambda s: (s.start, s.end))


def _town_start(match: re.Match[str], known_places: frozenset[str]) -> int | None:
    """Where the longest known place ending the match's capitalised words begins ("The Oakland",
    "Sacramento"), if one does."""
    start, town = match.start("town"), match["town"]
    while town:
        if town.lower() in known_places:
            return start
        first, _, town = town.partition(" ")
        start += len(first) + 1
    return None


def _detectors(spans: list[Span], start: int, end: int) -> tuple[str, ...]:
    names = [d for s in spans if s.start < end and start < s.end for d in s.detectors]
    return tuple(dict.fromkeys(names)) or ("context",)


def _unit_pattern(qualifiers: tuple[str, ...], heads: tuple[str, ...]) -> re.Pattern[str]:
    qualifier = _either_case(qualifiers)
    head = _either_case(heads)
    # "Sacramento 4", "Oakland 2 unit", "Stockton Parole Unit 3", "Bakersfield field office".
    numbered = rf"[ ]{_NUMBER}(?:[ ]{head}(?![\w-])|{_NUMBER_ENDS})"
    # Not "Oakland Office of Appeals": a body named after its town.
    named = rf"(?:[ ]{qualifier})?[ ]{head}(?:[ ]{_NUMBER})?(?![\w-]|[ ]of\b)"
    return re.compile(rf"(?<![\w-]){_TOWN}(?:{numbered}|{named})")


def _either_case(words: tuple[str, ...]) -> str:
    forms = {form for word in words for form in (word, word.lower(), word.capitalize())}
    return "(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")"
