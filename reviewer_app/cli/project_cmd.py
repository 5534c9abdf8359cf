"""`reviewer-app project`: corpus work on a project file from the command line.

    reviewer-app project new P.db
    reviewer-app project add P.db FILES... [--jobs N] [--detectors spacy,presidio] [--no-detect]
    reviewer-app project add P.db FILES... --engine dask [--jobs N | --scheduler ADDRESS]
    reviewer-app project status P.db [--json]
    reviewer-app project export P.db --out DIR [--draft] [--gold jsonl ... --gold-dir DIR] [--mapping FILE]
                                [--pad S] [--audio-dir DIR] [--audio-mode tone|silence]
                                [--tags document|corpus] [--person-tags part|person]
    reviewer-app project persons P.db [--match] [--json]

`add` imports and detects in worker processes (`--jobs`), or with `--engine
dask` on a Dask cluster (a local one of `--jobs` processes, or the scheduler at
`--scheduler`; `pip install 'reviewer-app[cluster]'`); only this process
writes the project. A file already in the project is skipped once detection
has run on it; one that was not detected yet (an interrupted or failed run,
or `--no-detect`) is detected now. `--redetect` runs detection again on every
file given, keeping the decisions made so far. `export` writes
the pseudonymized text of every fully reviewed document; `--draft` writes the
others too (pending spans replaced), with DRAFT in the file names. An export is
written whole or not at all: a document the leak guard stops stops the export.
File names come from document ids made safe (no folders, no `..`). A time-aligned
document (captions, ASR output) also gets its redaction intervals; with `--audio-dir`,
its recording is the audio file there named like the transcript it was imported
from (or like the document id), e.g. hearing-03.vtt -> hearing-03.wav, and is
written redacted beside the text.

`--tags corpus` numbers tags across the project instead of per document: a person
(matched across documents from the reviewers' clusters, name variants and the cover
page's CDCR number) has one tag in every document, and so has a CDCR number or a
place. The corpus mapping is stored in the project by this export only, so a
document exported earlier keeps its tags; each export records the tags it used.
`persons` lists the corpus persons; `--match` matches the documents' persons into
them (stored; tag numbers are given by the next export with `--tags corpus`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path

from reviewer_app.cli.exit_codes import Exit, worst
from reviewer_app.cli.messages import about_file
from reviewer_app.exporters.gold import GOLD_SUFFIXES
from reviewer_app.exporters.staging import unique_stems
from reviewer_app.settings import DETECTION_PROFILES, PERSON_TAG_MODES

PROJECT_HELP = "the project file (.db), as `project new` made it"

ENGINES = ("local", "dask")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "project",
        help="create a project, add transcripts to it, show its progress, export it",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="project_command", metavar="SUBCOMMAND", required=True)

    new = sub.add_parser("new", help="create an empty project file (readable only by you)")
    new.add_argument("project", type=Path, help="the project file to create, e.g. parole.db")
    new.add_argument("--name", default="", help="a name for the project (default: the file name)")
    new.set_defaults(func=run_new)

    add = sub.add_parser("add", help="import transcripts into the project and run detection on them")
    add.add_argument("project", type=Path, help=PROJECT_HELP)
    add.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="transcripts (.pdf, .txt, .vtt, .srt, .json)"
    )
    add.add_argument("--jobs", type=int, default=1, help="worker processes for import and detection")
    add.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="local: this machine's processes; dask: a Dask cluster (needs the `cluster` extra)",
    )
    add.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --engine dask: a running Dask scheduler (e.g. tcp://10.0.0.5:8786) instead of a "
        "local cluster of --jobs processes",
    )
    add.add_argument("--detectors", help="comma-separated detectors (default: your settings)")
    add.add_argument("--no-detect", action="store_true", help="only import; detect later")
    add.add_argument(
        "--profile",
        choices=DETECTION_PROFILES,
        help="detection rules: hearing, general or auto (default: the settings'; auto = hearing when "
        "the importer recognised a parole hearing)",
    )
    add.add_argument(
        "--model", metavar="MODEL_DIR", help="a model from `reviewer-app train` to run beside the detectors"
    )
    add.add_argument("--redetect", action="store_true", help="detect again on files already in the project")
    add.set_defaults(func=run_add)

    status = sub.add_parser("status", help="documents with their review progress, and corpus totals")
    status.add_argument("project", type=Path, help=PROJECT_HELP)
    status.add_argument("--json", action="store_true", help="print the figures as JSON")
    status.set_defaults(func=run_status)

    export = sub.add_parser("export", help="write the pseudonymized text of the reviewed documents")
    export.add_argument("project", type=Path, help=PROJECT_HELP)
    export.add_argument("--out", type=Path, required=True, help="folder for the pseudonymized texts")
    export.add_argument(
        "--draft",
        action="store_true",
        help="also export documents not fully reviewed (pending spans replaced; DRAFT in the name)",
    )
    export.add_argument(
        "--gold",
        action="append",
        choices=sorted(GOLD_SUFFIXES),
        default=[],
        help="also write the reviewed spans in this gold format (needs --gold-dir)",
    )
    export.add_argument("--gold-dir", type=Path, help="folder for gold files (they hold the original text)")
    export.add_argument(
        "--allow", action="append", default=[], metavar="WORD", help="a word the leak guard may let through"
    )
    export.add_argument(
        "--mapping",
        type=Path,
        help="also write the sensitive original -> tag mapping here (not inside --out)",
    )
    _add_timed_options(export)
    export.add_argument(
        "--tags",
        choices=("document", "corpus"),
        default="document",
        help="number tags per document (default) or across the project: one tag per person, CDCR "
        "number or place in every document (stored in the project; earlier exports keep theirs)",
    )
    export.add_argument(
        "--person-tags",
        choices=PERSON_TAG_MODES,
        help="a tag per name part ([PERSON_1] [PERSON_2], the paper's) or one per person ([PERSON_1]); "
        "default: the settings' person_tags",
    )
    export.set_defaults(func=run_export)

    persons = sub.add_parser("persons", help="the persons matched across the documents (corpus tags)")
    persons.add_argument("project", type=Path, help=PROJECT_HELP)
    persons.add_argument(
        "--match", action="store_true", help="match the documents' persons into corpus persons first"
    )
    persons.add_argument("--json", action="store_true", help="print the persons as JSON (SENSITIVE: names)")
    persons.set_defaults(func=run_persons)


def _add_timed_options(parser: argparse.ArgumentParser) -> None:
    from reviewer_app.cli.timed_options import add_redaction_options

    add_redaction_options(parser)
    parser.add_argument(
        "--audio-dir",
        type=Path,
        metavar="DIR",
        help="folder of the recordings (WAV, FLAC, OGG) of time-aligned documents, each named like the "
        "transcript it was imported from: also write them redacted",
    )


def _say(message: str) -> None:
    print(message, file=sys.stderr)


def _open(path: Path, read_only: bool | None = False):
    """The project, or None after saying why it cannot be opened."""
    from reviewer_app.store import Project, ProjectError

    try:
        return Project.open(path, read_only=read_only)
    except ProjectError as exc:
        _say(f"reviewer-app project: {exc}")
        return None


# ---------------------------------------------------------------- new


def run_new(args: argparse.Namespace) -> int:
    from reviewer_app.store import Project, ProjectError

    try:
        with Project.create(args.project, args.name):
            pass
    except ProjectError as exc:
        _say(f"reviewer-app project: {exc}")
        return Exit.BAD_INPUT
    print(f"created {args.project}")
    return Exit.OK


# ---------------------------------------------------------------- add


class ProgressBar:
    """A one-line bar on stderr (redrawn in place on a terminal, one line per
    step otherwise, so logs of batch runs stay readable)."""

    def __init__(self, total: int, stream=None, width: int = 30) -> None:
        self.total, self.done, self.width = total, 0, width
        self.stream = stream or sys.stderr
        self.in_place = self.stream.isatty()

    def _line(self, done: float, what: str) -> str:
        filled = int(self.width * done / max(self.total, 1))
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} {what}"

    def detail(self, stage: str, fraction: float) -> None:
        """Progress inside the current item (a detector running), on a terminal only."""
        if self.in_place:
            line = self._line(self.done + fraction, f"{stage} {100 * fraction:.0f}%")
            self.stream.write("\r" + line.ljust(self.width + 60))
            self.stream.flush()

    def step(self, what: str) -> None:
        self.done += 1
        line = self._line(self.done, what)
        if self.in_place:
            self.stream.write("\r" + line.ljust(self.width + 60))
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def import_and_detect(path: Path, detector_names: tuple[str, ...], settings, detect: bool, progress=None):
    """Worker: read one file and run detection on it. Returns (document,
    result-or-None) or an import error message; writes nothing."""
    from reviewer_app.importers import TranscriptImportError, import_file

    try:
        document = import_file(path, settings)
    except TranscriptImportError as exc:
        return str(exc)
    if not detect:
        return document, None
    from reviewer_app.detectors.runner import run_detection

    return document, run_detection(document, detector_names, settings, progress)


def _file_sha256(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def run_add(args: argparse.Namespace) -> int:
    from reviewer_app.cli.dask_engine import EngineUnavailable, require_dask
    from reviewer_app.detectors.model_folder import model_problem
    from reviewer_app.detectors.registry import TRAINED, default_names, with_model
    from reviewer_app.settings import load_settings, with_profile

    if args.scheduler and args.engine != "dask":
        _say("reviewer-app project add: --scheduler needs --engine dask")
        return Exit.BAD_INPUT
    if args.engine == "dask":
        try:
            require_dask()
        except EngineUnavailable as exc:
            _say(f"reviewer-app project add: {exc}")
            return Exit.BAD_INPUT
        if args.scheduler and args.jobs != 1:
            _say("--jobs is ignored with --scheduler: the cluster's workers do the work")
    if problem := model_problem(args.model):
        _say(f"reviewer-app project add: --model: {problem}")
        return Exit.BAD_INPUT
    settings = with_model(with_profile(load_settings(), args.profile), args.model)
    names = (
        tuple(d.strip() for d in args.detectors.split(",") if d.strip())
        if args.detectors
        else default_names(settings)
    )
    if args.model and TRAINED not in names:
        names += (TRAINED,)
    project = _open(args.project)
    if project is None:
        return Exit.BAD_INPUT
    code = Exit.OK
    with project:
        todo, existing = [], {}
        for path in args.files:
            sha = _file_sha256(path)
            known = project.find_document_by_sha256(sha) if sha else None
            detected = known is not None and project.document_summary(known).detection_status == "detected"
            if known and not args.redetect and (detected or args.no_detect):
                _say(f"{path.name}: already in the project as {known}; skipped")
                continue
            if known and not detected:
                # Added by a run that ended before its detection was stored.
                _say(f"{path.name}: in the project as {known} but not detected yet; detecting it")
            if known:
                existing[path] = known
            todo.append(path)
        bar = ProgressBar(len(todo))
        try:
            with _outcomes(args, todo, names, settings, bar) as outcomes:
                for path, outcome in outcomes:
                    if isinstance(outcome, str):
                        code = worst(code, Exit.BAD_INPUT)
                        bar.step(f"{path.name}: not added")
                        _say(about_file(path.name, outcome))
                        continue
                    document, result = outcome
                    doc_id = existing.get(path) or project.add_document(document)
                    bar.step(f"{path.name} -> {doc_id}")
                    if result is not None:
                        code = worst(code, _store_detection(project, doc_id, document, result, settings))
        except EngineUnavailable as exc:
            _say(f"reviewer-app project add: {exc}")
            return Exit.BAD_INPUT
        except KeyboardInterrupt:
            # The workers are gone (closed on the way out); what was stored stays.
            _say(
                f"interrupted after {bar.done} of {len(todo)} files; the same command "
                "detects the rest (files already detected are skipped)"
            )
            return worst(code, Exit.FAILED)
    return code


def _outcomes(args, paths, names, settings, bar: ProgressBar):
    """A context giving the (path, outcome) pairs of `paths` as the chosen engine
    finishes them; leaving it stops the engine's workers."""
    detect = not args.no_detect
    if args.engine != "dask" or not paths:
        return contextlib.nullcontext(_run_workers(paths, names, settings, detect, max(1, args.jobs), bar))
    return _dask_outcomes(args, paths, names, settings, detect)


