"""The relabel picker: opens with a key, filters as you type, Enter chooses."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QDialog, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.ui.focus import frame_current_row


class LabelPicker(QDialog):
    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None, labels: LabelCatalog | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("labelPicker")
        self.setWindowTitle("Label")
        self.labels = labels or catalog()
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Type to filter labels…")
        self.list = QListWidget(self)
        frame_current_row(self.list)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        for label in self.labels.all_labels:
            item = QListWidgetItem(label, self.list)
            coarse = self.labels.coarse(label)
            hint = self.labels.label_descriptions.get(coarse, "")
            item.setToolTip(f"{coarse}: {hint}" if coarse != label else hint)
            item.setBackground(QColor(self.labels.colour(label)))
        self.filter.textChanged.connect(self.apply_filter)
        self.filter.installEventFilter(self)
        self.list.itemActivated.connect(lambda item: self._choose(item.text()))
        self.resize(280, 420)

    def set_labels(self, labels: LabelCatalog) -> None:
        """Each label in its colour of `labels` (another palette)."""
        self.labels = labels
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setBackground(QColor(labels.colour(item.text())))

    def choose_from(self, current: str = "") -> None:
        """Show the picker (non-blocking) with `current` selected and the filter empty."""
        self.filter.clear()
        self.apply_filter("")
        matches = self.list.findItems(current, Qt.MatchFlag.MatchExactly)
        if matches:
            self.list.setCurrentItem(matches[0])
        self.open()
        self.filter.setFocus()

    def visible_labels(self) -> Sequence[str]:
        items = (self.list.item(i) for i in range(self.list.count()))
        return [item.text() for item in items if not item.isHidden()]

    def apply_filter(self, text: str) -> None:
        needle = text.strip().casefold().replace(" ", "_")
        first = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            label = item.text()
            match = needle in label.casefold() or needle in self.labels.coarse(label).casefold()
            item.setHidden(not match)
            if match and first is None:
                first = item
        current = self.list.currentItem()
        # Typing picks the first match, so "pri" + Enter is enough; an empty
        # filter keeps the span's current label selected.
        if first is not None and (needle or current is None or current.isHidden()):
            self.list.setCurrentItem(first)

    def eventFilter(self, watched, event) -> bool:
        # Up/Down in the filter move the list's selection: the hands stay on the keys.
        is_key = isinstance(event, QKeyEvent) and event.type() == QKeyEvent.Type.KeyPress
        if watched is self.filter and is_key:
            if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                self._step(1 if event.key() == Qt.Key.Key_Down else -1)
                return True
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                item = self.list.currentItem()
                if item is not None and not item.isHidden():
                    self._choose(item.text())
                return True
        return super().eventFilter(watched, event)

    def _step(self, delta: int) -> None:
        rows = [i for i in range(self.list.count()) if not self.list.item(i).isHidden()]
        if not rows:
            return
        current = self.list.currentRow()
        position = rows.index(current) if current in rows else -1
        self.list.setCurrentRow(rows[max(0, min(len(rows) - 1, position + delta))])

    def _choose(self, label: str) -> None:
        self.accept()
        self.chosen.emit(label)
