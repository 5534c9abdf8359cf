"""Who is who: each person cluster with its name variants and counts.

Merge two clusters, split a variant off, relabel a whole cluster, accept or
reject all its spans; every action is one undo step through the controller.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.spans import Status
from reviewer_app.store import commands
from reviewer_app.ui.focus import frame_current_row
from reviewer_app.ui.navigation import OPEN
from reviewer_app.ui.review_controller import ReviewController

CLUSTER_ROLE = Qt.ItemDataRole.UserRole + 1
SPANS_ROLE = Qt.ItemDataRole.UserRole + 2


class ClustersPanel(QWidget):
    relabel_requested = Signal(int)  # cluster id: the window opens the label picker
    span_requested = Signal(int)

    def __init__(self, review_getter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clusters")
        self._review_getter = review_getter
        self.tree = QTreeWidget(self)
        frame_current_row(self.tree)
        self.tree.setHeaderLabels(["Person / variant", "Label", "Mentions", "Open"])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setColumnWidth(0, 220)
        self.tree.itemActivated.connect(self._activated)
        self.merge_action = self._action(
            "Merge persons", "Ctrl+M", self.merge_selected, "Merge the selected persons into the first one"
        )
        self.split_action = self._action(
            "Split variant off",
            "Ctrl+Shift+X",
            self.split_selected,
            "Make the selected variant a person of its own",
        )
        self.relabel_action = self._action(
            "Relabel person…",
            "Ctrl+Shift+L",
            self.relabel_selected,
            "Give every mention of the person another label",
        )
        self.accept_action = self._action(
            "Accept person", "Ctrl+Shift+Return", self.accept_selected, "Accept every mention of the person"
        )
        self.reject_action = self._action(
            "Reject person",
            "Ctrl+Shift+Backspace",
            self.reject_selected,
            "Reject every mention of the person",
        )
        buttons = QHBoxLayout()
        for action in (
            self.merge_action,
            self.split_action,
            self.relabel_action,
            self.accept_action,
            self.reject_action,
        ):
            button = QToolButton(self)
            button.setDefaultAction(action)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree)
        layout.addLayout(buttons)

    def _action(self, text: str, shortcut: str, slot, tip: str) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({shortcut})")
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    @property
    def review(self) -> ReviewController | None:
        return self._review_getter()

    # -- content -----------------------------------------------------------------
    def refresh(self) -> None:
        review = self.review
        expanded = {
            self.tree.topLevelItem(i).data(0, CLUSTER_ROLE)
            for i in range(self.tree.topLevelItemCount())
            if self.tree.topLevelItem(i).isExpanded()
        }
        self.tree.clear()
        if review is None or review.document is None:
            return
        text = review.document.text
        for cluster in review.project.clusters(review.document.id):
            rows = [r for r in (review.row(i) for i in cluster.span_ids) if r is not None]
            if not rows:
                continue
            variants: dict[str, list[int]] = {}
            for row in rows:
                variants.setdefault(row.span.text_in(text), []).append(row.id)
            open_count = sum(r.status in OPEN for r in rows)
            labels = Counter(r.span.label for r in rows)
            item = QTreeWidgetItem(
                [cluster.name, labels.most_common(1)[0][0], str(len(rows)), str(open_count)]
            )
            item.setData(0, CLUSTER_ROLE, cluster.id)
            item.setData(0, SPANS_ROLE, [r.id for r in rows])
            for variant, ids in variants.items():
                child = QTreeWidgetItem([variant, "", str(len(ids)), ""])
                child.setData(0, CLUSTER_ROLE, cluster.id)
                child.setData(0, SPANS_ROLE, ids)
                item.addChild(child)
            self.tree.addTopLevelItem(item)
            item.setExpanded(cluster.id in expanded)

    def cluster_items(self) -> list[QTreeWidgetItem]:
        return [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]

    def _selected_clusters(self) -> list[int]:
        seen: dict[int, None] = {}
        for item in self.tree.selectedItems():
            if item.parent() is None:
                seen.setdefault(item.data(0, CLUSTER_ROLE), None)
        current = self.tree.currentItem()
        if not seen and current is not None:
            seen[current.data(0, CLUSTER_ROLE)] = None
        return list(seen)

    # -- actions -----------------------------------------------------------------
    def merge_selected(self) -> None:
        review = self.review
        ids = self._selected_clusters()
        if review is None or len(ids) < 2:
            return
        # Several merges are one undo step (a QUndoStack macro).
        review.undo_stack.beginMacro(f"merge {len(ids)} persons")
        for absorb in ids[1:]:
            review.run(commands.MergeClusters(ids[0], absorb))
        review.undo_stack.endMacro()

    def split_selected(self) -> None:
        review = self.review
        item = self.tree.currentItem()
        if review is None or item is None or item.parent() is None:
            return
        span_ids = list(item.data(0, SPANS_ROLE))
        name = item.text(0)
        review.run(commands.SplitCluster(span_ids, name))

    def relabel_selected(self) -> None:
        ids = self._selected_clusters()
        if ids:
            self.relabel_requested.emit(ids[0])

    def relabel(self, cluster_id: int, label: str) -> None:
        review = self.review
        if review is not None:
            review.run(commands.RelabelCluster(cluster_id, label))

    def accept_selected(self) -> None:
        self._decide(Status.ACCEPTED)

    def reject_selected(self) -> None:
        self._decide(Status.REJECTED)

    def _decide(self, status: Status) -> None:
        review = self.review
        if review is None:
            return
        ids = self._selected_clusters()
        review.undo_stack.beginMacro(f"{status.value} {len(ids)} persons")
        for cluster_id in ids:
            review.run(commands.DecideCluster(cluster_id, status))
        review.undo_stack.endMacro()

    def _activated(self, item: QTreeWidgetItem) -> None:
        ids = item.data(0, SPANS_ROLE)
        if ids:
            self.span_requested.emit(ids[0])
