"""A name NER read as a place at one mention and as a body or person at another (issue 12)."""

from __future__ import annotations

from reviewer_app.core.place_ties import places_win_ties
from tests.unit.test_context_rules import _merged, _span

_LOCATIVES = frozenset({"in", "at", "outside", "near", "onto", "inside"})
_TITLES = frozenset({"mr", "mrs", "ms", "dr", "officer"})


def _labels(text: str, spans, name: str) -> set[str]:
    return {s.label for s in places_win_ties(spans, text, _LOCATIVES, _TITLES) if s.text_in(text) == name}


def test_a_tie_between_a_place_after_in_and_a_body_is_the_place_at_every_mention():
    text = (
        "His sister lives ten minutes away in Quenzel. He may not leave Tarrow and Quenzel without approval."
    )
    spans = [
        _span(text, "Quenzel", "LOCATION"),
        _span(text, "Tarrow", "LOCATION"),
        _span(text, "Quenzel", "ORGANIZATION", 1),
    ]
    assert _labels(text, spans, "Quenzel") == {"LOCATION"}


def test_a_place_reading_no_locative_word_backs_settles_no_tie():
    text = "He was from del varo back then. Are you in contact with anyone from del varo?"
    spans = [_span(text, "del varo", "LOCATION"), _span(text, "del varo", "ORGANIZATION", 1)]
    assert _labels(text, spans, "del varo") == {"LOCATION", "ORGANIZATION"}
    text = "It was across from the Brackwell. He came out of the Brackwell parking lot."
    spans = [_span(text, "Brackwell", "LOCATION"), _span(text, "Brackwell", "ORGANIZATION", 1)]
    assert _labels(text, spans, "Brackwell") == {"LOCATION", "ORGANIZATION"}


def test_a_street_after_on_makes_the_word_ner_read_as_a_person_a_place():
    text = "It's at the tow yard on Pellinger, by the store. And the car, okay? Pellinger. Before Thursday."
    spans = [_span(text, "Pellinger", "LOCATION"), _span(text, "Pellinger", "PERSON", 1)]
    assert _labels(text, spans, "Pellinger") == {"LOCATION"}


def test_a_name_the_document_shows_as_a_person_s_keeps_its_labels():
    after_title = "Mr. Quenzel, your cousin's people in Quenzel. Quenzel was where you sold."
    spans = [
        _span(after_title, "Quenzel", "PERSON"),
        _span(after_title, "Quenzel", "LOCATION", 1),
        _span(after_title, "Quenzel", "ORGANIZATION", 2),
    ]
    assert _labels(after_title, spans, "Quenzel") == {"PERSON", "LOCATION", "ORGANIZATION"}
    in_a_full_name = "Dana Quenzel came. She grew up in Quenzel. Quenzel hired her."
    spans = [
        _span(in_a_full_name, "Dana Quenzel", "PERSON"),
        _span(in_a_full_name, "Quenzel", "LOCATION", 1),
        _span(in_a_full_name, "Quenzel", "ORGANIZATION", 2),
    ]
    assert _labels(in_a_full_name, spans, "Quenzel") == {"LOCATION", "ORGANIZATION"}


def test_a_mention_a_rule_found_or_a_majority_of_bodies_keeps_the_labels():
    text = "I worked in Fennick. Fennick paid me. Fennick gave me a bed."
    by_a_rule = [_span(text, "Fennick", "LOCATION"), _span(text, "Fennick", "ORGANIZATION", 1, "context")]
    assert _labels(text, by_a_rule, "Fennick") == {"LOCATION", "ORGANIZATION"}
    outvoted = [
        _span(text, "Fennick", "LOCATION"),
        _span(text, "Fennick", "ORGANIZATION", 1),
        _span(text, "Fennick", "ORGANIZATION", 2),
    ]
    assert _labels(text, outvoted, "Fennick") == {"LOCATION", "ORGANIZATION"}


def test_merging_settles_the_tie_for_the_place():
    text = "His mother lives in Quenzel, near the school. He may not enter Quenzel without his agent."
    spans = [_span(text, "Quenzel", "LOCATION"), _span(text, "Quenzel", "ORGANIZATION", 1)]
    assert {label for name, label in _merged(text, spans) if name == "Quenzel"} == {"LOCATION"}
