"""The review in progress: one project, one open document, its span rows, the
current span and the undo stack. Qt only for signals and QUndoStack; every
change goes to the store at once (the store commits before returning).

Panels read `rows`/`current` and listen to `spans_changed` (ids whose rows
changed, to repaint only those) and `current_changed`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.settings import Settings
from reviewer_app.store import commands
from reviewer_app.store.project import Project, Scope, StoredSpan
from reviewer_app.ui import navigation
from reviewer_app.ui.undo import CoreUndoCommand, restore_history

log = logging.getLogger(__name__)

POSITION_SAVE_DELAY_MS = 2000


@dataclass(frozen=True)
class ReviewRow:
    """A span as the window shows it (the store's final values)."""

    id: int
    span: Span
    status: Status
    cluster_id: int | None = None
    whitelist_id: int | None = None
    # Each detector's own score for this span (empty for a span a reviewer added).
    scores: tuple[tuple[str, float], ...] = ()

    @classmethod
    def of(cls, stored: StoredSpan) -> ReviewRow:
        return cls(
            stored.id, stored.span, stored.status, stored.cluster_id, stored.whitelist_id, stored.detectors
        )


class ReviewController(QObject):
    document_opened = Signal(str)  # document id
    spans_changed = Signal(object)  # frozenset of changed span ids, or None when all rows were reloaded
    current_changed = Signal(object)  # span id or None
    error = Signal(object, str)  # exception, what was being done

    def __init__(self, project: Project, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project = project
        self.settings = settings
        # Every audit entry names the reviewer of the settings, not the login name.
        project.reviewer = settings.reviewer or project.reviewer
        self.undo_stack = QUndoStack(self)
        self.document: Document | None = None
        self.rows: list[ReviewRow] = []
        self._by_id: dict[int, ReviewRow] = {}
        self.current_id: int | None = None
        # The position is saved a moment after the reviewer stops moving, not on
        # every step: each save is a committed (fsynced) transaction.
        self._position_timer = QTimer(self)
        self._position_timer.setSingleShot(True)
        self._position_timer.setInterval(POSITION_SAVE_DELAY_MS)
        self._position_timer.timeout.connect(self._remember_position)
        restore_history(self.undo_stack, project, self._after_change, self._report_undo_error)

    # -- documents ---------------------------------------------------------------
    @property
    def document_id(self) -> str | None:
        return self.document.id if self.document else None

    def open_document(self, document_id: str, span_id: int | None = None) -> None:
        self.document = self.project.document(document_id)
        self.current_id = None
        self._load_rows()
        self.document_opened.emit(document_id)
        self.spans_changed.emit(None)
        if span_id is not None and span_id in self._by_id:
            self.set_current(span_id)
        else:
            self.set_current(None)
        self._remember_position()

    def reload(self, stored: Sequence[StoredSpan] | None = None) -> None:
        """After detection rewrote the rows; `stored` are the document's spans when
        a worker has read them already (reading 2,000 rows here would stall the UI)."""
        if self.document is None:
            return
        if stored is None:
            self._load_rows()
        else:
            self.rows = [ReviewRow.of(s) for s in stored]
            self._by_id = {r.id: r for r in self.rows}
        self.spans_changed.emit(None)
        if self.current_id not in self._by_id:
            self.set_current(None)

    def _load_rows(self) -> None:
        assert self.document is not None
        self.rows = [ReviewRow.of(s) for s in self.project.spans(self.document.id)]
        self._by_id = {r.id: r for r in self.rows}

    # -- the current span --------------------------------------------------------
    @property
    def current(self) -> ReviewRow | None:
        return self._by_id.get(self.current_id) if self.current_id is not None else None

    def row(self, span_id: int) -> ReviewRow | None:
        return self._by_id.get(span_id)

    def set_current(self, span_id: int | None) -> None:
        if span_id is not None and span_id not in self._by_id:
            span_id = None
        if span_id == self.current_id:
            return
        self.current_id = span_id
        self.current_changed.emit(span_id)
        self._position_timer.start()

    def go_to_pending(self, forward: bool = True) -> ReviewRow | None:
        current = self.current
        offset = current.span.start if current else -1
        found = navigation.next_pending(self.rows, offset, self.current_id, forward)
        if found is not None:
            self.set_current(found.id)
        return found

    def pending_count(self) -> int:
        return sum(r.status in navigation.OPEN for r in self.rows)

    def remember_position(self) -> None:
        """Store the open document and current span now, so a reopen comes back here."""
        self._position_timer.stop()
        self._remember_position()

    def _remember_position(self) -> None:
        if self.document is not None and not self.project.read_only:
            try:
                self.project.set_last_position(self.document.id, self.current_id)
            except Exception as exc:  # noqa: BLE001 - losing the position is not worth a dialog
                log.warning("could not save the position: %s", type(exc).__name__)

    # -- decisions ---------------------------------------------------------------
    def run(self, command: commands.Command, then_next: bool = False) -> bool:
        """Do one core command as one undo step; False when it failed (a dialog says why)."""
        self.undo_stack.push(
            CoreUndoCommand(
                self.project,
                command,
                self._after_change,
                lambda exc: self.error.emit(exc, f"trying to {command.text}"),
            )
        )
        # The core command has an audit id once the store did it (also inside a macro).
        done = command.audit_id is not None
        if done and then_next:
            self.go_to_pending()
        return done

    def accept(self) -> bool:
        row = self.current
        return row is not None and self.run(commands.Accept(row.id), then_next=True)

    def reject(self) -> bool:
        row = self.current
        return row is not None and self.run(commands.Reject(row.id), then_next=True)

    def relabel(self, label: str) -> bool:
        row = self.current
        return row is not None and bool(label) and self.run(commands.Relabel(row.id, label))

    def resize(self, step: Callable[[str, int, int], tuple[int, int]]) -> bool:
        row = self.current
        if row is None or self.document is None:
            return False
        start, end = step(self.document.text, row.span.start, row.span.end)
        if (start, end) == (row.span.start, row.span.end):
            return False
        return self.run(commands.Resize(row.id, start, end))

    def add_span(self, start: int, end: int, label: str) -> int | None:
        """A span the detectors missed; it becomes the current span."""
        if self.document is None:
            return None
        trimmed = navigation.trim_selection(self.document.text, start, end)
        if trimmed is None:
            return None
        command = commands.AddSpan(self.document.id, *trimmed, label)
        if not self.run(command):
            return None
        self.set_current(command.span_id)
        return command.span_id

    def tag_all(self, plan: navigation.TagPlan) -> tuple[int, ...]:
        """Add the planned spans (manual and accepted, as T adds one) as one undo
        step; their ids, or () when there was nothing to add or it failed."""
        if self.document is None or not plan.spans:
            return ()
        command = commands.AddSpans(self.document.id, [(s, e, plan.label) for s, e in plan.spans])
        return command.span_ids if self.run(command) else ()

    def identical_count(self, scope: Scope = "document") -> int:
        row = self.current
        if row is None:
            return 0
        return len(self.project.identical_spans(row.id, scope, navigation.OPEN))

    def decide_identical(self, status: Status, scope: Scope = "document") -> bool:
        row = self.current
        return row is not None and self.run(commands.DecideIdentical(row.id, status, scope), then_next=True)

    def whitelist_matches(self) -> tuple[int, int]:
        row = self.current
        if row is None or self.document is None:
            return 0, 0
        return self.project.whitelist_matches(row.span.text_in(self.document.text), self.document.id)

    def whitelist_current(self) -> bool:
        """Whitelist the current span's text for the project: the store rejects
        every pending mention of it (this one too, when pending)."""
        row = self.current
        if row is None or self.document is None:
            return False
        term = row.span.text_in(self.document.text)
        return self.run(commands.WhitelistTerm(term, note="added while reviewing"), then_next=True)

    def decide_ids(self, span_ids: Iterable[int], status: Status) -> bool:
        ids = list(span_ids)
        return bool(ids) and self.run(commands.DecideMany(ids, status))

    # -- after every do, undo and redo -------------------------------------------
    def _after_change(self, audit_id: int) -> None:
        entry = self.project.audit_entry(audit_id)
        if self.document is None:
            return
        if entry.document_id not in (None, self.document.id) and not entry.span_ids:
            return
        changed = set()
        for span_id in entry.span_ids:
            try:
                stored = self.project.span(span_id)
            except KeyError:  # an added span that was undone
                if self._by_id.pop(span_id, None) is not None:
                    changed.add(span_id)
                continue
            if stored.document_id != self.document.id:
                continue
            self._by_id[span_id] = ReviewRow.of(stored)
            changed.add(span_id)
        if not changed:
            return
        self.rows = sorted(self._by_id.values(), key=lambda r: (r.span.start, r.span.end, r.id))
        self.spans_changed.emit(frozenset(changed))
        if self.current_id not in self._by_id:
            self.set_current(None)

    def _report_undo_error(self, exc: BaseException) -> None:
        self.error.emit(exc, "undoing or redoing")
