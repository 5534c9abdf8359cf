"""The main window: menus, panels and the wiring between them.

It holds no data of its own: documents come from the importer (or the project
store), spans and decisions from the review session. Each panel is its own
module; this file only places them and connects signals.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QWidget

from reviewer_app.core.document import Document
from reviewer_app.settings import Settings
from reviewer_app.ui.errors import plain_message, show_error
from reviewer_app.ui.transcript_view import TranscriptView
from reviewer_app.ui.workers import Task, TaskRunner

log = logging.getLogger(__name__)

OPEN_FILTER = "Transcripts (*.pdf *.txt);;Projects (*.db);;All files (*)"


class MainWindow(QMainWindow):
    document_shown = Signal(object)  # the Document
    error_shown = Signal(object)  # the QMessageBox

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("reviewer_app")
        self.setAcceptDrops(True)
        self.resize(1400, 900)
        self.tasks = TaskRunner(self)
        self.transcript = TranscriptView(self)
        self.setCentralWidget(self.transcript)
        self.document: Document | None = None
        self._status = QLabel("Open a transcript: File > Open, or drop a file here.")
        self.statusBar().addWidget(self._status, 1)
        self._build_menus()

    # -- menus -------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.choose_file)
        file_menu.addAction(self.open_action)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a transcript or project", "", OPEN_FILTER)
        if path:
            self.open_path(Path(path))

    # -- opening -----------------------------------------------------------------
    def open_path(self, path: Path) -> Task:
        """Import `path` off the UI thread, then show it; errors become a dialog."""
        from reviewer_app.importers import import_file

        settings = self.settings
        self._status.setText(f"Opening {path.name}…")
        task = Task(lambda progress: import_file(path, settings), name="import")
        task.signals.succeeded.connect(self.show_document)
        task.signals.failed.connect(
            lambda exc: self.report_error("Could not open the file", exc, "opening it")
        )
        return self.tasks.start(task)

    def show_document(self, document: Document) -> None:
        self.document = document
        self.transcript.show_document(document)
        name = Path(document.source_path).name if document.source_path else document.id
        self.setWindowTitle(f"{name} — reviewer_app")
        notes = "; ".join(document.notes)
        summary = f"{document.word_count:,} words, {len(document.utterances):,} utterances"
        self._status.setText(summary + (f" — {notes}" if notes else ""))
        self.document_shown.emit(document)

    def report_error(self, title: str, exc: BaseException, doing: str) -> QMessageBox:
        self._status.setText(title)
        box = show_error(self, title, plain_message(exc, doing))
        self.error_shown.emit(box)
        return box

    # -- drag and drop -----------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.open_path(files[0])

    def closeEvent(self, event) -> None:
        self.tasks.cancel_all()
        self.tasks.wait(5000)
        super().closeEvent(event)



