"""Months and holidays of other calendars are dates (resources/patterns/other_calendars.toml),
on hand-written sentences."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_recognizer_specs


def _dates(text: str) -> list[str]:
    spec = next(s for s in load_recognizer_specs() if s.name == "other_calendar_date")
    assert spec.entity == "DATE"
    return sorted({m.group() for _, regex in spec.compiled() for m in regex.finditer(text)})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("They took my brother in Yekatit, before the rains.", ["Yekatit"]),
        ("My date of birth is Nehase nine, nineteen ninety.", ["Nehase"]),
        ("It happened on the third of Tahsas, 2014.", ["Tahsas"]),
        ("We left Tehran in Esfand 1399.", ["Esfand"]),
        ("He came home the week after Meskel.", ["Meskel"]),
        ("It was Nowruz and everyone was at my uncle's.", ["Nowruz"]),
    ],
)
def test_a_month_or_holiday_of_another_calendar_said_as_a_time_is_a_date(text, expected):
    assert _dates(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Megabit Trading sold us the pump.",  # a name, no word of time around it
        "Mr. Esfand signed the letter.",
        "We lit lamps for Diwali Sweets, the shop.",  # "for" is no word of time here
    ],
)
def test_the_same_words_without_a_word_of_time_are_no_dates(text):
    assert _dates(text) == []


def test_a_month_of_another_calendar_beats_the_place_ner_made_of_it():
    text = "APPLICANT: They came for me in Hamle. I hid in Nekemte."
    month, town = text.index("Hamle"), text.index("Nekemte")
    spans = [
        Span(month, month + 5, "DATE", ("presidio",), 0.9),
        Span(month, month + 5, "LOCATION", ("spacy",), 0.85),
        Span(town, town + 7, "LOCATION", ("spacy",), 0.85),
    ]
    labels = {(s.text_in(text), s.label) for s in merge_spans(spans, text)}
    assert labels == {("Hamle", "DATE"), ("Nekemte", "LOCATION")}