@contextlib.contextmanager
def _dask_outcomes(args, paths, names, settings, detect: bool):
    from reviewer_app.cli.dask_engine import ctrl_c_deferred, dask_client, detect_on_cluster

    with ctrl_c_deferred() as interrupted, dask_client(args.scheduler, max(1, args.jobs), _say) as client:
        yield detect_on_cluster(client, paths, names, settings, detect, _say, interrupted)


def _run_workers(paths, names, settings, detect: bool, jobs: int, bar: ProgressBar):
    """(path, outcome) pairs as the work finishes; in this process when jobs == 1
    (with progress inside each document), else in `jobs` worker processes."""
    if jobs == 1 or len(paths) <= 1:
        from reviewer_app.core.progress import Progress

        progress = Progress(on_report=bar.detail)
        for path in paths:
            yield path, _guard(import_and_detect, path, names, settings, detect, progress)
        return
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from reviewer_app.core.workers import end_with_parent

    # spawn: the workers load their own models, never a copy of this process's state.
    # The pool starts its workers from this (the main) thread, which the kernel's
    # parent-death signal follows; they end with this process, even if it is killed.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        jobs, mp_context=context, initializer=end_with_parent, initargs=(os.getpid(),)
    ) as pool:
        futures = {pool.submit(import_and_detect, path, names, settings, detect): path for path in paths}
        for future in as_completed(futures):
            try:
                outcome = future.result()
            except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
                outcome = f"failed: {type(exc).__name__}"
            yield futures[future], outcome


