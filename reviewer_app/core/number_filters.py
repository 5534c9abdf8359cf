"""Rule 9 of the merge (`merge.merge_spans`): number spans that identify no one go.

A DATE must look like a date ("15" of "Title 15" does not, nor "2042" of "Section
2042"; "two thousand and five" does), or, in the general profile, like a duration
("five years"); a weekday or holiday alone must name one day ("by Friday", not
"every Friday"); an AGE must be an age a person can have. A relative date or time
("yesterday", "next week", "this morning") stays only where the profile keeps them.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reviewer_app.core.detector_names import PRESIDIO
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import (
    is_spoken_date,
    is_spoken_year,
    names_one_day,
    number_words,
    spoken_words,
    words_of,
)
from reviewer_app.paths import resource

if TYPE_CHECKING:  # merge imports this module
    from reviewer_app.core.merge import MergeRules

# "05/13/2012", and "6 / 14 / 25" as a speech recogniser spaces the slashes.
_NUMERIC_DATE = re.compile(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|\d{1,2}[ ]/[ ]\d{1,2}[ ]/[ ]\d{2,4}")
# A date of eight or six digits as a file's name holds it (the date patterns take it only there):
# "20261103", "100626" (month, day, year).
_COMPACT_DATE = re.compile(
    r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d\d"
)
# A month and day without a year, as the date patterns take it after "on" or "dated": "on 8/12".
_MONTH_DAY = re.compile(r"(?:1[0-2]|0?[1-9])[/-](?:3[01]|[12]\d|0?[1-9])")
_DECADE = re.compile(r"\d0'?s\b|'\d\d\b")
_NUMBER = re.compile(r"\d+")
# A holiday of two words that no calendar word names alone: "on New Year's Day".
_NEW_YEAR = re.compile(r"\bnew[ ]year['’]s\b", re.IGNORECASE)


def looks_like_date(covered: str, rules: MergeRules) -> bool:
    words = {w.lower().rstrip(".") for w in re.findall(r"[A-Za-z.]+", covered)}
    if words & rules.calendar_words or _NUMERIC_DATE.search(covered) or _DECADE.search(covered):
        return True
    if _NEW_YEAR.search(covered) or _holiday_name_in(covered) or _MONTH_DAY.fullmatch(covered):
        return True
    if _COMPACT_DATE.fullmatch(covered):
        return True
    said = {w.text for w in words_of(covered)}
    if said & (spoken_words().holidays | spoken_words().other_months):
        return True  # "It was Diwali", "in Ginbot": the holidays and months the spoken forms take
    low, high = rules.year_range
    if any(len(n) == 4 and low <= int(n) <= high for n in _NUMBER.findall(covered)):
        return True
    # "two thousand and five"; "the fourth", "ninety-three", "three, fourteen, seventy-nine"
    return is_spoken_year(covered) or is_spoken_date(covered)


def _season_of_a_year(span: Span, covered: str) -> bool:
    """Whether `span` is a season alone that the spoken forms found fixed by a year near it
    (`spoken_periods.seasons_of_a_year`, the one rule of the patterns and spoken forms that gives
    a season alone); NER's seasons alone ("in the spring") stay dropped."""
    return PRESIDIO in span.detectors and covered.lower() in spoken_words().seasons


def _holiday_name_in(covered: str) -> bool:
    """Whether a holiday named in more than one word ("Labor Day", "Mother's Day") is in `covered`."""
    said = tuple(w.text for w in words_of(covered))
    names = spoken_words().holiday_names
    return any(said[k : k + len(name)] == name for name in names for k in range(len(said)))


def looks_like_duration(covered: str, rules: MergeRules) -> bool:
    """ "five years", "3 months", "ten-day": a number and a unit of time."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", covered)}
    has_number = bool(_NUMBER.search(covered) or words & number_words())
    return has_number and bool(words & rules.duration_words)


@dataclass(frozen=True)
class RelativeDateWords:
    """ner.toml's words of a relative date ("today"; "next" + "week"; not "every morning")."""

    days: frozenset[str]
    units: frozenset[str]
    anchors: frozenset[str]
    recurring: frozenset[str]


