"""Detection quality on generated hearings (`tests/fixtures/generator.py`).

Two gates on the same twenty transcripts (seeds differ from the other tests'):

- issue 3's targets with exact span match: recall >= 0.98 for PERSON,
  SPELLED_NAME, CDCR_ID, DATE and TIME, and overall F1 >= 0.95;
- issue 17's floor per coarse label, recall and precision with overlap matching
  (`tests/fixtures/quality_gate.py`), so that a label that loses ground fails
  even where PERSON, two thirds of the spans, keeps micro-F1 up. The rules were
  written from this generator, so these floors are high; the held-out material
  (`test_detection_quality_handwritten.py`, `_style2.py`, `test_corpus_quality.py`)
  says what the build does elsewhere.

Each transcript's canonical text is imported from a .txt file as a user would
import it, so the cover metadata (the deny-list's seed) is parsed by the real importer.
"""

from __future__ import annotations

import itertools

import pytest

from reviewer_app.evaluation.metrics import DocumentPair, evaluate
from reviewer_app.importers import import_file
from tests.fixtures import quality_gate as gate
from tests.fixtures.generator import generate_transcript
from tests.fixtures.quality_gate import Floor

RECALL_TARGETS = {"PERSON": 0.98, "SPELLED_NAME": 0.98, "CDCR_ID": 0.98, "DATE": 0.98, "TIME": 0.98}
OVERALL_F1_TARGET = 0.95
# Floors under what the build reaches (overlap matching); see the module docstring.
# Each floor: measured minus 0.005, rounded down; the comment gives the measured recall /
# precision, the number of gold spans, and bare spaCy's recall / precision beside them.
FLOORS = {
    "PERSON": Floor(0.992, 0.992),  # 0.997 / 0.997 of 2636; spaCy 0.404 / 0.904
    "SPELLED_NAME": Floor(0.995, 0.995),  # 1.000 / 1.000 of 139; spaCy 0.000 / 0.000
    "SPELLED_OUT_ITEM": Floor(0.995, 0.995),  # 1.000 / 1.000 of 25; spaCy 0.000 / 0.000
    "CDCR_ID": Floor(0.995, 0.995),  # 1.000 / 1.000 of 100; spaCy 0.000 / 0.000
    "LOCATION": Floor(0.990, 0.985),  # 0.995 / 0.990 of 388; spaCy 0.691 / 0.755
    # Issue 17 removed the generator's trades and gang names from the rules; naming cues, employers
    # and the "X in <town>" rule (issue 12) brought it back up without them.
    # Reset on 2026-11-27 when the gold began to annotate the named programmes and bodies
    # (docs/annotation-guidelines.md; 25 more spans): two that no cue introduces, said after
    # "completed" ("Victim Offender Education Group", "Breaking Barriers"), are missed.
    "ORGANIZATION": Floor(0.952, 0.961),  # 0.957 / 0.966 of 208; spaCy 0.726 / 0.182
    "DATE": Floor(0.995, 0.991),  # 1.000 / 0.996 of 266; spaCy 0.883 / 0.473
    "TIME": Floor(0.995, 0.995),  # 1.000 / 1.000 of 130; spaCy 0.962 / 0.749
    "AGE": Floor(0.966, 0.995),  # 0.972 / 1.000 of 71; spaCy 0.000 / 0.000
    "HEIGHT": Floor(0.995, 0.995),  # 1.000 / 1.000 of 19; spaCy 0.000 / 0.000
    "NRP": Floor(0.995, 0.995),  # 1.000 / 1.000 of 16; spaCy 0.500 / 0.533
    "PHONE_NUMBER": Floor(0.995, 0.995),  # 1.000 / 1.000 of 9; spaCy 0.000 / 0.000
    "EMAIL_ADDRESS": Floor(0.995, 0.995),  # 1.000 / 1.000 of 8; spaCy 0.000 / 0.000
    "URL": Floor(0.995, 0.995),  # 1.000 / 1.000 of 6; spaCy 0.000 / 0.000
    "AMOUNT": Floor(0.995, 0.995),  # 1.000 / 1.000 of 4; spaCy 0.000 / 0.000
}

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def texts(tmp_path_factory):
    return gate.generator_texts(tmp_path_factory.mktemp("quality"))


def table(result) -> str:
    rows = [f"{'label':18} {'gold':>5} {'pred':>5} {'P':>6} {'R':>6} {'F1':>6}"]
    for label, s in sorted(result.per_label.items()):
        rows.append(f"{label:18} {s.gold:5} {s.predicted:5} {s.precision:6.3f} {s.recall:6.3f} {s.f1:6.3f}")
    micro = result.micro
    rows.append(f"{'micro':18} {'':5} {'':5} {micro.precision:6.3f} {micro.recall:6.3f} {micro.f1:6.3f}")
    return "\n".join(rows)


def test_the_importer_reads_every_cover(tmp_path):
    for seed in gate.GENERATOR_SEEDS:
        generated = generate_transcript(seed, gate.GENERATOR_WORDS)
        path = tmp_path / f"{generated.name}.txt"
        path.write_text(generated.canonical_text, encoding="utf-8")
        assert import_file(path).metadata.names(), "the importer found the cover names"


def test_recall_and_f1_targets_on_twenty_generated_hearings(texts):
    assert len(texts) == 20
    result = evaluate([DocumentPair(t.id, t.text, t.gold, t.pipeline) for t in texts], mode="exact")
    print("\n" + table(result))
    for label, target in RECALL_TARGETS.items():
        scores = result.per_label[label]
        assert scores.gold > 0, f"no gold {label} in the corpus"
        assert scores.recall >= target, f"{label} recall {scores.recall:.3f} < {target}\n{table(result)}"
    assert result.micro.f1 >= OVERALL_F1_TARGET, table(result)


def test_every_label_keeps_its_recall_and_precision(texts):
    measured = gate.measure("generator", texts)
    print("\n" + gate.table(measured, FLOORS))
    problems = gate.failures(measured, FLOORS)
    assert not problems, "\n".join(problems) + "\n" + gate.table(measured, FLOORS)


def test_merged_spans_never_overlap_and_keep_provenance(texts):
    for text in texts:
        spans = text.pipeline
        assert all(a.end <= b.start for a, b in itertools.pairwise(spans))
        assert all(s.detectors for s in spans)
