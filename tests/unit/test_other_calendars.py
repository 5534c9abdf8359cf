"""Months and holidays of other calendars are dates (resources/patterns/other_calendars.toml),
on hand-written sentences."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import spoken_words
from reviewer_app.detectors.patterns import PatternFileError, load_recognizer_specs
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.paths import resources_dir


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
        # a month or holiday of more words, the longest that is there
        (
            "We fled in Rabi al-Awwal, 1441. It was Eid al-Fitr when we crossed.",
            ["Eid al-Fitr", "Rabi al-Awwal"],
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


def _one_list_with(tmp_path: Path, macro: str, name: str) -> Path:
    """A copy of the resources whose list `macro` of other_calendars.toml holds `name` too."""
    copy = tmp_path / "resources"
    shutil.copytree(resources_dir(), copy)
    calendars = copy / "patterns" / "other_calendars.toml"
    text = calendars.read_text(encoding="utf-8")
    assert f"\n{macro} = [" in text
    calendars.write_text(text.replace(f"\n{macro} = [", f'\n{macro} = ["{name}", '), encoding="utf-8")
    return copy


@pytest.mark.parametrize(
    ("macro", "name", "capitalised", "spoken"),
    [
        (
            "other_month",
            "Zorvat",
            "They took him in Zorvat, before the rains.",
            "i left from bole in zorvat, this year.",
        ),
        (
            "other_holiday",
            "Quelfest",
            "He came home the week after Quelfest.",
            "it was quelfest and my dad was home.",
        ),
    ],
)
def test_a_name_added_to_the_one_list_is_found_by_the_patterns_and_the_spoken_forms(
    tmp_path, monkeypatch, macro, name, capitalised, spoken
):
    assert _dates(capitalised) == []
    assert not _spoken_dates(spoken)
    monkeypatch.setenv("REVIEWER_APP_RESOURCES", str(_one_list_with(tmp_path, macro, name)))
    spoken_words.cache_clear()
    try:
        assert _dates(capitalised) == [name]
        assert _spoken_dates(spoken) == [name.lower()]
    finally:
        monkeypatch.undo()
        spoken_words.cache_clear()


def _spoken_dates(text: str) -> list[str]:
    return [s.text_in(text) for s in find_spoken_forms(text) if s.label == "DATE"]


def test_the_spoken_forms_read_the_names_of_one_word_of_the_one_list():
    words = spoken_words()
    # a month in more words is the patterns' only; a holiday in more words is a holiday name
    assert {"ginbot", "sha'ban", "adar"} <= words.other_months
    assert not {"rabi", "jumada", "dhu"} & words.other_months
    assert ("eid", "al", "fitr") in words.holiday_names
    assert {"diwali", "genna"} <= words.holidays
    # the given names of both lists: months and holidays
    assert {"sivan", "genna"} <= words.given_name_dates <= words.other_months | words.holidays
    # Ramadan, a month and a holiday, is read as a month: a date after "in" as well
    assert "ramadan" in words.other_months and "ramadan" not in words.holidays
    assert _spoken_dates("we left in ramadan, that year.") == ["ramadan"]


def test_a_macro_list_holds_words_only(tmp_path):
    (tmp_path / "bad.toml").write_text('[macros]\nmonths = ["Tir", 12]\n', encoding="utf-8")
    with pytest.raises(PatternFileError, match=r"bad\.toml, macro months"):
        load_recognizer_specs(tmp_path)
