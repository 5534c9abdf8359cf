"""The inspector: the current span in its context, what proposed it, and the actions."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from reviewer_app.core.document import Document
from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.ui.navigation import ShownSpan, describe_scores
from reviewer_app.ui.time_text import span_time

CONTEXT_CHARS = 80


class Inspector(QWidget):
    def __init__(
        self,
        actions: Sequence[QAction] = (),
        parent: QWidget | None = None,
        labels: LabelCatalog | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("inspector")
        self.labels = labels or catalog()
        self.context = QLabel(self)
        self.context.setWordWrap(True)
        self.context.setTextFormat(Qt.TextFormat.RichText)
        self.label = QLabel(self)
        self.detectors = QLabel(self)
        self.status = QLabel(self)
        self.cluster = QLabel(self)
        self.cluster.setWordWrap(True)
        self.where = QLabel(self)
        # When the span was said, for captions and ASR transcripts (hidden for others).
        self.time = QLabel(self)
        self.time.setObjectName("inspectorTime")
        form = QFormLayout()
        form.addRow("Label", self.label)
        form.addRow("Detectors", self.detectors)
        form.addRow("Status", self.status)
        form.addRow("Person", self.cluster)
        form.addRow("Where", self.where)
        form.addRow("Time", self.time)
        self.form = form
        buttons = QHBoxLayout()
        for action in actions:
            button = QToolButton(self)
            button.setDefaultAction(action)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.context)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.show_span(None, None)

    def set_labels(self, labels: LabelCatalog) -> None:
        """Colours of `labels` (another palette) from the next span shown."""
        self.labels = labels

    def show_span(
        self,
        document: Document | None,
        row: ShownSpan | None,
        cluster: str = "",
        *,
        document_has_spans: bool = True,
    ) -> None:
        if document is None or row is None:
            # A transcript just opened has no spans until detection ran: say how to start.
            hint = (
                "No span selected. Press N for the next pending span."
                if document is None or document_has_spans
                else "No spans yet: run detection (Ctrl+D), or select text and press T to add a span."
            )
            self.context.setText(f"<i>{hint}</i>")
            for field in (self.label, self.detectors, self.status, self.cluster, self.where, self.time):
                field.setText("")
            self.form.setRowVisible(self.time, False)
            return
        span = row.span
        text = document.text
        before = text[max(0, span.start - CONTEXT_CHARS) : span.start]
        after = text[span.end : span.end + CONTEXT_CHARS]
        colour = self.labels.colour(span.label)
        self.context.setText(
            f"…{html.escape(before)}<b style='background:{colour}'>{html.escape(span.text_in(text))}</b>"
            f"{html.escape(after)}…"
        )
        self.label.setText(
            span.label
            if self.labels.coarse(span.label) == span.label
            else f"{span.label} ({self.labels.coarse(span.label)})"
        )
        self.detectors.setText(describe_scores(row))
        self.status.setText(row.status.value)
        self.cluster.setText(cluster or "—")
        where = document.page_map.locate(span.start)
        said = ""
        if document.time_map:
            said = span_time(document.time_map, span.start, span.end)[0] or "— (outside every cue)"
        if where:
            self.where.setText(f"page {where[0]}, line {where[1]}")
        else:
            # A caption has no pages: when the span was said is where it is.
            self.where.setText(said or f"character {span.start}")
        self.form.setRowVisible(self.time, bool(where and said))
        self.time.setText(said if where else "")
