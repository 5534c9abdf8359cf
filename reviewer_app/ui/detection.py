"""Detection from the window: the dialog that chooses detectors and documents,
and the queue that runs the core's `run_detection` off the UI thread, one
document at a time, then records the result and the person clusters in the store.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.progress import ProgressWords
from reviewer_app.detectors.registry import DetectorInfo
from reviewer_app.detectors.runner import DetectionResult
from reviewer_app.settings import Settings, with_profile
from reviewer_app.store.project import Project, StoredSpan, propose_clusters
from reviewer_app.ui.detection_process import shared_process
from reviewer_app.ui.workers import Task, TaskRunner

log = logging.getLogger(__name__)

# The detection status of a document whose run was cut off (the store marks a
# run a killed process left "detecting" the same way when the project reopens).
INTERRUPTED = "interrupted"

# The detection profiles (detectors/profiles.py) as the dialog names them.
PROFILE_CHOICES = (
    ("auto", "Automatic: hearing rules when the file is a parole hearing"),
    ("hearing", "Parole hearing"),
    ("general", "General: court, interview, call"),
)


@dataclass(frozen=True)
class DetectionOutcome:
    """A document's detection result and its spans as stored afterwards."""

    result: DetectionResult
    stored: tuple[StoredSpan, ...]


class DetectionDialog(QDialog):
    """Choose detectors (missing models greyed, with how to install) and documents."""

    models_requested = Signal()

    def __init__(
        self,
        detectors: Sequence[DetectorInfo],
        chosen: Sequence[str],
        selected_documents: int,
        parent: QWidget | None = None,
        profile: str = "auto",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("detectionDialog")
        self.setWindowTitle("Run detection")
        layout = QVBoxLayout(self)
        box = QGroupBox("Detectors", self)
        box_layout = QVBoxLayout(box)
        self.boxes: dict[str, QCheckBox] = {}
        for info in detectors:
            check = QCheckBox(info.name, box)
            check.setStyleSheet(f"QCheckBox {{ border-left: 12px solid {info.colour}; padding-left: 4px; }}")
            ready = info.status.ready
            check.setEnabled(ready)
            check.setChecked(ready and info.name in chosen)
            check.setToolTip(info.status.message)
            box_layout.addWidget(check)
            note = QLabel(info.status.model if ready else f"Not available: {info.status.message}", box)
            note.setWordWrap(True)
            note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            note.setEnabled(ready)
            note.setStyleSheet("margin-left: 24px; color: #666;")
            box_layout.addWidget(note)
            self.boxes[info.name] = check
        if not all(info.status.ready for info in detectors):
            self.models_button = QPushButton("How to add the missing models…", box)
            self.models_button.clicked.connect(self.models_requested.emit)
            box_layout.addWidget(self.models_button)
        layout.addWidget(box)
        rules = QHBoxLayout()
        rules.addWidget(QLabel("Rules:", self))
        self.profile_combo = QComboBox(self)
        self.profile_combo.setObjectName("detectionProfile")
        for value, text in PROFILE_CHOICES:
            self.profile_combo.addItem(text, value)
        self.profile_combo.setCurrentIndex(max(0, self.profile_combo.findData(profile)))
        self.profile_combo.setToolTip(
            "Hearing rules drop durations, strip titles from names and look for CDCR numbers; general "
            "rules look for case, ID and account numbers and sums of money instead."
        )
        rules.addWidget(self.profile_combo, 1)
        layout.addLayout(rules)
        self.current_only = QRadioButton("This document", self)
        self.selected = QRadioButton(f"Selected documents ({selected_documents})", self)
        self.all_documents = QRadioButton("All documents in the project", self)
        self.current_only.setChecked(True)
        self.selected.setEnabled(selected_documents > 1)
        for button in (self.current_only, self.selected, self.all_documents):
            layout.addWidget(button)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Run")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen_detectors(self) -> list[str]:
        return [name for name, box in self.boxes.items() if box.isEnabled() and box.isChecked()]

    def chosen_profile(self) -> str:
        return str(self.profile_combo.currentData())

    def scope(self) -> str:
        if self.all_documents.isChecked():
            return "all"
        return "selected" if self.selected.isChecked() else "current"


class DetectionQueue(QObject):
    """Runs detection for documents one after the other on a worker thread."""

    # document id, the report (core.progress.Step), and it in words with the time left
    progress = Signal(str, object, str)
    document_done = Signal(str, object)  # document id, DetectionOutcome
    document_failed = Signal(str, object)  # document id, exception
    finished = Signal(bool)  # False when cancelled

    def __init__(self, project: Project, settings: Settings, runner: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.project = project
        self.settings = settings
        self.runner = runner
        self.queue: deque[str] = deque()
        self.detectors: list[str] = []
        self.profile: str | None = None
        self.task: Task | None = None
        self.current: str | None = None
        self._status_before = "not_detected"
        # Set by shutdown: the worker's late signals find the project closed.
        self._closing = False
        self.process = shared_process()

    @property
    def running(self) -> bool:
        return self.task is not None

    def start(
        self, document_ids: Sequence[str], detectors: Sequence[str], profile: str | None = None
    ) -> None:
        """Queue documents; `profile` overrides the settings' detection profile."""
        self.queue.extend(d for d in document_ids if d not in self.queue and d != self.current)
        self.detectors = list(detectors)
        self.profile = profile
        if not self.running:
            self._next()

    def cancel(self) -> None:
        self.queue.clear()
        if self.task is not None:
            self.task.cancel()

    def shutdown(self) -> None:
        """Cancel and wait (the project is closing); the detector process stays
        for the next project. A document whose run was cut off is marked
        "interrupted", so reopening it says so and offers to run it again (a
        reviewer's Cancel, by contrast, puts the document back as it was)."""
        cut_off = self.current
        self._closing = True
        self.cancel()
        self.runner.wait(10000)
        # The run may have finished (and recorded its result) before the cancel reached it.
        if cut_off is not None and self.project.document_summary(cut_off).detection_status == "detecting":
            self.project.set_detection_status(cut_off, INTERRUPTED)
            log.info("detection of %s interrupted by closing the project", cut_off)
        self.task = None
        self.current = None

    def _next(self) -> None:
        if not self.queue:
            self.task = None
            self.current = None
            self.finished.emit(True)
            return
        document_id = self.current = self.queue.popleft()
        document = self.project.document(document_id)
        self._status_before = self.project.document_summary(document_id).detection_status
        self.project.set_detection_status(document_id, "detecting")
        detectors, project = list(self.detectors), self.project
        settings = with_profile(self.settings, self.profile)

        def work(progress):
            # Detection runs in the child process; storing its result (thousands
            # of rows) and clustering happen here, on the worker thread, too.
            result = self.process.run(document, detectors, settings, progress)
            progress.check()
            project.record_detection(document_id, result.spans, [r.name for r in result.runs if r.ok])
            propose_clusters(project, document_id, settings.fuzzy_threshold)
            return DetectionOutcome(result, tuple(project.spans(document_id)))

        task = Task(work, "detection")
        words = ProgressWords()
        task.signals.progress.connect(
            lambda step: self.progress.emit(document_id, step, words.describe(step))
        )
        task.signals.succeeded.connect(lambda result: self._record(document_id, result))
        task.signals.failed.connect(lambda exc: self._failed(document_id, exc))
        task.signals.cancelled.connect(lambda: self._cancelled(document_id))
        self.task = task
        self.runner.start(task)

    def _record(self, document_id: str, outcome: DetectionOutcome) -> None:
        if self._closing:
            return
        self.document_done.emit(document_id, outcome)
        self._next()

    def _failed(self, document_id: str, exc: BaseException) -> None:
        if self._closing:
            return
        try:
            self.project.set_detection_status(document_id, "failed")
        except Exception:  # noqa: BLE001 - the first error is the one to show
            log.warning("could not mark %s as failed", document_id)
        self.document_failed.emit(document_id, exc)
        self._next()

    def _cancelled(self, document_id: str) -> None:
        if self._closing:
            return
        self.project.set_detection_status(document_id, self._status_before)
        self.task = None
        self.current = None
        self.queue.clear()
        self.finished.emit(False)


class InterruptedBanner(QFrame):
    """Above the transcript of a document whose detection was cut off: says so
    and offers to run it again (the Run detection dialog, this document chosen)."""

    run_again = Signal()

    TEXT = (
        "Detection was interrupted: the window closed or the computer stopped while it ran, "
        "so this document may lack spans."
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("detectionInterrupted")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#detectionInterrupted { background: #fff4ce; border: 1px solid #e0b000; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel(self.TEXT, self)
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self.button = QPushButton("Ru&n detection again…", self)
        self.button.setObjectName("runAgain")
        self.button.clicked.connect(self.run_again.emit)
        layout.addWidget(self.button)
        self.hide()


def ask_before_quitting(parent: QWidget, quit_anyway: Callable[[], None]) -> QMessageBox:
    """Quitting would cut a detection run off: Quit anyway, or Keep working (the
    default, also Esc). Opens without blocking; `quit_anyway` runs on that answer."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "Detection is running",
        "Detection is still running. Quit anyway? The document being detected will say "
        "“Detection was interrupted” when you open it again, and offer to run it again.",
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("quitWhileDetecting")
    quit_button = box.addButton("&Quit anyway", QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton("&Keep working", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.finished.connect(lambda _: box.clickedButton() is quit_button and quit_anyway())
    box.open()
    return box
