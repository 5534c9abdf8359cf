"""The review in progress: one project, one open document, its span rows, the
current span and the undo stack. Qt only for signals and QUndoStack; every
change goes to the store at once (the store commits before returning).

Panels read `rows`/`current` and listen to `spans_changed` (ids whose rows
changed, to repaint only those) and `current_changed`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project, Scope, StoredSpan
from reviewer_app.ui import navigation
from reviewer_app.ui.undo import ACTION_NAMES, StoreCommand, restore_history

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReviewRow:
    """A span as the window shows it (the store's final values)."""

    id: int
    span: Span
    status: Status
    cluster_id: int | None = None
    whitelist_id: int | None = None

    @classmethod
    def of(cls, stored: StoredSpan) -> ReviewRow:
        return cls(stored.id, stored.span, stored.status, stored.cluster_id, stored.whitelist_id)


class ReviewController(QObject):
    document_opened = Signal(str)  # document id
    spans_changed = Signal(object)  # frozenset of changed span ids, or None when all rows were reloaded
    current_changed = Signal(object)  # span id or None
    error = Signal(object, str)  # exception, what was being done

    def __init__(self, project: Project, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project = project
        self.settings = settings
        self.undo_stack = QUndoStack(self)
        self.document: Document | None = None
        self.rows: list[ReviewRow] = []
        self._by_id: dict[int, ReviewRow] = {}
        self.current_id: int | None = None
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

    def reload(self) -> None:
        """After detection rewrote the rows."""
        if self.document is None:
            return
        self._load_rows()
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

    def go_to_pending(self, forward: bool = True) -> ReviewRow | None:
        current = self.current
        offset = current.span.start if current else -1
        found = navigation.next_pending(self.rows, offset, self.current_id, forward)
        if found is not None:
            self.set_current(found.id)
            self._remember_position()
        return found

    def pending_count(self) -> int:
        return sum(r.status is Status.PENDING or r.status is Status.STALE for r in self.rows)

    def _remember_position(self) -> None:
        if self.document is not None and not self.project.read_only:
            try:
                self.project.set_last_position(self.document.id, self.current_id)
            except Exception as exc:  # noqa: BLE001 - losing the position is not worth a dialog
                log.warning("could not save the position: %s", type(exc).__name__)

    # -- decisions ---------------------------------------------------------------
    def _who(self) -> str:
        return self.settings.reviewer

    def run(self, action: str, perform: Callable[[], int], then_next: bool = False) -> bool:
        """Do one audited store action as one undo step."""
        before = self.undo_stack.count()
        self.undo_stack.push(
            StoreCommand(
                self.project,
                ACTION_NAMES.get(action, action),
                perform,
                self._after_change,
                lambda exc: self.error.emit(exc, f"trying to {ACTION_NAMES.get(action, action)}"),
            )
        )
        done = self.undo_stack.count() > before
        if done and then_next:
            self.go_to_pending()
        return done

    def accept(self) -> bool:
        row = self.current
        return row is not None and self.run("accept", lambda: self.project.accept(row.id, self._who()), True)

    def reject(self) -> bool:
        row = self.current
        return row is not None and self.run("reject", lambda: self.project.reject(row.id, self._who()), True)

    def relabel(self, label: str) -> bool:
        row = self.current
        if row is None or not label:
            return False
        return self.run("relabel", lambda: self.project.relabel(row.id, label, self._who()))

    def resize(self, step: Callable[[str, int, int], tuple[int, int]]) -> bool:
        row = self.current
        if row is None or self.document is None:
            return False
        start, end = step(self.document.text, row.span.start, row.span.end)
        if (start, end) == (row.span.start, row.span.end):
            return False
        return self.run("resize", lambda: self.project.resize(row.id, start, end, self._who()))

    def add_span(self, start: int, end: int, label: str) -> int | None:
        """A span the detectors missed; it becomes the current span."""
        if self.document is None:
            return None
        trimmed = navigation.trim_selection(self.document.text, start, end)
        if trimmed is None:
            return None
        document_id = self.document.id
        if not self.run(
            "add_span", lambda: self.project.add_span(document_id, *trimmed, label, self._who())
        ):
            return None
        command = self.undo_stack.command(self.undo_stack.count() - 1)
        span_id = self.project.added_span_id(command.audit_id)  # type: ignore[attr-defined]
        self.set_current(span_id)
        return span_id

    def identical_count(self, scope: Scope = "document") -> int:
        row = self.current
        if row is None:
            return 0
        return len(self.project.identical_spans(row.id, scope, (Status.PENDING, Status.STALE)))

    def decide_identical(self, status: Status, scope: Scope = "document") -> bool:
        row = self.current
        if row is None:
            return False
        return self.run(
            "decide_identical",
            lambda: self.project.decide_identical(row.id, status, scope, self._who()),
            then_next=True,
        )

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
        return self.run(
            "whitelist_add",
            lambda: self.project.add_whitelist_term(term, note="added while reviewing", who=self._who()),
            then_next=True,
        )

    def decide_ids(self, span_ids: Iterable[int], status: Status) -> bool:
        ids = list(span_ids)
        if not ids:
            return False
        return self.run("decide_many", lambda: self.project.decide_many(ids, status, self._who()))

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
