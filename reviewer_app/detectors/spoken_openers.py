"""The words a spoken date or age may open with, and the holidays named in more than one word.

The spoken forms try a date and an age at every word of a chunk, each through a dozen
readings (a decade, a weekday, a holiday, a number, an ordinal, a month, a year...) that
each begin by asking what the word is. A word of letters alone that none of them accepts
first (most words: "the", "said", "parole") opens neither, and one look-up in the words
that some reading accepts turns it away: the same spans, without the readings that would
each find nothing. A word with a digit or a mark in it ("1979", "5th", "'79") is always read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reviewer_app.core.spoken_numbers import SpokenWords
from reviewer_app.detectors.spoken_age_forms import age_form_words

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder


@dataclass(frozen=True)
class Openers:
    # First words of the holidays named in more than one word ("labor" of "labor day").
    holiday_starts: frozenset[str]
    # Words of letters alone that `_Finder._date_at` may read as the first of a date.
    dates: frozenset[str]
    # Words of letters alone that `_Finder.ages` may read as the first of an age.
    ages: frozenset[str]


def openers_of(v: SpokenWords) -> Openers:
    """What each reading first accepts: a number ("oh" five, "o" six, "twenty" ten), an
    ordinal, a decade ("seventies", as `decade_word` reads it) or its stage ("late"), a weekday,
    a holiday, a month, a season; for an age, a number, an ordinal (a birthday), a decade of
    life ("teens"), "a" hundred, or a noun of a stage of life ("teenager")."""
    numbers = {*v.units, *v.teens, *v.tens, *v.ordinals}
    decades = {tens[:-1] + "ies" for tens in v.tens if tens.endswith("y")}
    holiday_starts = frozenset(name[0] for name in v.holiday_names)
    dates = numbers | v.decade_stages | decades | {"o"}
    dates |= v.weekdays | holiday_starts | v.holidays | v.other_months | v.seasons | v.months
    ages = numbers | decades | {"teens", "a"} | age_form_words().stage_nouns
    return Openers(holiday_starts, frozenset(dates), frozenset(ages))


def opens_nothing(word: str, openers: frozenset[str]) -> bool:
    """Whether `word` (in lower case) is of letters alone and none of `openers`."""
    return word.isalpha() and word not in openers


def holiday_name_at(f: Finder, i: int) -> int:
    """End of a holiday named in more than one word from word i ("labor day"), or 0."""
    if f.word(i) not in f.openers.holiday_starts:
        return 0
    for name in f.v.holiday_names:
        if tuple(f.word(i + k) for k in range(len(name))) == name:
            return i + len(name)
    return 0
