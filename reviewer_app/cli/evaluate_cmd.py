"""`reviewer-app evaluate`: the paper's evaluation tables for gold and predicted spans."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from reviewer_app.cli.exit_codes import Exit

log = logging.getLogger(__name__)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from reviewer_app.evaluation.sources import GOLD_FORMATS

    parser = subparsers.add_parser(
        "evaluate",
        help="score predicted spans against gold spans (precision, recall, F1, residual risk)",
        description=(
            "Score predicted spans against gold spans, both in the spans JSONL interchange format, "
            "and print per-label precision, recall and F1 with exact and overlap matching (the paper's "
            "Table 3), label confusions (Table 4), residual risk and the misses, most dangerous first."
        ),
    )
    parser.add_argument("--gold", type=Path, nargs="+", metavar="FILE", help="gold spans")
    parser.add_argument(
        "--learning-curve",
        type=Path,
        nargs="+",
        metavar="GOLD",
        help="train on growing shares of these gold documents and chart held-out F1 and leak rate "
        "against the number of documents (a table, and learning_curve.png in --report, default "
        "./learning_curve)",
    )
    parser.add_argument(
        "--curve-shares",
        default="0.25,0.5,0.75,1",
        metavar="SHARES",
        help="shares of the training documents for --learning-curve (default 0.25,0.5,0.75,1)",
    )
    parser.add_argument(
        "--epochs", type=int, help="epochs per model of --learning-curve (default: the architecture's)"
    )
    parser.add_argument("--eval-split", type=float, default=0.2, help="held-out share for --learning-curve")
    parser.add_argument("--seed", type=int, default=0, help="seed of --learning-curve's split and training")
    parser.add_argument(
        "--gold-format",
        choices=("auto", *GOLD_FORMATS),
        default="auto",
        help="auto: guessed per file (default); jsonl: the interchange format; prodigy: Prodigy JSONL, "
        "accepted answers only; doccano: doccano sequence-labelling JSONL; conll: CoNLL-2003 BIO, "
        "aligned to the predictions' texts",
    )
    parser.add_argument(
        "--pred",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="predicted spans (JSONL), e.g. `detect`'s .spans.jsonl files; required but with --agreement",
    )
    parser.add_argument(
        "--per-detector",
        action="store_true",
        help="also score each detector alone, from the spans' `detectors` lists (Table 5)",
    )
    parser.add_argument(
        "--ablate",
        action="append",
        default=[],
        metavar="DETECTOR|deny_list",
        help="also score the prediction without a detector or without the cover-page deny-list "
        "(Tables 7-8); may be repeated",
    )
    parser.add_argument(
        "--redetect",
        action="store_true",
        help="ablate a detector by running detection again without it, not from the spans' provenance",
    )
    parser.add_argument(
        "--report", type=Path, metavar="DIR", help="write report.md, report.html and charts here"
    )
    parser.add_argument(
        "--match",
        choices=("exact", "overlap"),
        default="exact",
        help="matching for the per-detector, confusion and ablation tables (default: exact)",
    )
    parser.add_argument("--misses", type=int, default=20, metavar="N", help="misses to print (default 20)")
    parser.add_argument(
        "--agreement",
        action="store_true",
        help="treat gold and pred as two reviewers' annotations (or, without --pred, the two reviewers "
        "named on the gold spans): span F1, token kappa, disagreements",
    )
    _add_time_options(parser)
    parser.set_defaults(func=run)


def _add_time_options(parser: argparse.ArgumentParser) -> None:
    from reviewer_app.core.redaction import DEFAULT_PAD_S

    parser.add_argument(
        "--time-aligned",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="the time-aligned transcripts (WebVTT, SRT, Whisper JSON) the gold documents were made from: "
        "also report the time-based recall of the audio redaction and the seconds redacted that hold "
        "no identifier",
    )
    parser.add_argument(
        "--pad",
        type=float,
        default=DEFAULT_PAD_S,
        metavar="SECONDS",
        help=f"with --time-aligned: the padding the export adds to each redaction (default {DEFAULT_PAD_S})",
    )


def run(args: argparse.Namespace) -> int:
    from reviewer_app.core.interchange import InterchangeError
    from reviewer_app.evaluation.metrics import pair_records
    from reviewer_app.evaluation.sources import read_gold, read_predictions

    if args.learning_curve:
        return _learning_curve(args)
    if args.gold is None:
        print("reviewer-app evaluate: --gold (or --learning-curve) is required", file=sys.stderr)
        return 2
    if args.pred is None:
        if not args.agreement:
            print("reviewer-app evaluate: --pred is required (but with --agreement)", file=sys.stderr)
            return Exit.BAD_INPUT
        return _reviewers_agreement(args)
    try:
        pred = read_predictions(args.pred)
        gold = read_gold(args.gold, args.gold_format, [r.text for r in pred])
        pairs = pair_records(gold, pred)
    except (OSError, InterchangeError, ValueError) as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return Exit.BAD_INPUT
    if args.agreement:
        return _agreement(pairs, (_stem(args.gold[0]), _stem(args.pred[0])), args.misses)
    # Before the slow tables, so that a wrong --time-aligned file is told at once.
    timed_table = _time_based(args, pairs) if args.time_aligned else None
    if isinstance(timed_table, int):
        return timed_table
    from reviewer_app.evaluation.ablation import DENY_LIST

    try:
        redetection = _redetect(gold, pairs) if args.redetect or DENY_LIST in args.ablate else None
        ablations = [
            _ablation(name, gold, pairs, redetection if args.redetect or name == DENY_LIST else None)
            for name in args.ablate
        ]
    except AblationUnavailable as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return Exit.BAD_INPUT
    from reviewer_app.evaluation.report import summarize, summary_tables, write_report

    summary = summarize(
        pairs,
        per_detector=args.per_detector,
        redetection=redetection if args.redetect else None,
        ablations=ablations,
        detector_mode=args.match,
    )
    extra = [timed_table] if timed_table else []
    for table in [*summary_tables(summary, misses_limit=args.misses), *extra]:
        print(table.markdown())
    if args.report:
        title = f"Evaluation of {_stem(args.pred[0])}"
        md, page = write_report(summary, args.report, title=title, extra_tables=extra)
        print(f"Report: {md} and {page}")
    log.info("evaluated %d documents", len(pairs))
    return Exit.OK


def _time_based(args: argparse.Namespace, pairs):
    """The time-based table, or the exit code after saying what is wrong."""
    from reviewer_app.evaluation.timed import corpus_time_scores, read_time_aligned, time_table
    from reviewer_app.exporters.timed import pad_problem
    from reviewer_app.settings import load_settings

    try:
        if problem := pad_problem(args.pad):
            raise ValueError(problem)
        scores = corpus_time_scores(pairs, read_time_aligned(args.time_aligned, load_settings()), args.pad)
    except (OSError, ValueError) as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return Exit.BAD_INPUT
    return time_table(scores, args.pad)


def _learning_curve(args: argparse.Namespace) -> int:
    from reviewer_app.cli.train_cmd import TrainProgressBar
    from reviewer_app.evaluation.charts import learning_curve_chart
    from reviewer_app.training.curve import curve_table, learning_curve
    from reviewer_app.training.data import TrainingDataError, read_sources
    from reviewer_app.training.train import TrainingStopped, TrainOptions

    try:
        shares = [float(x) for x in args.curve_shares.split(",") if x.strip()]
    except ValueError:
        print(
            f"reviewer-app evaluate: --curve-shares {args.curve_shares!r} is not a list of numbers",
            file=sys.stderr,
        )
        return 2
    bar = TrainProgressBar()

    def point(index: int, total: int) -> None:
        if index > 1:
            bar.done()
        print(f"model {index} of {total}", file=sys.stderr)

    options = TrainOptions(eval_split=args.eval_split, epochs=args.epochs, seed=args.seed)
    try:
        documents = read_sources(args.learning_curve, args.gold_format)
        points = learning_curve(documents, options, shares, point, bar)
    except (TrainingDataError, OSError) as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return 2
    except TrainingStopped as exc:
        print(f"\nreviewer-app evaluate: {exc}", file=sys.stderr)
        return 130
    bar.done()
    print(curve_table(points).markdown())
    folder = args.report or Path("learning_curve")
    chart = learning_curve_chart(points, folder / "learning_curve.png")
    (folder / "learning_curve.md").write_text(curve_table(points).markdown(), encoding="utf-8")
    print(f"Chart: {chart}")
    return 0


def _stem(path: Path) -> str:
    """ "gold" of gold.jsonl, "hearing-01" of hearing-01.spans.jsonl."""
    return path.name.split(".")[0]


class AblationUnavailable(RuntimeError):
    pass


def _progress(what: str):
    from reviewer_app.core.progress import Progress
    from reviewer_app.evaluation.ablation import ABLATION_STAGE

    def show(stage: str, fraction: float) -> None:
        # The runner reports each detector's stages too; only the documents done are shown.
        if stage == ABLATION_STAGE:
            end = "\n" if fraction >= 1.0 else ""
            print(f"\rdetecting again {what}: {fraction:4.0%}", end=end, file=sys.stderr)

    return Progress(on_report=show)


def _redetect(gold, pairs):
    """Detection run now over the gold texts with the detectors the prediction names."""
    from reviewer_app.evaluation.ablation import detection_names, redetect_all
    from reviewer_app.settings import load_settings

    settings = load_settings()
    return redetect_all(gold, detection_names(pairs, settings), settings, _progress("(standard)"))


def _ablation(name: str, gold, pairs, redetection):
    """The prediction without one component.

    Without a `redetection`, a detector is removed through the spans'
    provenance: what it alone found goes. With one (`--redetect`, and always
    for the deny-list, which runs inside presidio and leaves no provenance of
    its own), detection runs again over the gold texts without the component
    and is compared with that standard run.
    """
    from reviewer_app.evaluation.ablation import ablate, ablate_by_provenance
    from reviewer_app.evaluation.metrics import detectors_in
    from reviewer_app.settings import load_settings

    if redetection is None:
        known = detectors_in(pairs)
        if name not in known:
            raise AblationUnavailable(
                f"no span in the prediction names the detector {name!r}; "
                f"it names {', '.join(known) or 'none'}"
            )
        return ablate_by_provenance(name, pairs)
    try:
        return ablate(
            name, gold, pairs, load_settings(), _progress(f"without {name}"), standard=redetection.merged
        )
    except ValueError as exc:
        raise AblationUnavailable(str(exc)) from exc


def _agreement(pairs, names: tuple[str, str], limit: int) -> int:
    from reviewer_app.evaluation.agreement import agreement
    from reviewer_app.evaluation.report import agreement_table

    print(agreement_table(agreement(pairs), names, limit=limit).markdown())
    return Exit.OK


def _reviewers_agreement(args: argparse.Namespace) -> int:
    """Agreement of the two reviewers whose names the gold file's spans carry."""
    from reviewer_app.core.interchange import InterchangeError
    from reviewer_app.evaluation.agreement import split_by_reviewer
    from reviewer_app.evaluation.metrics import pair_records
    from reviewer_app.evaluation.sources import read_gold

    try:
        by_reviewer = split_by_reviewer(read_gold(args.gold, args.gold_format))
    except (OSError, InterchangeError, ValueError) as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return Exit.BAD_INPUT
    names = [name for name in by_reviewer if name]
    if len(names) != 2:
        print(
            f"reviewer-app evaluate: the gold spans name {len(names)} reviewers; agreement needs two "
            "(or give the second reviewer's file with --pred)",
            file=sys.stderr,
        )
        return Exit.BAD_INPUT
    a, b = names
    return _agreement(pair_records(by_reviewer[a], by_reviewer[b]), (a, b), args.misses)
