"""Clock times said as an hour and its minutes: "ten fifteen", "nine oh five", "around ten,
ten fifteen" (a correction), "seven to three thirty" (a range with minutes), "open till five"
(an hour after a cue), "ten-ish"; with the clock fractions, the 24-hour clock, midnight and noon
of `detectors/spoken_clock.py`. Read over the words of the spoken-form finder
(`detectors/spoken.py`) with its reader and cue words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reading
from reviewer_app.detectors.spoken_clock import (
    address_after,
    after_a_part_of_the_day,
    clock_fractions,
    day_clock,
    it_was,
    midnight_and_noon,
    says_again_a_time,
    time_suffix,
)
from reviewer_app.detectors.spoken_day_hours import hours_of_a_day
from reviewer_app.detectors.spoken_heights import WEAK_SCORE
from reviewer_app.detectors.spoken_recording_clock import (
    call_signs_said,
    recording_clock_times,
    recording_starts,
    said_as_a_call_sign,
)
from reviewer_app.detectors.spoken_series import BREAK

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder


def find_times(f: Finder, document: str) -> list[Span]:
    """The clock times said in words in the finder's text, those of `spoken_clock` included, and those
    of the 24-hour clock of a recording whose start the header of the `document` the text is a part
    of gives (`spoken_recording_clock`)."""
    fractions = clock_fractions(f) + day_clock(f) + midnight_and_noon(f)
    out: list[Span] = []

    def said_before() -> list[Span]:
        return out + fractions

    for i in range(len(f.words)):
        hour = f.reader.read_small(i)
        if hour is None or not 1 <= hour.value <= 12:
            continue
        if out and f.words[i].start < out[-1].end:
            continue
        j = hour.last
        if f.word(i).isdigit():
            # Digits are a clock time only as an hour said alone after its cue ("I left work at 5
            # and went") or opening a range to a time ("between 11 and 12 that night"); with
            # minutes or a suffix the date-and-time patterns find them.
            if _digit_hour_alone(f, i, j) or (
                f.word(i - 1) in ("between", "from") and _range_to_a_time(f, j)
            ):
                out.append(f.span(i, j, "TIME", WEAK_SCORE))
            elif _ish(f, j) and (_time_cue_before(f, i) or it_was(f, i)):
                out.append(f.span(i, j + 1, "TIME", WEAK_SCORE))  # "at 6-something"
            continue
        minutes = _minutes_after(f, j)
        end = minutes or j
        after = time_suffix(f, end)
        loose = f.word(end) in ("ish", "something") and f.gap(end - 1, end) in ("-", " ")
        if loose and time_suffix(f, end + 1):
            out.append(f.span(i, time_suffix(f, end + 1), "TIME"))  # "at two-something in the morning"
        elif _ish(f, end) and (_time_cue_before(f, i) or it_was(f, i) or _narrows_an_hour(f, i, hour)):
            out.append(f.span(i, end + 1, "TIME", WEAK_SCORE))  # "around ten-ish"
        elif after or _range_to_a_time(f, end):  # "between ten and eleven at night"
            out.append(f.span(i, after or end, "TIME"))
        elif (
            minutes
            and (
                _time_cue_before(f, i)
                or (it_was(f, i) and not _like_a_height(f, hour, j))
                or _corrects_a_time(f, i)
                or _ends_a_range(f, i, out)
                or _restates_a_time(f, i, said_before)
                or says_again_a_time(f, i, said_before)
                or i in f.time_answers
                or _every_day(f, minutes)
                or _after_an_hour_noun(f, i)
            )
            and f._no_count(minutes)
            and not address_after(f, minutes)
        ):
            out.append(f.span(i, minutes, "TIME", WEAK_SCORE))
        elif not minutes and (
            _hour_alone(f, i, j)
            or _hour_to_a_meal(f, i, j)
            or _corrected_to_a_time(f, i, j)
            or _ends_a_range(f, i, out)
            or _opens_a_range(f, j, minutes)
            or _hours_of_a_shift(f, i, j)
            or (_restates_a_time(f, i, said_before) and f._sentence_goes_on(j))
            or (says_again_a_time(f, i, said_before) and f._sentence_goes_on(j))
            or (i in f.time_answers and f._sentence_goes_on(j))  # "At what time?" "Eleven."
            # "your curfew is ten", "Curfew's nine the first ninety days": the noun says the hour is one of
            # the day, so only a count after it is no clock time ("the curfew is two hours later")
            or (_after_an_hour_noun(f, i, j) and f._no_count(j))
        ):
            out.append(f.span(i, j, "TIME", WEAK_SCORE))  # "open till five"
        elif minutes and _opens_a_range(f, minutes, minutes):
            out.append(f.span(i, minutes, "TIME", WEAK_SCORE))  # "nine thirty to five"
    # "half past ten in the evening" takes in the "ten in the evening" found above.
    kept = [t for t in out if not any(f.start <= t.start and t.end <= f.end for f in fractions)]
    found = sorted(kept + [f for f in fractions if not any(f.overlaps(t) for t in kept)])
    # "Friday between nine and three": a range of hours on the day said before it
    found += [s for s in hours_of_a_day(f) if not any(s.overlaps(t) for t in found)]
    found += _written_again(f, found)
    found = sorted(found + recording_clock_times(f, found, document))  # "one in custody, two-three-two-eight"
    # "Copy, 2318 en route. [...] Twenty-three eighteen, one detained."
    signs = call_signs_said(f, on_the_air=bool(recording_starts(document)))
    return [t for t in found if not said_as_a_call_sign(f, t, signs)] if signs else found


def _written_again(f: Finder, found: list[Span]) -> list[Span]:
    """The 24-hour clock in digits right after a clock time said in words, after a comma: "the
    time is ten-oh-four, 1004." (as a hearing officer reads the clock for the record)."""
    ends = {t.end for t in found}
    return [
        f.span(i, i + 1, "TIME", WEAK_SCORE)
        for i, word in enumerate(f.words)
        if i
        and f.words[i - 1].end in ends
        and re.fullmatch(r"(?:[01]\d|2[0-3])[0-5]\d", word.text)
        and f.gap(i - 1, i).strip() == ","
        and f._sentence_goes_on(i + 1)
    ]


