"""Identifiers read out in pieces, with letter names, in a spelling alphabet, and spellings
said without the word they spell (detectors/read_out.py), on hand-written sentences."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.read_out import cdcr_numbers_said, find_read_out_identifiers
from reviewer_app.detectors.spoken_amounts import find_spoken_amounts


def found(text: str, profile: str = "general") -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in find_read_out_identifiers(text, profile)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Letters said by their names, as captions write them
        (
            ">> state your name and number\n>> it's tee jay five oh eight two",
            [("tee jay five oh eight two", "CDCR_ID")],
        ),
        ("my cdcr number is dee four one one two seven", [("dee four one one two seven", "CDCR_ID")]),
    ],
)
def test_cdcr_numbers_read_with_letter_names(text, expected):
    assert found(text, "hearing") == expected


@pytest.mark.parametrize(
    "text",
    [
        "tell em two more and kay will bring the rest",  # "em" and "kay" as words, no code
        "Jay was 41 and Kay 12 that summer",
    ],
)
def test_letter_names_that_are_words_make_no_code(text):
    assert found(text, "hearing") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The name said before was misheard, or not said: the letters still spell a word
        (
            "good morning i'm greta van ness v a n n e s s e commissioner",
            [("v a n n e s s e", "SPELLED_NAME")],
        ),
        (">> for the record that's w o j c i k", [("w o j c i k", "SPELLED_NAME")]),
        # An acronym's letters, the alphabet recited, letters without a vowel: no spelling
        ("we were moved from s v s p to c m c last year", []),
        ("the kids sang a b c d e f g all morning", []),
        ("the form said k r t w z on top", []),
    ],
)
def test_letters_said_one_by_one_spell_a_word(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The tail of a number said again to check it
        (
            ">> the office is five three oh five five five oh one two two\n>> oh one two two\n>> right",
            [("oh one two two", "PHONE_NUMBER")],
        ),
        # Pieces said in fits and starts before the number is read back written
        (
            "C: It's nine one six... um, five five five. Zero one three three.\nT: 916-555-0133?",
            [
                ("nine one six", "PHONE_NUMBER"),
                ("five five five", "PHONE_NUMBER"),
                ("Zero one three three", "PHONE_NUMBER"),
            ],
        ),
        # Digits that are no whole group of the number, or said as tens, are not part of it
        ("Call 916-555-0133 after two fifteen, room one three three.", []),
        ("Call 916-555-0133. We counted five five one ballots.", []),
    ],
)
def test_pieces_of_a_telephone_number_said_near_it(text, expected):
    assert found(text) == expected


def test_a_plate_read_back_in_a_spelling_alphabet_and_said_in_pieces():
    text = (
        "T: Did you get the plate?\n"
        "C: Part of it. Four, K, D, V... and then two, two.\n"
        "T: So that's four King David Victor two two?\n"
        "C: Yes. Four-K-D-V-two-two."
    )
    assert found(text) == [
        ("Four, K, D, V", "ID_NUMBER"),
        ("two, two", "ID_NUMBER"),
        ("four King David Victor two two", "ID_NUMBER"),
        ("Four-K-D-V-two-two", "ID_NUMBER"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I met Robert King two times and Mary Young twice.",  # names said with a count
        "Henry George 1998 and Paul Young 2004 were both there.",  # names and years
        "We saw David, Edward and Frank, and then two, two more.",
    ],
)
def test_spelling_alphabet_words_that_are_names_make_no_code(text):
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A number named by a letter ("A-number") is an identifier, even by its tail
        ("Your A-number ending in four one seven is on the notice.", [("four one seven", "ID_NUMBER")]),
        ("Your number ending in four one seven, is that your cell?", [("four one seven", "PHONE_NUMBER")]),
        # A log number read out
        (
            "This hearing is on log number three three one eight two zero six.",
            [("three three one eight two zero six", "ID_NUMBER")],
        ),
        # The noun is a verb before an article: a form is filed, no number named
        ("You may file a 602-1 within thirty days.", []),
        ("Did you report a 1140 to staff?", []),
    ],
)
def test_lettered_numbers_log_numbers_and_nouns_used_as_verbs(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("back then it paid a dollar twenty an hour", ["a dollar twenty"]),
        ("the bus was a dollar sixty five each way", ["a dollar sixty five"]),
        ("i didn't have a dollar to my name", []),
        ("not a dollar 20 times over", []),
    ],
)
def test_a_dollar_and_its_cents_said_in_words(text, expected):
    assert [text[s.start : s.end] for s in find_spoken_amounts(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The answer to the question for a number named by a letter
        (
            "OFFICER: And your A-number?\nAPPLICANT: A three one one, four zero eight, two two six.",
            [("A three one one, four zero eight, two two six", "ID_NUMBER")],
        ),
        # Begun again after a hesitation, and gone on with after one
        (
            "It was on log number four four two, uh, four four two nine one eight.",
            [("four four two, uh, four four two nine one eight", "ID_NUMBER")],
        ),
        ("the member ID is 8812... um, 3340 I think", [("8812... um, 3340", "ID_NUMBER")]),
        # What comes after the hesitation counts something: the code ends before it
        ("policy number is six six one two, sorry, two weeks ago", [("six six one two", "ID_NUMBER")]),
    ],
)
def test_codes_said_with_a_hesitation_inside(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A telephone number said in three sentences, or with a stop after six digits
        (
            "C: The number is two oh nine. Five five five. Oh one six six.",
            [
                ("two oh nine", "PHONE_NUMBER"),
                ("Five five five", "PHONE_NUMBER"),
                ("Oh one six six", "PHONE_NUMBER"),
            ],
        ),
        (
            "C: two oh nine, five five five... sorry. Oh one six six.",
            [("two oh nine, five five five", "PHONE_NUMBER"), ("Oh one six six", "PHONE_NUMBER")],
        ),
        # Pieces that are no telephone's groups, or with words between them
        ("C: two oh nine. Five five. Oh one six six six.", []),
        ("C: cell two oh nine, then bed five five five, then unit oh one six six.", []),
    ],
)
def test_a_telephone_number_said_in_pieces(text, expected):
    assert found(text) == expected


def test_a_cdcr_number_with_its_middle_unheard_and_niner():
    text = (
        "COMMISSIONER: Your CDCR number is K-J-3-3-0-5, correct?\n"
        "INMATE: K-J... (inaudible) ...0-5, yes. Kilo Juliet three three zero five.\n"
        "OFFICER: Inmate number Papa niner one four two two."
    )
    assert found(text, "hearing") == [
        ("K-J-3-3-0-5", "CDCR_ID"),
        ("K-J... (inaudible) ...0-5", "CDCR_ID"),
        ("Kilo Juliet three three zero five", "CDCR_ID"),
        ("Papa niner one four two two", "CDCR_ID"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # Heard in full, or a start and an end that are not of a number said
        "COMMISSIONER: CDCR number K-J-3-3-0-5?\nINMATE: K-J... uh ...0-5, yes.",
        "COMMISSIONER: CDCR number K-J-3-3-0-5?\nINMATE: A-B... (inaudible) ...0-5.",
    ],
)
def test_no_cdcr_number_from_pieces_without_an_unheard_middle(text):
    assert [label for _, label in found(text, "hearing")] == ["CDCR_ID"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The currency said once for both ends of a range
        ("it cost us three or four hundred dollars", ["three", "four hundred dollars"]),
        ("somewhere around five, six thousand dollars", ["five", "six thousand dollars"]),
        # A number before a sum that is no end of a range of it
        ("he had two kids and forty dollars", ["forty dollars"]),
        ("I was seven, uh, when twenty dollars meant a lot", ["twenty dollars"]),
    ],
)
def test_both_ends_of_a_range_of_money(text, expected):
    assert [text[s.start : s.end] for s in find_spoken_amounts(text)] == expected


def found_in_document(text: str, profile: str) -> list[tuple[str, str]]:
    """As detection finds them: with the CDCR numbers the whole document reads out."""
    said = cdcr_numbers_said(text, profile)
    return [(text[s.start : s.end], s.label) for s in find_read_out_identifiers(text, profile, said)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A CDCR number broken off and begun again, after a pause or a "--" with no spaces
        (
            "INMATE: Luis Ortega, K T one one... K T one one nine four.",
            [("K T one one", "CDCR_ID"), ("K T one one nine four", "CDCR_ID")],
        ),
        (
            "INMATE: My CDCR number is G-W, seven--G-W seventy-seven oh three.",
            [("G-W, seven", "CDCR_ID"), ("G-W seventy-seven oh three", "CDCR_ID")],
        ),
        # A telephone number broken off inside a group and said again from its start
        (
            ">> her number is two oh nine, four four -- four four seven, zero one nine three",
            [
                ("two oh nine, four four", "PHONE_NUMBER"),
                ("four four seven, zero one nine three", "PHONE_NUMBER"),
            ],
        ),
    ],
)
def test_numbers_broken_off_and_begun_again(text, expected):
    assert found_in_document(text, "hearing") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "K T" said before the number is no start of it broken off
        ("INMATE: I was on K yard... K T was the unit, and my number is KT1194.", ["KT1194"]),
        (">> we had four four, uh, four four seven people and then zero one nine three more", []),
    ],
)
def test_no_number_begun_again_without_its_start_said_again(text, expected):
    assert [t for t, _ in found_in_document(text, "hearing")] == expected


def test_a_spelling_with_hyphens_is_left_to_the_spelled_name_patterns():
    """They take it word by word ("V-A-N", "D-E-R", "M-E-E-R"); one span over all would hide that."""
    assert found("for Hugo Ten Bosch, T-E-N B-O-S-C-H, CDCR number GM9511.") == [("GM9511", "CDCR_ID")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An area code after "his number", "my cell", broken off with the rest unknown
        ("C: Call my son. His number is, um, 209... I don't have it on me.", [("209", "PHONE_NUMBER")]),
        ("C: My cell is nine one six -- hold on, I forget.", [("nine one six", "PHONE_NUMBER")]),
        # Broken off and then written whole: its start is the number's
        ("W: It's 916 -- hold on. (916) 555-0121. It's on the letter.", [("916", "PHONE_NUMBER")]),
        ("W: It's 916 -- hold on. (707) 555-0121. It's on the letter.", []),
        # Numbers of other things broken off, and a count
        ("C: The case number is 114... no wait. Room number 204... upstairs. Page 118... then.", []),
    ],
)
def test_an_area_code_broken_off(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An area code with the rest not known, after talk of a telephone
        (
            "A: What's the number on this phone?\nQ: I don't know. It's two-oh-nine something.",
            ["two-oh-nine"],
        ),
        ("A: his number is in the drawer. Nine two five something. And tell him", ["Nine two five"]),
        # Without talk of a telephone, a clock time; a code that begins with 1 is no area code
        ("A: We left at two-oh-nine something in the morning.", []),
        ("A: his number is in the drawer. One one five something. And tell him", []),
        # "A number of" counts; "something" before a unit is a weight; a service code is no one's line
        ("A: He called me a number of times. He weighs like two ten something now.", []),
        ("A: What's your phone number?\nQ: I had a dog, she was like nine two five something pounds.", []),
        ("A: Call the nine one one number. Or the four one one number.", []),
    ],
)
def test_an_area_code_said_with_the_rest_not_known(text, expected):
    assert [t for t, label in found(text, "hearing") if label == "PHONE_NUMBER"] == expected
