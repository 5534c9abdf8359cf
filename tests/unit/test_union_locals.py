"""A union's local by its number is one ORGANIZATION span (core/union_locals.py). The texts are
written for these tests; their names are invented."""

from __future__ import annotations

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.core.union_locals import label_union_locals

_UNION_WORDS = frozenset({"union", "local", "dues"})
_STOPS = frozenset({"the", "and", "yes"})


def _span(text: str, piece: str, label: str = "ORGANIZATION") -> Span:
    start = text.index(piece)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def _labels(spans: list[Span], text: str) -> dict[str, str]:
    return {s.text_in(text): s.label for s in spans}


def test_a_local_of_three_digits_survives_the_merge_as_one_body_with_its_unions_name():
    text = (
        "Q.   Did the union write to you?\n"
        "A.   Yes, the hall at Local 340 did. He paid his dues to Teamsters Local 853 as well.\n"
        "Q.   And Phase 2 of the programme?"
    )
    spans = [_span(text, "Local 340"), _span(text, "Local 853"), _span(text, "Phase 2")]
    labels = _labels(merge_spans(spans, text), text)
    assert labels == {"Local 340": "ORGANIZATION", "Teamsters Local 853": "ORGANIZATION"}


def test_an_acronym_joined_to_a_number_is_a_local_where_the_sentence_speaks_of_a_union():
    text = "His union, IBEW-47, sent the letter. He filed the EOIR-28 in March."
    spans = [_span(text, "IBEW-47", "ID_NUMBER")]
    labels = _labels(label_union_locals(spans, text, _UNION_WORDS, _STOPS), text)
    assert labels == {"IBEW-47": "ORGANIZATION"}


def test_a_sentence_opener_is_no_word_of_the_unions_name():
    text = "Yes Local 12 took him. And Carpenters Local 46 too."
    labels = _labels(label_union_locals([], text, _UNION_WORDS, _STOPS), text)
    assert labels == {"Local 12": "ORGANIZATION", "Carpenters Local 46": "ORGANIZATION"}


def test_a_local_in_capitals_is_one_span_not_two():
    text = "HE WAS A MEMBER OF THE UNION, LOCAL 13, FOR TEN YEARS."
    spans = label_union_locals([], text, _UNION_WORDS, frozenset({"of", "the"}))
    assert [(s.text_in(text), s.label) for s in spans] == [("LOCAL 13", "ORGANIZATION")]


def test_a_local_found_from_the_sentence_never_replaces_a_longer_span_holding_it():
    text = "Mail your dues to Laborers Local 1193, PO BOX 4490, Sacramento, CA 95812."
    spans = [_span(text, "PO BOX 4490, Sacramento, CA 95812", "LOCATION")]
    labels = _labels(label_union_locals(spans, text, _UNION_WORDS, _STOPS), text)
    assert labels == {"Laborers Local 1193": "ORGANIZATION", "PO BOX 4490, Sacramento, CA 95812": "LOCATION"}


def test_an_address_units_word_joined_to_a_number_is_no_unions_acronym():
    text = "Send the dues to BOX 4490 and the union form to SUITE 210."
    spans = label_union_locals([], text, _UNION_WORDS, _STOPS, frozenset({"box", "suite"}))
    assert spans == []


def test_words_ner_read_as_a_person_are_no_part_of_the_locals_name():
    text = "I talked to Marcus Bell Local 47 about the apprenticeship."
    spans = [_span(text, "Marcus Bell", "PERSON")]
    labels = _labels(label_union_locals(spans, text, _UNION_WORDS, _STOPS), text)
    assert labels == {"Marcus Bell": "PERSON", "Local 47": "ORGANIZATION"}
