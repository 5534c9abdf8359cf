"""A review project: one SQLite file holding documents, spans, decisions,
clusters, the whitelist and an audit log. Qt-free; the window and the CLI call it.

Guarantees:
- Every change is one transaction, committed before the method returns
  (WAL, synchronous=FULL), so a crash loses nothing that was acknowledged.
- Every reviewer action is audited with the full before and after rows of what
  it changed; `undo(audit_id)` / `redo(audit_id)` restore those rows, which
  works across a reopen of the project (`undo_history()`, `redo_history()`).
- One writer per file, whatever name opens it (a hard link, a symlink): locks
  named after the file's device and inode and beside it (`P.db.lock`), released
  by the OS when the process dies, make a second writer open read-only or fail
  with a message that says who holds the project.
- A file that is not a project is refused before anything changes in or beside it.
- Log messages carry ids, labels and counts, never transcript text.
"""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import getpass
import hashlib
import json
import logging
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import sqlite_utils

from reviewer_app.core.document import (
    Document,
    HearingMetadata,
    PageMap,
    Participant,
    Section,
    Utterance,
)
from reviewer_app.core.spans import Decision, Span, Status
from reviewer_app.store.schema import SCHEMA_VERSION, SchemaTooNew, migrate, schema_version, text_key

log = logging.getLogger(__name__)

FORMAT_NAME = "reviewer-app-project"
MANUAL_DETECTOR = "manual"

Scope = Literal["document", "corpus"]

# Reviewer actions that undo/redo can reverse. Anything else in the audit log
# (import, detection, cluster proposals) is a barrier: history before it is not
# offered for undo after a reopen, because detection rewrote the rows since.
UNDOABLE_ACTIONS = frozenset(
    {
        "accept",
        "reject",
        "relabel",
        "resize",
        "decide",
        "add_span",
        "decide_identical",
        "decide_many",
        "whitelist_add",
        "whitelist_remove",
        "merge_clusters",
        "split_cluster",
        "relabel_cluster",
        "decide_cluster",
    }
)
_BARRIER_ACTIONS = ("import", "detect", "set_clusters", "remove_document")

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
_TABLE_COLUMNS = {"whitelist": _WHITELIST_COLUMNS, "clusters": _CLUSTER_COLUMNS, "spans": _SPAN_COLUMNS}
_SPAN_SELECT = ", ".join(f'"{c}"' for c in _SPAN_COLUMNS)

Row = dict[str, Any]
# table -> row id -> row as it was (before) or is to be (after); None = absent.
RowSet = dict[str, dict[int, Row | None]]


class ProjectError(RuntimeError):
    """A problem with a project file, in words a reviewer can act on."""


class ProjectLocked(ProjectError):
    """Another process has the project open for writing."""


class ReadOnlyProject(ProjectError):
    """A change was asked of a project opened read-only."""


class DuplicateDocument(ProjectError):
    """The same file (by sha256) is already in the project."""

    def __init__(self, message: str, existing_id: str) -> None:
        super().__init__(message)
        self.existing_id = existing_id


class DuplicateTerm(ProjectError):
    """The whitelist already holds this term in this scope."""


class UndoConflict(ProjectError):
    """The rows an undo or redo would restore were changed by something else since."""


# ---------------------------------------------------------------- records


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
    detection_status: str  # not_detected, detecting, detected, failed
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
        """not_detected, detecting, failed, in_review, reviewed or exported."""
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


# ---------------------------------------------------------------- locking


class _WriterLock:
    """Exclusive advisory locks that make one writer per project *file*; the OS
    drops them when the process ends, however it ends, so a crash never leaves a
    stale lock.

    Two locks, both needed to write:
    - `<data dir>/locks/<device>-<inode>.lock` names the file itself, so every name
      of it (a hard link, a symlink, another spelling of the path) meets the same
      lock. It also records the name the holder reaches the file through (see
      `connection_path`). A lock on the database file itself is not used: closing
      any descriptor of it would drop the POSIX locks SQLite holds on it.
    - `<project>.lock` beside the file (the symlink resolved), for two machines
      sharing a folder, where device numbers differ.
    """

    def __init__(self, project_path: Path) -> None:
        self.project_path = project_path
        self.paths = (_inode_lock_path(project_path), project_path.with_name(project_path.name + ".lock"))
        self._fds: list[int] = []
        self._refused: Path | None = None

    def acquire(self) -> bool:
        owner = f"{getpass.getuser()}@{socket.gethostname()} (process {os.getpid()}) since {time.ctime()}"
        for path in self.paths:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:  # e.g. a read-only folder: nobody can write there, so read-only it is
                self._refuse(path)
                return False
            try:
                _lock_fd(fd)
            except OSError:
                os.close(fd)
                self._refuse(path)
                return False
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{owner}\n{self.project_path}\n".encode())
            self._fds.append(fd)
        return True

    def _refuse(self, path: Path) -> None:
        self.release()
        self._refused = path

    def owner(self) -> str:
        """Who holds the lock this process did not get, in words."""
        lines = _lock_lines(self._refused) if self._refused else []
        return lines[0] if lines else "another process"

    def release(self) -> None:
        while self._fds:
            os.close(self._fds.pop())  # closing drops the lock


def _inode_lock_path(path: Path) -> Path:
    from reviewer_app.paths import data_dir

    info = path.stat()
    return data_dir() / "locks" / f"{info.st_dev}-{info.st_ino}.lock"


def _lock_lines(path: Path) -> list[str]:
    try:
        return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError):
        return []


