"""Spoken numbers read into values: the grammar behind the spoken-form recognizers.

A transcript writes what was said: "two thousand and five", "nineteen
eighty-one", "forty-two", "the fifth". `Reader` reads number words into values
(`read_cardinal`, `read_year`, `read_ordinal`) from a list of words; the
vocabulary (number words, months and the cue words the recognizers of
`detectors/spoken.py` use) is data, in `resources/patterns/spoken.toml`; the months and
holidays of other calendars are `resources/patterns/other_calendars.toml`'s, the one list the
capitalised patterns read too.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from reviewer_app.paths import resource

# Letters of any alphabet: "Bermúdez" is one word.
_WORD = re.compile(r"\d{1,2}(?:st|nd|rd|th)\b|[^\W\d_]+(?:['’][^\W\d_]+)?|\d+")


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
    age_making_verbs: frozenset[str]
    contracted: frozenset[str]
    year_prepositions: frozenset[str]
    hedges: frozenset[str]
    hedge_leads: frozenset[str]
    not_after_age: frozenset[str]
    day_parts: tuple[tuple[str, ...], ...]
    meridiems: frozenset[str]
    height_units: frozenset[str]
    inch_words: frozenset[str]
    tall_words: frozenset[str]
    build_words: frozenset[str]
    loose_number_endings: frozenset[str]
    phone_cues: frozenset[str]
    id_cues: frozenset[str]
    repeat_words: dict[str, int]
    height_cues: frozenset[str] = frozenset()
    time_prepositions: frozenset[str] = frozenset()
    numbered_things: frozenset[str] = frozenset()
    person_nouns: frozenset[str] = frozenset()
    possessives: frozenset[str] = frozenset()
    decade_stages: frozenset[str] = frozenset()
    age_questions: tuple[tuple[str, ...], ...] = ()
    age_question_starts: frozenset[str] = frozenset()
    time_questions: tuple[tuple[str, ...], ...] = ()
    year_questions: tuple[tuple[str, ...], ...] = ()
    when_questions: tuple[tuple[str, ...], ...] = ()
    question_words: frozenset[str] = frozenset()
    affirmations: frozenset[str] = frozenset()
    numeric_date_cues: frozenset[str] = frozenset()
    clock_hours: frozenset[str] = frozenset()
    weekdays: frozenset[str] = frozenset()
    age_of_nouns: frozenset[str] = frozenset()
    hour_cues: frozenset[str] = frozenset()
    clause_openers: frozenset[str] = frozenset()
    not_one_day: frozenset[str] = frozenset()
    nth_of_a_month: frozenset[str] = frozenset()
    after_a_day: frozenset[str] = frozenset()
    ordinal_day_cues: frozenset[str] = frozenset()
    day_list_joins: frozenset[str] = frozenset()
    dated_events: frozenset[str] = frozenset()
    dated_event_stand_ins: frozenset[str] = frozenset()
    monthly_things: frozenset[str] = frozenset()
    monthly_thing_links: frozenset[str] = frozenset()
    one_day_cues: frozenset[str] = frozenset()
    holidays: frozenset[str] = frozenset()
    holiday_names: tuple[tuple[str, ...], ...] = ()
    impersonal_subjects: frozenset[str] = frozenset()
    seasons: frozenset[str] = frozenset()
    phrase_of_time: frozenset[str] = frozenset()
    periods_of_life: frozenset[str] = frozenset()
    corrections: frozenset[str] = frozenset()
    function_words: frozenset[str] = frozenset()
    day_nouns: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()
    named_hours: frozenset[str] = frozenset()
    hour_nouns: frozenset[str] = frozenset()
    routine_nouns: frozenset[str] = frozenset()
    day_events: frozenset[str] = frozenset()
    age_adjectives: frozenset[str] = frozenset()
    fillers: frozenset[str] = frozenset()
    dash_hedges: tuple[tuple[str, ...], ...] = ()
    score_words: frozenset[str] = frozenset()
    street_words: frozenset[str] = frozenset()
    shift_words: frozenset[str] = frozenset()
    other_months: frozenset[str] = frozenset()
    # Months and holidays that are also given names: dates only ending a clause or after "month of".
    given_name_dates: frozenset[str] = frozenset()
    season_openers: frozenset[str] = frozenset()
    after_a_year: frozenset[str] = frozenset()
    # The months in the calendar's order: "five, four" names the fifth.
    months_in_order: tuple[str, ...] = ()
    # A telephone number as written, area code first ("(559) 555-0148", "661-555-0148").
    telephone_shape: re.Pattern[str] = re.compile(r"(?!)")


@functools.cache
def spoken_words() -> SpokenWords:
    with resource("patterns", "spoken.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    with resource("patterns", "other_calendars.toml").open("rb") as fh:
        calendars = tomllib.load(fh)["macros"]
    # The spoken forms read a month or a holiday at one word; a holiday of more words ("Yom
    # Kippur") is one of `holiday_names`, a month of more ("Rabi al-Awwal") the patterns' only.
    other_months = _one_word_names(calendars["other_month"] + calendars["given_name_month"])
    other_holidays = calendars["other_holiday"] + calendars["given_name_holiday"]
    several_words = [h for h in other_holidays if len(words_of(h)) > 1]
    # A month that is a holiday too ("Ramadan") is read as a month, a date after "in" as well.
    other_holiday_words = _one_word_names(other_holidays) - other_months
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
        age_making_verbs=frozenset(c["age_making_verbs"]),
        contracted=frozenset(c["contracted"]),
        year_prepositions=frozenset(raw["years"]["prepositions"]),
        hedges=frozenset(c["hedges"]),
        hedge_leads=frozenset(c["hedge_leads"]),
        not_after_age=frozenset(c["not_after_age"]),
        day_parts=tuple(tuple(p.split()) for p in c["day_parts"]),
        meridiems=frozenset(c["meridiems"]),
        height_units=frozenset(c["height_units"]),
        inch_words=frozenset(c["inch_words"]),
        tall_words=frozenset(c["tall_words"]),
        build_words=frozenset(c["build_words"]),
        loose_number_endings=frozenset(c["loose_number_endings"]),
        phone_cues=frozenset(c["phone_cues"]),
        telephone_shape=re.compile(c["telephone_shape"]),
        id_cues=frozenset(c["id_cues"]),
        repeat_words=dict(n["repeat"]),
        height_cues=frozenset(c.get("height_cues", ())),
        time_prepositions=frozenset(c.get("time_prepositions", ())),
        numbered_things=frozenset(c.get("numbered_things", ())),
        person_nouns=frozenset(c.get("person_nouns", ())),
        possessives=frozenset(c.get("possessives", ())),
        decade_stages=frozenset(c.get("decade_stages", ())),
        age_questions=tuple(tuple(p.split()) for p in c.get("age_questions", ())),
        age_question_starts=frozenset(p.split()[0] for p in c.get("age_questions", ())),
        time_questions=tuple(tuple(p.split()) for p in c.get("time_questions", ())),
        year_questions=tuple(tuple(p.split()) for p in c.get("year_questions", ())),
        when_questions=tuple(tuple(p.split()) for p in c.get("when_questions", ())),
        question_words=frozenset(c.get("question_words", ())),
        affirmations=frozenset(c.get("affirmations", ())),
        numeric_date_cues=frozenset(c.get("numeric_date_cues", ())),
        clock_hours=frozenset(c.get("clock_hours", ())),
        weekdays=frozenset(raw["dates"].get("weekdays", ())),
        age_of_nouns=frozenset(c.get("age_of_nouns", ())),
        hour_cues=frozenset(c.get("hour_cues", ())),
        clause_openers=frozenset(c.get("clause_openers", ())),
        not_one_day=frozenset(raw["dates"].get("not_one_day", ())),
        nth_of_a_month=frozenset(raw["dates"].get("nth_of_a_month", ())),
        after_a_day=frozenset(raw["dates"].get("after_a_day", ())),
        ordinal_day_cues=frozenset(raw["dates"].get("ordinal_day_cues", ())),
        day_list_joins=frozenset(raw["dates"].get("day_list_joins", ())),
        dated_events=frozenset(raw["dates"].get("dated_events", ())),
        dated_event_stand_ins=frozenset(raw["dates"].get("dated_event_stand_ins", ())),
        monthly_things=frozenset(raw["dates"].get("monthly_things", ())),
        monthly_thing_links=frozenset(raw["dates"].get("monthly_thing_links", ())),
        one_day_cues=frozenset(raw["dates"].get("one_day_cues", ())),
        holidays=frozenset(raw["dates"].get("holidays", ())) | other_holiday_words,
        # longest first: "new year's eve" before "new year's"
        holiday_names=_longest_first([*raw["dates"].get("holiday_names", ()), *several_words]),
        impersonal_subjects=frozenset(c.get("impersonal_subjects", ())),
        seasons=frozenset(raw["dates"].get("seasons", ())),
        phrase_of_time=frozenset(raw["dates"].get("phrase_of_time", ())),
        periods_of_life=frozenset(raw["dates"].get("periods_of_life", ())),
        corrections=frozenset(c.get("corrections", ())),
        function_words=frozenset(c.get("function_words", ())),
        day_nouns=frozenset(raw["dates"].get("day_nouns", ())),
        titles=frozenset(c.get("titles", ())),
        named_hours=frozenset(c.get("named_hours", ())),
        hour_nouns=frozenset(c.get("hour_nouns", ())),
        routine_nouns=frozenset(c.get("routine_nouns", ())),
        day_events=frozenset(c.get("day_events", ())),
        age_adjectives=frozenset(c.get("age_adjectives", ())),
        fillers=frozenset(c.get("fillers", ())),
        dash_hedges=tuple(tuple(p.split()) for p in c.get("dash_hedges", ())),
        score_words=frozenset(c.get("score_words", ())),
        street_words=frozenset(c.get("street_words", ())),
        shift_words=frozenset(c.get("shift_words", ())),
        other_months=other_months,
        given_name_dates=_one_word_names(calendars["given_name_month"] + calendars["given_name_holiday"]),
        season_openers=frozenset(raw["dates"].get("season_openers", ())),
        after_a_year=frozenset(raw["dates"].get("after_a_year", ())),
        months_in_order=tuple(raw["dates"]["months"]),
    )


def _one_word_names(names: Sequence[str]) -> frozenset[str]:
    """The names of one word as the spoken forms read them: "Sha’ban" is "sha'ban"."""
    return frozenset(said[0].text for said in map(words_of, names) if len(said) == 1)


def _longest_first(phrases: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The words of each phrase, the longest first ("new year's eve" before "new year's")."""
    return tuple(sorted((tuple(w.text for w in words_of(p)) for p in phrases), key=len, reverse=True))


