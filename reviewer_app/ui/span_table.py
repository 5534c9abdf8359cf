"""The span table with its filter bar; selecting a row makes that span current."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.core.spans import Status
from reviewer_app.ui.focus import frame_current_row
from reviewer_app.ui.span_table_model import SPAN_ID_ROLE, Column, SpanFilterProxy, SpanTableModel

ALL = "(all)"


class SpanTablePanel(QWidget):
    span_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None, labels: LabelCatalog | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spanTable")
        labels = labels or catalog()
        self.model = SpanTableModel(self, labels)
        self.proxy = SpanFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.label_filter = QComboBox(self)
        self.label_filter.addItems([ALL, *labels.coarse_labels])
        self.detector_filter = QComboBox(self)
        self.detector_filter.addItems([ALL, *labels.detector_colours])
        self.status_filter = QComboBox(self)
        self.status_filter.addItems([ALL, *(s.value for s in Status)])
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search span text…")
        self.search.setClearButtonEnabled(True)
        bar = QHBoxLayout()
        for widget in (self.label_filter, self.detector_filter, self.status_filter):
            bar.addWidget(widget)
        bar.addWidget(self.search, 1)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        # Unsorted until the reviewer clicks a header: the source model is in
        # document order already, and sorting 2,000 rows through Python calls
        # on every reload takes a third of a second.
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Several rows (Shift/Ctrl+click, Shift+arrows) for one decision on all of them.
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        frame_current_row(self.table)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setSectionResizeMode(Column.TEXT, QHeaderView.ResizeMode.Stretch)
        # Wide enough for "≈ 00:00:00.0 – 00:00:00.0"; shown only for documents with times.
        self.table.horizontalHeader().resizeSection(
            Column.TIME, self.table.fontMetrics().horizontalAdvance("≈ 00:00:00.0 – 00:00:00.0  ")
        )
        self.model.modelReset.connect(self._show_position_columns)
        self._show_position_columns()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.table)
        self.label_filter.currentTextChanged.connect(
            lambda t: self.proxy.set_filters(label="" if t == ALL else t)
        )
        self.detector_filter.currentTextChanged.connect(
            lambda t: self.proxy.set_filters(detector="" if t == ALL else t)
        )
        self.status_filter.currentTextChanged.connect(
            lambda t: self.proxy.set_filters(status=None if t == ALL else Status(t))
        )
        self.search.textChanged.connect(lambda t: self.proxy.set_filters(search=t))
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self._following = False
        self._choosing = False

    def _show_position_columns(self) -> None:
        """Time for documents with times; Page:line unless the document has times and no
        pages (a caption's character offset "@142" tells the reviewer nothing)."""
        document = self.model.document
        timed = document is not None and bool(document.time_map)
        self.table.setColumnHidden(Column.TIME, not timed)
        self.table.setColumnHidden(Column.WHERE, timed and not document.page_map.entries)

    def set_labels(self, labels: LabelCatalog) -> None:
        """The label column in the colours of `labels` (another palette)."""
        self.model.set_labels(labels)

    def _row_changed(self, current, _previous) -> None:
        if self._following or not current.isValid():
            return
        span_id = self.proxy.data(current, SPAN_ID_ROLE)
        if span_id is not None:
            # The click that made this row current is still selecting (a Ctrl+click
            # toggles after this): what follows from it must leave the selection alone.
            self._choosing = True
            try:
                self.span_selected.emit(span_id)
            finally:
                self._choosing = False

    def selected_ids(self) -> list[int]:
        """The span ids of the selected rows, in the table's order."""
        rows = sorted(self.table.selectionModel().selectedRows(), key=lambda index: index.row())
        return [self.proxy.data(index, SPAN_ID_ROLE) for index in rows]

    def follow(self, span_id: int | None) -> None:
        """Select the row of `span_id` (when the filters show it) without echoing it back.
        A row inside a multi-row selection becomes current without undoing the selection."""
        if self._choosing:
            return
        self._following = True
        try:
            index = self.proxy.source_row_of(span_id) if span_id is not None else None
            if index is None or not index.isValid():
                self.table.clearSelection()
                return
            selection = self.table.selectionModel()
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            if len(selection.selectedRows()) > 1 and selection.isRowSelected(index.row(), index.parent()):
                flags = QItemSelectionModel.SelectionFlag.NoUpdate
            selection.setCurrentIndex(index, flags)
            self.table.scrollTo(index)
        finally:
            self._following = False
