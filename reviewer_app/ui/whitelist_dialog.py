"""The whitelist manager: search, add, remove, import and export terms, with how
many spans each term holds rejected here and in the project, and who added it when.

Adding and removing go through the review controller, so each is one undo step.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.store import commands
from reviewer_app.ui.focus import frame_current_row
from reviewer_app.ui.review_controller import ReviewController

COLUMNS = ("Term", "Scope", "Here", "In project", "Added by", "Added", "Note")


def read_terms(path: Path) -> list[str]:
    """One term per line; blank lines and `#` comments are skipped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


class WhitelistDialog(QDialog):
    def __init__(self, review: ReviewController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whitelistDialog")
        self.setWindowTitle("Whitelist")
        self.review = review
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search terms…")
        self.search.setClearButtonEnabled(True)
        self.table = QTableWidget(0, len(COLUMNS), self)
        frame_current_row(self.table)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.new_term = QLineEdit(self)
        self.new_term.setPlaceholderText("New term (never flagged again)…")
        self.effect = QLabel(self)
        self.add_button = QPushButton("Add", self)
        self.remove_button = QPushButton("Remove", self)
        self.import_button = QPushButton("Import…", self)
        self.export_button = QPushButton("Export…", self)
        self.close_button = QPushButton("Close", self)
        add_row = QHBoxLayout()
        add_row.addWidget(self.new_term, 1)
        add_row.addWidget(self.add_button)
        buttons = QHBoxLayout()
        for button in (self.remove_button, self.import_button, self.export_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table)
        layout.addLayout(add_row)
        layout.addWidget(self.effect)
        layout.addLayout(buttons)
        self.search.textChanged.connect(self._apply_search)
        self.new_term.textChanged.connect(self._show_effect)
        self.new_term.returnPressed.connect(self.add_typed_term)
        self.add_button.clicked.connect(self.add_typed_term)
        self.remove_button.clicked.connect(self.remove_selected)
        self.import_button.clicked.connect(self.choose_import)
        self.export_button.clicked.connect(self.choose_export)
        self.close_button.clicked.connect(self.accept)
        self.resize(820, 480)
        self.refresh()

    @property
    def document_id(self) -> str | None:
        return self.review.document_id

    def refresh(self) -> None:
        project = self.review.project
        entries = project.whitelist(self.document_id)
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            here, everywhere = project.whitelist_suppressed(entry.id, self.document_id)
            added = dt.datetime.fromtimestamp(entry.added_at).strftime("%Y-%m-%d %H:%M")
            values = (entry.term, entry.scope, str(here), str(everywhere), entry.added_by, added, entry.note)
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, entry.id)
                self.table.setItem(row, column, item)
        self._apply_search(self.search.text())

    def terms(self) -> list[str]:
        return [self.table.item(r, 0).text() for r in range(self.table.rowCount())]

    def visible_terms(self) -> list[str]:
        return [
            self.table.item(r, 0).text()
            for r in range(self.table.rowCount())
            if not self.table.isRowHidden(r)
        ]

    def _apply_search(self, text: str) -> None:
        needle = text.strip().casefold()
        for row in range(self.table.rowCount()):
            self.table.setRowHidden(
                row, bool(needle) and needle not in self.table.item(row, 0).text().casefold()
            )

    def _show_effect(self, term: str) -> None:
        if not term.strip():
            self.effect.setText("")
            return
        here, everywhere = self.review.project.whitelist_matches(term, self.document_id)
        self.effect.setText(f"Adding it rejects {here} pending span(s) here and {everywhere} in the project.")

    def add_term(self, term: str) -> bool:
        term = term.strip()
        if not term:
            return False
        done = self.review.run(commands.WhitelistTerm(term, note="added in the whitelist manager"))
        self.refresh()
        return done

    def add_typed_term(self) -> None:
        if self.add_term(self.new_term.text()):
            self.new_term.clear()

    def remove_selected(self) -> None:
        ids = {item.data(Qt.ItemDataRole.UserRole) for item in self.table.selectedItems()}
        if not ids:
            return
        self.review.undo_stack.beginMacro(f"remove {len(ids)} whitelist term(s)")
        for entry_id in sorted(ids):
            self.review.run(commands.UnwhitelistTerm(entry_id))
        self.review.undo_stack.endMacro()
        self.refresh()

    def import_terms(self, path: Path) -> int:
        known = {t.casefold() for t in self.terms()}
        new = [t for t in read_terms(path) if t.casefold() not in known]
        self.review.undo_stack.beginMacro(f"import {len(new)} whitelist term(s)")
        added = sum(
            self.review.run(commands.WhitelistTerm(t, note=f"imported from {path.name}")) for t in new
        )
        self.review.undo_stack.endMacro()
        self.refresh()
        return added

    def export_terms(self, path: Path) -> None:
        path.write_text("".join(f"{t}\n" for t in self.terms()), encoding="utf-8")

    def choose_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Import whitelist terms", "", "Text (*.txt);;All files (*)"
        )
        if name:
            self.import_terms(Path(name))

    def choose_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export whitelist terms", "whitelist.txt", "Text (*.txt)")
        if name:
            self.export_terms(Path(name))
