"""`reviewer-app train SOURCE... --out MODEL_DIR`: learn detection from reviewed documents.

A SOURCE is a project file (its fully reviewed documents: accepted spans are
identifiers, rejected ones are taught as not identifiers) or a gold file in
the interchange JSONL shape, Prodigy, doccano or CoNLL (as `evaluate` reads
them; a span with "identifier_type": "NO_MASK" is left out of training). The
base pipeline is not changed: a new NER component is trained beside it and
used by the `trained` detector (`--model MODEL_DIR` on detect, export and
project add, or `trained_model` in the settings). Ctrl+C stops and keeps the
best model so far.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from reviewer_app.evaluation.sources import GOLD_FORMATS
    from reviewer_app.training.train import ARCHITECTURES, DEFAULT_BASE, SHARED

    parser = subparsers.add_parser(
        "train",
        help="train a NER model on reviewed documents (a project or gold files)",
        description=__doc__.split("\n\n")[1],
    )
    parser.add_argument("sources", nargs="+", type=Path, metavar="SOURCE", help="project .db or gold file")
    parser.add_argument("--out", required=True, type=Path, metavar="MODEL_DIR", help="folder for the model")
    parser.add_argument(
        "--base",
        default=DEFAULT_BASE,
        help=f"installed spaCy pipeline to start from (default {DEFAULT_BASE})",
    )
    parser.add_argument(
        "--labels", metavar="LABELS", help="comma-separated labels (default: all in the gold)"
    )
    parser.add_argument(
        "--eval-split",
        type=float,
        default=0.2,
        metavar="SHARE",
        help="share of documents held out for scoring, chosen by document (default 0.2)",
    )
    parser.add_argument(
        "--epochs",
        type=int,
        help="passes over the training documents (default 25 for the shared architecture, 10 for own)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the split and of training (default 0)")
    parser.add_argument(
        "--gold-format", choices=("auto", *GOLD_FORMATS), default="auto", help="format of gold files"
    )
    parser.add_argument(
        "--architecture",
        choices=ARCHITECTURES,
        default=SHARED,
        help="shared (default): a new NER head on the base pipeline's tok2vec, which detection reuses, "
        "so it costs little; own: the base NER copied whole and fine-tuned (a little more accurate, "
        "but detection runs a second NER)",
    )
    parser.set_defaults(func=run)


class TrainProgressBar:
    """One line on stderr: a bar, the share done, the best held-out F1 and the time left."""

    def __init__(self, stream=None) -> None:
        self.stream = stream or sys.stderr

    def __call__(self, progress) -> None:
        filled = int(progress.fraction * 24)
        eta = "--:--" if progress.eta is None else _clock(progress.eta)
        best = "" if progress.best_score is None else f"  best F1 {progress.best_score:.3f}"
        self.stream.write(
            f"\rtrain [{'#' * filled}{'.' * (24 - filled)}] {progress.fraction:4.0%}  "
            f"{_clock(progress.seconds)} elapsed, ETA {eta}{best}   "
        )
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes:d}:{secs:02d}"


def run(args: argparse.Namespace) -> int:
    from reviewer_app.settings import load_settings
    from reviewer_app.training.data import TrainingDataError, read_sources
    from reviewer_app.training.model_dir import ModelDirError, check_output_dir
    from reviewer_app.training.train import TrainingStopped, TrainOptions, pipeline_predictor, train_model

    labels = tuple(x.strip() for x in (args.labels or "").split(",") if x.strip())
    settings = load_settings()
    options = TrainOptions(
        args.base or settings.spacy_model,
        labels,
        args.eval_split,
        args.epochs,
        args.seed,
        architecture=args.architecture,
    )
    bar = TrainProgressBar()
    try:
        check_output_dir(args.out)
        documents = read_sources(args.sources, args.gold_format)
        result = train_model(
            documents,
            args.out,
            options,
            bar,
            sources=[str(s) for s in args.sources],
            compare_with=pipeline_predictor(settings),
        )
    except (TrainingDataError, ModelDirError, OSError) as exc:
        print(f"reviewer-app train: {exc}", file=sys.stderr)
        return 2
    except TrainingStopped as exc:
        bar.done()
        print(f"reviewer-app train: {exc}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        # Before training started, or a second Ctrl+C while the model was being scored or written.
        bar.done()
        print(f"reviewer-app train: stopped; nothing was written to {args.out}", file=sys.stderr)
        return 130
    bar.done()
    print(scores_table(result.before, result.after, result.detectors))
    leads = result.meta.get("leads") or []
    print(f"Its spans take precedence over the other detectors' for: {', '.join(leads) or 'no label'}")
    state = "stopped early; the best model so far" if result.interrupted else "model"
    print(f"wrote {state} to {result.model_dir} ({result.seconds:.0f} s)", file=sys.stderr)
    return 130 if result.interrupted else 0


def scores_table(before_scores, after_scores, detector_scores=None) -> str:
    """Held-out per-label F1 of the base NER (before), of the other detectors merged
    (when compared) and of the trained model (after), as markdown."""
    from reviewer_app.evaluation.report import Table

    before, after = before_scores.per_label, after_scores.per_label
    detectors = detector_scores.per_label if detector_scores else {}
    rows = []
    for label in sorted(set(before) | set(after)):
        b, a = before.get(label), after.get(label)
        gold = (a or b).gold
        d = detectors.get(label)
        rows.append(
            [
                label,
                str(gold),
                f"{b.f1:.3f}" if b else "-",
                f"{d.f1:.3f}" if d else "-",
                f"{a.precision:.3f}" if a else "-",
                f"{a.recall:.3f}" if a else "-",
                f"{a.f1:.3f}" if a else "-",
            ]
        )
    if not rows:
        return "(no held-out document: --eval-split 0)"
    return Table(
        "Held-out documents, exact match",
        ("label", "gold", "F1 base NER", "F1 detectors", "P after", "R after", "F1 after"),
        tuple(tuple(r) for r in rows),
        f"Leak rate (share of gold characters not covered): {before_scores.leak_rate:.3f} base NER, "
        + (f"{detector_scores.leak_rate:.3f} detectors, " if detector_scores else "")
        + f"{after_scores.leak_rate:.3f} trained model alone.",
    ).markdown()
