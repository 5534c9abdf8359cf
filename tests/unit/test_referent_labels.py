"""Labels that follow from what a span refers to (issue 12), through `merge_spans`."""

from __future__ import annotations

from tests.unit.test_context_rules import _merged, _span


def test_a_state_named_by_its_form_of_government_is_a_body():
    text = (
        "The case originated in an application against the Republic of Latvia lodged on 3 May 2001."
        " The Slovak Republic paid."
    )
    spans = [_span(text, "Republic of Latvia", "LOCATION"), _span(text, "Slovak Republic", "LOCATION")]
    merged = _merged(text, spans)
    assert ("Republic of Latvia", "ORGANIZATION") in merged
    assert ("Slovak Republic", "ORGANIZATION") in merged


def test_a_state_someone_is_in_or_comes_from_stays_a_place():
    text = "She was born in the Dominican Republic and moved to the United Kingdom. Her aunt lives in Latvia."
    spans = [
        _span(text, "Dominican Republic", "LOCATION"),
        _span(text, "United Kingdom", "LOCATION"),
        _span(text, "Latvia", "LOCATION"),
    ]
    merged = _merged(text, spans)
    assert {
        ("Dominican Republic", "LOCATION"),
        ("United Kingdom", "LOCATION"),
        ("Latvia", "LOCATION"),
    } <= merged
