"""`reviewer-app project` and `reviewer-app whitelist`, run in-process."""

from __future__ import annotations

import json
import stat

import pytest

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.cli.main import main
from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import Project

HEARING_A = (
    "PRESIDING COMMISSIONER JONES: Good morning, Mr. Kevin Richardson. You were born in Fresno, "
    "California on June 3, 1975.\n"
    "INMATE RICHARDSON: Yes. My brother Michael Richardson lives in Los Angeles.\n"
)
HEARING_B = (
    "DEPUTY COMMISSIONER SMITH: Mr. Alvarez, you worked at Acme Roofing in San Diego.\n"
    "INMATE ALVAREZ: That is right. Maria Alvarez is my sister.\n"
)


@pytest.fixture
def transcripts(tmp_path):
    a, b = tmp_path / "hearing_a.txt", tmp_path / "hearing_b.txt"
    a.write_text(HEARING_A, encoding="utf-8")
    b.write_text(HEARING_B, encoding="utf-8")
    return a, b


def run(*argv: str) -> int:
    return main([str(a) for a in argv])


def test_new_creates_a_private_project_and_refuses_to_overwrite(tmp_path, capsys):
    path = tmp_path / "corpus.db"
    assert run("project", "new", path, "--name", "parole") == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with Project.open(path) as project:
        assert project.name == "parole"
    assert run("project", "new", path) == 2
    assert "already exists" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert run("project", "new", tmp_path / "file" / "p.db") == 2
    assert "cannot create" in capsys.readouterr().err


def test_add_detects_status_reports_and_redetect_keeps_decisions(tmp_path, transcripts, capsys):
    path = tmp_path / "corpus.db"
    run("project", "new", path)
    assert run("project", "add", path, *transcripts, "--detectors", "spacy") == 0
    err = capsys.readouterr().err
    assert "2/2" in err and "person clusters" in err
    with Project.open(path) as project:
        (a, b) = project.list_documents()
        assert (a.id, b.id) == ("hearing_a", "hearing_b")
        assert a.detection_status == "detected" and a.detectors == ("spacy",)
        spans = project.spans(a.id)
        # Every span with its detector and score (the merge step may propagate a name, or
        # propose one from a speaker tag).
        assert all(s.detectors and s.detector_names[0] in ("spacy", "propagation", "context") for s in spans)
        assert sum(s.detector_names == ("spacy",) for s in spans) >= 3
        people = [s for s in spans if s.label == "PERSON"]
        assert project.clusters(a.id) and people
        project.accept(people[0].id)
        project.reject(spans[-1].id)
        decided = {people[0].id: Status.ACCEPTED, spans[-1].id: Status.REJECTED}
        total = a.stats.total + b.stats.total
        # The reviewer says the two Richardsons are one person (a merge to keep).
        kevin, michael = (c for c in project.clusters(a.id) if "Richardson" in c.name)
        project.merge_clusters(kevin.id, michael.id)
        merged = project.cluster(kevin.id).span_ids

    assert run("project", "add", path, transcripts[0]) == 0
    assert "already in the project as hearing_a; skipped" in capsys.readouterr().err
    assert run("project", "add", path, transcripts[0], "--detectors", "spacy", "--redetect") == 0
    assert "0 new spans" in capsys.readouterr().err
    with Project.open(path) as project:
        assert {i: project.span(i).status for i in decided} == decided
        assert len(project.document_ids()) == 2
        assert project.cluster(kevin.id).span_ids == merged and project.cluster(kevin.id).reviewed

    assert run("project", "status", path) == 0
    out = capsys.readouterr().out
    assert "hearing_a" in out and "in review" in out and f"2 of {total} spans reviewed" in out
    assert run("project", "status", path, "--json") == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["corpus"]["spans"] == total and figures["corpus"]["reviewed"] == 2
    assert [d["id"] for d in figures["documents"]] == ["hearing_a", "hearing_b"]
    assert figures["documents"][0]["by_status"]["accepted"] == 1


