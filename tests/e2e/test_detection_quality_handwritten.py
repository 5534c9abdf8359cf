"""Detection quality on the hand-written held-out transcripts (issues 17 and 12): six parole
hearings (a gang dropout's hearing in the real layout, closing statements and the decision, support
letters read into a numbered record, a youth offender's foster care history, a risk assessment in
automatic captions, a victim's family present), a defence investigator's witness interview, a
victim services call and a presentence probation report, written and annotated by hand by three
writers independently of both generators and of the development set
(`tests/fixtures/handwritten/README.md`, rewritten a fourth time on 2026-11-28). They are held out:
no rule or word list is written from them. Recall and precision per coarse label, overlap matching,
beside bare spaCy's, over floors set under what the build reaches; a weak label has a low floor,
and the floor says so."""

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
    # The nine transcripts by writers 28-30, written on 2026-11-27 late at night and held out since
    # (floors set on the build that promoted writers 24-27, the last of that session).
    "PERSON": Floor(0.972, 0.943),  # 0.977 / 0.948 of 618; spaCy 0.583 / 0.865
    # Weak: 15 spans.
    "SPELLED_NAME": Floor(0.928, 0.861),  # 0.933 / 0.867 of 15; spaCy 0.000 / 0.000
    # Weak: 12 spans, 2 missed.
    "CDCR_ID": Floor(0.828, 0.995),  # 0.833 / 1.000 of 12; spaCy 0.000 / 0.000
    "ID_NUMBER": Floor(0.915, 0.846),  # 0.920 / 0.852 of 25; spaCy 0.000 / 0.000
    # Weak: places NER does not know and places the text names as bodies.
    "LOCATION": Floor(0.789, 0.915),  # 0.795 / 0.921 of 229; spaCy 0.607 / 0.825
    # Weak: an organisation that no cue introduces and NER does not know is missed.
    "ORGANIZATION": Floor(0.807, 0.694),  # 0.812 / 0.699 of 96; spaCy 0.542 / 0.315
    "DATE": Floor(0.918, 0.967),  # 0.924 / 0.973 of 197; spaCy 0.853 / 0.545
    "TIME": Floor(0.870, 0.948),  # 0.875 / 0.953 of 48; spaCy 0.562 / 0.510
    # Weak for the target (0.98): 84 spans, 10 missed.
    "AGE": Floor(0.875, 0.995),  # 0.881 / 1.000 of 84; spaCy 0.000 / 0.000
    # Weak: 3 spans, 2 missed.
    "HEIGHT": Floor(0.328, 0.995),  # 0.333 / 1.000 of 3; spaCy 0.000 / 0.000
    # Weak: 3 spans.
    "NRP": Floor(0.661, 0.995),  # 0.667 / 1.000 of 3; spaCy 1.000 / 0.750
    "AMOUNT": Floor(0.877, 0.995),  # 0.882 / 1.000 of 17; spaCy 0.000 / 0.000
    "PHONE_NUMBER": Floor(0.813, 0.895),  # 0.818 / 0.900 of 22; spaCy 0.000 / 0.000
    # Weak: 5 spans.
    "EMAIL_ADDRESS": Floor(0.795, 0.995),  # 0.800 / 1.000 of 5; spaCy 0.000 / 0.000
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
