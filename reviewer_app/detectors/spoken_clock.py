"""Clock times said in words beyond "hour minutes": "quarter past two", "twenty to six in
the morning", "ten of five"; the 24-hour clock ("sixteen hundred hours", "at twenty-two
fifty-three"); "midnight" and "noon" said as a time of day. Read over the words of the
spoken-form finder (`detectors/spoken.py`) with its reader and cue words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reading, words_of
from reviewer_app.detectors.spoken_heights import SCORE, WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder


def clock_fractions(f: Finder) -> list[Span]:
    """ "quarter past two", "half past ten", "twenty to six in the morning", "ten of five": a
    quarter or a half before "past" or "to" and an hour is a time; a number of
    minutes is one only after a time preposition or before "in the morning"."""
    out: list[Span] = []
    for i in range(len(f.words)):
        w = f.word(i)
        fraction = w in ("quarter", "half")
        read = None if fraction else f.reader.read_small(i)
        if not fraction and (read is None or not 1 <= read.value <= 30 or f.word(i).isdigit()):
            continue
        if not fraction and _minutes_of_an_hour_before(f, i):
            continue  # "six-thirty to nine at night": the thirty is six-thirty's
        j = i + 1 if fraction else read.last
        minutes_said = not fraction and f.word(j) in ("minutes", "minute")  # "five minutes to ten"
        j += minutes_said
        if f.word(j) not in ("past", "to", "after", "till", "of") or (w == "half" and f.word(j) != "past"):
            continue
        if f.word(j) == "of" and not (fraction or read.value % 5 == 0):
            continue  # "ten of five", "a quarter of eight"; not "one of two"
        hour = f.reader.read_small(j + 1)
        if (
            hour is None
            and (fraction or read.value % 5 == 0)
            and (_after_an_hour_said(f, i, j) or _hour_left_out(f, i, j))
        ):
            out.append(
                f.span(i - (f.word(i - 1) == "a"), j + 1, "TIME", WEAK_SCORE)
            )  # "at ten, quarter after,"
            continue
        # "quarter to 10": after a quarter or a half the hour may be written in digits
        if hour is None or not 1 <= hour.value <= 12 or (f.word(j + 1).isdigit() and not fraction):
            continue
        end = time_suffix(f, hour.last) or hour.last
        first = i - (f.word(i - 1) == "a")
        # "five after nine" needs no cue when nothing follows the hour ("ten to eleven votes").
        plain = f.word(j) in ("past", "after") and f.clause_end(hour.last)
        cue = (
            f.word(first - 1) in f.v.time_prepositions
            or it_was(f, first)
            or after_a_part_of_the_day(f, first)
        )
        if not (fraction or plain or end > hour.last or cue) or (minutes_said and not f.clause_end(end)):
            continue  # "five minutes to ten people" counts
        if f.word(j) == "of" and not (end > hour.last or f.clause_end(hour.last)):
            continue  # "at ten of five" ends its phrase; "a quarter of ten people" counts
        span = f.span(first, end, "TIME", SCORE if fraction or end > hour.last else WEAK_SCORE)
        if not (out and out[-1].overlaps(span)):
            out.append(span)
    return out


def _minutes_of_an_hour_before(f: Finder, i: int) -> bool:
    """Whether the number at word i gives the minutes of an hour said right before it ("six-thirty",
    "six thirty")."""
    hour = f.reader.read_small(i - 1) if i > 0 else None
    return hour is not None and hour.last == i and 1 <= hour.value <= 12 and f.gap(i - 1, i) in ("-", " ")


def after_a_part_of_the_day(f: Finder, first: int, gaps: tuple[str, ...] = (", ",)) -> bool:
    """Whether a part of the day ("night", "that evening"; not "day") comes right before word
    `first`, one of `gaps` between: "that morning, twenty to eleven," names the hour of that
    morning; with a space too, "saturday night about eleven"."""
    k = first - 1
    return k >= 0 and f.word(k) in f.v.day_nouns and f.word(k) != "day" and f.gap(k, k + 1) in gaps


def _after_an_hour_said(f: Finder, i: int, j: int) -> bool:
    """Whether the quarter or half at word i, and "after" or "past" at word j ending its phrase,
    correct an hour said after a time preposition or with "o'clock" just before, the hour left
    out: "at ten, quarter after,", "2 o'clock, five after"."""
    if f.gap(i - 1, i).strip() != "," or f.word(j) not in ("past", "after") or not f._sentence_goes_on(j + 1):
        return False
    if f.word(i - 1) in ("o'clock", "oclock"):
        return True  # "Like, 2 o'clock, five after."
    hour = f.reader.read_small(i - 1) if i > 1 else None
    said = hour is not None and hour.last == i and 1 <= hour.value <= 12
    return said and f.word(i - 2) in f.v.time_prepositions


def _hour_left_out(f: Finder, i: int, j: int) -> bool:
    """Whether the minutes or the quarter at word i and "past", "after" or "till" at word j (or "to"
    after a quarter) end their phrase after a time cue, the hour left out as understood: "we left
    about twenty past.", "it was quarter after", "it might have been quarter to"; or make a sentence
    of their own, as an answer does ("Five after. Maybe ten after."); not "half past" alone, nor
    "ten after ten people", nor "from five to ten to"."""
    first = i - (f.word(i - 1) == "a")
    quarter_to = f.word(j) == "to" and f.word(i) == "quarter"
    opener = first - (f.word(first - 1) in f.v.hedges)
    return (
        (f.word(j) in ("past", "after", "till") or quarter_to)
        and f.word(i) != "half"
        and f._sentence_goes_on(j + 1)
        and (
            f.word(first - 1) in f.v.time_prepositions | {"been"}
            or it_was(f, first)
            or (
                f._opens_a_sentence(opener) and re.match(r"[ \t]*[.?!]", f.text[f.words[j].end :]) is not None
            )
        )
    )


def day_clock(f: Finder) -> list[Span]:
    """The 24-hour clock: "sixteen hundred hours", "oh six thirty hours", and after
    a time preposition "at sixteen hundred" ("hundred" alone is no count there)."""
    out: list[Span] = []
    for i in range(len(f.words)):
        if f.word(i) in ("oh", "zero") and f.reader.read_small(i + 1, oh=False):
            hour = f.reader.read_small(i + 1)
            hour = None if hour.value > 9 else hour
        else:
            hour = f.reader.read_small(i)
        if hour is None or not 0 <= hour.value <= 23 or f.word(i).isdigit():
            continue
        if out and f.words[i].start < out[-1].end:
            continue
        j = hour.last
        by_digit = False
        if f.word(j) == "hundred":
            end = j + 1
        else:
            minutes = f.reader.read_small(j, oh=True)
            if f.word(j) in ("oh", "zero") and f.word(j + 1) in f.v.units:
                end = j + 2
            elif minutes is not None and 10 <= minutes.value <= 59 and not f.word(j).isdigit():
                end = minutes.last
            elif _minutes_digit_by_digit(f, i, j):
                end, by_digit = j + 2, True  # "the time is zero nine four two"
            else:
                continue
        if f.word(end) in f.v.clock_hours:
            out.append(f.span(i, end + 1, "TIME"))
        elif (
            # "at oh-six-thirty": the leading zero makes it the 24-hour clock
            (
                f.word(end - 1) == "hundred"
                or f.word(i) in ("oh", "zero")
                or _hour_of_the_day(f, hour, j)
                or by_digit
            )
            and (
                f.word(i - 1) in f.v.time_prepositions
                or f.word(i - 1) == "time"
                or by_digit
                or _clock_read_out(f, i, end, hour, j)
            )
            and f._no_count(end)
            and not address_after(f, end)
        ):
            # "at sixteen hundred"; "at twenty-two fifty-three": no hour of a 12-hour clock
            out.append(f.span(i, end, "TIME", WEAK_SCORE))
    return out


def _clock_read_out(f: Finder, i: int, end: int, hour: Reading, j: int) -> bool:
    """Whether an hour past noon and its minutes from word i (`_hour_of_the_day`) are read out on the
    24-hour clock as a phrase of their own, as a radio log or a body camera's narration has it:
    "Copy, fifteen thirty.", "End of contact, fifteen thirty-two.", "the time is fifteen twelve"
    (not after another number: "five five nine, fifteen thirty-two" reads a telephone number)."""
    if not _hour_of_the_day(f, hour, j) or f.word(i) in ("oh", "zero"):
        return False
    if end < len(f.words) and not re.search(r"[.;!?,\n]", f.gap(end - 1, end)):
        return False
    if f.word(i - 1) in ("is", "was") and f.word(i - 2) == "time":
        return True  # "Today's date is October twenty-first, 2026, time is fifteen twelve."
    if i > 0 and "?" in f.gap(i - 1, i) and _asks_for_a_numbered_thing(f, i - 1):
        return False  # "Which cell? Fifteen twelve." answers with a cell's number
    if i == 0 or re.search(r"[.;:!?\n]", f.gap(i - 1, i)):
        return True
    return "," in f.gap(i - 1, i) and f.reader.read_small(i - 1) is None and not f.word(i - 1).isdigit()


def _asks_for_a_numbered_thing(f: Finder, last: int) -> bool:
    """Whether the question ending at word `last` names one of the things a number is asked for
    (`numbered_things`: "Which cell?", "What was your badge number?")."""
    k = last
    while k >= 0 and (k == last or not re.search(r"[.;!?\n]", f.gap(k, k + 1))):
        if f.word(k) in f.v.numbered_things:
            return True
        k -= 1
    return False


def _minutes_digit_by_digit(f: Finder, i: int, j: int) -> bool:
    """Whether words j and j+1 are the two digits of the minutes of a 24-hour clock read digit by
    digit from "zero" or "oh" at word i, after "time" ("the time is zero nine four two")."""
    digits = [f.v.units.get(f.word(k)) for k in (j, j + 1)]
    return (
        f.word(i) in ("oh", "zero")
        and None not in digits
        and digits[0] <= 5
        and f.gap(j - 1, j) == " "
        and f.gap(j, j + 1) == " "
        and any(f.word(k) == "time" for k in range(max(0, i - 6), i))  # "the time is zero nine, uh, zero ..."
        and f._sentence_goes_on(j + 2)
    )


def _hour_of_the_day(f: Finder, hour: Reading, j: int) -> bool:
    """Whether an hour past noon and its minutes from word j are said as one clock time
    ("twenty-two fifty-three"); not two numbers ("fourteen, fifteen") nor two ages one after the
    other ("thirteen fourteen")."""
    minutes = f.reader.read_small(j, oh=True)  # "fourteen-oh-six": the minutes after "oh"
    year = f.reader.read_year(hour.first)
    if year is not None and year.last > j:
        return False  # "since twenty nineteen" is a year
    return (
        13 <= hour.value <= 23
        and bool(f.reader._joined(j))
        and minutes is not None
        and minutes.value != hour.value + 1
    )


def midnight_and_noon(f: Finder) -> list[Span]:
    """ "a little after midnight", "by noon", "it was midnight": the hour named by a word,
    after a time preposition or "it was" ("a midnight snack" names none)."""
    out = []
    for i in range(len(f.words)):
        if f.word(i) not in f.v.named_hours:
            continue
        # "around noon": a hedge may be the time preposition itself; "it was almost midnight"
        cues = (i - 1, i - 1 - (f.word(i - 1) in f.v.hedges))
        if (
            any(f.word(c) in f.v.time_prepositions | f.v.hour_cues or it_was(f, c + 1) for c in cues)
            or says_again_a_time(f, i, lambda: out)
            or _ends_a_range_from_a_time(f, i)
        ):
            out.append(f.span(i, i + 1, "TIME", WEAK_SCORE))
    return out


# A clock time written in digits with its "a.m." or "o'clock", ending right before a word.
_WRITTEN_CLOCK_BEFORE = re.compile(r"\d(?::[0-5]\d)?[ ]?(?:[ap]\.?[ ]?m\.?|o['’]?[ ]?clock)[ ]+$", re.I)


def _ends_a_range_from_a_time(f: Finder, i: int) -> bool:
    """Whether the hour named at word i follows "to", "till" or "until" right after a clock time
    written with its "a.m." or "o'clock": "you work in the kitchen, 4 a.m. to noon"."""
    if i < 1 or f.word(i - 1) not in ("to", "till", "until"):
        return False
    start = f.words[i - 1].start
    return _WRITTEN_CLOCK_BEFORE.search(f.text[max(0, start - 16) : start]) is not None


def says_again_a_time(f: Finder, i: int, found: Callable[[], list[Span]], reach: int = 80) -> bool:
    """Whether word i opens a sentence, after a hedge or not, by saying again the first word of a
    clock time found shortly before in the sentence or line before it: "at like eight in the morning.
    Eight, eight-thirty.", "Like six-forty? Six-forty-something.", "at noon? Noon, twelve-thirty."."""
    opener = i - (f.word(i - 1) in f.v.hedges)
    after_a_tag = opener > 0 and f.words[opener - 1].start in f.tag_starts  # "TM: One-fifteen, yeah"
    if opener < 1 or not (re.search(r"[.?!\n]", f.gap(opener - 1, opener)) or after_a_tag):
        return False  # a new line opens a turn in captions: "it's ten forty two" / "ten forty two sorry"
    start = f.words[opener].start
    for t in found():
        if t.end <= start and start - t.end <= reach and "\n\n" not in f.text[t.end : start]:
            said = [w.text for w in words_of(f.text[t.start : t.end])]
            if said[:1] == [f.word(i)] or (said[1:2] == [f.word(i)] and said[0] in f.v.hedges):
                return True
    return False