def connection_path(path: Path) -> Path:
    """The name to open the file through: the one the last writer used, if it
    still names the same file, else the path with its symlinks resolved.

    SQLite keeps a WAL database's recent commits in `<name>-wal` beside the name
    it was opened as, so two hard links of one file have two journals: a reader
    through the other name sees an I/O error, and a writer through it would
    ignore the commits a crashed writer left in the first journal.
    """
    real = path.resolve()
    lines = _lock_lines(_inode_lock_path(real))
    if len(lines) > 1:
        recorded = Path(lines[1])
        with contextlib.suppress(OSError):
            if recorded != real and recorded.samefile(real):
                return recorded
    return real


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock_fd(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


# ---------------------------------------------------------------- conversions


def _document_structure(document: Document) -> str:
    return json.dumps(
        {
            "utterances": [[u.speaker, u.start, u.end] for u in document.utterances],
            "sections": [[s.name, s.start, s.end] for s in document.sections],
            "page_map": [list(e) for e in document.page_map.entries],
            "notes": list(document.notes),
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


def detector_scores(merged: Sequence[Span], raw: Mapping[str, Sequence[Span]]) -> list[dict[str, float]]:
    """Each detector's own score for each merged span: the best score among that
    detector's raw spans overlapping it (the merged span's score if it has none).
    The result lines up with `merged`, for `Project.record_detection(scores=...)`."""
    by_start = {name: sorted(spans) for name, spans in raw.items()}
    starts = {name: [s.start for s in spans] for name, spans in by_start.items()}
    longest = {name: max((s.length for s in spans), default=0) for name, spans in by_start.items()}
    out = []
    for span in merged:
        scores = {}
        for name in span.detectors:
            candidates = by_start.get(name, [])
            # Only spans starting in [span.start - longest, span.end) can overlap it.
            lo = bisect.bisect_left(starts.get(name, []), span.start - longest.get(name, 0))
            hi = bisect.bisect_left(starts.get(name, []), span.end)
            overlapping = [r.score for r in candidates[lo:hi] if r.overlaps(span)]
            scores[name] = max(overlapping) if overlapping else span.score
        out.append(scores)
    return out


def propose_clusters(project: Project, document_id: str, threshold: float) -> int:
    """Group the document's person mentions into clusters with `core.clusters` and
    store them; returns how many clusters the document has.

    Clusters a reviewer merged, split or relabelled are kept as they are; mentions
    in no kept cluster (new variants a detection run found) join the kept cluster
    they belong to or are proposed as new clusters; earlier proposals nobody
    touched are replaced.
    """
    # Here, not at the top: the clustering code is not needed to open a project.
    from reviewer_app.store.reviewed_clusters import CLUSTERED_LABELS, fit_clusters

    document = project.document(document_id)
    reviewed = {c.id for c in project.clusters(document_id) if c.reviewed}
    stored = [s for s in project.spans(document_id) if s.label in CLUSTERED_LABELS]
    kept = [s.cluster_id if s.cluster_id in reviewed else None for s in stored]
    fit = fit_clusters(document, [s.span for s in stored], kept, threshold)
    proposals = [
        ClusterProposal(
            "PERSON",
            project.document_text(document_id)[stored[group[0]].start : stored[group[0]].end],
            tuple(stored[i].id for i in group),
        )
        for group in fit.new_groups
    ]
    joins = {cluster: tuple(stored[i].id for i in members) for cluster, members in fit.joins.items()}
    project.set_clusters(document_id, proposals, keep_reviewed=True, joins=joins)
    return len(reviewed) + len(proposals)


def _empty_stats() -> SpanStats:
    return SpanStats({s.value: 0 for s in Status}, {})


def _add_count(stats: SpanStats, status: str, label: str, n: int) -> None:
    stats.by_status[status] = stats.by_status.get(status, 0) + n
    per_label = stats.by_label.setdefault(label, {s.value: 0 for s in Status})
    per_label[status] = per_label.get(status, 0) + n


# ---------------------------------------------------------------- the project


class Project:
    """Open with `Project.create(path)` or `Project.open(path)`; use as a context
    manager or call `close()`. Safe to call from several threads (one lock)."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        read_only: bool,
        lock: _WriterLock | None,
        locked_by: str = "",
    ) -> None:
        self.path = path
        self.read_only = read_only
        # Who holds the write lock when this process got a read-only view because of it.
        self.locked_by = locked_by
        self._conn = conn
        self.db = sqlite_utils.Database(conn)
        self._lock = lock
        self._mutex = threading.RLock()
        self._texts: dict[str, str] = {}
        self.reviewer = _default_reviewer()

    # -- opening and closing

    @classmethod
    def create(cls, path: Path | str, name: str = "") -> Project:
        """A new, empty project file, readable only by its owner (0600)."""
        path = Path(path)
        if path.exists():
            raise ProjectError(f"{path} already exists; open it instead of creating it")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError as exc:
            raise ProjectError(f"cannot create {path}: {exc.strerror}") from exc
        os.close(fd)
        path.chmod(0o600)  # os.open's mode passes through the umask; say it outright
        project = cls._open(path, read_only=False, power_safe=True, new=True)
        with project._write():
            project._conn.execute(
                "INSERT INTO project(key, value) VALUES ('format', ?), ('name', ?), ('created_at', ?)",
                (FORMAT_NAME, name or path.stem, repr(time.time())),
            )
        log.info("created project %s", path.name)
        return project

    @classmethod
    def open(cls, path: Path | str, read_only: bool | None = None, *, power_safe: bool = True) -> Project:
        """Open an existing project.

        read_only=None: for writing if no other process holds it, else read-only
        (`locked_by` says who holds it). False: for writing or `ProjectLocked`.
        True: read-only without taking the lock.

        power_safe: every commit waits for the disk (fsync), so an acknowledged
        decision survives a power cut, not only a crash of the process. False
        skips that wait (a crash of the process still loses nothing; a power cut
        may lose the last decisions, never the file).

        A file that is not a project is refused before anything is written to it
        or beside it.
        """
        return cls._open(Path(path), read_only, power_safe, new=False)

    @classmethod
    def _open(cls, path: Path, read_only: bool | None, power_safe: bool, new: bool) -> Project:
        if not path.exists():
            raise ProjectError(f"{path} does not exist; create it with `reviewer-app project new {path}`")
        target = connection_path(path)
        lock = None
        locked_by = ""
        conn = None
        try:
            # Read-only first: the format is checked before a lock file, the WAL
            # switch or a migration could change anything.
            conn = _connect(target, writable=False)
            _check_format(conn, path, new)
            if read_only is not True:
                lock = _WriterLock(target)
                if not lock.acquire():
                    locked_by = lock.owner()
                    lock = None
                    if read_only is False:
                        other_name = f" as {target}" if target != path.resolve() else ""
                        raise ProjectLocked(
                            f"{path.name} is open for writing{other_name} by {locked_by}; "
                            "close it there first, or open it read-only"
                        )
            writable = lock is not None
            if writable:
                conn.close()
                conn = _connect(target, writable, power_safe)
                migrate(conn)
                _reset_interrupted_detection(conn)
            elif schema_version(conn) != SCHEMA_VERSION:
                raise ProjectError(
                    f"{path.name} has schema version {schema_version(conn)} and needs an upgrade; "
                    "open it for writing once (no other process may have it open)"
                )
        except BaseException as exc:
            if conn is not None:
                conn.close()
            if lock is not None:
                lock.release()
            if isinstance(exc, sqlite3.DatabaseError):
                raise ProjectError(f"{path.name} is not a readable reviewer_app project ({exc})") from exc
            if isinstance(exc, SchemaTooNew):
                raise ProjectError(f"{path.name}: {exc}") from exc
            raise
        log.info("opened project %s (%s)", path.name, "read-write" if writable else "read-only")
        return cls(path, conn, not writable, lock, locked_by)

    def close(self) -> None:
        with self._mutex:
            if self._conn is None:
                return
            if not self.read_only:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close()
            self._conn = None  # type: ignore[assignment]
            if self._lock is not None:
                self._lock.release()

    def __enter__(self) -> Project:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def name(self) -> str:
        return self._meta("name") or self.path.stem

    @property
    def schema_version(self) -> int:
        return schema_version(self._conn)

    def integrity_check(self) -> str:
        with self._mutex:
            return self._conn.execute("PRAGMA integrity_check").fetchone()[0]

    # -- transactions

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        if self.read_only:
            raise ReadOnlyProject(
                f"{self.path.name} is open read-only"
                + (f" because {self.locked_by} has it open for writing" if self.locked_by else "")
            )
        with self._mutex:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    @contextlib.contextmanager
    def _read(self) -> Iterator[None]:
        """A consistent snapshot across several SELECTs."""
        with self._mutex:
            if self._conn.in_transaction:
                yield
                return
            self._conn.execute("BEGIN")
            try:
                yield
            finally:
                self._conn.execute("COMMIT")

    def _rows(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[Row]:
        with self._mutex:
            return list(self.db.query(sql, params))

    def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        with self._mutex:
            row = self._conn.execute(sql, params).fetchone()
            return row[0] if row else None

    def _meta(self, key: str) -> str | None:
        row = self._rows("SELECT value FROM project WHERE key = ?", (key,))
        return row[0]["value"] if row else None

    def _set_meta(self, key: str, value: str) -> None:
        self._conn.execute(
            "INSERT INTO project(key, value) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _commit_change(
        self, action: str, who: str, document_id: str | None, before: RowSet, after: RowSet
    ) -> int:
        """Apply a reviewer action's rows and audit it (inside the caller's
        transaction). Only what changed is written and recorded."""
        before, after = _compact(before, after)
        self._apply(after)
        return self._audit(action, who, document_id, before, after)

    def _audit(self, action: str, who: str, document_id: str | None, before: Any, after: Any) -> int:
        cursor = self._conn.execute(
            "INSERT INTO audit(at, who, action, document_id, before, after) VALUES (?, ?, ?, ?, ?, ?)",
            (time.time(), who, action, document_id, json.dumps(before), json.dumps(after)),
        )
        return int(cursor.lastrowid)

    # -- documents

    def add_document(self, document: Document, who: str = "") -> str:
        """Store a document; returns its id in the project (the document's own id,
        made unique with a suffix if another document has it)."""
        sha = document.sha256 or hashlib.sha256(document.text.encode("utf-8")).hexdigest()
        with self._write():
            existing = self._conn.execute("SELECT id FROM documents WHERE sha256 = ?", (sha,)).fetchone()
            if existing:
                raise DuplicateDocument(
                    f"{Path(document.source_path).name or document.id} is already in the project "
                    f"as {existing[0]}",
                    existing[0],
                )
            doc_id = document.id or sha[:12]
            base, n = doc_id, 1
            while self._conn.execute("SELECT 1 FROM documents WHERE id = ?", (doc_id,)).fetchone():
                n += 1
                doc_id = f"{base}-{n}"
            self._conn.execute(
                "INSERT INTO documents(id, source, sha256, word_count, metadata, added_at, structure, text)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    doc_id,
                    document.source_path,
                    sha,
                    document.word_count,
                    _metadata_json(document.metadata),
                    time.time(),
                    _document_structure(document),
                    document.text,
                ),
            )
            self._audit("import", who or self.reviewer, doc_id, {}, {"document": doc_id, "sha256": sha})
        log.info("added document %s", doc_id)
        return doc_id

    def document(self, document_id: str) -> Document:
        rows = self._rows(
            "SELECT id, source, sha256, metadata, structure, text FROM documents WHERE id = ?", (document_id,)
        )
        if not rows:
            raise KeyError(document_id)
        row = rows[0]
        structure = json.loads(row["structure"])
        return Document(
            id=row["id"],
            text=row["text"],
            source_path=row["source"],
            sha256=row["sha256"],
            utterances=tuple(Utterance(s, a, b) for s, a, b in structure["utterances"]),
            sections=tuple(Section(n, a, b) for n, a, b in structure["sections"]),
            page_map=PageMap(tuple((o, p, ln) for o, p, ln in structure["page_map"])),
            metadata=_metadata_from_json(row["metadata"]),
            notes=tuple(structure["notes"]),
        )

    def document_text(self, document_id: str) -> str:
        with self._mutex:
            text = self._texts.get(document_id)
            if text is None:
                row = self._conn.execute("SELECT text FROM documents WHERE id = ?", (document_id,)).fetchone()
                if row is None:
                    raise KeyError(document_id)
                if len(self._texts) >= 8:
                    self._texts.pop(next(iter(self._texts)))
                text = self._texts[document_id] = row[0]
            return text

    def document_ids(self) -> list[str]:
        return [r["id"] for r in self._rows("SELECT id FROM documents ORDER BY added_at, id")]

    def find_document_by_sha256(self, sha256: str) -> str | None:
        rows = self._rows("SELECT id FROM documents WHERE sha256 = ?", (sha256,))
        return rows[0]["id"] if rows else None

    def list_documents(self) -> list[DocumentSummary]:
        """Every document with its statistics, from counts (no text is read)."""
        with self._read():
            docs = self._rows(
                "SELECT id, source, sha256, word_count, detection_status, detectors, detected_at,"
                " exported_at, added_at FROM documents ORDER BY added_at, id"
            )
            stats: dict[str, SpanStats] = {}
            for document_id, status, label, n in self._conn.execute(
                "SELECT document_id, status, final_label, count(*) FROM spans"
                " GROUP BY document_id, status, final_label"
            ):
                _add_count(stats.setdefault(document_id, _empty_stats()), status, label, n)
        return [_summary(d, stats.get(d["id"]) or _empty_stats()) for d in docs]

    def document_summary(self, document_id: str) -> DocumentSummary:
        with self._read():
            rows = self._rows(
                "SELECT id, source, sha256, word_count, detection_status, detectors, detected_at,"
                " exported_at, added_at FROM documents WHERE id = ?",
                (document_id,),
            )
            if not rows:
                raise KeyError(document_id)
            return _summary(rows[0], self.document_stats(document_id))

    def document_stats(self, document_id: str) -> SpanStats:
        stats = _empty_stats()
        for row in self._rows(
            "SELECT status, final_label, count(*) AS n FROM spans WHERE document_id = ?"
            " GROUP BY status, final_label",
            (document_id,),
        ):
            _add_count(stats, row["status"], row["final_label"], row["n"])
        return stats

    def corpus_stats(self) -> SpanStats:
        stats = _empty_stats()
        # Grouped by document first, so the covering index of the statistics serves it.
        for row in self._rows(
            "SELECT status, final_label, count(*) AS n FROM spans GROUP BY document_id, status, final_label"
        ):
            _add_count(stats, row["status"], row["final_label"], row["n"])
        return stats

    def set_detection_status(self, document_id: str, status: str) -> None:
        """`detecting` or `failed`; `record_detection` sets `detected`."""
        with self._write():
            self._conn.execute(
                "UPDATE documents SET detection_status = ? WHERE id = ?", (status, document_id)
            )

    def mark_exported(self, document_id: str) -> None:
        with self._write():
            self._conn.execute(
                "UPDATE documents SET exported_at = ? WHERE id = ?", (time.time(), document_id)
            )

    def remove_document(self, document_id: str, who: str = "") -> None:
        with self._write():
            self._conn.execute("DELETE FROM documents WHERE id = ?", (document_id,))
            self._audit("remove_document", who or self.reviewer, document_id, {"document": document_id}, {})
            self._texts.pop(document_id, None)

    # -- detection

    def record_detection(
        self,
        document_id: str,
        spans: Sequence[Span],
        detectors_run: Sequence[str] = (),
        scores: Sequence[Mapping[str, float]] | None = None,
        who: str = "",
    ) -> DetectionMerge:
        """Merge a detection run's spans into the document, keeping decisions.

        A span is the same as an earlier one when its detected start, end and
        label are, or when they equal the final ones of a span a reviewer added
        or resized or relabelled. Found again: its detectors and score are
        updated and its status kept (a stale span becomes pending again). New: pending, or
        rejected at once if its text is whitelisted. Not found again: a pending
        span becomes stale; a decided span keeps its decision and is marked
        not found (`found=False`); spans a reviewer added are never touched.
        `scores[i]`, if given, holds each detector's own score for `spans[i]`.
        """
        who = who or self.reviewer
        now = time.time()
        proposals: dict[tuple[int, int, str], tuple[dict[str, float], float]] = {}
        for i, span in enumerate(spans):
            per_detector = (
                dict(scores[i]) if scores is not None else dict.fromkeys(span.detectors, span.score)
            )
            key = (span.start, span.end, span.label)
            if key in proposals:
                known, best = proposals[key]
                known.update(per_detector)
                proposals[key] = (known, max(best, span.score))
            else:
                proposals[key] = (per_detector, span.score)
        text = self.document_text(document_id)
        new = kept = stale = whitelisted = 0
        with self._write():
            whitelist = self._whitelist_keys(document_id)
            existing = {
                (r[1], r[2], r[3]): (r[0], r[4])
                for r in self._conn.execute(
                    'SELECT id, start, "end", label, status FROM spans'
                    " WHERE document_id = ? AND origin = 'detected'",
                    (document_id,),
                )
            }
            # Spans a reviewer added or reshaped, by their final form: a detector
            # that now proposes exactly that joins them instead of doubling them.
            reshaped = {
                (r[1], r[2], r[3]): r[0]
                for r in self._conn.execute(
                    "SELECT id, final_start, final_end, final_label FROM spans WHERE document_id = ?"
                    " AND (origin = 'manual' OR final_start != start OR final_end != \"end\""
                    " OR final_label != label)",
                    (document_id,),
                )
            }
            inserts = []
            joined: set[int] = set()
            for (start, end, label), (per_detector, score) in proposals.items():
                if not 0 <= start < end <= len(text):
                    raise ValueError(f"span [{start}, {end}) lies outside document {document_id}")
                detectors = json.dumps(per_detector)
                if (start, end, label) in existing:
                    span_id, status = existing.pop((start, end, label))
                    if status == Status.STALE:
                        status = Status.PENDING.value
                    self._conn.execute(
                        "UPDATE spans SET detectors = ?, score = ?, found = 1, status = ?, updated_at = ?"
                        " WHERE id = ?",
                        (detectors, score, status, now, span_id),
                    )
                    kept += 1
                    continue
                if (start, end, label) in reshaped:
                    span_id = reshaped.pop((start, end, label))
                    joined.add(span_id)
                    self._conn.execute(
                        "UPDATE spans SET detectors = ?, score = ?, found = 1, updated_at = ? WHERE id = ?",
                        (detectors, score, now, span_id),
                    )
                    kept += 1
                    continue
                key = text_key(text[start:end])
                whitelist_id = whitelist.get(key)
                status = Status.REJECTED if whitelist_id else Status.PENDING
                whitelisted += whitelist_id is not None
                new += 1
                inserts.append(
                    (
                        document_id,
                        start,
                        end,
                        label,
                        detectors,
                        score,
                        status.value,
                        start,
                        end,
                        label,
                        whitelist_id,
                        who if whitelist_id else "",
                        now,
                        now,
                        now if whitelist_id else None,
                        key,
                    )
                )
            self._conn.executemany(
                'INSERT INTO spans(document_id, start, "end", label, detectors, score, origin, status,'
                " final_start, final_end, final_label, whitelist_id, reviewer, created_at, updated_at,"
                " decided_at, text_key) VALUES (?, ?, ?, ?, ?, ?, 'detected', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                inserts,
            )
            for span_id, status in existing.values():
                if span_id in joined:
                    continue
                new_status = Status.STALE.value if status == Status.PENDING else status
                stale += new_status == Status.STALE
                self._conn.execute(
                    "UPDATE spans SET found = 0, status = ?, updated_at = ? WHERE id = ?",
                    (new_status, now, span_id),
                )
            self._conn.execute(
                "UPDATE documents SET detection_status = 'detected', detectors = ?, detected_at = ?"
                " WHERE id = ?",
                (json.dumps(list(detectors_run)), now, document_id),
            )
            merge = DetectionMerge(new, kept, stale, whitelisted)
            self._audit(
                "detect",
                who,
                document_id,
                {},
                {"detectors": list(detectors_run), **dataclasses.asdict(merge)},
            )
        log.info(
            "detection on %s: %d new, %d kept, %d stale, %d whitelisted",
            document_id,
            new,
            kept,
            stale,
            whitelisted,
        )
        return merge

    # -- spans

    def spans(self, document_id: str, statuses: Iterable[Status] | None = None) -> list[StoredSpan]:
        """The document's spans in text order, with their ids."""
        sql = f"SELECT {_SPAN_SELECT} FROM spans WHERE document_id = ?"
        params: list[Any] = [document_id]
        if statuses is not None:
            wanted = [Status(s).value for s in statuses]
            sql += f" AND status IN ({', '.join('?' for _ in wanted)})"
            params += wanted
        return [_stored_span(r) for r in self._rows(sql + " ORDER BY final_start, final_end, id", params)]

    def span(self, span_id: int) -> StoredSpan:
        rows = self._rows(f"SELECT {_SPAN_SELECT} FROM spans WHERE id = ?", (span_id,))
        if not rows:
            raise KeyError(span_id)
        return _stored_span(rows[0])

    def span_text(self, span_id: int) -> str:
        span = self.span(span_id)
        return self.document_text(span.document_id)[span.start : span.end]

    def identical_spans(
        self, span_id: int, scope: Scope = "document", statuses: Iterable[Status] | None = None
    ) -> list[StoredSpan]:
        """Spans whose text equals this span's (case and spacing aside), this one included."""
        where, params = self._identical_where(span_id, scope, statuses)
        rows = self._rows(
            f"SELECT {_SPAN_SELECT} FROM spans WHERE {where} ORDER BY document_id, final_start", params
        )
        return [_stored_span(r) for r in rows]

    def _identical_where(
        self, span_id: int, scope: Scope, statuses: Iterable[Status] | None
    ) -> tuple[str, list[Any]]:
        rows = self._rows("SELECT text_key, document_id FROM spans WHERE id = ?", (span_id,))
        if not rows:
            raise KeyError(span_id)
        where, params = "text_key = ?", [rows[0]["text_key"]]
        if scope == "document":
            where += " AND document_id = ?"
            params.append(rows[0]["document_id"])
        if statuses is not None:
            wanted = [Status(s).value for s in statuses]
            where += f" AND status IN ({', '.join('?' for _ in wanted)})"
            params += wanted
        return where, params

    def next_open_span(self, document_id: str, after: int = -1, backwards: bool = False) -> StoredSpan | None:
        """The next (or previous) pending or stale span after text offset `after`."""
        if backwards:
            sql = "final_start < ? ORDER BY final_start DESC, id DESC"
        else:
            sql = "final_start > ? ORDER BY final_start, id"
        rows = self._rows(
            f"SELECT {_SPAN_SELECT} FROM spans WHERE document_id = ? AND status IN ('pending', 'stale')"
            f" AND {sql} LIMIT 1",
            (document_id, after),
        )
        return _stored_span(rows[0]) if rows else None

    # -- reviewer actions (each one transaction and one audit entry)

    def decide(
        self,
        span_id: int,
        status: Status,
        label: str | None = None,
        start: int | None = None,
        end: int | None = None,
        who: str = "",
        action: str = "decide",
    ) -> int:
        """Set a span's status and, optionally, its final label and boundaries.
        Returns the audit id (for `undo`)."""
        status = Status(status)

        def change(row: Row, now: float, who: str) -> Row:
            row.update(status=status.value, reviewer=who, decided_at=now, updated_at=now, whitelist_id=None)
            if label is not None:
                row["final_label"] = label
            if start is not None:
                row["final_start"] = start
            if end is not None:
                row["final_end"] = end
            return row

        return self._change_spans(action, [span_id], change, who)

    def accept(self, span_id: int, who: str = "") -> int:
        return self.decide(span_id, Status.ACCEPTED, who=who, action="accept")

    def reject(self, span_id: int, who: str = "") -> int:
        return self.decide(span_id, Status.REJECTED, who=who, action="reject")

    def relabel(self, span_id: int, label: str, who: str = "") -> int:
        """A relabelled span is accepted under its new label."""
        return self.decide(span_id, Status.ACCEPTED, label=label, who=who, action="relabel")

    def resize(self, span_id: int, start: int, end: int, who: str = "") -> int:
        """A resized span is accepted with its new boundaries."""
        text_length = len(self.document_text(self.span(span_id).document_id))
        if not 0 <= start < end <= text_length:
            raise ValueError(f"span boundaries [{start}, {end}) outside the text")
        return self.decide(span_id, Status.ACCEPTED, start=start, end=end, who=who, action="resize")

    def decide_many(
        self, span_ids: Sequence[int], status: Status, who: str = "", action: str = "decide_many"
    ) -> int:
        status = Status(status)

        def change(row: Row, now: float, who: str) -> Row:
            row.update(status=status.value, reviewer=who, decided_at=now, updated_at=now, whitelist_id=None)
            return row

        return self._change_spans(action, span_ids, change, who)

    def decide_identical(self, span_id: int, status: Status, scope: Scope = "document", who: str = "") -> int:
        """Decide this span and every open (pending or stale) span with the same text,
        in its document or in the whole corpus, as one action."""
        where, params = self._identical_where(span_id, scope, (Status.PENDING, Status.STALE))
        ids = {span_id} | {r["id"] for r in self._rows(f"SELECT id FROM spans WHERE {where}", params)}
        return self.decide_many(sorted(ids), status, who, action="decide_identical")

    def add_span(
        self,
        document_id: str,
        start: int,
        end: int,
        label: str,
        who: str = "",
        status: Status = Status.ACCEPTED,
        cluster_id: int | None = None,
    ) -> int:
        """A span the detectors missed, added by a reviewer. Returns the audit id;
        the new span's id is `added_span_id(audit_id)`."""
        return self.add_spans(document_id, [(start, end, label)], who, status, cluster_id)

    def add_spans(
        self,
        document_id: str,
        spans: Sequence[tuple[int, int, str]],
        who: str = "",
        status: Status = Status.ACCEPTED,
        cluster_id: int | None = None,
    ) -> int:
        """Several reviewer-added spans (say, every unmarked mention of a name) as
        one action; `added_span_ids(audit_id)` gives their ids."""
        text = self.document_text(document_id)
        if not spans:
            raise ValueError("add_spans: no spans given")
        for start, end, _ in spans:
            if not 0 <= start < end <= len(text):
                raise ValueError(f"span boundaries [{start}, {end}) outside the text")
        who = who or self.reviewer
        with self._write():
            now = time.time()
            first_id = self._next_id("spans")
            before: RowSet = {"spans": {}}
            after: RowSet = {"spans": {}}
            for span_id, (start, end, label) in enumerate(spans, first_id):
                before["spans"][span_id] = None
                after["spans"][span_id] = {
                    "id": span_id,
                    "document_id": document_id,
                    "start": start,
                    "end": end,
                    "label": label,
                    "detectors": "{}",
                    "score": 1.0,
                    "origin": "manual",
                    "found": 1,
                    "status": Status(status).value,
                    "final_start": start,
                    "final_end": end,
                    "final_label": label,
                    "cluster_id": cluster_id,
                    "whitelist_id": None,
                    "reviewer": who,
                    "created_at": now,
                    "updated_at": now,
                    "decided_at": now,
                }
            audit_id = self._commit_change("add_span", who, document_id, before, after)
        log.info("%d span(s) added to %s", len(spans), document_id)
        return audit_id

    def added_span_id(self, audit_id: int) -> int:
        (span_id,) = self.added_span_ids(audit_id)
        return span_id

    def added_span_ids(self, audit_id: int) -> tuple[int, ...]:
        return self.audit_entry(audit_id).span_ids

    # -- whitelist

    def whitelist(self, document_id: str | None = None) -> list[WhitelistEntry]:
        """Every entry; with a document, the entries that apply to it (project-wide and its own)."""
        sql = "SELECT id, term, scope, document_id, note, added_by, added_at FROM whitelist"
        if document_id is None:
            rows = self._rows(sql + " ORDER BY term_key, id")
        else:
            rows = self._rows(
                sql + " WHERE document_id IS NULL OR document_id = ? ORDER BY term_key, id", (document_id,)
            )
        return [WhitelistEntry(**r) for r in rows]

    def find_whitelist_term(self, term: str, document_id: str | None = None) -> WhitelistEntry | None:
        rows = self._rows(
            "SELECT id, term, scope, document_id, note, added_by, added_at FROM whitelist"
            " WHERE term_key = ? AND coalesce(document_id, '') = ?",
            (text_key(term), document_id or ""),
        )
        return WhitelistEntry(**rows[0]) if rows else None

    def whitelist_matches(self, term: str, document_id: str | None = None) -> tuple[int, int]:
        """How many pending spans adding `term` would reject: (in document_id, in the corpus)."""
        key = text_key(term)
        corpus = self._scalar("SELECT count(*) FROM spans WHERE text_key = ? AND status = 'pending'", (key,))
        in_document = 0
        if document_id is not None:
            in_document = self._scalar(
                "SELECT count(*) FROM spans WHERE text_key = ? AND status = 'pending' AND document_id = ?",
                (key, document_id),
            )
        return in_document, corpus

    def whitelist_suppressed(self, entry_id: int, document_id: str | None = None) -> tuple[int, int]:
        """How many spans a whitelist entry holds rejected: (in document_id, in the corpus)."""
        counts = {
            r["document_id"]: r["n"]
            for r in self._rows(
                "SELECT document_id, count(*) AS n FROM spans WHERE whitelist_id = ? GROUP BY document_id",
                (entry_id,),
            )
        }
        return counts.get(document_id, 0), sum(counts.values())

    def add_whitelist_term(
        self, term: str, document_id: str | None = None, note: str = "", who: str = ""
    ) -> int:
        """Whitelist `term` (for the whole project, or one document) and reject its
        pending spans: those whose text is the term, case, spacing and punctuation
        around it aside (`schema.text_key`). Returns the audit id; `undo` takes the
        term out again."""
        key = text_key(term)
        if not key:
            raise ValueError("an empty whitelist term")
        who = who or self.reviewer
        with self._write():
            if self._conn.execute(
                "SELECT 1 FROM whitelist WHERE term_key = ? AND coalesce(document_id, '') = ?",
                (key, document_id or ""),
            ).fetchone():
                raise DuplicateTerm(f"{term!r} is already whitelisted")
            now = time.time()
            entry_id = self._next_id("whitelist")
            entry = {
                "id": entry_id,
                "term": term.strip(),
                "scope": "document" if document_id else "project",
                "document_id": document_id,
                "note": note,
                "added_by": who,
                "added_at": now,
            }
            # The exact phrase (case, spacing and punctuation around it aside), never
            # a span that merely contains the term: such a span covers other words
            # too, and they may be what must be hidden. Whitelisting the prison
            # "Folsom" must not reject the PERSON span "Folsom Jones" and so
            # publish "Jones".
            sql = f"SELECT {_SPAN_SELECT} FROM spans WHERE text_key = ? AND status = 'pending'"
            params: list[Any] = [key]
            if document_id:
                sql += " AND document_id = ?"
                params.append(document_id)
            before: RowSet = {"whitelist": {entry_id: None}, "spans": {}}
            after: RowSet = {"whitelist": {entry_id: entry}, "spans": {}}
            for row in self.db.query(sql, params):
                before["spans"][row["id"]] = dict(row)
                row.update(
                    status=Status.REJECTED.value,
                    whitelist_id=entry_id,
                    reviewer=who,
                    decided_at=now,
                    updated_at=now,
                )
                after["spans"][row["id"]] = row
            audit_id = self._commit_change("whitelist_add", who, document_id, before, after)
        log.info("whitelist entry %d added; %d pending spans rejected", entry_id, len(after["spans"]))
        return audit_id

    def remove_whitelist_term(self, entry_id: int, who: str = "") -> int:
        """Take a term off the whitelist; the spans it rejected become pending again."""
        who = who or self.reviewer
        with self._write():
            rows = list(
                self.db.query(
                    "SELECT id, term, scope, document_id, note, added_by, added_at FROM whitelist"
                    " WHERE id = ?",
                    (entry_id,),
                )
            )
            if not rows:
                raise KeyError(entry_id)
            now = time.time()
            before: RowSet = {"whitelist": {entry_id: rows[0]}, "spans": {}}
            after: RowSet = {"whitelist": {entry_id: None}, "spans": {}}
            for row in self.db.query(f"SELECT {_SPAN_SELECT} FROM spans WHERE whitelist_id = ?", (entry_id,)):
                before["spans"][row["id"]] = dict(row)
                row.update(
                    status=Status.PENDING.value,
                    whitelist_id=None,
                    reviewer="",
                    decided_at=None,
                    updated_at=now,
                )
                after["spans"][row["id"]] = row
            audit_id = self._commit_change("whitelist_remove", who, rows[0]["document_id"], before, after)
        log.info("whitelist entry %d removed; %d spans pending again", entry_id, len(after["spans"]))
        return audit_id

    def _whitelist_keys(self, document_id: str) -> dict[str, int]:
        rows = self._conn.execute(
            "SELECT term_key, id FROM whitelist WHERE document_id IS NULL OR document_id = ?", (document_id,)
        )
        return dict(rows.fetchall())

    # -- clusters

    def clusters(self, document_id: str) -> list[Cluster]:
        members: dict[int, list[int]] = {}
        for row in self._rows(
            "SELECT id, cluster_id FROM spans WHERE document_id = ? AND cluster_id IS NOT NULL"
            " ORDER BY final_start",
            (document_id,),
        ):
            members.setdefault(row["cluster_id"], []).append(row["id"])
        return [
            Cluster(
                r["id"],
                r["document_id"],
                r["label"],
                r["name"],
                tuple(members.get(r["id"], ())),
                bool(r["reviewed"]),
            )
            for r in self._rows(
                "SELECT id, document_id, label, name, reviewed FROM clusters WHERE document_id = ?"
                " ORDER BY id",
                (document_id,),
            )
        ]

    def cluster(self, cluster_id: int) -> Cluster:
        rows = self._rows("SELECT document_id FROM clusters WHERE id = ?", (cluster_id,))
        if not rows:
            raise KeyError(cluster_id)
        return next(c for c in self.clusters(rows[0]["document_id"]) if c.id == cluster_id)

    def set_clusters(
        self,
        document_id: str,
        proposals: Sequence[ClusterProposal],
        who: str = "",
        *,
        keep_reviewed: bool = False,
        joins: Mapping[int, Sequence[int]] | None = None,
    ) -> list[int]:
        """Replace the document's clusters with a clustering step's proposals;
        returns the new cluster ids in the order given.

        keep_reviewed: clusters a reviewer merged, split or relabelled stay as they
        are and only the others are replaced. `joins` then adds spans that are in
        no cluster to kept ones (cluster id -> span ids), for new variants of a
        person the reviewer already grouped.
        """
        ids = []
        with self._write():
            replaced = "document_id = ?" + (" AND reviewed = 0" if keep_reviewed else "")
            self._conn.execute(
                "UPDATE spans SET cluster_id = NULL WHERE document_id = ?"
                f" AND cluster_id IN (SELECT id FROM clusters WHERE {replaced})",
                (document_id, document_id),
            )
            self._conn.execute(f"DELETE FROM clusters WHERE {replaced}", (document_id,))
            kept = {
                r[0]
                for r in self._conn.execute("SELECT id FROM clusters WHERE document_id = ?", (document_id,))
            }
            for cluster_id, span_ids in (joins or {}).items():
                if cluster_id not in kept:
                    raise KeyError(f"no kept cluster {cluster_id} in {document_id}")
                self._conn.executemany(
                    "UPDATE spans SET cluster_id = ? WHERE id = ? AND document_id = ? AND cluster_id IS NULL",
                    [(cluster_id, span_id, document_id) for span_id in span_ids],
                )
            for proposal in proposals:
                cluster_id = int(
                    self._conn.execute(
                        "INSERT INTO clusters(document_id, label, name) VALUES (?, ?, ?)",
                        (document_id, proposal.label, proposal.name),
                    ).lastrowid
                )
                ids.append(cluster_id)
                self._conn.executemany(
                    "UPDATE spans SET cluster_id = ? WHERE id = ? AND document_id = ?",
                    [(cluster_id, span_id, document_id) for span_id in proposal.span_ids],
                )
            self._audit(
                "set_clusters",
                who or self.reviewer,
                document_id,
                {},
                {
                    "clusters": len(ids),
                    "kept": len(kept),
                    "joined": sum(len(v) for v in (joins or {}).values()),
                },
            )
        return ids

    def merge_clusters(self, keep_id: int, absorb_id: int, who: str = "") -> int:
        """Move every span of `absorb_id` into `keep_id` and drop `absorb_id`."""
        if keep_id == absorb_id:
            raise ValueError("a cluster cannot be merged with itself")
        who = who or self.reviewer
        with self._write():
            keep, absorb = self._cluster_row(keep_id), self._cluster_row(absorb_id)
            if keep["document_id"] != absorb["document_id"]:
                raise ValueError("clusters of different documents cannot be merged")
            now = time.time()
            before: RowSet = {"clusters": {absorb_id: absorb, keep_id: keep}, "spans": {}}
            after: RowSet = {"clusters": {absorb_id: None, keep_id: {**keep, "reviewed": 1}}, "spans": {}}
            for row in self.db.query(f"SELECT {_SPAN_SELECT} FROM spans WHERE cluster_id = ?", (absorb_id,)):
                before["spans"][row["id"]] = dict(row)
                row.update(cluster_id=keep_id, updated_at=now)
                after["spans"][row["id"]] = row
            return self._commit_change("merge_clusters", who, keep["document_id"], before, after)

    def split_cluster(self, span_ids: Sequence[int], name: str = "", who: str = "") -> int:
        """Move the given spans (one variant, say) out of their cluster into a new one."""
        who = who or self.reviewer
        with self._write():
            rows = self._span_rows(span_ids)
            if not rows or len({r["document_id"] for r in rows}) != 1:
                raise ValueError("split needs spans of one document")
            old = next((r["cluster_id"] for r in rows if r["cluster_id"] is not None), None)
            old_row = self._cluster_row(old) if old is not None else None
            label = old_row["label"] if old_row is not None else rows[0]["final_label"]
            cluster_id = self._next_id("clusters")
            text = self.document_text(rows[0]["document_id"])
            cluster = {
                "id": cluster_id,
                "document_id": rows[0]["document_id"],
                "label": label,
                "name": name or text[rows[0]["final_start"] : rows[0]["final_end"]],
                "reviewed": 1,
            }
            now = time.time()
            before: RowSet = {"clusters": {cluster_id: None}, "spans": {r["id"]: dict(r) for r in rows}}
            for row in rows:
                row.update(cluster_id=cluster_id, updated_at=now)
            after: RowSet = {"clusters": {cluster_id: cluster}, "spans": {r["id"]: r for r in rows}}
            if old_row is not None:
                # What stays behind is a reviewer's grouping too: a new clustering
                # run must not pull the split-off variant back in.
                before["clusters"][old_row["id"]] = old_row
                after["clusters"][old_row["id"]] = {**old_row, "reviewed": 1}
            return self._commit_change("split_cluster", who, cluster["document_id"], before, after)

    def split_cluster_id(self, audit_id: int) -> int:
        """The id of the cluster a `split_cluster` action made."""
        entry = self.audit_entry(audit_id)
        (cluster_id,) = (int(k) for k, row in entry.before["clusters"].items() if row is None)
        return cluster_id

    def relabel_cluster(self, cluster_id: int, label: str, who: str = "") -> int:
        """Give the cluster and all its spans a new label; the spans are accepted."""
        who = who or self.reviewer
        with self._write():
            cluster = self._cluster_row(cluster_id)
            now = time.time()
            before: RowSet = {"clusters": {cluster_id: dict(cluster)}, "spans": {}}
            relabelled = {**cluster, "label": label, "reviewed": 1}
            after: RowSet = {"clusters": {cluster_id: relabelled}, "spans": {}}
            for row in self.db.query(f"SELECT {_SPAN_SELECT} FROM spans WHERE cluster_id = ?", (cluster_id,)):
                before["spans"][row["id"]] = dict(row)
                row.update(
                    final_label=label,
                    status=Status.ACCEPTED.value,
                    reviewer=who,
                    decided_at=now,
                    updated_at=now,
                    whitelist_id=None,
                )
                after["spans"][row["id"]] = row
            return self._commit_change("relabel_cluster", who, cluster["document_id"], before, after)

    def decide_cluster(self, cluster_id: int, status: Status, who: str = "") -> int:
        return self.decide_many(self.cluster(cluster_id).span_ids, status, who, action="decide_cluster")

    def _cluster_row(self, cluster_id: int | None) -> Row:
        rows = list(
            self.db.query(
                "SELECT id, document_id, label, name, reviewed FROM clusters WHERE id = ?", (cluster_id,)
            )
        )
        if not rows:
            raise KeyError(cluster_id)
        return rows[0]

    # -- last position

    def last_position(self) -> Position | None:
        raw = self._meta("last_position")
        if not raw:
            return None
        values = json.loads(raw)
        return Position(values["document_id"], values.get("span_id"))

    def set_last_position(self, document_id: str, span_id: int | None = None) -> None:
        with self._write():
            self._set_meta("last_position", json.dumps({"document_id": document_id, "span_id": span_id}))

    # -- audit, undo and redo

    def audit_entry(self, audit_id: int) -> AuditEntry:
        rows = self._rows("SELECT * FROM audit WHERE id = ?", (audit_id,))
        if not rows:
            raise KeyError(audit_id)
        return _audit_entry(rows[0])

    def audit_log(self, limit: int = 100, document_id: str | None = None) -> list[AuditEntry]:
        """The newest entries first."""
        if document_id is None:
            rows = self._rows("SELECT * FROM audit ORDER BY id DESC LIMIT ?", (limit,))
        else:
            rows = self._rows(
                "SELECT * FROM audit WHERE document_id = ? ORDER BY id DESC LIMIT ?", (document_id, limit)
            )
        return [_audit_entry(r) for r in rows]

    def undo_history(self, limit: int = 200) -> list[AuditEntry]:
        """The reviewer actions that can still be undone, oldest first (the last
        is the next to undo): those done or redone, and not undone, since the last
        import, detection or clustering run."""
        undo, _ = self._history_stacks()
        return self._audit_entries(undo[-limit:] if limit else [])

    def redo_history(self, limit: int = 200) -> list[AuditEntry]:
        """The undone actions that can be redone, as the redo stack of the session
        that undid them held them: the last is the next to redo. A reviewer action
        done after an undo ends the chance to redo it, as in the window."""
        _, redo = self._history_stacks()
        return self._audit_entries(redo[-limit:] if limit else [])

    def _history_stacks(self) -> tuple[list[int], list[int]]:
        """The undo and redo stacks (audit ids) replayed from the audit log since
        the last barrier: an action pushes onto undo and clears redo, an undo moves
        its action to redo, a redo moves it back."""
        barrier = self._scalar(
            "SELECT coalesce(max(id), 0) FROM audit"
            f" WHERE action IN ({', '.join('?' for _ in _BARRIER_ACTIONS)})",
            _BARRIER_ACTIONS,
        )
        undo: list[int] = []
        redo: list[int] = []
        with self._mutex:
            rows = self._conn.execute(
                "SELECT id, action, undone, CASE WHEN action IN ('undo', 'redo')"
                " THEN json_extract(after, '$.of') END FROM audit WHERE id > ? ORDER BY id",
                (barrier,),
            ).fetchall()
        undone = {audit_id: bool(flag) for audit_id, _, flag, _ in rows}
        for audit_id, action, _, target in rows:
            if action in UNDOABLE_ACTIONS:
                undo.append(audit_id)
                redo.clear()
            elif action == "undo" and target in undo:
                undo.remove(target)
                redo.append(target)
            elif action == "redo" and target in redo:
                redo.remove(target)
                undo.append(target)
        # The flags have the last word (the stacks and the rows must agree).
        return [i for i in undo if not undone[i]], [i for i in redo if undone[i]]

    def _audit_entries(self, audit_ids: Sequence[int]) -> list[AuditEntry]:
        if not audit_ids:
            return []
        rows = {
            r["id"]: r
            for r in self._rows(
                f"SELECT * FROM audit WHERE id IN ({', '.join('?' for _ in audit_ids)})", list(audit_ids)
            )
        }
        return [_audit_entry(rows[i]) for i in audit_ids]

    def undo(self, audit_id: int, who: str = "") -> int:
        """Restore the rows an action changed to what they were before it."""
        return self._replay(audit_id, undo=True, who=who)

    def redo(self, audit_id: int, who: str = "") -> int:
        """Apply an undone action's changes again."""
        return self._replay(audit_id, undo=False, who=who)

    def _replay(self, audit_id: int, undo: bool, who: str) -> int:
        with self._write():
            rows = list(self.db.query("SELECT * FROM audit WHERE id = ?", (audit_id,)))
            if not rows:
                raise KeyError(audit_id)
            entry = _audit_entry(rows[0])
            if entry.action not in UNDOABLE_ACTIONS:
                raise UndoConflict(f"audit entry {audit_id} ({entry.action}) cannot be undone")
            if entry.undone != undo:
                current, target = (entry.after, entry.before) if undo else (entry.before, entry.after)
                current_sets, target_sets = _rowset(current), _rowset(target)
                if self._current(current_sets) != current_sets:
                    raise UndoConflict(
                        f"the spans of {entry.action} (audit {audit_id}) were changed since; "
                        "it can no longer be " + ("undone" if undo else "redone")
                    )
                self._apply(target_sets)
                self._conn.execute("UPDATE audit SET undone = ? WHERE id = ?", (int(undo), audit_id))
                new_id = self._audit(
                    "undo" if undo else "redo",
                    who or self.reviewer,
                    entry.document_id,
                    current,
                    {**target, "of": audit_id},
                )
            else:
                raise UndoConflict(f"audit entry {audit_id} is already {'undone' if undo else 'done'}")
        log.info("%s of audit %d (%s)", "undo" if undo else "redo", audit_id, entry.action)
        return new_id

    # -- row-level helpers

    def _next_id(self, table: str) -> int:
        # Ids are picked before insertion so the audit can name the row; the
        # write transaction makes this safe.
        return int(self._conn.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}").fetchone()[0])

    def _current(self, rowsets: RowSet) -> RowSet:
        """The rows as they are now, each cut down to the columns `rowsets` names
        (None for a row that does not exist), to compare with a recorded state."""
        out: RowSet = {}
        for table, rows in rowsets.items():
            if table == "spans":
                found = {r["id"]: r for r in self._span_rows(list(rows))}
            else:
                select = ", ".join(f'"{c}"' for c in _TABLE_COLUMNS[table])
                found = {
                    r["id"]: r
                    for row_id in rows
                    for r in self.db.query(f"SELECT {select} FROM {table} WHERE id = ?", (row_id,))
                }
            out[table] = {}
            for row_id, recorded in rows.items():
                now = found.get(row_id)
                if now is None or recorded is None:
                    out[table][row_id] = now
                else:
                    out[table][row_id] = {k: now[k] for k in recorded}
        return out

    def _apply(self, rowsets: RowSet) -> None:
        """Make the rows what `rowsets` says: write whole rows (insert or
        replace), update the named columns of partial rows, delete absent ones.
        Parents (whitelist, clusters) are written before spans and deleted after."""
        for table in ("whitelist", "clusters"):
            for row in (r for r in rowsets.get(table, {}).values() if r is not None):
                self._write_row(table, row)
        # Partial rows that change the same columns go to one executemany: a
        # corpus-wide action may touch tens of thousands of spans.
        updates: dict[tuple[str, ...], list[list[Any]]] = {}
        rekey = []
        for span_id, row in rowsets.get("spans", {}).items():
            if row is None:
                self._conn.execute("DELETE FROM spans WHERE id = ?", (span_id,))
                continue
            if len(row) == len(_SPAN_COLUMNS):
                self._upsert("spans", row)
            else:
                columns = tuple(c for c in row if c != "id")
                updates.setdefault(columns, []).append([*(row[c] for c in columns), span_id])
            if "final_start" in row or "final_end" in row or len(row) == len(_SPAN_COLUMNS):
                rekey.append(span_id)
        for columns, values in updates.items():
            if columns:
                assignments = ", ".join(f'"{c}" = ?' for c in columns)
                self._conn.executemany(f"UPDATE spans SET {assignments} WHERE id = ?", values)
        for span_id in rekey:
            document_id, start, end = self._conn.execute(
                "SELECT document_id, final_start, final_end FROM spans WHERE id = ?", (span_id,)
            ).fetchone()
            key = text_key(self.document_text(document_id)[start:end])
            self._conn.execute("UPDATE spans SET text_key = ? WHERE id = ?", (key, span_id))
        for table in ("whitelist", "clusters"):
            for row_id, row in rowsets.get(table, {}).items():
                if row is None:
                    self._conn.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,))

    def _write_row(self, table: str, row: Row) -> None:
        exists = self._conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (row["id"],)).fetchone()
        if not exists:
            # A whole row to bring back; one recorded before a column was added
            # lacks it, and the column's default fills it.
            self._upsert(table, row)
            return
        columns = [c for c in row if c != "id"]
        if not columns:
            return
        if "term" in columns:
            columns.append("term_key")
            row = {**row, "term_key": text_key(row["term"])}
        assignments = ", ".join(f'"{c}" = ?' for c in columns)
        self._conn.execute(
            f"UPDATE {table} SET {assignments} WHERE id = ?", [*(row[c] for c in columns), row["id"]]
        )

    def _upsert(self, table: str, row: Row) -> None:
        row = dict(row)
        if table == "whitelist":
            row["term_key"] = text_key(row["term"])
        columns = list(row)
        quoted = ", ".join(f'"{c}"' for c in columns)
        updates = ", ".join(f'"{c}" = excluded."{c}"' for c in columns if c != "id")
        self._conn.execute(
            f"INSERT INTO {table}({quoted}) VALUES ({', '.join('?' for _ in columns)})"
            f" ON CONFLICT(id) DO UPDATE SET {updates}",
            [row[c] for c in columns],
        )

    def _span_rows(self, span_ids: Sequence[int]) -> list[Row]:
        """Rows of the given spans, asked for in batches (SQLite caps the number
        of parameters of one statement)."""
        unique = sorted(set(span_ids))
        size = self._conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
        rows: list[Row] = []
        for i in range(0, len(unique), size):
            batch = unique[i : i + size]
            rows += self.db.query(
                f"SELECT {_SPAN_SELECT} FROM spans WHERE id IN ({', '.join('?' for _ in batch)})", batch
            )
        return rows

    def _change_spans(
        self, action: str, span_ids: Sequence[int], change: Callable[[Row, float, str], Row], who: str
    ) -> int:
        who = who or self.reviewer
        if not span_ids:
            raise ValueError(f"{action}: no spans given")
        with self._write():
            now = time.time()
            rows = self._span_rows(span_ids)
            if len(rows) != len(set(span_ids)):
                missing = set(span_ids) - {r["id"] for r in rows}
                raise KeyError(f"no spans with ids {sorted(missing)}")
            before: RowSet = {"spans": {r["id"]: dict(r) for r in rows}}
            after: RowSet = {"spans": {r["id"]: change(r, now, who) for r in rows}}
            documents = {r["document_id"] for r in rows}
            audit_id = self._commit_change(
                action, who, documents.pop() if len(documents) == 1 else None, before, after
            )
        log.debug("%s on %d span(s), audit %d", action, len(span_ids), audit_id)
        return audit_id


