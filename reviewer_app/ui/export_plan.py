"""What an export from the window would write: the reviewed spans of one
document from the store, the person clusters as the reviewer left them, the
pseudonymized text and the leak guard's findings. Qt-free; the export dialog
shows it and writes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.document import Document
from reviewer_app.core.guard_exemptions import NO_EXEMPTIONS, GuardExemptions
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.spans import Span, Status
from reviewer_app.exporters.leakguard import LeakHit, leak_hits
from reviewer_app.store.allowances import Allowance, allowance_report, allowances, gold_meta, guard_exemptions
from reviewer_app.store.project import Project, StoredSpan
from reviewer_app.store.reviewed_clusters import pseudonymize_reviewed
from reviewer_app.ui.navigation import OPEN


@dataclass(frozen=True)
class ExportPlan:
    document: Document
    stored: tuple[StoredSpan, ...]  # what is replaced: accepted (and, in a draft, open) spans
    open_count: int
    draft: bool
    result: PseudonymizedText | None = None
    person_tags: str = "part"  # a tag per name part or per person (settings.person_tags)
    leaks: tuple[LeakHit, ...] = ()
    problem: str = ""  # why nothing can be written (e.g. overlapping spans)
    exemptions: GuardExemptions = NO_EXEMPTIONS  # what the leak guard lets through, and why
    allowances: tuple[Allowance, ...] = ()  # "not identifying here" decisions, for the report

    def report(self) -> list[str]:
        """The allow decisions this export honours, for the reviewer's report."""
        return allowance_report(list(self.allowances), self.document.text)

    @property
    def spans(self) -> tuple[Span, ...]:
        return tuple(s.span for s in self.stored)

    @property
    def allowed(self) -> bool:
        """Export only when nothing is pending, unless the reviewer asked for a draft."""
        return (self.open_count == 0 or self.draft) and not self.problem and self.result is not None

    @property
    def clean(self) -> bool:
        return self.allowed and not self.leaks


def reviewed_result(
    project: Project, document_id: str, draft: bool, threshold: float = 88.0, person_tags: str = "part"
) -> tuple[Document, tuple[StoredSpan, ...], int, PseudonymizedText]:
    """The document, the spans to replace, how many are still open, and the
    pseudonymized text (`person_tags` as in `core.pseudonymize`); ValueError when
    the spans overlap."""
    stored: list[StoredSpan] = project.spans(document_id)
    open_count = sum(s.status in OPEN for s in stored)
    wanted = (Status.ACCEPTED, *OPEN) if draft else (Status.ACCEPTED,)
    chosen = [s for s in stored if s.status in wanted]
    document, result = pseudonymize_reviewed(project, document_id, chosen, threshold, person_tags)
    return document, tuple(chosen), open_count, result


def plan_export(
    project: Project,
    document_id: str,
    draft: bool,
    allow: Iterable[str] = (),
    threshold: float = 88.0,
    person_tags: str = "part",
) -> ExportPlan:
    try:
        document, stored, open_count, result = reviewed_result(
            project, document_id, draft, threshold, person_tags
        )
    except ValueError as exc:
        document = project.document(document_id)
        open_count = sum(s.status in OPEN for s in project.spans(document_id))
        return ExportPlan(document, (), open_count, draft, problem=str(exc), person_tags=person_tags)
    exemptions = guard_exemptions(project, document_id, stored, allow)
    allowed = tuple(allowances(project, document_id))
    # The same check the export makes, so the preview lists exactly what would refuse it.
    leaks = leak_hits(result, document, [s.span for s in stored], exemptions)
    return ExportPlan(
        document, stored, open_count, draft, result, person_tags, tuple(leaks), "", exemptions, allowed
    )


def source_offset(result: PseudonymizedText, output_offset: int) -> int:
    """Where an offset of the pseudonymized text was in the original text."""
    shift = 0
    for r in result.replacements:
        if r.out_start > output_offset:
            break
        if output_offset < r.out_end:
            return r.span.start
        shift = r.span.end - r.out_end
    return output_offset + shift