def words_of(text: str) -> list[Word]:
    """The words and digit groups of `text`; "forty-two" is two words, "I'm" one."""
    return list(_words_of(text))


# The same chunk is read into words by the spoken forms and then by the spoken amounts:
# the last texts' words are kept (Words are frozen; each caller gets its own list).
@functools.lru_cache(maxsize=32)
def _words_of(text: str) -> tuple[Word, ...]:
    return tuple(Word(m.group().lower().replace("’", "'"), m.start(), m.end()) for m in _WORD.finditer(text))


# "5th", "21st": asked of every word, so compiled once.
_DIGIT_ORDINAL = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")


class Reader:
    """Reads number words from a list of words."""

    def __init__(
        self,
        words: Sequence[Word],
        vocabulary: SpokenWords | None = None,
        wrapped: Collection[int] = frozenset(),
    ) -> None:
        self.words = words
        self.v = vocabulary or spoken_words()
        self.wrapped = wrapped  # words that open a wrapped line going on from the word before
        # Each word's text, asked for hundreds of thousands of times on a long hearing.
        self._texts = [w.text for w in words]

    def _word(self, i: int) -> str:
        return self._texts[i] if 0 <= i < len(self._texts) else ""

    def _joined(self, i: int) -> str:
        """Word i if it goes on from word i-1 (a space or a hyphen between, or a line break that
        wraps the sentence; no comma: "nineteen, twenty" are two numbers), else ""."""
        if 0 < i < len(self.words) and (
            self.words[i].start - self.words[i - 1].end <= 1 or i in self.wrapped
        ):
            return self.words[i].text
        return ""

    def read_small(self, i: int, *, oh: bool = False) -> Reading | None:
        """1-99 in words ("seven", "seventeen", "forty two") or 1-2 digits."""
        w = self._word(i)
        if w.isdecimal() and len(w) <= 2:
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

    def read_old_year(self, i: int) -> int:
        """End of a year of the nineteenth century said from word i ("eighteen ninety-two",
        "eighteen oh five"), or 0; outside `read_year`'s range, as "eighteen forty" is as often a
        24-hour clock time: its callers ask for a cue."""
        if self._word(i) != "eighteen":
            return 0
        if self._joined(i + 1) in ("oh", "o") and self._joined(i + 2) in self.v.units:
            return i + 3
        second = self._read_small_joined(i + 1)
        return (
            second.last
            if second is not None and second.value >= 10 and not self._word(i + 1).isdigit()
            else 0
        )

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
        match = _DIGIT_ORDINAL.fullmatch(w)
        if match:
            return Reading(int(match.group(1)), i, i + 1)
        return None


