"""The window fits the screens reviewers have (1280x800, 1024x700): a long status
message, the hidden welcome page and the persons panel's buttons used to hold it
at least 1452x765 pixels, past the screen's edge, with the Documents list 70
pixels wide and the document names cut off."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt

from reviewer_app.settings import Settings
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.window_memory import WindowMemory
from tests.gui.test_review_controller import make_project
from tests.gui.test_window_memory import activate

SAMPLE_PDF = Path(__file__).resolve().parents[2] / "resources" / "sample" / "sample_hearing.pdf"


def open_sample(qtbot, width: int, height: int) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    activate(qtbot, window)
    window.open_path(SAMPLE_PDF)
    qtbot.waitUntil(lambda: window.review is not None and window.review.document is not None, timeout=60000)
    return window


def test_the_sample_fits_1280x800_with_room_for_the_documents_and_the_transcript(qtbot):
    window = open_sample(qtbot, 1280, 800)
    # The sample's note is longer than the screen is wide: it ends in "…", whole in the tooltip.
    message = window.message_label
    assert "16 body pages" in message.text() and message.toolTip() == message.text()
    qtbot.waitUntil(lambda: window.size() == QSize(1280, 800))
    # The docks' shares take effect at the layout's next pass: on a busy machine the
    # document can be shown before it, with the docks still at their own widths.
    qtbot.waitUntil(lambda: window.transcript.width() >= 1280 * 0.4)
    documents_dock = window.docks[0]
    assert documents_dock.width() >= 180  # "sample_hearing.pdf" and "not detected" whole
    name = window.documents.item(0).text().splitlines()[0]
    assert window.documents.fontMetrics().horizontalAdvance(name) < window.documents.viewport().width()
    # The persons panel's buttons do not widen the Span dock.
    qtbot.keyClick(window.transcript, Qt.Key.Key_F10)
    assert window.side_tabs.currentWidget() is window.clusters
    assert window.side_tabs.minimumSizeHint().width() <= 400
    window.close()


def test_the_window_and_the_find_bar_fit_1024x700(qtbot):
    window = open_sample(qtbot, 1024, 700)
    qtbot.keyClick(window.transcript, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.find_bar.isVisible)
    qtbot.keyClicks(window.find_bar.field, "hearing")
    qtbot.keyClick(window.transcript, Qt.Key.Key_F10)
    qtbot.wait(50)
    assert window.size() == QSize(1024, 700)
    assert window.minimumSizeHint().width() <= 1024 and window.minimumSizeHint().height() <= 700
    assert window.transcript.width() >= 1024 * 0.35
    assert window.find_bar.geometry().right() <= window.find_bar.parentWidget().width()
    window.close()


def test_the_welcome_with_recent_files_fits_1280x800_without_scrolling(qtbot, tmp_path):
    # A transcript and a project opened once: the recent lists were 150 pixels tall
    # whatever they held, and pushed the detectors and Models… below the fold.
    # The project's folder is longer than the list is wide.
    folder = tmp_path / ("hearings of the board of parole, " * 4).strip(" ,")
    folder.mkdir()
    project, _ = make_project(folder / "corpus.db")
    project.close()
    memory = WindowMemory()
    memory.add_recent("transcripts", SAMPLE_PDF)
    memory.add_recent("projects", folder / "corpus.db")
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.welcome is not None, timeout=10000)
    qtbot.wait(50)
    listing = window.welcome.recent["transcripts"]
    assert listing.count() == 1 and listing.visualItemRect(listing.item(0)).bottom() < listing.height()
    assert window.welcome_page.verticalScrollBar().maximum() == 0
    # The long folder is shortened, not scrolled: no scroll bar over the one row.
    projects = window.welcome.recent["projects"]
    assert not projects.horizontalScrollBar().isVisible()
    assert projects.visualItemRect(projects.item(0)).bottom() < projects.viewport().height()
    window.close()


def test_detection_progress_words_wrap_in_a_narrow_documents_list(qtbot, tmp_path):
    # At 1024 pixels the Documents dock is about 160 wide: "about 4 s left" was cut off.
    project, doc_id = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    with qtbot.waitSignal(window.document_shown, timeout=30000):
        window.open_path(tmp_path / "p.db")
    documents = window.documents
    window.resizeDocks([window.docks[0]], [160], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: documents.viewport().width() < 170)
    words = "presidio 1/4 chunks · about 4 s left"
    documents.show_progress(doc_id, 0.25, words)
    qtbot.wait(50)
    label = documents.progress_words[doc_id]
    shown = label.mapTo(documents.viewport(), label.rect().topRight())
    assert shown.x() <= documents.viewport().width()  # not drawn past the list's edge
    needed = label.fontMetrics().boundingRect(0, 0, label.width(), 1000, Qt.TextFlag.TextWordWrap, words)
    assert needed.height() <= label.height()  # every wrapped line shown whole
    assert not documents.horizontalScrollBar().isVisible()
    window.close()
