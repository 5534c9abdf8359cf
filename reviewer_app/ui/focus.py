"""Where the keyboard is, always visible: a frame around the span table's current
row, a strong frame on the focused button, and (in `transcript_view.py`) an
outline around the current span. One colour and width for all of them: black,
which stands out at least 3:1 (WCAG's focus contrast) against the white page,
the selection's blue and every span colour of both palettes, with any
colour-vision deficiency."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QStyleOptionViewItem

FOCUS_COLOUR = QColor("#000000")
FOCUS_WIDTH = 2

# Fusion marks a focused button with a faint one-pixel line; this one is seen from afar.
FOCUS_STYLE_SHEET = f"""
QPushButton:focus, QToolButton:focus {{
    border: {FOCUS_WIDTH}px solid {FOCUS_COLOUR.name()};
    border-radius: 3px;
    background: palette(button);
}}
"""


def focus_pen() -> QPen:
    pen = QPen(FOCUS_COLOUR, FOCUS_WIDTH)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen


class CurrentRowFrame(QStyledItemDelegate):
    """Draws a frame around the whole current row while the view has the keyboard
    focus (a row-selecting table otherwise shows focus on one cell, or not at all).
    Install with `frame_current_row(view)`."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view
        # The frame spans every cell of the row: repaint them all when it moves or
        # the keyboard comes or goes (Qt repaints only the current cell).
        view.installEventFilter(self)
        if view.selectionModel() is not None:
            view.selectionModel().currentChanged.connect(lambda *_: view.viewport().update())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view:
            if event.type() in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
                self.view.viewport().update()
            # The view is no editor: the base class would treat it as one and take its
            # Tab and Shift+Tab (commit, go to the next cell), so that the keyboard
            # could never leave the list.
            return False
        return super().eventFilter(watched, event)

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().paint(painter, option, index)
        current = self.view.currentIndex()
        if not (self.view.hasFocus() and current.isValid()):
            return
        if current.siblingAtColumn(0) != index.siblingAtColumn(0):
            return
        rect: QRect = option.rect
        inset = FOCUS_WIDTH // 2
        top, bottom = rect.top() + inset, rect.bottom() - inset + 1
        painter.save()
        painter.setPen(focus_pen())
        painter.drawLine(rect.left(), top, rect.right(), top)
        painter.drawLine(rect.left(), bottom, rect.right(), bottom)
        if index.column() == 0:
            painter.drawLine(rect.left() + inset, rect.top(), rect.left() + inset, rect.bottom())
        # (Not columnCount: a QListWidget's model keeps it private.)
        if not index.siblingAtColumn(index.column() + 1).isValid():
            painter.drawLine(rect.right() - inset + 1, rect.top(), rect.right() - inset + 1, rect.bottom())
        painter.restore()


def frame_current_row(view: QAbstractItemView) -> None:
    """The view's current row framed while it has the keyboard (after `setModel`).
    The row is the unit: Tab goes on to the next widget instead of walking the
    row's cells, which in a table of hundreds of spans kept the keyboard in it."""
    view.setItemDelegate(CurrentRowFrame(view))
    view.setTabKeyNavigation(False)
