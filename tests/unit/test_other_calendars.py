"""Months and holidays of other calendars are dates (resources/patterns/other_calendars.toml),
on hand-written sentences."""

from __future__ import annotations

import tomllib

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import spoken_words
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.paths import resource


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
        # a month or holiday that is also a given name: with a day or a year, after "month of",
        # or ending its clause
        ("The wedding was Sivan 12, and the next was Adar of 2015.", ["Adar", "Sivan"]),
        (
            "In the month of Rajab we fled. They let us go two days before Genna, our Christmas.",
            ["Genna", "Rajab"],
        ),
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
        # given names said as a person's
        "The report was written by Sivan Cohen. After Nisan testified, since Rajab left, Mehr came.",
        "It was the day before Genna called the police.",
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


def _macro_names(macro: str) -> set[str]:
    with resource("patterns", "other_calendars.toml").open("rb") as fh:
        alternation = tomllib.load(fh)["macros"][macro]
    return {n.lower() for n in alternation.removeprefix("(?:").removesuffix(")").split("|")}


def test_the_pattern_and_the_spoken_forms_know_the_same_months_and_given_names():
    words = spoken_words()
    months = _macro_names("other_month") | _macro_names("given_name_month")
    assert {m for m in months if m.isalpha()} == words.other_months
    given = _macro_names("given_name_month") | _macro_names("given_name_holiday")
    assert given == words.given_name_dates
    assert given <= words.other_months | words.holidays