def test_add_with_several_jobs_imports_in_worker_processes(tmp_path, transcripts, capsys):
    path = tmp_path / "corpus.db"
    run("project", "new", path)
    third = tmp_path / "hearing_c.txt"
    third.write_text(HEARING_A.replace("Kevin", "Steven"), encoding="utf-8")
    unsupported = tmp_path / "notes.docx"
    unsupported.write_bytes(b"PK")
    assert run("project", "add", path, *transcripts, third, unsupported, "--jobs", "2", "--no-detect") == 2
    err = capsys.readouterr().err
    assert "4/4" in err and "notes.docx: not added" in err
    with Project.open(path) as project:
        summaries = project.list_documents()
    assert sorted(s.id for s in summaries) == ["hearing_a", "hearing_b", "hearing_c"]
    assert {s.detection_status for s in summaries} == {"not_detected"}


class _Killed(BaseException):
    """Stands for a SIGKILL: nothing after it runs, no handler catches it."""


def test_a_document_added_but_never_detected_is_not_reviewed_and_the_next_run_detects_it(
    tmp_path, transcripts, capsys, monkeypatch
):
    path, out = tmp_path / "corpus.db", tmp_path / "out"
    run("project", "new", path)

    def killed(*args, **kwargs):
        raise _Killed

    # The process dies after the document's commit, before its detection's.
    monkeypatch.setattr(Project, "record_detection", killed)
    with pytest.raises(_Killed):
        run("project", "add", path, transcripts[0], "--detectors", "spacy")
    monkeypatch.undo()
    capsys.readouterr()

    assert run("project", "status", path, "--json") == 0
    figures = json.loads(capsys.readouterr().out)
    (document,) = figures["documents"]
    assert document["state"] == "not_detected" and document["share_reviewed"] == 0
    assert figures["corpus"]["fully_reviewed"] == 0 and figures["corpus"]["share_reviewed"] == 0
    assert figures["corpus"]["not_detected"] == 1
    assert run("project", "status", path) == 0
    printed = capsys.readouterr().out
    assert "100%" not in printed and "1 not detected yet" in printed
    # Not even a draft: nothing was found, so a draft would be the original text.
    assert run("project", "export", path, "--out", out, "--draft") == 0
    assert not out.exists() or not any(out.iterdir())
    assert "not detected; skipped" in capsys.readouterr().err

    assert run("project", "add", path, transcripts[0], "--detectors", "spacy") == 0
    assert "not detected yet; detecting it" in capsys.readouterr().err
    with Project.open(path) as project:
        (summary,) = project.list_documents()
        assert summary.detection_status == "detected" and summary.stats.total >= 3
        assert project.clusters(summary.id)
    assert run("project", "add", path, transcripts[0], "--detectors", "spacy") == 0
    assert "already in the project as hearing_a; skipped" in capsys.readouterr().err


def test_a_document_no_detector_ran_on_is_failed_not_reviewed_until_a_run_detects_it(
    tmp_path, transcripts, capsys
):
    path = tmp_path / "corpus.db"
    run("project", "new", path)
    assert run("project", "add", path, transcripts[0], "--detectors", "nosuch") == Exit.FAILED
    assert "detector nosuch did not run" in capsys.readouterr().err
    with Project.open(path) as project:
        (summary,) = project.list_documents()
    assert summary.state == "failed" and not summary.fully_reviewed and summary.share_reviewed == 0
    assert run("project", "add", path, transcripts[0], "--detectors", "spacy") == 0
    with Project.open(path) as project:
        (summary,) = project.list_documents()
    assert summary.state == "in_review" and summary.detectors == ("spacy",)


def test_commands_say_clearly_when_another_process_holds_the_project(tmp_path, transcripts, capsys):
    path = tmp_path / "corpus.db"
    run("project", "new", path)
    with Project.open(path, read_only=False):  # the window, say
        assert run("project", "add", path, transcripts[0], "--no-detect") == 2
        assert "open for writing by" in capsys.readouterr().err
        assert run("project", "status", path) == 0  # reading still works
        assert run("whitelist", path, "add", "Board") == 2
    assert run("project", "status", tmp_path / "missing.db") == 2
    assert "does not exist" in capsys.readouterr().err


