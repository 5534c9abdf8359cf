"""`reviewer-app export`: write the pseudonymized text (and, if asked, the mapping and gold).

    reviewer-app export FILE --out DIR --accept-all
    reviewer-app export FILE --spans REVIEWED.jsonl --out DIR [--draft]

`--accept-all` runs the detectors and accepts every merged span, and every other
occurrence of an accepted text (as `--propagate` does): nobody reviewed the result,
and the report (on stderr, never in the text) says so. `--spans` takes the
reviewer's decisions: a span's `status` key says accepted (replaced) or rejected
(kept); pending or stale spans refuse the export unless `--draft`, which replaces them
too. The leak guard runs before anything is written; on a hit nothing is written and
the hits are listed by position (not by text: the report may end up in a log).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from reviewer_app.exporters.gold import GOLD_SUFFIXES

EXIT_INPUT, EXIT_PENDING, EXIT_LEAK = 2, 3, 4


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write the pseudonymized text of transcripts, after the leak guard",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", type=Path, nargs="+", metavar="FILE", help="transcripts (.pdf, .txt)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the pseudonymized text")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--accept-all", action="store_true", help="detect and accept every span, with no manual review"
    )
    source.add_argument(
        "--spans", type=Path, help="reviewed spans (interchange JSONL with a status per span)"
    )
    parser.add_argument(
        "--draft", action="store_true", help="with --spans: replace pending spans too instead of refusing"
    )
    parser.add_argument(
        "--propagate",
        action="store_true",
        help="also replace every other occurrence of an accepted text (always on with --accept-all)",
    )
    parser.add_argument("--detectors", help="comma-separated detectors for --accept-all (default: settings)")
    parser.add_argument(
        "--model",
        metavar="MODEL_DIR",
        help="a model from `reviewer-app train`: the trained detector runs beside the others",
    )
    parser.add_argument(
        "--case-scope",
        action="store_true",
        help="number names, IDs and places once across all FILEs (one case) instead of per transcript",
    )
    parser.add_argument("--mapping", type=Path, help="also write the sensitive original -> tag mapping here")
    parser.add_argument(
        "--allow-mapping-beside-text",
        action="store_true",
        help="allow --mapping inside the --out folder (it is refused there by default)",
    )
    parser.add_argument(
        "--gold", action="append", choices=sorted(GOLD_SUFFIXES), default=[], help="gold formats to write"
    )
    parser.add_argument(
        "--gold-dir", type=Path, help="folder for the gold files (they hold the original text)"
    )
    parser.add_argument(
        "--allow", action="append", default=[], metavar="WORD", help="a word the leak guard may let through"
    )
    parser.set_defaults(func=run)


class _Refused(Exception):
    """An export refused before anything is written; `code` is the exit code."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def _say(message: str) -> None:
    print(message, file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from reviewer_app.core.clusters import build_clusters
    from reviewer_app.core.pseudonymize import TagScope, pseudonymize
    from reviewer_app.detectors.registry import with_model
    from reviewer_app.exporters.leakguard import LeakFound, check_pseudonymized
    from reviewer_app.importers import TranscriptImportError, import_file
    from reviewer_app.settings import load_settings
    from reviewer_app.training.model_dir import model_problem

    if problem := model_problem(args.model):
        _say(f"reviewer-app export: --model: {problem}")
        return EXIT_INPUT
    settings = with_model(load_settings(), args.model)
    if args.gold and args.gold_dir is None:
        _say("reviewer-app export: --gold needs --gold-dir (gold files hold the original text)")
        return EXIT_INPUT
    if args.mapping and not args.allow_mapping_beside_text:
        out_dir, mapping_dir = args.out.resolve(), args.mapping.resolve().parent
        if mapping_dir == out_dir or out_dir in mapping_dir.parents:
            _say(
                "reviewer-app export: the mapping is sensitive and is not written into --out; "
                "choose another folder or pass --allow-mapping-beside-text"
            )
            return EXIT_INPUT
    reviewed = _read_reviewed(args.spans) if args.spans else None
    if isinstance(reviewed, str):
        _say(f"reviewer-app export: {reviewed}")
        return EXIT_INPUT

    scope = TagScope() if args.case_scope else None
    prepared = []
    for path in args.files:
        try:
            document = import_file(path, settings)
        except TranscriptImportError as exc:
            _say(f"reviewer-app export: {exc}")
            return EXIT_INPUT
        if reviewed is None:
            spans, extras = _detect_all(document, settings, args.detectors, args.model)
        else:
            try:
                spans, extras = _decided_spans(document, reviewed, args.draft)
            except _Refused as exc:
                _say(f"reviewer-app export: {path.name}: {exc}")
                return exc.code
        if args.accept_all or args.propagate:
            spans, extras, propagated = _propagate(document, spans, extras, settings.fuzzy_threshold)
            if propagated:
                _say(f"{path.name}: {propagated} further occurrences of accepted texts replaced as well")
        try:
            clusters = build_clusters(document, spans, settings.fuzzy_threshold)
            result = pseudonymize(document, spans, clusters, scope if scope is not None else TagScope())
        except ValueError as exc:
            _say(f"reviewer-app export: {path.name}: {exc}")
            return EXIT_INPUT
        try:
            check_pseudonymized(result, document, spans, args.allow)
        except LeakFound as exc:
            _say(f"reviewer-app export: {path.name}: {exc}")
            _say("nothing was written")
            if not (args.accept_all or args.propagate):
                _say(
                    "review these places, or pass --propagate to replace every occurrence of an accepted text"
                )
            return EXIT_LEAK
        prepared.append((path, document, spans, extras, result))

    return _write_all(args, prepared)


def _write_all(args: argparse.Namespace, prepared: list) -> int:
    from reviewer_app.exporters.gold import write_gold
    from reviewer_app.exporters.jsonl import gold_record
    from reviewer_app.exporters.mapping import MappingRefused, write_mapping
    from reviewer_app.exporters.text import write_pseudonymized_text

    for path, document, spans, extras, result in prepared:
        out = write_pseudonymized_text(args.out / f"{path.stem}.txt", result, document, spans, args.allow)
        counts = ", ".join(f"{k} {v}" for k, v in sorted(Counter(s.label for s in spans).items()))
        fuzzy = sum(1 for c in result.clusters if c.fuzzy)
        _say(
            f"{path.name}: {len(spans)} spans replaced ({counts}); {len(result.clusters)} name clusters, "
            f"{fuzzy} joined by fuzzy match; leak guard passed; wrote {out}"
        )
        for name in args.gold:
            record = gold_record(document, spans, extras)
            gold_path = write_gold(name, args.gold_dir, path.stem, record)
            _say(f"{path.name}: gold ({name}) -> {gold_path}")
    if args.mapping:
        try:
            written = write_mapping(
                args.mapping, [p[4] for p in prepared], args.out, args.allow_mapping_beside_text
            )
        except MappingRefused as exc:
            _say(f"reviewer-app export: {exc}")
            return EXIT_INPUT
        _say(f"mapping (SENSITIVE, do not publish) -> {written}")
    if args.accept_all:
        _say(
            "NO MANUAL REVIEW TOOK PLACE: every span the detectors proposed was accepted "
            "automatically (--accept-all). Review the output before publishing it."
        )
    elif args.draft:
        _say("DRAFT: pending spans were replaced without a reviewer's decision (--draft).")
    return 0


def _detect_all(document, settings, detectors: str | None, model: str | None = None):
    from reviewer_app.detectors.registry import TRAINED, default_names
    from reviewer_app.detectors.runner import run_detection

    names = (
        [d.strip() for d in detectors.split(",") if d.strip()] if detectors else list(default_names(settings))
    )
    if model and TRAINED not in names:
        names.append(TRAINED)
    result = run_detection(document, names, settings)
    for detector_run in result.runs:
        if not detector_run.ok:
            _say(f"detector {detector_run.name} did not run: {detector_run.error or 'not available'}")
    spans = list(result.spans)
    return spans, [{"status": "accepted"} for _ in spans]


def _propagate(document, spans, extras, threshold: float):
    """Add spans over the other occurrences of accepted texts until none is left."""
    from reviewer_app.core.clusters import build_clusters
    from reviewer_app.exporters.leakguard import unannotated_occurrences

    added = 0
    # New spans bring new cluster variants; a second round finds their occurrences.
    for _ in range(3):
        found = unannotated_occurrences(document, spans, build_clusters(document, spans, threshold))
        if not found:
            break
        added += len(found)
        pairs = sorted(
            [*zip(spans, extras, strict=True), *((s, {"status": "accepted"}) for s in found)],
            key=lambda pair: (pair[0].start, pair[0].end),
        )
        spans, extras = [p[0] for p in pairs], [p[1] for p in pairs]
    return spans, extras, added


def _read_reviewed(path: Path):
    """The reviewed records of a spans file, or an error message."""
    from reviewer_app.core.interchange import InterchangeError, read_jsonl

    try:
        return list(read_jsonl(path))
    except (OSError, InterchangeError) as exc:
        return f"cannot read {path}: {exc}"


def _decided_spans(document, records, draft: bool):
    """The spans to replace and their extra keys; raises `_Refused`."""
    record = next((r for r in records if r.id == document.id), None)
    if record is None:
        same_text = [r for r in records if r.text == document.text]
        record = same_text[0] if len(same_text) == 1 else None
    if record is None and len(records) == 1:
        record = records[0]
    if record is None:
        raise _Refused(EXIT_INPUT, "no record in the spans file for this transcript (by id or by text)")
    if record.text != document.text:
        raise _Refused(
            EXIT_INPUT, "the spans file was made from another text of this transcript; offsets do not fit"
        )
    spans, extras, pending = [], [], 0
    for span_record in record.spans:
        status = str(span_record.extra.get("status", "pending"))
        if status == "rejected":
            continue
        if status != "accepted":
            pending += 1
            if not draft:
                continue
        spans.append(span_record.span)
        extras.append(dict(span_record.extra))
    if pending and not draft:
        raise _Refused(
            EXIT_PENDING,
            f"{pending} spans are not decided yet (pending or stale); review them or pass --draft",
        )
    return spans, extras
