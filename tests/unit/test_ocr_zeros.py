"""Zeros written for the letter O inside a word (`core/ocr_zeros.py`), and detection reading them
as O so that a scanned cover's "R0BERT DELGAD0" is a person."""

from __future__ import annotations

import re

from reviewer_app.core.document import Document
from reviewer_app.core.ocr_zeros import zeros_read_as_o
from reviewer_app.core.spans import Span
from reviewer_app.detectors import registry
from reviewer_app.detectors.runner import run_detection
from reviewer_app.settings import Settings
from tests.unit.test_runner import ReadyDetector


def test_zeros_inside_words_of_letters_are_read_as_o_in_the_words_case():
    assert zeros_read_as_o("IN RE: R0BERT DELGAD0, Br00ks") == "IN RE: ROBERT DELGADO, Brooks"


def test_codes_numbers_and_short_words_keep_their_zeros():
    # Another digit (an ID, a year), a serial of zeros after letters (a plate), two letters.
    for kept in ("K44190", "WF0012", "2010", "ABC000", "CA00", "A0", "T0M", "BOOKING 0900"):
        assert zeros_read_as_o(kept) == kept


def test_the_reading_keeps_every_characters_place():
    text = "INMATE D0NOVAN-REYES: C0RRECT, sir.\n"
    read = zeros_read_as_o(text)
    assert len(read) == len(text)
    assert read == "INMATE DONOVAN-REYES: CORRECT, sir.\n"


class CapitalNameDetector(ReadyDetector):
    """Reads a name written in capitals as NER does: "ROBERT DELGADO", never "R0BERT DELGAD0"."""

    name = "capital_name"
    labels = ("PERSON",)

    def detect(self, chunk, shared):
        return [Span(*m.span(), "PERSON", ("spacy",)) for m in re.finditer("ROBERT DELGADO", chunk.text)]


def test_detection_reads_a_scanned_name_with_its_letters(monkeypatch):
    monkeypatch.setitem(registry.DETECTORS, "capital_name", f"{__name__}:CapitalNameDetector")
    text = "Parole hearing of R0BERT DELGAD0, the inmate, who was present and said he was ready.\n"
    found = run_detection(Document("scan", text), ["capital_name"], Settings()).spans
    # Found on the reading, and kept by the merge although the text as written has digits in it.
    assert [(s.text_in(text), s.label) for s in found] == [("R0BERT DELGAD0", "PERSON")]