@functools.cache
def number_words() -> frozenset[str]:
    """Every word that is part of a spoken number."""
    v = spoken_words()
    return frozenset({*v.units, *v.teens, *v.tens, *v.scales, *v.ordinals} - {"oh", "second"})


def is_spoken_year(text: str) -> bool:
    """Whether `text` holds a year said in words ("in two thousand and five", "eighteen ninety-two")."""
    words = words_of(text)
    reader = Reader(words)
    return any(reader.read_year(i) is not None or reader.read_old_year(i) for i in range(len(words)))


def decade_word(word: str) -> bool:
    """Whether `word` names the years of a decade: "seventies", "nineties" ("teens" is an age)."""
    return word.endswith("ies") and spoken_words().tens.get(word[:-3] + "y", 0) >= 20


def _is_decade(words: Sequence[Word]) -> bool:
    """Whether `words` name a decade: "late seventies", "mid nineties", "nineteen eighties",
    "early two thousands"."""
    v = spoken_words()
    said = [w.text for w in words]
    if said[:1] and said[0] in v.decade_stages:
        said = said[1:]
    if len(said) == 2 and said[0] in v.teens:
        said = said[1:]  # "nineteen eighties"
        if said == ["hundreds"]:
            return True  # "the eighteen hundreds"
    return said == ["two", "thousands"] or (len(said) == 1 and decade_word(said[0]))


