"""The project file's schema and its migrations.

`PRAGMA user_version` holds the schema version. `MIGRATIONS[n]` takes a file
from version n to n + 1; a new project runs them all, an old project the ones
it lacks, each in its own transaction so an interrupted upgrade leaves the file
at the last complete version. Never edit a released step: add a new one.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
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


def _text_key_v2(text: str) -> str:
    """The comparison key of schema version 2 (kept for its migration step):
    case-folded, whitespace runs made one space, trimmed."""
    return re.sub(r"\s+", " ", text).strip().casefold()


def _is_edge_noise(char: str) -> bool:
    return char.isspace() or unicodedata.category(char).startswith("P")


def text_key(text: str) -> str:
    """How two mentions (or a mention and a whitelist term) are compared:
    case-folded, whitespace runs made one space, punctuation and spaces at either
    end dropped, so "Parole Board," and "(parole  board)" are one phrase. Inner
    punctuation stays ("C.D.C.R", "O'Brien") and so does a possessive "'s": the
    key is still the exact phrase."""
    key = re.sub(r"\s+", " ", text).casefold()
    start, end = 0, len(key)
    while start < end and _is_edge_noise(key[start]):
        start += 1
    while end > start and _is_edge_noise(key[end - 1]):
        end -= 1
    return key[start:end]


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
            "UPDATE spans SET text_key = ? WHERE id = ?",
            (_text_key_v2(texts[document_id][start:end]), span_id),
        )
    for entry_id, term in conn.execute("SELECT id, term FROM whitelist").fetchall():
        conn.execute("UPDATE whitelist SET term_key = ? WHERE id = ?", (_text_key_v2(term), entry_id))
    conn.execute("CREATE INDEX spans_by_text ON spans(text_key, status)")
    conn.execute("CREATE INDEX spans_stats ON spans(document_id, status, final_label)")
    conn.execute(
        "CREATE UNIQUE INDEX whitelist_unique ON whitelist(term_key, scope, coalesce(document_id, ''))"
    )
    conn.execute("CREATE INDEX audit_by_action ON audit(action, id)")


def _v3(conn: sqlite3.Connection) -> None:
    """Version 3:
    - `clusters.reviewed`: a cluster a reviewer merged, split or relabelled, which
      a new clustering run keeps instead of replacing. Filled from the audit log:
      the clusters of such actions not undone since the document was last clustered.
    - `text_key` and `term_key` drop punctuation around a mention (see `text_key`).
      Two whitelist entries that become one phrase are merged into the older.
    """
    conn.execute("ALTER TABLE clusters ADD COLUMN reviewed INTEGER NOT NULL DEFAULT 0")
    last_clustering: dict[str, int] = dict(
        conn.execute(
            "SELECT document_id, max(id) FROM audit WHERE action = 'set_clusters' GROUP BY document_id"
        )
    )
    shaped: set[int] = set()
    for audit_id, document_id, before, after in conn.execute(
        "SELECT id, document_id, before, after FROM audit WHERE undone = 0"
        " AND action IN ('merge_clusters', 'split_cluster', 'relabel_cluster')"
    ).fetchall():
        if audit_id < last_clustering.get(document_id, 0):
            continue  # ids of clusters replaced since may have been given out again
        before, after = json.loads(before), json.loads(after)
        shaped.update(int(k) for k, row in after.get("clusters", {}).items() if row is not None)
        for rows in (before.get("spans", {}), after.get("spans", {})):
            shaped.update(r["cluster_id"] for r in rows.values() if r and r.get("cluster_id") is not None)
    conn.executemany("UPDATE clusters SET reviewed = 1 WHERE id = ?", [(i,) for i in sorted(shaped)])

    texts: dict[str, str] = {}
    rows = conn.execute("SELECT id, document_id, final_start, final_end FROM spans").fetchall()
    keys = []
    for span_id, document_id, start, end in rows:
        if document_id not in texts:
            (texts[document_id],) = conn.execute(
                "SELECT text FROM documents WHERE id = ?", (document_id,)
            ).fetchone()
        keys.append((text_key(texts[document_id][start:end]), span_id))
    conn.executemany("UPDATE spans SET text_key = ? WHERE id = ?", keys)
    conn.execute("DROP INDEX whitelist_unique")
    first_of: dict[tuple[str, str], int] = {}
    for entry_id, term, document_id in conn.execute(
        "SELECT id, term, coalesce(document_id, '') FROM whitelist ORDER BY id"
    ).fetchall():
        key = text_key(term)
        kept = first_of.setdefault((key, document_id), entry_id)
        if kept != entry_id:
            conn.execute("UPDATE spans SET whitelist_id = ? WHERE whitelist_id = ?", (kept, entry_id))
            conn.execute("DELETE FROM whitelist WHERE id = ?", (entry_id,))
        else:
            conn.execute("UPDATE whitelist SET term_key = ? WHERE id = ?", (key, entry_id))
    conn.execute(
        "CREATE UNIQUE INDEX whitelist_unique ON whitelist(term_key, scope, coalesce(document_id, ''))"
    )


def _v4(conn: sqlite3.Connection) -> None:
    """Version 4: `leak_allowances`, a reviewer's "not identifying here" for one
    leak-guard finding at one place of a document (see `store/allowances.py`)."""
    conn.execute(
        """CREATE TABLE leak_allowances (
            id INTEGER PRIMARY KEY,
            document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            start INTEGER NOT NULL,
            "end" INTEGER NOT NULL,
            kind TEXT NOT NULL DEFAULT '',
            label TEXT NOT NULL DEFAULT '',
            reviewer TEXT NOT NULL DEFAULT '',
            added_at REAL NOT NULL,
            CHECK (0 <= start AND start < "end"),
            UNIQUE (document_id, start, "end")
        )"""
    )


def _v5(conn: sqlite3.Connection) -> None:
    """Version 5: corpus-wide pseudonyms (see `store/corpus.py`).
    - `corpus_persons`: one person across the documents; `merged_into` when a reviewer
      merged it into another (kept, so its id and tag number are never given out again).
    - `corpus_members`: which person of which document (its name key there) is which
      corpus person, with the name variants and mention count the persons panel shows.
    - `corpus_tags`: the corpus mapping, the number of every value per kind (a name part,
      a person, a CDCR number, a place), written only by an export with corpus tags.
    - `exports`: every export of a document and the tags it used (scope, person tags).
    """
    conn.execute(
        """CREATE TABLE corpus_persons (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            merged_into INTEGER REFERENCES corpus_persons(id),
            reviewed INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL
        )"""
    )
    conn.execute(
        """CREATE TABLE corpus_members (
            id INTEGER PRIMARY KEY,
            person_id INTEGER NOT NULL REFERENCES corpus_persons(id),
            document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            person_key TEXT NOT NULL,
            variants TEXT NOT NULL DEFAULT '[]',
            mentions INTEGER NOT NULL DEFAULT 0,
            cdcr TEXT NOT NULL DEFAULT '',
            cover INTEGER NOT NULL DEFAULT 0,
            UNIQUE (document_id, person_key)
        )"""
    )
    conn.execute("CREATE INDEX corpus_members_by_person ON corpus_members(person_id)")
    conn.execute(
        """CREATE TABLE corpus_tags (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            number INTEGER NOT NULL,
            PRIMARY KEY (kind, key)
        )"""
    )
    conn.execute(
        """CREATE TABLE exports (
            id INTEGER PRIMARY KEY,
            document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
            at REAL NOT NULL,
            tag_scope TEXT NOT NULL,
            person_tags TEXT NOT NULL,
            draft INTEGER NOT NULL DEFAULT 0,
            who TEXT NOT NULL DEFAULT ''
        )"""
    )


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3, _v4, _v5)
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
