"""An apartment, room, cell or bed number said alone is a LOCATION (resources/patterns/dwellings.toml),
on hand-written sentences."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_recognizer_specs


def _dwellings(text: str) -> list[str]:
    spec = next(s for s in load_recognizer_specs() if s.name == "dwelling_unit")
    assert spec.entity == "LOCATION"
    return sorted({m.group() for _, regex in spec.compiled() for m in regex.finditer(text)})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He was housed in D2-117U when it happened.", ["D2-117U"]),
        ("Inmate Ferro (BK2210, C12-043L) walked to the door.", ["C12-043L"]),
        # a wing's letters for the building; a cell's number and the bed's
        (
            "You transfer to CTF, Central Facility, GW-241L. It was in 511-2L, with my bunkie.",
            ["511-2L", "GW-241L"],
        ),
        ("Housing:     A3-220L\nCharge: fighting", ["A3-220L"]),
        # a building's letter and number and a cell's three digits, with no bunk letter
        ("Cell search of A5-214, she found it. You were in D2-118 most of that time?", ["A5-214", "D2-118"]),
        ("My aunt in apartment D, she has a key. I live in apartment 7C.", ["7C", "D"]),
        ("You'll go to 2 West, bed 2W-118-A. Any questions?", ["2W-118-A"]),
        ("Unit / bed:    6 North, 318-C", ["318-C"]),
        ("he's in cell two forty-one, top bunk", ["two forty-one"]),
        ("she stays at the motel, room one fourteen", ["one fourteen"]),
    ],
)
def test_a_number_where_someone_lives_or_is_housed_is_a_place(text, expected):
    assert _dwellings(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The camera C3-04 shows the yard.",  # no bunk letter: a camera, not a bed
        "Form GW-241 and case 511-2 are filed.",  # no bunk letter either
        "Take the I-405 to exit 12; the F-150 and the AB-1234 filing.",  # a road, a truck, a bill
        "We met in interview room three.",  # nobody lives there
        "Call my cell 559 555 0142 after six.",  # a phone number
        "I went to bed 10:30 that night.",  # a clock time
        "Facility B, Building 5, the dayroom.",
        # a count of time after the word: how long, not which one
        "I went to bed 3 hours later. I was in my cell 23 hours a day. We lived in that apartment 2 years.",
        "I was in the cell 2 times that week.",
    ],
)
def test_numbers_of_places_where_nobody_lives_are_no_dwellings(text):
    assert _dwellings(text) == []


def test_a_prisons_facility_is_no_place_that_singles_anyone_out():
    text = "We're in the Facility B program office at Salinas Valley State Prison. He moved to Facility C."
    spans = [
        Span(text.index("Facility"), text.index("Facility") + 8, "LOCATION", ("spacy",), 0.85),
        Span(text.index("Salinas"), text.index(". He"), "LOCATION", ("spacy",), 0.85),
        Span(text.index("Facility C"), text.index("Facility C") + 10, "LOCATION", ("spacy",), 0.85),
    ]
    assert [s.text_in(text) for s in merge_spans(spans, text)] == ["Salinas Valley State Prison"]