def output_offset(result: PseudonymizedText, source: int) -> int:
    """Where an offset of the original text is in the pseudonymized text."""
    shift = 0
    for r in result.replacements:
        if r.span.start > source:
            break
        if source < r.span.end:
            return r.out_start
        shift = r.out_end - r.span.end
    return source + shift


def export_stem(plan: ExportPlan) -> str:
    """The name every file of this document's export starts with."""
    from reviewer_app.exporters.staging import safe_file_stem

    return safe_file_stem(plan.document.id) + (".DRAFT" if plan.draft else "")


def export_file_names(plan: ExportPlan) -> list[str]:
    """The files `write_export` writes into the export folder for this document: the text,
    a caption or ASR transcript also in its own format, and a time-aligned one its
    redaction intervals (gold files and the mapping go where the reviewer chose)."""
    from reviewer_app.exporters.captions import SUFFIXES

    stem = export_stem(plan)
    names = [f"{stem}.txt"]
    if plan.document.captions is not None:
        names.append(f"{stem}{SUFFIXES[plan.document.captions.format]}")
    if plan.document.time_map:
        names += [f"{stem}.redactions.json", f"{stem}.redactions.csv"]
    return names


def write_export(
    plan: ExportPlan,
    out_dir: Path,
    gold_formats: Sequence[str] = (),
    gold_dir: Path | None = None,
    mapping_path: Path | None = None,
) -> list[Path]:
    """Write the text (after the leak guard, with the plan's exemptions), gold files and mapping, all or
    nothing (`StagedExport`); returns the paths. Raises `ExportPathError` for
    places that cannot be used (gold or mapping inside `out_dir`, a folder that is a file)."""
    from reviewer_app.exporters.captions import write_pseudonymized_captions
    from reviewer_app.exporters.gold import write_gold
    from reviewer_app.exporters.jsonl import gold_record
    from reviewer_app.exporters.mapping import write_mapping
    from reviewer_app.exporters.staging import (
        ExportPathError,
        StagedExport,
        export_places_problem,
    )
    from reviewer_app.exporters.text import write_pseudonymized_text
    from reviewer_app.exporters.timed import TimedOptions, stage_timed_outputs

    if plan.result is None:
        raise ValueError(plan.problem or "nothing to export")
    gold_folder = (gold_dir or out_dir.parent / f"{out_dir.name}-gold") if gold_formats else None
    problem = export_places_problem(out_dir, gold_folder, mapping_path)
    if problem:
        raise ExportPathError(problem[0].upper() + problem[1:] + ".")
    stem = export_stem(plan)
    with StagedExport() as export:
        text_path = export.folder(out_dir) / f"{stem}.txt"
        write_pseudonymized_text(text_path, plan.result, plan.document, plan.spans, plan.exemptions)
        # A caption or ASR transcript also in its own format, through the same leak guard.
        write_pseudonymized_captions(
            export.folder(out_dir), stem, plan.result, plan.document, plan.spans, plan.exemptions
        )
        # A time-aligned transcript: when each replaced span was said, with the default padding
        # (the recording itself is redacted by `reviewer-app export --audio`).
        stage_timed_outputs(export.folder(out_dir), stem, plan.document, plan.result, TimedOptions())
        if gold_folder is not None:
            extras = [
                {"status": x.status.value, "reviewer": x.reviewer, "span_id": x.id} for x in plan.stored
            ]
            meta = {"draft": plan.draft, **gold_meta(list(plan.allowances), plan.document.text)}
            record = gold_record(plan.document, list(plan.spans), extras, meta)
            for name in gold_formats:
                write_gold(name, export.folder(gold_folder), stem, record)
        if mapping_path is not None:
            write_mapping(
                export.folder(mapping_path.parent) / mapping_path.name,
                [plan.result],
                tags={"scope": "document", "person_tags": plan.person_tags},
            )
        return export.commit()
