"""`reviewer-app train-numbers SOURCE... --out WEIGHTS.json`: learn which numbers are identifiers.

Trains the number-context classifier (`core/number_context.py`) from reviewed documents (a
project's fully reviewed ones or gold files, as `train` reads them): every number expression
is an example, labelled AGE, TIME, DATE or AMOUNT by the gold span it lies in, NONE otherwise.
The threshold is chosen on out-of-fold scores: each group of documents (`--groups`, a JSON
object of document id to group, such as a writer; otherwise five folds of documents) is scored
by a model trained without it; or it is given (`--threshold`). Detection reads
`resources/models/number_context.json`; the shipped one is made by

    reviewer-app train-numbers tests/fixtures/handwritten_dev/handwritten_dev.gold.jsonl \\
        --threshold 0.96 --out resources/models/number_context.json

0.96 being the threshold `benchmarks/learned_numbers_by_writer.py` chose on writers held out,
on the numbers the pipeline leaves untagged (the ones the classifier is asked about).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path

FOLDS = 5


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train-numbers",
        help="train the classifier of numbers by their context (ages, times, dates, sums)",
        description=__doc__.split("\n\n")[1],
    )
    add_training_arguments(parser, "the least probability for a span")
    parser.set_defaults(func=run)


def add_training_arguments(parser: argparse.ArgumentParser, threshold_help: str) -> None:
    """The arguments every classifier trained from reviewed documents takes: the sources, the
    weights file, the groups (folds) and a threshold given instead of chosen."""
    from reviewer_app.evaluation.sources import GOLD_FORMATS

    parser.add_argument("sources", nargs="+", type=Path, metavar="SOURCE", help="project .db or gold file")
    parser.add_argument(
        "--out", required=True, type=Path, metavar="WEIGHTS", help="the weights file to write"
    )
    parser.add_argument(
        "--groups", type=Path, metavar="GROUPS.json", help="document id -> group (a writer); the folds"
    )
    parser.add_argument(
        "--threshold",
        type=float,
        metavar="P",
        help=f"{threshold_help}, as chosen elsewhere (no out-of-fold training then)",
    )
    parser.add_argument(
        "--gold-format", choices=("auto", *GOLD_FORMATS), default="auto", help="format of gold files"
    )


def fold(document_id: str) -> str:
    """One of FOLDS folds, the same for a document on every run."""
    return str(int(hashlib.sha256(document_id.encode()).hexdigest(), 16) % FOLDS)


def groups_from(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    table = data.get("writers", data) if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise ValueError(f"{path}: not a JSON object of document id to group")
    if not table:
        # An empty table would silently mean the five folds of documents, not the groups asked for.
        raise ValueError(f"{path}: no document in the groups file")
    return {str(k): str(v) for k, v in table.items()}


def read_training_sources(args: argparse.Namespace) -> tuple[list, Callable[[str], str]]:
    """The documents of `args.sources` and each one's group: its writer from `--groups`, else one
    of FOLDS folds. Raises TrainingDataError for a document the groups file leaves out."""
    from reviewer_app.training.data import TrainingDataError, read_sources

    documents = read_sources(args.sources, args.gold_format)
    groups = groups_from(args.groups) if args.groups else {}
    missing = [d.id for d in documents if groups and d.id not in groups]
    if missing:
        raise TrainingDataError(f"{args.groups}: no group for document {missing[0]!r}")
    return documents, lambda doc: groups.get(doc) or fold(doc)


def run(args: argparse.Namespace) -> int:
    from reviewer_app.core.number_context import NumberModelError, model_from_json
    from reviewer_app.training.data import TrainingDataError
    from reviewer_app.training.numbers import examples, fit, train_numbers, write_model

    try:
        documents, group_of = read_training_sources(args)
        if args.threshold is None:
            model = train_numbers(documents, group_of)
        else:
            model = fit(examples(documents), args.threshold)
        write_model(model, args.out, trained_on=[str(s) for s in args.sources], documents=len(documents))
        model_from_json(json.loads(args.out.read_text(encoding="utf-8")), str(args.out))
    except (TrainingDataError, NumberModelError, OSError, ValueError) as exc:
        print(f"reviewer-app train-numbers: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}: {len(model.weights)} features, threshold {model.threshold:.3f}")
    return 0
