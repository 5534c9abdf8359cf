"""Dates, times, ages, heights and phone numbers as they are spoken.

"the fifth of may two thousand and five", "two fifteen in the morning", "I was
seventeen", "five-five", "nine one six, five five five, oh one one eight": rather
than listing such phrases, the words are read into values by the spoken-number
grammar (`core/spoken_numbers.py`) and each recognizer here looks at the values
and the words around them. The cue words are data, in
`resources/patterns/spoken.toml`.

Whether a number counts things ("two thousand and five euros", "I was two
minutes late") is read from the word after it: a plural noun, when a spaCy Doc
of the text is at hand (`nouns`: start offsets of plural nouns). A singular
noun is no count: "the two thousand and fourteen figure" is a year. Without a
Doc only the cue words decide.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, SpokenWords, Word, words_of

SCORE = 0.85
WEAK_SCORE = 0.6


@dataclass
class _Finder:
    text: str
    words: list[Word]
    reader: Reader
    nouns: Collection[int]

    @property
    def v(self) -> SpokenWords:
        return self.reader.v

    def word(self, i: int) -> str:
        return self.reader._word(i)

    def span(self, first: int, last: int, label: str, score: float = SCORE) -> Span:
        return Span(self.words[first].start, self.words[last - 1].end, label, ("presidio",), score)

    def gap(self, a: int, b: int) -> str:
        """The characters between words a and b."""
        return self.text[self.words[a].end : self.words[b].start]

    def adjacent(self, a: int) -> bool:
        """Whether word a+1 follows word a with only spaces, a comma or a hyphen between."""
        return a + 1 < len(self.words) and re.fullmatch(r"[ ,\-]{1,3}", self.gap(a, a + 1)) is not None

    def counts_a_thing(self, i: int) -> bool:
        """Whether the word at i is a plural noun (the number before it counts it)."""
        return 0 <= i < len(self.words) and self.words[i].start in self.nouns

    def clause_end(self, i: int) -> bool:
        """Whether the number ending before word i ends its phrase."""
        if i >= len(self.words):
            return True
        if re.search(r"[.;:!?,]", self.gap(i - 1, i)):
            return True
        w = self.word(i)
        return not (
            self.counts_a_thing(i)
            or w in self.v.not_after_age
            or self.reader.read_small(i) is not None
            or w in self.v.height_units
        )

    # -- dates ------------------------------------------------------------
    def dates(self) -> list[Span]:
        out = []
        i = 0
        while i < len(self.words):
            found = self._date_at(i)
            if found is not None:
                out.append(found)
                i = self._last_index(found) + 1
            else:
                i += 1
        return out

    def _last_index(self, span: Span) -> int:
        return max(k for k, w in enumerate(self.words) if w.end <= span.end)

    def _year_after(self, j: int) -> int:
        """End of a year following word j (after an optional comma), or j."""
        year = self.reader.read_year(j)
        if year is None:
            digits = self.word(j)
            low, high = self.v.year_range
            if digits.isdigit() and len(digits) == 4 and low <= int(digits) <= high:
                return j + 1
            return j
        return year.last

    def _date_at(self, i: int) -> Span | None:
        w = self.word(i)
        ordinal = self.reader.read_ordinal(i)
        if ordinal is not None and 1 <= ordinal.value <= 31:
            j = ordinal.last + (self.word(ordinal.last) == "day")
            if self.word(j) == "of" and self.word(j + 1) in self.v.months:
                return self.span(i, self._year_after(j + 2), "DATE")
            if self.word(j) in self.v.months:
                return self.span(i, self._year_after(j + 1), "DATE")
        day = self.reader.read_small(i)
        if day is not None and 1 <= day.value <= 31 and not self.word(i).isdigit():
            month = self.word(day.last)
            if month in self.v.months:
                end = self._year_after(day.last + 1)
                if month != "may" or end > day.last + 1:  # "eighteen may be" is no date
                    return self.span(i, end, "DATE")
        if w in self.v.months:
            j = i + 1 + (self.word(i + 1) == "the")
            if j >= len(self.words) or not self.gap(j - 1, j).isspace():
                return None  # "July, 21 October": written forms are the date patterns' job
            day_read = self.reader.read_ordinal(j)
            if day_read is None and w != "may" and self.reader.read_year(j) is None:
                day_read = self.reader.read_small(j)  # "march eleven"; "may one" is a verb
                if day_read is not None and self.word(j).isdigit():
                    day_read = None
            if day_read is not None and 1 <= day_read.value <= 31:
                return self.span(i, self._year_after(day_read.last), "DATE")
            end = self._year_after(i + 1)
            if end > i + 1 and not self.word(i + 1).isdigit():
                return self.span(i, end, "DATE")
            return None
        year = self.reader.read_year(i)
        if year is None or self.counts_a_thing(year.last):
            return None
        if year.value % 100 == 0 and self.word(i - 1) not in self.v.year_prepositions:
            return None  # "two thousand" is as often a count
        return self.span(i, year.last, "DATE")

    # -- times ------------------------------------------------------------
    def times(self) -> list[Span]:
        out = []
        for i in range(len(self.words)):
            hour = self.reader.read_small(i)
            if hour is None or not 1 <= hour.value <= 12 or self.word(i).isdigit():
                continue
            if out and self.words[i].start < out[-1].end:
                continue
            j = hour.last
            minutes = None
            if self.word(j) == "oh" and self.word(j + 1) in self.v.units:
                minutes = j + 2
            else:
                read = self.reader.read_small(j)
                if read is not None and 10 <= read.value <= 59 and not self.word(j).isdigit():
                    minutes = read.last
            end = minutes or j
            after = self._time_suffix(end)
            if after:
                out.append(self.span(i, after, "TIME"))
            elif minutes and self.word(i - 1) in self.v.time_prepositions and self._no_count(minutes):
                out.append(self.span(i, minutes, "TIME", WEAK_SCORE))
        fractions = self._clock_fractions()
        # "half past ten in the evening" takes in the "ten in the evening" found above.
        kept = [t for t in out if not any(f.start <= t.start and t.end <= f.end for f in fractions)]
        return sorted(kept + [f for f in fractions if not any(f.overlaps(t) for t in kept)])

    def _no_count(self, j: int) -> bool:
        """Whether the number ending before word j counts nothing ("two fifteen-minute breaks")."""
        return not self.counts_a_thing(j) and self.word(j) not in self.v.not_after_age

    def _clock_fractions(self) -> list[Span]:
        """ "quarter past two", "half past ten", "twenty to six in the morning": a
        quarter or a half before "past" or "to" and an hour is a time; a number of
        minutes is one only after a time preposition or before "in the morning"."""
        out: list[Span] = []
        for i in range(len(self.words)):
            w = self.word(i)
            fraction = w in ("quarter", "half")
            read = None if fraction else self.reader.read_small(i)
            if not fraction and (read is None or not 1 <= read.value <= 30 or self.word(i).isdigit()):
                continue
            j = i + 1 if fraction else read.last
            if self.word(j) not in ("past", "to", "after", "till") or (
                w == "half" and self.word(j) != "past"
            ):
                continue
            hour = self.reader.read_small(j + 1)
            if hour is None or not 1 <= hour.value <= 12 or self.word(j + 1).isdigit():
                continue
            end = self._time_suffix(hour.last) or hour.last
            first = i - (self.word(i - 1) == "a")
            if not (fraction or end > hour.last or self.word(first - 1) in self.v.time_prepositions):
                continue
            span = self.span(first, end, "TIME", SCORE if fraction or end > hour.last else WEAK_SCORE)
            if not (out and out[-1].overlaps(span)):
                out.append(span)
        return out

    def _time_suffix(self, j: int) -> int:
        """End of "o'clock", "a m", "p.m.", "in the morning", "at night" after word j, or 0."""
        if self.word(j) in ("o'clock", "oclock"):
            return j + 1
        if self.word(j) == "o" and self.word(j + 1) == "clock":
            return j + 2
        if self.word(j) in self.v.meridiems:
            return j + 1
        if self.word(j) in ("a", "p") and self.word(j + 1) == "m":
            return j + 2
        for phrase in self.v.day_parts:
            if tuple(self.word(j + k) for k in range(len(phrase))) == phrase:
                return j + len(phrase)
        return 0

    # -- ages -------------------------------------------------------------
    def ages(self) -> list[Span]:
        out = []
        for i in range(len(self.words)):
            number = self.reader.read_cardinal(i)
            if number is None or not 2 <= number.value <= 119:
                continue
            if out and self.words[i].start < out[-1].end:
                continue
            if not self.clause_end(number.last) or (i > 0 and self.gap(i - 1, i).endswith("-")):
                continue
            k = i - 1 - (self.word(i - 1) in self.v.hedges)
            if self.person_is(i) or self.word(k) in ("turned", "turn", "turning"):
                out.append(self.span(i, number.last, "AGE"))
            elif self.word(k) == "at" and 13 <= number.value <= 99 and self._person_before(k):
                out.append(self.span(i, number.last, "AGE", WEAK_SCORE))
        return out

    def person_is(self, i: int) -> bool:
        """Whether "I'm", "she was", "he is only"... comes right before word i."""
        k = i - 1 - (self.word(i - 1) in self.v.hedges)
        return self.word(k) in self.v.contracted or (
            self.word(k) in self.v.age_verbs and self.word(k - 1) in self.v.subjects
        )

    def _person_before(self, i: int, reach: int = 12) -> bool:
        """A personal subject earlier in the same sentence, within `reach` words."""
        for k in range(i - 1, max(-1, i - 1 - reach), -1):
            if re.search(r"[.;!?]", self.gap(k, k + 1)):
                return False
            if self.word(k) in self.v.subjects:
                return True
        return False

    # -- heights ----------------------------------------------------------
    def heights(self) -> list[Span]:
        out = []
        for i in range(len(self.words)):
            feet = self.reader.read_small(i)
            if feet is None or not 4 <= feet.value <= 7 or self.word(i).isdigit():
                continue
            j = feet.last
            inches = self.reader.read_small(j)
            if inches is None or inches.value > 11 or self.word(j).isdigit():
                continue
            end = inches.last + (self.word(inches.last) in self.v.inch_words)
            hyphen = self.gap(i, j) == "-"
            tall = self.word(end) in self.v.tall_words
            if tall or (self.person_is(i) and (hyphen or self.clause_end(end))):
                out.append(self.span(i, end, "HEIGHT"))
            elif self.gap(i, j) in ("-", " ") and self.clause_end(end) and self._height_cue_near(i, end):
                out.append(self.span(i, end, "HEIGHT", WEAK_SCORE))  # "The report says five-eleven."
        return out

    def _height_cue_near(self, first: int, end: int, reach: int = 30) -> bool:
        """A height cue ("tall", "height", "stands") in the sentence of words first..end
        or in the sentence before it (a question and its answer)."""
        boundaries = 0
        for k in range(first - 1, max(-1, first - 1 - reach), -1):
            if re.search(r"[.!?\n]", self.gap(k, k + 1)):
                boundaries += 1
                if boundaries > 1:
                    break
            if self.word(k) in self.v.height_cues:
                return True
        for k in range(end, min(len(self.words), end + reach)):
            if k > end and re.search(r"[.!?\n]", self.gap(k - 1, k)):
                break
            if self.word(k) in self.v.height_cues:
                return True
        return False

    # -- phone and other numbers read digit by digit -------------------------
    def digit_runs(self) -> list[Span]:
        out = []
        i = 0
        while i < len(self.words):
            digits, j = self._digits(i)
            if digits >= 7:
                out.append(self.span(i, j, self._digit_label(i)))
                i = j
            else:
                i += 1
        return out

    def _digits(self, i: int) -> tuple[int, int]:
        """How many single digits are read from word i on, and where they end."""
        count, j = 0, i
        while j < len(self.words):
            w = self.word(j)
            if w in self.v.repeat_words and self.word(j + 1) in self.v.units:
                count, j = count + self.v.repeat_words[w], j + 2
            elif (w in self.v.units and (w != "oh" or count)) or (w.isdigit() and len(w) == 1):
                count, j = count + 1, j + 1
            else:
                break
            if j < len(self.words) and not self.adjacent(j - 1):
                break
        return count, j

    def _digit_label(self, i: int) -> str:
        before = {self.word(k) for k in range(max(0, i - 6), i)}
        if before & self.v.id_cues and not before & self.v.phone_cues:
            return "ID_NUMBER"
        return "PHONE_NUMBER"


def find_spoken_forms(text: str, nouns: Collection[int] = frozenset()) -> list[Span]:
    """Spoken dates, times, ages, heights and digit-by-digit numbers in `text`.

    `nouns` are the start offsets of the words a tagger calls plural nouns; without them
    a number is never taken to count a thing."""
    words = words_of(text)
    finder = _Finder(text, words, Reader(words), nouns)
    heights = finder.heights()
    # "about five ten tall": a height said like a clock time is the height.
    times = [t for t in finder.times() if not any(t.overlaps(h) for h in heights)]
    spans = finder.dates() + times + finder.ages() + heights + finder.digit_runs()
    return sorted(spans)
