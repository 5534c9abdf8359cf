"""Where the keyboard is can always be seen: the current span outlined in the
transcript, a frame around the span table's current row, a frame on the focused
button; all read from the pixels drawn."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QToolButton

from reviewer_app.ui.focus import FOCUS_COLOUR
from tests.gui.test_small_defects import open_window, press


def pixel(widget, x: int, y: int) -> QColor:
    return widget.grab().toImage().pixelColor(x, y)


def test_the_current_span_is_outlined_in_the_transcript(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    press(qtbot, window, Qt.Key.Key_N)
    view = window.transcript
    rects = view.current_span_rects()
    assert rects, "no outline for the current span"
    rect = rects[0]
    middle = int(rect.center().y())
    # Just outside the span's text on the left, and above its top: the outline.
    assert pixel(view.viewport(), int(rect.left()) - 1, middle) == FOCUS_COLOUR
    assert pixel(view.viewport(), int(rect.center().x()), int(rect.top()) - 1) == FOCUS_COLOUR
    # The next span: the outline moves with it.
    press(qtbot, window, Qt.Key.Key_N)
    assert view.current_span_rects() and view.current_span_rects()[0] != rect
    assert pixel(view.viewport(), int(rect.left()) - 1, middle) != FOCUS_COLOUR
    window.close()


def test_the_span_tables_current_row_is_framed_while_it_has_the_keyboard(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    press(qtbot, window, Qt.Key.Key_F8)  # go to the span table
    table = window.span_table.table
    assert table.hasFocus()
    press(qtbot, window, Qt.Key.Key_Down)
    row = table.currentIndex().row()
    top = table.rowViewportPosition(row)
    x = table.columnViewportPosition(2) + 5
    assert pixel(table.viewport(), x, top) == FOCUS_COLOUR
    assert pixel(table.viewport(), 0, top + table.rowHeight(row) // 2) == FOCUS_COLOUR
    press(qtbot, window, Qt.Key.Key_F9)  # back to the transcript: no frame in the table
    assert not table.hasFocus()
    assert pixel(table.viewport(), x, top) != FOCUS_COLOUR
    window.close()


def test_a_button_reached_with_tab_is_framed(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    press(qtbot, window, Qt.Key.Key_N)
    accept, reject = window.inspector.findChildren(QToolButton)[:2]
    reject.setFocus()
    qtbot.keyClick(reject, Qt.Key.Key_Backtab)
    assert accept.hasFocus()
    middle = accept.height() // 2
    assert pixel(accept, 0, middle) == FOCUS_COLOUR
    assert pixel(reject, 0, middle) != FOCUS_COLOUR
    window.close()


def test_the_documents_list_frames_its_current_row_while_it_has_the_keyboard(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    documents = window.documents
    documents.setFocus()
    documents.setCurrentRow(0)
    rect = documents.visualItemRect(documents.item(0))
    assert pixel(documents.viewport(), rect.center().x(), rect.top()) == FOCUS_COLOUR
    window.transcript.setFocus()
    assert pixel(documents.viewport(), rect.center().x(), rect.top()) != FOCUS_COLOUR
    window.close()


def test_tab_leaves_every_framed_list_and_shift_tab_comes_back(qtbot, tmp_path):
    # The frame's delegate watched the view as if it were a cell editor and took its
    # Tab: the keyboard could enter the Documents list or the span table, never leave.
    window = open_window(qtbot, tmp_path)
    for view in (window.documents, window.span_table.table):
        view.setFocus(Qt.FocusReason.OtherFocusReason)
        qtbot.waitUntil(view.hasFocus)
        press(qtbot, window, Qt.Key.Key_Tab)
        assert not view.hasFocus(), f"Tab stayed in {view.objectName() or type(view).__name__}"
        press(qtbot, window, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        assert view.hasFocus()
    window.close()
