"""Hours said as a range on a day: "Monday through Friday between nine and three", "mornings, five to
eleven", "Monday, November 16th, one to five", "March 21st, noon to three". Alone, "five to eleven"
and "between nine and three" may count anything (years, people, points); right after the day they
are given for (a weekday, a part of the day said as every day's, a day of a month) they are the
hours of that day: when a place opens, a shift, an appointment's window. Read over the words of the
spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken_heights import WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# A day of a month written with its ordinal's letters: "16th", "21st".
_DAY_OF_A_MONTH = re.compile(r"(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)")


def hours_of_a_day(f: Finder) -> list[Span]:
    """The two hours of each range said right after the day it is given for (`_a_day_before`), in
    words or as noon and midnight, joined by "to", "till" or "until", or by "and" after "between";
    not two equal hours ("Friday, one to one" is a meeting), nor a range that counts something
    ("Sundays, two to three kids") or a score ("Saturday, five to two, we won")."""
    out: list[Span] = []
    for i in range(1, len(f.words)):
        if out and f.words[i].start < out[-1].end:
            continue
        first = _hour_end(f, i)
        if not first or first >= len(f.words) or not _a_day_before(f, i):
            continue
        joined = f.word(first) in ("to", "till", "until") or (
            f.word(first) == "and" and f.word(i - 1) == "between"
        )
        second = _hour_end(f, first + 1) if joined and f.gap(first - 1, first) == " " else 0
        if not second or f.word(i) == f.word(first + 1) or not f._no_count(second):
            continue
        if _a_game_in_the_sentence(f, i, second):
            continue
        out += [f.span(i, first, "TIME", WEAK_SCORE), f.span(first + 1, second, "TIME", WEAK_SCORE)]
    return out


def _hour_end(f: Finder, k: int) -> int:
    """End of an hour said alone from word k, in words ("nine") or named ("noon"), or 0."""
    if k >= len(f.words):
        return 0
    if f.word(k) in f.v.named_hours:
        return k + 1
    hour = f.reader.read_small(k)
    if hour is None or not 1 <= hour.value <= 12 or f.word(k).isdigit() or hour.last != k + 1:
        return 0
    return hour.last


def _a_day_before(f: Finder, i: int) -> bool:
    """Whether the day a range of hours is given for ends right before word i, "between" or "from"
    between or a comma or nothing: a weekday ("Friday between nine and three", "Sundays, two to
    four"), a part of the day said as every day's ("mornings, five to eleven"), a day of a month
    ("November 16th, one to five", "the 12th, between eight and noon")."""
    k = i - 1 - (f.word(i - 1) in ("between", "from"))
    if k < 0 or f.gap(k, k + 1).strip() not in ("", ","):
        return False
    day = f.word(k)
    if day in f.v.weekdays or day.removesuffix("s") in f.v.weekdays:
        return True
    if day.endswith("s") and day.removesuffix("s") in f.v.day_nouns - {"day"}:
        return True
    return bool(_DAY_OF_A_MONTH.fullmatch(day)) and (f.word(k - 1) in f.v.months or f.word(k - 1) == "the")


def _a_game_in_the_sentence(f: Finder, first: int, end: int, reach: int = 12) -> bool:
    """Whether a word of a game (`score_words`) stands within `reach` words of words first..end-1 in
    their sentence: "We played Saturday, five to two, and we won"."""
    for k in range(first - 1, max(-1, first - 1 - reach), -1):
        if re.search(r"[.;!?\n]", f.gap(k, k + 1)):
            break
        if f.word(k) in f.v.score_words:
            return True
    for k in range(end, min(len(f.words), end + reach)):
        if re.search(r"[.;!?\n]", f.gap(k - 1, k)):
            break
        if f.word(k) in f.v.score_words:
            return True
    return False
