"""Review commands over the store, and the Qt-free undo stack."""

from __future__ import annotations

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import ClusterProposal, Project
from reviewer_app.store.commands import (
    Accept,
    AddSpan,
    AddSpans,
    CommandStack,
    DecideCluster,
    DecideIdentical,
    DecideMany,
    MergeClusters,
    Reject,
    Relabel,
    RelabelCluster,
    Resize,
    SplitCluster,
    UnwhitelistTerm,
    WhitelistTerm,
)

TEXT = (
    "COMMISSIONER JONES: Mr. Richardson, you were at Acme Roofing in Fresno.\n"
    "INMATE RICHARDSON: Yes. Richardson is my name; Kevin Richardson. Ask Jones.\n"
    "COMMISSIONER JONES: The Board of Parole Hearings thanks you."
)
NEEDLES = (
    ("JONES", "PERSON"),
    ("Richardson", "PERSON"),
    ("Acme Roofing", "ORGANIZATION"),
    ("Fresno", "LOCATION"),
    ("RICHARDSON", "PERSON"),
    ("Richardson is", "PERSON"),  # too wide: the reviewer narrows it
    ("Kevin Richardson", "PERSON"),
    ("Jones", "PERSON"),
    ("Board of Parole Hearings", "ORGANIZATION"),
)


@pytest.fixture
def project(tmp_path):
    with Project.create(tmp_path / "p.db") as project:
        document = Document("h1", TEXT)
        project.add_document(document)
        spans = []
        for needle, label in NEEDLES:
            start = TEXT.index(needle)
            spans.append(Span(start, start + len(needle), label, ("spacy",), 0.8))
        project.record_detection("h1", spans, ["spacy"])
        yield project


def span_of(project, needle):
    (span,) = [s for s in project.spans("h1") if project.span_text(s.id) == needle]
    return span


def snapshot(project):
    return (project.spans("h1"), project.whitelist(), project.clusters("h1"))


def test_every_command_undoes_to_the_exact_state_and_redoes(project):
    stack = CommandStack(project)
    people = [s.id for s in project.spans("h1") if s.label == "PERSON"]
    first, second = project.set_clusters(
        "h1",
        [ClusterProposal("PERSON", "Jones", (people[0],)), ClusterProposal("PERSON", "R", tuple(people[1:]))],
    )
    narrow = span_of(project, "Richardson is")
    commands = [
        Accept(span_of(project, "Acme Roofing").id),
        Reject(span_of(project, "Fresno").id),
        Relabel(span_of(project, "Acme Roofing").id, "COMPANY"),
        Resize(narrow.id, narrow.start, narrow.start + len("Richardson")),
        AddSpan("h1", TEXT.index("Yes"), TEXT.index("Yes") + 3, "PERSON"),
        AddSpans("h1", [(TEXT.index("Ask"), TEXT.index("Ask") + 3, "PERSON"), (0, 12, "TITLE")]),
        DecideIdentical(span_of(project, "Richardson").id, Status.ACCEPTED, "document"),
        DecideMany([span_of(project, "JONES").id, span_of(project, "Jones").id], Status.REJECTED),
        WhitelistTerm("board of parole hearings", note="the Board"),
        MergeClusters(first, second),
        SplitCluster([span_of(project, "Kevin Richardson").id], name="Kevin"),
        RelabelCluster(first, "SPELLED_NAME"),
        DecideCluster(first, Status.REJECTED),
    ]
    states = [snapshot(project)]
    for command in commands:
        stack.do(command)
        states.append(snapshot(project))
        assert states[-1] != states[-2], command.text
    for state in reversed(states[:-1]):
        stack.undo()
        assert snapshot(project) == state
    assert not stack.can_undo and stack.undo() is None
    for state in states[1:]:
        stack.redo()
        assert snapshot(project) == state
    assert not stack.can_redo and stack.redo() is None


