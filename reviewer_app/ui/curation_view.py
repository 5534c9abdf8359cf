"""The whitelist curation view: terms reviewers keep rejecting, and what whitelisting one would do.

Over `reviewer_app.evaluation.curation`: the view lists candidates, shows the
impact of the selected or typed term, and hands the terms to whitelist to the
`add_terms` function it was given (the project store's, or a whitelist file's).
A term that was ever accepted as PII is drawn in red and needs a confirmation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.evaluation.curation import Candidate, DecidedSpan, term_impact, whitelist_candidates
from reviewer_app.ui.about_dialog import window_title

log = logging.getLogger(__name__)

RISKY_COLOUR = "#b00020"
COLUMNS = ("Term", "Rejected", "Accepted as PII", "Documents", "Labels", "Example")


class CurationView(QWidget):
    terms_added = Signal(list)

    def __init__(
        self,
        spans: Sequence[DecidedSpan] = (),
        *,
        whitelisted: Iterable[str] = (),
        add_terms: Callable[[list[str]], list[str]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title("Whitelist curation"))
        self.add_terms = add_terms
        self.spans: list[DecidedSpan] = []
        self.whitelisted: list[str] = []
        self.candidates: list[Candidate] = []

        self.min_rejections = QSpinBox()
        self.min_rejections.setRange(1, 10_000)
        self.min_rejections.setValue(3)
        self.min_rejections.setPrefix("rejected at least ")
        self.min_rejections.setSuffix(" times")
        self.summary = QLabel()
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.add_button = QPushButton("Whitelist checked terms")
        self.term_edit = QLineEdit()
        self.term_edit.setPlaceholderText("Any term: what would whitelisting it suppress?")
        self.impact = QLabel()
        self.impact.setWordWrap(True)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet(f"color: {RISKY_COLOUR}; font-weight: bold")

        top = QHBoxLayout()
        top.addWidget(self.min_rejections)
        top.addWidget(self.summary, 1)
        top.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(QLabel("<b>Impact of a term</b>"))
        layout.addWidget(self.term_edit)
        layout.addWidget(self.impact)
        layout.addWidget(self.warning)

        self.min_rejections.valueChanged.connect(self.refresh)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.term_edit.textChanged.connect(self.show_impact)
        self.add_button.clicked.connect(self.whitelist_checked)
        self.set_spans(spans, whitelisted)

    def set_spans(self, spans: Sequence[DecidedSpan], whitelisted: Iterable[str] = ()) -> None:
        self.spans = list(spans)
        self.whitelisted = list(whitelisted)
        self.refresh()

    def refresh(self) -> None:
        self.candidates = whitelist_candidates(
            self.spans, self.min_rejections.value(), whitelisted=self.whitelisted
        )
        self.table.setRowCount(len(self.candidates))
        for row, c in enumerate(self.candidates):
            cells = (
                c.term,
                str(c.rejected),
                str(c.accepted),
                str(c.documents),
                ", ".join(c.labels),
                c.examples[0] if c.examples else "",
            )
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 0:
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    # Candidates never accepted are checked: whitelisting them is safe.
                    item.setCheckState(Qt.CheckState.Unchecked if c.risky else Qt.CheckState.Checked)
                if c.risky:
                    item.setForeground(QBrush(QColor(RISKY_COLOUR)))
                    item.setToolTip("Accepted as PII somewhere: whitelisting it would leak those.")
                elif col == 5 and len(c.examples) > 1:
                    item.setToolTip("\n".join(c.examples))
                self.table.setItem(row, col, item)
        decided = len(self.spans)
        self.summary.setText(f"{len(self.candidates)} candidates from {decided} decided spans")
        self.add_button.setEnabled(bool(self.candidates) and self.add_terms is not None)

    def checked_terms(self) -> list[Candidate]:
        return [
            c
            for row, c in enumerate(self.candidates)
            if self.table.item(row, 0).checkState() == Qt.CheckState.Checked
        ]

    def _selection_changed(self) -> None:
        rows = {i.row() for i in self.table.selectedItems()}
        if rows:
            self.term_edit.setText(self.candidates[min(rows)].term)

    def show_impact(self, term: str) -> None:
        if not term.strip():
            self.impact.clear()
            self.warning.clear()
            return
        impact = term_impact(term, self.spans)
        docs = len({s.document_id for s in impact.suppressed})
        rejected = len(impact.suppressed) - len(impact.accepted)
        self.impact.setText(
            f"Whitelisting it would suppress {len(impact.suppressed)} decided spans in {docs} "
            f"document{'' if docs == 1 else 's'} "
            f"({rejected} rejected, {len(impact.accepted)} accepted as PII)."
        )
        self.warning.setText(impact.warning)

    def confirm_risky(self, risky: Sequence[Candidate]) -> bool:
        names = ", ".join(c.term for c in risky)
        answer = QMessageBox.warning(
            self,
            "Whitelist terms accepted as PII?",
            f"{names}: reviewers accepted these as PII somewhere. Whitelisting them would leave "
            "those spans readable in every export. Whitelist them anyway?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def whitelist_checked(self) -> list[str]:
        """The one action: whitelist every checked candidate."""
        if self.add_terms is None:
            return []
        chosen = self.checked_terms()
        risky = [c for c in chosen if c.risky]
        if risky and not self.confirm_risky(risky):
            chosen = [c for c in chosen if not c.risky]
        if not chosen:
            return []
        added = self.add_terms([c.term for c in chosen])
        log.info("whitelisted %d terms from curation", len(added))
        self.whitelisted += added
        self.refresh()
        self.terms_added.emit(added)
        return added
