"""The pseudonymized text beside the transcript: it follows the transcript's
scroll position and is rebuilt (off the UI thread, after a short pause) as
decisions change. It shows what an export would write from the accepted spans.
Offsets are offsets of the texts themselves; Qt's positions are converted by
`TextPositions` (a character outside the BMP is two of them).
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from reviewer_app.store.project import Project
from reviewer_app.ui.export_plan import output_offset, reviewed_result
from reviewer_app.ui.text_positions import TextPositions
from reviewer_app.ui.workers import Task, TaskRunner

REBUILD_DELAY_MS = 300


class PreviewPane(QPlainTextEdit):
    rebuilt = Signal()

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preview")
        self.setReadOnly(True)
        self.setPlaceholderText("The pseudonymized text appears here as spans are accepted.")
        self.runner = runner
        # How names are tagged (settings.person_tags): the window sets it.
        self.person_tags = "part"
        self.result = None
        self.positions = TextPositions("")
        self._source: tuple[Project, str] | None = None
        self._follow_offset = 0
        self._running: Task | None = None
        self._again = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REBUILD_DELAY_MS)
        self._timer.timeout.connect(self._rebuild)

    def show_for(self, project: Project, document_id: str) -> None:
        self._source = (project, document_id)
        self.schedule()

    def set_person_tags(self, person_tags: str) -> None:
        if person_tags != self.person_tags:
            self.person_tags = person_tags
            self.schedule()

    def schedule(self) -> None:
        """Rebuild after the reviewer pauses (a burst of decisions is one rebuild)."""
        if self._source is not None and self.isVisible():
            self._timer.start()

    def _rebuild(self) -> None:
        if self._source is None:
            return
        if self._running is not None:
            self._again = True
            return
        project, document_id = self._source
        person_tags = self.person_tags
        task = Task(
            lambda progress: reviewed_result(project, document_id, False, person_tags=person_tags)[3],
            "preview",
        )
        task.signals.succeeded.connect(self._show)
        task.signals.failed.connect(self._failed)
        task.signals.finished.connect(self._done)
        self._running = self.runner.start(task)

    def _done(self) -> None:
        self._running = None
        if self._again:
            self._again = False
            self._rebuild()

    def _failed(self, exc: BaseException) -> None:
        self.result = None  # nothing to follow in a message
        self.setPlainText(f"(No preview: {exc})")

    def _show(self, result) -> None:
        self.result = result
        self.positions = TextPositions(result.text)
        position = self.verticalScrollBar().value()
        self.setPlainText(result.text)
        self.verticalScrollBar().setValue(position)
        self.follow(self._follow_offset)
        self.rebuilt.emit()

    def follow(self, source_offset: int) -> None:
        """Scroll so that the text at `source_offset` of the original is at the top."""
        self._follow_offset = source_offset
        if self.result is None:
            return
        target = self.positions.to_qt(output_offset(self.result, source_offset))
        cursor = QTextCursor(self.document())
        cursor.setPosition(target)
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())  # then back up: the target line ends at the top
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.schedule()