def it_was(f: Finder, i: int) -> bool:
    """Whether "it's", "it is" or "it was" comes right before word i, or before a hedge there:
    "it was ten forty", "it's twenty to three", "it is now ten thirty-one" say the time."""
    k = i - (f.word(i - 1) in f.v.hedges)
    return f.word(k - 1) == "it's" or (f.word(k - 1) in ("is", "was") and f.word(k - 2) == "it")


def time_suffix(f: Finder, j: int) -> int:
    """End of "o'clock", "a m", "p.m.", "in the morning", "at night" after word j, or 0."""
    if f.word(j) in ("o'clock", "oclock"):
        return j + 1
    if f.word(j) == "o" and f.word(j + 1) == "clock":
        return j + 2
    if f.word(j) in f.v.meridiems:
        return j + 1
    if f.word(j) == "sharp" and f._sentence_goes_on(j + 1):
        return j + 1  # "at nine sharp"; "two sharp knives" go on
    if f.word(j) in ("a", "p") and f.word(j + 1) == "m":
        return j + 2
    for phrase in f.v.day_parts:
        if tuple(f.word(j + k) for k in range(len(phrase))) == phrase:
            return j + len(phrase)
    return 0


def address_after(f: Finder, j: int, reach: int = 3) -> bool:
    """Whether a street follows word j-1 in the same phrase, so that the numbers before it are a
    house number ("it's at fourteen twelve east market street"), not a clock time."""
    for k in range(j, min(len(f.words), j + reach)):
        if re.search(r"[.;:!?,\n]", f.gap(k - 1, k)) or f.word(k) in f.v.function_words:
            return False  # "we met at ten fifteen on main street"
        if f.word(k) in f.v.street_words:
            return True
    return False
