"""Review actions as command objects with `do(project)` / `undo(project)`, and a
Qt-free `CommandStack` (the shape of Glue's `glue/core/command.py`).

A command's first `do` performs the action through the project store, which
commits it in one transaction and returns the id of its audit entry; `undo`
and every later `do` (a redo) restore the rows recorded in that entry. Because
the audit log holds the rows, `CommandStack.from_history(project)` rebuilds the
undo and redo stacks after the project is reopened.

The window wraps each command in a `QUndoCommand` whose `redo()` calls `do` and
whose `undo()` calls `undo`; `QUndoStack.push` calls `redo()` at once, which is
the first `do`.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from reviewer_app.core.spans import Status
from reviewer_app.store import allowances

if TYPE_CHECKING:
    from reviewer_app.store.project import AuditEntry, Project


class Command(abc.ABC):
    """One undoable review action."""

    # Shown in the Edit menu as "Undo <text>"; ids and labels, never transcript text.
    text: str = ""

    def __init__(self) -> None:
        self.audit_id: int | None = None

    def do(self, project: Project) -> None:
        if self.audit_id is None:
            self.audit_id = self._perform(project)
        else:
            project.redo(self.audit_id)

    def undo(self, project: Project) -> None:
        if self.audit_id is None:
            raise RuntimeError(f"{type(self).__name__} was never done")
        project.undo(self.audit_id)

    @abc.abstractmethod
    def _perform(self, project: Project) -> int:
        """Do the action for the first time; returns its audit id."""


class Accept(Command):
    def __init__(self, span_id: int) -> None:
        super().__init__()
        self.span_id = span_id
        self.text = f"accept span {span_id}"

    def _perform(self, project: Project) -> int:
        return project.accept(self.span_id)


class Reject(Command):
    def __init__(self, span_id: int) -> None:
        super().__init__()
        self.span_id = span_id
        self.text = f"reject span {span_id}"

    def _perform(self, project: Project) -> int:
        return project.reject(self.span_id)


class Relabel(Command):
    """Give a span another label; it is accepted under it."""

    def __init__(self, span_id: int, label: str) -> None:
        super().__init__()
        self.span_id, self.label = span_id, label
        self.text = f"relabel span {span_id} as {label}"

    def _perform(self, project: Project) -> int:
        return project.relabel(self.span_id, self.label)


class Resize(Command):
    """New boundaries for a span (widen or narrow); it is accepted with them.
    The window computes the boundaries (a word more or less at either end)."""

    def __init__(self, span_id: int, start: int, end: int) -> None:
        super().__init__()
        self.span_id, self.start, self.end = span_id, start, end
        self.text = f"resize span {span_id}"

    def _perform(self, project: Project) -> int:
        return project.resize(self.span_id, self.start, self.end)


class AddSpan(Command):
    """A span the detectors missed; accepted. `span_id` is known after `do`."""

    def __init__(self, document_id: str, start: int, end: int, label: str) -> None:
        super().__init__()
        self.document_id, self.start, self.end, self.label = document_id, start, end, label
        self.span_id: int | None = None
        self.text = f"add {label} span"

    def _perform(self, project: Project) -> int:
        audit_id = project.add_span(self.document_id, self.start, self.end, self.label)
        self.span_id = project.added_span_id(audit_id)
        return audit_id


class AddSpans(Command):
    """Several missed spans (every unmarked mention of a name, say) in one step;
    `span_ids` are known after `do`."""

    def __init__(self, document_id: str, spans: Sequence[tuple[int, int, str]]) -> None:
        super().__init__()
        self.document_id, self.spans = document_id, tuple(spans)
        self.span_ids: tuple[int, ...] = ()
        self.text = f"add {len(self.spans)} spans"

    def _perform(self, project: Project) -> int:
        audit_id = project.add_spans(self.document_id, self.spans)
        self.span_ids = project.added_span_ids(audit_id)
        return audit_id


class DecideIdentical(Command):
    """Accept or reject a span and every open span with the same text, in its
    document or in the whole corpus."""

    def __init__(
        self, span_id: int, status: Status, scope: Literal["document", "corpus"] = "document"
    ) -> None:
        super().__init__()
        self.span_id, self.status, self.scope = span_id, Status(status), scope
        verb = "accept" if self.status is Status.ACCEPTED else "reject"
        self.text = f"{verb} all mentions like span {span_id} in the {scope}"

    def _perform(self, project: Project) -> int:
        return project.decide_identical(self.span_id, self.status, self.scope)


class DecideMany(Command):
    """One decision for several spans (a selection in the span table)."""

    def __init__(self, span_ids: Sequence[int], status: Status) -> None:
        super().__init__()
        self.span_ids, self.status = tuple(span_ids), Status(status)
        self.text = f"{self.status.value} {len(self.span_ids)} spans"

    def _perform(self, project: Project) -> int:
        return project.decide_many(self.span_ids, self.status)


class WhitelistTerm(Command):
    """Whitelist a term (project-wide, or for one document): its pending spans
    are rejected. Undo takes the term off and restores them."""

    def __init__(self, term: str, document_id: str | None = None, note: str = "") -> None:
        super().__init__()
        self.term, self.document_id, self.note = term, document_id, note
        self.text = "whitelist a term"

    def _perform(self, project: Project) -> int:
        return project.add_whitelist_term(self.term, self.document_id, self.note)


class UnwhitelistTerm(Command):
    """Take a whitelist entry off; the spans it rejected become pending again."""

    def __init__(self, entry_id: int) -> None:
        super().__init__()
        self.entry_id = entry_id
        self.text = f"remove whitelist entry {entry_id}"

    def _perform(self, project: Project) -> int:
        return project.remove_whitelist_term(self.entry_id)


class MergeClusters(Command):
    def __init__(self, keep_id: int, absorb_id: int) -> None:
        super().__init__()
        self.keep_id, self.absorb_id = keep_id, absorb_id
        self.text = f"merge cluster {absorb_id} into {keep_id}"

    def _perform(self, project: Project) -> int:
        return project.merge_clusters(self.keep_id, self.absorb_id)


class SplitCluster(Command):
    """Move spans (a variant) out of their cluster into a new one; `cluster_id`
    is known after `do`."""

    def __init__(self, span_ids: Sequence[int], name: str = "") -> None:
        super().__init__()
        self.span_ids, self.name = tuple(span_ids), name
        self.cluster_id: int | None = None
        self.text = f"split {len(self.span_ids)} spans off their cluster"

    def _perform(self, project: Project) -> int:
        audit_id = project.split_cluster(self.span_ids, self.name)
        self.cluster_id = project.split_cluster_id(audit_id)
        return audit_id


class MergeCorpusPersons(Command):
    """One person across documents: every member of `absorb_id` joins `keep_id`."""

    def __init__(self, keep_id: int, absorb_id: int) -> None:
        super().__init__()
        self.keep_id, self.absorb_id = keep_id, absorb_id
        self.text = f"merge corpus person {absorb_id} into {keep_id}"

    def _perform(self, project: Project) -> int:
        return project.merge_corpus_persons(self.keep_id, self.absorb_id)


class SplitCorpusPerson(Command):
    """Make a document's person (corpus members) a corpus person of its own;
    `person_id` is known after `do`."""

    def __init__(self, member_ids: Sequence[int], name: str = "") -> None:
        super().__init__()
        self.member_ids, self.name = tuple(member_ids), name
        self.person_id: int | None = None
        self.text = f"split {len(self.member_ids)} document person(s) off their corpus person"

    def _perform(self, project: Project) -> int:
        audit_id = project.split_corpus_person(self.member_ids, self.name)
        self.person_id = project.split_corpus_person_id(audit_id)
        return audit_id


class RelabelCluster(Command):
    def __init__(self, cluster_id: int, label: str) -> None:
        super().__init__()
        self.cluster_id, self.label = cluster_id, label
        self.text = f"relabel cluster {cluster_id} as {label}"

    def _perform(self, project: Project) -> int:
        return project.relabel_cluster(self.cluster_id, self.label)


class DecideCluster(Command):
    """Accept or reject every span of a cluster."""

    def __init__(self, cluster_id: int, status: Status) -> None:
        super().__init__()
        self.cluster_id, self.status = cluster_id, Status(status)
        self.text = f"{self.status.value} cluster {cluster_id}"

    def _perform(self, project: Project) -> int:
        return project.decide_cluster(self.cluster_id, self.status)


class AllowHere(Command):
    """ "Not identifying here" for one leak-guard finding's place (`store/allowances.py`);
    `allowance_id` is known after `do`."""

    def __init__(self, document_id: str, start: int, end: int, kind: str = "", label: str = "") -> None:
        super().__init__()
        self.document_id, self.start, self.end, self.kind, self.label = document_id, start, end, kind, label
        self.allowance_id: int | None = None
        self.text = f"mark a {label or 'finding'} not identifying"

    def _perform(self, project: Project) -> int:
        audit_id = allowances.record_allowance(
            project, self.document_id, self.start, self.end, self.kind, self.label
        )
        self.allowance_id = allowances.allowance_of(project, audit_id).id
        return audit_id


class RemoveAllowance(Command):
    """Take a "not identifying here" decision back: the place is a finding again."""

    def __init__(self, allowance_id: int) -> None:
        super().__init__()
        self.allowance_id = allowance_id
        self.text = f"remove not-identifying decision {allowance_id}"

    def _perform(self, project: Project) -> int:
        return allowances.remove_allowance(project, self.allowance_id)


# What the Edit menu says for restored actions that touch no span.
_RECORDED_TEXT = {
    "leak_allow": "mark a finding not identifying",
    "leak_allow_remove": "remove a not-identifying decision",
    "merge_corpus_persons": "merge corpus persons",
    "split_corpus_person": "split a corpus person",
}


class RecordedCommand(Command):
    """An action done in an earlier session, rebuilt from its audit entry."""

    def __init__(self, entry: AuditEntry) -> None:
        super().__init__()
        self.audit_id = entry.id
        n = len(entry.span_ids)
        if entry.action in _RECORDED_TEXT:
            self.text = _RECORDED_TEXT[entry.action]
        else:
            self.text = f"{entry.action.replace('_', ' ')} ({n} span{'s' if n != 1 else ''})"

    def _perform(self, project: Project) -> int:  # pragma: no cover - audit_id is always set
        raise AssertionError("a recorded command is only undone and redone")


class CommandStack:
    """Undo and redo over a project. Listeners are called after every change
    (the window refreshes its views and its Undo/Redo menu texts from them)."""

    def __init__(self, project: Project, limit: int = 500) -> None:
        self.project = project
        self.limit = limit
        self._undo: list[Command] = []
        self._redo: list[Command] = []
        self._listeners: list[Callable[[], None]] = []

    @classmethod
    def from_history(cls, project: Project, limit: int = 500) -> CommandStack:
        """A stack holding the project's history from earlier sessions: the
        undoable actions, and the undone ones that can still be redone, so undo
        and redo work across a reopen."""
        stack = cls(project, limit)
        stack._undo = [RecordedCommand(entry) for entry in project.undo_history(limit)]
        stack._redo = [RecordedCommand(entry) for entry in project.redo_history(limit)]
        return stack

    def add_listener(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()

    def do(self, command: Command) -> Command:
        command.do(self.project)
        self._undo.append(command)
        del self._undo[: -self.limit]
        self._redo.clear()
        self._changed()
        return command

    def undo(self) -> Command | None:
        if not self._undo:
            return None
        command = self._undo[-1]
        command.undo(self.project)
        self._redo.append(self._undo.pop())
        self._changed()
        return command

    def redo(self) -> Command | None:
        if not self._redo:
            return None
        command = self._redo[-1]
        command.do(self.project)
        self._undo.append(self._redo.pop())
        self._changed()
        return command

    def clear(self) -> None:
        """Forget the history (after a detection run rewrote the spans)."""
        self._undo.clear()
        self._redo.clear()
        self._changed()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_text(self) -> str:
        return self._undo[-1].text if self._undo else ""

    @property
    def redo_text(self) -> str:
        return self._redo[-1].text if self._redo else ""
