"""Time spent and decisions per minute from the audit log, at known times."""

from __future__ import annotations

import types

import pytest

from reviewer_app.evaluation.review_pace import (
    ReviewPace,
    describe_minutes,
    describe_pace,
    project_pace,
    review_pace,
    total_pace,
)
from reviewer_app.store.project import Project
from reviewer_app.store.records import AuditEntry
from tests.gui.helpers import SAMPLE_LINES, find, transcript


def entry(n: int, at: float, who: str, action: str, document_id: str | None) -> AuditEntry:
    return AuditEntry(n, at, who, action, document_id, {}, {}, False)


# Two reviewers; Ann switches from A to B and back, undoes once, pauses exactly the
# idle threshold once (counted) and once a second longer (not counted).
ACTIONS = [
    entry(1, 1000, "ann", "accept", "A"),
    entry(2, 1010, "bob", "accept", "A"),
    entry(3, 1030, "ann", "reject", "A"),  # +30 on A
    entry(4, 1070, "bob", "accept", "A"),  # +60 on A (Bob's own gap)
    entry(5, 1090, "ann", "relabel", "A"),  # +60 on A
    entry(6, 1150, "ann", "accept", "B"),  # +60 on B: reading B before deciding
    entry(7, 1180, "ann", "undo", "B"),  # +30 on B, not a decision
    entry(8, 1480, "ann", "accept", "B"),  # +300 on B: exactly the threshold, counted
    entry(9, 1781, "ann", "accept", "A"),  # +301: away, not counted
    entry(10, 1800, "ann", "decide_identical", None),  # +19 on the corpus
]


def test_time_is_the_sum_of_gaps_up_to_the_idle_threshold_per_reviewer():
    paces = review_pace(reversed(ACTIONS))  # order of the input does not matter
    assert paces["A"] == ReviewPace(decisions=6, seconds=150.0)
    assert paces["A"].minutes == 2.5
    assert paces["A"].decisions_per_minute == pytest.approx(2.4)
    assert paces["B"] == ReviewPace(decisions=2, seconds=390.0)
    assert paces["B"].decisions_per_minute == pytest.approx(2 / 6.5)
    assert paces[None] == ReviewPace(decisions=1, seconds=19.0)
    assert total_pace(paces) == ReviewPace(decisions=9, seconds=559.0)


def test_a_shorter_idle_threshold_drops_the_long_pauses():
    paces = review_pace(ACTIONS, idle_seconds=60)
    assert paces["A"].seconds == 150.0
    assert paces["B"].seconds == 90.0  # the 300 s pause is now time away
    assert paces[None].seconds == 19.0


def test_a_single_decision_has_no_rate():
    (pace,) = review_pace([entry(1, 5.0, "ann", "accept", "A")]).values()
    assert pace == ReviewPace(1, 0.0) and pace.decisions_per_minute is None
    assert describe_pace(pace) == "0 s, 1 decision (too short to rate)"
    assert describe_pace(ReviewPace()) == "no decisions yet"


def test_under_a_minute_the_time_is_in_seconds_and_there_is_no_rate():
    """Three quick decisions in 2.2 s are not "81.3 per minute"."""
    short = ReviewPace(3, 2.2)
    assert short.decisions_per_minute is None
    assert describe_pace(short) == "2 s, 3 decisions (too short to rate)"
    assert describe_pace(ReviewPace(0, 42.0)) == "42 s, no decisions"
    assert describe_pace(ReviewPace(2, 60.0)) == "1.0 min, 2 decisions (2.0 per minute)"
    assert describe_minutes(59.4) == "59 s"


def test_descriptions():
    assert describe_pace(ReviewPace(6, 150.0)) == "2.5 min, 6 decisions (2.4 per minute)"
    assert describe_minutes(3900) == "1 h 05 min"


