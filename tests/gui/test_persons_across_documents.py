"""The persons panel across documents (issue 16) and the person-tag choice of the export
dialog that the preview follows (issue 14.7), driven as a reviewer would."""

from __future__ import annotations

from PySide6.QtCore import Qt

from reviewer_app.settings import Settings, load_settings
from reviewer_app.store import Project
from reviewer_app.ui.main_window import MainWindow
from tests.unit.test_corpus_tags import add

CTRL = Qt.KeyboardModifier.ControlModifier


def _open_window(qtbot, path) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.open_path(path)
    qtbot.waitUntil(lambda: window.review is not None and window.review.document_id is not None)
    return window


def _persons(panel) -> dict[str, list[str]]:
    """Each corpus person's name -> its documents' lines, as the tree shows them."""
    out = {}
    for item in panel.cluster_items():
        out[item.text(0)] = [item.child(i).text(0) for i in range(item.childCount())]
    return out


def _select_persons(panel, *names: str) -> None:
    panel.tree.clearSelection()
    items = [i for i in panel.cluster_items() if i.text(0) in names]
    panel.tree.setCurrentItem(items[0])
    for item in items:
        item.setSelected(True)


def test_persons_across_documents_merge_split_undo_and_open_a_document(qtbot, tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        for doc_id in ("d1", "d2", "d3"):
            add(project, doc_id)
    window = _open_window(qtbot, path)
    window.focus_persons()
    panel = window.clusters
    panel.across.click()
    assert panel.tree.headerItem().text(1) == "Documents" and not panel.relabel_action.isEnabled()
    assert _persons(panel) == {}  # nothing matched yet: stored only on request
    panel.match_action.trigger()
    persons = _persons(panel)
    assert persons["Maria Lopez"] == ["d1: Maria Lopez", "d3: Lopez"]
    assert persons["Mark Stevenson"] == ["d2: Mark Stevenson", "d3: Mark Stevenston"]
    assert persons["SMITH"] == ["d3: SMITH"]

    # Merge with the keyboard: select both persons, Ctrl+M.
    panel.tree.setFocus()
    _select_persons(panel, "JONES", "SMITH")
    qtbot.keyClick(panel.tree, Qt.Key.Key_M, CTRL)
    qtbot.waitUntil(lambda: "SMITH" not in _persons(panel))
    assert _persons(panel)["JONES"] == ["d1: JONES", "d2: JONES", "d3: SMITH"]
    # Ctrl+Z in the window undoes it; the panel follows.
    window.actions.undo.trigger()
    qtbot.waitUntil(lambda: "SMITH" in _persons(panel))
    assert _persons(panel)["JONES"] == ["d1: JONES", "d2: JONES"]

    # Split a document's person off: select it, Ctrl+Shift+X.
    lopez = next(i for i in panel.cluster_items() if i.text(0) == "Maria Lopez")
    panel.tree.clearSelection()
    panel.tree.setCurrentItem(lopez.child(1))
    qtbot.keyClick(panel.tree, Qt.Key.Key_X, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: _persons(panel).get("Maria Lopez") == ["d1: Maria Lopez"])
    assert _persons(panel)["Lopez"] == ["d3: Lopez"]
    window.actions.undo.trigger()
    qtbot.waitUntil(lambda: _persons(panel)["Maria Lopez"] == ["d1: Maria Lopez", "d3: Lopez"])

    # Enter on a document's line opens that document.
    lopez = next(i for i in panel.cluster_items() if i.text(0) == "Maria Lopez")
    panel.tree.setCurrentItem(lopez.child(1))
    qtbot.keyClick(panel.tree, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.review.document_id == "d3")
    window.close()


def test_person_tags_chosen_in_the_export_dialog_drive_the_preview_and_are_kept(qtbot, tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        add(project, "d1")
    window = _open_window(qtbot, path)
    window.toggle_preview()
    qtbot.waitUntil(lambda: window.preview.result is not None, timeout=10000)
    assert "Mr. [PERSON_2] [PERSON_3]," in window.preview.toPlainText()
    window.open_export()
    dialog = window.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    assert dialog.plan.person_tags == "part"
    with qtbot.waitSignal(dialog.checked, timeout=10000) as checked:
        dialog.person_tags.setCurrentIndex(dialog.person_tags.findData("person"))
    plan = checked.args[0]
    assert plan.person_tags == "person" and "Mr. [PERSON_2], CDCR number [CDCR_ID_1]" in plan.result.text
    assert load_settings().person_tags == "person"
    qtbot.waitUntil(lambda: "Mr. [PERSON_2], CDCR" in window.preview.toPlainText(), timeout=10000)
    out = tmp_path / "out"
    dialog.out_dir.setText(str(out))
    qtbot.waitUntil(dialog.export_button.isEnabled, timeout=10000)
    dialog.export_button.click()
    assert "Mr. [PERSON_2], CDCR" in (out / "d1.txt").read_text(encoding="utf-8")
    assert [(e.tag_scope, e.person_tags) for e in window.project.exports("d1")] == [("document", "person")]
    dialog.close()
    window.close()


def test_across_documents_says_why_it_is_empty_until_accepted_spans_are_matched(qtbot, tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        add(project, "d1", accept=False)
        add(project, "d2", accept=False)
    window = _open_window(qtbot, path)
    window.focus_persons()
    panel = window.clusters
    assert not panel.across_placeholder.isVisible()  # the document's own persons are listed
    panel.across.click()
    assert panel.across_documents and panel.across_placeholder.isVisible()
    assert (
        "accept" in panel.across_placeholder.text() and "Match documents" in panel.across_placeholder.text()
    )
    panel.match_action.trigger()
    assert _persons(panel) == {} and panel.across_placeholder.isVisible()  # nothing accepted yet
    for span in window.review.project.spans("d1"):
        window.review.project.accept(span.id, "tester")
    panel.match_action.trigger()
    assert "Maria Lopez" in _persons(panel) and not panel.across_placeholder.isVisible()
    panel.across.click()
    assert not panel.across_documents and not panel.across_placeholder.isVisible()
