"""Clock times said loosely or written beside something else (issue 12): the minutes after an hour
said with "o'clock", a named hour that ends a range from a written time, an hour after a comma and
"after", minutes before "every morning", the 24-hour clock after "at about" and naming a daily event,
a wall-clock time after a date written year first; and a weight after a height that answers "height
and weight", which is no clock time. Each rule has sentences it must find and sentences it must
leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms
from tests.unit.test_recognizers import matches


def times(text: str) -> list[str]:
    return [text[s.start : s.end] for s in find_spoken_forms(text) if s.label == "TIME"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was closer to two. Like, 2 o'clock, five after. I don't know.", ["two", "five after"]),
        ("The score was closer to two.", []),
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
    assert matches(specs, "TIME", "He gets metformin at the 0600 med pass.") == ["0600"]
    assert matches(specs, "TIME", "He filed the 0612 forms and the 0612 report.") == []
    assert matches(specs, "TIME", "The display reads 2024-03-22, 14:08:01. Do you see him?") == ["14:08:01"]
