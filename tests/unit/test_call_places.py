"""Places, people and times as callers and witnesses say them (resources/patterns/calls.toml):
a house number and a street's name without "Street", the apartment after an address, cross
streets; a described person's age by decade and race; clock times said loosely."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.profiles import GENERAL, HEARING
from tests.unit.test_general_recognizers import matches


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yeah, I'm at 6120 Bellweather, it's the blue house.", ["6120 Bellweather"]),
        ("The address is 77 East Harrowgate, unit 4B.", ["77 East Harrowgate, unit 4B"]),
        ("It's 310 Quillon Ridge, apartment 12, upstairs.", ["310 Quillon Ridge, apartment 12"]),
        ("we live on 1409 Tamsin Court", []),  # identifiers.toml's street address
        ("She's at 2800 Wendover Street, apt. 3C now", ["2800 Wendover Street, apt. 3C"]),
        # Numbers before a month, a weekday or a unit of time, and numbers after no place word.
        ("It started on 5 March and again at 10 Monday morning.", []),
        ("The total is 45 Minutes of footage.", []),
        ("Exhibit 12 Marquez was shown to the witness.", []),
        ("He counted 300 Raiders fans outside.", []),
        ("put him on 1993 Phoenix Team and they win", []),
    ],
)
def test_spoken_addresses(text, expected):
    assert matches("spoken_address", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Okay, and the cross street is Pellham?", ["Pellham"]),
        ("cross streets are Thistle and Brannock Avenue", ["Thistle and Brannock Avenue"]),
        ("It's 4410 Ormond, between Carraway and Delisle.", ["Carraway and Delisle"]),
        # "between" two people, with no address before it.
        ("It was between Marisol and Dmitri, not me.", []),
        ("The cross street is a mess tonight.", []),
    ],
)
def test_cross_streets(text, expected):
    assert matches("cross_streets", text) == expected


def test_loose_places_are_for_calls_not_hearings():
    specs = {s.name: s for s in load_recognizer_specs()}
    for name in (
        "spoken_address",
        "cross_streets",
        "description_age",
        "description_race",
        "loose_clock_time",
    ):
        assert specs[name].runs_in(GENERAL) and not specs[name].runs_in(HEARING)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Thin guy, late twenties, maybe early thirties.", ["twenties", "thirties"]),
        ("an older lady, like sixties maybe", ["sixties"]),
        ("a mid-forties man in a cap", ["forties"]),
        # A decade of the calendar, and decades with no word of estimate before them.
        ("back in the late sixties and the early eighties", []),
        ("music from the seventies", []),
    ],
)
def test_ages_by_decade_in_a_description(text, expected):
    assert matches("description_age", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("white male, about six foot", ["white"]),
        ("Two Hispanic guys and a black female got out.", ["Hispanic", "black"]),
        ("It was an Asian woman, I think.", ["Asian"]),
        # Colours of things, and the words alone.
        ("Black hoodie, white sneakers, a black Camry.", []),
        ("the white house on the corner", []),
    ],
)
def test_race_words_before_a_word_for_a_person(text, expected):
    assert matches("description_race", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Just now, like, eight-ish?", ["eight-ish"]),
        ("So quarter past nine, nine twenty.", ["nine twenty"]),
        ("she left around three, three-thirty maybe", ["three", "three-thirty"]),
        # Counts and ages, not clock times.
        ("there were about two, two hundred people", []),
        ("he was five, five and a half", []),
        ("it costs eleven, eleven fifty", []),
    ],
)
def test_clock_times_said_loosely(text, expected):
    assert matches("loose_clock_time", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Call-taker:   Public Safety Dispatcher R. Lindqvist, ID 2204", ["R. Lindqvist"]),
        ("Interviewing officer: C. Brannock-Hale", ["C. Brannock-Hale"]),
        ("Dispatcher II M.J. Ocampo took the call.", ["M.J. Ocampo"]),
        # A role without an initialled name, and an initial that opens a sentence.
        ("The dispatcher said St. Louis was on the line.", []),
        ("Dispatcher: Okay. Stay with me.", []),
    ],
)
def test_a_role_then_an_initial_and_a_surname_is_a_person(text, expected):
    assert matches("role_and_initialled_name", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A spelling after a misheard name, and one after the right one.
        ("my name is lorna ask a bell e s q u i v e l presiding", ["e s q u i v e l"]),
        ("for the defense that's w o j c i k thank you", ["w o j c i k"]),
        # Fewer than five letters (an acronym said), capitals, and letters joined to words.
        ("you did p o a and a a twice", []),
        ("I was at C T F for a year", []),
        ("a b c d", []),
    ],
)
def test_five_letters_or_more_said_one_by_one_in_lower_case_are_a_spelling(text, expected):
    assert matches("letters_spelled_in_lower_case", text) == expected