@functools.cache
def relative_date_words() -> RelativeDateWords:
    with resource("patterns", "ner.toml").open("rb") as fh:
        date = tomllib.load(fh)["date"]
    words = {
        key: frozenset(w.lower() for w in date[f"relative_{key}"]) for key in ("days", "units", "anchors")
    }
    return RelativeDateWords(**words, recurring=frozenset(date["recurring_words"]))


def is_relative_date(covered: str, calendar_words: frozenset[str], duration_words: frozenset[str]) -> bool:
    """ "today", "next week", "later this year", "recent months", "this morning": a date or
    time said against the day of the text, with no number, month, weekday or holiday in it
    (not "last June", "two years ago", "New Year's Day"), and not of every day or year ("every
    morning"), nor one NER takes for a time with nothing to fix it ("the summer", "annual")."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", covered)}
    if _NUMBER.search(covered) or words & (number_words() | calendar_words):
        return False
    if _NEW_YEAR.search(covered) or _holiday_name_in(covered):
        return False
    said = relative_date_words()
    if words & said.recurring:
        return False
    return bool(words & said.days or (words & said.anchors and words & (said.units | duration_words)))


def drop_non_sensitive_numbers(
    spans: Iterable[Span],
    text: str,
    rules: MergeRules,
    keep_durations: bool = False,
    keep_relative_dates: bool = False,
) -> list[Span]:
    """Numbers labelled DATE that are no date ("Title 15", "12345", a ZIP code,
    a year-like statute number: "Section 2042"), weekdays that name no one day
    ("every Friday"), ages no one has and dates that are only clock times and ages
    ("two thirty every day", "nine-year-old") are dropped; durations too, unless
    `keep_durations` (the general profile: "sentenced to five years" can identify);
    relative dates and times ("next week", "this morning") unless `keep_relative_dates`."""
    spans = list(spans)
    times_and_ages = [s for s in spans if s.label in ("TIME", "AGE")]
    out = []
    for span in spans:
        if span.label == "DATE":
            span = _after_an_age(span, times_and_ages, text, rules)  # "turned ten in [September]"
        covered = span.text_in(text)
        if span.label in ("DATE", "TIME") and is_relative_date(
            covered, rules.calendar_words, rules.duration_words
        ):
            if keep_relative_dates:
                out.append(span)
            continue
        if span.label == "DATE" and _times_and_ages_only(span, times_and_ages, text, rules):
            continue  # NER's "two thirty every day" is the time "two thirty"
        if (
            span.label in rules.numeric_labels
            and not looks_like_date(covered, rules)
            and not _season_of_a_year(span, covered)
            and not (keep_durations and looks_like_duration(covered, rules))
            and not _year_after_a_cue(span, text)
        ):
            continue
        if span.label in rules.numeric_labels and _statute_number(span, text, rules.statute_words):
            continue
        if span.label == "DATE" and not names_one_day(text, span.start, span.end):
            continue  # "every Friday", "Saturday is the busiest day"
        if span.label == "DATE" and _last_digits_of_a_number(span, text):
            continue  # "took three ninety-five off the top"
        if span.label == "AGE" and covered.isdigit() and not 0 < int(covered) < 120:
            continue
        out.append(span)
    return out


# The word right before a span, joined to it by a blank or a hyphen alone.
_WORD_BEFORE = re.compile(r"(?<![^\W\d_])([^\W\d_]+)[ -]\Z")


def _last_digits_of_a_number(span: Span, text: str) -> bool:
    """Whether a DATE that is a two-digit number in words ("ninety-five", a year by its last two
    digits) is the end of a number of three digits said as a unit and a pair: "took three
    ninety-five off the top", "seven eighty-six for the week" (a price, a wage; a year said
    whole has a teen or a hundred before its pair, "nineteen ninety-five")."""
    said = spoken_words()
    parts = re.split(r"[- ]", span.text_in(text).lower())
    if not 1 <= len(parts) <= 2 or said.tens.get(parts[0], 0) < 20:
        return False
    if len(parts) == 2 and not 1 <= said.units.get(parts[1], 0) <= 9:
        return False
    before = _WORD_BEFORE.search(text, max(0, span.start - 12), span.start)
    return before is not None and 1 <= said.units.get(before.group(1).lower(), 0) <= 9


# A year of the nineteenth century ("born in 1898") or by its last two digits ("in 04", "since 95")
# after a preposition of time; alone, such a number is as often a house number ("1865 Mission
# Boulevard") or a count. The date patterns take them in the same places (dates_numbers.toml).
_OLD_YEAR_AFTER_CUE = re.compile(r"(?:\b(?:in|since|of|circa|year)[ ])(?:18\d\d|19[0-2]\d)\Z", re.IGNORECASE)
_SHORT_YEAR_AFTER_CUE = re.compile(r"(?:\b(?:in|since)[ ])(?:0\d|[3-9]\d)\Z", re.IGNORECASE)


def _year_after_a_cue(span: Span, text: str) -> bool:
    said = text[max(0, span.start - 7) : span.end]
    return bool(_OLD_YEAR_AFTER_CUE.search(said) or _SHORT_YEAR_AFTER_CUE.search(said))


def _times_and_ages_only(span: Span, inside: Sequence[Span], text: str, rules: MergeRules) -> bool:
    """Whether the clock times and ages inside `span` leave nothing of it that looks like a
    date: NER's "ten, ten fifteen", "two thirty every day", "nine-year-old"."""
    inside = [t for t in inside if span.start <= t.start and t.end <= span.end]
    if not inside:
        return False
    rest = list(text[span.start : span.end])
    for t in inside:
        rest[t.start - span.start : t.end - span.start] = " " * (t.end - t.start)
    left = "".join(rest)
    return not looks_like_date(left, rules) or _recurring_weekdays_only(span.start, left, text, rules)


