"""A race word said of a person is NRP, a colour is not (resources/patterns/race_descriptions.toml),
on hand-written sentences."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_recognizer_specs


def _races(text: str) -> list[str]:
    spec = next(s for s in load_recognizer_specs() if s.name == "race_in_a_description")
    assert spec.entity == "NRP"
    return [m.group() for _, regex in spec.compiled() for m in regex.finditer(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Suspect is a black male, thirties, red cap.", ["black"]),
        ("CT: Asian, white, black, Hispanic?", ["white", "black"]),
        ("A: I'm black, my mom's Filipina.", ["black"]),
        ("two white guys ran off", ["white"]),
        (
            "The female, Sparrow, Renata, W/F, DOB 07-19-85, had swelling. Suspect H/M, age 24.",
            ["W/F", "H/M"],
        ),
    ],
)
def test_a_race_word_said_of_a_person_is_a_group(text, expected):
    assert _races(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "He had white slides and a black hoodie.",
        "The truck was black.",
        "She's black and blue.",
        "Her B/F, 31, left; the W/M ratio.",
    ],
)
def test_a_colour_is_no_group(text):
    assert _races(text) == []


def test_the_merge_keeps_a_race_word_in_lower_case_and_drops_other_lower_case_names():
    # A text written with care for capitals (five sentences and more), where a lower-case name is a slip.
    text = (
        "Caller: A white male in a black truck. It was a long night. He ran off. "
        "Then he came back. We called again. Nobody came."
    )
    race, word = text.index("white"), text.index("long night")
    spans = [
        Span(race, race + 5, "NRP", ("presidio",), 0.85),
        Span(word, word + 4, "PERSON", ("spacy",), 0.85),
    ]
    found = [(s.text_in(text), s.label) for s in merge_spans(spans, text)]
    assert ("white", "NRP") in found and ("long", "PERSON") not in found