def is_spoken_date(text: str) -> bool:
    """Whether `text` is a date said in number words alone: a day ("the fourth", "twenty
    second", "the 15th"), a year by its two digits ("ninety-three", "oh five") or month, day and year
    ("three, fourteen, seventy-nine"), a season of a year ("the summer of ninety-eight"); a plain
    number ("fifteen", "six thirty") is none."""
    words = words_of(text)
    if words[:1] and words[0].text == "the":
        words = words[1:]
    v = spoken_words()
    if _is_decade(words):
        return True  # "the mid-nineties"
    if len(words) > 2 and words[0].text in v.seasons and words[1].text == "of":
        return _is_year(words[2:])  # "the summer of ninety-eight"
    if len(words) == 1 and re.fullmatch(r"(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)", words[0].text):
        return True  # "the 15th"
    if not words or any(w.text not in number_words() | {"oh", "o", "zero", "second"} for w in words):
        return False
    reader = Reader(words)
    ordinal = reader.read_ordinal(0)
    if ordinal is not None and ordinal.last == len(words):
        return 1 <= ordinal.value <= 31  # "twenty second"; "Eighty-fourth" names a street
    if any(reader.read_ordinal(i) for i in range(len(words))):
        return True
    if [w.text in ("oh", "o", "zero") for w in words] == [True, False]:
        return True  # "oh five", "o six" as captions write it
    whole = reader.read_small(0)
    if whole is not None and whole.last == len(words) == 2 and whole.value >= 30:
        return True  # "ninety-three"
    numbers, i = [], 1 if words[0].text in ("oh", "zero") else 0
    while i < len(words) and len(numbers) < 2:
        read = reader.read_small(i)
        if read is None and words[i].text in ("oh", "zero") and i + 1 < len(words):
            read = Reading(v.units.get(words[i + 1].text, -1), i, i + 2)
        if read is None:
            return False
        numbers.append(read.value)
        i = read.last
    if len(numbers) < 2 or not (1 <= numbers[0] <= 12 and 1 <= numbers[1] <= 31) or i >= len(words):
        return False
    year = reader.read_year(i)
    if year is None and (reader.read_small(i) or Reading(0, i, i)).value >= 10:
        year = reader.read_small(i)  # "seventy-nine"
    if year is None and words[i].text in ("oh", "zero") and i + 2 == len(words):
        return words[i + 1].text in v.units  # "... oh five"
    return year is not None and year.last == len(words)


