"""Does the name-label classifier transfer to writers it never saw?

    python -m benchmarks.name_labels_by_writer [PREDICTIONS.pkl]
    python -m benchmarks.name_labels_by_writer PREDICTIONS.pkl --write WEIGHTS.json --threshold P

The development set is scored once by the default pipeline
(`tests/fixtures/quality_gate.handwritten_dev_texts`, several minutes), or its predictions are
read from PREDICTIONS.pkl (that function's result, pickled). For each writer of the
development set (`tests/fixtures/handwritten_dev/writers.json`) a model is trained on the
other writers' gold only and relabels that writer's predicted names; its threshold is the one
chosen on the other writers' out-of-fold scores. The tables give PERSON / LOCATION /
ORGANIZATION / NRP recall and precision and the label-aware micro F1 without and with the
relabelling, over all writers held out one by one, the check set's writers (w21-w23) and
the newest writers (w28-w30); and the threshold `reviewer-app train-name-labels --groups
writers.json` chooses on every writer's out-of-fold scores. (The models of other writers'
out-of-fold scores saw the held-out writer: the threshold, one number, is the only thing
chosen on data that saw it.) With `--write`, a model is fitted to every writer's names instead,
with the threshold given, and written as detection reads it: how the shipped
`resources/models/name_labels.json` is made from the predictions the benchmark reads (the
predictions of the default pipeline, spaCy's labels from a bare spaCy run).
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import tempfile
from pathlib import Path

from benchmarks.learned_numbers_by_writer import WRITERS, writer_of
from reviewer_app.core.name_context import NAME_LABELS, NEVER, relabel
from reviewer_app.core.spans import Span
from reviewer_app.evaluation.metrics import DocumentPair, coarse_spans, evaluate
from reviewer_app.importers.text import document_from_text
from reviewer_app.training.name_labels import (
    PredictedDocument,
    choose_threshold,
    examples,
    fit_names,
    out_of_fold_names,
)
from reviewer_app.training.numbers import write_model
from tests.fixtures.quality_gate import handwritten_dev_texts

GROUPS = {
    "all writers, each held out": None,
    "check set (w21-w23)": ("w21", "w22", "w23"),
    "newest (w28-w30)": ("w28", "w29", "w30"),
}


def _figures(texts, spans_of: dict[str, tuple[Span, ...]]) -> dict[str, tuple[float, float]]:
    pairs = [DocumentPair(t.id, t.text, coarse_spans(t.gold), coarse_spans(spans_of[t.id])) for t in texts]
    result = evaluate(pairs, mode="overlap")
    out = {label: (s.recall, s.precision) for label, s in result.per_label.items() if label in NAME_LABELS}
    return out | {"micro": (result.micro.f1, result.micro.f1)}


def _table(texts, before, after) -> list[str]:
    rows = []
    for name, writers in GROUPS.items():
        held = [t for t in texts if writers is None or writer_of(t.id) in writers]
        b, a = _figures(held, before), _figures(held, after)
        cells = [f"{b['micro'][0]:.4f} → {a['micro'][0]:.4f}"]
        for label in NAME_LABELS:
            (r0, p0), (r1, p1) = b.get(label, (0.0, 0.0)), a.get(label, (0.0, 0.0))
            cells.append(f"{r0:.3f}→{r1:.3f} / {p0:.3f}→{p1:.3f}")
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("predictions", type=Path, nargs="?", help="the dev predictions, pickled")
    parser.add_argument("--write", type=Path, metavar="WEIGHTS", help="fit on every writer and write")
    parser.add_argument("--threshold", type=float, default=NEVER, help="the written model's threshold")
    parser.add_argument(
        "--also", type=float, nargs="*", default=(), metavar="P", help="also report these fixed thresholds"
    )
    args = parser.parse_args()
    if args.predictions:
        texts = pickle.load(args.predictions.open("rb"))
    else:
        with tempfile.TemporaryDirectory() as folder:
            texts = handwritten_dev_texts(Path(folder))
    documents = [
        PredictedDocument(t.id, t.text, coarse_spans(t.gold), tuple(t.pipeline), tuple(t.spacy))
        for t in texts
    ]
    every = examples(documents)
    changed = sum(e.label != e.found for e in every)
    print(f"{len(every)} found names over a gold name, {changed} of them with another label")
    if args.write:
        model = fit_names(every, args.threshold)
        write_model(model, args.write, trained_on="handwritten_dev", documents=len(documents))
        print(f"wrote {args.write}: {len(model.weights)} features, threshold {model.threshold:.3f}")
        return
    scored, models = out_of_fold_names(every, writer_of)
    before = {t.id: tuple(t.pipeline) for t in texts}
    thresholds = {
        writer: choose_threshold([s for s in scored if writer_of(s[0].document) != writer])
        for writer in WRITERS
    }
    _report(texts, models, before, thresholds)
    print(f"threshold on every writer's out-of-fold scores: {choose_threshold(scored):.3f}")
    for fixed in args.also:
        print(f"\nwith the threshold {fixed} for every held-out writer:")
        _report(texts, models, before, dict.fromkeys(WRITERS, fixed))


def _report(texts, models, before, thresholds: dict[str, float]) -> None:
    """Each writer's names relabelled by the model trained without it at its threshold; the table."""
    after = dict(before)
    for writer in WRITERS:
        model = dataclasses.replace(models[writer], threshold=thresholds[writer])
        for t in texts:
            if writer_of(t.id) == writer:
                document = document_from_text(t.id.rsplit("/", 1)[-1], t.text)
                after[t.id] = tuple(
                    relabel(
                        t.text,
                        t.pipeline,
                        t.spacy,
                        model,
                        document.speaker_tags(),
                        document.metadata.names(),
                    )
                )
    print("| writers | micro F1 | " + " | ".join(f"{label} R / P" for label in NAME_LABELS) + " |")
    print("|---|" + "---|" * (len(NAME_LABELS) + 1))
    for row in _table(texts, before, after):
        print(row)
    relabelled = sum(a != b for t in texts for a, b in zip(after[t.id], before[t.id], strict=True))
    print(
        f"spans relabelled: {relabelled}; thresholds per held-out writer: "
        f"{min(thresholds.values()):.3f}-{max(thresholds.values()):.3f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
