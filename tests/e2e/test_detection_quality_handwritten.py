"""Detection quality on hand-written transcripts (issue 17): a parole hearing, an
oral-history interview, a utility call and a court excerpt, written and annotated
by hand independently of both generators (`tests/fixtures/handwritten/README.md`).
They are held out: no rule or word list is written from them. Recall and precision
per coarse label, overlap matching, beside bare spaCy's, over floors set under what
the build reaches; a weak label has a low floor, and the floor says so."""

from __future__ import annotations

import json

import pytest

from reviewer_app.core.interchange import record_from_json
from reviewer_app.core.labels import catalog
from tests.fixtures import quality_gate as gate
from tests.fixtures.handwritten_gold import (
    GOLD_JSONL,
    MarkupError,
    gold_records,
    load_handwritten,
    parse_markup,
)
from tests.fixtures.quality_gate import Floor

FLOORS = {
    "PERSON": Floor(0.75, 0.90),
}


def test_markup_gives_the_text_and_the_spans_it_brackets():
    text, spans = parse_markup("Hi [[Ana Ruiz|PERSON]], born [[1990|DATE]].")
    assert text == "Hi Ana Ruiz, born 1990."
    assert [(s.text_in(text), s.label) for s in spans] == [("Ana Ruiz", "PERSON"), ("1990", "DATE")]
    with pytest.raises(MarkupError, match="unknown label"):
        parse_markup("[[Ana|NAME]]")
    with pytest.raises(MarkupError, match="unbalanced"):
        parse_markup("[[Ana|PERSON]] and [[Bo")


def test_the_gold_file_is_the_markup_as_it_stands():
    """handwritten.gold.jsonl is regenerated from the markup (python -m tests.fixtures.handwritten_gold)."""
    transcripts = load_handwritten()
    with GOLD_JSONL.open(encoding="utf-8") as fh:
        stored = [json.loads(line) for line in fh]
    assert stored == gold_records(transcripts)
    assert len(transcripts) >= 4
    for obj in stored:
        record = record_from_json(obj, labels=catalog().all_labels)
        assert all(obj["text"][s["start"] : s["end"]] == s["text"] for s in obj["spans"])
        assert 400 <= len(record.text.split()) <= 800, record.id


@pytest.mark.slow
def test_every_label_keeps_its_recall_and_precision(tmp_path):
    measured = gate.measure("handwritten", gate.handwritten_texts(tmp_path))
    print("\n" + gate.table(measured, FLOORS))
    problems = gate.failures(measured, FLOORS)
    assert not problems, "\n".join(problems) + "\n" + gate.table(measured, FLOORS)