def _after_an_hour_noun(f: Finder, i: int, j: int | None = None) -> bool:
    """Whether a word naming an hour of the day and "is", "was" or "of" come right before word i,
    "is" joined to it or not: "your curfew is ten", "with a curfew of eight", "bedtime was nine
    thirty", "Curfew's nine the first ninety days". An event of the day (`routine_nouns`: "First chow
    is five-forty-five") names one too, but an hour said alone after it, ending before word j, must
    end its phrase ("Lunch is twelve.", not "Breakfast was one egg")."""
    joined = re.fullmatch(r"(\w+)['’]s", f.word(i - 1)) if i > 0 else None
    if joined and f.gap(i - 1, i) == " ":
        noun = joined.group(1)
    elif f.word(i - 1) in ("is", "was", "of"):
        noun = f.word(i - 2)
    else:
        return False
    routine = noun in f.v.routine_nouns and (j is None or f._sentence_goes_on(j))
    return noun in f.v.hour_nouns or routine


def _every_day(f: Finder, j: int) -> bool:
    """Whether a part of the day said as every day's follows word j-1: "a ducat for five-forty every
    morning", "the bus at six fifteen each night"."""
    return f.word(j) in ("every", "each") and f.word(j + 1) in f.v.day_nouns and f.word(j + 1) != "day"