def _recurring_weekdays_only(start: int, left: str, text: str, rules: MergeRules) -> bool:
    """Whether what is left of a DATE at `start` (`left`) holds no number and no calendar word but
    weekdays that name no one day: NER's "[eight to five, Monday through] Friday", the hours open
    on every weekday."""
    if re.search(r"\d", left):
        return False
    said = [m for m in re.finditer(r"[A-Za-z]+", left) if m.group().lower() in rules.calendar_words]
    weekdays = spoken_words().weekdays
    one_day = (names_one_day(text, start + m.start(), start + m.end()) for m in said)
    return bool(said) and all(m.group().lower() in weekdays for m in said) and not any(one_day)


def _after_an_age(span: Span, inside: Sequence[Span], text: str, rules: MergeRules) -> Span:
    """NER's DATE that opens with an age said before a month, a weekday or a year starts at that
    calendar word, leaving the age its own span: "Luz turned [ten in September]", "I came in at
    [twenty-six, January 2000]", "he would have been [forty this March]"."""
    age = next((a for a in inside if a.label == "AGE" and a.start == span.start and a.end < span.end), None)
    if age is None or PRESIDIO in span.detectors:
        return span
    for said in re.finditer(r"[A-Za-z]+|\d+", text[age.end : span.end]):
        word = said.group().lower()
        if word in rules.calendar_words or (len(word) == 4 and word.isdigit()):
            return span.with_(start=age.end + said.start())
    return span


def _statute_number(span: Span, text: str, statute_words: frozenset[str]) -> bool:
    """A bare number right after "Section", "Title", "§" ...: a law's number, not a year."""
    covered = span.text_in(text)
    if not covered.isdigit():
        return False
    before = text[max(0, span.start - 30) : span.start].split()
    return bool(before) and before[-1].lower().rstrip(",") in statute_words
