"""Quitting while detection runs asks first; a document whose detection was cut
off says so when reopened and offers to run it again."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import Qt

from reviewer_app.detectors.runner import DetectionResult
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.main_window import MainWindow
from tests.gui.test_detection_profile import SPACY
from tests.gui.test_review_controller import make_project


class BlockingProcess:
    """Stands in for the detector process: detects until it is cancelled, or,
    once `finish` is set, returns no new spans."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.finish = threading.Event()

    def run(self, document, detectors, settings, progress):
        self.started.set()
        while not self.finish.is_set():
            progress.check()  # raises Cancelled when the queue is cancelled
            time.sleep(0.01)
        return DetectionResult(document.id, ())


def open_window(qtbot, path) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester", detectors=("spacy",)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def start_blocking_detection(qtbot, window, doc_id) -> BlockingProcess:
    process = window.detection.process = BlockingProcess()
    window.start_detection([doc_id], ["spacy"])
    qtbot.waitUntil(process.started.is_set)
    assert window.project.document_summary(doc_id).detection_status == "detecting"
    return process


def answer(qtbot, window, button_text: str) -> None:
    qtbot.waitUntil(lambda: window.quit_box is not None and window.quit_box.isVisible())
    box = window.quit_box
    assert "Detection is still running" in box.text()
    (button,) = [b for b in box.buttons() if b.text().replace("&", "") == button_text]
    button.click()


def test_quitting_during_detection_asks_and_an_interrupted_document_offers_to_run_again(qtbot, tmp_path):
    path = tmp_path / "p.db"
    project, doc_id = make_project(path)
    project.close()
    window = open_window(qtbot, path)
    process = start_blocking_detection(qtbot, window, doc_id)

    # Ctrl+Q asks; "Keep working" keeps the window and the run.
    qtbot.keyClick(window.transcript, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    answer(qtbot, window, "Keep working")
    assert window.isVisible() and window.detection.running
    assert window.project.document_summary(doc_id).detection_status == "detecting"

    # Closing again and "Quit anyway": the run is cut off and recorded as interrupted.
    window.close()
    answer(qtbot, window, "Quit anyway")
    qtbot.waitUntil(lambda: not window.isVisible())
    assert window.project is None
    with Project.open(path, read_only=True) as closed:
        assert closed.document_summary(doc_id).detection_status == "interrupted"

    # Reopened: the Documents list and the status area say so; Run again reruns it.
    again = open_window(qtbot, path)
    item = again.documents.item_of(doc_id)
    assert "detection was interrupted" in item.text()
    assert again.interrupted_banner.isVisible()
    assert again.message_label.text().startswith("Detection was interrupted")
    before = [s.id for s in again.project.spans(doc_id)]
    assert again.review.rows and [r.id for r in again.review.rows] == before  # nothing lost
    again.detector_infos = [SPACY]  # skip the detector status check of the real process
    qtbot.mouseClick(again.interrupted_banner.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: again.detection_dialog is not None and again.detection_dialog.isVisible())
    dialog = again.detection_dialog
    assert dialog.current_only.isChecked() and dialog.chosen_detectors() == ["spacy"]
    process = again.detection.process = BlockingProcess()
    process.finish.set()
    with qtbot.waitSignal(again.detection.finished, timeout=30000):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert again.project.document_summary(doc_id).detection_status == "detected"
    assert not again.interrupted_banner.isVisible()
    assert "interrupted" not in again.documents.item_of(doc_id).text()
    again.close()


def test_a_finished_detection_quits_without_asking(qtbot, tmp_path):
    path = tmp_path / "p.db"
    project, doc_id = make_project(path)
    project.close()
    window = open_window(qtbot, path)
    process = start_blocking_detection(qtbot, window, doc_id)
    with qtbot.waitSignal(window.detection.finished, timeout=30000):
        process.finish.set()
    window.close()
    assert window.quit_box is None and not window.isVisible()
    with Project.open(path, read_only=True) as closed:
        assert closed.document_summary(doc_id).detection_status == "detected"


def test_cancel_puts_the_document_back_rather_than_interrupted(qtbot, tmp_path):
    path = tmp_path / "p.db"
    project, doc_id = make_project(path)
    project.close()
    window = open_window(qtbot, path)
    start_blocking_detection(qtbot, window, doc_id)
    with qtbot.waitSignal(window.detection.finished, timeout=30000):
        window.cancel_button.click()
    assert window.project.document_summary(doc_id).detection_status == "detected"
    assert not window.interrupted_banner.isVisible()
    window.close()
    assert window.quit_box is None
