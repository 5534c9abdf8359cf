"""A parole unit or field office named by its town keeps only its town (core/unit_towns.py). The
texts are written for these tests; their names are invented."""

from __future__ import annotations

from reviewer_app.core.body_mentions import settle_body_mentions
from reviewer_app.core.merge import default_rules
from reviewer_app.core.spans import Span
from reviewer_app.core.unit_towns import label_towns_of_units


def _span(text: str, piece: str, label: str = "ORGANIZATION") -> Span:
    start = text.index(piece)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def _labels(spans: list[Span], text: str) -> dict[str, str]:
    return {s.text_in(text): s.label for s in spans}


def test_a_unit_named_by_its_town_keeps_only_the_town():
    text = (
        "A.   I'm with Stockton Parole Unit 3. Before that the Oakland 2 unit, and Fresno Two.\n"
        "A.   ICE's Bakersfield field office took him. He did 2 years in Fresno. Then Sacramento 6 unit."
    )
    spans = [
        _span(text, "Stockton Parole Unit 3"),
        _span(text, "Oakland 2"),
        _span(text, "Fresno Two"),
        _span(text, "2 years", "DATE"),
    ]
    rules = default_rules()
    labels = _labels(settle_body_mentions(spans, text, rules.known_places, rules.organisation_heads), text)
    assert labels == {
        "Stockton": "LOCATION",
        "Oakland": "LOCATION",
        "Fresno": "LOCATION",
        "Bakersfield": "LOCATION",
        "Sacramento": "LOCATION",
        "2 years": "DATE",
    }


def test_a_body_named_after_its_town_and_a_town_that_is_unknown_stay_as_they_are():
    text = "The Oakland Office of Appeals wrote. Zorbington Unit 4 replied."
    spans = [_span(text, "Oakland Office of Appeals")]
    towns = label_towns_of_units(spans, text, frozenset({"oakland"}), ("Parole",), ("Unit", "Office"))
    assert _labels(towns, text) == {"Oakland Office of Appeals": "ORGANIZATION"}


def test_a_towns_number_before_a_colon_and_digits_is_a_clocks_hour_no_unit():
    text = "Left Oakland 6:40, got to Fresno 10:15, then Bakersfield 1. The bus got to Stockton 3:15."
    spans = [_span(text, "6:40", "TIME"), _span(text, "10:15", "TIME"), _span(text, "3:15", "TIME")]
    labels = _labels(
        label_towns_of_units(spans, text, frozenset({"fresno", "stockton", "oakland"}), (), ()), text
    )
    assert labels == {"6:40": "TIME", "10:15": "TIME", "3:15": "TIME"}


def test_a_span_running_past_the_units_number_stays():
    text = "The bus got to Fresno 10.30 at night."
    spans = [_span(text, "10.30 at night", "TIME")]
    labels = _labels(label_towns_of_units(spans, text, frozenset({"fresno"}), (), ()), text)
    assert labels == {"Fresno": "LOCATION", "10.30 at night": "TIME"}