def _is_year(words: Sequence[Word]) -> bool:
    """Whether `words` are a year: whole ("nineteen ninety-eight") or its last two digits
    ("ninety-eight", "oh nine", "'98")."""
    reader = Reader(words)
    year = reader.read_year(0)
    if year is not None:
        return year.last == len(words)
    if [w.text for w in words[:1]] in (["oh"], ["zero"]):
        return len(words) == 2 and words[1].text in reader.v.units
    short = reader.read_small(0)
    return short is not None and short.last == len(words) and short.value >= 30 and short.value % 10 > 0


def _a_month_and_its_day(covered: Sequence[str], v: SpokenWords) -> bool:
    """Whether the words are a month and then a day of it ("February 11th", "June fourteenth"):
    said after "every", the day a person was born or died, kept each year, which tells who it is
    as the date itself does. A day before its month is left to the holidays it names as often
    ("every fourth of July")."""
    if len(covered) < 2 or covered[0] not in v.months or tuple(covered) in v.holiday_names:
        return False
    day = covered[1]
    if day.isdecimal():
        return 1 <= int(day) <= 31
    return _DIGIT_ORDINAL.fullmatch(day) is not None or day in v.ordinals or day in ("twenty", "thirty")


def names_one_day(text: str, start: int, end: int) -> bool:
    """Whether the date text[start:end] names one day: any date but a weekday alone, which
    does after a cue ("by Friday", "last Monday", "it was a Saturday") or before a date
    ("Saturday the twelfth"), not in "every Friday" or "Saturday is the most important";
    a holiday alone after a cue ("since Easter", not "a Christmas tree")."""
    v = spoken_words()
    covered = [w.text for w in words_of(text[start:end])]
    before = words_of(text[max(0, start - 40) : start])
    every = covered[:1] if covered[:1] in (["every"], ["each"]) else [w.text for w in before[-1:]]
    if (
        every in (["every"], ["each"])
        and not re.search(r"\d{4}", text[start:end])
        and not is_spoken_year(text[start:end])
        and not _a_month_and_its_day(covered[1:] if covered[:1] == every else covered, v)
    ):
        return False  # "every Christmas", "each fourth of July": a day of every year
    if (covered[:1] and covered[0] in v.holidays and len(covered) == 1) or tuple(covered) in v.holiday_names:
        # "since Easter", "it was Christmas", "Halloween night", "sorry, Labor Day."; not "a Christmas tree"
        after = words_of(text[end : end + 20])
        if after and after[0].text in v.day_nouns and not re.match(r"\s*[,.;:!?]", text[end:]):
            return True
        if re.match(r"[\s\"“”]*(?:[,.;!?]|$)", text[end:]) and re.search(
            r"(?:^|[,.;:!?])[\s\"“”]*(?:the\s+)?$", text[:start], re.IGNORECASE
        ):
            return True  # said alone, set off by commas or quoted: '"Día de Reyes," Kings' Day,'
        cues = (v.one_day_cues - {"a"}) | {"for", "at", "over", "around"}
        if len(before) > 1 and before[-1].text in v.hedges and before[-1].text not in cues:
            return before[-2].text in cues  # "from about Halloween to the middle of December"
        return bool(before) and before[-1].text in cues
    if covered[:1] and covered[0] in v.nth_of_a_month and covered[1:2] and covered[1] in v.weekdays:
        # "the first Sunday", "the first Saturday of the month": one of every month ("in May 2019": one)
        return len(covered) > 2 and covered[-1] != "month"
    if not covered or covered[-1] not in v.weekdays or len(covered) > 2:
        return True
    if len(covered) == 2:
        return covered[0] not in v.not_one_day  # not "every Friday"
    if before and before[-1].text in v.nth_of_a_month and _TOLD_BY_AN_EVENT.match(text, end):
        return True  # "the first Monday after he reports", "the first Tuesday you're out": one day
    if before and before[-1].text in v.not_one_day | v.nth_of_a_month:
        return False  # "every Sunday", even after "on Sunday" was said of one; "on the first Sunday"
    if _parts_of_every_week(text, end):
        return False  # "on tuesday nights", "Monday and Wednesday nights"
    if before and before[-1].text in v.one_day_cues:
        return True
    if len(before) > 1 and before[-1].text in ("and", "or") and before[-2].text in v.weekdays:
        offset = max(0, start - 40)  # "on Thursday and Friday"; not "every Thursday and Friday"
        return names_one_day(text, offset + before[-2].start, offset + before[-2].end)
    if len(before) > 1 and before[-1].text == "the" and before[-2].text in v.one_day_cues:
        return True  # "on the Monday and on the Wednesday"
    if before and before[-1].text == "the" and _TOLD_BY_ANOTHER_DAY.match(text, end):
        return True  # "the Sunday before", "the Saturday after Thanksgiving": one day told by another
    if before and before[-1].text not in _NOT_AFTER_A_VERB and _one_day_after_a_verb(text, end):
        return True  # "I start Monday.", "you were arrested saturday night by fresno p d"
    in_its_sentence = before and not re.search(
        r"[.;:!?\n]", text[max(0, start - 40) + before[-1].end : start]
    )
    if (
        in_its_sentence
        and before[-1].text not in _NOT_AFTER_A_VERB | v.weekdays
        and _set_off_alone(text, end)
    ):
        return True  # "I have an appointment Monday, at 10:40", "I got a phone Saturday, it's a prepaid"
    return _before_a_date(text, end) or _said_of_one_day_before(text, start, covered[0])