def test_command_effects(project):
    stack = CommandStack(project)
    narrow = span_of(project, "Richardson is")
    stack.do(Resize(narrow.id, narrow.start, narrow.start + len("Richardson")))
    assert project.span_text(narrow.id) == "Richardson"
    assert project.span(narrow.id).status is Status.ACCEPTED
    add = stack.do(AddSpan("h1", TEXT.index("Yes"), TEXT.index("Yes") + 3, "PERSON"))
    assert project.span(add.span_id).status is Status.ACCEPTED
    several = stack.do(
        AddSpans("h1", [(0, 12, "TITLE"), (TEXT.index("Ask"), TEXT.index("Ask") + 3, "PERSON")])
    )
    assert [project.span_text(i) for i in several.span_ids] == ["COMMISSIONER", "Ask"]
    stack.do(DecideIdentical(span_of(project, "Acme Roofing").id, Status.REJECTED))
    assert span_of(project, "Acme Roofing").status is Status.REJECTED
    # "Richardson" (twice now, after the resize), "RICHARDSON": one action.
    stack.do(DecideIdentical(span_of(project, "RICHARDSON").id, Status.ACCEPTED))
    people = [s for s in project.spans("h1") if project.span_text(s.id).lower() == "richardson"]
    assert len(people) == 3 and {s.status for s in people} == {Status.ACCEPTED}
    whitelist = stack.do(WhitelistTerm("Fresno"))
    assert span_of(project, "Fresno").status is Status.REJECTED
    (entry,) = project.whitelist()
    stack.do(UnwhitelistTerm(entry.id))
    assert span_of(project, "Fresno").status is Status.PENDING and project.whitelist() == []
    stack.undo()
    assert span_of(project, "Fresno").status is Status.REJECTED
    assert whitelist.audit_id is not None


def test_doing_a_new_command_clears_redo_and_listeners_hear_every_change(project):
    stack = CommandStack(project)
    heard = []
    stack.add_listener(lambda: heard.append((stack.undo_text, stack.redo_text)))
    fresno = span_of(project, "Fresno").id
    stack.do(Accept(fresno))
    stack.undo()
    assert stack.can_redo and stack.redo_text == f"accept span {fresno}"
    stack.do(Reject(fresno))
    assert not stack.can_redo
    assert heard == [
        (f"accept span {fresno}", ""),
        ("", f"accept span {fresno}"),
        (f"reject span {fresno}", ""),
    ]
    stack.clear()
    assert not stack.can_undo and heard[-1] == ("", "")


def test_stack_rebuilt_from_history_undoes_across_a_reopen(project):
    stack = CommandStack(project)
    fresno, acme = span_of(project, "Fresno").id, span_of(project, "Acme Roofing").id
    stack.do(Accept(fresno))
    stack.do(WhitelistTerm("Acme Roofing"))
    path = project.path
    project.close()
    with Project.open(path) as reopened:
        stack = CommandStack.from_history(reopened)
        assert stack.undo_text == "whitelist add (1 span)"
        stack.undo()
        assert reopened.span(acme).status is Status.PENDING and reopened.whitelist() == []
        stack.undo()
        assert reopened.span(fresno).status is Status.PENDING
        assert not stack.can_undo
        stack.redo()
        assert reopened.span(fresno).status is Status.ACCEPTED


def test_undo_of_a_command_never_done_is_an_error(project):
    with pytest.raises(RuntimeError, match="never done"):
        Accept(1).undo(project)


def test_redo_of_actions_undone_in_an_earlier_session_works_after_a_reopen(project):
    stack = CommandStack(project)
    fresno, acme, jones = (span_of(project, n).id for n in ("Fresno", "Acme Roofing", "Jones"))
    stack.do(Accept(fresno))
    stack.do(Reject(acme))
    stack.do(WhitelistTerm("Board of Parole Hearings"))
    stack.undo()
    stack.undo()
    path = project.path
    project.close()
    with Project.open(path) as reopened:
        stack = CommandStack.from_history(reopened)
        assert stack.can_redo and stack.redo_text == "reject (1 span)"
        assert reopened.span(acme).status is Status.PENDING
        stack.redo()
        assert reopened.span(acme).status is Status.REJECTED
        assert stack.redo_text == "whitelist add (1 span)"
        # A new action ends the chance to redo, in this session and the next.
        stack.do(Accept(jones))
        assert not stack.can_redo
    with Project.open(path) as reopened:
        stack = CommandStack.from_history(reopened)
        assert not stack.can_redo and reopened.whitelist() == []
        assert stack.undo_text == "accept (1 span)"
        stack.undo()
        stack.undo()
    with Project.open(path) as reopened:
        stack = CommandStack.from_history(reopened)
        assert stack.redo_text == "reject (1 span)"  # the next to redo is the last undone
        stack.redo()
        stack.redo()
        assert reopened.span(jones).status is Status.ACCEPTED
        assert not stack.can_redo and stack.undo_text == "accept (1 span)"