def _hours_of_a_shift(f: Finder, i: int, j: int) -> bool:
    """Whether the hour of words i..j-1 opens a range of hours after a word of a shift of work (a comma
    between or not) or a part of the day and "from", where no minutes are needed: "she was on the night
    shift ten to six", "Second watch, six to two", "Tuesday nights from six to eight" ("worked ten to
    twelve hours" counts them)."""
    cue = i > 0 and f.word(i - 1) in f.v.shift_words and f.gap(i - 1, i).strip() in ("", ",")
    return (cue or _from_a_part_of_the_day(f, i)) and _opens_a_range(f, j, 1)


def _from_a_part_of_the_day(f: Finder, i: int) -> bool:
    """Whether "from" and a part of the day before it come right before word i: "on Tuesday nights
    from six to eight", "mornings from nine to eleven"."""
    return f.word(i - 1) == "from" and f.word(i - 2).removesuffix("s") in f.v.day_nouns


def _opens_a_range(f: Finder, j: int, minutes: int | None) -> bool:
    """Whether "to", "till" or "until" and a clock time follow word j-1, either side
    saying its minutes: "I work seven to three thirty", "nine thirty to five" ("from
    seven to three" may count anything)."""
    if f.word(j) not in ("to", "till", "until"):
        return False
    hour = f.reader.read_small(j + 1)
    if hour is None or not 1 <= hour.value <= 12 or f.word(j + 1).isdigit():
        return False
    end = _minutes_after(f, hour.last)
    return bool(minutes or end) and f._no_count(end or hour.last)


def _ends_a_range(f: Finder, i: int, found: list[Span]) -> bool:
    """Whether word i follows "to", "till" or "until" right after a clock time found
    as the start of a range (`_opens_a_range`)."""
    return (
        i >= 2
        and f.word(i - 1) in ("to", "till", "until")
        and bool(found)
        and found[-1].end == f.words[i - 2].end
        and _opens_a_range(f, i - 1, 1)
    )


def _minutes_after(f: Finder, j: int) -> int | None:
    """End of the minutes said right after an hour ending before word j ("ten fifteen",
    "nine oh five"), or None; "ten, fifteen" are two numbers."""
    if not f.reader._joined(j):
        return None
    if f.word(j) == "oh" and f.word(j + 1) in f.v.units:
        return j + 2
    read = f.reader.read_small(j)
    if read is not None and 10 <= read.value <= 59 and not f.word(j).isdigit():
        return read.last
    return None


def _corrects_a_time(f: Finder, i: int) -> bool:
    """Whether the hour and minutes from word i restate an hour said just before, after a
    time cue, with a comma or a break between: "around ten, ten fifteen", "at six -- six-thirty"."""
    said = f.reader.read_small(i - 1)
    hour = f.reader.read_small(i)
    return (
        said is not None
        and hour is not None
        and said.value == hour.value
        # "like nine nine thirty" in captions; "it's at six -- six-thirty" after a break
        and (f.gap(i - 1, i).strip() in (",", "") or BREAK.fullmatch(f.gap(i - 1, i)) is not None)
        and f.said_before_in_clause(i - 1, f.v.time_prepositions)  # "around, I don't know, nine"
    )


# A clock time written in digits that ends right before a comma: "around 3 o'clock, maybe three".
_WRITTEN_TIME_BEFORE = re.compile(r"\d(?::[0-5]\d)?[ ]?(?:[ap]\.?[ ]?m\.?|o['’]?[ ]?clock)$", re.IGNORECASE)


def _restates_a_time(f: Finder, i: int, found: Callable[[], list[Span]]) -> bool:
    """Whether word i follows a comma, and a hedge or not, right after a clock time said or
    written (`found`: those said): "quarter to eleven, ten forty", "around 3 o'clock, maybe three"."""
    opener = i - (f.word(i - 1) in f.v.hedges)
    if opener < 1 or f.gap(opener - 1, opener).strip() != ",":
        return False
    end = f.words[opener - 1].end
    return (
        any(t.end == end for t in found())
        or _WRITTEN_TIME_BEFORE.search(f.text[max(0, end - 12) : end]) is not None
    )


