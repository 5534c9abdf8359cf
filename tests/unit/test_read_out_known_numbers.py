"""A number the document gives in full found again where it is said in part, in pieces or named
by another noun (detectors/read_out.py, read_out_cdcr.py), a person's own number read digit by
digit (detectors/spoken_digits.py) and the words that say a document is about custody
(read_out_words.py)."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.read_out import cdcr_numbers_said, find_read_out_identifiers
from reviewer_app.detectors.read_out_cdcr import in_custody
from reviewer_app.detectors.spoken import find_spoken_forms


def found(text: str, profile: str = "general") -> list[tuple[str, str]]:
    """As detection finds them: with the CDCR numbers the whole document reads out."""
    said = cdcr_numbers_said(text, profile)
    return [
        (text[s.start : s.end], s.label)
        for s in find_read_out_identifiers(text, profile, said, in_custody(text))
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Begun, broken off where a number is asked for, and given later
        (
            "INMATE SALO: My number is R, T -- \nCOMMISSIONER LEE: Take your time.\nINMATE SALO: RT6630.",
            [("R, T", "CDCR_ID"), ("RT6630", "CDCR_ID")],
        ),
        (
            "INMATE SALO: The number, it's R, T... I lose it every time. RT6630.",
            [("R, T", "CDCR_ID"), ("RT6630", "CDCR_ID")],
        ),
        # Read a piece at a time with a stop between the pieces
        (
            "INMATE SALO: R, T. Six-six. Three-oh.\nCOMMISSIONER LEE: RT6630, thank you.",
            [("R, T. Six-six. Three-oh", "CDCR_ID"), ("RT6630", "CDCR_ID")],
        ),
    ],
)
def test_a_known_cdcr_number_begun_and_broken_off_or_read_in_pieces(text, expected):
    assert found(text, "hearing") == expected


@pytest.mark.parametrize(
    "text",
    [
        # Letters broken off that begin no CDCR number of the document
        "INMATE SALO: My number is R, B -- \nCOMMISSIONER LEE: Go on.\nINMATE SALO: RT6630.",
        # Its letters broken off where no number is asked for: a list cut short
        "INMATE SALO: We had yards R, T... all of them. My number is RT6630.",
        # Pieces that make another number
        "INMATE SALO: R, T. Six-six. Four-four.\nCOMMISSIONER LEE: RT6630, thank you.",
    ],
)
def test_no_cdcr_number_from_a_start_the_document_does_not_complete(text):
    assert [label for t, label in found(text, "hearing") if label == "CDCR_ID" and t != "RT6630"] == []


def test_the_documents_cdcr_number_named_by_another_noun_is_one():
    text = (
        ">> the cdcr number is bravo kilo two two nine one\n"
        ">> for the record his number is bravo kilo twenty two ninety one"
    )
    assert found(text) == [
        ("bravo kilo two two nine one", "CDCR_ID"),
        ("bravo kilo twenty two ninety one", "CDCR_ID"),
    ]
    # Another number named so stays an identity number
    other = (
        ">> the cdcr number is bravo kilo two two nine one\n"
        ">> for the record his number is four four one two six"
    )
    assert found(other)[-1] == ("four four one two six", "ID_NUMBER")


def test_letters_and_four_digits_after_number_outside_custody():
    assert found("AGENT: This is Rosa, agent number KQ5518. How can I help?") == [("KQ5518", "ID_NUMBER")]
    # In a document about custody the same shape is a CDCR number
    assert found("COUNSEL: The inmate, number KQ5518, is present.", "hearing") == [("KQ5518", "CDCR_ID")]
    # A count and a model are no identifiers
    assert found("We sold number 4 of the KQ series, then number 12.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Caller: The claim number is RX 31 0772 4419.\n"
            "Agent: To sum up: claim 4419, the glass is covered.",
            [("RX 31 0772 4419", "ID_NUMBER"), ("4419", "ID_NUMBER")],
        ),
        (
            "CASE NO. 24CR110209\nTHE COURT: We are on the case ending 209 today.",
            [("24CR110209", "ID_NUMBER"), ("209", "ID_NUMBER")],
        ),
    ],
)
def test_the_tail_of_a_number_written_in_full_after_its_noun(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # Digits that end no number of the text
        "Agent: To sum up: claim 4419, the glass is covered.",
        # A year, though a number ends with it
        "CASE NO. 24CR112019\nTHE COURT: This case 2019 was a hard one.",
    ],
)
def test_no_tail_without_the_whole_number(text):
    assert [t for t, _ in found(text) if len(t) < 6] == []


def test_a_date_after_an_identifier_noun_is_no_code():
    # "November" of the spelling alphabet, a day and a year: the date of a signature block
    assert found("Lena Ortiz\nCapitol Transcript Group\nNovember 16, 2026") == []


def test_a_persons_number_read_digit_by_digit_is_a_telephone():
    text = "He is our case worker. She gives her number as five one zero, five five five, oh one four two."
    assert [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text) if "NUMBER" in s.label] == [
        ("PHONE_NUMBER", "five one zero, five five five, oh one four two")
    ]
    # An identity number named as such stays one
    named = "Your case number? It's five one zero five five five oh one four two."
    assert [s.label for s in find_spoken_forms(named) if "NUMBER" in s.label] == ["ID_NUMBER"]
    # "Your number", asked after an identity noun, is that identity number
    asked = "Your member ID, what is your number? Four four seven, two one nine, oh oh three."
    assert [s.label for s in find_spoken_forms(asked) if "NUMBER" in s.label] == ["ID_NUMBER"]


def test_a_telephone_number_broken_off_with_a_correction_and_begun_again():
    text = ">> the manager is at six one nine, four four -- sorry, let me -- six one nine, four four seven"
    assert found(text + ", zero one two two") == [("six one nine, four four", "PHONE_NUMBER")]
    # (the whole number said again is the digit runs' of detectors/spoken_digits.py)
    # A count said with the same correction begins no telephone number again
    assert found(">> we had four four -- sorry, let me -- four four seven of them") == []


@pytest.mark.parametrize(
    ("text", "custody"),
    [
        ("The inmate's file was read.", True),
        ("His C-number was given.", True),
        ("his c number was given", True),
        ("The C-D-C-R file.", True),
        # Said of prisons in general, as a court's judgment does
        ("The prisoner complained of the cell.", False),
        ("Inmates shared the cell.", False),
        ("His prison number was read out.", False),
    ],
)
def test_the_words_that_say_a_document_is_about_custody(text, custody):
    assert in_custody(text) is custody


def test_a_number_given_on_the_next_numbered_line():
    page = (
        " 4  and he has his consular papers, number\n"
        " 5  0917-4471203.\n"
        " 6       COMMISSIONER REYES: Thank you.\n"
    )
    assert found(page) == [("0917-4471203", "ID_NUMBER")]
    # A line of its own that no margin number opens is another line's business
    assert found("and he has his consular papers, number\n0917-4471203 was the old one.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the digits of a CDCR number the document gives, said without its letter
        (
            "COMMISSIONER: Your number is G81427?\nINMATE QUARLES: G81427. Yes. Eight-one-four-two-seven.",
            [("G81427", "CDCR_ID"), ("G81427", "CDCR_ID"), ("Eight-one-four-two-seven", "CDCR_ID")],
        ),
        # ... voiced wrongly, two digits swapped, before the number is given right
        (
            'INTERPRETER: I voiced the number as "three-oh-five-seven-one." He corrected me. It\'s C30517.',
            [("three-oh-five-seven-one", "CDCR_ID"), ("C30517", "CDCR_ID")],
        ),
    ],
)
def test_the_digits_of_a_cdcr_number_said_without_its_letters(text, expected):
    assert found(text, "hearing") == expected


def test_figures_near_a_cdcr_numbers_digits_are_no_cdcr_number():
    # a written number one digit off is another number, as are four digits said in pairs
    text = "COMMISSIONER: Mr. Trevino is F27114, Mr. Dole BK4015. The case is 27115, forty fifteen."
    assert [said for said, label in found(text, "hearing") if label == "CDCR_ID"] == ["F27114", "BK4015"]
