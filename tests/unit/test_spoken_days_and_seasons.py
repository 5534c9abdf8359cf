"""A weekday set off by a comma or told by an event (core/spoken_numbers.py) and a season broken
off before its year (detectors/spoken_periods.py), on texts written for these tests."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms


def found(text: str) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text)]


@pytest.mark.parametrize(
    ("text", "weekday"),
    [
        ("I have an appointment Monday, at 10:40, with the doctor.", "Monday"),
        ("I got a phone Saturday, it's a prepaid.", "Saturday"),
        ("Full time, starting the first Monday after he reports to his agent.", "Monday"),
        ("He's expecting you there the first Tuesday you're out.", "Tuesday"),
    ],
)
def test_a_weekday_that_names_one_day(text, weekday):
    assert ("DATE", weekday) in found(text)


@pytest.mark.parametrize(
    ("text", "weekday"),
    [
        ("Visits are Saturday, Sunday, nine to three.", "Saturday"),
        ("Visits are Saturday, Sunday, nine to three.", "Sunday"),
        ("We meet every Tuesday, it's the group.", "Tuesday"),
        # opening a sentence after a list of days, no verb before it says the one day
        ("Saturday and one late night. Wednesday, maybe, because of the pantry.", "Wednesday"),
        ("Meetings are the first Sunday of the month.", "Sunday"),
    ],
)
def test_a_weekday_of_every_week_or_month_is_no_date(text, weekday):
    assert ("DATE", weekday) not in found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a season broken off before the year said after a few words
        (
            "That was the summer of -- it'd be eighty-seven. I washed cars.",
            [("DATE", "summer"), ("DATE", "eighty-seven")],
        ),
        ("I lied and said eighteen. Summer of -- that'd be seventy-five. Peaches.", [("DATE", "Summer")]),
        ("She taught you in the spring of -- it says 2017.", [("DATE", "spring")]),
    ],
)
def test_a_year_said_after_a_break_or_in_the_next_sentence(text, expected):
    for item in expected:
        assert item in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "the summer of -- I don't know, forty-two guys were there.",
        "Summer of -- I don't know. Forty-two guys.",
    ],
)
def test_no_year_where_none_is_said_alone(text):
    assert not [said for _, said in found(text) if said.lower() in ("forty-two", "seventy-nine")]
