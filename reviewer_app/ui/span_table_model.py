"""The span table: a thin Qt adapter over the review's span rows, and a proxy
that filters by label, detector, status and text.

The model keeps the rows in document order and an id -> row index, so a
decision updates one row (dataChanged) instead of resetting the table.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from reviewer_app.core.document import Document
from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.core.spans import Status
from reviewer_app.ui.time_text import span_time
from reviewer_app.ui.transcript_view import ShownSpan

SPAN_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

AnyIndex = QModelIndex | QPersistentModelIndex


class Column(enum.IntEnum):
    TEXT = 0
    LABEL = 1
    DETECTORS = 2
    SCORE = 3
    STATUS = 4
    WHERE = 5
    TIME = 6


HEADERS = {
    Column.TEXT: "Text",
    Column.LABEL: "Label",
    Column.DETECTORS: "Detectors",
    Column.SCORE: "Score",
    Column.STATUS: "Status",
    Column.WHERE: "Page:line",
    # When the span was said (captions and ASR transcripts); empty for other documents.
    Column.TIME: "Time",
}


class SpanTableModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None, labels: LabelCatalog | None = None) -> None:
        super().__init__(parent)
        self.labels = labels or catalog()
        self.document: Document | None = None
        self.rows: list[ShownSpan] = []
        self._row_of: dict[int, int] = {}
        # span id -> (time text, sort key): worked out when first shown or sorted.
        self._times: dict[int, tuple[str, float]] = {}

    # -- content -----------------------------------------------------------------
    def set_labels(self, labels: LabelCatalog) -> None:
        self.labels = labels
        if self.rows:
            top, bottom = self.index(0, Column.LABEL), self.index(len(self.rows) - 1, Column.LABEL)
            self.dataChanged.emit(top, bottom, [Qt.ItemDataRole.BackgroundRole])

    def set_rows(self, document: Document | None, rows: Sequence[ShownSpan]) -> None:
        self.beginResetModel()
        self.document = document
        self.rows = sorted(rows, key=lambda r: (r.span.start, r.span.end, r.id))
        self._row_of = {r.id: i for i, r in enumerate(self.rows)}
        self._times = {}
        self.endResetModel()

    def update_rows(self, rows: Sequence[ShownSpan], changed: Iterable[int] = ()) -> None:
        """Take new rows; when the ids are the same, only `changed` ids repaint."""
        new_ids = {r.id for r in rows}
        if new_ids != set(self._row_of):
            self.set_rows(self.document, rows)
            return
        by_id = {r.id: r for r in rows}
        for span_id in changed:
            i = self._row_of.get(span_id)
            if i is None:
                continue
            self.rows[i] = by_id[span_id]
            self._times.pop(span_id, None)  # a resized span may have another time
            self.dataChanged.emit(self.index(i, 0), self.index(i, len(Column) - 1))
        # Rows whose span moved (widen/narrow) may be out of order now; order is
        # only cosmetic in the source model (the proxy sorts), so it is kept.

    def row_of(self, span_id: int) -> int | None:
        return self._row_of.get(span_id)

    def row_at(self, row: int) -> ShownSpan:
        return self.rows[row]

    # -- Qt model interface ------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        return 0 if parent.isValid() else len(Column)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(Column):
            return HEADERS[Column(section)]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        row = self.rows[index.row()]
        column = Column(index.column())
        span = row.span
        if role == SPAN_ID_ROLE:
            return row.id
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == SORT_ROLE:
            if column is Column.SCORE:
                return span.score
            if column is Column.WHERE:
                return span.start
            if column is Column.TIME:
                return self._time(row)[1]
            return self._display(row, column)
        if role == Qt.ItemDataRole.BackgroundRole and column is Column.LABEL:
            return QBrush(QColor(self.labels.colour(span.label)))
        if role == Qt.ItemDataRole.ForegroundRole and row.status is Status.REJECTED:
            return QBrush(QColor("#8a8a8a"))
        if role == Qt.ItemDataRole.ToolTipRole and column is Column.TEXT:
            return f"{span.label} · {row.status.value} · {', '.join(span.detectors) or 'manual'}"
        return None

    def _display(self, row: ShownSpan, column: Column) -> str:
        span = row.span
        if column is Column.TEXT:
            return span.text_in(self.document.text) if self.document else ""
        if column is Column.LABEL:
            return span.label
        if column is Column.DETECTORS:
            return ", ".join(span.detectors) or "manual"
        if column is Column.SCORE:
            return f"{span.score:.2f}"
        if column is Column.STATUS:
            return row.status.value
        if column is Column.TIME:
            return self._time(row)[0]
        where = self.document.page_map.locate(span.start) if self.document else None
        return f"{where[0]}:{where[1]}" if where else f"@{span.start}"

    def _time(self, row: ShownSpan) -> tuple[str, float]:
        if self.document is None or not self.document.time_map:
            return "", -1.0
        if row.id not in self._times:
            self._times[row.id] = span_time(self.document.time_map, row.span.start, row.span.end)
        return self._times[row.id]


class SpanFilterProxy(QSortFilterProxyModel):
    """Filters: label (coarse or fine), detector, status, and a text search."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.label = ""
        self.detector = ""
        self.status: Status | None = None
        self.search = ""

    def set_filters(
        self,
        *,
        label: str | None = None,
        detector: str | None = None,
        status: Status | str | None = "",
        search: str | None = None,
    ) -> None:
        """Change any of the filters; `""`/None for label/detector/search mean "all"."""
        self.beginFilterChange()
        if label is not None:
            self.label = label
        if detector is not None:
            self.detector = detector
        if status != "":
            self.status = status  # type: ignore[assignment]
        if search is not None:
            self.search = search.casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, SpanTableModel):
            return True
        row = model.row_at(source_row)
        span = row.span
        if self.label and self.label not in (span.label, model.labels.coarse(span.label)):
            return False
        if self.detector and self.detector not in (span.detectors or ("manual",)):
            return False
        if self.status is not None and row.status is not self.status:
            return False
        if self.search and model.document is not None:
            return self.search in span.text_in(model.document.text).casefold()
        return True

    def source_row_of(self, span_id: int) -> QModelIndex:
        model = self.sourceModel()
        if not isinstance(model, SpanTableModel):
            return QModelIndex()
        row = model.row_of(span_id)
        if row is None:
            return QModelIndex()
        return self.mapFromSource(model.index(row, 0))
