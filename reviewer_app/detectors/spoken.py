"""Dates, times, ages, heights and phone numbers as they are spoken.

"the fifth of may two thousand and five", "two fifteen in the morning", "I was
seventeen", "five-five", "nine one six, five five five, oh one one eight": rather
than listing such phrases, the words are read into values by the spoken-number
grammar (`core/spoken_numbers.py`) and each recognizer here looks at the values
and the words around them (heights: `detectors/spoken_heights.py`; clock times:
`detectors/spoken_times.py` and `detectors/spoken_clock.py`; how an age goes on from one just
said: `detectors/spoken_age_talk.py`). The cue words
are data, in `resources/patterns/spoken.toml`.

An age is a bare number said of a person: after "I'm", "she was", "my son is",
"she'll be", "turned", "a child of", in the answer to "how old", "at sixteen" in
a sentence about someone, "in her sixties", "Liya is twelve", a verbless list of
a life history ("Weed at twelve. Meth by fifteen."), "fifteen sixteen"; never when
what follows counts or measures it, or makes it a clock time. A weekday or a
holiday is a date where it names one day (`core.spoken_numbers.names_one_day`);
"the fourth", "in ninety-three", "in the tenth grade, ninety-six", "the summer of
ninety-eight" and "three, fourteen, seventy-nine" where the context makes them one.
A clock time needs a cue unless its form makes it one: "around ten, ten fifteen"
(a correction), "seven to three thirty" (a range with minutes), "ten of five".

Whether a number counts things ("two thousand and five euros", "I was two
minutes late") is read from the word after it: a plural noun, when a spaCy Doc
of the text is at hand (`nouns`: start offsets of plural nouns). A singular
noun is no count: "the two thousand and fourteen figure" is a year. Without a
Doc only the cue words decide. Its verbs (`verbs`) tell a verbless phrase of a
life history ("Meth by fifteen.") from a clause ("Tied at fifteen."), and its
PERSON entities (`persons`) a person said to be an age ("Efraín would be forty-two").
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from reviewer_app.core.line_numbers import blank_line_numbers, wrapped_words
from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import (
    Reader,
    Reading,
    SpokenWords,
    Word,
    decade_word,
    names_one_day,
    words_of,
)
from reviewer_app.detectors.spoken_age_forms import find_more_ages, old_years, stage_of_life_at, turn_ends
from reviewer_app.detectors.spoken_age_pairs import ages_over_hours, pairs_of_ages
from reviewer_app.detectors.spoken_age_talk import (
    ages_of_a_life_story,
    around_an_age,
    before_a_dashed_hedge,
    birthday_at,
    breaks_a_clause,
    dates_a_life_by,
    far_from_the_number_before,
    goes_on_from_an_age,
    months_of_a_baby,
    name_set_off,
    next_name_of_a_list,
    opens_a_range_of_ages,
    restarts_an_age,
    said_alone,
    set_off_after_a_person,
    short_of_an_age,
    stage_of_a_life_at,
)
from reviewer_app.detectors.spoken_answers import age_answer_words, answer_words, lowest_age
from reviewer_app.detectors.spoken_digits import find_digit_runs
from reviewer_app.detectors.spoken_heights import SCORE, WEAK_SCORE, find_heights, no_weights
from reviewer_app.detectors.spoken_openers import Openers, holiday_name_at, openers_of, opens_nothing
from reviewer_app.detectors.spoken_periods import (
    day_listed_after,
    day_of_a_date_talk,
    decade_at,
    decade_of_life,
    decade_of_someone,
    opens_a_year_range,
    restates_a_date,
    said_as_a_date,
    seasons_of_a_year,
    second_year_at,
    year_of_a_range,
)
from reviewer_app.detectors.spoken_series import bare_before_a_break, find_series, says_again_an_age
from reviewer_app.detectors.spoken_threads import early_ages_of_a_life, hours_of_a_timed_turn
from reviewer_app.detectors.spoken_times import find_times


@dataclass
class _Finder:
    text: str
    words: list[Word]
    reader: Reader
    nouns: Collection[int]
    verbs: Collection[int] = frozenset()
    persons: Collection[int] = frozenset()
    # Where the speaker tags start (`Document.speaker_tags`).
    tag_starts: Collection[int] = frozenset()

    @functools.cached_property
    def word_ends(self) -> list[int]:
        return [w.end for w in self.words]

    @functools.cached_property
    def _personal_subjects(self) -> frozenset[str]:
        return (self.v.subjects | self.v.contracted) - {"who", "you"}

    @functools.cached_property
    def _personal_or_impersonal(self) -> frozenset[str]:
        return self.v.subjects | self.v.contracted | self.v.impersonal_subjects

    @functools.cached_property
    def _people(self) -> frozenset[str]:
        """Words that name who an age is said of: "she", "my son"."""
        return self.v.subjects | self.v.person_nouns

    @functools.cached_property
    def openers(self) -> Openers:
        return openers_of(self.v)

    @functools.cached_property
    def _birthdays(self) -> frozenset[int]:
        return frozenset(i for i, w in enumerate(self.words) if w.text == "birthday")

    @functools.cached_property
    def _age_joins(self) -> frozenset[str]:
        """Words between an age and the next that goes on from it: "twelve, going on thirteen"."""
        return self.v.hedges | self.v.corrections | self.v.fillers | {"or", "going", "on", "i'm", "mean"}

    @functools.cached_property
    def _people_as_objects(self) -> frozenset[str]:
        return frozenset({"me", "him", "her", "us", "them"}) | self.v.possessives - {"your"}

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
        """Whether the word at i is a plural noun the number before it counts: not across the end of
        a sentence or a line ("... in twenty fifteen.\nCOMMISSIONERS", where a tagger reads a speaker
        tag in capitals as a plural)."""
        if not (0 <= i < len(self.words) and self.words[i].start in self.nouns):
            return False
        return i == 0 or not re.search(r"[.;:!?,]\s|\n", self.gap(i - 1, i))

    def clause_end(self, i: int) -> bool:
        """Whether the number ending before word i ends its phrase."""
        if i >= len(self.words):
            return True
        if re.search(r"[.;:!?,]", self.gap(i - 1, i)) or turn_ends(self, i):
            return True  # captions end a turn with no mark: "i was nineteen\n>> nineteen okay"
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
        range_to = -1  # the word where the second year of a range would begin
        while i < len(self.words):
            found = self._date_at(i)
            if found is None and i == range_to:
                found = second_year_at(self, i)  # "from seventy-nine to [eighty-one]"
            if found is not None:
                out.append(found)
                last = self._last_index(found)
                while (more := day_listed_after(self, last)) is not None:
                    out.append(more)  # "the 3rd, 4th, and 5th", "the twelfth or thirteenth"
                    last = self._last_index(more)
            elif self.word(i).isdigit() and year_of_a_range(self, i) == i + 1:
                last = i  # "1979", "'79": the date patterns find it, a range may follow
            else:
                i += 1
                continue
            if opens_a_year_range(self, last + 1):
                range_to = last + 2
            else:
                range_to = last + 1 if self._year_listed_after(i, last + 1) else -1
            i = last + 1
        return out

    def _year_listed_after(self, first: int, j: int) -> bool:
        """Whether the words first..j-1 are a year and another year follows word j-1 after a comma,
        ending its phrase: a list of years ("in ninety-eight, ninety-nine, I was using")."""
        if j >= len(self.words) or self.gap(j - 1, j).strip() != "," or year_of_a_range(self, first) != j:
            return False
        end = year_of_a_range(self, j)
        return bool(end) and self._sentence_goes_on(end)

    def _last_index(self, span: Span) -> int:
        return bisect.bisect_right(self.word_ends, span.end) - 1

    def _year_after(self, j: int) -> int:
        """End of a year following word j (after an optional comma), or j."""
        year = self.reader.read_year(j)
        if year is None:
            digits = self.word(j)
            low, high = self.v.year_range
            if digits.isdigit() and len(digits) == 4 and low <= int(digits) <= high:
                return j + 1
            if digits.isdigit() and len(digits) == 2 and 0 < j < len(self.words):
                return j + 1 if self.gap(j - 1, j).endswith(("'", "’")) else j  # "March of '79"
            if 0 < j < len(self.words) and (self.word(j - 1) == "of" or "," in self.gap(j - 1, j)):
                end = self._two_digit_year(j)  # "the summer of ninety-eight", "June, oh-nine"
                ends = self._sentence_goes_on(end) if self.word(j - 1) != "of" else self._no_count(end)
                return end if end and ends else j
            return j
        return year.last

    def _date_at(self, i: int) -> Span | None:
        if i >= len(self.words):
            return None  # "friday the" ends the text
        w = self.word(i)
        if opens_nothing(w, self.openers.dates):
            return None
        decade = decade_at(self, i)
        if decade is not None:
            return decade
        if w in self.v.weekdays:
            return self._weekday_at(i)
        named = holiday_name_at(self, i)
        if named or (w in self.v.holidays and said_as_a_date(self, i)):  # "since easter", "after labor day"
            end = named or i + 1 + (self.word(i + 1) in ("day", "eve", "sunday"))
            if names_one_day(self.text, self.words[i].start, self.words[end - 1].end):
                year = self._year_after(end + 1) if self.word(end) == "of" else end
                if year > end + 1:  # "Thanksgiving of oh-three", "Christmas of 2005"
                    return self.span(i, year, "DATE")
                return self.span(i, end, "DATE", WEAK_SCORE)
            return None
        numeric = self._numeric_date_at(i)
        if numeric is not None:
            return numeric
        ordinal = self.reader.read_ordinal(i)
        if ordinal is not None and 1 <= ordinal.value <= 31:
            j = ordinal.last + (self.word(ordinal.last) == "day")
            if self.word(j) == "of" and self.word(j + 1) in self.v.months:
                return self.span(i, self._year_after(j + 2), "DATE")
            if self.word(j) in self.v.months:
                return self.span(i, self._year_after(j + 1), "DATE")
            if day_of_a_date_talk(self, i, ordinal.last):
                return self.span(i, ordinal.last, "DATE", WEAK_SCORE)
        day = self.reader.read_small(i)
        if day is not None and 1 <= day.value <= 31 and not self.word(i).isdigit():
            month = self.word(day.last)
            if month in self.v.months and "," not in self.gap(
                day.last - 1, day.last
            ):  # "at twenty-six, January 2000"
                end = self._year_after(day.last + 1)
                # "eighteen may be" is no date; "on eighteen may" is one.
                if month != "may" or end > day.last + 1 or self.word(i - 1) == "on":
                    return self.span(i, end, "DATE")
        cue = self.word(i - 1)
        dating = cue in self.v.year_prepositions or cue in ("last", "next")
        if w in self.v.other_months and dating and said_as_a_date(self, i):
            return self.span(i, i + 1, "DATE", WEAK_SCORE)  # "I left from Bole in Ginbot"
        if w in self.v.seasons and self.word(i + 1) == "of":
            end = self._year_after(i + 2)  # "the summer of ninety-eight"
            return self.span(i, end, "DATE") if end > i + 2 else None
        if w in self.v.months:
            alone = self._month_alone(i)
            j = i + 1 + (self.word(i + 1) == "the")
            if j >= len(self.words) or not self.gap(j - 1, j).isspace():
                return alone  # "July, 21 October": written forms are the date patterns' job
            day_read = self.reader.read_ordinal(j)
            if day_read is None and w != "may" and self.reader.read_year(j) is None:
                day_read = self.reader.read_small(j)  # "march eleven"; "may one" is a verb
                if day_read is not None and self.word(j).isdigit():
                    day_read = None
            if day_read is not None and 1 <= day_read.value <= 31:
                return self.span(i, self._year_after(day_read.last), "DATE")
            after = i + 1 + (self.word(i + 1) == "of")  # "march of '79"
            end = self._year_after(after)
            if end > after and not (self.word(after).isdigit() and len(self.word(after)) == 4):
                return self.span(i, end, "DATE")
            return alone
        year = self.reader.read_year(i)
        if year is None:
            return self._short_year(i)
        if self.counts_a_thing(year.last):
            return None
        if year.value % 100 == 0 and self.word(i - 1) not in self.v.year_prepositions:
            return None  # "two thousand" is as often a count
        return self.span(i, year.last, "DATE")

    def _short_year(self, i: int) -> Span | None:
        """A year said by its last two digits after "in", "since", "until" or "from": "she
        passed in ninety-three", "since oh five" (not "in thirty", "in twenty-two minutes");
        or set off by a comma after a phrase of time: "in the tenth grade, ninety-six,"."""
        if self.word(i).isdigit():
            return None
        # "in ninety-three"; "in, what, oh-seven?"
        after = self.word(self._before_fillers(i - 1)) in ("in", "since", "until", "till", "from", "between")
        end = self._two_digit_year(i)
        # "the sixty-four flood", "the oh-nine one was a DUI": the year of an event
        event = bool(end) and self.word(i - 1) == "the" and self._names_an_event(end)
        if not (after or event) and not self._dates_a_phrase(i) and i not in self._year_answers:
            return None
        if not end and self.word(i - 1) in ("in", "since") and self._sentence_goes_on(i + 1):
            end = self._round_year(i)  # "I retired in ninety", "since eighty,"
        if not end:
            return None
        oh = self.word(i) in ("oh", "o") and self.word(end) not in self.v.units  # "in oh six is that right"
        goes_on = self._sentence_goes_on(end) or (after and self.word(end) in self.v.after_a_year)
        ends = (goes_on or oh or event) and self.word(i - 1) != "between"
        return self.span(i, end, "DATE", WEAK_SCORE) if ends or opens_a_year_range(self, end) else None

    def _names_an_event(self, j: int) -> bool:
        """Whether word j is an event a year dates ("the sixty-four flood") or stands in for one said
        within a few words after it in its sentence ("the oh-nine one was a DUI"; "I had the forty-five
        one in the car" is a gun)."""
        if self.word(j) in self.v.dated_events:
            return True
        if self.word(j) not in self.v.dated_event_stand_ins:
            return False
        for k in range(j + 1, min(len(self.words), j + 6)):
            if re.search(r"[.;:!?\n]", self.gap(k - 1, k)):
                return False
            if self.word(k) in self.v.dated_events:
                return True
        return False

    def _two_digit_year(self, i: int) -> int:
        """End of a year said by its last two digits from word i ("ninety-three", "oh
        five"), or 0; a round number ("thirty") and one under 30 are as often minutes or a count."""
        if self.word(i) in ("oh", "o", "zero") and self.word(i + 1) in self.v.units:
            return i + 2  # "oh five", "o six" as captions write it
        read = self.reader.read_small(i)
        if read is None or read.value < 30 or read.value % 10 == 0 or self.word(i).isdigit():
            return 0
        return read.last

    def _round_year(self, i: int) -> int:
        """End of a round year of a decade said by its tens from word i ("eighty", "ninety"), or 0;
        "in thirty" and "in twenty" are as often minutes."""
        read = self.reader.read_small(i)
        if read is None or read.last != i + 1 or not 40 <= read.value <= 90 or self.word(i).isdigit():
            return 0
        return read.last if read.value % 10 == 0 else 0

    def _dates_a_phrase(self, i: int, reach: int = 6) -> bool:
        """Whether word i follows a comma closing a phrase of time that holds no number
        ("in the tenth grade, ninety-six"; not "room twelve, ninety-six")."""
        if i == 0 or self.gap(i - 1, i).strip() != ",":
            return False
        names_a_time = False
        for k in range(i - 1, max(-1, i - 1 - reach), -1):
            w = self.word(k)
            if self.reader.read_small(k) is not None:
                return False
            names_a_time = names_a_time or (
                w in self.v.periods_of_life | self.v.seasons | self.v.months
                or self.reader.read_ordinal(k) is not None
            )
            if w in self.v.phrase_of_time:
                return names_a_time
            if k > 0 and re.search(r"[.;:!?,\n]", self.gap(k - 1, k)):
                return False
        return False

    def _month_alone(self, i: int) -> Span | None:
        """A month said alone ("in april of this year", "early may"); "may", "march" and
        "august" are words of their own too, and months only after a preposition of time."""
        if self.word(i) in ("may", "march", "august") and self.word(i - 1) not in (
            self.v.year_prepositions | {"last", "next"}
        ):
            return None
        return self.span(i, i + 1, "DATE", WEAK_SCORE)

    def _weekday_at(self, i: int) -> Span | None:
        """ "it was a Saturday", "on monday the fifth of may": a weekday that names one day."""
        one_day = names_one_day(self.text, self.words[i].start, self.words[i].end)
        # "on the first Sunday, the twelfth,": the date after it makes one of every month one day
        if not (one_day or self.word(i - 1) in self.v.nth_of_a_month):
            return None
        j = i + 1 + (self.word(i + 1) == "the")
        if i + 1 < len(self.words) and re.fullmatch(r",? ", self.gap(i, i + 1)):
            then = self._date_at(j) if self.word(j) not in self.v.weekdays else None
            if then is not None:
                return Span(self.words[i].start, then.end, "DATE", ("presidio",), SCORE)
        return self.span(i, i + 1, "DATE", WEAK_SCORE) if one_day else None

    def _numeric_date_at(self, i: int) -> Span | None:
        """A date said as the numbers of its month, day and year after a cue ("date of
        birth, three, fourteen, seventy-nine", "born oh three fourteen nineteen seventy-nine")."""
        first = i + (self.word(i) in ("oh", "zero"))
        month = self.reader.read_small(first)
        if month is None or not 1 <= month.value <= 12 or self.word(first).isdigit():
            return None
        day = self.reader.read_small(month.last) if self.adjacent(month.last - 1) else None
        if day is None or not 1 <= day.value <= 31 or not self.adjacent(day.last - 1):
            return None
        cued = any(self.word(k) in self.v.numeric_date_cues for k in range(max(0, i - 8), i))
        if not (cued or restates_a_date(self, i, month.value, day.value)):
            return None
        j = day.last
        year = self.reader.read_year(j)
        if year is not None:
            return self.span(i, year.last, "DATE")
        if self.word(j) in ("oh", "zero") and self.word(j + 1) in self.v.units:
            return self.span(i, j + 2, "DATE")
        two_digits = self.reader.read_small(j)
        if two_digits is not None and two_digits.value >= 10 and not self.word(j).isdigit():
            return self.span(i, two_digits.last, "DATE")
        return None

    def _sentence_goes_on(self, j: int) -> bool:
        """Whether the phrase ends before word j: a punctuation mark, the end, or a word that
        opens a new clause or names a day ("till five and", "at eight tonight"), so that no
        noun follows ("at one point")."""
        if j >= len(self.words) or re.search(r"[.;:!?,\n]", self.gap(j - 1, j)):
            return True
        # Speech written without punctuation: "the old stuff from oh nine i was eighteen then".
        return self.word(j) in self.v.clause_openers or self.word(j) in self._personal_subjects

    def _verb_at(self, j: int) -> bool:
        return 0 <= j < len(self.words) and self.words[j].start in self.verbs

    def _no_count(self, j: int) -> bool:
        """Whether the number ending before word j counts nothing ("two fifteen-minute breaks")."""
        if 0 < j < len(self.words) and re.search(r"[.;:!?,\n]", self.gap(j - 1, j)):
            return True  # "like seven thirty, to bring the car back"
        if self.word(j) == "and" and (self._sentence_goes_on(j + 1) or self._verb_at(j + 1)):
            return True  # "ten thirty and we are back", "at ten forty and told": a clause opens
        if self.word(j) == "to" and self._verb_at(j + 1):
            return True  # "home by ten-thirty to light the diyas": a verb's infinitive, no range
        return not self.counts_a_thing(j) and self.word(j) not in self.v.not_after_age

    # -- ages -------------------------------------------------------------
    def ages(self) -> list[Span]:
        """A number said of a person ("I'm forty-two", "my son is twelve", "turned
        sixty", "I left home at sixteen"), the answer to a question about an age, and a
        decade of life ("in her sixties"). Whatever follows the number must leave it
        bare: no unit, count or clock word ("I was five minutes late", "one of them")."""
        answers = age_answer_words(self)  # "How old were you then?" "About fourteen."
        out = []
        last_age: Reading | None = None  # the words of the last age found
        for i in range(len(self.words)):
            if out and self.words[i].start < out[-1].end:
                continue
            if opens_nothing(self.word(i), self.openers.ages):
                continue
            decade = decade_of_life(self, i) or decade_of_someone(self, i, answers)
            if decade:
                out.append(self.span(i, decade, "AGE"))
                continue
            if stage_of_life_at(self, i):
                out.append(self.span(i, i + 1, "AGE", WEAK_SCORE))  # "He's a teenager, like sixteen"
                continue
            birthday = birthday_at(self, i)
            if birthday:
                out.append(self.span(i, birthday, "AGE"))
                continue
            number = self.reader.read_cardinal(i)
            if number is None or not lowest_age(self, number, answers) <= number.value <= 119:  # "Like one?"
                continue
            if self._years_old(number.last):  # "24 years of age" broken over a numbered line
                out.append(self.span(i, number.last, "AGE"))
                continue
            if self._years_old(number.last, wrapped=False):
                # "twenty years old": the years-old pattern finds it; a correction may follow.
                last_age = number
                continue
            if months_of_a_baby(self, i, number, answers):
                out.append(self.span(i, number.last, "AGE", WEAK_SCORE))  # "the baby is eighteen months."
                continue
            if opens_a_range_of_ages(self, number):
                out.append(self.span(i, number.last, "AGE", WEAK_SCORE))  # "forty, fifty years old"
                continue
            next_age = self._next_year_of_age(number)  # "when I was fifteen sixteen"
            if not self._bare_number(i, (next_age or number).last):
                continue
            score = self._age_score(i, number, answers)
            if (
                not score
                and last_age is not None
                and (self._repeats_an_age(last_age, number) or goes_on_from_an_age(self, last_age, i))
            ):
                score = (
                    WEAK_SCORE  # "So you're thirty-three." "Thirty-three, yeah."; "twelve, going on thirteen"
                )
            if not score and last_age is not None and next_name_of_a_list(self, i, last_age):
                score = WEAK_SCORE  # "Bam is nineteen now, he'll be twenty next month. Peaches is seventeen."
            if not score and says_again_an_age(self, [number, next_age], out):
                score = WEAK_SCORE  # "i was thirty nine" ... "you're right thirty eight thirty nine"
            if score:
                out.append(self.span(i, number.last, "AGE", score))
                if next_age is not None:
                    out.append(self.span(next_age.first, next_age.last, "AGE", WEAK_SCORE))
                last_age = next_age or number
        return out

    def _years_old(self, j: int, wrapped: bool = True) -> bool:
        """Whether "years old" or "years of age" follows the number ending before word j, broken
        over a line (`wrapped`) or on one line."""
        if self.word(j) not in ("years", "year"):
            return False
        end = j + 2 if self.word(j + 1) == "old" else j + 3 if self.word(j + 1) == "of" else 0
        if not end or self.word(end - 1) not in ("old", "age"):
            return False
        # Written on one line the years-old pattern finds it (dates_numbers.toml).
        return wrapped == any(len(self.gap(k, k + 1)) > 1 for k in range(j - 1, end - 1))

    def _next_year_of_age(self, number: Reading) -> Reading | None:
        """The number said right after `number` that is one more ("fifteen sixteen"):
        a speaker unsure of an age, as with "fifteen or sixteen"."""
        if number.last >= len(self.words) or self.gap(number.last - 1, number.last) != " ":
            return None
        following = self.reader.read_small(number.last)
        if following is None or following.value != number.value + 1 or self.word(number.last).isdigit():
            return None
        return following

    def _repeats_an_age(self, age: Reading, number: Reading, reach: int = 12) -> bool:
        """Whether `number` opens its sentence (after a hedge or not) or is said alone, and says again
        the `age` said shortly before ("About nineteen, yeah."; "Here, fifty-eight."), or the year of
        age after it ("She notes you are fifty-two." "Fifty-three in June."; "By our count, fifty-nine.")."""
        first = number.first
        opener = first - (self.word(first - 1) in self.v.hedges)
        while (
            opener > 1
            and self.word(opener - 1) in self.v.affirmations
            and "," in self.gap(opener - 1, opener)
        ):
            opener -= 1  # "You're forty-five now?" "Yes, ma'am, forty-five."
        opens = opener == 0 or re.search(r"[.;:!?\n]", self.gap(opener - 1, opener))
        if not opens and not said_alone(self, number):
            return False
        if first - age.last > reach:
            return False
        return number.value in (age.value, age.value + 1)  # "you're now 45?" "Forty-five, yes."

    def _age_score(self, i: int, number: Reading, answers: set[int]) -> float:
        """How surely the bare number at word i is an age, by what comes before it; 0: not one."""
        value = number.value
        k = self._before_fillers(i - 1)  # "You joined them at, what, thirteen?"
        k -= k == i - 1 and self.word(k) in self.v.hedges
        if (
            self.person_is(i)
            or self.word(k) in ("turned", "turn", "turns", "turning")
            or (self._after_an_age(k) and not far_from_the_number_before(self, k, value))
            or (self.word(k) == "being" and self._person_near(k))  # "I remember being fourteen"
        ):
            return SCORE
        if self.word(i - 1) == "of" and self.word(i - 2) in self.v.age_of_nouns:
            return SCORE  # "a child of seventeen"
        if self._after_age_word(i) or self._age_said_before(i) or short_of_an_age(self, i):
            return SCORE
        if restarts_an_age(self, i):
            return SCORE  # "I was thirty... thirty-nine": the false start is said of the person too
        if set_off_after_a_person(self, i, number):
            return WEAK_SCORE  # "the victim, nineteen, was shot", "I was a kid, maybe fourteen."
        # "By seventeen I was using": "by" opens the clause of the person it dates.
        if (
            self.word(k) in ("at", "by")
            and 13 <= value <= 99
            and (
                self._person_near(k, before=self.word(k) == "at" or dates_a_life_by(self, k))
                or (self._opens_a_sentence(k) and self._person_near(k, before=False, objects=True))
                or stage_of_a_life_at(self, k, i)
            )
        ):
            return WEAK_SCORE  # "At seventeen that was everything to me."
        if around_an_age(self, i, value):
            return WEAK_SCORE  # "then pills around twenty-two"
        if self._fragment_at_age(i, number) and (
            number.value > 12
            or any(
                self._fragment_at_age(k, read) and read.value > 12
                for k, read in self._fragments_beside(i, number)
            )
        ):
            return WEAK_SCORE  # "Weed at twelve. Meth by fifteen.": no clock has a fifteenth hour
        if self.word(number.last) == "now" and self.word(k) in self.v.age_verbs and self._said_of_someone(k):
            return WEAK_SCORE  # "Luis should be forty-five now": an age grows, a count does not
        at_the_time = [self.word(number.last + n) for n in range(3)] == ["at", "the", "time"]
        if at_the_time and self.word(k) in ("was", "were") and self.word(k - 1) in ("and", "but"):
            return WEAK_SCORE  # "HE WAS BORN ON MAY 3, 1971 AND WAS 24 AT THE TIME OF THE OFFENSE"
        return WEAK_SCORE if i in answers else 0.0

    def _fragment_at_age(self, i: int, number: Reading) -> bool:
        """Whether the number of words i.. closes a verbless phrase "<word> at|by <number>"
        that is a sentence of its own ("Weed at twelve.", "Meth by fifteen,"): the words of
        a life history, where a bare number over 12 is no hour."""
        if self.word(i - 1) not in ("at", "by") or not 5 <= number.value <= 99 or i < 2:
            return False
        last = number.last
        if last < len(self.words) and not re.search(r"[.;:!?,\n]", self.gap(last - 1, last)):
            return False
        opener = i - 2
        if opener > 0 and not re.search(r"[.;:!?,\n]", self.gap(opener - 1, opener)):
            return False
        return (
            self.words[opener].start not in self.verbs
            and self.word(opener) not in self._personal_or_impersonal
            and self.reader.read_small(opener) is None
        )

    def _fragments_beside(self, i: int, number: Reading, reach: int = 5) -> list[tuple[int, Reading]]:
        """The numbers after "at" or "by" within `reach` words before and after words
        i..number.last-1: the phrases of the same list ("Weed at twelve. Meth by fifteen.")."""
        out = []
        after = range(number.last + 1, min(len(self.words), number.last + reach))
        before = range(i - 2, max(0, i - reach) - 1, -1)
        for near in (after, before):
            for k in near:
                if "\n" in self.text[self.words[min(k, i)].start : self.words[max(k, i)].start]:
                    break  # another line is another speaker's
                read = self.reader.read_cardinal(k) if self.word(k - 1) in ("at", "by") else None
                if read is not None and (read.last < i or k > i):
                    out.append((k, read))
                    break
        return out

    def _said_of_someone(self, k: int) -> bool:
        """Whether the verb at word k has no impersonal subject ("it", "that", "there") in
        the few words before it in its sentence."""
        return not self.said_before_in_clause(k, self.v.impersonal_subjects, reach=4)

    def said_before_in_clause(self, k: int, words: Collection[str], reach: int = 8) -> bool:
        """Whether one of `words` is among the `reach` words before word k, with no end of a
        sentence or a clause (".", ";", ":", "!", "?", a line's end) between."""
        for j in range(k - 1, max(-1, k - 1 - reach), -1):
            if self.word(j) in words:
                return True
            if re.search(r"[.;:!?\n]", self.gap(j, j + 1)):
                return False
        return False

    def _bare_number(self, first: int, j: int) -> bool:
        """Whether the number of words first..j-1 stands alone: not a part of "$16",
        "16%", "9:30", "twenty-" nor followed by what it counts or measures; after
        "or", "to" and "and" the next number decides ("five to ten minutes")."""
        # "\Z", not "$": "$" also matches before a line's end, and a number that opens a turn after
        # "Rafael Anzaldua (00:04:04):" and a line break stands alone.
        if first > 0 and re.search(r"(?:[-$#/:.'’]|(?<![<>])[<>]\s*)\Z", self.gap(first - 1, first)):  # "<3"
            return False
        # "at 9:" and "30" on the next line: the minutes of one time, not the answer after a tag
        # ("Speaker 2:" and "30": a tag opens the line of the colon).
        broken_clock = first > 0 and re.fullmatch(r":[ \t]*\n\s*", self.gap(first - 1, first))
        if broken_clock and self.word(first - 1).isdigit() and not self._in_a_tag(first - 1):
            return False
        after_gap = self.gap(j - 1, j) if j < len(self.words) else ""
        if after_gap == "-" and self.word(j) in self.v.loose_number_endings:
            return self.clause_end(j + 1)  # "until I was forty-something", "he's thirty-ish"
        if after_gap in (",", ".", ":", "-", "/") or after_gap[:1] in ("%", "'", "’", "/", "°", "$"):
            return False  # "1,500", "2.5", "9:30", "16-year", "16%", "5'10"
        w = self.word(j)
        if self._house_number(first, j):
            return False
        if w in ("and", "or", "to") and not re.search(r"[.;:!?,]", self.gap(j - 1, j)):
            # "fifteen to about seventeen", "from age fifteen to age thirty-four"
            k = j + 1 + (self.word(j + 1) in self.v.hedges or self.word(j + 1) == "age")
            after = self.reader.read_cardinal(k)
            if w == "and" and after is not None and after.value < 12 and self.word(after.last) == "months":
                return True  # "Nineteen and two months.", "juvenile hall at fourteen and nine months"
            # a hedge after "and"/"or" may open a count of its own: "fifteen and about twenty guys"
            if after is not None and (w == "to" or k == j + 1 or self._bare_number(k, after.last)):
                return self._bare_number(k, after.last)
            if w == "and" and self.word(j + 1) == "a" and self.word(j + 2) == "half":
                return self._bare_number(j + 1, j + 3)  # "sixteen and a half"
            return w == "and" or (
                w == "to" and self._verb_at(j + 1)
            )  # "I was 29 and I didn't", "at 16 to drive"
        return self.clause_end(j) or bare_before_a_break(self, j)  # "seventy-one -- seventy-one"

    def _in_a_tag(self, k: int) -> bool:
        """Whether word k is in a speaker's tag: one of `tag_starts` lies on its line before it."""
        line_start = self.text.rfind("\n", 0, self.words[k].start) + 1
        return any(line_start <= start <= self.words[k].start for start in self.tag_starts)

    def _house_number(self, first: int, j: int) -> bool:
        """Whether digits run straight into a name, as a house number does ("I'm at 14 Oak
        Street"); "I" is no name ("when she was 14 I left")."""
        if j >= len(self.words) or not self.text[self.words[first].start].isdigit():
            return False
        following = self.text[self.words[j].start : self.words[j].end]
        pronoun_i = self.word(j) == "i" or self.word(j).startswith(("i'", "i’"))
        if following.isupper() and len(following) > 1 and self.word(j) in self.v.function_words:
            return False  # in capitals a word is no name by its case: "HE WAS 17 AT THE TIME"
        return self.gap(j - 1, j) == " " and following[:1].isupper() and not pronoun_i

    def _after_an_age(self, k: int) -> bool:
        """Whether word k is "or", "to", "and" or a comma's word after a number said as an age
        ("I was sixteen or seventeen", "fifteen, sixteen", "the ages of twelve and fourteen")."""
        if self.word(k) in ("or", "to", "and", "through") or self.word(k) in self.v.corrections:
            k -= 1  # "sixteen or seventeen", "twenty-three, no, twenty-four"
        elif not (0 < k + 1 < len(self.words) and self.gap(k, k + 1).strip() == ","):
            return False
        elif self.word(k) in ("old", "age") and self.word(k - 1) in ("years", "year", "of"):
            k -= 2 + (self.word(k - 1) == "of")  # "forty years old, maybe forty-five"
        if decade_word(self.word(k)):  # "late twenties, maybe thirty", "my early twenties, like twenty-two"
            return decade_of_someone(self, k) > 0 or decade_of_life(self, k) is not None
        first = k
        while first > 0 and self.gap(first - 1, first) in (" ", "-") and self.reader.read_small(first - 1):
            first -= 1
        return (
            first >= 0
            and self.reader.read_small(first) is not None
            and (
                self.person_is(first)
                or self._after_age_word(first)
                or (self.word(first - 1) == "of" and self.word(first - 2) in self.v.age_of_nouns)
                or self._goes_on_from_an_age_before(first)
                or set_off_after_a_person(self, first, self.reader.read_cardinal(first))
            )
        )

    def _goes_on_from_an_age_before(self, first: int) -> bool:
        """Whether the number at word `first` goes on from an age said just before, close to it."""
        k = first - 1 - (self.word(first - 1) in self.v.hedges)
        value = self.reader.read_small(first).value
        return self._after_an_age(k) and not far_from_the_number_before(self, k, value)

    def _age_said_before(self, i: int, reach: int = 8) -> bool:
        """Whether the number at word i tells an age named shortly before in its clause: "your age
        at the time of the offense was 17", "Age at offense: 17", "his age is given as 52", "gives his
        age in two places, 53 and 52"."""
        if not (self.word(i - 1) in ("was", "is", "as") or re.search(r"[:,]", self.gap(i - 1, i))):
            return False
        for k in range(i - 1, max(-1, i - 1 - reach), -1):
            if self.word(k) == "age":
                return True
            if k > 0 and re.search(r"[.;!?\n]", self.gap(k - 1, k)):
                return False
        return False

    def _after_age_word(self, i: int) -> bool:
        """ "at age seventeen", "aged twenty", "between the ages of twelve and fourteen"."""
        w = self.word(i - 1)
        return w in ("age", "aged", "ages") or (
            w in ("of", "between", "from") and self.word(i - 2) in ("age", "ages", "aged")
        )  # "between the ages of twelve and fourteen", "students aged between 15 and 18"

    def person_is(self, i: int) -> bool:
        """Whether "I'm", "she was", "he is only", "my son is", "she'll be", "I'm gonna
        be"... comes right before word i."""
        k = self._before_fillers(i - 1)
        k -= self.word(k) in self.v.hedges
        if k < i - 1:
            k = self._before_fillers(k)  # "He's like, I don't know, maybe twenty-five"
            k -= self.word(k) in self.v.hedges or self.word(k) in self.v.hedge_leads  # "all like"
        if self.word(k - 1) == "going" and self.word(k) == "on":
            k -= 2  # "I'm going on seventy-four"
        if self.word(k) == "what" and (
            self.word(k - 1) in self.v.age_verbs or self.word(k - 1) in self.v.contracted
        ):
            k -= 1  # speech without commas: "you were what thirty six", "so you're what thirty nine"
        if self.word(k) in self.v.contracted or self._noun_and_is(k):
            return True
        if self.word(k) not in self.v.age_verbs:
            return False
        # "be" and "been" may stand a few words after their subject ("she'll be", "he would have been");
        # after "and" the subject is the first clause's ("you were 24 at the offense and are now 51").
        reach = 4 if self.word(k) in ("be", "been") else 16 if self.word(k - 1) in ("and", "but") else 1
        named = name_set_off(self, k - 1)
        if named is not None:
            # "His sister, Maxine Voss, is eighty"; a title makes it a person's: "The owner, Mr. Al Cruz,"
            return self.word(named - 1) in self.v.person_nouns or self.word(named) in self.v.titles
        if [self.word(k - 3), self.word(k - 2), self.word(k - 1)] == ["at", "the", "time"]:
            k -= 3  # "My girlfriend at the time was sixteen"
        for j in range(k - 1, max(-1, k - 1 - reach), -1):
            if breaks_a_clause(self.gap(j, j + 1)):  # not a page's line between subject and verb
                return False
            w = self.word(j)
            if w in self.v.impersonal_subjects:
                return False  # "I know it will be 3"
            if w.split("'")[0] in self._people or w in self.v.contracted:
                return True
            if w in ("us", "them") and self.word(j - 1) == "of":
                return True  # "Both of us were seventeen"
            if self.words[j].start in self.persons or self._name_in_a_sentence(j):
                return True  # "Liya is twelve", "Efraín would be forty-two", "and Nahom is eight"
        return False

    def _before_fillers(self, k: int, reach: int = 3) -> int:
        """The word before the few fillers that end at word k with a comma, or k: "I was, I think,
        seventeen", "I was about, uh, eleven", "I was what, sixteen?" (no sentence ends between)."""
        if (dashed := before_a_dashed_hedge(self, k)) is not None:
            return dashed  # "when I was -- I think four"
        if not (0 < k + 1 < len(self.words) and self.gap(k, k + 1).strip() == ","):
            return k
        j = k
        while j > 0 and k - j < reach and self.word(j) in self.v.fillers:
            if re.search(r"[.;:!?\n]", self.gap(j - 1, j)):
                return k
            j -= 1
        return j if j < k else k

    def _noun_and_is(self, k: int) -> bool:
        """Whether word k is a person noun or a person's name and "is" in one word: "my wife's
        seventy-five", "Maya's seven."."""
        w = self.word(k)
        return w.endswith("'s") and (w[:-2] in self.v.person_nouns or self.words[k].start in self.persons)

    def _name_in_a_sentence(self, j: int) -> bool:
        """Whether word j is capitalised after a comma or "and", as the next name of a list
        of people is ("Liya is twelve, Nahom is eight"; not "the bus to Fresno is eight")."""
        said = self.text[self.words[j].start : self.words[j].end]
        if not (said[:1].isupper() and said[1:].islower()) or j == 0:
            return False
        if said.lower() in self.v.months | self.v.weekdays or said == "I":
            return False
        return self.gap(j - 1, j).strip() == "," or self.word(j - 1) == "and"

    def _opens_a_sentence(self, k: int) -> bool:
        return k == 0 or bool(re.search(r"[.;:!?\n]", self.gap(k - 1, k)))

    def _person_near(self, i: int, reach: int = 12, before: bool = True, objects: bool = False) -> bool:
        """A personal subject in the same sentence as word i, within `reach` words
        before it ("I left home at sixteen") or after it ("By seventeen I was using"); after
        it with `objects`, a person as the object too ("At seventeen that was everything to me")."""
        after = self.v.subjects | self.v.contracted | (self._people_as_objects if objects else frozenset())
        for k in range(i - 1, max(-1, i - 1 - reach) if before else i - 1, -1):
            if re.search(r"[.;!?\n]", self.gap(k, k + 1)):
                break
            if (
                self.word(k) in self._people
                or self.word(k) in self.v.contracted
                or self.word(k) in self.v.possessives
            ):
                return True  # "I left home at sixteen", "my mom passed away at 64", "My first time was at 13"
        for k in range(i + 1, min(len(self.words), i + 1 + reach)):
            if re.search(r"[.;!?\n]", self.gap(k - 1, k)):
                break
            if self.word(k) in after:
                return True
        return False

    @functools.cached_property
    def time_answers(self) -> frozenset[int]:
        """The words that answer a question about a clock time ("At what time?" "Eleven. Eleven-fifteen.")."""
        return frozenset(answer_words(self, self.v.time_questions))

    @functools.cached_property
    def _year_answers(self) -> frozenset[int]:
        """The words that answer a question about a year ("What year was that?" "Ninety-six.")."""
        return frozenset(answer_words(self, self.v.year_questions))


def find_spoken_forms(
    text: str,
    nouns: Collection[int] = frozenset(),
    verbs: Collection[int] = frozenset(),
    persons: Collection[int] = frozenset(),
    speaker_tags: Sequence[tuple[int, int]] = (),
    document: str = "",
) -> list[Span]:
    """Spoken dates, times, ages, heights and digit-by-digit numbers in `text`.

    `nouns` are the start offsets of the words a tagger calls plural nouns; without them
    a number is never taken to count a thing. `verbs` are those of its verbs, `persons`
    those of the words of the persons it names; `speaker_tags` where the speakers' tags
    are (`Document.speaker_tags`: a turn ends at one); `document` the text `text` is a part of (its
    header may give a recording's clock). A reporter's line numbers are read past (`core.line_numbers`)."""
    text = blank_line_numbers(text)
    words = words_of(text)
    tag_starts = frozenset(a for a, _ in speaker_tags)
    reader = Reader(words, wrapped=wrapped_words(text, words))
    finder = _Finder(text, words, reader, nouns, verbs, persons, tag_starts)
    heights = find_heights(finder)
    # "about five ten tall": a height said like a clock time is the height.
    # "six-four, maybe two-fifty": what follows a height is a weight.
    times = no_weights(find_times(finder, document or text), heights, text, finder.v.hedges)
    times = [t for t in times if not any(map(t.overlaps, heights))]
    dates, ages = finder.dates(), finder.ages()
    dated = SpanIndex.of(dates)
    dates += [s for s in seasons_of_a_year(finder, dates) if not dated.overlaps_any(s)]
    times, ages = ages_of_a_life_story(finder, times, ages)  # "weed at eleven and speed by fourteen"
    spans = dates + old_years(finder, dates) + times + ages + find_more_ages(finder, ages + heights)
    spans += early_ages_of_a_life(finder, spans + heights)  # "Beer at, like, eleven. Weed by twelve."
    spans += hours_of_a_timed_turn(finder, spans + heights)  # "home by nine-thirty. at ten a patrol officer"
    spans += heights + find_digit_runs(finder)
    spans = ages_over_hours(spans, pairs_of_ages(finder, spans))
    return sorted(spans + no_weights(find_series(finder, spans), heights, text, finder.v.hedges))
