"""Clock times on the 24-hour clock said or written during a recording whose own clock the document
gives: a body camera's, a 911 call's or a radio log's header says when the recording started
("Recording start: 23:14:06 (device clock)", "Call start: 10:42 a.m."), and a dispatcher or an
officer says the time of what happens on that clock ("Copy, one in custody, two-three-two-eight.",
"en route to the station with one, twenty-three forty-one", a file named `..._2314.mp4`).

A four-figure number is a count, a badge or a unit as often as a time, so the document decides: a
number read as hours and minutes is a time only when it is the recording's clock where it is said
(the start plus the time a line's stamp says has elapsed; without a stamp, within `_LENGTH` after
the start), and stands alone (set off before it, no count after it): a unit's call sign said as
"twenty-one fifteen" stays a name wherever the clock shows another time, and so do four figures
said to open a sentence before a unit's status ("Copy, 2318 en route") or said three times where
call signs show radio traffic (never after a clock cue: "at twenty-three ten"), where the clock
happens to show them: a clock moves on, a call sign does not. The start field itself, written as
four figures ("Start: 0942", "TIME STARTED: 1538 hours"), is a time by its field's name, unless the
figures may be a year and the field does not say it is a time ("Sentence began: 2015"). Read over
the words of the spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import bisect
import functools
import re
from typing import TYPE_CHECKING

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken_heights import WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# How long after its start a recording's times are looked for, in minutes; a minute before it
# allows for the start said as its whole minute ("Recording start: 23:14:06" and "2314").
_LENGTH = 90
_BEFORE = 1
# The field of a header that gives the start of a recording or a call, and its value: a clock time
# with a colon ("23:14:06", "10:42 a.m.") or four figures ("0942", "1538 hours").
_START_FIELD = re.compile(
    r"^[^\n]{0,60}?\b(?:start(?:ed)?|began|begins?)\b[^\n:]{0,30}:[ \t]*"
    r"(?:\d{4}-\d\d-\d\d[ T]+|\d\d?/\d\d?/\d{2,4}[ ]+)?"  # "2026-10-21 15:11:52"
    r"(?:(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?::[0-5]\d)?(?:[ ]?(?P<meridiem>[ap])\.?m\.?)?"
    r"|(?P<figures>(?:[01]\d|2[0-3])[0-5]\d)(?:[ ]hours)?)\b",
    re.IGNORECASE | re.MULTILINE,
)
# Four figures that are as often a year as a clock time: 1900-2059.
_A_YEAR = re.compile(r"19\d\d|20[0-5]\d")
# The time elapsed since the start, stamped at a line's start ("[00:05:45]", "00:00:47  DISPATCH:",
# "[08:49]"); a time said on the line is the start's clock plus it, within `_STAMP_SLACK` minutes.
_ELAPSED = re.compile(
    r"^[ \t]*[\[(]?(?:(?P<h>\d{1,2}):)?(?P<m>[0-5]?\d):(?P<s>[0-5]\d)(?:[.,]\d+)?[\])]?", re.MULTILINE
)
_STAMP_SLACK = 3
# Four figures in a speaker's tag name a unit ("UNIT 2115:"): said, they are its call sign, no time.
_IN_A_TAG = re.compile(
    r"^(?:[ \t]*[\[(]?[\d:.,]+[\])]?)?[^\n:]{0,40}?\b((?:[01]\d|2[0-3])[0-5]\d)\b[^\n:\d]{0,20}:",
    re.MULTILINE,
)
# How often a unit's call sign is said: a clock moves on, so the same four figures said this often in
# one text name a unit, while a time is said once and read back once at most.
_CALL_SIGN_REPEATS = 3
# How many words after four figures a unit's status may come in their sentence ("2320 now en route").
_STATUS_REACH = 6
# A header is the top of a document: a start field further down is a part of the record.
_HEADER = 1500


def recording_clock_times(f: Finder, found: list[Span], document: str) -> list[Span]:
    """The start field written as four figures at the top of the finder's text and the 24-hour clock
    times said within the recording whose start the header of the `document` gives (the finder's
    text is a part of it: a long document is read in parts); none overlaps what is `found`."""
    out = [
        Span(field.start("figures"), field.end(), "TIME", ("presidio",), WEAK_SCORE)
        for field in _START_FIELD.finditer(f.text[:_HEADER])
        if field.group("figures") and _a_clock_field(field)
    ]
    starts = recording_starts(document)
    if not starts:
        return []
    taken = list(found) + out
    stamps = [(m.start(), _elapsed_minutes(m)) for m in _ELAPSED.finditer(f.text)]
    call_signs = {int(m.group(1)[:2]) * 60 + int(m.group(1)[2:]) for m in _IN_A_TAG.finditer(f.text)}
    call_signs |= call_signs_said(f, on_the_air=True)
    for i in range(len(f.words)):
        said = _clock_said(f, i)
        if said is None or said[1] in call_signs:
            continue
        stamp = bisect.bisect_right(stamps, (f.words[i].start, float("inf"))) - 1
        if stamp >= 0:  # said at a stamped moment: the start and the time elapsed tell the clock
            if not any(_near(said[1], start + stamps[stamp][1]) for start in starts):
                continue
        elif not any(_within(said[1], start) for start in starts):
            continue
        span = f.span(i, said[0], "TIME", WEAK_SCORE)
        if not any(span.overlaps(t) for t in taken) and _stands_alone(f, i, said[0]):
            out.append(span)
            taken.append(span)
    return out


def recording_starts(document: str) -> list[int]:
    """The minutes of the day at which the recording starts, as the `document`'s header gives it."""
    return [
        _minutes_of(field) for field in _START_FIELD.finditer(document[:_HEADER]) if _a_clock_field(field)
    ]


