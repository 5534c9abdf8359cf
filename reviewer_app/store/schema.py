"""The project file's schema and its migrations.

`PRAGMA user_version` holds the schema version. `MIGRATIONS[n]` takes a file
from version n to n + 1; a new project runs them all, an old project the ones
it lacks, each in its own transaction so an interrupted upgrade leaves the file
at the last complete version. Never edit a released step: add a new one.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable

from reviewer_app.core.spans import Status

_STATUSES = ", ".join(f"'{s.value}'" for s in Status)

# Version 1: the first released layout. The documents' text and structure are
# the last columns so listing documents reads no overflow pages.
_V1 = f"""
CREATE TABLE project (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    word_count INTEGER NOT NULL,
    metadata TEXT NOT NULL,
    detection_status TEXT NOT NULL DEFAULT 'not_detected',
    detectors TEXT NOT NULL DEFAULT '[]',
    detected_at REAL,
    exported_at REAL,
    added_at REAL NOT NULL,
    structure TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE TABLE clusters (
    id INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    name TEXT NOT NULL
);
CREATE TABLE whitelist (
    id INTEGER PRIMARY KEY,
    term TEXT NOT NULL,
    scope TEXT NOT NULL CHECK (scope IN ('project', 'document')),
    document_id TEXT REFERENCES documents(id) ON DELETE CASCADE,
    note TEXT NOT NULL DEFAULT '',
    added_by TEXT NOT NULL DEFAULT '',
    added_at REAL NOT NULL,
    CHECK ((scope = 'project') = (document_id IS NULL))
);
CREATE TABLE spans (
    id INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    label TEXT NOT NULL,
    detectors TEXT NOT NULL DEFAULT '{{}}',
    score REAL NOT NULL DEFAULT 1.0,
    origin TEXT NOT NULL CHECK (origin IN ('detected', 'manual')),
    found INTEGER NOT NULL DEFAULT 1,
    status TEXT NOT NULL CHECK (status IN ({_STATUSES})),
    final_start INTEGER NOT NULL,
    final_end INTEGER NOT NULL,
    final_label TEXT NOT NULL,
    cluster_id INTEGER REFERENCES clusters(id) ON DELETE SET NULL,
    whitelist_id INTEGER REFERENCES whitelist(id) ON DELETE SET NULL,
    reviewer TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    decided_at REAL,
    CHECK (0 <= start AND start < "end" AND 0 <= final_start AND final_start < final_end)
);
CREATE INDEX spans_by_document ON spans(document_id, final_start);
CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    who TEXT NOT NULL,
    action TEXT NOT NULL,
    document_id TEXT,
    before TEXT NOT NULL,
    after TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
"""


def _v1(conn: sqlite3.Connection) -> None:
    for statement in _V1.split(";"):
        if statement.strip():
            conn.execute(statement)


def text_key(text: str) -> str:
    """How two mentions (or a mention and a whitelist term) are compared:
    case-folded, whitespace runs made one space, trimmed."""
    return re.sub(r"\s+", " ", text).strip().casefold()


def _v2(conn: sqlite3.Connection) -> None:
    """Version 2: a `text_key` on spans so identical mentions and whitelist
    terms are found by index instead of by slicing every document's text, and a
    covering index for the per-document statistics the document list shows."""
    conn.execute("ALTER TABLE spans ADD COLUMN text_key TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE whitelist ADD COLUMN term_key TEXT NOT NULL DEFAULT ''")
    texts: dict[str, str] = {}
    rows = conn.execute("SELECT id, document_id, final_start, final_end FROM spans").fetchall()
    for span_id, document_id, start, end in rows:
        if document_id not in texts:
            (texts[document_id],) = conn.execute(
                "SELECT text FROM documents WHERE id = ?", (document_id,)
            ).fetchone()
        conn.execute(
            "UPDATE spans SET text_key = ? WHERE id = ?", (text_key(texts[document_id][start:end]), span_id)
        )
    for entry_id, term in conn.execute("SELECT id, term FROM whitelist").fetchall():
        conn.execute("UPDATE whitelist SET term_key = ? WHERE id = ?", (text_key(term), entry_id))
    conn.execute("CREATE INDEX spans_by_text ON spans(text_key, status)")
    conn.execute("CREATE INDEX spans_stats ON spans(document_id, status, final_label)")
    conn.execute(
        "CREATE UNIQUE INDEX whitelist_unique ON whitelist(term_key, scope, coalesce(document_id, ''))"
    )
    conn.execute("CREATE INDEX audit_by_action ON audit(action, id)")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The file was written by a newer reviewer_app than this one."""


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> list[int]:
    """Bring the file up to `target`; returns the versions reached, in order.

    The connection must be in autocommit mode (isolation_level=None) so each
    step's BEGIN/COMMIT is its own.
    """
    current = schema_version(conn)
    if current > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"this project file has schema version {current}; this reviewer_app reads up to "
            f"{SCHEMA_VERSION}. Please update reviewer_app."
        )
    reached = []
    for version in range(current, target):
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        reached.append(version + 1)
    return reached
