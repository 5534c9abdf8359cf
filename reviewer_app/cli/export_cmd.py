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
Text, gold files and mapping are written all together or not at all. Gold files and
the mapping hold the original text and are refused inside --out.

A time-aligned transcript (captions, ASR output) also gets `<name>.redactions.json`
and `.csv`: when each replaced span was said, padded by `--pad` seconds and merged.
`--audio FILE` (one per transcript, in order) writes `<audio-stem>.redacted.<ext>`,
every interval replaced by a tone or silence (`--audio-mode`) and every other sample
unchanged.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.exporters.gold import GOLD_SUFFIXES
from reviewer_app.settings import DETECTION_PROFILES, PERSON_TAG_MODES


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write the pseudonymized text of transcripts, after the leak guard",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="transcripts (.pdf, .txt, .vtt, .srt, .json)"
    )
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
    parser.add_argument(
        "--person-tags",
        choices=PERSON_TAG_MODES,
        help="a tag per name part ([PERSON_1] [PERSON_2], the paper's) or one per person ([PERSON_1]); "
        "default: the settings' person_tags",
    )
    parser.add_argument(
        "--profile",
        choices=DETECTION_PROFILES,
        help="detection rules: hearing, general or auto (default: the settings'; auto = hearing when "
        "the importer recognised a parole hearing)",
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
    _add_timed_options(parser)
    parser.set_defaults(func=run)


def _add_timed_options(parser: argparse.ArgumentParser) -> None:
    from reviewer_app.cli.timed_options import add_redaction_options

    add_redaction_options(parser)
    parser.add_argument(
        "--audio",
        type=Path,
        action="append",
        metavar="FILE",
        help="the recording (WAV, FLAC, OGG) of a time-aligned transcript: also write it redacted; "
        "one per FILE, in the same order",
    )


class _Refused(Exception):
    """An export refused before anything is written; `code` is the exit code."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def _say(message: str) -> None:
    print(message, file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from reviewer_app.core.clusters import build_clusters
    from reviewer_app.core.guard_exemptions import GuardExemptions
    from reviewer_app.core.pseudonymize import TagScope, pseudonymize
    from reviewer_app.detectors.model_folder import model_problem
    from reviewer_app.detectors.registry import with_model
    from reviewer_app.exporters.leakguard import LeakFound, check_pseudonymized
    from reviewer_app.exporters.staging import export_places_problem, remove_stale_stages_of_export
    from reviewer_app.importers import TranscriptImportError, import_file
    from reviewer_app.settings import load_settings, with_profile

    if problem := model_problem(args.model):
        _say(f"reviewer-app export: --model: {problem}")
        return Exit.BAD_INPUT
    settings = with_model(with_profile(load_settings(), args.profile), args.model)
    args.person_tags = args.person_tags or settings.person_tags
    if args.gold and args.gold_dir is None:
        _say("reviewer-app export: --gold needs --gold-dir (gold files hold the original text)")
        return Exit.BAD_INPUT
    problem = export_places_problem(args.out, args.gold_dir, args.mapping, args.allow_mapping_beside_text)
    if problem:
        hint = "; or pass --allow-mapping-beside-text" if "mapping is sensitive" in problem else ""
        _say(f"reviewer-app export: {problem}{hint}")
        return Exit.BAD_INPUT
    for line in remove_stale_stages_of_export(args.out, args.gold_dir, args.mapping):
        _say(line)
    from reviewer_app.exporters.timed import TimedOptions, audio_problem, pad_problem, tone_from_settings

    if problem := pad_problem(args.pad):
        _say(f"reviewer-app export: {problem}")
        return Exit.BAD_INPUT
    if args.audio and len(args.audio) != len(args.files):
        _say(f"reviewer-app export: give one --audio per FILE, in the same order ({len(args.files)} FILEs)")
        return Exit.BAD_INPUT
    audio_of = dict(zip(args.files, args.audio or [], strict=False))
    timed = TimedOptions(args.pad, args.audio_mode, tone_from_settings(settings))
    reviewed = _read_reviewed(args.spans) if args.spans else None
    if isinstance(reviewed, str):
        _say(f"reviewer-app export: {reviewed}")
        return Exit.BAD_INPUT

    scope = TagScope() if args.case_scope else None
    prepared = []
    for path in args.files:
        try:
            document = import_file(path, settings)
        except TranscriptImportError as exc:
            _say(f"reviewer-app export: {exc}")
            return Exit.BAD_INPUT
        if problem := audio_problem(document, audio_of.get(path)):
            _say(f"reviewer-app export: {path.name}: {problem}")
            return Exit.BAD_INPUT
        rejected = []
        if reviewed is None:
            spans, extras = _detect_all(document, settings, args.detectors, args.model)
        else:
            try:
                spans, extras, rejected = _decided_spans(document, reviewed, args.draft)
            except _Refused as exc:
                _say(f"reviewer-app export: {path.name}: {exc}")
                return exc.code
        if args.accept_all or args.propagate:
            spans, extras, propagated = _propagate(document, spans, extras, settings.fuzzy_threshold)
            if propagated:
                _say(f"{path.name}: {propagated} further occurrences of accepted texts replaced as well")
        try:
            clusters = build_clusters(document, spans, settings.fuzzy_threshold)
            result = pseudonymize(
                document,
                spans,
                clusters,
                scope if scope is not None else TagScope(),
                person_tags=args.person_tags,
            )
        except ValueError as exc:
            _say(f"reviewer-app export: {path.name}: {exc}")
            return Exit.BAD_INPUT
        exemptions = GuardExemptions.of(args.allow, _undecided(extras), rejected)
        try:
            check_pseudonymized(result, document, spans, exemptions)
        except LeakFound as exc:
            _say(f"reviewer-app export: {path.name}: {exc}")
            _say("nothing was written")
            if not (args.accept_all or args.propagate):
                _say(
                    "review these places, or pass --propagate to replace every occurrence of an accepted text"
                )
            return Exit.LEAK
        prepared.append((path, document, spans, extras, exemptions, result))

    return _write_all(args, prepared, timed, audio_of)


def _write_all(args: argparse.Namespace, prepared: list, timed, audio_of: dict) -> int:
    """Write every file of the export into staging folders, then publish them together."""
    from reviewer_app.exporters.captions import CaptionExportError, write_pseudonymized_captions
    from reviewer_app.exporters.gold import write_gold
    from reviewer_app.exporters.jsonl import gold_record
    from reviewer_app.exporters.leakguard import LeakFound
    from reviewer_app.exporters.mapping import write_mapping
    from reviewer_app.exporters.staging import (
        ExportPathError,
        StagedExport,
        describe_write_failure,
        unique_stems,
    )
    from reviewer_app.exporters.text import write_pseudonymized_text
    from reviewer_app.exporters.timed import AudioExportError, stage_timed_outputs

    stems = unique_stems([path.stem for path, *_ in prepared])
    reports = []
    try:
        with StagedExport() as export:
            text_dir = export.folder(args.out)
            for stem, prepared_file in zip(stems, prepared, strict=True):
                path, document, spans, extras, exemptions, result = prepared_file
                write_pseudonymized_text(text_dir / f"{stem}.txt", result, document, spans, exemptions)
                captions = write_pseudonymized_captions(text_dir, stem, result, document, spans, exemptions)
                if captions is not None:
                    reports.append(
                        f"{path.name}: the transcript in its own format -> {args.out / captions.name}"
                    )
                counts = ", ".join(f"{k} {v}" for k, v in sorted(Counter(s.label for s in spans).items()))
                fuzzy = sum(1 for c in result.clusters if c.fuzzy)
                reports.append(
                    f"{path.name}: {len(spans)} spans replaced ({counts}); {len(result.clusters)} name "
                    f"clusters, {fuzzy} joined by fuzzy match; leak guard passed; wrote "
                    f"{args.out / f'{stem}.txt'}"
                )
                timed_lines = stage_timed_outputs(text_dir, stem, document, result, timed, audio_of.get(path))
                reports += [f"{path.name}: {line}" for line in timed_lines]
                for name in args.gold:
                    record = gold_record(document, spans, extras)
                    gold_file = write_gold(name, export.folder(args.gold_dir), stem, record).name
                    reports.append(f"{path.name}: gold ({name}) -> {args.gold_dir / gold_file}")
            if args.mapping:
                write_mapping(
                    export.folder(args.mapping.parent) / args.mapping.name,
                    [p[5] for p in prepared],
                    tags={
                        "scope": "case" if args.case_scope else "document",
                        "person_tags": args.person_tags,
                    },
                )
                reports.append(f"mapping (SENSITIVE, do not publish) -> {args.mapping}")
            export.commit()
    except AudioExportError as exc:
        _say(f"reviewer-app export: {exc}; nothing was written")
        return Exit.BAD_INPUT
    except (ExportPathError, OSError) as exc:
        _say(f"reviewer-app export: {describe_write_failure(exc)}; nothing was written")
        return Exit.FAILED if isinstance(exc, OSError) else Exit.BAD_INPUT
    except LeakFound as exc:
        _say(f"reviewer-app export: the caption file: {exc}\nnothing was written")
        return Exit.LEAK
    except CaptionExportError as exc:
        _say(f"reviewer-app export: {exc}; nothing was written")
        return Exit.FAILED
    for line in reports:
        _say(line)
    if args.accept_all:
        _say(
            "NO MANUAL REVIEW TOOK PLACE: every span the detectors proposed was accepted "
            "automatically (--accept-all). Review the output before publishing it."
        )
    elif args.draft:
        _say("DRAFT: pending spans were replaced without a reviewer's decision (--draft).")
    return Exit.OK


def _undecided(extras) -> list[int]:
    """Indices of the spans replaced without a decision (--draft): they add no leak-guard term."""
    return [i for i, extra in enumerate(extras) if extra.get("status") != "accepted"]


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
    from reviewer_app.core.labels import catalog

    try:
        # Labels become tags in the published text: only the catalogue's are taken.
        return list(read_jsonl(path, catalog().all_labels))
    except OSError as exc:
        return f"cannot read {path}: {exc.strerror or type(exc).__name__}"
    except InterchangeError as exc:
        return f"cannot use {path}: {exc}"


def _decided_spans(document, records, draft: bool):
    """The spans to replace, their extra keys and the rejected spans (the leak guard
    reports no non-person hit inside one, as `project export` and the window do);
    raises `_Refused`."""
    record = next((r for r in records if r.id == document.id), None)
    if record is None:
        same_text = [r for r in records if r.text == document.text]
        record = same_text[0] if len(same_text) == 1 else None
    if record is None and len(records) == 1:
        record = records[0]
    if record is None:
        raise _Refused(Exit.BAD_INPUT, "no record in the spans file for this transcript (by id or by text)")
    if record.text != document.text:
        raise _Refused(
            Exit.BAD_INPUT, "the spans file was made from another text of this transcript; offsets do not fit"
        )
    spans, extras, rejected, pending = [], [], [], 0
    for span_record in record.spans:
        status = str(span_record.extra.get("status", "pending"))
        if status == "rejected":
            rejected.append(span_record.span)
            continue
        if status != "accepted":
            pending += 1
            if not draft:
                continue
        spans.append(span_record.span)
        extras.append(dict(span_record.extra))
    if pending and not draft:
        raise _Refused(
            Exit.NOT_REVIEWED,
            f"{pending} spans are not decided yet (pending or stale); review them or pass --draft",
        )
    return spans, extras, rejected
