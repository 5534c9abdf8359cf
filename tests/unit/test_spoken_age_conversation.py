"""Ages a conversation gives (issue 12): the answer to "how old" that comes after a first sentence
without a number, the short questions that go on asking it ("And today?"), the answer to "when did
it start" given as an age, a range of the years of a life, an age guessed from a person's looks,
"which makes you", "forty-something". Each rule has sentences it must find and sentences it must
leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.importers.text import document_from_text
from tests.unit.test_recognizers import matches

# Plural nouns a tagger would give (the number before one counts it).
PLURALS = ("brothers", "minutes", "guys", "dollars", "feet")


def ages(text: str) -> list[str]:
    tags = document_from_text("said", text).speaker_tags()
    nouns = {text.index(w) for w in PLURALS if w in text}
    return [
        text[s.start : s.end] for s in find_spoken_forms(text, nouns, speaker_tags=tags) if s.label == "AGE"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The answer goes on past a first sentence that gives no number, within the turn.
        ("MR. SOTO: How old was your cousin?\nWITNESS: Younger than me. I'd say twelve.", ["twelve"]),
        ("MR. SOTO: How old was she?\nWITNESS: Oh, she was small. Maybe six.", ["six"]),
        # ... but not to a sentence that counts or tells something else, nor to the next turn.
        ("MR. SOTO: How old was she?\nWITNESS: I can't say. She had four brothers.", []),
        ("MR. SOTO: How old was she?\nWITNESS: I can't say.\nMR. SOTO: Room nine, then.", []),
        # A short question that goes on asking the age: its answer is one too.
        (
            "MR. SOTO: How old were you then?\nWITNESS: Sixteen.\nMR. SOTO: And now?\nWITNESS: Forty-one.",
            ["Sixteen", "Forty-one"],
        ),
        (
            "MR. SOTO: How old was he?\nWITNESS: Eight.\nMR. SOTO: What about his sister?\nWITNESS: Five.",
            ["Eight", "Five"],
        ),
        # A question of its own ("how many") asks something else.
        (
            "MR. SOTO: How old were you then?\nWITNESS: Sixteen.\n"
            "MR. SOTO: And how many times?\nWITNESS: Nine.",
            ["Sixteen"],
        ),
        (
            "MR. SOTO: How old were you then?\nWITNESS: Sixteen.\n"
            "MR. SOTO: So what happened?\nWITNESS: Nine.",
            ["Sixteen"],
        ),
    ],
)
def test_the_answer_to_how_old_goes_on_and_is_followed_up(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "MS. OKAFOR: When did the gambling start?\nMR. LINDQVIST: Fifteen, sixteen.",
            ["Fifteen", "sixteen"],
        ),
        ("MS. OKAFOR: When did you start running away?\nMR. LINDQVIST: About thirteen.", ["thirteen"]),
        # An hour, a year said in part, a number that does not open the answer: no age.
        ("MS. OKAFOR: When did the fight start?\nMR. LINDQVIST: Eleven, eleven-fifteen.", []),
        ("MS. OKAFOR: When did you move back?\nMR. LINDQVIST: In twenty-two.", []),
        ("MS. OKAFOR: When did it start?\nMR. LINDQVIST: After we lost fourteen games.", []),
    ],
)
def test_an_age_answers_when_something_began(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("From fourteen to seventeen I was in a group home.", ["fourteen", "seventeen"]),
        ("She stayed with her aunt between thirteen and sixteen.", ["thirteen", "sixteen"]),
        ("I was at the ranch fifteen through seventeen.", ["fifteen", "seventeen"]),
        ("I spent ages fourteen through seventeen in placement.", ["fourteen", "seventeen"]),
        # A range of hours, of minutes, or of things counted, or without anyone in it.
        ("I worked from nine to eleven most days.", []),
        ("The drive took from fifteen to twenty minutes.", []),
        ("There were between thirteen and fifteen guys there.", []),
        ("The scores ran from fourteen to seventeen.", []),
    ],
)
def test_a_range_of_the_years_of_a_life(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He looked thirty, thirty-five.", ["thirty", "thirty-five"]),
        ("She seems about ten.", ["ten"]),
        ("It looked twelve feet high.", []),
        ("Your birth year is 2002, which makes you twenty-three.", ["twenty-three"]),
        ("That makes you twelve dollars short.", []),
        ("I didn't learn to read until I was forty-something.", ["forty"]),
        ("The tab was forty-something dollars.", []),
        ("We were all like fifteen, sixteen.", ["fifteen", "sixteen"]),
        ("It was all ten of us.", []),
    ],
)
def test_ages_guessed_made_and_said_loosely(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q. And you're sixty-two now?\nA. Yes, sir, sixty-two.", ["sixty-two", "sixty-two"]),
        ("Q. And you're sixty-two now?\nA. Yes, sir, sixty-two acres.", ["sixty-two"]),
        ("Both of us were seventeen.", ["seventeen"]),
        ("Both of them were seventeen minutes late.", []),
        ("She was a freshman, fourteen, when she left home.", ["fourteen"]),
        ("It was the freshman class, fourteen rooms.", []),
    ],
)
def test_an_age_granted_shared_or_set_beside_a_school_year(text, expected):
    nouns = {text.index(w) for w in ("acres", "minutes", "rooms") if w in text}
    tags = document_from_text("said", text).speaker_tags()
    assert [
        text[s.start : s.end] for s in find_spoken_forms(text, nouns, speaker_tags=tags) if s.label == "AGE"
    ] == (expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a white male, approximately 25-30 years old", ["25", "30"]),
        ("She is 33 years old.", ["33"]),
        ("two 16-year-olds", ["16"]),
        # A difference of ages is no age.
        ("He is four years older than me.", []),
        ("My sister is 6 years younger and 2 yrs older than Ben.", []),
    ],
)
def test_years_old_and_not_years_older(text, expected):
    specs = {s.entity: s.compiled() for s in load_recognizer_specs() if s.name == "age"}
    assert matches(specs, "AGE", text) == expected
