"""Ages said of someone in forms a first reading of a transcript missed (issue 12): the incarcerated
person, a name with its title set off by commas, a guess after a decade of life, a subject at the end
of a page's line, "at, what, thirteen?", a description of a suspect, a range of a life after a
sentence about the person or up to an age, a phrase said like the age's before it, and the next name
of a list of ages. Each rule has sentences it must find and sentences it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.importers.text import document_from_text

# Plural nouns and verbs a tagger would give.
PLURALS = ("dollars", "minutes", "miles")
VERBS = ("was", "were", "is", "started", "caught", "went", "turned", "joined", "had", "been")


def ages(text: str) -> list[str]:
    tags = document_from_text("said", text).speaker_tags()
    nouns = {m for w in PLURALS for m in _starts(text, w)}
    verbs = {m for w in VERBS for m in _starts(text, w)}
    spans = find_spoken_forms(text, nouns, verbs, speaker_tags=tags)
    return [text[s.start : s.end] for s in spans if s.label == "AGE"]


def _starts(text: str, word: str) -> list[int]:
    import re

    return [m.start() for m in re.finditer(rf"\b{word}\b", text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # CDCR's name for the one whose hearing it is says who the age is of.
        ("The incarcerated person was nineteen at the time.", ["nineteen"]),
        ("The incarcerated person, then thirty-six, had been a partner.", ["thirty-six"]),
        ("Each person is five dollars.", []),
        # A title makes a name set off by commas a person's, whatever noun comes before it.
        ("The owner, Mr. Wendell Cruickshank, was fifty-eight.", ["fifty-eight"]),
        ("The road, Blackstone Avenue, was fifty-eight.", []),
        # A guess goes on from a decade of life said just before.
        ("The crack was my early twenties, like twenty-two, after all that.", ["twenties", "twenty-two"]),
        ("The crack was the early twenties, like twenty-two, after all that.", []),
    ],
)
def test_ages_of_the_incarcerated_person_a_titled_name_and_after_a_decade(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A page's line may break between the subject and its verb.
        ("MS. LEE: He died on December 14th. You\nwere twenty-one. Is that accurate?", ["twenty-one"]),
        # ... a blank line is no such break.
        ("MS. LEE: I know she\n\nwas twelve.", []),
        # Fillers between "at" and the age, as between a verb and it.
        ("MS. LEE: You joined the gang at, what,\nthirteen?", ["thirteen"]),
        ("MS. LEE: We got there at, uh, fifteen minutes past.", []),
    ],
)
def test_an_age_over_a_page_line_and_after_at_and_fillers(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A caller describes the person and guesses the age in the description.
        ("CALLER: He's a Black guy, light skinned, maybe thirty, thirty-five.", ["thirty", "thirty-five"]),
        ("CALLER: It's a big house, old, maybe thirty.", []),
        ("CALLER: He was a nice guy, room twelve.", []),
    ],
)
def test_an_age_guessed_in_a_description(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The years of a life go on from a sentence about the person earlier in the turn ...
        (
            "A. When I was young. Meadowview Norte. From like fourteen to twenty-two, twenty-three.",
            ["fourteen", "twenty-two", "twenty-three"],
        ),
        # ... not in a turn about no one.
        ("A. The bus route. Route nine. From fourteen to twenty-two, twenty-three.", []),
        # A range of a life whose other end is an age said a few words on.
        ("A. From sixteen to right before I turned eighteen.", ["sixteen", "eighteen"]),
        ("A. From sixteen to right before the turn.", []),
    ],
)
def test_a_range_of_a_life(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A phrase said like the one of the age before it.
        ("SPEAKER_01: i was nineteen when i caught it twenty when i went in", ["nineteen", "twenty"]),
        (
            "MS. LEE: You were thirteen when you started, twenty-four at the crime, and you are fifty-five.",
            ["thirteen", "twenty-four", "fifty-five"],
        ),
        # An hour may be said so.
        ("MS. LEE: I was nineteen when I left, ten at the time.", ["nineteen"]),
        # The next name of a list of ages, a sentence each, on the same line.
        (
            "MS. LEE: Bam is nineteen now, he'll be twenty next month. Peaches is seventeen.",
            ["nineteen", "twenty", "seventeen"],
        ),
        ("MS. LEE: Bam is nineteen now.\nMR. KAY: Peaches is seventeen.", ["nineteen"]),
        # A name set off after the word for the people it names.
        ("Our children, Zuri, 16, have met him.", ["16"]),
        ("The streets, Main, 16, and Elm.", []),
        # A number after "at" set off by a comma, before a greater age after "at" on the same line.
        (
            "MR. KAY: Then at twelve, a battery at school, seventh grade. At thirteen you went to the hall.",
            ["twelve", "thirteen"],
        ),
        (
            "MR. KAY: Then at twelve, a battery at school, seventh grade.\nA: At thirteen, the hall.",
            ["thirteen"],
        ),
        # An age reckoned from a birth said in the sentence before.
        (
            "MR. KAY: The file says born December 23rd, 1947. That's seventy-eight. You qualify.",
            ["seventy-eight"],
        ),
        ("MR. KAY: He was born in May. Then he left. That's eight.", []),
        # "still" says an age said before is unchanged.
        (
            "MR. KAY: A petition at age twelve, 1991, petty theft. Then on 3-11-92, still twelve, a contact.",
            ["twelve", "twelve"],
        ),
        ("MR. KAY: A petition at age twelve, 1991. Then there were still twelve left.", ["twelve"]),
    ],
)
def test_an_age_said_like_the_one_before(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An age with its months: the months are part of it, not a count after it.
        (
            "LANGFORD: I was nineteen. Nineteen and two months. I was living with my mother.",
            ["nineteen", "Nineteen"],
        ),
        ("LANGFORD: I was nineteen. Nineteen and two dollars.", ["nineteen"]),
        # An age taken back after a correction in the same sentence.
        ("A: I was twenty when she died -- no, twenty-one, I had just turned.", ["twenty", "twenty-one"]),
        ("A: I was twenty when she died -- no, ninety-one, the year.", ["twenty"]),
        # "a teenager" said of someone is an age.
        ("C: He's a teenager, like sixteen, seventeen. Skinny.", ["teenager", "sixteen", "seventeen"]),
        ("L: I went in a teenager and I came out with gray hair.", ["teenager"]),
        ("L: She raised a teenager alone. It was a teenager's room.", []),
        ("Q: Where did your family live when you were a teenager?", []),
        # Two ages a year apart after "by", near an age, where the hours were read as clock times ...
        (
            "A: My folks split when I was seven. I was drinking by eleven, twelve. I left school.",
            ["seven", "eleven", "twelve"],
        ),
        # ... but not near a time of day.
        ("A: I was eighteen then. I got home by eleven, twelve at night.", ["eighteen"]),
    ],
)
def test_an_age_with_its_months_a_teenager_and_a_pair_read_as_hours(text, expected):
    assert ages(text) == expected