def _guard(function, *args):
    try:
        return function(*args)
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
        return f"failed: {type(exc).__name__}"


def _store_detection(project, doc_id: str, document, result, settings) -> int:
    """Merge a detection result into the project; returns the exit code (FAILED
    when no detector ran)."""
    from reviewer_app.store.project import detector_scores, propose_clusters

    ran = [r.name for r in result.runs if r.ok]
    failed = [r for r in result.runs if not r.ok]
    for run in failed:
        _say(f"{doc_id}: detector {run.name} did not run: {run.error or run.status.message}")
    if failed and not ran:
        # No detector looked at the text: it must not pass for a document without names.
        if project.document_summary(doc_id).detection_status != "detected":
            project.set_detection_status(doc_id, "failed")
        return Exit.FAILED
    spans = list(result.spans)
    merge = project.record_detection(doc_id, spans, ran, scores=detector_scores(spans, result.raw))
    clusters = propose_clusters(project, doc_id, settings.fuzzy_threshold)
    _say(
        f"{doc_id}: {merge.new} new spans, {merge.kept} kept, {merge.stale} stale, "
        f"{merge.whitelisted} whitelisted; {clusters} person clusters"
    )
    return Exit.OK


# ---------------------------------------------------------------- status


def _pace_figures(pace) -> dict:
    rate = pace.decisions_per_minute
    return {
        "review_minutes": round(pace.minutes, 2),
        "decisions": pace.decisions,
        "decisions_per_minute": round(rate, 2) if rate is not None else None,
    }