def _corrected_to_a_time(f: Finder, i: int, j: int) -> bool:
    """Whether the hour of words i..j-1 is followed by its correction with minutes
    ("maybe one, one ten"): the first try is a time too."""
    minutes = _minutes_after(f, j + 1) if j == i + 1 and _corrects_a_time(f, j) else None
    return minutes is not None and f._no_count(minutes)


def _like_a_height(f: Finder, hour: Reading, j: int) -> bool:
    """Whether an hour and the minutes after word j-1 could be feet and inches ("it was five ten")."""
    minutes = f.reader.read_small(j)
    return 4 <= hour.value <= 7 and minutes is not None and minutes.value <= 11


def _ish(f: Finder, j: int) -> bool:
    """Whether "-ish" or "something" follows the number ending before word j ("ten-ish",
    "eleven-something", "eleven something"), ending its phrase."""
    suffix = (f.word(j) == "ish" and f.gap(j - 1, j) == "-") or (
        f.word(j) == "something" and f.gap(j - 1, j) in ("-", " ")
    )
    return suffix and f._sentence_goes_on(j + 1)


def _narrows_an_hour(f: Finder, i: int, hour: Reading) -> bool:
    """Whether the hour at word i, said loosely ("eleven-something"), comes right after the same hour
    said alone and set off by a comma, a question mark or a break, as a speaker narrows a time
    ("I said eleven, eleven-something", "That was like, eight? Eight-something.")."""
    said = f.reader.read_small(i - 1) if i > 0 else None
    return (
        said is not None
        and said.last == i
        and said.value == hour.value
        and not f.word(i - 1).isdigit()
        and not f.person_is(i - 1)  # "He was eight? Eight-something." narrows an age
        and (f.gap(i - 1, i).strip() in (",", "?") or BREAK.fullmatch(f.gap(i - 1, i)) is not None)
    )


def _time_cue_before(f: Finder, i: int) -> bool:
    """A time preposition right before word i ("around nine forty", "close to ten-thirty"), or
    "time" in the three words before it ("the time is now ten fifteen")."""
    if f.word(i - 1) in f.v.time_prepositions or f.word(f._before_fillers(i - 1)) in f.v.time_prepositions:
        return True  # "Visiting is at, what, one-fifteen?"
    if f.word(i - 1) == "to" and f.word(i - 2) in ("close", "closer"):
        return True  # "It was a Monday night, close to ten-thirty."
    # "the time is now ten fifteen", "Back on the record, eleven twenty-six" (a hearing notes the clock)
    return any(f.word(k) in ("time", "record") for k in range(max(0, i - 3), i)) or _a_clock_said(f, i)


def _a_clock_said(f: Finder, i: int) -> bool:
    """Whether a clock is said to say or show the words from word i, shortly before in the sentence:
    "the clock on the dash said one eighteen", "the clock in my truck said nine-something"."""
    return f.word(i - 1) in ("said", "says", "read", "reads", "showed", "shows") and f.said_before_in_clause(
        i - 1, ("clock", "clocks", "watch", "dashboard")
    )


