"""`reviewer-app evaluate`: the paper's evaluation tables for gold and predicted spans."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="score predicted spans against gold spans (precision, recall, F1, residual risk)",
        description=(
            "Score predicted spans against gold spans, both in the spans JSONL interchange format, "
            "and print per-label precision, recall and F1 with exact and overlap matching (the paper's "
            "Table 3), label confusions (Table 4), residual risk and the misses, most dangerous first."
        ),
    )
    parser.add_argument("--gold", required=True, type=Path, help="gold spans (JSONL)")
    parser.add_argument(
        "--pred", required=True, type=Path, help="predicted spans (JSONL), e.g. from `detect`"
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
        help="treat gold and pred as two reviewers' annotations: span F1, token kappa, disagreements",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from reviewer_app.core.interchange import InterchangeError, read_jsonl
    from reviewer_app.evaluation.metrics import pair_records

    try:
        gold = list(read_jsonl(args.gold))
        pred = list(read_jsonl(args.pred))
        pairs = pair_records(gold, pred)
    except (OSError, InterchangeError, ValueError) as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return 2
    if args.agreement:
        return _agreement(pairs, args)
    try:
        ablated = {name: _ablated_pairs(name, pairs) for name in args.ablate}
    except AblationUnavailable as exc:
        print(f"reviewer-app evaluate: {exc}", file=sys.stderr)
        return 2
    from reviewer_app.evaluation.report import summarize, summary_tables, write_report

    summary = summarize(pairs, per_detector=args.per_detector, ablated=ablated, detector_mode=args.match)
    for table in summary_tables(summary, misses_limit=args.misses):
        print(table.markdown())
    if args.report:
        md, page = write_report(summary, args.report, title=f"Evaluation of {args.pred.name}")
        print(f"Report: {md} and {page}")
    log.info("evaluated %d documents", len(pairs))
    return 0


class AblationUnavailable(RuntimeError):
    pass


def _ablated_pairs(name: str, pairs):
    """The prediction without one component.

    A detector is removed through the spans' provenance: what it alone found
    goes. The cover-page deny-list lives inside the presidio detector, so
    leaving it out needs detection run again on documents without cover-page
    information.
    """
    from reviewer_app.evaluation.metrics import detectors_in, without_detector

    if name == "deny_list":
        raise AblationUnavailable(
            "leaving out the cover-page deny-list needs detection run again without the cover page: "
            "run `reviewer-app detect` on the gold texts with the cover page removed and evaluate that file"
        )
    known = detectors_in(pairs)
    if name not in known:
        raise AblationUnavailable(
            f"no span in the prediction names the detector {name!r}; it names {', '.join(known) or 'none'}"
        )
    return without_detector(pairs, name)


def _agreement(pairs, args: argparse.Namespace) -> int:
    from reviewer_app.evaluation.agreement import agreement
    from reviewer_app.evaluation.report import agreement_table

    result = agreement(pairs)
    print(agreement_table(result, (args.gold.stem, args.pred.stem), limit=args.misses).markdown())
    return 0
