"""A full name NER labels an organisation is a PERSON when the document names the family."""

from __future__ import annotations

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.family_names import relabel_relatives_of_persons
from reviewer_app.core.name_rules import STRUCTURE
from reviewer_app.core.spans import Span


def _span(text: str, phrase: str, label: str, detectors=("spacy",), nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(phrase, start + 1)
    return Span(start, start + len(phrase), label, detectors)


def _labels(text: str, spans: list[Span]) -> dict[str, str]:
    out = relabel_relatives_of_persons(
        spans, text, lowercase_words(text), frozenset({"oak park"}), frozenset()
    )
    return {s.text_in(text): s.label for s in out}


def test_a_full_name_ending_in_a_family_name_of_the_document_is_a_person():
    text = "Mr. Okonkwo spoke first. The owner, Emeka Chidi Okonkwo, was his uncle. Ada Okonkwo came too."
    spans = [
        _span(text, "Okonkwo", "PERSON"),
        _span(text, "Emeka Chidi Okonkwo", "ORGANIZATION"),
        _span(text, "Ada Okonkwo", "LOCATION"),
    ]
    labels = _labels(text, spans)
    assert labels["Emeka Chidi Okonkwo"] == "PERSON" and labels["Ada Okonkwo"] == "PERSON"


def test_a_family_name_that_is_a_word_a_known_place_and_a_context_finding_stay():
    text = (
        "Ms. Hale and Mr. Grove were there. We met at Cedar Grove by a little grove of trees, "
        "then drove to Oak Park, where Mr. Park lives. Brandt Hale works for Marsh Hale."
    )
    spans = [
        _span(text, "Hale", "PERSON"),
        _span(text, "Grove", "PERSON"),
        _span(text, "Cedar Grove", "LOCATION"),
        _span(text, "Oak Park", "LOCATION"),
        _span(text, "Park", "PERSON", nth=1),
        _span(text, "Brandt Hale", "PERSON"),
        _span(text, "Marsh Hale", "ORGANIZATION", ("spacy", STRUCTURE)),
    ]
    labels = _labels(text, spans)
    # "grove" is a word of the document, Oak Park a known place, Marsh Hale found by context.
    assert labels["Cedar Grove"] == "LOCATION"
    assert labels["Oak Park"] == "LOCATION"
    assert labels["Marsh Hale"] == "ORGANIZATION"


def test_a_given_name_and_junior_said_in_full_is_a_person():
    from reviewer_app.core.family_names import relabel_names_by_form

    text = "And your son? Wendale Junior -- we call him Dell. He works at Fresno Junior Sales Company."
    spans = [
        _span(text, "Wendale Junior", "ORGANIZATION"),
        _span(text, "Fresno Junior Sales Company", "ORGANIZATION"),
    ]
    labels = {s.text_in(text): s.label for s in relabel_names_by_form(spans, text, frozenset(), frozenset())}
    assert labels == {"Wendale Junior": "PERSON", "Fresno Junior Sales Company": "ORGANIZATION"}