def status_figures(project) -> dict:
    from reviewer_app.evaluation.review_pace import IDLE_SECONDS, ReviewPace, project_pace, total_pace

    documents = project.list_documents()
    corpus = project.corpus_stats()
    paces = project_pace(project)
    return {
        "project": project.name,
        "documents": [
            {
                "id": d.id,
                "source": Path(d.source).name,
                "state": d.state,
                "words": d.word_count,
                "spans": d.stats.total,
                "reviewed": d.stats.reviewed,
                "share_reviewed": round(d.share_reviewed, 4),
                "by_status": d.stats.by_status,
                **_pace_figures(paces.get(d.id, ReviewPace())),
            }
            for d in documents
        ],
        "corpus": {
            "documents": len(documents),
            "fully_reviewed": sum(d.fully_reviewed for d in documents),
            "not_detected": sum(d.detection_status != "detected" for d in documents),
            "spans": corpus.total,
            "reviewed": corpus.reviewed,
            "share_reviewed": round(
                corpus.share_reviewed
                if corpus.total or all(d.detection_status == "detected" for d in documents)
                else 0.0,
                4,
            ),
            "by_status": corpus.by_status,
            "by_label": corpus.by_label,
            **_pace_figures(total_pace(paces)),
            "idle_minutes": IDLE_SECONDS / 60,
        },
    }