def _hour_alone(f: Finder, i: int, j: int) -> bool:
    """Whether the number of words i..j-1 is an hour said alone: after a cue ("open till
    five", "ends at eleven"), ending its phrase; not in a list of what happened at what
    age ("Weed at twelve. Meth by fifteen."), where the cue follows the sentence's first word."""
    cue = i - 1 - (f.word(i - 1) in f.v.hedges and f.word(i - 2) in f.v.hour_cues)
    if f.word(cue) in ("about", "like") and after_a_part_of_the_day(f, cue, (" ", ", ")):
        return f._sentence_goes_on(j)  # "saturday night about eleven"
    if f.word(cue) == "to" and f.word(cue - 1) in ("close", "closer") and it_was(f, cue - 1):
        return f._sentence_goes_on(j) and _clock_said_near(f, i, j)  # "It was closer to two."
    to_a_meal = f.word(j) == "for" and f.word(j + 1) in f.v.day_events  # "at twelve for lunch"
    if f.word(cue) not in f.v.hour_cues or not (f._sentence_goes_on(j) or to_a_meal):
        return False  # "open till five", "we got there at about nine"
    if f.word(cue) == "by" and (
        (f.word(j) in f._personal_subjects and f.adjacent(j - 1)) or f.reader.read_small(cue - 1) is not None
    ):
        return False  # "By seven I was drinking" dates a life, not a day; "one by one" no hour
    opener = f.word(cue - 1)  # "It's almost eight" has its verb; "Weed at twelve" none
    if opener in f.v.impersonal_subjects | f.v.contracted | f.v.subjects:
        return True
    if f.word(cue) == "at" and f.word(cue - 1) in f.v.weekdays | {"today", "tomorrow", "tonight"}:
        return True  # "Thursday at eight."
    if f.word(cue) in ("after", "around", "before", "until", "till") and (
        f._opens_a_sentence(cue) or "," in f.gap(cue - 1, cue)
    ):
        return True  # the answer "After one.", "Gold, after five, Tuesdays" ("At twelve." may give an age)
    return cue == 0 or (cue >= 2 and not re.search(r"[.;:!?\n]", f.gap(cue - 2, cue - 1)))


def _clock_said_near(f: Finder, i: int, j: int, reach: int = 20) -> bool:
    """Whether a clock is said within `reach` words of the words i..j-1 in the same paragraph
    ("o'clock", "p.m.", "in the morning"): "It was closer to two. Like, 2 o'clock"; not "Was it a
    year?" "It was closer to two." (an answer to "what time" is found as such)."""
    opens = f.text.rfind("\n\n", 0, f.words[i].start)
    ends = f.text.find("\n\n", f.words[i].end) % (len(f.text) + 1)  # the text's end where none
    near = range(max(0, i - reach), min(len(f.words), j + reach))
    return any(opens < f.words[k].start < ends and time_suffix(f, k) for k in near)


def _digit_hour_alone(f: Finder, i: int, j: int) -> bool:
    """Whether the digits at word i are an hour said alone after its cue, as a word would be
    ("got there at 3.", "opens at 8"): not a part of "$5", "5.5" or "5:30" ("at 5 percent" counts)."""
    after = f.gap(i, i + 1) if i + 1 < len(f.words) else ""
    if re.search(r"[$#/:.,'’-]$", f.gap(i - 1, i)) or re.match(r"[%:/'’-]|[.,]\Z", after):
        return False
    return _hour_alone(f, i, j)


def _hour_to_a_meal(f: Finder, i: int, j: int) -> bool:
    """Whether the hour of words i..j-1 opens a span of the day that ends at a meal or a named
    hour: "from about nine until lunch", "from ten till noon", "between eight and noon"."""
    cue = i - 1 - (f.word(i - 1) in f.v.hedges)
    joins = ("and",) if f.word(cue) == "between" else ("until", "till", "til", "to")
    return (
        f.word(cue) in ("from", "between")
        and f.word(j) in joins
        and f.word(j + 1) in f.v.day_events
        and (f._sentence_goes_on(j + 2) or f.word(j + 2) in ("on", "every", "each"))
    )


def _range_to_a_time(f: Finder, j: int) -> bool:
    """Whether "and", "to" or "or" and a clock time with its "p.m." or "at night" follow word j-1."""
    if f.word(j) not in ("and", "to", "or", "till", "until"):
        return False
    hour = f.reader.read_small(j + 1)
    if hour is None or not 1 <= hour.value <= 12:
        return False
    minutes = f.reader.read_small(hour.last)
    end = minutes.last if minutes is not None and 10 <= minutes.value <= 59 else hour.last
    return bool(time_suffix(f, end))
