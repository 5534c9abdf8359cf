"""A body's kind said alone is no organisation; a body named by it or by one word is
(core/body_kinds)."""

from __future__ import annotations

from reviewer_app.core.body_kinds import drop_body_kinds, names_only_a_body_kind
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span

_KINDS = frozenset({"department", "dept", "division", "bureau", "agency", "unit"})


def _span(text: str, piece: str, label: str = "ORGANIZATION") -> Span:
    start = text.index(piece)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def test_the_department_alone_is_no_organisation_but_a_department_named_is():
    text = (
        "Q. When did you start with the Department?\n"
        "A. In 2004. Before that I was with the Fresno Police Department, and I served in the Army."
    )
    spans = [
        _span(text, "Department"),
        _span(text, "Fresno Police Department"),
        _span(text, "Army"),
    ]
    kept = {s.text_in(text) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"}
    assert "Department" not in kept
    assert {"Fresno Police Department", "Army"} <= kept


def test_only_one_kind_word_with_its_article_at_most():
    assert names_only_a_body_kind("Division", _KINDS)
    assert names_only_a_body_kind("the Bureau", _KINDS)
    assert not names_only_a_body_kind("Asylum Division", _KINDS)
    assert not names_only_a_body_kind("Bureau of Investigation", _KINDS)
    assert not names_only_a_body_kind("Navy", _KINDS)


def test_a_kind_word_read_as_a_place_or_a_person_is_left_to_other_rules():
    text = "We ask the Division to place you. Mr. Unit testified."
    spans = [_span(text, "Division", "LOCATION"), _span(text, "Unit", "PERSON")]
    assert drop_body_kinds(spans, text, _KINDS) == spans
