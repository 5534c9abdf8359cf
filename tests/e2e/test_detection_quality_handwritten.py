"""Detection quality on the hand-written held-out transcripts (issues 17 and 12): parole hearings
in every layout the app meets (the sample and real BPH layouts, a reporter's numbered pages, a
typed 1990s transcript in capitals, a WebVTT export) and court, call and interview transcripts of
other kinds, written and annotated by hand by writers independent of both generators and of the
development set (`tests/fixtures/handwritten/README.md`, rewritten a ninth time on 2026-11-28). They
are held out: no rule or word list is written from them. Recall and precision per coarse label,
overlap matching, beside bare spaCy's, over floors set under what the build reaches; a weak label
has a low floor, and the floor says so."""

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
    # Nine transcripts by writers 43-45 (2026-11-28, midday); floors set on the build that
    # promoted writers 40-42 (its detection is the last build of the session before).
    "PERSON": Floor(0.977, 0.940),  # 0.982 / 0.945 of 557; spaCy 0.474 / 0.839
    "SPELLED_NAME": Floor(0.995, 0.995),  # 1.000 / 1.000 of 13; spaCy 0.000 / 0.000
    # Weak for the target (0.98): 10 spans, 1 missed.
    "CDCR_ID": Floor(0.895, 0.745),  # 0.900 / 0.750 of 10; spaCy 0.000 / 0.000
    "ID_NUMBER": Floor(0.957, 0.891),  # 0.963 / 0.897 of 27; spaCy 0.000 / 0.000
    # Weak: places NER does not know and places the text names as bodies.
    "LOCATION": Floor(0.898, 0.917),  # 0.903 / 0.923 of 259; spaCy 0.510 / 0.819
    # Weak: an organisation that no cue introduces and NER does not know is missed.
    "ORGANIZATION": Floor(0.665, 0.543),  # 0.670 / 0.549 of 91; spaCy 0.451 / 0.190
    # Weak for the target (0.98): 207 spans, 9 missed.
    "DATE": Floor(0.951, 0.965),  # 0.957 / 0.970 of 207; spaCy 0.812 / 0.659
    # Weak for the target (0.98): 102 spans, 19 missed.
    "TIME": Floor(0.808, 0.971),  # 0.814 / 0.976 of 102; spaCy 0.539 / 0.612
    # Weak for the target (0.98): 66 spans, 4 missed.
    "AGE": Floor(0.934, 0.979),  # 0.939 / 0.984 of 66; spaCy 0.000 / 0.000
    # Weak: 2 spans.
    "HEIGHT": Floor(0.995, 0.995),  # 1.000 / 1.000 of 2; spaCy 0.000 / 0.000
    # Weak: 8 spans, 1 missed.
    "NRP": Floor(0.870, 0.772),  # 0.875 / 0.778 of 8; spaCy 0.500 / 0.500
    # Weak: 22 spans, 7 missed.
    "AMOUNT": Floor(0.676, 0.932),  # 0.682 / 0.938 of 22; spaCy 0.000 / 0.000
    # Weak: 39 spans, 6 missed.
    "PHONE_NUMBER": Floor(0.841, 0.995),  # 0.846 / 1.000 of 39; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "EMAIL_ADDRESS": Floor(0.995, 0.995),  # 1.000 / 1.000 of 1; spaCy 0.000 / 0.000
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
