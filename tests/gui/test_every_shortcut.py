"""Every shortcut of the README's keyboard table, pressed on the focused widget of
the real window as a reviewer presses it, checked in the store and on screen;
a file dropped on the window; a draft written through the export dialog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QFontMetrics, QTextCursor, QTextDocument, QTextTable
from PySide6.QtWidgets import QApplication, QLabel

from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.actions import CheatSheet
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.transcript_view import ColourBy
from tests.gui.helpers import SAMPLE_LINES, find, transcript

SECOND_LINES = [
    "PRESIDING COMMISSIONER HOLT: We resume. Mr. Richardson was in Fresno in 1999.",
    "INMATE RICHARDSON: Fresno, yes.",
]

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier


def make_two_documents(path: Path) -> tuple[str, str]:
    """Two hearings; "Fresno" (LOCATION) is pending twice in each."""
    first, second = transcript(SAMPLE_LINES, "hearing-one"), transcript(SECOND_LINES, "hearing-two")
    with Project.create(path) as project:
        first_id = project.add_document(first)
        project.record_detection(
            first_id,
            [
                find(first, "Kevin Richardson", "PERSON", "presidio", "spacy"),
                find(first, "L90314", "CDCR_ID", "presidio"),
                find(first, "Fresno", "LOCATION", "stanza"),
                find(first, "June 3rd, 1975", "DATE", "presidio"),
                find(first, "Fresno", "LOCATION", "spacy", nth=1),
            ],
            ["presidio", "spacy", "stanza"],
        )
        second_id = project.add_document(second)
        project.record_detection(
            second_id,
            [
                find(second, "Richardson", "PERSON", "spacy"),
                find(second, "Fresno", "LOCATION", "spacy"),
                find(second, "1999", "DATE", "presidio"),
                find(second, "Fresno", "LOCATION", "spacy", nth=1),
            ],
            ["presidio", "spacy"],
        )
    return first_id, second_id


@pytest.fixture
def window(qtbot, tmp_path):
    first_id, second_id = make_two_documents(tmp_path / "p.db")
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(tmp_path / "p.db")
    assert window.review.document_id == first_id
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.transcript.setFocus()
    window.ids = (first_id, second_id)
    yield window
    window.close()


def press(qtbot, window, key, modifiers=Qt.KeyboardModifier.NoModifier):
    widget = QApplication.focusWidget() or window
    qtbot.keyClick(widget, key, modifiers)


def state(window, document_id=None):
    document_id = document_id or window.review.document_id
    return {s.id: (s.status, s.label, s.start, s.end) for s in window.project.spans(document_id)}


def current_text(window):
    row = window.review.current
    return window.review.document.text[row.span.start : row.span.end]


def go_to(qtbot, window, text, nth=0):
    """N until the current span is the nth pending span with that text."""
    seen = 0
    for _ in range(len(window.review.rows) * 2):
        press(qtbot, window, Qt.Key.Key_N)
        if current_text(window) == text:
            if seen == nth:
                return window.review.current
            seen += 1
    raise AssertionError(f"no pending span {text!r}")


def test_n_and_shift_n_walk_the_pending_spans_both_ways(qtbot, window):
    press(qtbot, window, Qt.Key.Key_N)
    first = window.review.current_id
    press(qtbot, window, Qt.Key.Key_N)
    second = window.review.current_id
    assert second != first
    assert window.transcript.textCursor().selectionStart() == window.review.current.span.start
    press(qtbot, window, Qt.Key.Key_N, SHIFT)
    assert window.review.current_id == first


def test_a_and_r_accept_and_reject_then_move_on(qtbot, window):
    span = go_to(qtbot, window, "L90314")
    press(qtbot, window, Qt.Key.Key_A)
    assert window.project.span(span.id).status is Status.ACCEPTED
    assert window.review.current_id != span.id
    rejected = window.review.current_id
    press(qtbot, window, Qt.Key.Key_R)
    assert window.project.span(rejected).status is Status.REJECTED


def test_brackets_widen_and_ctrl_brackets_narrow_by_a_word(qtbot, window):
    span = go_to(qtbot, window, "Fresno")  # "You were born in Fresno on June 3rd, 1975?"
    text = window.review.document.text

    def covered():
        now = window.project.span(span.id)
        return text[now.start : now.end]

    press(qtbot, window, Qt.Key.Key_BracketLeft)
    assert covered() == "in Fresno"
    press(qtbot, window, Qt.Key.Key_BracketRight)
    assert covered() == "in Fresno on"
    press(qtbot, window, Qt.Key.Key_BracketLeft, CTRL)
    assert covered() == "Fresno on"
    press(qtbot, window, Qt.Key.Key_BracketRight, CTRL)
    assert covered() == "Fresno"
    for _ in range(4):
        press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert covered() == "Fresno" and window.review.undo_stack.index() == 0


@pytest.mark.parametrize(
    ("key", "status"), [(Qt.Key.Key_A, Status.ACCEPTED), (Qt.Key.Key_R, Status.REJECTED)]
)
def test_shift_a_and_shift_r_decide_every_identical_mention_in_the_document(qtbot, window, key, status):
    first_id, second_id = window.ids
    before_second = state(window, second_id)
    go_to(qtbot, window, "Fresno")
    press(qtbot, window, key, SHIFT)
    fresno = [s for s in window.project.spans(first_id) if s.label == "LOCATION"]
    assert [s.status for s in fresno] == [status, status]
    assert state(window, second_id) == before_second  # this document only
    assert "2 identical mention(s) in this document" in window.message_label.text()


@pytest.mark.parametrize(
    ("key", "status"), [(Qt.Key.Key_A, Status.ACCEPTED), (Qt.Key.Key_R, Status.REJECTED)]
)
def test_ctrl_shift_a_and_r_decide_identical_mentions_in_all_documents(qtbot, window, key, status):
    first_id, second_id = window.ids
    go_to(qtbot, window, "Fresno")
    press(qtbot, window, key, CTRL | SHIFT)
    for document_id in (first_id, second_id):
        fresno = [s for s in window.project.spans(document_id) if s.label == "LOCATION"]
        assert [s.status for s in fresno] == [status, status]
    others = [s for s in window.project.spans(second_id) if s.label != "LOCATION"]
    assert {s.status for s in others} == {Status.PENDING}
    assert "4 identical mention(s) in all documents" in window.message_label.text()


@pytest.mark.parametrize(
    ("key", "status"), [(Qt.Key.Key_A, Status.ACCEPTED), (Qt.Key.Key_R, Status.REJECTED)]
)
def test_ctrl_alt_a_and_r_decide_the_selected_table_rows_as_one_undo_step(qtbot, window, key, status):
    before = state(window)
    press(qtbot, window, Qt.Key.Key_F8)  # the span table
    table = window.span_table.table
    assert QApplication.focusWidget() is table
    press(qtbot, window, Qt.Key.Key_Home, CTRL)
    press(qtbot, window, Qt.Key.Key_Down, SHIFT)
    press(qtbot, window, Qt.Key.Key_Down, SHIFT)
    chosen = window.span_table.selected_ids()
    assert len(chosen) == 3
    press(qtbot, window, key, CTRL | ALT)
    after = state(window)
    assert {span_id for span_id, (s, *_) in after.items() if s is status} == set(chosen)
    press(qtbot, window, Qt.Key.Key_Z, CTRL)  # one step undoes all three
    assert state(window) == before
    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert state(window) == after


def test_l_relabels_with_the_filtered_label_list(qtbot, window):
    span = go_to(qtbot, window, "Fresno")
    press(qtbot, window, Qt.Key.Key_L)
    assert window.label_picker.isVisible()
    qtbot.keyClicks(window.label_picker.filter, "CITY")
    qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    assert window.project.span(span.id).label == "CITY"


def test_t_tags_the_selected_text(qtbot, window):
    text = window.review.document.text
    start = text.index("Holt".upper())
    window.transcript.select_range(start, start + 4)
    press(qtbot, window, Qt.Key.Key_T)
    qtbot.keyClicks(window.label_picker.filter, "PERSON")
    qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    added = [s for s in window.project.spans(window.review.document_id) if s.start == start]
    assert [(s.end, s.label, s.status) for s in added] == [(start + 4, "PERSON", Status.ACCEPTED)]


def test_f6_shows_and_hides_the_pseudonymized_preview(qtbot, window):
    go_to(qtbot, window, "L90314")
    press(qtbot, window, Qt.Key.Key_A)
    assert not window.preview.isVisible()
    press(qtbot, window, Qt.Key.Key_F6)
    assert window.preview.isVisible()
    qtbot.waitUntil(lambda: "[CDCR_ID_1]" in window.preview.toPlainText(), timeout=15000)
    press(qtbot, window, Qt.Key.Key_F6)
    assert not window.preview.isVisible()


def test_f7_switches_the_colours_between_detector_and_label(qtbot, window):
    highlighter = window.transcript.highlighter
    assert highlighter.colour_by is ColourBy.DETECTOR
    press(qtbot, window, Qt.Key.Key_F7)
    assert highlighter.colour_by is ColourBy.LABEL
    assert window.legend.by_label.isChecked()
    press(qtbot, window, Qt.Key.Key_F7)
    assert highlighter.colour_by is ColourBy.DETECTOR


def test_f1_opens_the_shortcut_sheet_and_escape_closes_it(qtbot, window):
    press(qtbot, window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: any(w.isVisible() for w in window.findChildren(CheatSheet)))
    (sheet,) = [w for w in window.findChildren(CheatSheet) if w.isVisible()]
    qtbot.keyClick(sheet, Qt.Key.Key_Escape)
    assert not sheet.isVisible()


def test_a_file_dropped_on_the_window_is_opened(qtbot, tmp_path):
    dropped = tmp_path / "dropped hearing.txt"
    dropped.write_text("\n".join(SAMPLE_LINES) + "\n", encoding="utf-8")
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(dropped))])
    point = window.rect().center()
    enter = QDragEnterEvent(
        point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        QPointF(QPoint(point)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.document_shown, timeout=30000):
        QApplication.sendEvent(window, drop)
    assert window.review.document.text.startswith(SAMPLE_LINES[0])
    window.close()


def test_ctrl_e_writes_a_draft_through_the_export_dialog(qtbot, window, tmp_path):
    # The guard knows the names in the speaker tags and their spellings: the reviewer tagged them.
    text = window.project.document_text(window.ids[0])
    tags = [(m.start(), m.end(), "PERSON") for m in re.finditer(r"HOLT|SMITH|(?<=INMATE )RICHARDSON", text)]
    spelled = text.index("R-I-C-H")
    window.project.add_spans(window.ids[0], [*tags, (spelled, spelled + 19, "SPELLED_NAME")])
    press(qtbot, window, Qt.Key.Key_E, CTRL)
    qtbot.waitUntil(lambda: getattr(window, "export_dialog", None) is not None)
    dialog = window.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=15000)
    assert not dialog.export_button.isEnabled()  # every span is pending
    out = tmp_path / "exports"
    dialog.out_dir.setText(str(out))
    dialog.draft.setFocus()
    with qtbot.waitSignal(dialog.checked, timeout=15000):
        qtbot.keyClick(dialog.draft, Qt.Key.Key_Space)
    plan = dialog.plan
    assert plan.draft
    if plan.leaks:  # the speaker tags name the inmate: tag each finding as the dialog offers
        pytest.fail(f"the draft of this transcript should be clean, found {len(plan.leaks)}")
    with qtbot.waitSignal(dialog.exported, timeout=30000) as exported:
        qtbot.keyClick(dialog.export_button, Qt.Key.Key_Space)
    written = [Path(p) for p in exported.args[0]]
    assert any(".DRAFT" in p.name for p in written), written
    draft_text = next(p for p in written if p.suffix == ".txt").read_text(encoding="utf-8")
    assert "L90314" not in draft_text and "[CDCR_ID_1]" in draft_text


def test_the_shortcut_sheets_columns_never_touch(qtbot, window):
    # "Accept identical mentions in all documents" ran into its description: the middle
    # column had no space after it, as the first has.
    press(qtbot, window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: any(w.isVisible() for w in window.findChildren(CheatSheet)))
    (sheet,) = [w for w in window.findChildren(CheatSheet) if w.isVisible()]
    (label,) = sheet.findChildren(QLabel)
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setHtml(label.text())
    layout = document.documentLayout()
    metrics = QFontMetrics(label.font())
    (table,) = [frame for frame in document.rootFrame().childFrames() if isinstance(frame, QTextTable)]
    for row in range(table.rows()):
        if table.cellAt(row, 1).columnSpan() > 1 or table.cellAt(row, 2).column() != 2:
            continue
        middle, right = table.cellAt(row, 1), table.cellAt(row, 2)
        text = QTextCursor(document)
        text.setPosition(middle.firstPosition())
        text.setPosition(middle.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        words = text.selectedText().rstrip("\u00a0")
        middle_x = layout.blockBoundingRect(middle.firstCursorPosition().block()).x()
        right_x = layout.blockBoundingRect(right.firstCursorPosition().block()).x()
        gap = right_x - (middle_x + metrics.horizontalAdvance(words))
        assert gap >= metrics.horizontalAdvance(" "), words
    qtbot.keyClick(sheet, Qt.Key.Key_Escape)