# Before a weekday that names a kind of day or each of many: "the Thursday night group", "every other
# Tuesday.", "Monday to Friday."
_NOT_AFTER_A_VERB = frozenset({"the", "other", "to", "through", "thru", "till", "until"})
# What may follow a part of one day said after a weekday ("arrested saturday night by", "towed it
# Wednesday night from in front of", "their ER Saturday night, Halloween"): a mark, a preposition or a
# subject; a noun makes it a kind of thing ("the Thursday night group", "Friday night services").
_AFTER_ONE_NIGHT = re.compile(
    r"\s*(?:[.,;:!?]|$)|\s+(?:by|at|in|from|when|and|after|before|around|about|with|for|i|he|she|we|they|you)\b",
    re.IGNORECASE,
)


# After "the" and a weekday: the day is told by the day or event it comes before or after ("I think
# about the Tuesday before", "the Saturday after Thanksgiving"; not "the Tuesday after-school group").
_TOLD_BY_ANOTHER_DAY = re.compile(r"[ ]+(?:before|after)(?![\w-])", re.IGNORECASE)


# After "the first" and a weekday: the day is told by the event it comes before or after or by a
# clause of one person's ("the first Monday after he reports", "the first Tuesday you're out"); "the
# first Sunday of the month" is one of every month.
_TOLD_BY_AN_EVENT = re.compile(
    r"[ ]+(?:before|after|when|i|i'm|you|you're|he|he's|she|she's|we|we're|they|they're)(?![\w-])",
    re.IGNORECASE,
)


