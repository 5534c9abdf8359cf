"""Find in the transcript, as an editor's find bar: Ctrl+F opens it under the
transcript, Esc closes it and gives the keyboard back to the transcript.

Plain text or a regular expression, case and whole-word options; every match
is marked in the transcript (extra selections, over the span colours), the
current one apart, with "3 of 17" beside the field. Enter / Shift+Enter in the
field (F3 / Shift+F3 anywhere) go to the next / previous match. "Tag all"
adds every match not covered by a span as a manual, accepted span of the
chosen label, after saying how many, as one undo step.

The matching is `core/find.py`; this module only shows it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.find import InvalidQuery, find_all, match_at_or_after
from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.ui import navigation
from reviewer_app.ui.review_controller import ReviewController
from reviewer_app.ui.transcript_view import TranscriptView

log = logging.getLogger(__name__)

# A selection longer than this, or over several lines, does not become the query
# when the bar opens: it was selected for something else.
PREFILL_LIMIT = 80


class FindField(QLineEdit):
    """The query field: Enter goes to the next match, Shift+Enter to the previous."""

    step_requested = Signal(bool)  # forward

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.step_requested.emit(not event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            return
        super().keyPressEvent(event)


class FindBar(QWidget):
    message = Signal(str)  # for the status bar

    def __init__(
        self,
        transcript: TranscriptView,
        review: Callable[[], ReviewController | None],
        parent: QWidget | None = None,
        labels: LabelCatalog | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.transcript = transcript
        self._review = review
        self.matches: list[tuple[int, int]] = []
        self.current: int | None = None
        self.error = ""
        self.field = FindField(self)
        self.field.setObjectName("findField")
        self.field.setPlaceholderText("Find in the transcript")
        self.field.setClearButtonEnabled(True)
        self.field.setMinimumWidth(180)
        self.previous_button = QToolButton(self)
        self.previous_button.setText("▲")
        self.previous_button.setToolTip("Previous match (Shift+F3, Shift+Enter)")
        self.next_button = QToolButton(self)
        self.next_button.setText("▼")
        self.next_button.setToolTip("Next match (F3, Enter)")
        self.count_label = QLabel(self)
        self.count_label.setObjectName("findCount")
        self.count_label.setMinimumWidth(90)
        # An invalid expression's message wraps instead of widening the window.
        self.count_label.setMaximumWidth(220)
        self.count_label.setWordWrap(True)
        self.regex_box = QCheckBox("Rege&x", self)
        self.regex_box.setToolTip("A regular expression (Python syntax); ^ and $ match at each line")
        self.case_box = QCheckBox("Match &case", self)
        self.word_box = QCheckBox("&Whole words", self)
        self.word_box.setToolTip("Not inside a longer word: “Ray” finds neither “Raymond” nor “Murray”")
        self.label_combo = QComboBox(self)
        self.label_combo.setObjectName("findLabel")
        self.label_combo.addItems(list((labels or catalog()).all_labels))
        self.label_combo.setToolTip("The label Tag all gives the matches")
        self.label_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.label_combo.setMinimumContentsLength(10)
        self.tag_button = QPushButton("Ta&g all as", self)
        self.tag_button.setObjectName("findTagAll")
        self.tag_button.setToolTip("Tag every match not covered by a span yet (one undo step)")
        self.close_button = QToolButton(self)
        self.close_button.setText("✕")
        self.close_button.setToolTip("Close (Esc)")
        # Two rows, so the bar fits a transcript pane narrowed by the docks.
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        query_row = QHBoxLayout()
        query_row.addWidget(self.field, 1)
        for widget in (self.previous_button, self.next_button, self.count_label, self.close_button):
            query_row.addWidget(widget)
        options_row = QHBoxLayout()
        for widget in (self.regex_box, self.case_box, self.word_box):
            options_row.addWidget(widget)
        options_row.addStretch(1)
        options_row.addWidget(self.tag_button)
        options_row.addWidget(self.label_combo)
        layout.addLayout(query_row)
        layout.addLayout(options_row)
        self.field.textChanged.connect(self.search)
        for box in (self.regex_box, self.case_box, self.word_box):
            box.toggled.connect(self.search)
        self.field.step_requested.connect(self.step)
        self.previous_button.clicked.connect(lambda: self.step(False))
        self.next_button.clicked.connect(lambda: self.step(True))
        self.tag_button.clicked.connect(self.tag_all)
        self.close_button.clicked.connect(self.close_bar)
        self.confirm_box: QMessageBox | None = None
        self.hide()

    # -- opening and closing -----------------------------------------------------
    def open_bar(self) -> None:
        """Show the bar with the keyboard in the field; a short selection in the
        transcript becomes the query, as in an editor."""
        cursor = self.transcript.textCursor()
        selected = cursor.selectedText()
        if selected and len(selected) <= PREFILL_LIMIT and "\u2029" not in selected:
            self.field.setText(selected)
        self.show()
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()
        self.search()

    def close_bar(self) -> None:
        """Hide the bar and its marks; the current match stays selected, so T tags it."""
        self.hide()
        self.transcript.show_matches([])
        if self.current is not None:
            self.transcript.select_range(*self.matches[self.current], center=False)
        self.transcript.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)

    # -- searching ---------------------------------------------------------------
    def search(self) -> None:
        """Find the query again (it, an option or the document changed); the current
        match is the first at or after the transcript's cursor."""
        document = self.transcript.document_model
        self.error = ""
        try:
            self.matches = (
                find_all(
                    document.text,
                    self.field.text(),
                    regex=self.regex_box.isChecked(),
                    case_sensitive=self.case_box.isChecked(),
                    whole_word=self.word_box.isChecked(),
                )
                if document is not None and self.isVisible()
                else []
            )
        except InvalidQuery as exc:
            self.matches = []
            self.error = str(exc)
        self.current = match_at_or_after(self.matches, self.transcript.cursor_offset())
        self.transcript.show_matches(self.matches)
        self._show_current()

    def step(self, forward: bool = True) -> None:
        """The next (or previous) match, wrapping around the document."""
        if not self.isVisible():
            self.open_bar()
            return
        if not self.matches:
            return
        if self.current is None:
            self.current = 0
        else:
            self.current = (self.current + (1 if forward else -1)) % len(self.matches)
        self._show_current()

    def _show_current(self) -> None:
        match = self.matches[self.current] if self.current is not None else None
        self.transcript.show_current_match(match)
        if self.error:
            text = self.error
        elif not self.field.text():
            text = ""
        elif match is None:
            text = "No matches"
        else:
            text = f"{self.current + 1:,} of {len(self.matches):,}"
        self.count_label.setText(text)
        self.count_label.setMinimumWidth(220 if self.error else 90)
        self.count_label.setStyleSheet("color: #b00020;" if self.error or text == "No matches" else "")
        self.field.setToolTip(self.error)
        has_matches = bool(self.matches)
        for widget in (self.previous_button, self.next_button, self.tag_button):
            widget.setEnabled(has_matches)

    # -- tag all -----------------------------------------------------------------
    def _tagged_at_current_match(self, review: ReviewController, added: tuple[int, ...]) -> int | None:
        """Of the spans Tag all added, the one at the current match or the first after it."""
        start = self.matches[self.current][0] if self.current is not None else 0
        rows = sorted((row.span.start, row.id) for row in map(review.row, added) if row is not None)
        after = [span_id for row_start, span_id in rows if row_start >= start]
        return (after or [span_id for _, span_id in rows] or [None])[0]

    def tag_all(self) -> QMessageBox | None:
        """Say how many matches will be tagged and how many are skipped, then tag
        them on Yes (Enter) as one undo step."""
        review = self._review()
        document = self.transcript.document_model
        if review is None or document is None or not self.matches or review.document is not document:
            return None
        label = self.label_combo.currentText()
        plan = navigation.plan_tagging(document.text, self.matches, review.rows, label)
        skipped = []
        if plan.covered:
            skipped.append(f"{plan.covered:,} already covered by a span")
        if plan.blank:
            skipped.append(f"{plan.blank:,} without a letter or digit")
        skipped_text = (
            f" {' and '.join(skipped)} {'is' if plan.covered + plan.blank == 1 else 'are'} skipped."
        )
        if not plan.spans:
            self.message.emit(f"Nothing to tag:{skipped_text}")
            return None
        # A substring search tags parts of words ("Ann" in "Annual"): say so before, not after.
        inside = (
            f"\n\n{plan.inside_words:,} of them are part of a longer word; "
            "Whole words (Alt+W) leaves those out."
            if plan.inside_words
            else ""
        )
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Tag all matches",
            f"Tag {len(plan.spans):,} match{'es' if len(plan.spans) != 1 else ''} as {label}?"
            + (skipped_text if skipped else "")
            + inside,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("tagAllConfirm")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def done(button: int) -> None:
            self.confirm_box = None
            if button != QMessageBox.StandardButton.Yes or review is not self._review():
                return
            added = review.tag_all(plan)
            if added:
                log.info("tagged %d find matches as %s", len(added), label)
                # The span tagged at the current match becomes the current span: the
                # transcript stays where the reviewer was instead of going back to the
                # span that was current before, pages away.
                review.set_current(self._tagged_at_current_match(review, added))
                self.message.emit(f"Tagged {len(added):,} match(es) as {label}; Ctrl+Z undoes it.")
            # Back to reviewing, where Ctrl+Z undoes the tagging (in the field it undoes typing).
            self.transcript.setFocus(Qt.FocusReason.OtherFocusReason)

        box.finished.connect(done)
        self.confirm_box = box
        box.open()
        return box
