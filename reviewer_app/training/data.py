"""Training material: reviewed documents as positives, negatives and ignored stretches.

Where it comes from:
- A project: its fully reviewed documents. Accepted spans (with the reviewers'
  final boundaries and labels) are positives. Rejected spans are evidence of
  what is *not* an identifier: their tokens are trained as "O" explicitly, so a
  model that proposed them learns not to. The rest of a fully reviewed
  document is "O" too (a reviewer read it all). Spans a whitelist rejected are
  no reviewer's decision, and count as plain "O" text like any other.
- Gold files (interchange JSONL, Prodigy, doccano, CoNLL, read as `evaluate`
  reads them). A span with `"status": "rejected"` is a negative; one still
  "pending" (or "stale") is ignored like NO_MASK. A span whose
  `identifier_type` is `NO_MASK` (TAB's "need not be masked") is *ignored*:
  its tokens are missing from the annotation, taught neither as an identifier
  nor as a non-identifier, because TAB marks some dates and places NO_MASK and
  others of the same kind QUASI. DIRECT and QUASI spans are positives with the
  corpus's own labels.

Documents are split for training into segments of whole paragraphs or
sentences, at most `SEGMENT_CHARS` long, never cutting a span.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.interchange import Record
from reviewer_app.core.spans import Span, Status

SEGMENT_CHARS = 1_500
IGNORED_IDENTIFIER_TYPES = frozenset({"NO_MASK"})
# A span nobody decided about yet says nothing either way.
UNDECIDED = frozenset({Status.PENDING, Status.STALE})
_LABEL = re.compile(r"[A-Z][A-Z0-9_]*")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


class TrainingDataError(ValueError):
    """Material that cannot be trained on; the message names the document, never its text."""


@dataclass(frozen=True)
class TrainingDocument:
    id: str
    text: str
    positives: tuple[Span, ...]
    negatives: tuple[Span, ...] = ()
    ignored: tuple[Span, ...] = ()

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def restricted(self, labels: Iterable[str]) -> TrainingDocument:
        """Positives of other labels become ignored stretches (the model is not asked about them)."""
        keep = frozenset(labels)
        other = tuple(s for s in self.positives if s.label not in keep)
        return TrainingDocument(
            self.id,
            self.text,
            tuple(s for s in self.positives if s.label in keep),
            self.negatives,
            tuple(sorted(self.ignored + other)),
        )


def _check_spans(doc_id: str, text: str, spans: Sequence[Span]) -> None:
    previous: Span | None = None
    for span in sorted(spans):
        if span.end > len(text):
            raise TrainingDataError(
                f"document {doc_id!r}: span [{span.start}, {span.end}) lies past the end of the text "
                f"({len(text)} characters)"
            )
        if not _LABEL.fullmatch(span.label):
            raise TrainingDataError(
                f"document {doc_id!r}: unknown label {span.label!r} at [{span.start}, {span.end}); "
                "labels are upper-case names such as PERSON or LOCATION"
            )
        if previous is not None and span.start < previous.end:
            raise TrainingDataError(
                f"document {doc_id!r}: spans [{previous.start}, {previous.end}) {previous.label} and "
                f"[{span.start}, {span.end}) {span.label} overlap; a character can have one label only"
            )
        previous = span


def documents_from_records(records: Iterable[Record]) -> list[TrainingDocument]:
    """Gold records as training documents; overlapping spans, spans past the text
    and malformed labels are errors."""
    documents = []
    seen: set[str] = set()
    for record in records:
        positives, negatives, ignored = [], [], []
        for span_record in record.spans:
            span = Span(span_record.span.start, span_record.span.end, span_record.span.label)
            extra = span_record.extra
            status = str(extra.get("status", "")).lower()
            if status == Status.REJECTED:
                negatives.append(span)
            elif (
                status in UNDECIDED
                or str(extra.get("identifier_type", "")).upper() in IGNORED_IDENTIFIER_TYPES
            ):
                ignored.append(span)
            else:
                positives.append(span)
        positives = _drop_nested_same_label(positives)
        _check_spans(record.id, record.text, positives + negatives)
        if record.id in seen:
            raise TrainingDataError(f"document id {record.id!r} occurs twice in the gold")
        seen.add(record.id)
        # A NO_MASK stretch inside a positive one says nothing the positive does not.
        decided = positives + negatives
        ignored = _without_overlaps(
            s for s in ignored if s.end <= len(record.text) and not any(s.overlaps(p) for p in decided)
        )
        documents.append(
            TrainingDocument(record.id, record.text, tuple(positives), tuple(negatives), tuple(ignored))
        )
    return documents


def read_gold_documents(paths: Sequence[Path], fmt: str = "auto") -> list[TrainingDocument]:
    """Gold files in any format `evaluate` reads."""
    from reviewer_app.core.interchange import InterchangeError
    from reviewer_app.evaluation.sources import read_gold

    try:
        records = read_gold(paths, fmt)
    except (InterchangeError, ValueError) as exc:
        raise TrainingDataError(str(exc)) from exc
    return documents_from_records(records)


def documents_from_project(path: Path) -> list[TrainingDocument]:
    """The fully reviewed documents of a project, opened read-only."""
    from reviewer_app.store.project import Project, ProjectError

    try:
        project = Project.open(path, read_only=True)
    except (ProjectError, OSError) as exc:
        raise TrainingDataError(f"{path.name}: cannot open the project ({exc})") from exc
    try:
        documents = []
        for summary in project.list_documents():
            if not summary.fully_reviewed:
                continue
            text = project.document_text(summary.id)
            stored = project.spans(summary.id, statuses=(Status.ACCEPTED, Status.REJECTED))
            positives = [s.span.with_(detectors=(), score=1.0) for s in stored if s.status == Status.ACCEPTED]
            _check_spans(summary.id, text, positives)
            # A rejected proposal that a resized accepted span now overlaps is not evidence of "O".
            negatives = [
                Span(s.start, s.end, s.label)
                for s in stored
                if s.status == Status.REJECTED
                and s.whitelist_id is None
                and not any(Span(s.start, s.end, s.label).overlaps(p) for p in positives)
            ]
            negatives = _without_overlaps(negatives)
            documents.append(TrainingDocument(summary.id, text, tuple(sorted(positives)), tuple(negatives)))
    finally:
        project.close()
    if not documents:
        raise TrainingDataError(
            f"{path.name}: no fully reviewed document (every span accepted or rejected) to learn from"
        )
    return documents


def _drop_nested_same_label(spans: list[Span]) -> list[Span]:
    """A span inside another of the same label adds nothing to it (TAB nests a
    few: "State Railways" inside "Central Direction of the State Railways")."""
    ordered = sorted(spans, key=lambda s: (s.start, -s.end))
    kept: list[Span] = []
    for span in ordered:
        if any(k.start <= span.start and span.end <= k.end and k.label == span.label for k in kept[-3:]):
            continue
        kept.append(span)
    return kept


def _without_overlaps(spans: Iterable[Span]) -> list[Span]:
    out: list[Span] = []
    for span in sorted(spans):
        if out and span.start < out[-1].end:
            if span.end > out[-1].end:
                out[-1] = Span(out[-1].start, span.end, out[-1].label)
            continue
        out.append(span)
    return out


def _is_project(path: Path) -> bool:
    """A project file is an SQLite database, whatever its name."""
    try:
        with path.open("rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def read_sources(paths: Sequence[Path], gold_format: str = "auto") -> list[TrainingDocument]:
    """Training documents from project files (.db) and gold files, in order."""
    documents: list[TrainingDocument] = []
    for path in paths:
        if not path.exists():
            raise TrainingDataError(f"{path}: no such file")
        if _is_project(path):
            documents += documents_from_project(path)
        else:
            documents += read_gold_documents([path], gold_format)
    ids = Counter(d.id for d in documents)
    twice = [i for i, n in ids.items() if n > 1]
    if twice:
        raise TrainingDataError(f"document id {twice[0]!r} occurs in more than one source")
    if not documents:
        raise TrainingDataError("the sources hold no document")
    return documents


def label_counts(documents: Iterable[TrainingDocument]) -> dict[str, int]:
    counts = Counter(s.label for d in documents for s in d.positives)
    return dict(sorted(counts.items()))


def choose_labels(documents: Sequence[TrainingDocument], requested: Sequence[str] | None) -> tuple[str, ...]:
    """`requested` (checked against the gold), or every label the gold has."""
    present = label_counts(documents)
    if not requested:
        if not present:
            raise TrainingDataError("the gold has no span to learn from")
        return tuple(present)
    unknown = [label for label in requested if label not in present]
    if unknown:
        raise TrainingDataError(
            f"unknown label {unknown[0]!r}: no gold span has it; the gold has {', '.join(present) or 'none'}"
        )
    return tuple(dict.fromkeys(requested))


def split_documents(
    documents: Sequence[TrainingDocument], share: float, seed: int
) -> tuple[list[TrainingDocument], list[TrainingDocument]]:
    """(train, held out): whole documents, chosen by a seeded shuffle."""
    if not 0.0 <= share < 1.0:
        raise TrainingDataError(f"--eval-split must be at least 0 and below 1, not {share}")
    if share == 0.0:
        return list(documents), []
    if len(documents) < 2:
        raise TrainingDataError(
            "holding documents out needs at least two documents; give more, or --eval-split 0"
        )
    order = list(range(len(documents)))
    random.Random(seed).shuffle(order)
    held = max(1, round(share * len(documents)))
    held_out = sorted(order[:held])
    held_set = set(held_out)
    return (
        [d for i, d in enumerate(documents) if i not in held_set],
        [documents[i] for i in held_out],
    )


def segment_bounds(document: TrainingDocument, max_chars: int = SEGMENT_CHARS) -> list[tuple[int, int]]:
    """[start, end) stretches of whole lines (or sentences, for a long line), at
    most `max_chars` long where the text allows, never inside a span."""
    spans = sorted(document.positives + document.negatives + document.ignored)
    inside = bytearray(len(document.text) + 1)
    for span in spans:
        for i in range(span.start + 1, span.end):
            inside[i] = 1
    text = document.text
    cuts = {0, len(text)}
    cuts.update(m.end() for m in re.finditer(r"\n", text))
    cuts.update(m.end() for m in _SENTENCE_END.finditer(text))
    cuts = sorted(c for c in cuts if not inside[c])
    bounds, start, last = [], 0, 0
    for cut in cuts[1:]:
        if cut - start > max_chars and last > start:
            bounds.append((start, last))
            start = last
        last = cut
    if start < len(text):
        bounds.append((start, len(text)))
    return [(s, e) for s, e in bounds if text[s:e].strip()]