# What may follow a weekday said of one day after a verb or a noun: a preposition or "that" opening
# what is said of that day ("told me at the office Friday that", "smoked a little bit friday after
# work"); a noun makes it a kind of day ("Friday prayers"), a plural part of the day every week's.
_AFTER_ONE_DAY = re.compile(r"\s+(?:at|in|after|before|that|when|around|about)\b", re.IGNORECASE)


# A comma after a weekday said after a verb or a noun and the word that follows it: the day of one
# event set off from what is said next, unless a list of days goes on ("Saturday, Sunday").
_SET_OFF_ALONE = re.compile(r",\s+([\w']+)")


def _set_off_alone(text: str, end: int) -> bool:
    """Whether a comma follows the weekday ending at `end` and no list of days goes on after it."""
    set_off = _SET_OFF_ALONE.match(text, end)
    return set_off is not None and set_off.group(1).lower() not in (
        spoken_words().weekdays | _NOT_AFTER_A_VERB | {"and", "or"}
    )


def _parts_of_every_week(text: str, end: int) -> bool:
    """Whether a part of the day in the plural follows the weekday ending at `end`, or another weekday
    and one ("tuesday nights", "Monday and Wednesday nights"): those of every week."""
    after = re.match(r"(?:\s+(?:and|or)\s+(\w+))?\s+(\w+)s\b", text[end:])
    v = spoken_words()
    return (
        after is not None
        and after.group(2).lower() in v.day_nouns
        and (after.group(1) is None or after.group(1).lower() in v.weekdays)
    )


def _one_day_after_a_verb(text: str, end: int) -> bool:
    """Whether the weekday ending at `end` (no "the" before it, no "every" either) ends its sentence
    ("I start Monday.", "See you Thursday.") or is followed by one part of the day and what ends the
    phrase ("arrested saturday night by fresno p d"): said so, it names the day of one event (not
    "tuesday nights", the nights of every week)."""
    if re.match(r"\s*[.?!]", text[end:]):
        return True
    pair = re.match(r"\s+and\s+(\w+)\s*[.!]", text[end:])  # not "Was it Monday or Tuesday?"
    if pair and pair.group(1).lower() in spoken_words().weekdays:
        return True  # "I was off Friday and Saturday."
    if _AFTER_ONE_DAY.match(text, end):
        return True  # "first appearance Friday in Department 63", "or friday at the latest"
    after = re.match(r"\s+(night|morning|afternoon|evening)\b", text[end:], re.IGNORECASE)
    return after is not None and _AFTER_ONE_NIGHT.match(text, end + after.end()) is not None


def _before_a_date(text: str, end: int) -> bool:
    """Whether a date follows the weekday ending at `end` ("Saturday the twelfth", "Friday, 21 May")."""
    after = words_of(text[end : end + 40])
    v = spoken_words()
    return bool(after) and (after[0].text in ("the", *v.months) or after[0].text[:1].isdigit())


def _said_of_one_day_before(text: str, start: int, weekday: str, reach: int = 300) -> bool:
    """Whether the weekday at `start` repeats one said shortly before of one day: the answer
    "Tuesday, yes." to "on Tuesday, the 29th?"."""
    v = spoken_words()
    earlier = text[max(0, start - reach) : start]
    for word in reversed(words_of(earlier)):
        if word.text != weekday:
            continue
        offset = max(0, start - reach)
        before = words_of(text[max(0, offset + word.start - 40) : offset + word.start])
        if (before and before[-1].text in v.one_day_cues - {"a"}) or _before_a_date(text, offset + word.end):
            return True
    return False
