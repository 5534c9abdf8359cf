"""Where an export may write: gold and mapping never inside the published folder,
file names from document ids that stay inside it, and all or nothing."""

from __future__ import annotations

import pytest

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.exporters.staging import ExportPathError, StagedExport, safe_file_stem, unique_stems
from reviewer_app.store import Project
from tests.unit.test_project_cli import _reviewed_project, run

TEXT = "COMMISSIONER JONES: Mr. Kevin Richardson spoke.\n"


def _listing(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def _spans_file(tmp_path):
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl

    source = tmp_path / "in" / "hearing.txt"
    source.parent.mkdir()
    source.write_text(TEXT, encoding="utf-8")
    text = TEXT.rstrip("\n")
    spans = [
        SpanRecord(Span(text.index(n), text.index(n) + len(n), "PERSON"), {"status": "accepted"})
        for n in ("JONES", "Kevin Richardson")
    ]
    return source, write_jsonl(tmp_path / "in" / "reviewed.jsonl", [Record("hearing", text, tuple(spans))])


@pytest.mark.parametrize("inside", [".", "gold"])
def test_gold_is_refused_in_or_below_the_published_folder(tmp_path, capsys, inside):
    source, reviewed = _spans_file(tmp_path)
    out = tmp_path / "out"
    gold = out / inside
    code = run("export", source, "--spans", reviewed, "--out", out, "--gold", "jsonl", "--gold-dir", gold)
    assert code == Exit.BAD_INPUT
    assert "gold files hold the original text" in capsys.readouterr().err
    assert not out.exists()
    path = tmp_path / "corpus.db"
    _reviewed_project(path)
    assert run("project", "export", path, "--out", out, "--gold", "jsonl", "--gold-dir", gold) == 2
    assert "gold files hold the original text" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("command", ["export", "project"])
def test_out_naming_an_existing_file_is_refused_plainly(tmp_path, capsys, command):
    source, reviewed = _spans_file(tmp_path)
    out = tmp_path / "out.txt"
    out.write_text("keep me", encoding="utf-8")
    if command == "export":
        code = run("export", source, "--spans", reviewed, "--out", out)
    else:
        _reviewed_project(tmp_path / "corpus.db")
        code = run("project", "export", tmp_path / "corpus.db", "--out", out)
    err = capsys.readouterr().err
    assert code == Exit.BAD_INPUT
    assert f"{out} names a file, not a folder" in err and "Traceback" not in err
    assert out.read_text(encoding="utf-8") == "keep me"


def test_detect_out_naming_a_file_is_refused_before_detecting(tmp_path, capsys):
    source, _ = _spans_file(tmp_path)
    out = tmp_path / "spans"
    out.write_text("", encoding="utf-8")
    assert run("detect", source, "--out", out / "deeper", "--detectors", "presidio") == Exit.BAD_INPUT
    assert f"lies under {out}, which is a file" in capsys.readouterr().err


def test_a_tampered_document_id_cannot_write_outside_out(tmp_path, capsys):
    path, out = tmp_path / "project" / "corpus.db", tmp_path / "project" / "out"
    path.parent.mkdir()
    with Project.create(path) as project:
        for doc_id in ("../../escaped", "..", "a/b\\c\x00d", "h1"):
            text = f"COMMISSIONER JONES: Mr. Reed, {doc_id!r}.\n"
            project.add_document(Document(doc_id, text))
            project.record_detection(doc_id, [Span(13, 18, "PERSON", ("spacy",))], ["spacy"])
            for span in project.spans(doc_id):
                project.accept(span.id)
    assert run("project", "export", path, "--out", out) == 0, capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["a_b_c_d.txt", "document.txt", "escaped.txt", "h1.txt"]
    elsewhere = [p for p in tmp_path.rglob("*") if p != out and out not in p.parents]
    assert all(p == path.parent or p.name.startswith("corpus.db") for p in elsewhere), elsewhere


def test_safe_file_stems():
    assert safe_file_stem("hearing-01") == "hearing-01"
    assert safe_file_stem("../../x") == "x"
    assert safe_file_stem("..") == "document"
    assert safe_file_stem("") == "document"
    assert safe_file_stem(".hidden") == "_hidden"
    assert safe_file_stem("C:\\evil\n") == "C__evil_"
    assert safe_file_stem("a..b") == "a.b"
    assert safe_file_stem("Smi\u00adth\u200b") == "Smi_th_"
    stems = unique_stems(["a/b", "a\\b", "A_B", "c"])
    assert stems == ["a_b", "a_b-2", "A_B-3", "c"]


def test_a_failure_while_publishing_undoes_what_was_moved(tmp_path, capsys):
    """h1.txt is moved into place, then h2.DRAFT.txt cannot be (a folder has its
    name): h1.txt is taken back and the earlier h1.txt restored."""
    path, out = tmp_path / "corpus.db", tmp_path / "out"
    _reviewed_project(path)
    out.mkdir()
    (out / "h1.txt").write_text("earlier export", encoding="utf-8")
    (out / "h2.DRAFT.txt").mkdir()
    gold = tmp_path / "gold"
    code = run("project", "export", path, "--out", out, "--draft", "--gold", "jsonl", "--gold-dir", gold)
    err = capsys.readouterr().err
    assert code == Exit.BAD_INPUT and "nothing was written" in err and "h2.DRAFT.txt is a folder" in err
    assert (out / "h1.txt").read_text(encoding="utf-8") == "earlier export"
    assert _listing(out) == ["h1.txt", "h2.DRAFT.txt"]
    assert not gold.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    with Project.open(path) as project:
        assert "exported" not in {s.state for s in project.list_documents()}


def test_a_failure_while_staging_leaves_nothing_behind(tmp_path):
    out, gold = tmp_path / "out", tmp_path / "private" / "gold"
    with pytest.raises(RuntimeError), StagedExport() as export:
        (export.folder(out) / "a.txt").write_text("text", encoding="utf-8")
        (export.folder(gold) / "a.gold.jsonl").write_text("gold", encoding="utf-8")
        raise RuntimeError("the writer failed")
    assert _listing(tmp_path) == []


def test_staging_refuses_a_folder_that_is_a_file(tmp_path):
    (tmp_path / "file").write_text("", encoding="utf-8")
    with StagedExport() as export, pytest.raises(ExportPathError, match="which is a file"):
        export.folder(tmp_path / "file" / "out")
    assert _listing(tmp_path) == ["file"]


def test_the_windows_export_is_staged_and_named_safely_too(tmp_path):
    from reviewer_app.ui.export_plan import plan_export, write_export

    text = "COMMISSIONER JONES: Mr. Reed spoke.\n"
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(Document("../../escaped", text))
        project.record_detection(doc_id, [Span(13, 18, "PERSON", ("spacy",)), Span(24, 28, "PERSON")], [])
        for span in project.spans(doc_id):
            project.accept(span.id)
        plan = plan_export(project, doc_id, draft=False)
    out, private = tmp_path / "work" / "out", tmp_path / "work" / "private"
    with pytest.raises(ExportPathError, match="Gold files hold the original text"):
        write_export(plan, out, ["jsonl"], out / "gold")
    blocker = tmp_path / "work" / "blocker"
    blocker.parent.mkdir()
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(ExportPathError, match="blocker names a file, not a folder"):
        write_export(plan, out, ["jsonl"], private, blocker / "mapping.json")
    assert _listing(tmp_path / "work") == ["blocker"]
    written = write_export(plan, out, ["jsonl"], private, private / "mapping.json")
    assert sorted(str(p.relative_to(tmp_path / "work")) for p in written) == [
        "out/escaped.txt",
        "private/escaped.gold.jsonl",
        "private/mapping.json",
    ]
    assert (out / "escaped.txt").read_text(encoding="utf-8").startswith("COMMISSIONER [PERSON_1]")


def test_two_transcripts_with_one_name_get_two_files(tmp_path, capsys):
    source, reviewed = _spans_file(tmp_path)
    twin = tmp_path / "elsewhere" / source.name
    twin.parent.mkdir()
    twin.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "out"
    assert run("export", source, twin, "--spans", reviewed, "--out", out) == 0, capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["hearing-2.txt", "hearing.txt"]


def _dead_pid() -> int:
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()  # ended and reaped: no process has its id now
    return child.pid


def test_staging_folders_left_by_a_killed_export_are_removed_at_the_next_export(tmp_path, capsys):
    import os
    import subprocess
    import sys

    source, reviewed = _spans_file(tmp_path)
    out, gold = tmp_path / "out", tmp_path / "private" / "gold"
    gold.parent.mkdir()
    dead = _dead_pid()
    stale = tmp_path / f".out.export-{dead}-k1ll3d_x"
    stale_gold = gold.parent / f".gold.export-{dead}-k1ll3d_y"
    for folder in (stale, stale_gold):
        folder.mkdir()
        (folder / "hearing.gold.jsonl").write_text('{"text": "Kevin Richardson"}', encoding="utf-8")
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        running = tmp_path / f".out.export-{alive.pid}-running1"  # another export, still writing
        unknown = tmp_path / ".out.export-abcd1234"  # no process id in its name: not ours to judge
        running.mkdir()
        unknown.mkdir()
        code = run("export", source, "--spans", reviewed, "--out", out, "--gold", "jsonl", "--gold-dir", gold)
        err = capsys.readouterr().err
        assert code == Exit.OK, err
        assert not stale.exists() and not stale_gold.exists()
        assert f"{stale}, left by an interrupted export (process {dead} is gone)" in err
        assert f"{stale_gold}, left by an interrupted export" in err
        assert running.is_dir() and unknown.is_dir()
        assert str(running) not in err
    finally:
        alive.kill()
        alive.wait()
    # Staging itself (the window's export) removes them too; its own folders carry its id.
    stale.mkdir()
    with StagedExport() as export:
        assert export.folder(out).name.startswith(f".out.export-{os.getpid()}-")
        assert not stale.exists()


def test_project_export_removes_stale_staging_folders(tmp_path, capsys):
    path, out = tmp_path / "corpus.db", tmp_path / "out"
    _reviewed_project(path)
    stale = tmp_path / f".out.export-{_dead_pid()}-k1ll3d_z"
    stale.mkdir()
    (stale / "h1.txt").write_text("COMMISSIONER JONES: Mr. Kevin Richardson", encoding="utf-8")
    # h2 has a pending span: without --draft only h1 is written.
    assert run("project", "export", path, "--out", out) == Exit.OK
    assert not stale.exists()
    assert "left by an interrupted export" in capsys.readouterr().err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.export-")]