def call_signs_said(f: Finder, on_the_air: bool = False) -> set[int]:
    """The four figures (as minutes of the day, as `_clock_said` reads them) that name a unit, in a
    recording of radio traffic (`on_the_air`) or a text whose speakers' tags name units by four
    figures: said to open a turn or a sentence (after an acknowledgment at most) and followed in it
    by the unit's status with no comma nor other number between ("Copy, 2318 en route"; not a log's
    "1412   4L22   ARRIVED", nor "At twenty-two fifteen I was on the way"), or, where such a call
    sign or a tag shows radio traffic, said `_CALL_SIGN_REPEATS` times or more with no clock cue
    before (a hearing says the time of an offence again and again, dispatch reads back "at
    twenty-three ten")."""
    said: dict[int, int] = {}
    signs: set[int] = set()
    radio = _radio_words()
    statuses = [status.split() for status in radio["unit_status"]]
    tagged = {int(m.group(1)[:2]) * 60 + int(m.group(1)[2:]) for m in _IN_A_TAG.finditer(f.text)}
    for i in range(len(f.words)):
        clock = _clock_said(f, i)
        if clock is None or f.word(i - 1) in radio["clock_cues"]:
            continue
        end, minutes = clock
        said[minutes] = said.get(minutes, 0) + 1
        opens = f._opens_a_sentence(i) or (
            f.word(i - 1) in radio["acknowledgments"] and f._opens_a_sentence(i - 1)
        )
        for k in range(end, min(len(f.words), end + _STATUS_REACH) if opens else end):
            if re.search(r"[.,;:!?\n]", f.gap(k - 1, k)) or _a_number_at(f, k):
                break  # "1412   4L22   ARRIVED": the status is the unit's said after the time
            if any([f.word(n) for n in range(k, k + len(status))] == status for status in statuses):
                signs.add(minutes)
                break
    if not (on_the_air or tagged) or not (signs or tagged):
        return set()  # a start field alone shows no radio traffic: a time said again stays a time
    return signs | {minutes for minutes, count in said.items() if count >= _CALL_SIGN_REPEATS}


def said_as_a_call_sign(f: Finder, span: Span, signs: set[int]) -> bool:
    """Whether `span` is exactly four figures or a 24-hour clock said in words whose minutes of the
    day are one of the call signs `signs` (`call_signs_said`)."""
    i = bisect.bisect_left(f.word_ends, span.start + 1)
    clock = _clock_said(f, i) if i < len(f.words) and f.words[i].start == span.start else None
    return clock is not None and clock[1] in signs and f.words[clock[0] - 1].end == span.end


def _a_number_at(f: Finder, k: int) -> bool:
    """Whether word k is a number or holds a figure ("4L22", "fourteen")."""
    return any(c.isdigit() for c in f.word(k)) or f.reader.read_small(k) is not None


@functools.cache
def _radio_words() -> dict[str, list[str]]:
    return load_table("spoken.toml")["radio"]


