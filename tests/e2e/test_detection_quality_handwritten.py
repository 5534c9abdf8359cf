"""Detection quality on the hand-written held-out transcripts (issues 17 and 12): twelve parole
hearings (a disciplinary history in the real layout, re-entry plans in a reporter's numbered pages,
a stipulated postponement in the real layout, a video hearing with dropped connections, the victim's
next of kin in numbered pages, a risk assessment's substance history, an elderly man's medical
history in the real layout, his programmes and certificates in numbered pages, a juvenile record
and schooling, a Spanish interpreter's numbered record, a work history and restitution in the real
layout, a transcription service's timestamped text), an insurance adjuster's recorded statement, a
utility call centre's billing call, a family court custody hearing, a body-worn camera's traffic
stop, an arraignment and bail hearing and a parole office's first report interview, written and
annotated by hand by six writers independently of both generators and of the development set
(`tests/fixtures/handwritten/README.md`, rewritten a sixth time on 2026-11-28). They are held out:
no rule or word list is written from them. Recall and precision per coarse label, overlap
matching, beside bare spaCy's, over floors set under what the build reaches; a weak label has a
low floor, and the floor says so."""

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
    # Eighteen transcripts: nine by writers 40-42 (2026-11-28, late morning), nine by writers 43-45
    # (2026-11-28, midday); floors set on the last build of the session that added the latter.
    # Weak for the target (0.98): 1140 spans, 48 missed.
    "PERSON": Floor(0.952, 0.953),  # 0.958 / 0.959 of 1140; spaCy 0.477 / 0.865
    # Weak: 20 spans.
    "SPELLED_NAME": Floor(0.995, 0.904),  # 1.000 / 0.909 of 20; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "SPELLED_OUT_ITEM": Floor(0.995, 0.995),  # 1.000 / 1.000 of 1; spaCy 0.000 / 0.000
    # Weak for the target (0.98): 21 spans, 2 missed.
    "CDCR_ID": Floor(0.899, 0.858),  # 0.905 / 0.864 of 21; spaCy 0.000 / 0.000
    "ID_NUMBER": Floor(0.881, 0.881),  # 0.887 / 0.887 of 53; spaCy 0.000 / 0.000
    # Weak: places NER does not know and places the text names as bodies.
    "LOCATION": Floor(0.880, 0.930),  # 0.885 / 0.936 of 532; spaCy 0.586 / 0.834
    # Weak: an organisation that no cue introduces and NER does not know is missed.
    "ORGANIZATION": Floor(0.696, 0.604),  # 0.702 / 0.609 of 218; spaCy 0.486 / 0.248
    # Weak for the target (0.98): 393 spans, 13 missed.
    "DATE": Floor(0.961, 0.974),  # 0.967 / 0.979 of 393; spaCy 0.863 / 0.615
    # Weak for the target (0.98): 153 spans, 29 missed.
    "TIME": Floor(0.805, 0.941),  # 0.810 / 0.947 of 153; spaCy 0.529 / 0.543
    # Weak for the target (0.98): 159 spans, 10 missed.
    "AGE": Floor(0.932, 0.968),  # 0.937 / 0.974 of 159; spaCy 0.000 / 0.000
    # Weak: 2 spans.
    "HEIGHT": Floor(0.995, 0.395),  # 1.000 / 0.400 of 2; spaCy 0.000 / 0.000
    # Weak: 11 spans, 1 missed.
    "NRP": Floor(0.904, 0.709),  # 0.909 / 0.714 of 11; spaCy 0.545 / 0.462
    # Weak: 34 spans, 9 missed.
    "AMOUNT": Floor(0.730, 0.956),  # 0.735 / 0.962 of 34; spaCy 0.000 / 0.000
    "PHONE_NUMBER": Floor(0.847, 0.957),  # 0.852 / 0.963 of 61; spaCy 0.000 / 0.000
    # Weak: 5 spans.
    "EMAIL_ADDRESS": Floor(0.995, 0.995),  # 1.000 / 1.000 of 5; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "URL": Floor(0.995, 0.995),  # 1.000 / 1.000 of 1; spaCy 0.000 / 0.000
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