def _reviewed_project(path):
    """Two documents: h1 fully reviewed, h2 with "Fresno" pending."""
    text = "COMMISSIONER JONES: Mr. Kevin Richardson, you lived in Fresno.\n"
    with Project.create(path) as project:
        for doc_id in ("h1", "h2"):
            project.add_document(Document(doc_id, text + f"INMATE RICHARDSON: Yes, {doc_id}.\n"))
            doc_text = project.document_text(doc_id)
            spans = [
                Span(doc_text.index(needle), doc_text.index(needle) + len(needle), label, ("spacy",))
                for needle, label in (
                    ("JONES", "PERSON"),
                    ("Kevin Richardson", "PERSON"),
                    ("Fresno", "LOCATION"),
                    ("RICHARDSON", "PERSON"),
                )
            ]
            project.record_detection(doc_id, spans, ["spacy"])
        for span in project.spans("h1"):
            project.accept(span.id)
        for span in project.spans("h2"):
            if project.span_text(span.id) != "Fresno":
                project.accept(span.id)


def test_export_writes_only_reviewed_documents_unless_draft(tmp_path, capsys):
    path, out, gold = tmp_path / "corpus.db", tmp_path / "out", tmp_path / "gold"
    _reviewed_project(path)
    assert run("project", "export", path, "--out", out, "--gold", "jsonl", "--gold-dir", gold) == 0
    assert sorted(p.name for p in out.iterdir()) == ["h1.txt"]
    text = (out / "h1.txt").read_text(encoding="utf-8")
    assert "Richardson" not in text and "RICHARDSON" not in text and "Fresno" not in text
    assert "[PERSON_" in text
    (record,) = [json.loads(line) for line in (gold / "h1.gold.jsonl").read_text().splitlines()]
    assert {s["status"] for s in record["spans"]} == {"accepted"} and len(record["spans"]) == 4
    assert "skipped as not fully reviewed" in capsys.readouterr().err
    with Project.open(path) as project:
        states = {s.id: s.state for s in project.list_documents()}
    assert states == {"h1": "exported", "h2": "in_review"}

    assert run("project", "export", path, "--out", out, "--draft") == 0
    assert sorted(p.name for p in out.iterdir()) == ["h1.txt", "h2.DRAFT.txt"]
    assert "Fresno" not in (out / "h2.DRAFT.txt").read_text(encoding="utf-8")  # pending replaced too
    assert "DRAFT" in capsys.readouterr().err
    assert run("project", "export", path, "--out", out, "--gold", "conll") == 2
    assert run("project", "export", path, "--out", out, "--mapping", out / "mapping.json") == 2
    assert "sensitive" in capsys.readouterr().err
    mapping = tmp_path / "private" / "mapping.json"
    assert run("project", "export", path, "--out", out, "--mapping", mapping) == 0
    entries = json.loads(mapping.read_text(encoding="utf-8"))["documents"][0]["entries"]
    assert any("Kevin Richardson" in e["originals"] for e in entries)


def test_export_numbers_people_as_the_reviewer_grouped_them(tmp_path, capsys):
    from reviewer_app.store.project import propose_clusters

    path, out = tmp_path / "corpus.db", tmp_path / "out"
    text = "COMMISSIONER JONES: Mr. Stevenson, Stephens wrote. Mr. Stevenston did not.\n"
    with Project.create(path) as project:
        project.add_document(Document("h1", text))
        spans = [
            Span(text.index(n), text.index(n) + len(n), "PERSON", ("spacy",))
            for n in ("JONES", "Stevenson", "Stephens", "Stevenston")
        ]
        project.record_detection("h1", spans, ["spacy"])
        propose_clusters(project, "h1", 88.0)
        for span in project.spans("h1"):
            project.accept(span.id)
        clusters = {project.span_text(c.span_ids[0]): c for c in project.clusters("h1")}
        # Proposed: Stevenson and its misspelling Stevenston together, Stephens apart.
        assert {n: len(c.span_ids) for n, c in clusters.items()} == {
            "JONES": 1,
            "Stevenson": 2,
            "Stephens": 1,
        }
        project.merge_clusters(clusters["Stevenson"].id, clusters["Stephens"].id)
        stevenston = next(s.id for s in project.spans("h1") if project.span_text(s.id) == "Stevenston")
        project.split_cluster([stevenston])
    assert run("project", "export", path, "--out", out) == 0
    exported = (out / "h1.txt").read_text(encoding="utf-8")
    tags = exported.split("Mr. ")[1:]
    assert exported.startswith("COMMISSIONER [PERSON_1]:")
    assert tags[0].startswith("[PERSON_2], [PERSON_2] wrote")  # merged: the same tag
    assert tags[1].startswith("[PERSON_3] did not")  # split off: its own tag


