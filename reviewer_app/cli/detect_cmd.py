"""`reviewer-app detect FILE... --out DIR [--detectors presidio,spacy,...]`.

Writes `DIR/<name>.spans.jsonl` in the interchange format: the text and its
merged spans with label, detectors and score. A PDF or text transcript is
imported as the window would import it; a `.jsonl` file is detected record by
record (each line's text, its id kept), so gold corpora can be run through it.
A record in the canonical hearing format is read as the text importer reads it,
cover page included, so its names and places seed the deny-list as in the window.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.cli.messages import about_file
from reviewer_app.settings import DETECTION_PROFILES


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "detect",
        help="propose spans for transcripts and write them as spans JSONL",
        description=__doc__.split("\n\n")[1],
    )
    parser.add_argument(
        "files", nargs="+", type=Path, metavar="FILE", help=".pdf, .txt, .vtt, .srt, .json or .jsonl"
    )
    parser.add_argument("--out", required=True, type=Path, metavar="DIR", help="folder for the .spans.jsonl")
    parser.add_argument(
        "--detectors",
        metavar="NAMES",
        help="comma-separated detector names (default: those in the settings)",
    )
    parser.add_argument(
        "--profile",
        choices=DETECTION_PROFILES,
        help="detection rules: hearing, general or auto (default: the settings'; auto = hearing when "
        "the importer recognised a parole hearing)",
    )
    parser.add_argument(
        "--model",
        metavar="MODEL_DIR",
        help="a model from `reviewer-app train`: the trained detector runs beside the others",
    )
    parser.set_defaults(func=run)


class _ProgressBar:
    """One line on stderr: file, a bar and the stage in words (chunks done, time
    left), redrawn in place."""

    def __init__(self, label: str, stream=None) -> None:
        from reviewer_app.core.progress import ProgressWords

        self.label = label
        self.stream = stream or sys.stderr
        self.words = ProgressWords()
        self.width = 0

    def __call__(self, step) -> None:
        filled = int(step.fraction * 20)
        line = f"detect {self.label}: [{'#' * filled}{'.' * (20 - filled)}] {self.words.describe(step)}"
        # Blanks over the rest of a longer line drawn before.
        self.stream.write(f"\r{line:<{self.width}}")
        self.width = max(self.width, len(line))
        self.stream.flush()

    def done(self, message: str) -> None:
        self.stream.write(f"\r{f'detect {self.label}: {message}':<{self.width}}\n")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    from reviewer_app.core.interchange import InterchangeError, Record, SpanRecord, read_jsonl, write_jsonl
    from reviewer_app.core.progress import Progress
    from reviewer_app.detectors.model_folder import model_problem
    from reviewer_app.detectors.registry import DETECTORS, TRAINED, default_names, with_model
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.exporters.staging import folder_problem
    from reviewer_app.importers import TranscriptImportError, import_file
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.settings import load_settings, with_profile

    if problem := model_problem(args.model):
        print(f"reviewer-app detect: --model: {problem}", file=sys.stderr)
        return Exit.BAD_INPUT
    settings = with_model(with_profile(load_settings(), args.profile), args.model)
    names = (
        [n.strip() for n in args.detectors.split(",") if n.strip()]
        if args.detectors
        else list(default_names(settings))
    )
    if args.model and TRAINED not in names:
        names.append(TRAINED)
    unknown = [n for n in names if n not in DETECTORS]
    if unknown:
        print(
            f"reviewer-app detect: unknown detector {unknown[0]!r}; known: {', '.join(DETECTORS)}",
            file=sys.stderr,
        )
        return Exit.BAD_INPUT
    problem = folder_problem(args.out)
    if problem:
        print(f"reviewer-app detect: --out {problem}", file=sys.stderr)
        return Exit.BAD_INPUT

    failures = 0
    reported: set[str] = set()
    for path in args.files:
        try:
            if path.suffix.lower() == ".jsonl":
                documents = [
                    (document_from_text(r.id, r.text, str(path)), dict(r.meta)) for r in read_jsonl(path)
                ]
            else:
                document = import_file(path, settings)
                documents = [(document, {"source": path.name})]
        except (TranscriptImportError, InterchangeError, OSError) as exc:
            # An import error names the file itself, as `import` prints it.
            if isinstance(exc, TranscriptImportError):
                reason = str(exc)
            elif isinstance(exc, OSError):
                reason = f"{path.name} could not be read ({exc.strerror or type(exc).__name__})"
            else:
                reason = about_file(path.name, str(exc))
            print(f"reviewer-app detect: {reason}", file=sys.stderr)
            failures += 1
            continue
        records = []
        for index, (document, meta) in enumerate(documents, 1):
            label = path.name if len(documents) == 1 else f"{path.name} [{index}/{len(documents)}]"
            bar = _ProgressBar(label)
            result = run_detection(document, names, settings, Progress(on_step=bar))
            bar.done(f"{len(result.spans)} spans in {result.seconds:.1f} s")
            for detector_run in result.runs:
                problem = detector_run.error or (
                    "" if detector_run.status.ready else detector_run.status.message
                )
                if problem and detector_run.name not in reported:
                    reported.add(detector_run.name)
                    print(f"reviewer-app detect: {detector_run.name} not used: {problem}", file=sys.stderr)
            for note in result.notes:
                print(f"reviewer-app detect: {label}: {note}", file=sys.stderr)
            meta = {
                **meta,
                "detectors": {r.name: {"ok": r.ok, "spans": r.span_count} for r in result.runs},
                "profile": result.profile,
                **({"notes": list(result.notes)} if result.notes else {}),
            }
            records.append(
                Record(document.id, document.text, tuple(SpanRecord(s) for s in result.spans), meta)
            )
        target = write_jsonl(args.out / f"{path.stem}.spans.jsonl", records)
        print(f"wrote {target}", file=sys.stderr)
    return Exit.BAD_INPUT if failures else Exit.OK
