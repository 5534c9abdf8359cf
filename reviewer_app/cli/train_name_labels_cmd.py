"""`reviewer-app train-name-labels SOURCE... --out WEIGHTS.json`: learn which kind of name a found name is.

Trains the name-label classifier (`core/name_context.py`) from reviewed documents (a project's
fully reviewed ones or gold files, as `train` reads them): detection runs on each document
(`--detectors`, with the classifier itself off), and every name it finds over a gold PERSON,
LOCATION, ORGANIZATION or NRP span is an example, labelled by that gold span. The threshold is
chosen on out-of-fold scores: each group of documents (`--groups`, a JSON object of document
id to group, such as a writer; otherwise five folds of documents) is scored by a model trained
without it; or it is given (`--threshold`). Detection reads `resources/models/name_labels.json`.
"""

from __future__ import annotations

import argparse
import json
import sys

from reviewer_app.cli.train_numbers_cmd import add_training_arguments, read_training_sources

DEFAULT_DETECTORS = "presidio,spacy"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train-name-labels",
        help="train the classifier of found names' labels by their context (person, place, body, group)",
        description=__doc__.split("\n\n")[1],
    )
    add_training_arguments(parser, "the least probability for a relabelling")
    parser.add_argument(
        "--detectors",
        default=DEFAULT_DETECTORS,
        help=f"comma-separated detectors whose merged spans are relabelled (default {DEFAULT_DETECTORS})",
    )
    parser.set_defaults(func=run)


def predicted(documents, detectors: tuple[str, ...], settings) -> list:
    """Each training document with the spans detection finds in it (the classifier off)."""
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.training.name_labels import PredictedDocument

    out = []
    for doc in documents:
        result = run_detection(document_from_text(doc.id, doc.text), detectors, settings)
        spacy = result.raw.get("spacy", ())
        out.append(PredictedDocument(doc.id, doc.text, doc.positives, result.spans, tuple(spacy)))
    return out


def run(args: argparse.Namespace) -> int:
    import dataclasses

    from reviewer_app.core.name_context import name_model_from_json
    from reviewer_app.core.number_context import NumberModelError
    from reviewer_app.settings import load_settings
    from reviewer_app.training.data import TrainingDataError
    from reviewer_app.training.name_labels import examples, fit_names, train_name_labels
    from reviewer_app.training.numbers import write_model

    try:
        documents, group_of = read_training_sources(args)
        settings = dataclasses.replace(load_settings(), name_labels=False)
        detectors = tuple(d.strip() for d in args.detectors.split(",") if d.strip())
        found = predicted(documents, detectors, settings)
        if args.threshold is None:
            model = train_name_labels(found, group_of)
        else:
            model = fit_names(examples(found), args.threshold)
        write_model(model, args.out, trained_on=[str(s) for s in args.sources], documents=len(documents))
        name_model_from_json(json.loads(args.out.read_text(encoding="utf-8")), str(args.out))
    except (TrainingDataError, NumberModelError, OSError, ValueError) as exc:
        print(f"reviewer-app train-name-labels: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}: {len(model.weights)} features, threshold {model.threshold:.3f}")
    return 0