def test_the_store_gives_the_reviewer_actions_with_their_times(tmp_path, monkeypatch):
    """Import and detection are not review; decisions, undo and redo are."""
    clock = types.SimpleNamespace(now=100.0)
    monkeypatch.setattr("reviewer_app.store.project.time", types.SimpleNamespace(time=lambda: clock.now))
    doc = transcript(SAMPLE_LINES)
    project = Project.create(tmp_path / "p.db")
    doc_id = project.add_document(doc, "ann")
    spans = [find(doc, "Kevin", "PERSON"), find(doc, "Fresno", "LOCATION")]
    project.record_detection(doc_id, spans, ["spacy"])
    kevin, fresno = (s.id for s in project.spans(doc_id))
    clock.now = 1000.0
    project.accept(kevin, "ann")
    clock.now = 1045.0
    rejected = project.reject(fresno, "ann")
    clock.now = 1075.0
    project.undo(rejected, "ann")
    clock.now = 1675.0  # ten minutes later: not counted
    project.redo(rejected, "ann")
    clock.now = 1690.0
    project.relabel(kevin, "NAME", "ann")
    actions = project.review_actions()
    assert [(a.at, a.action, a.before, a.after) for a in actions] == [
        (1000.0, "accept", {}, {}),
        (1045.0, "reject", {}, {}),
        (1075.0, "undo", {}, {}),
        (1675.0, "redo", {}, {}),
        (1690.0, "relabel", {}, {}),
    ]
    assert project_pace(project) == {doc_id: ReviewPace(decisions=3, seconds=45.0 + 30.0 + 15.0)}
    project.close()


def test_project_status_shows_time_and_decisions_per_minute(tmp_path, monkeypatch, capsys):
    import json

    from reviewer_app.cli.main import main

    clock = types.SimpleNamespace(now=100.0)
    monkeypatch.setattr("reviewer_app.store.project.time", types.SimpleNamespace(time=lambda: clock.now))
    path = tmp_path / "p.db"
    doc = transcript(SAMPLE_LINES)
    with Project.create(path) as project:
        doc_id = project.add_document(doc, "ann")
        project.record_detection(doc_id, [find(doc, "Fresno", "LOCATION", nth=n) for n in (0, 1)], ["spacy"])
        for at, span in zip((1000.0, 1090.0), project.spans(doc_id), strict=True):  # 1.5 min, 2 decisions
            clock.now = at
            project.accept(span.id, "ann")
    assert main(["project", "status", str(path)]) == 0
    out = capsys.readouterr().out
    header, row = out.splitlines()[:2]
    assert header.split()[-2:] == ["time", "decisions/min"]
    assert row.split()[0] == doc_id and row.split()[-3:] == ["1.5", "min", "1.3"]
    assert "Review time 1.5 min, 2 decisions (1.3 per minute); pauses over 5 min are not counted" in out
    assert main(["project", "status", str(path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    pace = {k: figures["documents"][0][k] for k in ("review_minutes", "decisions", "decisions_per_minute")}
    assert pace == {"review_minutes": 1.5, "decisions": 2, "decisions_per_minute": 1.33}
    assert figures["corpus"]["decisions"] == 2 and figures["corpus"]["idle_minutes"] == 5


def test_project_status_of_a_short_session_gives_seconds_and_no_rate(tmp_path, monkeypatch, capsys):
    from reviewer_app.cli.main import main

    clock = types.SimpleNamespace(now=100.0)
    monkeypatch.setattr("reviewer_app.store.project.time", types.SimpleNamespace(time=lambda: clock.now))
    path = tmp_path / "p.db"
    doc = transcript(SAMPLE_LINES)
    with Project.create(path) as project:
        doc_id = project.add_document(doc, "ann")
        project.record_detection(doc_id, [find(doc, "Fresno", "LOCATION", nth=n) for n in (0, 1)], ["spacy"])
        for at, span in zip((1000.0, 1012.0), project.spans(doc_id), strict=True):  # 12 s, 2 decisions
            clock.now = at
            project.accept(span.id, "ann")
    assert main(["project", "status", str(path)]) == 0
    out = capsys.readouterr().out
    row = out.splitlines()[1]
    assert row.split()[-3:] == ["12", "s", "-"]
    assert "Review time 12 s, 2 decisions (too short to rate); pauses over 5 min" in out
