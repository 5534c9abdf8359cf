"""The Documents panel tells, on hover, how long the document was reviewed and
how fast, from the audit log of the decisions made in the window."""

from __future__ import annotations

import types

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from reviewer_app.settings import Settings
from reviewer_app.ui.main_window import MainWindow
from tests.gui.test_review_controller import make_project


def hover_tooltip(qtbot, panel, item) -> str:
    """What the reviewer reads when resting the mouse on the item."""
    centre = panel.visualItemRect(item).center()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, panel.viewport().mapToGlobal(centre))
    QApplication.sendEvent(panel.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
    return QToolTip.text()


def test_documents_panel_tooltip_shows_review_time_and_pace(qtbot, tmp_path, monkeypatch):
    project, doc_id = make_project(tmp_path / "p.db")
    project.close()
    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr("reviewer_app.store.project.time", types.SimpleNamespace(time=lambda: clock.now))
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(tmp_path / "p.db")
    item = window.documents.item(0)
    assert "no decisions yet" in hover_tooltip(qtbot, window.documents, item)
    QToolTip.hideText()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.transcript.setFocus()
    qtbot.keyClick(window.transcript, Qt.Key.Key_N)
    # Accept at 1000 s, reject 30 s later, accept 60 s later, then a coffee (10 min,
    # not counted) and a last accept: 1.5 min, 4 decisions, 2.7 per minute.
    steps = ((1000.0, Qt.Key.Key_A), (1030.0, Qt.Key.Key_R), (1090.0, Qt.Key.Key_A), (1690.0, Qt.Key.Key_A))
    for at, key in steps[:2]:
        clock.now = at
        qtbot.keyClick(window.transcript, key)
    # Half a minute in: the time in seconds, and no rate from so little.
    short = hover_tooltip(qtbot, window.documents, window.documents.item(0))
    assert "Review: 30 s, 2 decisions (too short to rate)" in short and "per minute" not in short
    QToolTip.hideText()
    window.transcript.setFocus()
    for at, key in steps[2:]:
        clock.now = at
        qtbot.keyClick(window.transcript, key)
    assert window.review.pending_count() == 1
    QToolTip.hideText()
    text = hover_tooltip(qtbot, window.documents, window.documents.item(0))
    assert f"{doc_id}: " in text
    assert "Review: 1.5 min, 4 decisions (2.7 per minute)" in text
    assert "pauses over 5 min not counted" in text
    QToolTip.hideText()
