"""The transcript: plain text, one utterance per line, speaker tags emphasised and
every span drawn in its colour and status.

Highlighting is done per text block by a QSyntaxHighlighter, so a change to one
span repaints only its line, and Qt formats only the blocks it lays out.

Every offset this view takes or gives is a `Document.text` offset. Qt's
positions (UTF-16 units) are converted at the boundary by `self.positions`
only: a character outside the BMP is two of them.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QEvent, QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextLine,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from reviewer_app.core.document import Document
from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.ui.colors import ColourBy, SpanFormats, speaker_format
from reviewer_app.ui.focus import FOCUS_WIDTH, focus_pen
from reviewer_app.ui.navigation import ShownSpan, describe_scores
from reviewer_app.ui.text_positions import TextPositions

# Longest time one slice of a whole-document repaint may hold the UI thread.
REHIGHLIGHT_SLICE_S = 0.03


class _SpanIndex:
    """Spans sorted by start, for finding those that touch a stretch of text."""

    def __init__(self, rows: Iterable[ShownSpan]) -> None:
        self.rows = sorted(rows, key=lambda r: (r.span.start, r.span.end))
        self.starts = [r.span.start for r in self.rows]
        self.longest = max((r.span.length for r in self.rows), default=0)

    def overlapping(self, start: int, end: int) -> list[ShownSpan]:
        lo = bisect.bisect_left(self.starts, start - self.longest)
        hi = bisect.bisect_left(self.starts, end)
        return [r for r in self.rows[lo:hi] if r.span.end > start]

    def at(self, offset: int) -> ShownSpan | None:
        hits = self.overlapping(offset, offset + 1)
        return hits[-1] if hits else None


class SpanHighlighter(QSyntaxHighlighter):
    def __init__(self, document: QTextDocument, labels: LabelCatalog) -> None:
        super().__init__(document)
        self.formats = SpanFormats(labels)
        self.colour_by = ColourBy.DETECTOR
        self.hidden_detectors: frozenset[str] = frozenset()
        self.speaker_tags: dict[int, int] = {}  # line start offset -> tag end offset (after the colon)
        self.index = _SpanIndex(())
        self.positions = TextPositions("")
        self._speaker_format = speaker_format()

    def is_visible(self, row: ShownSpan) -> bool:
        detectors = row.span.detectors or ("manual",)
        return not all(d in self.hidden_detectors for d in detectors)

    def highlightBlock(self, text: str) -> None:
        block = self.currentBlock()
        # The block in document offsets; setFormat counts Qt units from the block's start.
        first_unit = block.position()
        start = self.positions.to_document(first_unit)
        end = self.positions.to_document(first_unit + block.length() - 1)
        tag_end = self.speaker_tags.get(start)
        if tag_end:
            self.setFormat(0, self.positions.to_qt(tag_end) - first_unit, self._speaker_format)
        for row in self.index.overlapping(start, end):
            if not self.is_visible(row):
                continue
            span = row.span
            fmt = self.formats.format_for(span.label, span.detectors, row.status, self.colour_by)
            if tag_end and span.start < tag_end:
                # A name inside a speaker tag keeps the tag's emphasis too.
                fmt = QTextCharFormat(fmt)
                fmt.setFontWeight(QFont.Weight.Bold)
            begin = self.positions.to_qt(max(span.start, start)) - first_unit
            self.setFormat(begin, self.positions.to_qt(min(span.end, end)) - first_unit - begin, fmt)


def _x_of(line: QTextLine, position: int) -> float:
    """The x of a cursor before `position` (block units) on `line`."""
    x = line.cursorToX(position)
    return x[0] if isinstance(x, tuple) else x


class TranscriptView(QPlainTextEdit):
    """Read-only transcript with spans; emits `span_clicked(span_id)` on a click."""

    span_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None, labels: LabelCatalog | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        font = QFont("DejaVu Sans")
        font.setPointSize(11)
        self.setFont(font)
        self.document_model: Document | None = None
        self.positions = TextPositions("")
        self.highlighter = SpanHighlighter(self.document(), labels or catalog())
        self._rows_by_id: dict[int, ShownSpan] = {}
        self._current_id: int | None = None
        # Find matches are extra selections over the span formats (which they
        # leave as they are), made for the matches on screen only: Qt lays out
        # every block an extra selection touches, so marking all 9,500 matches
        # of "e" in a 15,000-word transcript took 0.6 s.
        self._matches: list[tuple[int, int]] = []
        self._match_ends: list[int] = []
        self._current_match: tuple[int, int] | None = None
        self._match_format = QTextCharFormat()
        self._match_format.setBackground(QColor(255, 214, 0, 120))  # translucent: the span shows through
        self._match_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        self._match_format.setUnderlineColor(QColor("#b58900"))
        self._current_match_format = QTextCharFormat()
        self._current_match_format.setBackground(QColor("#ff8c00"))
        self._current_match_format.setForeground(QColor("#000000"))
        self.verticalScrollBar().valueChanged.connect(self._matches_scrolled)
        self._dirty_blocks: list[int] = []
        self._rehighlight_timer = QTimer(self)
        self._rehighlight_timer.setSingleShot(True)
        self._rehighlight_timer.setInterval(0)
        self._rehighlight_timer.timeout.connect(self._rehighlight_slice)

    # -- content -----------------------------------------------------------------
    def show_document(self, document: Document, rows: Sequence[ShownSpan] = ()) -> None:
        self.document_model = document
        self._rows_by_id = {r.id: r for r in rows}
        self.positions = self.highlighter.positions = TextPositions(document.text)
        # Only a tag the line really begins with ("SPEAKER:"): an utterance whose speaker
        # the importer carried over (a turn continued after a heading or a page break)
        # has words there, which must not look like a tag.
        self.highlighter.speaker_tags = {
            u.start: u.start + len(u.speaker) + 1
            for u in document.utterances
            if u.speaker and document.text.startswith(f"{u.speaker}:", u.start)
        }
        self.highlighter.index = _SpanIndex(rows)
        self._current_id = None
        self._matches = []
        self._match_ends = []
        self._current_match = None
        self._dirty_blocks = []
        # setPlainText re-highlights every block once; the index must be in place first.
        self.setPlainText(document.text)
        self.setExtraSelections([])

    def set_spans(self, rows: Sequence[ShownSpan]) -> None:
        self._rows_by_id = {r.id: r for r in rows}
        self.highlighter.index = _SpanIndex(rows)
        self.rehighlight_all()
        self._refresh_current()

    def rehighlight_all(self) -> None:
        """Repaint every line's spans: the lines on screen at once, the others in
        slices between events, so a 65-page transcript never freezes the window."""
        doc = self.document()
        first = self.firstVisibleBlock().blockNumber() if doc.blockCount() else 0
        count = doc.blockCount()
        self._dirty_blocks = [(first + i) % count for i in range(count)] if count else []
        self._dirty_blocks.reverse()  # pop() from the end takes the visible ones first
        self._rehighlight_slice()

    def _rehighlight_slice(self) -> None:
        deadline = time.perf_counter() + REHIGHLIGHT_SLICE_S
        doc = self.document()
        while self._dirty_blocks:
            block = doc.findBlockByNumber(self._dirty_blocks.pop())
            if block.isValid():
                self.highlighter.rehighlightBlock(block)
            if time.perf_counter() >= deadline:
                break
        if self._dirty_blocks:
            self._rehighlight_timer.start()

    def update_spans(self, rows: Sequence[ShownSpan], changed: Iterable[tuple[int, int]]) -> None:
        """New rows after a decision; only the lines of `changed` (start, end) stretches repaint."""
        self._rows_by_id = {r.id: r for r in rows}
        self.highlighter.index = _SpanIndex(rows)
        doc = self.document()
        done: set[int] = set()
        for start, end in changed:
            block = doc.findBlock(self.positions.to_qt(start))
            while block.isValid() and block.position() < self.positions.to_qt(max(end, start + 1)):
                if block.blockNumber() not in done:
                    done.add(block.blockNumber())
                    self.highlighter.rehighlightBlock(block)
                block = block.next()
        self._refresh_current()

    # -- look --------------------------------------------------------------------
    def set_labels(self, labels: LabelCatalog) -> None:
        """Draw the spans in the colours of `labels` (another palette)."""
        self.highlighter.formats = SpanFormats(labels)
        self.rehighlight_all()

    def set_colour_by(self, colour_by: ColourBy) -> None:
        if colour_by is not self.highlighter.colour_by:
            self.highlighter.colour_by = colour_by
            self.rehighlight_all()

    def set_hidden_detectors(self, hidden: Iterable[str]) -> None:
        hidden = frozenset(hidden)
        if hidden != self.highlighter.hidden_detectors:
            self.highlighter.hidden_detectors = hidden
            self.rehighlight_all()

    # -- the current span --------------------------------------------------------
    def show_span(self, span_id: int | None) -> None:
        """Mark `span_id` as the current span and scroll it into view."""
        self._current_id = span_id
        self._refresh_current()
        row = self._rows_by_id.get(span_id) if span_id is not None else None
        if row is not None:
            cursor = QTextCursor(self.document())
            cursor.setPosition(self.positions.to_qt(row.span.start))
            self.setTextCursor(cursor)
            self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        # Scroll only when the cursor is off screen or near an edge: a scroll
        # repaints the whole view, which is most of the cost of a step.
        margin = self.fontMetrics().height() * 3
        area = self.viewport().rect().adjusted(0, margin, 0, -margin)
        if not area.contains(self.cursorRect()):
            self.centerCursor()

    def _refresh_current(self) -> None:
        self.viewport().update()  # the outline moves with the current span
        row = self._rows_by_id.get(self._current_id) if self._current_id is not None else None
        selections = []
        if row is not None:
            selection = QTextEdit.ExtraSelection()
            selection.cursor = self._cursor_over(row.span.start, row.span.end)
            fmt = QTextCharFormat()
            fmt.setBackground(QColor("#20324f"))
            fmt.setForeground(QColor("#ffffff"))
            selection.format = fmt
            selections.append(selection)
        # The find matches over it, the current match last so it is drawn on top.
        selections.extend(self._selection(*m, self._match_format) for m in self.matches_on_screen())
        if self._current_match is not None:
            selections.append(self._selection(*self._current_match, self._current_match_format))
        self.setExtraSelections(selections)

    # -- find matches ------------------------------------------------------------
    def show_matches(self, matches: Sequence[tuple[int, int]]) -> None:
        """Mark every find match (document offsets, sorted, not overlapping); the
        span colours stay underneath."""
        self._matches = list(matches)
        # Matches do not overlap, so their ends are in order too.
        self._match_ends = [end for _, end in self._matches]
        self._current_match = None
        self._refresh_current()

    def show_current_match(self, match: tuple[int, int] | None) -> None:
        """Mark the current find match apart from the others and bring it into view."""
        self._current_match = match
        self._refresh_current()
        if match is None:
            return
        # The cursor without a selection: a selection would be drawn over the mark.
        cursor = QTextCursor(self.document())
        cursor.setPosition(self.positions.to_qt(match[0]))
        self.setTextCursor(cursor)
        self._scroll_to_cursor()

    def matches_on_screen(self) -> list[tuple[int, int]]:
        """The find matches on screen (a scroll marks the ones it brings in): Qt
        checks every extra selection for every line it paints."""
        if not self._matches:
            return []
        lo = self.first_visible_offset()
        hi = self.offset_at(self.viewport().rect().bottomRight())
        shown = []
        for start, end in self._matches[bisect.bisect_right(self._match_ends, lo) :]:
            if start > hi:
                break
            shown.append((start, end))
        return shown

    def match_selections(self) -> list[tuple[int, int, bool]]:
        """The find matches marked, as (start, end, is_current) document offsets."""
        shown = [s for s in self.extraSelections() if s.format == self._match_format]
        current = [s for s in self.extraSelections() if s.format == self._current_match_format]
        ranges = self.positions.to_document_range
        return [
            (*ranges(s.cursor.selectionStart(), s.cursor.selectionEnd()), is_current)
            for group, is_current in ((shown, False), (current, True))
            for s in group
        ]

    def _matches_scrolled(self) -> None:
        if self._matches:
            self._refresh_current()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._matches_scrolled()

    def _selection(self, start: int, end: int, fmt: QTextCharFormat) -> QTextEdit.ExtraSelection:
        selection = QTextEdit.ExtraSelection()
        selection.cursor = self._cursor_over(start, end)
        selection.format = fmt
        return selection

    def cursor_offset(self) -> int:
        """The document offset of the text cursor (where a find starts from)."""
        cursor = self.textCursor()
        return self.positions.to_document(cursor.selectionStart())

    def current_span_rects(self) -> list[QRectF]:
        """Where the current span is drawn, one rectangle per screen line it takes
        (viewport coordinates); empty when there is none or it is hidden."""
        row = self._rows_by_id.get(self._current_id) if self._current_id is not None else None
        if row is None or not self.highlighter.is_visible(row):
            return []
        start, end = self.positions.to_qt(row.span.start), self.positions.to_qt(row.span.end)
        rects = []
        block = self.document().findBlock(start)
        while block.isValid() and block.position() < end:
            layout = block.layout()
            origin = self.blockBoundingGeometry(block).translated(self.contentOffset()).topLeft()
            for i in range(layout.lineCount()):
                line = layout.lineAt(i)
                first = max(start - block.position(), line.textStart())
                last = min(end - block.position(), line.textStart() + line.textLength())
                if first < last:
                    left, right = _x_of(line, first), _x_of(line, last)
                    rects.append(QRectF(left, line.y(), right - left, line.height()).translated(origin))
            block = block.next()
        return rects

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        rects = self.current_span_rects()
        if rects:
            # An outline as well as the dark background: it stays visible on any span colour.
            painter = QPainter(self.viewport())
            painter.setPen(focus_pen())
            painter.setBrush(Qt.BrushStyle.NoBrush)
            margin = FOCUS_WIDTH / 2
            for rect in rects:
                painter.drawRect(rect.adjusted(-margin, -margin, margin, margin))
            painter.end()

    def _cursor_over(self, start: int, end: int) -> QTextCursor:
        """A cursor selecting `text[start:end]`."""
        cursor = QTextCursor(self.document())
        cursor.setPosition(self.positions.to_qt(start))
        cursor.setPosition(self.positions.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
        return cursor

    def select_range(self, start: int, end: int, center: bool = True) -> None:
        """Select `text[start:end]` and bring it into view (e.g. a leak guard
        finding): in the middle, or with `center=False` only when off screen."""
        self.setTextCursor(self._cursor_over(start, end))
        if center:
            self.centerCursor()
        else:
            self._scroll_to_cursor()

    def row(self, span_id: int) -> ShownSpan | None:
        return self._rows_by_id.get(span_id)

    def selected_range(self) -> tuple[int, int] | None:
        cursor = self.textCursor()
        if not cursor.hasSelection():
            return None
        return self.positions.to_document_range(cursor.selectionStart(), cursor.selectionEnd())

    def span_at(self, offset: int) -> ShownSpan | None:
        row = self.highlighter.index.at(offset)
        return row if row is not None and self.highlighter.is_visible(row) else None

    def first_visible_offset(self) -> int:
        """Offset of the first character on screen: the preview follows it."""
        return self.offset_at(self.viewport().rect().topLeft())

    def offset_at(self, point: QPoint) -> int:
        """The document offset nearest to `point` of the viewport."""
        return self.positions.to_document(self.cursorForPosition(point).position())

    # -- events ------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            row = self.span_at(self.offset_at(event.pos()))
            if row is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip_text(row), self)
            return True
        return super().event(event)

    def tooltip_text(self, row: ShownSpan) -> str:
        return f"{row.span.label} · {row.status.value}\n{describe_scores(row)}"

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        if self.textCursor().hasSelection():
            return
        row = self.span_at(self.offset_at(event.position().toPoint()))
        if row is not None:
            self.span_clicked.emit(row.id)
