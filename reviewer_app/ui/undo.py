"""QUndoStack over the project's own undo.

Every reviewer action in the store returns an audit id, and the store can
`undo(audit_id)` / `redo(audit_id)` it, also after a reopen. A `StoreCommand`
is the thin QUndoCommand for one such action: the first `redo` performs it,
later ones replay it. On reopening a project, `restore_history` puts the
store's undoable history back on the stack, so Ctrl+Z keeps working.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtGui import QUndoCommand, QUndoStack

from reviewer_app.store.project import AuditEntry, Project

log = logging.getLogger(__name__)

ACTION_NAMES = {
    "accept": "accept",
    "reject": "reject",
    "relabel": "relabel",
    "resize": "resize",
    "decide": "decide",
    "add_span": "add span",
    "decide_identical": "decide identical mentions",
    "decide_many": "decide spans",
    "whitelist_add": "whitelist a term",
    "whitelist_remove": "remove a whitelist term",
    "merge_clusters": "merge persons",
    "split_cluster": "split a variant off",
    "relabel_cluster": "relabel a person",
    "decide_cluster": "decide a person's spans",
}


class StoreCommand(QUndoCommand):
    """One audited store action. `on_change(audit_id)` runs after every do/undo/redo
    so the window refreshes the spans it touched; `on_error` gets a failed replay
    (an undo cannot raise through Qt)."""

    def __init__(
        self,
        project: Project,
        text: str,
        perform: Callable[[], int] | None,
        on_change: Callable[[int], None],
        on_error: Callable[[BaseException], None],
        audit_id: int | None = None,
    ) -> None:
        super().__init__(text)
        self.project = project
        self._perform = perform
        self._on_change = on_change
        self._on_error = on_error
        self.audit_id = audit_id
        # A command restored from the store's history is already done: the
        # redo() that QUndoStack.push calls must not replay it.
        self._skip_next_redo = audit_id is not None

    def redo(self) -> None:
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        try:
            if self.audit_id is None:
                assert self._perform is not None
                self.audit_id = self._perform()
            else:
                self.project.redo(self.audit_id)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            # An action that failed the first time is dropped from the stack.
            self.setObsolete(self.audit_id is None)
            self._on_error(exc)
            return
        self._on_change(self.audit_id)

    def undo(self) -> None:
        if self.audit_id is None:
            return
        try:
            self.project.undo(self.audit_id)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self._on_error(exc)
            return
        self._on_change(self.audit_id)


def restore_history(
    stack: QUndoStack,
    project: Project,
    on_change: Callable[[int], None],
    on_error: Callable[[BaseException], None],
) -> int:
    """Push the store's undoable history (oldest first) without re-doing it."""
    history: list[AuditEntry] = project.undo_history()
    for entry in history:
        command = StoreCommand(
            project, ACTION_NAMES.get(entry.action, entry.action), None, on_change, on_error, entry.id
        )
        stack.push(command)
    return len(history)
