"""What the project store hands out: frozen records, and the conversions from
its rows (and to its JSON columns)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from reviewer_app.core.document import Document, HearingMetadata, Participant
from reviewer_app.core.spans import Decision, Span, Status

MANUAL_DETECTOR = "manual"

Scope = Literal["document", "corpus"]

_SPAN_COLUMNS = (
    "id",
    "document_id",
    "start",
    "end",
    "label",
    "detectors",
    "score",
    "origin",
    "found",
    "status",
    "final_start",
    "final_end",
    "final_label",
    "cluster_id",
    "whitelist_id",
    "reviewer",
    "created_at",
    "updated_at",
    "decided_at",
)
_WHITELIST_COLUMNS = ("id", "term", "scope", "document_id", "note", "added_by", "added_at")
_CLUSTER_COLUMNS = ("id", "document_id", "label", "name", "reviewed")
_ALLOWANCE_COLUMNS = ("id", "document_id", "start", "end", "kind", "label", "reviewer", "added_at")
_CORPUS_PERSON_COLUMNS = ("id", "name", "merged_into", "reviewed", "created_at")
_CORPUS_MEMBER_COLUMNS = (
    "id",
    "person_id",
    "document_id",
    "person_key",
    "variants",
    "mentions",
    "cdcr",
    "cover",
)
_TABLE_COLUMNS = {
    "whitelist": _WHITELIST_COLUMNS,
    "clusters": _CLUSTER_COLUMNS,
    "spans": _SPAN_COLUMNS,
    "leak_allowances": _ALLOWANCE_COLUMNS,
    "corpus_persons": _CORPUS_PERSON_COLUMNS,
    "corpus_members": _CORPUS_MEMBER_COLUMNS,
}
_SPAN_SELECT = ", ".join(f'"{c}"' for c in _SPAN_COLUMNS)

Row = dict[str, Any]
# table -> row id -> row as it was (before) or is to be (after); None = absent.
RowSet = dict[str, dict[int, Row | None]]


@dataclass(frozen=True)
class StoredSpan:
    """A span as the project holds it. `start`, `end`, `label` are the reviewed
    (final) values; `detected` is what the detectors proposed (None if a
    reviewer added the span)."""

    id: int
    document_id: str
    start: int
    end: int
    label: str
    status: Status
    detectors: tuple[tuple[str, float], ...]
    score: float
    origin: Literal["detected", "manual"]
    detected: Span | None
    found: bool
    cluster_id: int | None
    whitelist_id: int | None
    reviewer: str
    created_at: float
    updated_at: float
    decided_at: float | None

    @property
    def detector_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.detectors)

    @property
    def reviewed(self) -> bool:
        return self.status in (Status.ACCEPTED, Status.REJECTED)

    @property
    def span(self) -> Span:
        """The final span, with its detectors, as `core.spans.Span`."""
        return Span(self.start, self.end, self.label, self.detector_names or (MANUAL_DETECTOR,), self.score)

    def decision(self) -> Decision:
        return Decision(
            self.id, self.status, self.label, self.start, self.end, self.reviewer, self.decided_at or 0.0
        )


@dataclass(frozen=True)
class SpanStats:
    """Counts of spans by status and by (final) label and status."""

    by_status: dict[str, int] = field(default_factory=dict)
    by_label: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.by_status.values())

    @property
    def reviewed(self) -> int:
        return self.by_status.get(Status.ACCEPTED, 0) + self.by_status.get(Status.REJECTED, 0)

    @property
    def open(self) -> int:
        """Spans that still need a decision: pending and stale."""
        return self.total - self.reviewed

    @property
    def share_reviewed(self) -> float:
        return self.reviewed / self.total if self.total else 1.0


@dataclass(frozen=True)
class DocumentSummary:
    """One row of the document list: no text, counts from the store."""

    id: str
    source: str
    sha256: str
    word_count: int
    detection_status: str  # not_detected, detecting, detected, failed, interrupted (cut off mid-run)
    detectors: tuple[str, ...]
    detected_at: float | None
    exported_at: float | None
    added_at: float
    stats: SpanStats

    @property
    def fully_reviewed(self) -> bool:
        return self.detection_status == "detected" and self.stats.open == 0

    @property
    def share_reviewed(self) -> float:
        """The share of spans decided; 0 until detection has run (nobody looked at
        the text yet, however few spans it has)."""
        return self.stats.share_reviewed if self.detection_status == "detected" else 0.0

    @property
    def state(self) -> str:
        """not_detected, detecting, failed, interrupted, in_review, reviewed or exported."""
        if self.detection_status != "detected":
            return self.detection_status
        if self.stats.open:
            return "in_review"
        if self.exported_at is not None:
            return "exported"
        return "reviewed"


@dataclass(frozen=True)
class WhitelistEntry:
    id: int
    term: str
    scope: Literal["project", "document"]
    document_id: str | None
    note: str
    added_by: str
    added_at: float


@dataclass(frozen=True)
class Cluster:
    id: int
    document_id: str
    label: str
    name: str
    span_ids: tuple[int, ...]
    # A reviewer merged, split or relabelled it: a new clustering run keeps it.
    reviewed: bool = False


@dataclass(frozen=True)
class ClusterProposal:
    """A group of spans that refer to one entity, as a clustering step proposes it."""

    label: str
    name: str
    span_ids: tuple[int, ...]


@dataclass(frozen=True)
class DetectionMerge:
    """What re-running detection did to a document's spans."""

    new: int
    kept: int
    stale: int
    whitelisted: int


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: float
    who: str
    action: str
    document_id: str | None
    before: dict[str, Any]
    after: dict[str, Any]
    undone: bool

    @property
    def span_ids(self) -> tuple[int, ...]:
        rows = self.after.get("spans") or self.before.get("spans") or {}
        return tuple(int(k) for k in rows)


