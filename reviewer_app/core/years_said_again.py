"""A year said again by its last two digits alone ("Do you remember sixty-four?", "I was ten, so
seventy-eight."): said bare, "sixty-four" may be a count, an age or a year, and nothing in its
sentence tells which. The document tells: where it dates something to that year elsewhere ("the
flood of 1964", "Summer of seventy-eight"), a bare number of that value that ends its phrase and
that no other span claims is the year again."""

from __future__ import annotations

import re
from collections.abc import Sequence

from reviewer_app.core.detector_names import PRESIDIO
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, words_of

# Two-digit years said alone that the rule takes: from thirty on, as "twenty-five" is as often a
# count and a younger year is said with its century ("two thousand five", "twenty twelve").
_LEAST_YEAR = 30
_FOUR_DIGIT_YEAR = re.compile(r"(?<!\d)(?:19|20)(\d\d)(?!\d)")
_APOSTROPHE_YEAR = re.compile(r"['’](\d\d)\b")
# What ends the phrase of a number said alone: a mark, or the end of its line.
_PHRASE_END = re.compile(r"[ \t]*(?:[.?!,;]|\n|\Z)")
SCORE = 0.6


def years_said_again(spans: Sequence[Span], text: str) -> list[Span]:
    """`spans` with a DATE over each number said in words from thirty to ninety-nine that ends its
    phrase, overlaps no span, and is the last two digits of a year a DATE of `spans` names."""
    years = _years_named(spans, text)
    if not years:
        return list(spans)
    words = words_of(text)
    reader = Reader(words)
    taken = sorted((s.start, s.end) for s in spans)
    out = list(spans)
    k = 0
    while k < len(words):
        number = reader.read_cardinal(k) if not words[k].text.isdigit() else None
        if number is None:
            k += 1
            continue
        start, end = words[k].start, words[number.last - 1].end
        if (
            _LEAST_YEAR <= number.value <= 99
            and number.value in years
            and _PHRASE_END.match(text, end)
            and not any(a < end and start < b for a, b in taken)
        ):
            out.append(Span(start, end, "DATE", (PRESIDIO,), SCORE))
        k = number.last
    return sorted(out)


def _years_named(spans: Sequence[Span], text: str) -> frozenset[int]:
    """The last two digits of the years the DATE spans name: "1964", "'78", "seventy-eight" of
    "Summer of seventy-eight"."""
    years: set[int] = set()
    for span in spans:
        if span.label != "DATE":
            continue
        said = span.text_in(text)
        years |= {int(m.group(1)) for m in _FOUR_DIGIT_YEAR.finditer(said)}
        years |= {int(m.group(1)) for m in _APOSTROPHE_YEAR.finditer(said)}
        words = words_of(said)
        reader = Reader(words)
        for k in range(len(words)):
            number = None if words[k].text.isdigit() else reader.read_cardinal(k)
            if number is not None and _LEAST_YEAR <= number.value <= 99:
                years.add(number.value)
    return frozenset(years)
