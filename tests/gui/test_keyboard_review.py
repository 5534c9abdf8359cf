"""A complete review of a generated transcript with the keyboard only, then a
reopen of the project: everything decided is still there."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.main_window import MainWindow
from tests.fixtures.generator import generate_transcript


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    transcript = generate_transcript(7, target_words=1200)
    return transcript.write(tmp_path_factory.mktemp("generated"))


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(window.focusWidget() or window, key, modifier)


def back_to_transcript(qtbot, window):
    """After a dialog closes: the offscreen platform does not hand activation
    back to the main window by itself, as a desktop does."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.transcript.setFocus()


def test_keyboard_only_review_survives_reopen(qtbot, generated, tmp_path):
    out_dir = tmp_path / "out"
    settings = Settings(reviewer="tester", detectors=("presidio", "spacy"))
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    with qtbot.waitSignal(window.document_shown, timeout=30000):
        window.open_path(generated["pdf"])
    back_to_transcript(qtbot, window)

    # Run detection: Ctrl+D, then Enter on the dialog (this document, ready detectors ticked).
    press(qtbot, window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(
        lambda: window.detection_dialog is not None and window.detection_dialog.isVisible(), timeout=60000
    )
    dialog = window.detection_dialog
    assert dialog.boxes["spacy"].isChecked() and not dialog.boxes["stanza"].isEnabled()
    with qtbot.waitSignal(window.detection.finished, timeout=120000):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
    review = window.review
    project = window.project
    assert len(review.rows) > 20
    back_to_transcript(qtbot, window)

    press(qtbot, window, Qt.Key.Key_N)
    first = review.current
    assert first is not None and first.status is Status.PENDING
    press(qtbot, window, Qt.Key.Key_A)
    assert project.span(first.id).status is Status.ACCEPTED
    second = review.current
    assert second.id != first.id
    press(qtbot, window, Qt.Key.Key_R)
    assert project.span(second.id).status is Status.REJECTED

    # Relabel: L opens the picker, typing filters, Enter chooses.
    third = review.current
    press(qtbot, window, Qt.Key.Key_L)
    qtbot.waitUntil(window.label_picker.isVisible)
    qtbot.keyClicks(window.label_picker.filter, "organiz")
    qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    assert project.span(third.id).label == "ORGANIZATION"
    back_to_transcript(qtbot, window)

    # Widen by a word at the end, then narrow it back, on a span with a word after it.
    def word_follows(row):
        rest = review.document.text[row.span.end :].split("\n", 1)[0]
        return row.status is Status.PENDING and any(c.isalnum() for c in rest)

    press(qtbot, window, Qt.Key.Key_N)
    while not word_follows(review.current):
        press(qtbot, window, Qt.Key.Key_N)
    third = review.current
    before = project.span(third.id)
    press(qtbot, window, Qt.Key.Key_BracketRight)
    widened = project.span(third.id)
    assert widened.end > before.end
    press(qtbot, window, Qt.Key.Key_BracketRight, Qt.KeyboardModifier.ControlModifier)
    assert project.span(third.id).end == before.end

    # Undo and redo the narrowing.
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert project.span(third.id).end == widened.end
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_Z, ctrl_shift)
    assert project.span(third.id).end == before.end

    # Add a missed span: select with the keyboard, T, a label, Enter.
    text = review.document.text
    target = text.index("Board of Parole Hearings")
    cursor = window.transcript.textCursor()
    cursor.setPosition(target)
    cursor.movePosition(QTextCursor.MoveOperation.NextWord, QTextCursor.MoveMode.KeepAnchor)
    window.transcript.setTextCursor(cursor)
    press(qtbot, window, Qt.Key.Key_T)
    qtbot.waitUntil(window.label_picker.isVisible)
    qtbot.keyClicks(window.label_picker.filter, "organization")
    qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    added = review.current
    assert added is not None and project.span(added.id).origin == "manual"
    assert text[added.span.start : added.span.end] == "Board"
    back_to_transcript(qtbot, window)

    # Whitelist a pending span's text: its other pending mentions are rejected too.
    press(qtbot, window, Qt.Key.Key_N)
    pending = review.current
    term = text[pending.span.start : pending.span.end]
    press(qtbot, window, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: window.confirm_box.isVisible())
    assert "pending mention" in window.confirm_box.text()
    qtbot.keyClick(window.confirm_box, Qt.Key.Key_Return)
    back_to_transcript(qtbot, window)
    assert [e.term for e in project.whitelist()] == [term]
    assert project.span(pending.id).status is Status.REJECTED

    # Who is who: F10 goes to the persons; select two with the keyboard and merge them (Ctrl+M).
    press(qtbot, window, Qt.Key.Key_F10)
    clusters_before = project.clusters(review.document_id)
    assert len(clusters_before) >= 2
    tree = window.clusters.tree
    assert window.focusWidget() is tree
    press(qtbot, window, Qt.Key.Key_Home)
    press(qtbot, window, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert len(tree.selectedItems()) == 2
    press(qtbot, window, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    clusters_after = project.clusters(review.document_id)
    assert len(clusters_after) == len(clusters_before) - 1
    merged = set(clusters_before[0].span_ids) | set(clusters_before[1].span_ids)
    assert set(clusters_after[0].span_ids) == merged
    back_to_transcript(qtbot, window)

    # Step through the rest: accept every pending span.
    while review.pending_count():
        press(qtbot, window, Qt.Key.Key_N)
        press(qtbot, window, Qt.Key.Key_A)
    # Export: Ctrl+E; the leak guard lists what is left; each finding opens in the
    # text with Enter and T adds the missed span, until the guard finds nothing.
    press(qtbot, window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: getattr(window, "export_dialog", None) is not None)
    export = window.export_dialog
    export.out_dir.setText(str(out_dir))
    export.gold_boxes["jsonl"].setChecked(True)
    for _ in range(30):
        with qtbot.waitSignal(export.checked, timeout=30000) as checked:
            export.check()
        plan = checked.args[0]
        if not plan.leaks:
            break
        export.findings.setCurrentRow(0)
        export.findings.setFocus()
        qtbot.keyClick(export.findings, Qt.Key.Key_Return)
        back_to_transcript(qtbot, window)
        press(qtbot, window, Qt.Key.Key_T)
        qtbot.waitUntil(window.label_picker.isVisible)
        qtbot.keyClicks(window.label_picker.filter, plan.leaks[0].label)
        qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    assert plan.clean and export.export_button.isEnabled()
    with qtbot.waitSignal(export.exported, timeout=30000):
        qtbot.keyClick(export.export_button, Qt.Key.Key_Space)
    exported = (out_dir / "hearing-0007.txt").read_text(encoding="utf-8")
    assert "[PERSON_1]" in exported
    inmate = review.document.metadata.inmate_name
    assert inmate and inmate.split()[-1] not in exported
    assert project.document_summary(review.document_id).state == "exported"
    export.close()
    back_to_transcript(qtbot, window)

    decided = {s.id: (s.status, s.label, s.start, s.end) for s in project.spans(review.document_id)}
    # What one undo does, seen before closing (then redone): the reopened window must do the same.
    review.undo_stack.undo()
    after_one_undo = {s.id: (s.status, s.label, s.start, s.end) for s in project.spans(review.document_id)}
    review.undo_stack.redo()
    assert after_one_undo != decided
    assert {s.id: (s.status, s.label, s.start, s.end) for s in project.spans(review.document_id)} == decided
    document_id = review.document_id
    current_id = review.current_id
    path = project.path

    window.close()  # mid-session close: nothing may be lost
    reopened = MainWindow(settings)
    qtbot.addWidget(reopened)
    reopened.open_path(path)
    assert reopened.review.document_id == document_id
    assert reopened.review.current_id == current_id
    again = {s.id: (s.status, s.label, s.start, s.end) for s in reopened.project.spans(document_id)}
    assert again == decided
    # The undo history survives the reopen: Ctrl+Z there undoes the same last action.
    reopened.show()
    qtbot.waitExposed(reopened)
    back_to_transcript(qtbot, reopened)
    press(qtbot, reopened, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    undone = {s.id: (s.status, s.label, s.start, s.end) for s in reopened.project.spans(document_id)}
    assert undone == after_one_undo
    reopened.close()
    with Project.open(path) as project_again:
        assert project_again.whitelist()[0].term == term
