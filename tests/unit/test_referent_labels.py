"""Labels that follow from what a span refers to (issue 12), through `merge_spans`."""

from __future__ import annotations

from tests.unit.test_context_rules import _merged, _span


def test_a_state_named_by_its_form_of_government_as_a_party_to_a_case_is_a_body():
    text = (
        "The case originated in an application against the Republic of Latvia lodged on 3 May 2001."
        " See Novak v. the Slovak Republic."
    )
    spans = [_span(text, "Republic of Latvia", "LOCATION"), _span(text, "Slovak Republic", "LOCATION")]
    merged = _merged(text, spans)
    assert ("Republic of Latvia", "ORGANIZATION") in merged
    assert ("Slovak Republic", "ORGANIZATION") in merged


def test_a_state_named_elsewhere_stays_a_place():
    text = (
        "She was born in the Dominican Republic and moved to the United Kingdom. "
        "Aid to the Czech Republic grew, and the Republic of Latvia voted."
    )
    pieces = ("Dominican Republic", "United Kingdom", "Czech Republic", "Republic of Latvia")
    merged = _merged(text, [_span(text, piece, "LOCATION") for piece in pieces])
    assert {(piece, "LOCATION") for piece in pieces} <= merged
