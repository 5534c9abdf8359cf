"""Honest exports (issue 11 §3): a rejected span and a draft's pending false detection
add no finding, and a reviewer's "not identifying here" is stored, audited and honoured
at its own place only."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.exporters.jsonl import read_gold_jsonl
from reviewer_app.importers import import_file
from reviewer_app.settings import load_settings
from reviewer_app.store import Project, ReadOnlyProject
from reviewer_app.store.allowances import allow_here, allowances, guard_exemptions, remove_allowance
from reviewer_app.store.schema import migrate
from reviewer_app.ui.export_plan import plan_export, write_export

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample" / "sample_hearing.txt"


def _span_over(project, doc_id, text, needle, label, occurrence=0):
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    return project.added_span_id(project.add_span(doc_id, start, start + len(needle), label))


def test_the_samples_rejected_cover_word_and_pending_false_person_block_nothing(tmp_path):
    """The issue's example: "CALIFORNIA" on the cover rejected, "Training Facility" a
    pending false PERSON; California accepted once as a place elsewhere."""
    document = import_file(SAMPLE, load_settings())
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(document)
        text = project.document_text(doc_id)
        cover = _span_over(project, doc_id, text, "CALIFORNIA", "LOCATION")
        project.reject(cover)
        place = text.index("San Quentin, California") + len("San Quentin, ")
        project.add_span(doc_id, place, place + len("California"), "LOCATION")
        false_person = text.index("Training Facility")
        project.add_span(
            doc_id, false_person, false_person + len("Training Facility"), "PERSON", status=Status.PENDING
        )
        plan = plan_export(project, doc_id, draft=True)
        found = {h.found.casefold() for h in plan.leaks}
        assert "facility" not in found  # the pending false person adds no term
        cover_start = text.index("CALIFORNIA")
        assert all(not (h.start <= cover_start < h.end) for h in plan.leaks)  # rejected there
        # Elsewhere "California" is still what the reviewer accepted as a place: found.
        assert "california" in found


def _project_with_long(tmp_path):
    text = "Inmate Rodney Long spoke. It was a long day, and Long said so. Long ago it was long.\n"
    project = Project.create(tmp_path / "p.db")
    doc_id = project.add_document(Document("d", text))
    start = text.index("Rodney Long")
    project.add_span(doc_id, start, start + len("Rodney Long"), "PERSON")
    return project, doc_id, text


def test_not_identifying_here_is_stored_audited_and_honoured_at_its_place_only(tmp_path):
    project, doc_id, text = _project_with_long(tmp_path)
    with project:
        plan = plan_export(project, doc_id, draft=False)
        # Only the capitalised mid-sentence "Long" is a finding; the lower-case word and
        # the "Long" that starts a sentence are not.
        (hit,) = plan.leaks
        assert (hit.found, hit.start) == ("Long", plan.result.text.index("Long said"))
        assert "ordinary English word" in hit.note
        where = text.index("Long said")
        allowance = allow_here(project, doc_id, where, where + 4, hit.kind, hit.label)
        assert [(a.start, a.end) for a in allowances(project, doc_id)] == [(where, where + 4)]
        assert project.audit_log(1)[0].action == "leak_allow"
        assert "Long" not in str(project.audit_log(1)[0].after)  # ids and offsets, not text
        plan = plan_export(project, doc_id, draft=False)
        assert plan.leaks == () and plan.clean
        assert plan.report() == [
            f"line 1, column {where + 1}: name part (PERSON) allowed as not identifying by "
            f"{allowance.reviewer}"
        ]
        written = write_export(plan, tmp_path / "out", ["jsonl"], tmp_path / "gold")
        (gold,) = read_gold_jsonl(written[1])
        assert gold.meta["leak_guard_allowed"][0]["text"] == "Long"
        assert gold.meta["leak_guard_allowed"][0]["start"] == where
        remove_allowance(project, allowance.id)
        assert project.audit_log(1)[0].action == "leak_allow_remove"
        assert len(plan_export(project, doc_id, draft=False).leaks) == 1


def test_an_allowance_survives_a_reopen_and_needs_a_writable_project(tmp_path):
    project, doc_id, text = _project_with_long(tmp_path)
    where = text.index("Long said")
    with project:
        allow_here(project, doc_id, where, where + 4, "name part", "PERSON")
        with pytest.raises(ValueError):
            allow_here(project, doc_id, 0, len(text) + 1)
    with Project.open(tmp_path / "p.db", read_only=True) as reader:
        assert [(a.start, a.label) for a in allowances(reader, doc_id)] == [(where, "PERSON")]
        with pytest.raises(ReadOnlyProject):
            allow_here(reader, doc_id, 0, 4)


def test_a_rejected_span_is_no_finding_there_unless_it_is_a_persons_name(tmp_path):
    text = "Ann Lee moved to Fresno. Fresno State called, and Lee said Fresno again.\n"
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(Document("d", text))
        project.add_span(doc_id, 0, 7, "PERSON")
        project.add_span(doc_id, text.index("Fresno"), text.index("Fresno") + 6, "LOCATION")
        second = text.index("Fresno", text.index("Fresno") + 1)
        project.reject(project.added_span_id(project.add_span(doc_id, second, second + 6, "LOCATION")))
        lee = text.index("Lee said")
        project.reject(project.added_span_id(project.add_span(doc_id, lee, lee + 3, "PERSON")))
        plan = plan_export(project, doc_id, draft=False)
        out = plan.result.text
        # The rejected place is not one there; the third "Fresno" is. The rejected
        # "Lee" stays a finding: a known person's name needs "Not identifying here".
        assert [(h.found, h.start) for h in plan.leaks] == [
            ("Lee", out.index("Lee said")),
            ("Fresno", out.index("Fresno again")),
        ]
        assert [(s.start, s.end) for s in plan.exemptions.rejected] == [(second, second + 6), (lee, lee + 3)]


def test_a_version_3_project_gains_the_allowances_table(tmp_path):
    from tests.unit.test_store_migrations import write_v1_project

    path = tmp_path / "old.db"
    write_v1_project(path)
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=3) == [2, 3]
    conn.close()
    with Project.open(path) as project:
        assert project.schema_version >= 4  # the version that added allowances, or later
        allow_here(project, "h1", 7, 12, "name part", "PERSON")
        assert [(a.start, a.end) for a in allowances(project, "h1")] == [(7, 12)]
        project.remove_document("h1")
        assert allowances(project, "h1") == []  # they go with their document


def test_project_export_honours_and_lists_the_windows_decisions(tmp_path, capsys):
    from tests.unit.test_project_cli import run

    path, out, gold = tmp_path / "p.db", tmp_path / "out", tmp_path / "gold"
    text = "Inmate Rodney Long spoke. It was a long day, and Long said so.\n"
    with Project.create(path) as project:
        doc_id = project.add_document(Document("d", text))
        name = text.index("Rodney Long")
        project.record_detection(doc_id, [Span(name, name + 11, "PERSON", ("spacy",))], ["spacy"])
        project.accept(project.spans(doc_id)[0].id)
    assert run("project", "export", path, "--out", out) == Exit.LEAK  # the capitalised "Long"
    assert not (out / f"{doc_id}.txt").exists()
    where = text.index("Long said")
    with Project.open(path) as project:
        allow_here(project, doc_id, where, where + 4, "name part", "PERSON")
    capsys.readouterr()
    assert run("project", "export", path, "--out", out, "--gold", "jsonl", "--gold-dir", gold) == 0
    assert "allowed as not identifying" in capsys.readouterr().err
    assert "Long said" in (out / f"{doc_id}.txt").read_text()
    (record,) = read_gold_jsonl(gold / f"{doc_id}.gold.jsonl")
    assert [a["start"] for a in record.meta["leak_guard_allowed"]] == [where]


def test_export_with_a_spans_file_honours_its_rejected_spans_as_project_export_does(tmp_path, capsys):
    """`export --spans`: a span the reviewer rejected ("CALIFORNIA" on the cover) adds
    no finding there; an accepted "California" elsewhere still makes other occurrences
    findings, and a rejected person's name stays one (the window's rule)."""
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
    from tests.unit.test_project_cli import run

    text = "STATE OF CALIFORNIA\nMr. Ann Lee lived in San Quentin, California, with Lee.\n"
    source = tmp_path / "hearing.txt"
    source.write_text(text, encoding="utf-8")
    text = import_file(source, load_settings()).text

    def record(*decided):
        spans = []
        for needle, label, status, occurrence in decided:
            start = -1
            for _ in range(occurrence + 1):
                start = text.index(needle, start + 1)
            spans.append(SpanRecord(Span(start, start + len(needle), label), {"status": status}))
        return write_jsonl(tmp_path / "reviewed.jsonl", [Record("hearing", text, tuple(spans))])

    accepted = [("Ann Lee", "PERSON", "accepted", 0), ("California", "LOCATION", "accepted", 0)]
    reviewed = record(*accepted, ("CALIFORNIA", "LOCATION", "rejected", 0), ("Lee", "PERSON", "accepted", 1))
    out = tmp_path / "out"
    assert run("export", source, "--spans", reviewed, "--out", out) == Exit.OK, capsys.readouterr().err
    assert (out / "hearing.txt").read_text(encoding="utf-8").startswith("STATE OF CALIFORNIA\n")
    # A rejected person's name is still a finding, as in the window and `project export`.
    reviewed = record(*accepted, ("CALIFORNIA", "LOCATION", "rejected", 0), ("Lee", "PERSON", "rejected", 1))
    capsys.readouterr()
    assert run("export", source, "--spans", reviewed, "--out", tmp_path / "out2") == Exit.LEAK
    assert "line 2" in capsys.readouterr().err


def test_allow_decisions_are_undone_and_redone_like_review_actions_across_a_reopen(tmp_path):
    from reviewer_app.store.commands import AllowHere, CommandStack, RemoveAllowance

    project, doc_id, text = _project_with_long(tmp_path)
    where = text.index("Long said")
    with project:
        stack = CommandStack(project)
        allow = stack.do(AllowHere(doc_id, where, where + 4, "name part", "PERSON"))
        assert [a.id for a in allowances(project, doc_id)] == [allow.allowance_id]
        assert plan_export(project, doc_id, draft=False).clean
        stack.undo()
        assert allowances(project, doc_id) == []
        assert len(plan_export(project, doc_id, draft=False).leaks) == 1
        stack.redo()
        (allowance,) = allowances(project, doc_id)
        assert (allowance.id, allowance.start, allowance.reviewer) == (
            allow.allowance_id,
            where,
            project.reviewer,
        )
        stack.do(RemoveAllowance(allowance.id))
        assert allowances(project, doc_id) == []
        assert "Long" not in str(project.audit_log(1)[0].before)  # the row, never the text
    with Project.open(tmp_path / "p.db") as reopened:
        stack = CommandStack.from_history(reopened)
        assert stack.undo_text == "remove a not-identifying decision"
        stack.undo()
        assert allowances(reopened, doc_id) == [allowance]
        stack.undo()
        assert allowances(reopened, doc_id) == [] and stack.redo_text == "mark a finding not identifying"


def test_the_guard_exemptions_of_a_document_are_its_pending_rejected_and_allowed_places(tmp_path):
    text = "Ann Lee moved to Fresno. It was a long day.\n"
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(Document("d", text))
        project.add_span(doc_id, 0, 7, "PERSON")
        project.add_span(doc_id, 17, 23, "LOCATION", status=Status.PENDING)
        rejected = project.added_span_id(project.add_span(doc_id, 4, 7, "PERSON"))
        project.reject(rejected)
        long = text.index("long")
        allow_here(project, doc_id, long, long + 4, "name part", "PERSON")
        replaced = project.spans(doc_id, [Status.ACCEPTED, Status.PENDING])
        exemptions = guard_exemptions(project, doc_id, replaced, ["Fresno"])
    assert exemptions.allow == ("Fresno",)
    assert [replaced[i].span.label for i in exemptions.undecided] == ["LOCATION"]
    assert [(s.start, s.end) for s in exemptions.rejected] == [(4, 7)]
    assert exemptions.allowed_at == ((long, long + 4),)
