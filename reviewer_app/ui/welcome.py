"""The welcome screen shown when the app starts with nothing to open.

It offers the four ways in (a transcript, a project, a new project, the bundled
sample), the transcripts and projects opened recently, and says which detectors
are ready, so a first-time user on an offline workstation knows at once what
detection will do.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reviewer_app import __version__
from reviewer_app.detectors.base import DetectorStatus
from reviewer_app.paths import resource

MAX_WIDTH = 820


def short_model(model: str) -> str:
    """A model's name without the folder it was found in, e.g.
    "all-MiniLM-L6-v2 embeddings (/usr/lib/...)" -> "all-MiniLM-L6-v2 embeddings"."""
    return re.sub(r"\s*\((?:/|~|[A-Za-z]:\\)[^)]*\)$", "", model)


# Recent files shown without scrolling; the lists keep up to MAX_RECENT (window_memory).
VISIBLE_RECENT = 5


class RecentList(QListWidget):
    """Recent files, most recent first: a click or Enter opens one. A file that is
    no longer there stays listed, greyed and not openable (its drive may be
    unplugged), with its full path on hover."""

    chosen = Signal(object)  # the Path

    def __init__(self, paths: Sequence[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # A long folder is shortened in its middle (whole in the tooltip): a horizontal
        # scroll bar would cover the rows of a list only as tall as they are.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        for path in paths:
            item = QListWidgetItem(f"{path.name}  —  {path.parent}", self)
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            if path.exists():
                item.setToolTip(str(path))
            else:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(f"Not found: {path}")
        first = next((self.item(i) for i in range(self.count()) if self._openable(self.item(i))), None)
        if first is not None:
            # Current (Enter opens it) without looking chosen before the list has the focus.
            self.setCurrentItem(first, QItemSelectionModel.SelectionFlag.NoUpdate)
        # A double click is a click too: the window ignores opening what is already open.
        self.itemClicked.connect(self._choose)
        self.itemDoubleClicked.connect(self._choose)

    def height_for_rows(self, rows: int) -> int:
        """Pixels that show `rows` entries whole, without a scroll bar."""
        row_height = self.sizeHintForRow(0) if self.count() else self.fontMetrics().height() + 4
        return rows * row_height + 2 * self.frameWidth() + 4

    @staticmethod
    def _openable(item: QListWidgetItem | None) -> bool:
        return item is not None and bool(item.flags() & Qt.ItemFlag.ItemIsEnabled)

    def _choose(self, item: QListWidgetItem | None) -> None:
        if self._openable(item):
            self.chosen.emit(Path(item.data(Qt.ItemDataRole.UserRole)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._choose(self.currentItem())
            return
        super().keyPressEvent(event)


class WelcomeScreen(QWidget):
    open_transcript_requested = Signal()
    open_project_requested = Signal()
    new_project_requested = Signal()
    open_sample_requested = Signal()
    models_requested = Signal()
    recent_chosen = Signal(object)  # the Path of a transcript or project

    def __init__(
        self,
        detector_statuses: Sequence[tuple[str, DetectorStatus]],
        parent: QWidget | None = None,
        recent_transcripts: Sequence[Path] = (),
        recent_projects: Sequence[Path] = (),
    ) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")

        logo = QLabel()
        logo.setPixmap(QPixmap(str(resource("icons", "reviewer-app-128.png"))))
        title = QLabel(
            f"<h1>reviewer_app <small>{__version__}</small></h1>"
            "<p>De-identify transcripts before they are published.<br>"
            "Detectors propose; you decide every span. Nothing leaves this computer.</p>"
        )
        header = QHBoxLayout()
        header.addWidget(logo)
        header.addWidget(title, 1)

        self.buttons: dict[str, QPushButton] = {}
        actions = QGridLayout()
        for i, (key, text, hint, signal) in enumerate(
            (
                (
                    "transcript",
                    "Open a transcript…",
                    "A PDF or text file, reviewed on its own",
                    self.open_transcript_requested,
                ),
                (
                    "project",
                    "Open a project…",
                    "A corpus you are reviewing (.db)",
                    self.open_project_requested,
                ),
                (
                    "new",
                    "New project…",
                    "Start a corpus: add transcripts, detect, review",
                    self.new_project_requested,
                ),
                (
                    "sample",
                    "Open the sample transcript",
                    "A synthetic parole hearing to try everything on",
                    self.open_sample_requested,
                ),
            )
        ):
            button = QPushButton(text)
            button.setMinimumHeight(40)
            button.clicked.connect(signal.emit)
            self.buttons[key] = button
            actions.addWidget(button, i, 0)
            actions.addWidget(QLabel(hint), i, 1)

        detectors = QGroupBox("Detectors on this computer")
        detector_layout = QVBoxLayout(detectors)
        self.detector_labels: dict[str, QLabel] = {}
        for name, status in detector_statuses:
            mark, colour = ("✔", "#2e7d32") if status.ready else ("✖", "#9e9e9e")
            if status.ready:
                summary = short_model(status.model) or status.message
            else:
                summary = "not available here: Models… tells how to add it"
            label = QLabel(
                f"<span style='color:{colour}'>{mark}</span> <b>{html.escape(name)}</b> — "
                f"{html.escape(summary)}"
            )
            # The whole story (folders looked in, the model's path) on hover and in Models….
            label.setToolTip(status.message if not status.ready else f"{status.model}\n{status.message}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            self.detector_labels[name] = label
            detector_layout.addWidget(label)
        if not detector_statuses:
            detector_layout.addWidget(QLabel("The detectors could not be checked; Models… checks again."))
        self.models_button = QPushButton("Models…")
        self.models_button.setToolTip("The model each detector uses, and how to add the missing ones")
        self.models_button.clicked.connect(self.models_requested.emit)
        models_row = QHBoxLayout()
        models_row.addWidget(QLabel("<small>Detection works offline with the ready detectors.</small>"), 1)
        models_row.addWidget(self.models_button)
        detector_layout.addLayout(models_row)

        self.recent: dict[str, RecentList] = {}
        recent = QGroupBox("Recent")
        recent_layout = QGridLayout(recent)
        for column, (key, title, paths) in enumerate(
            (("transcripts", "Transcripts", recent_transcripts), ("projects", "Projects", recent_projects))
        ):
            recent_layout.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
            listing = RecentList(paths, recent)
            listing.setObjectName(f"recent-{key}")
            listing.chosen.connect(self.recent_chosen.emit)
            recent_layout.addWidget(listing, 1, column)
            self.recent[key] = listing
        # As tall as the longer list (up to VISIBLE_RECENT rows), not a fixed 150 pixels
        # that pushed the detectors below the fold of a 1280x800 screen for one file.
        rows = min(max(1, len(recent_transcripts), len(recent_projects)), VISIBLE_RECENT)
        for listing in self.recent.values():
            listing.setFixedHeight(listing.height_for_rows(rows))
        recent.setVisible(bool(recent_transcripts or recent_projects))

        # A column of readable width, centred, however wide the window.
        column = QWidget()
        column.setMaximumWidth(MAX_WIDTH)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addSpacing(12)
        layout.addLayout(actions)
        layout.addSpacing(12)
        layout.addWidget(recent)
        layout.addSpacing(12)
        layout.addWidget(detectors)
        layout.addStretch(1)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        outer.addStretch(1)
        outer.addWidget(column, 100)
        outer.addStretch(1)
