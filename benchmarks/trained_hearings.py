"""Hearings: train on half of a set of generated hearings, detect on the other half.

    .venv/bin/python -m benchmarks.trained_hearings [--hearings 10] [--words 2500] [--seed 500]
        [--epochs N] [--architecture shared|own]

Label-aware micro F1 (exact match, coarse labels) and leak rate of the default
pipeline, and of the default pipeline with the trained detector, on the held-out
half. The generator is ours, so this is a check of the machinery, not of
generalisation: the lead's unseen hearings are the real test.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path

from reviewer_app.detectors.registry import default_names
from reviewer_app.detectors.runner import run_detection
from reviewer_app.evaluation.masking import DIRECT, MaskedDocument, score_corpus
from reviewer_app.evaluation.metrics import DocumentPair, evaluate
from reviewer_app.importers.text import document_from_text
from reviewer_app.settings import Settings
from reviewer_app.training.data import documents_from_records
from reviewer_app.training.train import TrainOptions, pipeline_predictor, train_model
from tests.fixtures.generator import generate_transcript


def leak_rate(pairs: list[DocumentPair]) -> float:
    """`evaluation/masking.py`'s leak rate, every gold span counted as identifying."""
    masked = [
        MaskedDocument(p.id, p.text, tuple((span, DIRECT) for span in p.gold), tuple(p.predicted))
        for p in pairs
    ]
    return score_corpus(masked)[0].leak_rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hearings", type=int, default=10)
    parser.add_argument("--words", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--epochs", type=int, help="default: the architecture's")
    parser.add_argument("--architecture", default="shared")
    parser.add_argument("--model", type=Path, help="a model already trained on the first half (same seed)")
    args = parser.parse_args()

    records = [generate_transcript(args.seed + i, args.words).record() for i in range(args.hearings)]
    half = len(records) // 2
    train_records, test_records = records[:half], records[half:]
    settings = Settings()
    with tempfile.TemporaryDirectory() as folder:
        model = args.model
        if model is None:
            started = time.perf_counter()
            options = TrainOptions(epochs=args.epochs, eval_split=0.2, architecture=args.architecture)
            documents = documents_from_records(train_records)
            compare = pipeline_predictor(settings)
            model = train_model(documents, Path(folder) / "model", options, compare_with=compare).model_dir
            print(f"trained on {half} hearings in {time.perf_counter() - started:.0f} s")
        with_trained = dataclasses.replace(settings, trained_model=str(model))
        print("| prediction | micro F1 | leak rate |")
        print("|---|---|---|")
        for name, run_settings in (("default pipeline", settings), ("default + trained", with_trained)):
            pairs = []
            for record in test_records:
                document = document_from_text(record.id, record.text)
                detected = run_detection(document, list(default_names(run_settings)), run_settings)
                pairs.append(DocumentPair(record.id, record.text, record.plain_spans, detected.spans))
            micro = evaluate(pairs, "exact").micro
            print(f"| {name} | {micro.f1:.3f} | {leak_rate(pairs):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
