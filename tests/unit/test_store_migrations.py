"""Schema versions: a file written at version 1 upgrades to the current one."""

from __future__ import annotations

import json
import sqlite3

import pytest

from reviewer_app.core.spans import Status
from reviewer_app.store import Project, ProjectError, schema
from reviewer_app.store.schema import SCHEMA_VERSION, migrate

TEXT = "Inmate Kevin Richardson met KEVIN  RICHARDSON at the Board of Parole Hearings."


def write_v1_project(path) -> None:
    """A project exactly as reviewer_app with schema version 1 wrote it."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == [1]
    conn.execute("INSERT INTO project(key, value) VALUES ('format', 'reviewer-app-project'), ('name', 'old')")
    conn.execute(
        "INSERT INTO documents(id, source, sha256, word_count, metadata, detection_status, added_at,"
        " structure, text) VALUES ('h1', 'h1.pdf', 'abc', 12, ?, 'detected', 1.0, ?, ?)",
        (
            json.dumps({"inmate_name": "Kevin Richardson", "participants": []}),
            json.dumps({"utterances": [], "sections": [], "page_map": [], "notes": []}),
            TEXT,
        ),
    )
    conn.execute(
        "INSERT INTO whitelist(term, scope, note, added_by, added_at) VALUES ('Board of Parole Hearings',"
        " 'project', '', 'ann', 1.0)"
    )
    for start, end, label in ((7, 23, "PERSON"), (28, 45, "PERSON"), (53, 77, "ORGANIZATION")):
        conn.execute(
            'INSERT INTO spans(document_id, start, "end", label, detectors, origin, status, final_start,'
            " final_end, final_label, created_at, updated_at) VALUES ('h1', ?, ?, ?, '{\"spacy\": 0.8}',"
            " 'detected', 'pending', ?, ?, ?, 1.0, 1.0)",
            (start, end, label, start, end, label),
        )
    conn.close()


def test_v1_file_upgrades_keeping_its_data_and_gaining_text_keys(tmp_path):
    path = tmp_path / "old.db"
    write_v1_project(path)
    with Project.open(path) as project:
        assert project.schema_version == SCHEMA_VERSION
        assert project.name == "old"
        assert project.document("h1").metadata.inmate_name == "Kevin Richardson"
        spans = project.spans("h1")
        assert [s.label for s in spans] == ["PERSON", "PERSON", "ORGANIZATION"]
        # The new column was filled from the text: both spellings are one mention.
        assert {s.id for s in project.identical_spans(spans[0].id)} == {spans[0].id, spans[1].id}
        assert project.find_whitelist_term("board of parole hearings") is not None
        assert project.whitelist_matches("Board of Parole Hearings") == (0, 1)
        indexes = {r["name"] for r in project.db.query("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"spans_by_text", "spans_stats", "whitelist_unique"} <= indexes
        # The upgraded file works like a new one.
        project.add_whitelist_term("Kevin Richardson")
        assert [s.status for s in project.spans("h1")][:2] == [Status.REJECTED, Status.REJECTED]


def test_each_step_is_atomic_a_failing_upgrade_leaves_the_old_version(tmp_path, monkeypatch):
    path = tmp_path / "old.db"
    write_v1_project(path)

    def broken_step(conn):
        conn.execute("ALTER TABLE spans ADD COLUMN text_key TEXT NOT NULL DEFAULT ''")
        raise RuntimeError("disk full")

    monkeypatch.setattr(schema, "MIGRATIONS", (schema.MIGRATIONS[0], broken_step))
    with pytest.raises(RuntimeError, match="disk full"):
        Project.open(path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [r[1] for r in conn.execute("PRAGMA table_info(spans)")]
    assert "text_key" not in columns
    conn.close()
    monkeypatch.undo()
    with Project.open(path) as project:
        assert project.schema_version == SCHEMA_VERSION


def test_read_only_open_of_an_old_file_says_it_needs_an_upgrade(tmp_path):
    path = tmp_path / "old.db"
    write_v1_project(path)
    with pytest.raises(ProjectError, match="needs an upgrade"):
        Project.open(path, read_only=True)


def test_a_file_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "new.db"
    Project.create(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(ProjectError, match="update reviewer_app"):
        Project.open(path)


def test_v2_file_upgrades_marking_reviewed_clusters_and_keying_without_edge_punctuation(tmp_path):
    path = tmp_path / "v2.db"
    write_v1_project(path)
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=2) == [2]
    # "Board of Parole Hearings." (with the full stop) is another phrase at version 2.
    conn.execute(
        'INSERT INTO spans(document_id, start, "end", label, origin, status, final_start, final_end,'
        " final_label, created_at, updated_at, text_key) VALUES ('h1', 53, 78, 'ORGANIZATION', 'manual',"
        " 'pending', 53, 78, 'ORGANIZATION', 1.0, 1.0, 'board of parole hearings.')"
    )
    conn.execute(
        "INSERT INTO whitelist(term, scope, added_at, term_key) VALUES ('Board of Parole Hearings.',"
        " 'project', 2.0, 'board of parole hearings.')"
    )
    conn.execute("UPDATE spans SET whitelist_id = 2, status = 'rejected' WHERE id = 4")
    for cluster_id, name in ((1, "Kevin Richardson"), (2, "KEVIN RICHARDSON"), (3, "Board")):
        conn.execute("INSERT INTO clusters(id, document_id, label, name) VALUES (?, 'h1', 'PERSON', ?)",
                     (cluster_id, name))  # fmt: skip
    conn.execute("UPDATE spans SET cluster_id = id WHERE id IN (1, 2)")

    def audit(action, before, after, undone=0):
        conn.execute(
            "INSERT INTO audit(at, who, action, document_id, before, after, undone)"
            " VALUES (1.0, 'ann', ?, 'h1', ?, ?, ?)",
            (action, json.dumps(before), json.dumps(after), undone),
        )

    audit("set_clusters", {}, {"clusters": 3})
    # Merge 2 into 1, then a split of span 3 into cluster 3 that was undone.
    audit("merge_clusters", {"clusters": {"2": {"id": 2}}, "spans": {"2": {"id": 2, "cluster_id": 2}}},
          {"clusters": {"2": None}, "spans": {"2": {"id": 2, "cluster_id": 1}}})  # fmt: skip
    audit("split_cluster", {"clusters": {"3": None}, "spans": {"3": {"id": 3, "cluster_id": None}}},
          {"clusters": {"3": {"id": 3}}, "spans": {"3": {"id": 3, "cluster_id": 3}}}, undone=1)  # fmt: skip
    conn.execute("UPDATE spans SET cluster_id = 1 WHERE id = 2")
    conn.execute("DELETE FROM clusters WHERE id = 2")
    conn.close()

    with Project.open(path) as project:
        assert project.schema_version == SCHEMA_VERSION
        assert [(c.id, c.reviewed) for c in project.clusters("h1")] == [(1, True), (3, False)]
        board = project.spans("h1")[-1]
        assert project.span_text(board.id) == "Board of Parole Hearings."
        assert len(project.identical_spans(board.id)) == 2
        # The two entries are one phrase now: the older holds both spans.
        (entry,) = project.whitelist()
        assert entry.term == "Board of Parole Hearings"
        assert project.span(board.id).whitelist_id == entry.id
        assert project.whitelist_suppressed(entry.id) == (0, 1)
