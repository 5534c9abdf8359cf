"""Dates, times and ages a speaker says in a series: the second of a range, a list or a correction
takes the label of the first ("thirty-one that summer. No, thirty-two", "oh-eight, or maybe
oh-seven", "from 8:30 to twelve-fifteen"); two years by their last digits in a range or a
correction are years though neither has a cue ("Yuma, ninety-one to ninety-three", "in uh sixty
eight no sixty nine"); two clock times on the same hour set side by side are times ("ten fifty, ten
fifty-five"), and so are an hour and the same hour with its minutes, or a half hour and the next
hour, offered together ("six, six-fifteen", "five-thirty, six"); and a year said "oh-eight" stands
for itself. Read over the words and spans of the
spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING

from reviewer_app.core.number_echoes import SAID_AGAIN_CUES
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reading
from reviewer_app.detectors.spoken_age_talk import AGE_STEP
from reviewer_app.detectors.spoken_heights import WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# Words that may join two numbers of a series: "thirty, or maybe thirty-five", "ten to twelve",
# "sixty-eight, no, sixty-nine", "oh seven and oh eight", "fifteen, I mean sixteen".
_JOINS = frozenset(
    {"or", "to", "and", "till", "until", "maybe", "no", "sorry", "actually", "i", "mean", "like"}
)
# A break in speech between two numbers: a dash or a pause, set off by spaces or not.
BREAK = re.compile(r"[ ]*(?:--|—|–|\.\.\.|…)[ ]*")
# Words with which a speaker, after breaking off a number, grants or takes back its start before
# saying it whole: "Twenty -- yeah. I mean twenty-three", "Thirty -- no. Thirty-one."
_RESTART_WORDS = frozenset({"yeah", "yes", "no", "sorry", "wait", "actually"})
# A clock time written in digits, which opens a series said on in words ("8:30 to twelve-fifteen").
# How far an age said before another may be from it when the speaker narrows it ("twenty-three,
# twenty-four"): a count said before an age is further off ("two, twenty-four").
_NARROWED_AGE = 3
_WRITTEN_TIME = re.compile(r"\b(?:[01]?\d|2[0-3]):[0-5]\d\b")


def find_series(f: Finder, found: list[Span]) -> list[Span]:
    """The dates, times and ages that go on in a series from those `found`, and the pairs of years
    and clock times that hold each other up; none overlaps what is found."""
    taken = list(found)
    out: list[Span] = []
    pairs = _year_pairs(f) + _same_hour_pairs(f) + _loose_clock_pairs(f)
    for first, second in zip(pairs[::2], pairs[1::2], strict=True):
        if not any(first.overlaps(t) or second.overlaps(t) for t in taken):
            out += [first, second]
            taken += [first, second]
    for span in _oh_years(f):
        if not any(span.overlaps(t) for t in taken):
            out.append(span)
            taken.append(span)
    anchors = [t for t in taken if t.label in ("DATE", "TIME", "AGE")] + _written_times(f)
    while anchors:
        more = []
        for anchor in anchors:
            for span in (_goes_on(f, anchor), _said_before(f, anchor), _year_of_a_day(f, anchor)):
                if span is not None and not any(span.overlaps(t) for t in taken):
                    more.append(span)
                    taken.append(span)
        out += more
        anchors = more
    return out


def bare_before_a_break(f: Finder, j: int) -> bool:
    """Whether the number ending before word j is broken off with a dash or a pause and the number
    said right after the break stands alone (`_Finder._bare_number`): what follows the break is the
    next number, not what the first counts, so the first stands alone as well ("I was seventy-one --
    seventy-one", "She's eighty-one -- eighty-two in January"; "thirty -- thirty minutes" counts)."""
    if not 0 < j < len(f.words) or not BREAK.fullmatch(f.gap(j - 1, j)):
        return False
    after = f.reader.read_cardinal(j)
    return after is not None and not f.word(j).isdigit() and f._bare_number(j, after.last)


def _written_times(f: Finder) -> list[Span]:
    return [
        Span(m.start(), m.end(), "TIME", ("presidio",), WEAK_SCORE) for m in _WRITTEN_TIME.finditer(f.text)
    ]


def _next_after(f: Finder, end: int, reach: int = 4) -> int | None:
    """The word where the next number of a series opens after offset `end`: set off by a comma, a
    dash or a pause, or joined by "or", "to", "and" or a correction, within the sentence (a new
    sentence only when it opens with a correction: "thirty-one that summer. No, thirty-two")."""
    k = bisect.bisect_right(f.word_ends, end)
    if k >= len(f.words) or k == 0:
        return None
    k = _after_a_closing_phrase(f, k)
    first = k
    # "Twenty -- yeah. I mean twenty-three": a break, then a word granting or taking back the start
    restart = re.match(r"[ ]*(?:--|—|–)", f.text[end:]) is not None and f.word(first) in _RESTART_WORDS
    while k < len(f.words) and k - first < reach and (f.word(k) in _JOINS or (restart and k == first)):
        k += 1
    if k >= len(f.words) or (
        f.reader.read_small(k, oh=True) is None and f.word(k) not in ("oh", "o", *f.v.named_hours)
    ):
        return None
    gaps = f.text[end : f.words[k].start]
    if re.search(r"[;:!?\n]", gaps) or (
        re.search(r"\.(?!\.)", gaps) and f.word(first) not in f.v.corrections and not restart
    ):
        return None
    joined = re.search(r"[,…—–]|--|\.\.\.", gaps) or any(f.word(n) in _JOINS for n in range(first, k))
    return k if joined else None


def _after_a_closing_phrase(f: Finder, k: int, reach: int = 3) -> int:
    """Word k, or the correction that opens the next sentence after the few words from word k that
    close the sentence of a number ("thirty-one that summer. No, thirty-two")."""
    for n in range(k, min(len(f.words) - 1, k + reach)):
        if re.search(r"[;:!?\n]", f.gap(n, n + 1)) or f.reader.read_small(n) is not None:
            return k
        if re.fullmatch(r"\.\s+", f.gap(n, n + 1)):
            return n + 1 if n + 1 < len(f.words) and f.word(n + 1) in f.v.corrections else k
    return k


def _goes_on(f: Finder, anchor: Span) -> Span | None:
    """The number of the anchor's kind that goes on from it in a series, or None."""
    k = _next_after(f, anchor.end)
    if k is None:
        return _next_hour_run_on(f, anchor) if anchor.label == "TIME" else None
    said = f.text[anchor.start : anchor.end]
    if anchor.label == "AGE":
        number = f.reader.read_cardinal(k)
        before = re.search(r"\d+", said)
        value = int(before.group()) if before else value_of(f, anchor)
        if (
            number is None
            or value is None
            or abs(number.value - value) > AGE_STEP
            or not 2 <= number.value < 120
        ):
            return None
        return f.span(k, number.last, "AGE", WEAK_SCORE) if f._bare_number(k, number.last) else None
    if anchor.label == "DATE":
        end = _year_end(f, k)
        if not end or not _a_year_said(f, anchor) or not f._no_count(end):
            return None
        return f.span(k, end, "DATE", WEAK_SCORE)
    if f.word(k) in f.v.named_hours:
        return f.span(k, k + 1, "TIME", WEAK_SCORE)  # "between eight and noon"
    end = _clock_end(f, k)
    return f.span(k, end, "TIME", WEAK_SCORE) if end and f._no_count(end) else None


def _said_before(f: Finder, anchor: Span) -> Span | None:
    """The number a speaker said right before an age or a clock time and narrowed or corrected to it,
    set off by a comma, a break or "or": the age a year or two off ("Twenty -- twenty-three,
    twenty-four", "eighty-one or eighty-two"), the hour said alone before the hour with its minutes
    ("six, six-fifteen"); or None. A count before an age stays ("two, twenty-four": too far off)."""
    if anchor.label not in ("AGE", "TIME"):
        return None
    a = bisect.bisect_left(f.word_ends, anchor.start + 1)
    if not 1 < a < len(f.words) or f.words[a].start != anchor.start or f.word(a).isdigit():
        return None
    last = a - 1 - (f.word(a - 1) == "or" and f.gap(a - 2, a - 1) == " ")
    asked = anchor.label == "TIME" and f.gap(last, a).strip() == "?"  # "like, eight? Eight-something."
    if not (last < a - 1 or asked or f.gap(last, a).strip() == "," or BREAK.fullmatch(f.gap(last, a))):
        return None
    first = last
    while first > 0 and f.gap(first - 1, first) in (" ", "-") and f.reader.read_small(first - 1):
        first -= 1
    said = f.reader.read_cardinal(first)
    if said is None or said.last != last + 1 or f.word(first).isdigit() or f.word(first - 1) in f.v.units:
        return None
    if anchor.label == "AGE":
        value = value_of(f, anchor)
        if value is None or not 2 <= said.value < 120 or abs(said.value - value) > _NARROWED_AGE:
            return None
    else:
        hour = f.reader.read_small(a)
        if (
            hour is None
            or hour.value != said.value
            or hour.last > bisect.bisect_left(f.word_ends, anchor.end)
        ):
            return None  # an hour said before the same hour with its minutes, not "ten, ten"
    return f.span(first, last + 1, anchor.label, WEAK_SCORE) if f._bare_number(first, last + 1) else None


def _year_of_a_day(f: Finder, anchor: Span) -> Span | None:
    """The year said alone in the sentence right after a month and its day said without one, by its
    last two digits ("May ninth. Eighty-two.", "March third. Seventy-nine."), or None."""
    said = [w.text for w in f.words[bisect.bisect_left(f.word_ends, anchor.start + 1) :][:4]]
    k = bisect.bisect_left(f.word_ends, anchor.end) + 1
    if anchor.label != "DATE" or not said or said[0] not in f.v.months or _a_year_said(f, anchor):
        return None
    if k >= len(f.words) or not re.fullmatch(r"\.[ ]+", f.gap(k - 1, k)) or f.words[k - 1].end != anchor.end:
        return None
    end = f._two_digit_year(k) if f.word(k) in f.v.tens else 0
    if not end or (end < len(f.words) and not re.search(r"[.!\n]", f.gap(end - 1, end))):
        return None  # the year is the whole sentence
    return f.span(k, end, "DATE", WEAK_SCORE)


def _next_hour_run_on(f: Finder, anchor: Span) -> Span | None:
    """The next hour said right after a clock time with its minutes and no mark between, as speech
    without punctuation corrects a time ("it was like ten thirty eleven i was gonna be back"), ending
    its phrase; or None."""
    k = bisect.bisect_right(f.word_ends, anchor.end)
    first = bisect.bisect_right(f.word_ends, anchor.start)
    said = f.reader.read_small(first)
    if k >= len(f.words) or f.gap(k - 1, k) != " " or said is None or said.last >= k:
        return None  # no minutes said after the anchor's hour
    hour = f.reader.read_small(k)
    if hour is None or f.word(k).isdigit() or hour.value != said.value % 12 + 1 or hour.last - k != 1:
        return None
    return f.span(k, hour.last, "TIME", WEAK_SCORE) if f._sentence_goes_on(hour.last) else None


def value_of(f: Finder, span: Span) -> int | None:
    first = bisect.bisect_right(f.word_ends, span.start)
    read = f.reader.read_cardinal(first) if first < len(f.words) else None
    return read.value if read is not None and f.words[read.last - 1].end == span.end else None


def _a_year_said(f: Finder, span: Span) -> bool:
    """Whether the date `span` ends with a year, said or written ("oh-eight", "'09", "1998")."""
    last = bisect.bisect_right(f.word_ends, span.end) - 1
    if last < 0:
        return False
    if re.fullmatch(r"\d{4}", f.word(last)) or f.word(last - 1) in ("oh", "o"):
        return True
    for first in (last - 1, last):  # "sixty-eight", "nineteen seventy-five", "ninety"
        read = f.reader.read_small(first)
        if read is not None and read.last == last + 1 and read.value >= 30:
            return True
    return False


def _year_end(f: Finder, k: int) -> int:
    """End of a year said from word k ("ninety-three", "oh-seven", "nineteen ninety"), or 0."""
    year = f.reader.read_year(k)
    if year is not None:
        return year.last
    return f._two_digit_year(k) if not f.word(k).isdigit() else 0


def _clock_end(f: Finder, k: int) -> int:
    """End of a clock time said from word k: an hour, its minutes or not, "in the morning" or not."""
    from reviewer_app.detectors.spoken_clock import time_suffix

    hour = f.reader.read_small(k)
    if hour is None or not 1 <= hour.value <= 12 or f.word(k).isdigit():
        return 0
    end = hour.last
    if f.reader._joined(end) and f.word(end) == "oh" and f.word(end + 1) in f.v.units:
        end += 2
    else:
        minutes = f.reader.read_small(end) if f.reader._joined(end) else None
        if minutes is not None and 10 <= minutes.value <= 59 and not f.word(end).isdigit():
            end = minutes.last
    return time_suffix(f, end) or end


def _year_pairs(f: Finder) -> list[Span]:
    """Two years said by their last digits in a range or a correction, after a comma, a filler or
    a preposition of time: "Yuma, ninety-one to ninety-three", "in uh sixty eight no sixty nine",
    "I was six, ninety-six -- no, eighty-six" (not "pages forty-one to forty-three")."""
    out: list[Span] = []
    openers = f.v.tens.keys() | {"oh", "o", "zero"}  # a year by its last digits opens with them
    for i in [n for n, w in enumerate(f.words) if n and w.text in openers]:
        end = f._two_digit_year(i)
        if not end or (out and f.words[i].start < out[-1].end):
            continue
        opened = re.search(r"[,.;:!?\n]", f.gap(i - 1, i)) or f.word(i - 1) in (
            f.v.year_prepositions | {"uh", "um"}
        )
        k = _next_after(f, f.words[end - 1].end, reach=3)
        if not opened or k is None or not any(f.word(n) in ("to", "no") for n in range(end, k)):
            continue
        second = _year_end(f, k)
        if not second or second - k > 2 or not f._no_count(second):
            continue
        first_value, second_value = f.reader.read_small(i), f.reader.read_small(k, oh=True)
        if first_value is None or second_value is None or abs(second_value.value - first_value.value) > 20:
            continue
        out += [f.span(i, end, "DATE", WEAK_SCORE), f.span(k, second, "DATE", WEAK_SCORE)]
    return out


def _same_hour_pairs(f: Finder) -> list[Span]:
    """Two clock times on the same hour, each with its minutes, set off by a comma or joined by "or"
    as a speaker narrows the time: "on her break, ten fifty, ten fifty-five," (not "five ten, five
    eleven", a height)."""
    out: list[Span] = []
    hours = {w for w, value in (f.v.units | f.v.teens).items() if 1 <= value <= 12}
    for i in [n for n, w in enumerate(f.words) if w.text in hours]:
        first = _hour_and_minutes(f, i)
        if first is None or (out and f.words[i].start < out[-1].end):
            continue
        end = first[1]
        k = _next_after(f, f.words[end - 1].end, reach=2)
        second = _hour_and_minutes(f, k) if k is not None else None
        if second is None or f.word(k) != f.word(i) or not f._no_count(second[1]):
            continue
        out += [f.span(i, end, "TIME", WEAK_SCORE), f.span(k, second[1], "TIME", WEAK_SCORE)]
    return out


def _loose_clock_pairs(f: Finder) -> list[Span]:
    """Two clock times offered together as a speaker places a time loosely, set off by a comma, a
    break or "or": an hour and the same hour with its minutes either way round ("Six, six-fifteen",
    "ten-thirty, ten --"), or the second half of an hour and the next hour ("five-thirty, six",
    "ten forty-five or eleven"). The pair's shape is the cue: two counts or sums are not said so, and
    feet and inches ("five, five-ten") stay, and so does a pair whose phrase goes on ("three,
    three-fifty a gallon")."""
    out: list[Span] = []
    for i in range(len(f.words)):
        if (out and f.words[i].start < out[-1].end) or f.word(i).isdigit():
            continue
        first = _loose_clock(f, i)
        if first is None:
            continue
        k = _next_after(f, f.words[first[2] - 1].end, reach=2)
        second = _loose_clock(f, k) if k is not None and not f.word(k).isdigit() else None
        if second is None or not _a_loose_pair(first, second) or not _ends_a_loose_time(f, second[2]):
            continue
        out += [f.span(i, first[2], "TIME", WEAK_SCORE), f.span(k, second[2], "TIME", WEAK_SCORE)]
    return out


def _loose_clock(f: Finder, i: int) -> tuple[int, int, int] | None:
    """(hour, minutes, end) of an hour said in words from word i, with its minutes from 10 or none
    (0); None where it is no hour or could be feet and inches ("five-ten")."""
    hour = f.reader.read_small(i)
    if hour is None or not 1 <= hour.value <= 12 or hour.last != i + 1:
        return None
    minutes = f.reader.read_small(hour.last) if f.reader._joined(hour.last) else None
    if minutes is None or f.word(hour.last).isdigit():
        return hour.value, 0, hour.last
    if not 10 <= minutes.value <= 59 or (4 <= hour.value <= 7 and minutes.value <= 11):
        return None
    return hour.value, minutes.value, minutes.last


def _ends_a_loose_time(f: Finder, j: int) -> bool:
    """Whether the pair's second time ends its phrase before word j: a mark, a break, a word that
    opens a clause, or its part of the day ("eleven, eleven-thirty at night")."""
    from reviewer_app.detectors.spoken_clock import time_suffix

    broken = 0 < j < len(f.words) and BREAK.fullmatch(f.gap(j - 1, j)) is not None
    return f._sentence_goes_on(j) or broken or bool(time_suffix(f, j))


def _a_loose_pair(first: tuple[int, int, int], second: tuple[int, int, int]) -> bool:
    """Whether two clock readings (`_loose_clock`) are one time placed loosely: the same hour, one of
    them with its minutes, or the second half of an hour and the next hour."""
    (hour, minutes, _), (next_hour, next_minutes, _) = first, second
    if hour == next_hour:
        return (minutes == 0) != (next_minutes == 0)
    return minutes >= 30 and next_minutes == 0 and next_hour == hour % 12 + 1


def _hour_and_minutes(f: Finder, i: int) -> tuple[int, int] | None:
    """(hour, end) of an hour in words and its minutes from 10 ("ten fifty-five") from word i."""
    hour = f.reader.read_small(i)
    if hour is None or not 1 <= hour.value <= 12 or hour.last != i + 1:
        return None
    minutes = f.reader.read_small(hour.last) if f.reader._joined(hour.last) else None
    if minutes is None or not 10 <= minutes.value <= 59 or f.word(hour.last).isdigit():
        return None
    if 4 <= hour.value <= 7 and minutes.value <= 11:
        return None  # "five ten" may be feet and inches
    return hour.value, minutes.last


def _oh_years(f: Finder) -> list[Span]:
    """A year said by its last digit after "oh" joined by a hyphen ("That was oh-eight, or maybe
    oh-seven"), standing alone: no number said before or after it, as in a number read digit by
    digit ("eighty-two oh-five", "five five five, oh-one")."""
    out = []
    for i in [n for n, w in enumerate(f.words[:-1]) if n and w.text in ("oh", "o")]:
        if f.gap(i, i + 1) != "-" or f.word(i + 1) not in f.v.units:
            continue
        before = f.word(i - 1)
        if f.reader.read_small(i - 1) is not None or before in f.v.units or len(before) == 1:
            continue
        if re.search(r"[,;:]\s*$", f.gap(i - 1, i)) and f.reader.read_small(i - 2) is not None:
            continue  # "five five five, oh-one"
        if f.reader.read_small(i + 2) is None and f._sentence_goes_on(i + 2):
            out.append(f.span(i, i + 2, "DATE", WEAK_SCORE))
    return out


def says_again_an_age(f: Finder, readings: list[Reading | None], found: list[Span], reach: int = 40) -> bool:
    """Whether a number of `readings` (13 and over) says again an age `found` shortly before, opening a
    sentence or a line or after a word that takes up what was said ("wait you said thirteen and then
    fourteen", "you're right thirty eight thirty nine", "so thirty eight"); the speech of a
    transcript without punctuation, where no sentence opens."""
    number = readings[0]
    if number is None or not found:
        return False
    first = number.first
    # "at age twelve, 1991 ... Then on 3-11-92, still twelve,": "still" says the age is unchanged
    still = f.word(first - 1) == "still" and "," in f.gap(first - 2, first - 1)
    values = {r.value for r in readings if r is not None and (r.value >= 13 or still)}
    if not values:
        return False
    opens = first == 0 or re.search(r"[.;:!?\n]", f.gap(first - 1, first)) is not None
    if not (opens or f.word(first - 1) in SAID_AGAIN_CUES | f.v.hedges | f.v.corrections):
        return False
    start = f.words[first].start
    for age in reversed(found):
        if age.end > start:
            continue
        if len(f.text[age.end : start].split()) > reach:
            return False
        if value_of(f, age) in values:
            return True
    return False
