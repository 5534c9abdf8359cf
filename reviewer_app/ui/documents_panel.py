"""The project's documents with their review state and, while detecting, a progress bar."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QWidget,
)

from reviewer_app.evaluation.review_pace import IDLE_SECONDS, ReviewPace, describe_pace
from reviewer_app.store.project import DocumentSummary

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


WORDS_ROLE = Qt.ItemDataRole.UserRole + 1  # the tooltip's first line


class DocumentsPanel(QListWidget):
    document_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("documents")
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.itemActivated.connect(
            lambda item: self.document_chosen.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        self.progress_bars: dict[str, QProgressBar] = {}
        # Each document's review time and pace (`evaluation.review_pace`), asked for
        # when a tooltip is about to show: it reads the whole audit log, too much
        # for every keystroke's refresh of the counts.
        self.pace_source: Callable[[], Mapping[str | None, ReviewPace]] | None = None

    def show_documents(self, summaries: Sequence[DocumentSummary], current: str | None = None) -> None:
        self.clear()
        self.progress_bars.clear()
        for summary in summaries:
            name = Path(summary.source).name if summary.source else summary.id
            item = QListWidgetItem(f"{name}\n{describe(summary)}", self)
            item.setData(Qt.ItemDataRole.UserRole, summary.id)
            item.setData(WORDS_ROLE, f"{summary.id}: {summary.word_count:,} words")
            item.setToolTip(item.data(WORDS_ROLE))
            if summary.id == current:
                self.setCurrentItem(item)

    def update_summaries(self, summaries: Sequence[DocumentSummary]) -> None:
        """New counts for the same documents: texts change, selection and progress bars stay."""
        if [s.id for s in summaries] != self.all_ids():
            self.show_documents(summaries, None)
            return
        for summary in summaries:
            item = self.item_of(summary.id)
            if item is not None:
                name = item.text().split("\n")[0]
                item.setText(f"{name}\n{describe(summary)}")

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

    def show_progress(self, document_id: str, stage: str, fraction: float) -> None:
        item = self.item_of(document_id)
        if item is None:
            return
        bar = self.progress_bars.get(document_id)
        if bar is None:
            holder = QWidget()
            layout = QHBoxLayout(holder)
            layout.setContentsMargins(4, 0, 4, 0)
            layout.addWidget(QLabel(item.text().split("\n")[0]))
            bar = QProgressBar(holder)
            bar.setRange(0, 100)
            layout.addWidget(bar, 1)
            self.setItemWidget(item, holder)
            self.progress_bars[document_id] = bar
        bar.setValue(int(fraction * 100))
        bar.setFormat(f"{stage} %p%")

    def end_progress(self, document_id: str) -> None:
        item = self.item_of(document_id)
        if item is not None and self.progress_bars.pop(document_id, None) is not None:
            self.removeItemWidget(item)
