"""QUndoStack over the core's review commands (`reviewer_app.store.commands`).

A core `Command` does its action through the project store the first time and
replays the store's audit entry on redo; `CoreUndoCommand` is the thin
QUndoCommand around one. On reopening a project, `restore_history` puts the
store's undoable history back on the stack (as `RecordedCommand`s), so Ctrl+Z
keeps working across sessions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtGui import QUndoCommand, QUndoStack

from reviewer_app.store.commands import Command, RecordedCommand
from reviewer_app.store.project import Project

log = logging.getLogger(__name__)


class CoreUndoCommand(QUndoCommand):
    """One core command. `on_change(audit_id)` runs after every do/undo/redo so
    the window refreshes the spans it touched; `on_error` gets a failure (an
    exception cannot travel through Qt's undo stack)."""

    def __init__(
        self,
        project: Project,
        command: Command,
        on_change: Callable[[int], None],
        on_error: Callable[[BaseException], None],
        already_done: bool = False,
    ) -> None:
        super().__init__(command.text)
        self.project = project
        self.command = command
        self._on_change = on_change
        self._on_error = on_error
        # A command restored from the store's history is done: the redo() that
        # QUndoStack.push calls must not replay it.
        self._skip_next_redo = already_done
        # A restored command that was undone in an earlier session goes onto the
        # redo side by one undo() that must not replay it either.
        self._skip_next_undo = False

    def redo(self) -> None:
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        first_time = self.command.audit_id is None
        try:
            self.command.do(self.project)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            # An action that failed the first time is dropped from the stack.
            self.setObsolete(first_time)
            self._on_error(exc)
            return
        assert self.command.audit_id is not None
        self._on_change(self.command.audit_id)

    def skip_next_undo(self) -> None:
        """The next undo() only moves the command to the redo side (it was undone already)."""
        self._skip_next_undo = True

    def undo(self) -> None:
        if self._skip_next_undo:
            self._skip_next_undo = False
            return
        try:
            self.command.undo(self.project)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self._on_error(exc)
            return
        assert self.command.audit_id is not None
        self._on_change(self.command.audit_id)


def restore_history(
    stack: QUndoStack,
    project: Project,
    on_change: Callable[[int], None],
    on_error: Callable[[BaseException], None],
) -> int:
    """Put the store's history on the stack without replaying any of it: the
    undoable actions (oldest first), then the undone ones that can be redone."""
    history = project.undo_history()
    for entry in history:
        stack.push(CoreUndoCommand(project, RecordedCommand(entry), on_change, on_error, already_done=True))
    redo = project.redo_history()  # the last is the next to redo
    pushed = []
    for entry in reversed(redo):
        command = CoreUndoCommand(project, RecordedCommand(entry), on_change, on_error, already_done=True)
        stack.push(command)
        pushed.append(command)
    for command in reversed(pushed):
        command.skip_next_undo()
        stack.undo()
    return len(history) + len(redo)