def _compact(before: Any, after: Any) -> tuple[Any, Any]:
    """Keep only what changed of a row that exists before and after (and its
    id), so the audit of a decision is a few columns, not two whole rows."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return before, after
    before, after = dict(before), dict(after)
    for table in _TABLE_COLUMNS.keys() & before.keys() & after.keys():
        old_rows, new_rows = dict(before[table]), dict(after[table])
        for row_id in old_rows.keys() & new_rows.keys():
            old, new = old_rows[row_id], new_rows[row_id]
            if old is None or new is None:
                continue
            changed = [k for k in new if k == "id" or old.get(k) != new[k]]
            old_rows[row_id] = {k: old[k] for k in changed}
            new_rows[row_id] = {k: new[k] for k in changed}
        before[table], after[table] = old_rows, new_rows
    return before, after


def _rowset(raw: Mapping[str, Any]) -> RowSet:
    """Rows from audit JSON (whose keys are strings) keyed by int again."""
    return {
        table: {int(k): v for k, v in rows.items()} for table, rows in raw.items() if table in _TABLE_COLUMNS
    }


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


def _connect(path: Path, writable: bool, power_safe: bool = True) -> sqlite3.Connection:
    if writable:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    else:
        conn = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None, check_same_thread=False
        )
    conn.execute("PRAGMA busy_timeout = 5000")
    conn.execute("PRAGMA foreign_keys = ON")
    if writable:
        conn.execute("PRAGMA journal_mode = WAL")
        # FULL syncs the WAL at every commit; NORMAL leaves that to the checkpoints.
        conn.execute(f"PRAGMA synchronous = {'FULL' if power_safe else 'NORMAL'}")
    return conn


def _reset_interrupted_detection(conn: sqlite3.Connection) -> None:
    """A document left "detecting" by a process that died (we hold the lock, so
    no detection runs) goes back to what it was before."""
    conn.execute(
        "UPDATE documents SET detection_status ="
        " CASE WHEN detected_at IS NULL THEN 'not_detected' ELSE 'detected' END"
        " WHERE detection_status = 'detecting'"
    )


def _check_format(conn: sqlite3.Connection, path: Path, new: bool) -> None:
    """Refuse any SQLite file that is not ours, before a migration could touch it.
    A file without tables is a project only while `Project.create` sets it up."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables and schema_version(conn) == 0:
        if new:
            return
        raise ProjectError(
            f"{path.name} is empty, not a reviewer_app project; create one with `reviewer-app project new`"
        )
    if "project" in tables:
        row = conn.execute("SELECT value FROM project WHERE key = 'format'").fetchone()
        if row is not None and row[0] == FORMAT_NAME:
            return
        # A creation interrupted between the tables and the format row.
        if row is None and {"documents", "spans", "audit"} <= tables:
            return
    raise ProjectError(f"{path.name} is not a reviewer_app project")


def _default_reviewer() -> str:
    from reviewer_app.settings import Settings

    return Settings().reviewer
