"""Detection quality on the second, independent generator style (issue 12):
hearings written from the paper's description and the real layouts, with
spoken numbers, misspellings and programmes no word list holds. The style is
for measuring only; rules are never tuned on it. Recall and precision per
label, overlap matching (as issue 12 measured unseen material), printed beside
bare spaCy's and the floors asserted here (issue 17)."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from reviewer_app.settings import Settings
from tests.fixtures import quality_gate as gate
from tests.fixtures.generator_style2 import generate_style2, render_pdf
from tests.fixtures.quality_gate import Floor

SEEDS = gate.STYLE2_SEEDS
# Floors per label (recall, precision; overlap matching, `tests/fixtures/quality_gate.py`)
# under what the build reaches: not the targets (0.98 recall), which are for
# the hidden set.
# Each floor: measured minus 0.005, rounded down; the comment gives the measured recall /
# precision, the number of gold spans, and bare spaCy's recall / precision beside them.
FLOORS = {
    "PERSON": Floor(0.995, 0.995),  # 1.000 / 1.000 of 430; spaCy 0.347 / 0.882
    "SPELLED_NAME": Floor(0.995, 0.995),  # 1.000 / 1.000 of 10; spaCy 0.000 / 0.000
    "SPELLED_OUT_ITEM": Floor(0.995, 0.995),  # 1.000 / 1.000 of 10; spaCy 0.000 / 0.000
    "CDCR_ID": Floor(0.995, 0.995),  # 1.000 / 1.000 of 30; spaCy 0.000 / 0.000
    "LOCATION": Floor(0.995, 0.995),  # 1.000 / 1.000 of 70; spaCy 0.557 / 0.661
    "ORGANIZATION": Floor(0.995, 0.995),  # 1.000 / 1.000 of 80; spaCy 0.550 / 0.251
    "DATE": Floor(0.995, 0.995),  # 1.000 / 1.000 of 100; spaCy 0.800 / 0.540
    "TIME": Floor(0.995, 0.995),  # 1.000 / 1.000 of 40; spaCy 0.525 / 0.963
    "AGE": Floor(0.995, 0.995),  # 1.000 / 1.000 of 30; spaCy 0.000 / 0.000
    "HEIGHT": Floor(0.995, 0.995),  # 1.000 / 1.000 of 10; spaCy 0.000 / 0.000
    "PHONE_NUMBER": Floor(0.995, 0.995),  # 1.000 / 1.000 of 10; spaCy 0.000 / 0.000
}

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("style2")
    out = []
    for seed in SEEDS:
        generated = generate_style2(seed)
        path = folder / f"{generated.name}.txt"
        path.write_text(generated.canonical_text, encoding="utf-8")
        out.append((generated, import_file(path, Settings())))
    return out


def test_the_importer_reads_the_real_layout_of_every_hearing(imported):
    for generated, document in imported:
        assert document.text == generated.canonical_text
        assert [s.name for s in document.sections] == ["cover", "body", "decision", "certificate"]
        assert len(document.utterances) == generated.utterance_count
        assert document.metadata.cdcr_number and document.metadata.inmate_name


def test_pdfs_in_the_real_layout_import_exactly(tmp_path):
    """Issue 12's target: at least 99% of utterances imported exactly, from PDFs
    with the name-and-number cover, full-name tags, parentheticals, words broken
    at their hyphens, the decision notice on numbered rows or a page of its own."""
    total = exact = 0
    for seed in SEEDS:
        generated = generate_style2(seed)
        path = tmp_path / f"{generated.name}.pdf"
        path.write_bytes(render_pdf(generated, notice_on_numbered_rows=seed % 2 == 0))
        document = import_file(path)
        want = generated.canonical_text.split("\n\n")[1].split("\n")
        body = document.section("body")
        got = document.text[body.start : body.end].split("\n")
        total += len(want)
        exact += sum(1 for line in want if line in got)
        assert document.metadata.cdcr_number in generated.canonical_text
    print(f"\nutterances imported exactly: {exact}/{total}")
    assert exact / total >= 0.99


@pytest.fixture(scope="module")
def texts(tmp_path_factory):
    return gate.style2_texts(tmp_path_factory.mktemp("style2-detected"))


def test_every_label_keeps_its_recall_and_precision(texts):
    measured = gate.measure("style2", texts)
    print("\n" + gate.table(measured, FLOORS))
    problems = gate.failures(measured, FLOORS)
    assert not problems, "\n".join(problems) + "\n" + gate.table(measured, FLOORS)
