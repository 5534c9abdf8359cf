"""Detection on real text that nobody here wrote (../shared/corpora, human gold):
a floor under the figures of `benchmarks/quality.py`, on a small slice so that it
stays fast. Skipped where the corpora are not checked out beside the repository.

- TAB (ECHR judgments), first 5 documents: every DIRECT identifier masked at least
  as often as bare spaCy masks it (ER_di), and at least 0.9; no more identifying
  text left readable than bare spaCy leaves (leak rate).
- SLUE-VoxPopuli, spoken form: dates said as words ("two thousand and five") found.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.detectors.nlp import load_pipeline
from reviewer_app.detectors.runner import run_detection
from reviewer_app.evaluation.masking import MaskedDocument, score_corpus
from reviewer_app.settings import Settings

CORPORA = Path(__file__).resolve().parents[2].parent / "shared" / "corpora"
TAB = CORPORA / "tab_train.jsonl"
SLUE = CORPORA / "slue_voxpopuli_finetune.normalized.jsonl"
DETECTORS = ("presidio", "spacy")


def read(path: Path, limit: int, keep=lambda obj: True) -> list[dict]:
    if not path.exists():
        pytest.skip(f"{path.name} is not in ../shared/corpora")
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            obj = json.loads(line)
            if obj["text"].strip() and keep(obj):
                out.append(obj)
            if len(out) == limit:
                break
    return out


def gold(obj: dict) -> tuple[tuple[Span, str], ...]:
    return tuple((Span(s["start"], s["end"], s["label"]), s.get("identifier_type", "")) for s in obj["spans"])


def test_tab_direct_identifiers_are_masked_at_least_as_well_as_by_bare_spacy():
    documents = read(TAB, 5)
    settings = Settings()
    nlp = load_pipeline(settings.spacy_model)
    ours, bare = [], []
    for obj in documents:
        result = run_detection(Document(obj["id"], obj["text"]), DETECTORS, settings)
        assert result.profile == "general"  # a judgment is no parole hearing
        ours.append(MaskedDocument(obj["id"], obj["text"], gold(obj), result.spans))
        spacy_spans = tuple(Span(e.start_char, e.end_char, e.label_) for e in nlp(obj["text"]).ents)
        bare.append(MaskedDocument(obj["id"], obj["text"], gold(obj), spacy_spans))
    ours_scores, leaks = score_corpus(ours)
    bare_scores, _ = score_corpus(bare)
    summary = (
        f"ER_di {ours_scores.er_di:.3f} (spaCy {bare_scores.er_di:.3f}), "
        f"leak {ours_scores.leak_rate:.3f} (spaCy {bare_scores.leak_rate:.3f}); "
        f"direct leaks: {[leak.text for leak in leaks if leak.identifier_type == 'DIRECT']}"
    )
    assert ours_scores.direct > 0
    assert ours_scores.er_di >= max(bare_scores.er_di, 0.9), summary
    assert ours_scores.leak_rate <= bare_scores.leak_rate, summary


def test_spoken_dates_in_parliamentary_speech_are_found():
    def spoken_date(obj):
        return any(s["label"] == "DATE" and "thousand" in s["text"] for s in obj["spans"])

    documents = read(SLUE, 40, spoken_date)
    found = total = 0
    for obj in documents:
        spans = run_detection(Document(obj["id"], obj["text"]), DETECTORS, Settings()).spans
        for g in obj["spans"]:
            if g["label"] == "DATE" and "thousand" in g["text"]:
                total += 1
                found += any(s.label == "DATE" and s.start < g["end"] and g["start"] < s.end for s in spans)
    assert total >= 20
    assert found / total >= 0.9, f"{found} of {total} spoken dates found"
