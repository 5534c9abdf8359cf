"""Does the number-context classifier transfer to writers it never saw?

    python -m benchmarks.learned_numbers_by_writer [PREDICTIONS.pkl]

The development set is scored once by the default pipeline
(`tests/fixtures/quality_gate.handwritten_dev_texts`, several minutes), or its predictions are
read from PREDICTIONS.pkl (that function's result, pickled). For each writer of the
development set (the groups of its README) a model is trained on the other writers' gold
only and fills the gaps of that writer's predictions; its threshold is the one chosen on the
other writers' out-of-fold scores. The table gives AGE/TIME/DATE/AMOUNT recall and precision
on each held-out writer's files and on all of them, with and without the classifier, and
the threshold `reviewer-app train-numbers --groups writers.json` chooses (on every number's
out-of-fold score) beside the one chosen on the numbers the pipeline left untagged only.
(The models of other writers' out-of-fold scores saw the held-out writer: the threshold, one
number, is the only thing chosen on data that saw it.)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pickle
import tempfile
from pathlib import Path

from reviewer_app.core.number_context import NONE, Candidate, NumberModel, fill_gaps
from reviewer_app.core.spans import Span
from reviewer_app.evaluation.metrics import DocumentPair, coarse_spans, evaluate
from reviewer_app.training.data import TrainingDocument
from reviewer_app.training.numbers import choose_threshold, examples, out_of_fold
from tests.fixtures.quality_gate import handwritten_dev_texts

# Who wrote which development file (the groups its README gives).
WRITERS_FILE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "handwritten_dev" / "writers.json"
WRITER_OF: dict[str, str] = json.loads(WRITERS_FILE.read_text(encoding="utf-8"))["writers"]
WRITERS = tuple(dict.fromkeys(WRITER_OF.values()))
SHOWN = ("AGE", "TIME", "DATE", "AMOUNT")


def writer_of(document_id: str) -> str:
    return WRITER_OF[document_id.rsplit("/", 1)[-1]]


def _figures(texts, added: dict[str, list[Span]]) -> dict[str, tuple[int, float, float]]:
    pairs = [
        DocumentPair(t.id, t.text, coarse_spans(t.gold), coarse_spans((*t.pipeline, *added.get(t.id, ()))))
        for t in texts
    ]
    result = evaluate(pairs, mode="overlap")
    return {
        label: (s.gold, s.recall, s.precision) for label, s in result.per_label.items() if label in SHOWN
    } | {"micro": (0, result.micro.recall, result.micro.precision)}


def _row(name: str, before, after) -> str:
    cells = []
    for label in (*SHOWN, "micro"):
        if label not in before:
            cells.append("—")
            continue
        _, r0, p0 = before[label]
        _, r1, p1 = after[label]
        cells.append(f"{r0:.3f}→{r1:.3f} / {p0:.3f}→{p1:.3f}")
    return f"| {name} | " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("predictions", type=Path, nargs="?", help="the dev predictions, pickled")
    args = parser.parse_args()
    if args.predictions:
        texts = pickle.load(args.predictions.open("rb"))
    else:
        with tempfile.TemporaryDirectory() as folder:
            texts = handwritten_dev_texts(Path(folder))
    documents = [TrainingDocument(t.id, t.text, coarse_spans(t.gold)) for t in texts]
    every = examples(documents)
    print(f"{len(every)} number expressions, by gold label:", _counts(every))
    scored, models = out_of_fold(every, writer_of)
    uncovered = _uncovered(texts)
    added: dict[str, list[Span]] = {}
    thresholds = {}
    for writer in WRITERS:
        others = [
            s
            for s in scored
            if writer_of(s[0].document) != writer and (s[0].document, s[0].candidate) in uncovered
        ]
        thresholds[writer] = choose_threshold(others)
        model = dataclasses.replace(models[writer], threshold=thresholds[writer])
        for t in texts:
            if writer_of(t.id) == writer:
                added[t.id] = fill_gaps(t.text, t.pipeline, model)
    print("| writer (threshold) | " + " | ".join(f"{label} R / P" for label in (*SHOWN, "micro")) + " |")
    print("|---|" + "---|" * (len(SHOWN) + 1))
    for writer in WRITERS:
        held = [t for t in texts if writer_of(t.id) == writer]
        print(_row(f"{writer} ({thresholds[writer]:.2f})", _figures(held, {}), _figures(held, added)))
    print(_row("all, each writer held out", _figures(texts, {}), _figures(texts, added)))
    n_added = sum(len(v) for v in added.values())
    print(f"spans added: {n_added}")
    every_writer = choose_threshold(scored)
    untagged = choose_threshold([s for s in scored if (s[0].document, s[0].candidate) in uncovered])
    print(f"threshold on every writer's out-of-fold scores: all numbers {every_writer:.3f}, ", end="")
    print(f"untagged ones {untagged:.3f}")


def _counts(every) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in every:
        counts[e.label] = counts.get(e.label, 0) + 1
    return counts


def _uncovered(texts) -> set[tuple[str, Candidate]]:
    """The candidates no span of the pipeline's predictions touches (those the classifier sees)."""
    from reviewer_app.core.number_context import classify

    always = NumberModel((NONE,), (0.0,), {}, 1.0)
    return {(t.id, c) for t in texts for c, _, _ in classify(t.text, t.pipeline, always)}


if __name__ == "__main__":
    main()
