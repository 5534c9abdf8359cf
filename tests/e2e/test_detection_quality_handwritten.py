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
    # Nine transcripts by writers 40-42 (2026-11-28, late morning); floors set on the build that
    # promoted writers 37-39 (its detection is the last build of the session before).
    # Weak for the target (0.98): 583 spans, 42 missed.
    "PERSON": Floor(0.922, 0.969),  # 0.928 / 0.975 of 583; spaCy 0.480 / 0.892
    # Weak: 7 spans.
    "SPELLED_NAME": Floor(0.995, 0.772),  # 1.000 / 0.778 of 7; spaCy 0.000 / 0.000
    # Weak: 1 span.
    "SPELLED_OUT_ITEM": Floor(0.995, 0.995),  # 1.000 / 1.000 of 1; spaCy 0.000 / 0.000
    # Weak for the target (0.98): 11 spans, 1 missed.
    "CDCR_ID": Floor(0.904, 0.995),  # 0.909 / 1.000 of 11; spaCy 0.000 / 0.000
    # Weak: 26 spans, 5 missed.
    "ID_NUMBER": Floor(0.802, 0.870),  # 0.808 / 0.875 of 26; spaCy 0.000 / 0.000
    # Weak: places NER does not know and places the text names as bodies.
    "LOCATION": Floor(0.844, 0.951),  # 0.850 / 0.956 of 273; spaCy 0.659 / 0.845
    # Weak: an organisation that no cue introduces and NER does not know is missed.
    "ORGANIZATION": Floor(0.719, 0.547),  # 0.724 / 0.553 of 127; spaCy 0.512 / 0.307
    # Weak for the target (0.98): 186 spans, 4 missed.
    "DATE": Floor(0.973, 0.983),  # 0.978 / 0.989 of 186; spaCy 0.919 / 0.575
    # Weak for the target (0.98): 51 spans, 10 missed.
    "TIME": Floor(0.798, 0.886),  # 0.804 / 0.891 of 51; spaCy 0.510 / 0.436
    # Weak for the target (0.98): 93 spans, 8 missed.
    "AGE": Floor(0.908, 0.960),  # 0.914 / 0.966 of 93; spaCy 0.000 / 0.000
    # Weak: 3 spans.
    "NRP": Floor(0.995, 0.595),  # 1.000 / 0.600 of 3; spaCy 0.667 / 0.400
    # Weak: 12 spans, 2 missed.
    "AMOUNT": Floor(0.828, 0.828),  # 0.833 / 0.833 of 12; spaCy 0.000 / 0.000
    # Weak: 22 spans, 3 missed.
    "PHONE_NUMBER": Floor(0.858, 0.899),  # 0.864 / 0.905 of 22; spaCy 0.000 / 0.000
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
