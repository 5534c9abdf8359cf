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
    # Eighteen transcripts: nine by writers 37-39 (2026-11-28, morning), nine by writers 40-42
    # (2026-11-28, late morning); floors set on the last build of the session that added the latter.
    # Weak for the target (0.98): 1266 spans, 50 missed.
    "PERSON": Floor(0.955, 0.960),  # 0.961 / 0.965 of 1266; spaCy 0.453 / 0.857
    # Weak: 14 spans.
    "SPELLED_NAME": Floor(0.995, 0.870),  # 1.000 / 0.875 of 14; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "SPELLED_OUT_ITEM": Floor(0.995, 0.328),  # 1.000 / 0.333 of 1; spaCy 0.000 / 0.000
    # Weak for the target (0.98): 20 spans, 1 missed.
    "CDCR_ID": Floor(0.945, 0.945),  # 0.950 / 0.950 of 20; spaCy 0.000 / 0.000
    "ID_NUMBER": Floor(0.872, 0.887),  # 0.877 / 0.893 of 57; spaCy 0.000 / 0.000
    # Weak: places NER does not know and places the text names as bodies.
    "LOCATION": Floor(0.860, 0.948),  # 0.866 / 0.953 of 461; spaCy 0.666 / 0.855
    # Weak: an organisation that no cue introduces and NER does not know is missed.
    "ORGANIZATION": Floor(0.753, 0.617),  # 0.759 / 0.623 of 228; spaCy 0.513 / 0.257
    # Weak for the target (0.98): 366 spans, 15 missed.
    "DATE": Floor(0.954, 0.980),  # 0.959 / 0.986 of 366; spaCy 0.880 / 0.584
    # Weak for the target (0.98): 152 spans, 26 missed.
    "TIME": Floor(0.823, 0.928),  # 0.829 / 0.933 of 152; spaCy 0.480 / 0.504
    # Weak for the target (0.98): 163 spans, 19 missed.
    "AGE": Floor(0.878, 0.961),  # 0.883 / 0.966 of 163; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "HEIGHT": Floor(0.995, 0.195),  # 1.000 / 0.200 of 1; spaCy 0.000 / 0.000
    # Weak: 18 spans, 1 missed.
    "NRP": Floor(0.939, 0.804),  # 0.944 / 0.810 of 18; spaCy 0.500 / 0.562
    "AMOUNT": Floor(0.616, 0.928),  # 0.621 / 0.933 of 66; spaCy 0.000 / 0.000
    # Weak: 38 spans, 3 missed.
    "PHONE_NUMBER": Floor(0.916, 0.940),  # 0.921 / 0.946 of 38; spaCy 0.000 / 0.000
    # Weak: 4 spans.
    "EMAIL_ADDRESS": Floor(0.995, 0.995),  # 1.000 / 1.000 of 4; spaCy 0.000 / 0.000
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
