"""A name the document defines as another name of a body or a place takes its label
(core/other_names.py)."""

import re

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.other_names import label_names_defined_as_others
from reviewer_app.core.spans import Span


def _spans(text: str, label: str, name: str, detectors: tuple[str, ...] = ("spacy",)) -> list[Span]:
    return [
        Span(m.start(), m.end(), label, detectors, 0.85) for m in re.finditer(rf"(?<!\w){name}(?!\w)", text)
    ]


def _labels(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(s.text_in(text), s.label) for s in label_names_defined_as_others(spans, text)]


_SHENE = (
    "They said I was feeding Shene. If your brother is in the forest, you are Shene.\n"
    'INTERPRETER: Interpreter notes that "Shene" is the name the government uses for the OLA.'
)


def test_every_mention_of_a_name_defined_as_a_bodys_takes_the_bodys_label():
    spans = [*_spans(_SHENE, "PERSON", "Shene"), *_spans(_SHENE, "ORGANIZATION", "OLA")]
    assert _labels(_SHENE, spans) == [
        ("Shene", "ORGANIZATION"),
        ("Shene", "ORGANIZATION"),
        ("Shene", "ORGANIZATION"),
        ("OLA", "ORGANIZATION"),
    ]


def test_a_name_defined_as_a_places_takes_the_place_label():
    text = 'We lived in Finfinne. "Finfinne" was our name for Addis Ababa.'
    spans = [*_spans(text, "PERSON", "Finfinne"), *_spans(text, "LOCATION", "Addis Ababa")]
    assert _labels(text, spans) == [
        ("Finfinne", "LOCATION"),
        ("Finfinne", "LOCATION"),
        ("Addis Ababa", "LOCATION"),
    ]


def test_a_name_defined_as_a_persons_or_as_nothing_found_stays_a_person():
    text = 'Chato came. "Chato" is the name we used for Juan. "Pops" is the nickname for the sponsor.'
    spans = [
        *_spans(text, "PERSON", "Chato"),
        *_spans(text, "PERSON", "Juan"),
        *_spans(text, "PERSON", "Pops"),
    ]
    assert {label for _, label in _labels(text, spans)} == {"PERSON"}


def test_a_mention_a_cue_found_stays_a_person():
    text = 'My son is Shene. "Shene" is the name the government uses for the OLA.'
    spans = [*_spans(text, "PERSON", "Shene", ("context",)), *_spans(text, "ORGANIZATION", "OLA")]
    assert _labels(text, spans)[0] == ("Shene", "PERSON")


def test_the_merge_labels_the_defined_name_a_body():
    spans = [*_spans(_SHENE, "PERSON", "Shene"), *_spans(_SHENE, "ORGANIZATION", "OLA")]
    labels = {s.label for s in merge_spans(spans, _SHENE) if s.text_in(_SHENE) == "Shene"}
    assert labels == {"ORGANIZATION"}
