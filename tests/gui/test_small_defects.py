"""Small defects of issue 14, each driven as a reviewer would: the status bar
after an undo, and what L does said by the F1 sheet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel

from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.ui.actions import SPECS, CheatSheet
from reviewer_app.ui.main_window import MainWindow
from tests.gui.test_review_controller import make_project


def open_window(qtbot, tmp_path):
    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.document_shown, timeout=30000):
        window.open_path(tmp_path / "p.db")
    back_to_transcript(qtbot, window)
    return window


def back_to_transcript(qtbot, window):
    """The offscreen platform does not hand activation back by itself, as a desktop does."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.transcript.setFocus()


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(window.focusWidget() or window, key, modifier)


def test_after_an_undo_the_status_bar_says_so_not_what_was_undone(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    press(qtbot, window, Qt.Key.Key_N)
    current = window.review.current
    press(qtbot, window, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: window.confirm_box.isVisible())
    qtbot.keyClick(window.confirm_box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.message_label.text().startswith("Whitelisted"))
    back_to_transcript(qtbot, window)
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.project.whitelist() == []
    assert window.project.span(current.id).status is Status.PENDING
    message = window.message_label.text()
    assert "Whitelisted" not in message and message.startswith("Undone") and "whitelist" in message
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    press(qtbot, window, Qt.Key.Key_Z, ctrl_shift)
    assert window.message_label.text().startswith("Redone") and window.project.whitelist()
    window.close()


def test_l_accepts_the_span_and_the_f1_sheet_says_so(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    press(qtbot, window, Qt.Key.Key_N)
    current = window.review.current
    assert current.status is Status.PENDING
    press(qtbot, window, Qt.Key.Key_L)
    qtbot.waitUntil(window.label_picker.isVisible)
    qtbot.keyClicks(window.label_picker.filter, "organiz")
    qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    assert window.project.span(current.id).status is Status.ACCEPTED

    sheet = CheatSheet(window)
    qtbot.addWidget(sheet)
    table = sheet.findChild(QLabel).text()
    key_l = QKeySequence("L").toString(QKeySequence.SequenceFormat.NativeText)
    row = next(r for r in table.split("<tr>") if f"<b>{key_l}</b>" in r)
    assert "accepted" in row
    # Every key that accepts a span as a side effect says so too.
    for spec in SPECS:
        if spec.key.startswith(("widen", "narrow")):
            assert "accepts the span" in spec.tip, spec.key
    window.close()
