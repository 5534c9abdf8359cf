"""One writer per project *file*, whatever name it is opened by, and a file that
is not a project is refused before anything changes."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import Project, ProjectError, ProjectLocked, ReadOnlyProject

TEXT = "Inmate Kevin Richardson spoke to Commissioner Ann Lee in Fresno."


@pytest.fixture
def project_path(tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        project.add_document(Document("h1", TEXT))
        project.record_detection("h1", [Span(7, 23, "PERSON", ("spacy",)), Span(57, 63, "LOCATION")])
    return path


def _link(kind: str, target, link) -> None:
    if kind == "hard link":
        os.link(target, link)
    else:
        link.symlink_to(target)


@pytest.mark.parametrize("kind", ["hard link", "symlink"])
def test_another_name_of_an_open_project_gets_no_second_writer(project_path, tmp_path, kind):
    other_dir = tmp_path / "elsewhere"
    other_dir.mkdir()
    link = other_dir / "copy.db"
    _link(kind, project_path, link)
    with Project.open(project_path, read_only=False) as writer:
        first, second = (s.id for s in writer.spans("h1"))
        writer.accept(first)  # committed to the journal, not yet to the file itself
        with pytest.raises(ProjectLocked, match=r"open for writing.* by .*process \d+"):
            Project.open(link, read_only=False)
        with Project.open(link) as viewer:
            assert viewer.read_only and str(os.getpid()) in viewer.locked_by
            # The view reads through the writer's name, so it sees the writer's commits.
            assert viewer.span(first).status is Status.ACCEPTED
            with pytest.raises(ReadOnlyProject):
                viewer.reject(second)
        writer.reject(second)
    with Project.open(link, read_only=False) as reopened:  # once closed, the link may write
        assert [s.status for s in reopened.spans("h1")] == [Status.ACCEPTED, Status.REJECTED]
        assert reopened.integrity_check() == "ok"


_HOLDER = textwrap.dedent(
    """
    import sys
    from reviewer_app.store import Project
    project = Project.open(sys.argv[1], read_only=False)
    project.accept(project.spans("h1")[0].id)
    print("locked", flush=True)
    sys.stdin.readline()
    project.close()
    """
)


def test_a_hard_link_in_another_process_gets_no_second_writer(project_path, tmp_path):
    link = tmp_path / "link.db"
    os.link(project_path, link)
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(project_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(ProjectLocked, match=rf"open for writing as .*p\.db by .*process {holder.pid}\b"):
            Project.open(link, read_only=False)
        with Project.open(link) as viewer:
            assert viewer.read_only and viewer.spans("h1")[0].status is Status.ACCEPTED
    finally:
        holder.communicate("\n", timeout=30)
    assert holder.returncode == 0


def test_a_writer_through_a_hard_link_reads_a_crashed_writers_journal(project_path, tmp_path):
    link = tmp_path / "copy.db"
    os.link(project_path, link)
    writer = Project.open(project_path, read_only=False)
    span_id = writer.spans("h1")[0].id
    writer.accept(span_id)
    # A crash: the journal beside p.db holds the decision, the lock goes with the process.
    writer._lock.release()
    with Project.open(link, read_only=False) as other:
        assert other.span(span_id).status is Status.ACCEPTED
    writer._conn.close()


def _snapshot(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _foreign(path, user_version: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (x TEXT)")
    conn.execute("INSERT INTO notes VALUES ('private')")
    conn.execute(f"PRAGMA user_version = {user_version}")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("user_version", [0, 1, 2])
@pytest.mark.parametrize("read_only", [None, False, True])
def test_a_sqlite_file_that_is_no_project_is_refused_before_anything_changes(
    tmp_path, isolated_user_dirs, user_version, read_only
):
    folder = tmp_path / "folder"
    folder.mkdir()
    foreign = folder / "other.db"
    _foreign(foreign, user_version)
    before = _snapshot(folder)
    with pytest.raises(ProjectError, match="not a reviewer_app project"):
        Project.open(foreign, read_only=read_only)
    assert _snapshot(folder) == before  # same bytes (no WAL switch), no .lock, no journal
    assert not list((isolated_user_dirs / "data").glob("locks/*"))


def test_an_empty_file_is_not_made_into_a_project_by_opening_it(tmp_path):
    empty = tmp_path / "notes.db"
    empty.touch()
    with pytest.raises(ProjectError, match="is empty"):
        Project.open(empty)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.db"] and empty.stat().st_size == 0
