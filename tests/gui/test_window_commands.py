"""The open command, the cheat sheet, and cancelling detection."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from reviewer_app.cli.main import build_parser
from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.ui.actions import SPECS, CheatSheet
from reviewer_app.ui.main_window import MainWindow
from tests.gui.test_review_controller import make_project


def test_open_command_passes_the_path_to_the_window(monkeypatch):
    import reviewer_app.ui.app as app_module

    opened = []
    monkeypatch.setattr(app_module, "run", lambda path=None: opened.append(path) or 0)
    parser = build_parser()
    args = parser.parse_args(["open", "hearing.pdf"])
    assert args.func(args) == 0
    args = parser.parse_args(["open"])
    assert args.func(args) == 0
    assert opened == [Path("hearing.pdf"), None]


def test_cheat_sheet_lists_every_shortcut(qtbot):
    sheet = CheatSheet()
    qtbot.addWidget(sheet)
    text = sheet.findChildren(type(sheet.layout().itemAt(0).widget()))[0].text()
    for spec in SPECS:
        assert QKeySequence(spec.shortcut).toString(QKeySequence.SequenceFormat.NativeText) in text
    shortcuts = [QKeySequence(s.shortcut).toString() for s in SPECS]
    assert len(shortcuts) == len(set(shortcuts)), "two actions share a shortcut"


def test_cancelling_detection_keeps_the_document_as_it_was(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    before = {s.id: s.status for s in project.spans(doc_id)}
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    with qtbot.waitSignal(window.detection.finished, timeout=60000) as finished:
        window.start_detection([doc_id], ["spacy"])
        assert window.cancel_button.isVisibleTo(window)
        window.cancel_button.click()
    assert finished.args == [False]
    assert window.detection_label.text() == "Detection cancelled"
    assert window.project.document_summary(doc_id).detection_status == "detected"
    assert {s.id: s.status for s in window.project.spans(doc_id)} == before
    assert all(s is Status.PENDING for s in before.values())
    window.close()


def test_a_crashed_detector_process_is_a_dialog_not_a_crash(qtbot, tmp_path):
    import os
    import signal

    from reviewer_app.ui.detection_process import shared_process

    project, doc_id = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    process = shared_process()
    with qtbot.waitSignal(window.error_shown, timeout=60000) as shown:
        window.start_detection([doc_id], ["spacy"])
        qtbot.waitUntil(lambda: bool(process.child_pids()), timeout=30000)
        for pid in process.child_pids():
            os.kill(pid, signal.SIGKILL)
    assert "stopped unexpectedly" in shown.args[0].text()
    shown.args[0].close()
    qtbot.waitUntil(lambda: not window.detection.running, timeout=10000)
    assert window.project.document_summary(doc_id).detection_status == "failed"
    assert window.review.rows  # the spans and decisions are still there
    window.close()


def test_bare_window_welcomes_and_opens_the_sample(qtbot):
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.welcome is not None, timeout=60000)
    assert window.pages.currentWidget() is window.welcome_page
    assert "presidio" in window.welcome.detector_labels
    with qtbot.waitSignal(window.document_shown, timeout=60000) as shown:
        window.welcome.buttons["sample"].click()
    assert shown.args[0].word_count > 1000
    assert window.pages.currentWidget() is window.splitter
    window.close()


def test_closing_mid_review_and_reopening_keeps_every_decision_and_the_place(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    window.actions.next_pending.trigger()
    window.actions.accept.trigger()
    window.actions.reject.trigger()
    before_relabel = {s.id: (s.status, s.label) for s in window.project.spans(doc_id)}
    window.review.relabel("CITY")
    decided = {s.id: (s.status, s.label) for s in window.project.spans(doc_id)}
    where = window.review.current_id
    assert sum(s is not Status.PENDING for s, _ in decided.values()) == 3
    window.close()  # two spans still pending

    again = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(again)
    again.open_path(tmp_path / "p.db")
    assert {s.id: (s.status, s.label) for s in again.project.spans(doc_id)} == decided
    assert again.review.current_id == where
    assert again.transcript.textCursor().position() == again.review.current.span.start
    assert again.progress_label.text() == "3 of 5 reviewed"
    again.actions.undo.trigger()  # the relabel, undone after the reopen
    assert {s.id: (s.status, s.label) for s in again.project.spans(doc_id)} == before_relabel
    again.close()


def test_a_store_error_is_a_dialog_and_the_status_bar_says_not_saved(qtbot, tmp_path):
    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    window.actions.next_pending.trigger()
    current = window.review.current_id
    window.project.read_only = True  # as if another process had taken the project
    with qtbot.waitSignal(window.error_shown, timeout=5000) as shown:
        window.actions.accept.trigger()
    assert "read-only" in shown.args[0].text()
    assert window.saved_label.text() == "Last action NOT saved"
    assert window.review.current_id == current and window.review.undo_stack.count() == 0
    window.project.read_only = False
    window.actions.accept.trigger()
    assert window.saved_label.text() == "All decisions saved"
    window.close()
