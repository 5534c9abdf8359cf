"""Detection quality on the hand-written held-out transcripts (issues 17 and 12): seven parole
hearings (an initial hearing reading the prior record in the real BPH layout, a stipulation by
video, a women's prison hearing in the sample layout, a court reporter's numbered hearing through
a Tagalog interpreter, a meeting platform's transcript export, an elderly veteran's hearing, an
institutional record in the sample layout), a Governor's reversal, a sentencing, a police
interview, a radio news story and a jail phone call, written and annotated by hand by four
writers independently of both generators and of the development set
(`tests/fixtures/handwritten/README.md`, rewritten a third time on 2026-11-27).
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

# Each floor: measured minus 0.005, rounded down; the comment gives the measured recall /
# precision, the number of gold spans, and bare spaCy's recall / precision beside them.
FLOORS = {
    # Twelve transcripts by writers 24-27, written on 2026-11-27 at night after the third
    # rotation (floors set then, on the session's last build).
    "PERSON": Floor(0.970, 0.943),  # 0.975 / 0.948 of 885; spaCy 0.514 / 0.878
    "SPELLED_NAME": Floor(0.995, 0.995),  # 1.000 / 1.000 of 25; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "SPELLED_OUT_ITEM": Floor(0.995, 0.495),  # 1.000 / 0.500 of 1; spaCy 0.000 / 0.000
    # Weak: 16 spans.
    "CDCR_ID": Floor(0.995, 0.837),  # 1.000 / 0.842 of 16; spaCy 0.000 / 0.000
    "ID_NUMBER": Floor(0.932, 0.932),  # 0.938 / 0.938 of 32; spaCy 0.000 / 0.000
    # Weak: places NER does not know and places the text names as bodies.
    "LOCATION": Floor(0.790, 0.893),  # 0.796 / 0.898 of 299; spaCy 0.602 / 0.697
    # Weak: an organisation that no cue introduces and NER does not know is missed.
    "ORGANIZATION": Floor(0.690, 0.745),  # 0.695 / 0.750 of 174; spaCy 0.563 / 0.282
    "DATE": Floor(0.957, 0.939),  # 0.962 / 0.944 of 265; spaCy 0.853 / 0.599
    # Weak in precision: 65 spans.
    "TIME": Floor(0.948, 0.779),  # 0.954 / 0.785 of 65; spaCy 0.600 / 0.514
    # Weak for the target (0.98): 102 spans, 7 missed.
    "AGE": Floor(0.926, 0.995),  # 0.931 / 1.000 of 102; spaCy 0.000 / 0.000
    # Weak: 1 span, missed.
    "HEIGHT": Floor(0.000, 0.000),  # 0.000 / 0.000 of 1; spaCy 0.000 / 0.000
    # Weak: 12 spans.
    "NRP": Floor(0.328, 0.495),  # 0.333 / 0.500 of 12; spaCy 0.500 / 0.545
    # Weak: 35 spans.
    "AMOUNT": Floor(0.737, 0.861),  # 0.743 / 0.867 of 35; spaCy 0.000 / 0.000
    "PHONE_NUMBER": Floor(0.861, 0.995),  # 0.867 / 1.000 of 30; spaCy 0.000 / 0.000
    # Weak: 2 spans.
    "URL": Floor(0.495, 0.995),  # 0.500 / 1.000 of 2; spaCy 0.000 / 0.000
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
        assert 400 <= len(record.text.split()) <= 1400, record.id


@pytest.mark.slow
def test_every_label_keeps_its_recall_and_precision(tmp_path):
    measured = gate.measure("handwritten", gate.handwritten_texts(tmp_path))
    print("\n" + gate.table(measured, FLOORS))
    problems = gate.failures(measured, FLOORS)
    assert not problems, "\n".join(problems) + "\n" + gate.table(measured, FLOORS)
