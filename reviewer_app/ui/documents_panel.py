"""The project's documents with their review state and, while detecting, a progress bar."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.evaluation.review_pace import IDLE_SECONDS, ReviewPace, describe_pace
from reviewer_app.store.project import DocumentSummary
from reviewer_app.ui.focus import frame_current_row

# The document's display name (its file's name), kept beside the item's text.
NAME_ROLE = Qt.ItemDataRole.UserRole + 1

STATE_WORDS = {
    "not_detected": "not detected",
    "detecting": "detecting",
    "failed": "detection failed",
    "interrupted": "detection was interrupted",
    "reviewed": "reviewed",
    "exported": "exported",
}


def describe(summary: DocumentSummary) -> str:
    if summary.state == "in_review":
        return f"{summary.stats.reviewed} of {summary.stats.total} reviewed"
    return STATE_WORDS.get(summary.state, summary.state)


WORDS_ROLE = Qt.ItemDataRole.UserRole + 2  # the tooltip's first line


class DocumentsPanel(QListWidget):
    document_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("documents")
        frame_current_row(self)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.itemActivated.connect(
            lambda item: self.document_chosen.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        self.progress_bars: dict[str, QProgressBar] = {}
        # Each document's review time and pace (`evaluation.review_pace`), asked for
        # when a tooltip is about to show: it reads the whole audit log, too much
        # for every keystroke's refresh of the counts.
        self.pace_source: Callable[[], Mapping[str | None, ReviewPace]] | None = None
        self.progress_words: dict[str, QLabel] = {}

    def show_documents(self, summaries: Sequence[DocumentSummary], current: str | None = None) -> None:
        self.clear()
        self.progress_bars.clear()
        self.progress_words.clear()
        for summary in summaries:
            name = Path(summary.source).name if summary.source else summary.id
            item = QListWidgetItem(f"{name}\n{describe(summary)}", self)
            item.setData(Qt.ItemDataRole.UserRole, summary.id)
            item.setData(WORDS_ROLE, f"{summary.id}: {summary.word_count:,} words")
            item.setToolTip(item.data(WORDS_ROLE))
            item.setData(NAME_ROLE, name)
            if summary.id == current:
                self.setCurrentItem(item)

    def update_summaries(self, summaries: Sequence[DocumentSummary]) -> None:
        """New counts for the same documents: texts change, selection and progress bars stay."""
        if [s.id for s in summaries] != self.all_ids():
            self.show_documents(summaries, None)
            return
        for summary in summaries:
            item = self.item_of(summary.id)
            if item is not None and summary.id not in self.progress_bars:
                item.setText(f"{item.data(NAME_ROLE)}\n{describe(summary)}")

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.pace_source is not None:
            item = self.itemAt(event.pos())
            if item is not None:
                pace = self.pace_source().get(item.data(Qt.ItemDataRole.UserRole), ReviewPace())
                item.setToolTip(
                    f"{item.data(WORDS_ROLE)}\nReview: {describe_pace(pace)}\n"
                    f"(time between decisions; pauses over {IDLE_SECONDS / 60:g} min not counted)"
                )
        return super().viewportEvent(event)

    def item_of(self, document_id: str) -> QListWidgetItem | None:
        for i in range(self.count()):
            if self.item(i).data(Qt.ItemDataRole.UserRole) == document_id:
                return self.item(i)
        return None

    def selected_ids(self) -> list[str]:
        return [item.data(Qt.ItemDataRole.UserRole) for item in self.selectedItems()]

    def all_ids(self) -> list[str]:
        return [self.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.count())]

    def show_progress(self, document_id: str, fraction: float, words: str) -> None:
        """While detecting: the document's name, a progress bar and `words` under it
        (stage, chunks done, time left), in place of its review state."""
        item = self.item_of(document_id)
        if item is None:
            return
        bar = self.progress_bars.get(document_id)
        if bar is None:
            holder = QWidget()
            layout = QVBoxLayout(holder)
            layout.setContentsMargins(4, 1, 4, 1)
            layout.setSpacing(1)
            layout.addWidget(QLabel(item.data(NAME_ROLE), holder))
            bar = QProgressBar(holder)
            bar.setRange(0, 100)
            # The words go under the bar: beside it they are cut off in a narrow dock.
            bar.setTextVisible(False)
            bar.setMaximumHeight(8)
            layout.addWidget(bar)
            label = QLabel(words, holder)
            # Wrapped: in a narrow dock (1024-pixel screens) "about 4 s left" was cut off.
            label.setWordWrap(True)
            layout.addWidget(label)
            self.progress_words[document_id] = label
            # The row shows the widget alone: the item's own text would be painted
            # beneath it, the name a second time.
            item.setText("")
            self.setItemWidget(item, holder)
            self.progress_bars[document_id] = bar
        bar.setValue(int(fraction * 100))
        self.progress_words[document_id].setText(words)
        bar.setToolTip(words)
        # The row as tall as the wrapped words need at the list's width, and no wider.
        holder = self.itemWidget(item)
        width = self.viewport().width()
        item.setSizeHint(QSize(width, holder.layout().totalHeightForWidth(width)))

    def end_progress(self, document_id: str) -> None:
        item = self.item_of(document_id)
        self.progress_words.pop(document_id, None)
        if item is not None and self.progress_bars.pop(document_id, None) is not None:
            self.removeItemWidget(item)
            item.setSizeHint(QSize())
            item.setText(item.data(NAME_ROLE))
