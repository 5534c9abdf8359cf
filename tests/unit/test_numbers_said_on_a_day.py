"""Hours, ages and heights whose meaning the words right around them give (issue 12): a range of hours
said right after the day it is given for ("Friday between nine and three"), an hour after an hour
noun joined to its "is" ("Curfew's nine"), an age after a verb broken off by a dash and a hedge
("when I was -- I think four") and two numbers split by a question mark, which are no feet and
inches ("I was -- six? Seven."). Each rule has sentences it must find and sentences it must leave
alone."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms


def said(text: str, label: str) -> list[str]:
    return [text[s.start : s.end] for s in find_spoken_forms(text) if s.label == label]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Intake is Monday through Friday between nine and three. Is that your first choice?",
            ["nine", "three"],
        ),
        ("I worked at the donut shop, mornings, five to eleven.", ["five", "eleven"]),
        ("Or Monday, November 16th, one to five.", ["one", "five"]),
        ("I'm at the open house on March 21st, noon to three, at the library.", ["noon", "three"]),
        ("Sundays, two to four.", ["two", "four"]),
        # No day right before: a range of anything.
        ("Intake is between nine and three.", []),
        ("We were nine to eleven in the cell.", []),
        ("The day, two to four.", []),
        # A count, two equal numbers, a score.
        ("On Sundays, two to three times.", []),
        ("On Friday, one to one.", []),
        ("We played Saturday, five to two, and we won.", []),
        ("Saturday we lost, five to two.", []),
    ],
)
def test_a_range_of_hours_said_after_its_day(text, expected):
    assert said(text, "TIME") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MR. WHITACRE: Curfew's nine the first ninety days. House meetings.", ["nine"]),
        ("Bedtime's ten on weekends.", ["ten"]),
        ("The curfew's ten days late.", []),
        # "is" joined to another noun says nothing of the hour.
        ("The house's nine the first ninety days.", []),
    ],
)
def test_an_hour_after_an_hour_noun_joined_to_its_is(text, expected):
    assert said(text, "TIME") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He came home when I was -- I think four. He did not talk.", ["four"]),
        ("It was my mom and my dad till I was -- I want to say six. He went back.", ["six"]),
        ("She was -- maybe nineteen.", ["nineteen"]),
        # The hedge must follow the dash: a break elsewhere is another sentence.
        ("He came home when I was in -- I think four hours.", []),
        ("It was -- I think four.", []),
    ],
)
def test_an_age_after_a_verb_broken_off_by_a_dash_and_a_hedge(text, expected):
    assert said(text, "AGE") == expected


def test_two_numbers_split_by_a_question_mark_are_no_feet_and_inches():
    text = "We moved to Sacramento. I was -- six? Seven. My mom is Gloria."
    assert said(text, "HEIGHT") == []
    assert said(text, "AGE") == ["six", "Seven"]
    assert said("He's six-two, shaved head.", "HEIGHT") == ["six-two"]
    # A comma or a pause between feet and inches is still a height said.
    assert said("The suspect was about six, one.", "HEIGHT") == ["six, one"]
    assert said("He was five, ten tall.", "HEIGHT") == ["five, ten"]
