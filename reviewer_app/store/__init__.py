"""The project store: one SQLite file per project (see `project.Project`)."""

from reviewer_app.store.project import (
    AuditEntry,
    Cluster,
    ClusterProposal,
    DetectionMerge,
    DocumentSummary,
    DuplicateDocument,
    DuplicateTerm,
    Position,
    Project,
    ProjectError,
    ProjectLocked,
    ReadOnlyProject,
    SpanStats,
    StoredSpan,
    UndoConflict,
    WhitelistEntry,
)

__all__ = [
    "AuditEntry",
    "Cluster",
    "ClusterProposal",
    "DetectionMerge",
    "DocumentSummary",
    "DuplicateDocument",
    "DuplicateTerm",
    "Position",
    "Project",
    "ProjectError",
    "ProjectLocked",
    "ReadOnlyProject",
    "SpanStats",
    "StoredSpan",
    "UndoConflict",
    "WhitelistEntry",
]
