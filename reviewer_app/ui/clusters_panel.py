"""Who is who: each person cluster with its name variants and counts.

Merge two clusters, split a variant off, relabel a whole cluster, accept or
reject all its spans; every action is one undo step through the controller.

**Across documents** shows the corpus persons instead (issue 16): each person
with the documents that mention it (the variants and mentions in each); merge
persons, or split a document's person off, again one undo step each. **Match
documents** matches the persons of every document into corpus persons and stores
them (tag numbers follow with the next export with corpus tags).
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGridLayout,
    QLabel,
    QSizePolicy,
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
# Across documents: a corpus person's id (top level), a document's person (corpus member ids, children).
PERSON_ROLE = Qt.ItemDataRole.UserRole + 3
MEMBERS_ROLE = Qt.ItemDataRole.UserRole + 4
DOCUMENT_ROLE = Qt.ItemDataRole.UserRole + 5
DOCUMENT_HEADERS = ["Person / variant", "Label", "Mentions", "Open"]
CORPUS_HEADERS = ["Person / document", "Documents", "Mentions", ""]
ACROSS_PLACEHOLDER = (
    "No persons across documents yet. Only accepted person spans are matched: accept them "
    "in the documents, then press Match documents."
)


class ClustersPanel(QWidget):
    relabel_requested = Signal(int)  # cluster id: the window opens the label picker
    span_requested = Signal(int)
    document_requested = Signal(str)  # across documents: open this document

    def __init__(self, review_getter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clusters")
        self._review_getter = review_getter
        self.across = QCheckBox("Across &documents", self)
        self.across.setToolTip("Persons matched across the project's documents (tags across the corpus)")
        self.across.toggled.connect(self._mode_changed)
        self.tree = QTreeWidget(self)
        frame_current_row(self.tree)
        self.tree.setHeaderLabels(DOCUMENT_HEADERS)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setColumnWidth(0, 220)
        self.tree.itemActivated.connect(self._activated)
        # Across documents starts empty: say why, and what fills it.
        self.across_placeholder = QLabel(ACROSS_PLACEHOLDER, self)
        self.across_placeholder.setObjectName("acrossPlaceholder")
        self.across_placeholder.setWordWrap(True)
        self.across_placeholder.setVisible(False)
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
        self.match_action = QAction("Match documents", self)
        self.match_action.setToolTip(
            "Match the persons of every document into persons across the project (stored in it)"
        )
        self.match_action.triggered.connect(self.match_documents)
        self.match_action.setEnabled(False)
        # Two rows of three: in one row the six buttons made the Span dock 680 pixels
        # wide at least, which left the transcript a sliver on a 1024-pixel screen.
        buttons = QGridLayout()
        for index, action in enumerate(
            (
                self.merge_action,
                self.split_action,
                self.match_action,
                self.relabel_action,
                self.accept_action,
                self.reject_action,
            )
        ):
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            buttons.addWidget(button, index // 3, index % 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.across)
        layout.addWidget(self.across_placeholder)
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
    @property
    def across_documents(self) -> bool:
        return self.across.isChecked()

    def _mode_changed(self, across: bool) -> None:
        self.tree.setHeaderLabels(CORPUS_HEADERS if across else DOCUMENT_HEADERS)
        for action in (self.relabel_action, self.accept_action, self.reject_action):
            action.setEnabled(not across)
        self.split_action.setText("Split document off" if across else "Split variant off")
        self.match_action.setEnabled(across)
        self.refresh()

    def refresh(self) -> None:
        review = self.review
        role = PERSON_ROLE if self.across_documents else CLUSTER_ROLE
        expanded = {
            self.tree.topLevelItem(i).data(0, role)
            for i in range(self.tree.topLevelItemCount())
            if self.tree.topLevelItem(i).isExpanded()
        }
        self.tree.clear()
        self.match_action.setEnabled(
            self.across_documents and review is not None and not review.project.read_only
        )
        self.across_placeholder.setVisible(False)
        if review is None:
            return
        if self.across_documents:
            self._show_corpus(review, expanded)
            self.across_placeholder.setVisible(self.tree.topLevelItemCount() == 0)
            return
        if review.document is None:
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

    def _show_corpus(self, review: ReviewController, expanded: set) -> None:
        for person in review.project.corpus_persons():
            item = QTreeWidgetItem([person.name, str(len(person.documents)), str(person.mentions), ""])
            item.setData(0, PERSON_ROLE, person.id)
            for member in person.members:
                child = QTreeWidgetItem(
                    [f"{member.document_id}: {', '.join(member.variants)}", "", str(member.mentions), ""]
                )
                child.setData(0, PERSON_ROLE, person.id)
                child.setData(0, MEMBERS_ROLE, [member.id])
                child.setData(0, DOCUMENT_ROLE, member.document_id)
                item.addChild(child)
            self.tree.addTopLevelItem(item)
            item.setExpanded(person.id in expanded)

    def match_documents(self) -> None:
        """Match every document's persons into corpus persons (stored: asked for here)."""
        review = self.review
        if review is None or review.project.read_only:
            return
        from reviewer_app.store.reviewed_clusters import match_corpus

        try:
            match_corpus(review.project, review.settings.fuzzy_threshold)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            review.error.emit(exc, "matching persons across documents")
            return
        self.refresh()

    def cluster_items(self) -> list[QTreeWidgetItem]:
        return [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]

    def _selected_clusters(self) -> list[int]:
        """The selected persons: clusters, or corpus persons across documents."""
        role = PERSON_ROLE if self.across_documents else CLUSTER_ROLE
        seen: dict[int, None] = {}
        for item in self.tree.selectedItems():
            if item.parent() is None:
                seen.setdefault(item.data(0, role), None)
        current = self.tree.currentItem()
        if not seen and current is not None:
            seen[current.data(0, role)] = None
        return list(seen)

    # -- actions -----------------------------------------------------------------
    def merge_selected(self) -> None:
        review = self.review
        ids = self._selected_clusters()
        if review is None or len(ids) < 2:
            return
        merge = commands.MergeCorpusPersons if self.across_documents else commands.MergeClusters
        # Several merges are one undo step (a QUndoStack macro).
        review.undo_stack.beginMacro(f"merge {len(ids)} persons")
        for absorb in ids[1:]:
            review.run(merge(ids[0], absorb))
        review.undo_stack.endMacro()

    def split_selected(self) -> None:
        review = self.review
        item = self.tree.currentItem()
        if review is None or item is None or item.parent() is None:
            return
        if self.across_documents:
            variants = item.text(0).split(": ", 1)[-1]
            review.run(commands.SplitCorpusPerson(list(item.data(0, MEMBERS_ROLE)), variants.split(", ")[0]))
            return
        span_ids = list(item.data(0, SPANS_ROLE))
        name = item.text(0)
        review.run(commands.SplitCluster(span_ids, name))

    def relabel_selected(self) -> None:
        if self.across_documents:
            return
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
        if review is None or self.across_documents:
            return
        ids = self._selected_clusters()
        review.undo_stack.beginMacro(f"{status.value} {len(ids)} persons")
        for cluster_id in ids:
            review.run(commands.DecideCluster(cluster_id, status))
        review.undo_stack.endMacro()

    def _activated(self, item: QTreeWidgetItem) -> None:
        if self.across_documents:
            document_id = item.data(0, DOCUMENT_ROLE)
            if document_id:
                self.document_requested.emit(document_id)
            return
        ids = item.data(0, SPANS_ROLE)
        if ids:
            self.span_requested.emit(ids[0])
