"""Bodies named after a person, which NER reads as the person (core/body_names.py)."""

from __future__ import annotations

from reviewer_app.core.body_names import relabel_persons_before_body_heads
from reviewer_app.core.merge import merge_spans
from tests.unit.test_context_rules import _span


def test_a_name_before_the_lower_case_head_of_a_body_is_that_body():
    text = "A: Also Hartnell college, two classes. First a shelter, the A. Miriam Jamison center.\n"
    ner = [_span(text, "Hartnell", "PERSON"), _span(text, "Miriam Jamison", "PERSON")]
    labels = {(s.text_in(text), s.label) for s in merge_spans(ner, text)}
    assert {("Hartnell", "ORGANIZATION"), ("Miriam Jamison", "ORGANIZATION")} <= labels


def test_a_person_before_a_word_of_his_own_or_a_found_name_stays_a_person():
    # "Tony house" is his house; a capitalised word after the name is the name's; a name a
    # cue found ("context") is no guess; the head on the next line follows nothing.
    text = "A: We went to Tony house. Maria Center came. I saw Rosa school.\nLena\ncollege.\n"
    spans = [
        _span(text, "Tony", "PERSON"),
        _span(text, "Maria", "PERSON"),
        _span(text, "Rosa", "PERSON", detector="context"),
        _span(text, "Lena", "PERSON"),
    ]
    assert relabel_persons_before_body_heads(spans, text, frozenset()) == spans


def test_a_name_after_a_word_that_says_it_is_a_persons_stays_a_person():
    text = "A: My teacher Roberta Haines school program helped. Officer Ruiz clinic staff came.\n"
    ner = [_span(text, "Roberta Haines", "PERSON"), _span(text, "Ruiz", "PERSON")]
    labels = {(s.text_in(text), s.label) for s in merge_spans(ner, text)}
    assert {("Roberta Haines", "PERSON"), ("Ruiz", "PERSON")} <= labels
