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

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import sqlite_utils

from reviewer_app.core.document import CaptionSource, Document, PageMap, Section, Utterance
from reviewer_app.core.timemap import TimeMap
from reviewer_app.store.clusters import ClustersMixin, propose_clusters
from reviewer_app.store.corpus import CorpusMixin
from reviewer_app.store.decisions import DecisionsMixin
from reviewer_app.store.detection import DetectionMixin, detector_scores
from reviewer_app.store.errors import (
    DuplicateDocument,
    DuplicateTerm,
    ProjectError,
    ProjectLocked,
    ReadOnlyProject,
    UndoConflict,
)
from reviewer_app.store.history import UNDOABLE_ACTIONS, HistoryMixin
from reviewer_app.store.locking import _WriterLock, connection_path
from reviewer_app.store.records import (
    MANUAL_DETECTOR,
    AuditEntry,
    Cluster,
    ClusterProposal,
    DetectionMerge,
    DocumentSummary,
    Position,
    Row,
    RowSet,
    Scope,
    SpanStats,
    StoredSpan,
    WhitelistEntry,
    _add_count,
    _document_structure,
    _empty_stats,
    _metadata_from_json,
    _metadata_json,
    _summary,
)
from reviewer_app.store.rows import RowsMixin, _compact
from reviewer_app.store.schema import SCHEMA_VERSION, SchemaTooNew, migrate, schema_version
from reviewer_app.store.whitelist import WhitelistMixin

# The store's public names, importable from here as before the split by responsibility.
__all__ = [
    "FORMAT_NAME",
    "MANUAL_DETECTOR",
    "UNDOABLE_ACTIONS",
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
    "Row",
    "RowSet",
    "Scope",
    "SpanStats",
    "StoredSpan",
    "UndoConflict",
    "WhitelistEntry",
    "connection_path",
    "detector_scores",
    "propose_clusters",
]

log = logging.getLogger(__name__)

FORMAT_NAME = "reviewer-app-project"


class Project(
    DecisionsMixin, DetectionMixin, WhitelistMixin, ClustersMixin, CorpusMixin, HistoryMixin, RowsMixin
):
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
                _mark_interrupted_detection(conn)
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
            utterances=tuple(Utterance(*row) for row in structure["utterances"]),
            sections=tuple(Section(n, a, b) for n, a, b in structure["sections"]),
            page_map=PageMap(tuple((o, p, ln) for o, p, ln in structure["page_map"])),
            metadata=_metadata_from_json(row["metadata"]),
            notes=tuple(structure["notes"]),
            encoding=structure.get("encoding", ""),  # not stored before documents named it
            # Neither stored before caption import: a document without times.
            time_map=TimeMap.from_json(structure.get("time_map", [])),
            captions=CaptionSource(**structure["captions"]) if structure.get("captions") else None,
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
        """`detecting`, `failed` or `interrupted` (a run cut off by quitting);
        `record_detection` sets `detected`."""
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


def _mark_interrupted_detection(conn: sqlite3.Connection) -> None:
    """A document left "detecting" by a process that died or quit mid-run (we
    hold the lock, so no detection runs now) is "interrupted": the window says
    so and offers to run it again, instead of passing it off as not detected or
    as detected with the new detectors. Its spans and decisions (of an earlier,
    complete run) are untouched: a run records its result in one transaction."""
    conn.execute("UPDATE documents SET detection_status = 'interrupted' WHERE detection_status = 'detecting'")


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
