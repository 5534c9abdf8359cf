"""The whitelist manager over a real project: counts, add, remove, search, import, export."""

from __future__ import annotations

from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.ui.review_controller import ReviewController
from reviewer_app.ui.whitelist_dialog import WhitelistDialog
from tests.gui.test_review_controller import make_project


def test_whitelist_manager(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    review = ReviewController(project, Settings(reviewer="tester"))
    review.open_document(doc_id)
    dialog = WhitelistDialog(review)
    qtbot.addWidget(dialog)
    assert dialog.terms() == []
    qtbot.keyClicks(dialog.new_term, "fresno")
    assert "rejects 2 pending span(s) here and 2 in the project" in dialog.effect.text()
    dialog.add_typed_term()
    assert dialog.terms() == ["fresno"]
    row = [dialog.table.item(0, c).text() for c in range(7)]
    assert row[1:5] == ["project", "2", "2", "tester"]
    assert all(r.status is Status.REJECTED for r in review.rows if r.span.label == "LOCATION")

    terms_file = tmp_path / "terms.txt"
    terms_file.write_text("# agencies\nL90314\n\nFresno\n", encoding="utf-8")
    assert dialog.import_terms(terms_file) == 1  # Fresno is known already
    assert sorted(dialog.terms()) == ["L90314", "fresno"]
    dialog.search.setText("l9")
    assert dialog.visible_terms() == ["L90314"]
    dialog.search.setText("")

    out = tmp_path / "out.txt"
    dialog.export_terms(out)
    assert sorted(out.read_text(encoding="utf-8").split()) == ["L90314", "fresno"]

    dialog.table.selectRow(dialog.terms().index("fresno"))
    dialog.remove_selected()
    assert dialog.terms() == ["L90314"]
    assert all(r.status is Status.PENDING for r in review.rows if r.span.label == "LOCATION")
    review.undo_stack.undo()  # the removal is one undo step
    dialog.refresh()
    assert sorted(dialog.terms()) == ["L90314", "fresno"]
    project.close()