@dataclass(frozen=True)
class Position:
    document_id: str
    span_id: int | None


def _document_structure(document: Document) -> str:
    return json.dumps(
        {
            # [speaker, start, end], and where the speech starts where the importer found it
            # elsewhere than after "SPEAKER: " (`Utterance.speech_at`; rows stored before have three).
            "utterances": [
                [u.speaker, u.start, u.end, *([] if u.speech_at is None else [u.speech_at])]
                for u in document.utterances
            ],
            "sections": [[s.name, s.start, s.end] for s in document.sections],
            "page_map": [list(e) for e in document.page_map.entries],
            "notes": list(document.notes),
            "encoding": document.encoding,
            "time_map": document.time_map.to_json(),
            "captions": dataclasses.asdict(document.captions) if document.captions else None,
        },
        ensure_ascii=False,
    )


def _metadata_json(metadata: HearingMetadata) -> str:
    return json.dumps(dataclasses.asdict(metadata), ensure_ascii=False)


def _metadata_from_json(raw: str) -> HearingMetadata:
    values = json.loads(raw)
    participants = tuple(Participant(**p) for p in values.pop("participants", []))
    return HearingMetadata(**values, participants=participants)


def _stored_span(row: Row) -> StoredSpan:
    detectors = tuple((name, float(score)) for name, score in json.loads(row["detectors"]).items())
    detected = None
    if row["origin"] == "detected":
        detected = Span(row["start"], row["end"], row["label"], tuple(n for n, _ in detectors), row["score"])
    return StoredSpan(
        id=row["id"],
        document_id=row["document_id"],
        start=row["final_start"],
        end=row["final_end"],
        label=row["final_label"],
        status=Status(row["status"]),
        detectors=detectors,
        score=row["score"],
        origin=row["origin"],
        detected=detected,
        found=bool(row["found"]),
        cluster_id=row["cluster_id"],
        whitelist_id=row["whitelist_id"],
        reviewer=row["reviewer"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        decided_at=row["decided_at"],
    )


def _summary(row: Row, stats: SpanStats) -> DocumentSummary:
    return DocumentSummary(
        id=row["id"],
        source=row["source"],
        sha256=row["sha256"],
        word_count=row["word_count"],
        detection_status=row["detection_status"],
        detectors=tuple(json.loads(row["detectors"])),
        detected_at=row["detected_at"],
        exported_at=row["exported_at"],
        added_at=row["added_at"],
        stats=stats,
    )


def _empty_stats() -> SpanStats:
    return SpanStats({s.value: 0 for s in Status}, {})


def _add_count(stats: SpanStats, status: str, label: str, n: int) -> None:
    stats.by_status[status] = stats.by_status.get(status, 0) + n
    per_label = stats.by_label.setdefault(label, {s.value: 0 for s in Status})
    per_label[status] = per_label.get(status, 0) + n


def _audit_entry(row: Row) -> AuditEntry:
    return AuditEntry(
        id=row["id"],
        at=row["at"],
        who=row["who"],
        action=row["action"],
        document_id=row["document_id"],
        before=json.loads(row["before"]),
        after=json.loads(row["after"]),
        undone=bool(row["undone"]),
    )