def _a_clock_field(field: re.Match[str]) -> bool:
    """Whether a start field gives a clock time: four figures that could be a year ("Sentence began:
    2015", "Term start: 1998") are one only where the field says it is a time ("Time started: 2015",
    "Start: 2015 hours") or starts a call or a recording ("Call began: 2015"); other four figures
    ("Start: 0942") and a clock with a colon always are."""
    figures = field.group("figures")
    if not figures or not _A_YEAR.fullmatch(figures):
        return True
    name = field.group().lower()
    return bool(re.search(r"\b(?:time|call|recording)\b", name)) or name.endswith("hours")


def _minutes_of(field: re.Match[str]) -> int:
    """The minutes of the day of a start field's clock time."""
    if field.group("figures"):
        return int(field.group("figures")[:2]) * 60 + int(field.group("figures")[2:])
    hour = int(field.group("hour")) % 12 if field.group("meridiem") else int(field.group("hour"))
    return (hour + (12 if (field.group("meridiem") or "").lower() == "p" else 0)) * 60 + int(
        field.group("minute")
    )


def _within(minutes: int, start: int) -> bool:
    return (minutes - start + _BEFORE) % (24 * 60) <= _LENGTH + _BEFORE


def _near(minutes: int, clock: float) -> bool:
    """Whether a time said is the recording's clock at a stamp, give or take `_STAMP_SLACK` (what
    is said after the stamp, and a radio's clock a little off the camera's)."""
    off = (minutes - clock) % (24 * 60)
    return min(off, 24 * 60 - off) <= _STAMP_SLACK


def _elapsed_minutes(stamp: re.Match[str]) -> float:
    hours, minutes, seconds = stamp.group("h") or "0", stamp.group("m"), stamp.group("s")
    return int(hours) * 60 + int(minutes) + int(seconds) / 60


def _stands_alone(f: Finder, i: int, end: int) -> bool:
    """Whether the time of words i..end-1 is set off before it (a mark, a line's or a file name's
    separator, "at") and counts nothing after it."""
    set_off = i == 0 or re.search(r"[,.;:!?(\n_]\s*\Z", f.gap(i - 1, i)) or f.word(i - 1) in ("at", "time")
    return bool(set_off) and f._no_count(end) and not re.match(r"[-/:,]\d", f.text[f.words[end - 1].end :])


def _clock_said(f: Finder, i: int) -> tuple[int, int] | None:
    """(end, minutes of the day) of a 24-hour clock time from word i: four figures ("2314"), four
    digits said one by one ("two-three-one-four"), or an hour past noon or after "zero" and its
    minutes ("twenty-three forty-one", "oh nine forty-two"); or None."""
    w = f.word(i)
    if re.fullmatch(r"\d{4}", w):
        return _clock_of(i + 1, int(w[:2]), int(w[2:]))
    digits = _digits_one_by_one(f, i)
    if digits is not None:
        return _clock_of(i + 4, digits[0] * 10 + digits[1], digits[2] * 10 + digits[3])
    if w.isdigit():
        return None
    zero = w in ("zero", "oh") and f.word(i + 1) in f.v.units and f.gap(i, i + 1) in (" ", "-")
    hour = f.reader.read_small(i + 1 if zero else i)
    if hour is None or not (zero or 13 <= hour.value <= 23) or not f.reader._joined(hour.last):
        return None
    minutes = f.reader.read_small(hour.last)
    if minutes is None or not 10 <= minutes.value <= 59 or f.word(hour.last).isdigit():
        return None
    return _clock_of(minutes.last, hour.value, minutes.value)


def _digits_one_by_one(f: Finder, i: int) -> list[int] | None:
    """The four digits said one by one from word i, joined by hyphens or spaces and no fifth after
    them ("two-three-one-four"), or None."""
    said = [f.v.units.get(f.word(k)) for k in range(i, min(i + 4, len(f.words)))]
    if i > 0 and f.word(i - 1) in f.v.units and f.gap(i - 1, i) in ("-", " "):
        return None  # the tail of a longer run of digits
    if len(said) < 4 or None in said or any(f.gap(k, k + 1) not in ("-", " ") for k in range(i, i + 3)):
        return None
    if i + 4 < len(f.words) and f.word(i + 4) in f.v.units and f.gap(i + 3, i + 4) in ("-", " "):
        return None
    return [d for d in said if d is not None]


def _clock_of(end: int, hour: int, minute: int) -> tuple[int, int] | None:
    return (end, hour * 60 + minute) if hour <= 23 and minute <= 59 else None