def test_export_refuses_a_document_the_leak_guard_stops(tmp_path, capsys):
    path, out = tmp_path / "corpus.db", tmp_path / "out"
    _reviewed_project(path)
    with Project.open(path) as project:
        tag = next(s for s in project.spans("h1") if project.span_text(s.id) == "RICHARDSON")
        project.reject(tag.id)  # the reviewer let the surname through
    # h2 (a draft) would be fine alone; the export is written whole or not at all.
    assert run("project", "export", path, "--out", out, "--draft") == Exit.LEAK
    err = capsys.readouterr().err
    assert "h1: " in err and "nothing was written" in err
    assert not out.exists()
    assert not list(tmp_path.glob(".*"))  # no staging folder left either


def test_whitelist_commands(tmp_path, capsys):
    path = tmp_path / "corpus.db"
    _reviewed_project(path)
    assert run("whitelist", path, "add", "fresno", "--note", "a county seat") == 0
    assert "1 pending spans rejected" in capsys.readouterr().out  # h2's; h1's was accepted
    assert run("whitelist", path, "add", "FRESNO") == 2
    assert "already whitelisted" in capsys.readouterr().err
    assert run("whitelist", path, "add", "Jones", "--document", "h9") == 2
    assert run("whitelist", path, "add", "Jones", "--document", "h2") == 0
    capsys.readouterr()
    assert run("whitelist", path, "list", "--json") == 0
    listed = {e["term"]: e for e in json.loads(capsys.readouterr().out)}
    assert listed["fresno"]["rejected_spans"] == 1 and listed["fresno"]["note"] == "a county seat"
    assert listed["Jones"]["scope"] == "document" and listed["Jones"]["document"] == "h2"
    assert run("whitelist", path, "list") == 0
    assert "fresno\tproject\t1 spans rejected" in capsys.readouterr().out

    exported = tmp_path / "terms.txt"
    assert run("whitelist", path, "export", exported) == 0
    assert [t for t in exported.read_text().splitlines() if not t.startswith("#")] == ["fresno"]

    assert run("whitelist", path, "remove", "Fresno") == 0
    assert "1 spans pending again" in capsys.readouterr().out
    assert run("whitelist", path, "remove", "Fresno") == 2
    with Project.open(path) as project:
        fresno = [s for s in project.spans("h2") if project.span_text(s.id) == "Fresno"]
        assert fresno[0].status is Status.PENDING

    incoming = tmp_path / "incoming.txt"
    incoming.write_text("# agencies\nBoard of Parole Hearings\n\nfresno\nJONES\n", encoding="utf-8")
    assert run("whitelist", path, "import", incoming, "--note", "domain") == 0
    assert "3 terms added, 0 already whitelisted; 1 pending spans rejected" in capsys.readouterr().out
    assert run("whitelist", path, "import", incoming) == 0
    assert "0 terms added, 3 already whitelisted" in capsys.readouterr().out


def test_progress_bar_redraws_in_place_on_a_terminal_and_writes_lines_otherwise():
    import io

    from reviewer_app.cli.project_cmd import ProgressBar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    bar = ProgressBar(2, terminal, width=10)
    bar.detail("spacy", 0.5)
    bar.step("a.pdf")
    bar.step("b.pdf")
    drawn = terminal.getvalue()
    assert drawn.startswith("\r[##........] 0/2 spacy 50%")
    assert "\r[#####.....] 1/2 a.pdf" in drawn and drawn.endswith("\n")
    log = io.StringIO()
    bar = ProgressBar(2, log, width=10)
    bar.detail("spacy", 0.5)  # not on a terminal: no partial lines in a log
    bar.step("a.pdf")
    assert log.getvalue() == "[#####.....] 1/2 a.pdf\n"
