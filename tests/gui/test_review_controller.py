"""The review controller over a real project file: decisions, undo/redo, reopen."""

from __future__ import annotations

from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.navigation import widen_start
from reviewer_app.ui.review_controller import ReviewController
from tests.gui.helpers import SAMPLE_LINES, find, transcript


def make_project(path):
    doc = transcript(SAMPLE_LINES)
    project = Project.create(path)
    doc_id = project.add_document(doc)
    spans = [
        find(doc, "Kevin Richardson", "PERSON", "presidio", "spacy"),
        find(doc, "L90314", "CDCR_ID", "presidio"),
        find(doc, "Fresno", "LOCATION", "stanza"),
        find(doc, "June 3rd, 1975", "DATE", "presidio"),
        find(doc, "Fresno", "LOCATION", "spacy", nth=1),
    ]
    project.record_detection(doc_id, spans, ["presidio", "spacy", "stanza"])
    return project, doc_id


def test_decisions_undo_redo_and_reopen(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    review = ReviewController(project, Settings(reviewer="tester"))
    review.open_document(doc_id)
    kevin = review.rows[0]
    assert dict(kevin.scores) == {"presidio": 0.9, "spacy": 0.9}
    from reviewer_app.ui.transcript_view import TranscriptView

    view = TranscriptView()
    assert view.tooltip_text(kevin) == "PERSON · pending\npresidio 0.90, spacy 0.90"
    view.deleteLater()
    first = review.go_to_pending()
    assert first is not None and review.current_id == first.id
    with qtbot.waitSignal(review.spans_changed) as blocker:
        assert review.accept()
    assert blocker.args[0] == frozenset({first.id})
    assert review.row(first.id).status is Status.ACCEPTED
    assert review.current_id != first.id  # moved on to the next pending
    second = review.current
    review.set_current(second.id)
    review.reject()
    assert project.span(second.id).status is Status.REJECTED
    review.undo_stack.undo()
    assert project.span(second.id).status is Status.PENDING
    review.undo_stack.redo()
    assert project.span(second.id).status is Status.REJECTED

    fresno = next(r for r in review.rows if r.span.label == "LOCATION")
    review.set_current(fresno.id)
    assert review.identical_count() == 2
    review.decide_identical(Status.ACCEPTED)
    assert all(r.status is Status.ACCEPTED for r in review.rows if r.span.label == "LOCATION")

    date = next(r for r in review.rows if r.span.label == "DATE")
    review.set_current(date.id)
    assert review.resize(widen_start)
    assert review.document.text[review.current.span.start : review.current.span.end] == "on June 3rd, 1975"

    text = review.document.text
    start = text.index("SMITH")
    added = review.add_span(start - 1, start + 6, "PERSON")  # spaces trimmed
    assert project.span(added).start == start and project.span(added).end == start + 5
    review.undo_stack.undo()
    assert review.row(added) is None
    review.undo_stack.redo()
    assert review.row(added) is not None
    count = review.undo_stack.count()
    project.close()

    reopened = Project.open(tmp_path / "p.db")
    again = ReviewController(reopened, Settings(reviewer="tester"))
    again.open_document(doc_id)
    assert again.undo_stack.count() == count
    assert again.row(added) is not None
    again.undo_stack.undo()  # undo survives a reopen
    assert again.row(added) is None
    reopened.close()

    third = Project.open(tmp_path / "p.db")
    once_more = ReviewController(third, Settings(reviewer="tester"))
    once_more.open_document(doc_id)
    assert once_more.undo_stack.canRedo()  # and so does redo
    once_more.undo_stack.redo()
    assert once_more.row(added) is not None
    assert once_more.undo_stack.count() == count
    third.close()


def test_whitelisting_rejects_pending_mentions(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    review = ReviewController(project, Settings(reviewer="tester"))
    review.open_document(doc_id)
    fresno = next(r for r in review.rows if r.span.label == "LOCATION")
    review.set_current(fresno.id)
    assert review.whitelist_matches() == (2, 2)
    review.whitelist_current()
    assert [r.status for r in review.rows if r.span.label == "LOCATION"] == [Status.REJECTED] * 2
    assert [e.term for e in project.whitelist()] == ["Fresno"]
    review.undo_stack.undo()
    assert project.whitelist() == []
    assert [r.status for r in review.rows if r.span.label == "LOCATION"] == [Status.PENDING] * 2
    project.close()
