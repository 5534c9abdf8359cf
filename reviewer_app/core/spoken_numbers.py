"""Spoken numbers read into values: the grammar behind the spoken-form recognizers.

A transcript writes what was said: "two thousand and five", "nineteen
eighty-one", "forty-two", "the fifth". `Reader` reads number words into values
(`read_cardinal`, `read_year`, `read_ordinal`) from a list of words; the
vocabulary (number words, months and the cue words the recognizers of
`detectors/spoken.py` use) is data, in `resources/patterns/spoken.toml`.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass

from reviewer_app.paths import resource

_WORD = re.compile(r"\d{1,2}(?:st|nd|rd|th)\b|[A-Za-z]+(?:['’][A-Za-z]+)?|\d+")
_SEPARATOR = re.compile(r"[ ,.\-]*")


@dataclass(frozen=True)
class Word:
    text: str  # lower case
    start: int
    end: int


@dataclass(frozen=True)
class Reading:
    """A value read from words[first:last]."""

    value: int
    first: int
    last: int  # exclusive


@dataclass(frozen=True)
class SpokenWords:
    units: dict[str, int]
    teens: dict[str, int]
    tens: dict[str, int]
    scales: dict[str, int]
    ordinals: dict[str, int]
    months: frozenset[str]
    year_range: tuple[int, int]
    subjects: frozenset[str]
    age_verbs: frozenset[str]
    contracted: frozenset[str]
    year_prepositions: frozenset[str]
    hedges: frozenset[str]
    not_after_age: frozenset[str]
    day_parts: tuple[tuple[str, ...], ...]
    meridiems: frozenset[str]
    height_units: frozenset[str]
    inch_words: frozenset[str]
    tall_words: frozenset[str]
    phone_cues: frozenset[str]
    id_cues: frozenset[str]
    repeat_words: dict[str, int]
    height_cues: frozenset[str] = frozenset()
    time_prepositions: frozenset[str] = frozenset()
    person_nouns: frozenset[str] = frozenset()
    possessives: frozenset[str] = frozenset()
    decade_stages: frozenset[str] = frozenset()
    age_questions: tuple[tuple[str, ...], ...] = ()
    numeric_date_cues: frozenset[str] = frozenset()
    clock_hours: frozenset[str] = frozenset()
    weekdays: frozenset[str] = frozenset()
    not_one_day: frozenset[str] = frozenset()


@functools.cache
def spoken_words() -> SpokenWords:
    with resource("patterns", "spoken.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    n = raw["numbers"]
    c = raw["cues"]
    low, high = raw["years"]["range"]
    return SpokenWords(
        units=dict(n["units"]),
        teens=dict(n["teens"]),
        tens=dict(n["tens"]),
        scales=dict(n["scales"]),
        ordinals=dict(n["ordinals"]),
        months=frozenset(raw["dates"]["months"]),
        year_range=(int(low), int(high)),
        subjects=frozenset(c["subjects"]),
        age_verbs=frozenset(c["age_verbs"]),
        contracted=frozenset(c["contracted"]),
        year_prepositions=frozenset(raw["years"]["prepositions"]),
        hedges=frozenset(c["hedges"]),
        not_after_age=frozenset(c["not_after_age"]),
        day_parts=tuple(tuple(p.split()) for p in c["day_parts"]),
        meridiems=frozenset(c["meridiems"]),
        height_units=frozenset(c["height_units"]),
        inch_words=frozenset(c["inch_words"]),
        tall_words=frozenset(c["tall_words"]),
        phone_cues=frozenset(c["phone_cues"]),
        id_cues=frozenset(c["id_cues"]),
        repeat_words=dict(n["repeat"]),
        height_cues=frozenset(c.get("height_cues", ())),
        time_prepositions=frozenset(c.get("time_prepositions", ())),
        person_nouns=frozenset(c.get("person_nouns", ())),
        possessives=frozenset(c.get("possessives", ())),
        decade_stages=frozenset(c.get("decade_stages", ())),
        age_questions=tuple(tuple(p.split()) for p in c.get("age_questions", ())),
        numeric_date_cues=frozenset(c.get("numeric_date_cues", ())),
        clock_hours=frozenset(c.get("clock_hours", ())),
        weekdays=frozenset(raw["dates"].get("weekdays", ())),
        not_one_day=frozenset(raw["dates"].get("not_one_day", ())),
    )


def words_of(text: str) -> list[Word]:
    """The words and digit groups of `text`; "forty-two" is two words, "I'm" one."""
    return [Word(m.group().lower().replace("’", "'"), m.start(), m.end()) for m in _WORD.finditer(text)]


class Reader:
    """Reads number words from a list of words."""

    def __init__(self, words: Sequence[Word], vocabulary: SpokenWords | None = None) -> None:
        self.words = words
        self.v = vocabulary or spoken_words()

    def _word(self, i: int) -> str:
        return self.words[i].text if 0 <= i < len(self.words) else ""

    def _joined(self, i: int) -> str:
        """Word i if it goes on from word i-1 (a space or a hyphen between, no comma:
        "nineteen, twenty" are two numbers), else ""."""
        if 0 < i < len(self.words) and self.words[i].start - self.words[i - 1].end <= 1:
            return self.words[i].text
        return ""

    def read_small(self, i: int, *, oh: bool = False) -> Reading | None:
        """1-99 in words ("seven", "seventeen", "forty two") or 1-2 digits."""
        w = self._word(i)
        if w.isdigit() and len(w) <= 2:
            return Reading(int(w), i, i + 1)
        if w in self.v.tens:
            unit = self._joined(i + 1)
            if unit in self.v.units and self.v.units[unit] > 0 and unit != "oh":
                return Reading(self.v.tens[w] + self.v.units[unit], i, i + 2)
            return Reading(self.v.tens[w], i, i + 1)
        if w in self.v.teens:
            return Reading(self.v.teens[w], i, i + 1)
        if w in self.v.units and (oh or w != "oh"):
            return Reading(self.v.units[w], i, i + 1)
        return None

    def _after_and(self, i: int) -> int:
        return i + 1 if self._joined(i) == "and" else i

    def _read_small_joined(self, i: int) -> Reading | None:
        return self.read_small(i) if self._joined(i) else None

    def read_hundreds(self, i: int) -> Reading | None:
        """1-999: "seven", "a hundred", "three hundred and twelve"."""
        if self._word(i) == "a" and self._joined(i + 1) == "hundred":
            small, j = Reading(1, i, i + 1), i + 1
        else:
            small = self.read_small(i)
            if small is None:
                return None
            j = small.last
        if self._joined(j) != "hundred":
            return small
        value, j = small.value * 100, j + 1
        rest = self._read_small_joined(self._after_and(j))
        if rest is not None and rest.value < 100:
            return Reading(value + rest.value, i, rest.last)
        return Reading(value, i, j)

    def read_cardinal(self, i: int) -> Reading | None:
        """A whole number in words: "two thousand and five", "forty-two", "1,500" is not words."""
        first = self.read_hundreds(i)
        if first is None:
            return None
        total, j = 0, first.last
        current = first.value
        while self._joined(j) in self.v.scales and self.v.scales[self._word(j)] > 100:
            total += current * self.v.scales[self._word(j)]
            j += 1
            k = self._after_and(j)
            nxt = self.read_hundreds(k) if self._joined(k) else None
            if nxt is None:
                return Reading(total, i, j)
            current, j = nxt.value, nxt.last
        return Reading(total + current, i, j)

    def read_year(self, i: int) -> Reading | None:
        """A year as it is said: "nineteen eighty-one", "twenty ten", "nineteen oh five",
        "nineteen hundred", "two thousand nine", "two thousand and five"."""
        low, high = self.v.year_range
        readings = []
        w = self._word(i)
        century = self.v.teens.get(w) or (20 if w == "twenty" and self.read_small(i).last == i + 1 else 0)
        if century:
            nxt = self._joined(i + 1)
            if nxt == "oh" and self._joined(i + 2) in self.v.units:
                readings.append(Reading(century * 100 + self.v.units[self._word(i + 2)], i, i + 3))
            elif nxt == "hundred":
                readings.append(Reading(century * 100, i, i + 2))
            else:
                second = self._read_small_joined(i + 1)
                if second is not None and second.value >= 10 and not nxt.isdigit():
                    readings.append(Reading(century * 100 + second.value, i, second.last))
        cardinal = self.read_cardinal(i)
        if cardinal is not None and any(self._word(k) in self.v.scales for k in range(i, cardinal.last)):
            readings.append(Reading(cardinal.value, i, cardinal.last))
        readings = [r for r in readings if low <= r.value <= high]
        return max(readings, key=lambda r: r.last, default=None)

    def read_ordinal(self, i: int) -> Reading | None:
        """1st-31st in words: "fifth", "twenty-first", "thirty first"; or "5th"."""
        w = self._word(i)
        if w in self.v.ordinals:
            return Reading(self.v.ordinals[w], i, i + 1)
        if w in self.v.tens and self.v.ordinals.get(self._joined(i + 1), 10) < 10:
            return Reading(self.v.tens[w] + self.v.ordinals[self._word(i + 1)], i, i + 2)
        match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", w)
        if match:
            return Reading(int(match.group(1)), i, i + 1)
        return None


@functools.cache
def number_words() -> frozenset[str]:
    """Every word that is part of a spoken number."""
    v = spoken_words()
    return frozenset({*v.units, *v.teens, *v.tens, *v.scales, *v.ordinals} - {"oh", "second"})


def is_spoken_year(text: str) -> bool:
    """Whether `text` holds a year said in words ("in two thousand and five")."""
    words = words_of(text)
    reader = Reader(words)
    return any(reader.read_year(i) is not None for i in range(len(words)))
