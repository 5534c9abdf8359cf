"""Clock times said loosely or written beside something else (issue 12): the minutes after an hour
said with "o'clock", a named hour that ends a range from a written time, an hour after a comma and
"after", minutes before "every morning", the 24-hour clock after "at about" and naming a daily event,
a wall-clock time after a date written year first; and a weight after a height that answers "height
and weight", which is no clock time. Each rule has sentences it must find and sentences it must
leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import load_merge_rules
from reviewer_app.core.number_filters import drop_non_sensitive_numbers
from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.importers.text import document_from_text
from tests.unit.test_recognizers import matches


def times(text: str) -> list[str]:
    tags = document_from_text("said", text).speaker_tags()
    return [text[s.start : s.end] for s in find_spoken_forms(text, speaker_tags=tags) if s.label == "TIME"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was closer to two. Like, 2 o'clock, five after. I don't know.", ["two", "five after"]),
        ("The score was closer to two.", []),
        # "Closer to" gives an hour only where a clock is said near it or the time was asked.
        ("Q. Was it a year? A. It was closer to two.", []),
        ("Q. What time was it? A. It was closer to two.", ["two"]),
        ("Q. Was it at night? A. It was closer to two.", ["two"]),
        ("Q. Was it at night?\n\nA. No. It was closer to two.", []),
        ("We left at 2 o'clock, five after us came.", []),
        ("And you work in the kitchen, 4 a.m. to noon.", ["noon"]),
        ("We went to noon service.", []),
        ("Gold, after five, Tuesdays and Fridays.", ["five"]),
        ("Gold, after five years, Tuesdays.", []),
        ("He writes a ducat for five-forty every morning.", ["five-forty"]),
        ("He writes a ducat for five-forty every day.", []),
        # After a word naming an hour of the day.
        ("so why are you out at night your curfew is ten\nSPEAKER_01: i know", ["ten"]),
        ("The curfew is ten days.", []),
        # The next hour run on after a time with its minutes, as speech without marks corrects it.
        ("SPEAKER_01: i know it was like ten thirty eleven i was gonna be back", ["ten thirty", "eleven"]),
        ("SPEAKER_01: i know it was like ten thirty twelve i was gonna be back", ["ten thirty"]),
    ],
)
def test_clock_times_said_loosely(text, expected):
    assert times(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DEPUTY: Height and weight.\nARRESTEE: Five eleven. Two-ten, two-fifteen.", []),
        # Without the question of a weight the numbers after a height are clock times.
        (
            "DEPUTY: Height?\nARRESTEE: Five eleven.\nDEPUTY: When?\nARRESTEE: Two-ten, two-fifteen.",
            ["Two-ten", "two-fifteen"],
        ),
    ],
)
def test_a_weight_after_a_height_asked_with_it(text, expected):
    assert times(text) == expected


def test_the_24_hour_clock_after_at_about_before_a_daily_event_and_after_a_year_first_date(specs):
    assert matches(specs, "TIME", "the dayroom door on 4/25 at about 1930, the night before") == ["1930"]
    assert matches(specs, "TIME", "at about 1930 levels") == []
    # "At about" with a year-like number says a clock only where a day is named or a time of the day said.
    assert matches(specs, "TIME", "On 4/25 at about 1930, he left.") == ["1930"]
    assert matches(specs, "TIME", "It happened at about 1930, before count.") == ["1930"]
    assert matches(specs, "TIME", "We moved to Fresno at about 1930, my grandfather and me.") == []
    assert matches(specs, "TIME", "He gets metformin at the 0600 med pass.") == ["0600"]
    assert matches(specs, "TIME", "He filed the 0612 forms and the 0612 report.") == []
    # with its leading zero the 24-hour clock needs no cue, unless it numbers or counts something
    assert matches(specs, "TIME", "They call it 0600 on the board. Last year it was 0800 and 2000.") == [
        "0600",
        "0800",
        "2000",
    ]
    for numbered in (
        "Bates 0001 to 0040.",
        "Call 555 0117 or 555-0117.",
        "Badge 0412, ext. 0417.",
        "Code 0000.",
        # a message, a rule, a form (an agency's initials between), a tier or an invoice is numbered too
        "MSG 0006 was sent. Tier 0212 searched.",
        "The court cited Rule 0305 and Form CDCR 0128 in its order. Invoice 0519 paid.",
    ):
        assert matches(specs, "TIME", numbered) == []


def test_a_wall_clock_opening_a_row_of_a_log(specs):
    log = "TIME       UNIT    EVENT\n14:06:22   2318    DISPATCHED\n  14:09:51\t2318    ENROUTE\n"
    assert matches(specs, "TIME", log) == ["14:06:22", "14:09:51"]
    # a recording's elapsed stamp, a stamp alone on its line and one before a note stay to the stamps' rules
    for stamped in (
        "00:04:18   He walks to the car.\n",
        "14:06:22\n",
        "01:10:12  (inaudible)\n",
        # a stamp before a speaker's tag opens a turn, not a log's row, however late the recording runs
        "00:00:04  JUDGE MARSH: Good morning.\n05:12:33  JUDGE MARSH: We're back after the lunch recess.\n",
    ):
        assert matches(specs, "TIME", stamped) == []
    assert matches(specs, "TIME", "The display reads 2024-03-22, 14:08:01. Do you see him?") == ["14:08:01"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The 24-hour clock read out as a phrase of its own, as a radio log or a body camera has it.
        ("AGENT: Copy, fifteen thirty. Thank you.", ["fifteen thirty"]),
        # ... also with its minutes after "oh"
        ("DISPATCH: Respond to a disturbance. Time fourteen-oh-six.", ["fourteen-oh-six"]),
        ("DISPATCH: Copy, twenty-three oh five.", ["twenty-three oh five"]),
        ("It was twenty-oh-six, I think.", []),
        ("AGENT: End of contact, fifteen thirty-two.", ["fifteen thirty-two"]),
        (
            "AGENT: Today's date is October twenty-first, time is fifteen twelve. I'm here.",
            ["fifteen twelve"],
        ),
        # ... not after another number, nor a year.
        ("CALLER: Call five five nine, fifteen thirty-two.", []),
        ("CALLER: It was nineteen forty.", []),
        # ... nor the answer to a question about a cell, a room or a badge: their numbers.
        ("Which cell? Fifteen twelve. That was my cell.", []),
        ("What time was it? Fifteen twelve. Copy.", ["Fifteen twelve"]),
        # Fillers after the time preposition; the answer that says it again after a speaker's tag.
        ("NC: Visiting is at, what, one-fifteen?\nTM: One-fifteen, yeah.", ["one-fifteen", "One-fifteen"]),
        # An hour after a weekday and "at".
        ("QUIROGA: Thursday at eight. Yes ma'am.", ["eight"]),
        ("QUIROGA: Weed at eight. Yes ma'am.", []),
        # A loose time with its part of the day.
        ("The next call was the CHP, at two-something in the morning.", ["two-something in the morning"]),
        ("He's forty-something in the morning light.", []),
    ],
)
def test_clock_times_read_out_and_answered(text, expected):
    assert times(text) == expected


def test_the_24_hour_clock_written_again_after_the_12_hour_clock(specs):
    assert matches(specs, "TIME", "I got a strap tamper alert at 2:17 a.m., 0217. The device") == [
        "2:17 a.m.",
        "0217",
    ]
    assert matches(specs, "TIME", "Case 12:17, 0217 was filed.") == ["12:17"]  # no "a.m.": no 0217


def test_a_date_of_hours_open_on_every_weekday_leaves_its_clock_times():
    text = "We're open eight to five, Monday through Friday."
    date = "eight to five, Monday through"
    spans = [
        Span(text.index("eight"), text.index("eight") + 5, "TIME", ("presidio",), 0.6),
        Span(text.index("five"), text.index("five") + 4, "TIME", ("presidio",), 0.6),
        Span(text.index(date), text.index(date) + len(date), "DATE", ("spacy",), 0.85),
    ]
    kept = drop_non_sensitive_numbers(spans, text, load_merge_rules())
    assert sorted(s.text_in(text) for s in kept) == ["eight", "five"]
    # A weekday that names one day keeps the date.
    text = "We met eight to five, last Monday."
    date = "eight to five, last Monday"
    spans[2] = Span(text.index(date), text.index(date) + len(date), "DATE", ("spacy",), 0.85)
    kept = drop_non_sensitive_numbers(spans, text, load_merge_rules())
    assert date in [s.text_in(text) for s in kept]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an event of an institution's day names the hour said after it
        ("First chow is five-forty-five. Lunch they bring a sack.", ["five-forty-five"]),
        ("Unlock was six-fifteen that day.", ["six-fifteen"]),
        ("Lunch is twelve.", ["twelve"]),
        # an hour alone after one must end its phrase: here it counts
        ("Breakfast was one egg and toast.", []),
        ("Lunch was two dollars.", []),
        # lockdown and recall are said of counts as often as of hours: an hour alone after one is none
        ("Lockdown was six.", []),
        ("Recall was nine.", []),
    ],
)
def test_the_hour_of_an_event_of_the_day(text, expected):
    assert times(text) == expected