def run_status(args: argparse.Namespace) -> int:
    from reviewer_app.evaluation.review_pace import ReviewPace, describe_minutes, describe_pace

    # Read-only: works while the window has the project open.
    project = _open(args.project, read_only=True)
    if project is None:
        return Exit.BAD_INPUT
    with project:
        figures = status_figures(project)
    if args.json:
        json.dump(figures, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return Exit.OK
    rows = [("document", "state", "words", "spans", "pending", "stale", "reviewed", "time", "decisions/min")]
    for d in figures["documents"]:
        rate = d["decisions_per_minute"]
        rows.append(
            (
                d["id"],
                d["state"].replace("_", " "),
                str(d["words"]),
                str(d["spans"]),
                str(d["by_status"]["pending"]),
                str(d["by_status"]["stale"]),
                f"{100 * d['share_reviewed']:.0f}%",
                describe_minutes(60 * d["review_minutes"]),
                f"{rate:.1f}" if rate is not None else "-",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(
                cell.ljust(w) if i < 2 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
        )
    corpus = figures["corpus"]
    print(
        f"\n{corpus['documents']} documents, {corpus['fully_reviewed']} fully reviewed; "
        f"{corpus['reviewed']} of {corpus['spans']} spans reviewed ({100 * corpus['share_reviewed']:.0f}%)"
        + (f"; {corpus['not_detected']} not detected yet" if corpus["not_detected"] else "")
    )
    pace = ReviewPace(corpus["decisions"], 60 * corpus["review_minutes"])
    print(f"Review time {describe_pace(pace)}; pauses over {corpus['idle_minutes']:g} min are not counted")
    for label, counts in sorted(corpus["by_label"].items()):
        summary = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
        print(f"  {label}: {summary}")
    return Exit.OK


# ---------------------------------------------------------------- export


def run_export(args: argparse.Namespace) -> int:
    from reviewer_app.core.spans import Status
    from reviewer_app.exporters.staging import (
        ExportPathError,
        StagedExport,
        describe_write_failure,
        export_places_problem,
        remove_stale_stages_of_export,
    )
    from reviewer_app.settings import load_settings

    if args.gold and args.gold_dir is None:
        _say("reviewer-app project export: --gold needs --gold-dir (gold files hold the original text)")
        return Exit.BAD_INPUT
    problem = export_places_problem(args.out, args.gold_dir, args.mapping)
    if problem:
        _say(f"reviewer-app project export: {problem}")
        return Exit.BAD_INPUT
    for line in remove_stale_stages_of_export(args.out, args.gold_dir, args.mapping):
        _say(line)
    from reviewer_app.exporters.timed import audio_dir_problem, pad_problem

    if problem := pad_problem(args.pad) or audio_dir_problem(args.audio_dir):
        _say(f"reviewer-app project export: {problem}")
        return Exit.BAD_INPUT
    settings = load_settings()
    person_tags = args.person_tags or settings.person_tags
    project = _open(args.project, read_only=None)
    if project is None:
        return Exit.BAD_INPUT
    corpus = _corpus_tagging(project, args.tags, settings)
    if isinstance(corpus, str):
        project.close()
        _say(f"reviewer-app project export: {corpus}")
        return Exit.BAD_INPUT
    code, results, exported, skipped = Exit.OK, [], [], 0
    with project, StagedExport() as export:
        summaries = project.list_documents()
        ids = [s.id for s in summaries]
        stems = dict(zip(ids, unique_stems(ids), strict=True))
        bar = ProgressBar(len(summaries))
        try:
            for summary in summaries:
                if summary.detection_status != "detected":
                    # Not even a draft: with no spans found, the draft would be the original text.
                    skipped += 1
                    bar.step(f"{summary.id}: {summary.state.replace('_', ' ')}; skipped (detect it first)")
                    continue
                draft = not summary.fully_reviewed
                if draft and not args.draft:
                    skipped += 1
                    bar.step(f"{summary.id}: not fully reviewed ({summary.stats.open} open spans); skipped")
                    continue
                wanted = {Status.ACCEPTED} | ({Status.PENDING, Status.STALE} if draft else set())
                stored = project.spans(summary.id, wanted)
                stem = f"{stems[summary.id]}.DRAFT" if draft else stems[summary.id]
                outcome = _export_document(
                    project, summary.id, stored, draft, stem, export, args, settings, person_tags, corpus
                )
                if isinstance(outcome, tuple):
                    code = worst(code, outcome[0])
                    bar.step(f"{summary.id}: not exported")
                    _say(f"{summary.id}: {outcome[1]}")
                    continue
                results.append(outcome)
                exported.append((summary.id, draft))
                bar.step(f"{summary.id}{' (DRAFT)' if draft else ''}")
            if code != Exit.OK:
                _say(f"nothing was written to {args.out}: every export is written whole or not at all")
                return code
            if args.mapping and results:
                from reviewer_app.exporters.mapping import write_mapping

                write_mapping(
                    export.folder(args.mapping.parent) / args.mapping.name,
                    results,
                    tags={"scope": args.tags, "person_tags": person_tags},
                )
            export.commit()
        except (ExportPathError, OSError) as exc:
            _say(f"reviewer-app project export: {describe_write_failure(exc)}; nothing was written")
            return Exit.FAILED if isinstance(exc, OSError) else Exit.BAD_INPUT
        if not project.read_only:
            if corpus is not None:
                corpus.save()  # the corpus mapping, only once the texts are written
            for doc_id, draft in exported:
                project.record_export(doc_id, args.tags, person_tags, draft)
    _say(f"{len(exported)} documents exported to {args.out}, {skipped} skipped as not fully reviewed")
    if args.tags == "corpus":
        _say("tags numbered across the project (corpus mapping stored in the project)")
    if args.mapping and results:
        _say(f"mapping (SENSITIVE, do not publish) -> {args.mapping}")
    if args.draft:
        _say("DRAFT files replace spans nobody has decided on yet; review them before publishing.")
    return Exit.OK


def _corpus_tagging(project, tags: str, settings):
    """The corpus numbering for `--tags corpus` (None for per-document tags), or why not."""
    if tags != "corpus":
        return None
    if project.read_only:
        return "--tags corpus stores the corpus mapping in the project, which is open read-only"
    from reviewer_app.store.corpus_scope import CorpusTagging

    return CorpusTagging(project, settings.fuzzy_threshold)


def _export_document(
    project,
    doc_id: str,
    stored,
    draft: bool,
    stem: str,
    export,
    args,
    settings,
    person_tags="part",
    corpus=None,
):
    """Stage one document's text (and gold) in `export`; returns the pseudonymized
    text, or (exit code, what went wrong)."""
    from reviewer_app.exporters.captions import CaptionExportError, write_pseudonymized_captions
    from reviewer_app.exporters.gold import write_gold
    from reviewer_app.exporters.jsonl import gold_record
    from reviewer_app.exporters.leakguard import LeakFound
    from reviewer_app.exporters.text import write_pseudonymized_text
    from reviewer_app.exporters.timed import (
        AudioExportError,
        TimedOptions,
        stage_project_timed_outputs,
        tone_from_settings,
    )
    from reviewer_app.store.allowances import allowance_report, allowances, gold_meta, guard_exemptions
    from reviewer_app.store.reviewed_clusters import pseudonymize_reviewed

    try:
        document, result = pseudonymize_reviewed(
            project, doc_id, stored, settings.fuzzy_threshold, person_tags, corpus
        )
    except ValueError as exc:
        return Exit.BAD_INPUT, str(exc)
    spans = [s.span for s in stored]
    # The reviewer's "not identifying here" decisions and rejected spans, as in the window.
    allowed = allowances(project, doc_id)
    exemptions = guard_exemptions(project, doc_id, stored, args.allow)
    try:
        write_pseudonymized_text(export.folder(args.out) / f"{stem}.txt", result, document, spans, exemptions)
        # A caption or ASR transcript also in its own format, through the same leak guard.
        write_pseudonymized_captions(export.folder(args.out), stem, result, document, spans, exemptions)
    except LeakFound as exc:
        return Exit.LEAK, str(exc)
    except CaptionExportError as exc:
        return Exit.FAILED, str(exc)
    for line in allowance_report(allowed, document.text):
        _say(f"{doc_id}: {line}")
    timed = TimedOptions(args.pad, args.audio_mode, tone_from_settings(settings))
    try:
        lines = stage_project_timed_outputs(
            export.folder(args.out), stem, document, result, timed, args.audio_dir, draft
        )
        for line in lines:
            _say(f"{doc_id}: {line}")
    except AudioExportError as exc:
        return Exit.BAD_INPUT, str(exc)
    extras = [{"status": s.status.value, "reviewer": s.reviewer, "span_id": s.id} for s in stored]
    for name in args.gold:
        meta = {"project": project.name, "draft": draft, **gold_meta(allowed, document.text)}
        record = gold_record(document, spans, extras, meta)
        write_gold(name, export.folder(args.gold_dir), stem, record)
    return result


# ---------------------------------------------------------------- persons


def run_persons(args: argparse.Namespace) -> int:
    from reviewer_app.settings import load_settings
    from reviewer_app.store.reviewed_clusters import match_corpus

    # Listing is read-only (it works while the window has the project open); --match writes.
    project = _open(args.project, read_only=not args.match)
    if project is None:
        return Exit.BAD_INPUT
    with project:
        if args.match:
            new, documents = match_corpus(project, load_settings().fuzzy_threshold)
            _say(f"{documents} documents matched; {new} new corpus persons")
        persons = project.corpus_persons()
    if args.json:
        rows = [
            {
                "id": p.id,
                "name": p.name,
                "mentions": p.mentions,
                "documents": [
                    {"id": m.document_id, "variants": list(m.variants), "mentions": m.mentions}
                    for m in p.members
                ],
            }
            for p in persons
        ]
        json.dump({"persons": rows}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return Exit.OK
    if not persons:
        print("no corpus persons yet: run `project persons P.db --match` or `project export --tags corpus`")
    for p in persons:
        print(f"{p.id}\t{p.name}\t{len(p.documents)} documents\t{p.mentions} mentions")
    return Exit.OK
