"""Learning curve: how many reviewed documents it takes.

The documents are split once into held-out and training documents (by
document, seeded); models are trained on growing shares of the training
documents and each is scored on the same held-out documents: label-aware
micro F1 (exact match) and leak rate (share of gold characters no predicted
span covers). The first point, at 0 documents, is the base NER before training.
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.evaluation.metrics import LabelScores
from reviewer_app.training.data import TrainingDataError, TrainingDocument, split_documents
from reviewer_app.training.train import HeldOutScores, TrainOptions, TrainProgress, train_model

DEFAULT_SHARES = (0.25, 0.5, 0.75, 1.0)


@dataclass(frozen=True)
class CurvePoint:
    documents: int
    words: int
    f1: float
    leak_rate: float


def micro_f1(scores: HeldOutScores) -> float:
    total = LabelScores("ALL")
    for row in scores.per_label.values():
        total = total + row
    return total.f1


def learning_curve(
    documents: Sequence[TrainingDocument],
    options: TrainOptions,
    shares: Sequence[float] = DEFAULT_SHARES,
    on_point: Callable[[int, int], None] | None = None,
    on_progress: Callable[[TrainProgress], None] | None = None,
) -> list[CurvePoint]:
    """Points for 0 documents (the base NER) and for each share of the training documents."""
    if not shares or any(not 0 < s <= 1 for s in shares):
        raise TrainingDataError("the shares of the learning curve must lie in (0, 1]")
    if options.eval_split <= 0:
        raise TrainingDataError("a learning curve needs held-out documents: --eval-split above 0")
    train, held_out = split_documents(documents, options.eval_split, options.seed)
    order = list(train)
    random.Random(options.seed).shuffle(order)
    sizes = sorted({max(1, round(share * len(order))) for share in shares})
    points: list[CurvePoint] = []
    with tempfile.TemporaryDirectory(prefix="reviewer-curve-") as scratch:
        for index, size in enumerate(sizes):
            if on_point is not None:
                on_point(index + 1, len(sizes))
            subset = order[:size]
            result = train_model(
                subset,
                Path(scratch) / f"model-{size}",
                dataclasses.replace(options, eval_split=0.0),
                on_progress,
                held_out=held_out,
            )
            if not points:
                points.append(CurvePoint(0, 0, micro_f1(result.before), result.before.leak_rate))
            words = sum(len(d.text.split()) for d in subset)
            points.append(CurvePoint(size, words, micro_f1(result.after), result.after.leak_rate))
    return points


def curve_table(points: Sequence[CurvePoint]):
    from reviewer_app.evaluation.report import Table

    rows = tuple(
        (
            str(p.documents) + (" (base NER)" if p.documents == 0 else ""),
            str(p.words),
            f"{p.f1:.3f}",
            f"{p.leak_rate:.3f}",
        )
        for p in points
    )
    return Table(
        "Learning curve on the held-out documents",
        ("training documents", "words", "micro F1 (exact)", "leak rate"),
        rows,
        "The trained model alone (0 documents: the base NER), exact match. Leak rate: share of the "
        "held-out gold characters that no predicted span covers.",
    )
