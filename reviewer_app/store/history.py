"""The audit log of a project, and undo and redo over it."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from reviewer_app.store.errors import UndoConflict
from reviewer_app.store.records import AuditEntry, _audit_entry
from reviewer_app.store.rows import _rowset

log = logging.getLogger(__name__)

# Reviewer actions that undo/redo can reverse. Anything else in the audit log
# (import, detection, cluster proposals) is a barrier: history before it is not
# offered for undo after a reopen, because detection rewrote the rows since.
UNDOABLE_ACTIONS = frozenset(
    {
        "accept",
        "reject",
        "relabel",
        "resize",
        "decide",
        "add_span",
        "decide_identical",
        "decide_many",
        "whitelist_add",
        "whitelist_remove",
        "merge_clusters",
        "split_cluster",
        "relabel_cluster",
        "decide_cluster",
        "leak_allow",
        "leak_allow_remove",
        "merge_corpus_persons",
        "split_corpus_person",
    }
)
_BARRIER_ACTIONS = ("import", "detect", "set_clusters", "remove_document")


class HistoryMixin:
    """Part of `Project`: uses its connection and transactions."""

    def audit_entry(self, audit_id: int) -> AuditEntry:
        rows = self._rows("SELECT * FROM audit WHERE id = ?", (audit_id,))
        if not rows:
            raise KeyError(audit_id)
        return _audit_entry(rows[0])

    def audit_log(self, limit: int = 100, document_id: str | None = None) -> list[AuditEntry]:
        """The newest entries first."""
        if document_id is None:
            rows = self._rows("SELECT * FROM audit ORDER BY id DESC LIMIT ?", (limit,))
        else:
            rows = self._rows(
                "SELECT * FROM audit WHERE document_id = ? ORDER BY id DESC LIMIT ?", (document_id, limit)
            )
        return [_audit_entry(r) for r in rows]

    def review_actions(self) -> list[AuditEntry]:
        """Every reviewer action, undo and redo included, oldest first, without
        the rows they changed (`before` and `after` are empty): the timing of the
        review, for `evaluation.review_pace`."""
        actions = sorted(UNDOABLE_ACTIONS | {"undo", "redo"})
        with self._mutex:
            rows = self._conn.execute(
                "SELECT id, at, who, action, document_id, undone FROM audit"
                f" WHERE action IN ({', '.join('?' for _ in actions)}) ORDER BY at, id",
                actions,
            ).fetchall()
        return [
            AuditEntry(i, at, who, action, doc, {}, {}, bool(undone))
            for i, at, who, action, doc, undone in rows
        ]

    def undo_history(self, limit: int = 200) -> list[AuditEntry]:
        """The reviewer actions that can still be undone, oldest first (the last
        is the next to undo): those done or redone, and not undone, since the last
        import, detection or clustering run."""
        undo, _ = self._history_stacks()
        return self._audit_entries(undo[-limit:] if limit else [])

    def redo_history(self, limit: int = 200) -> list[AuditEntry]:
        """The undone actions that can be redone, as the redo stack of the session
        that undid them held them: the last is the next to redo. A reviewer action
        done after an undo ends the chance to redo it, as in the window."""
        _, redo = self._history_stacks()
        return self._audit_entries(redo[-limit:] if limit else [])

    def _history_stacks(self) -> tuple[list[int], list[int]]:
        """The undo and redo stacks (audit ids) replayed from the audit log since
        the last barrier: an action pushes onto undo and clears redo, an undo moves
        its action to redo, a redo moves it back."""
        barrier = self._scalar(
            "SELECT coalesce(max(id), 0) FROM audit"
            f" WHERE action IN ({', '.join('?' for _ in _BARRIER_ACTIONS)})",
            _BARRIER_ACTIONS,
        )
        undo: list[int] = []
        redo: list[int] = []
        with self._mutex:
            rows = self._conn.execute(
                "SELECT id, action, undone, CASE WHEN action IN ('undo', 'redo')"
                " THEN json_extract(after, '$.of') END FROM audit WHERE id > ? ORDER BY id",
                (barrier,),
            ).fetchall()
        undone = {audit_id: bool(flag) for audit_id, _, flag, _ in rows}
        for audit_id, action, _, target in rows:
            if action in UNDOABLE_ACTIONS:
                undo.append(audit_id)
                redo.clear()
            elif action == "undo" and target in undo:
                undo.remove(target)
                redo.append(target)
            elif action == "redo" and target in redo:
                redo.remove(target)
                undo.append(target)
        # The flags have the last word (the stacks and the rows must agree).
        return [i for i in undo if not undone[i]], [i for i in redo if undone[i]]

    def _audit_entries(self, audit_ids: Sequence[int]) -> list[AuditEntry]:
        if not audit_ids:
            return []
        rows = {
            r["id"]: r
            for r in self._rows(
                f"SELECT * FROM audit WHERE id IN ({', '.join('?' for _ in audit_ids)})", list(audit_ids)
            )
        }
        return [_audit_entry(rows[i]) for i in audit_ids]

    def undo(self, audit_id: int, who: str = "") -> int:
        """Restore the rows an action changed to what they were before it."""
        return self._replay(audit_id, undo=True, who=who)

    def redo(self, audit_id: int, who: str = "") -> int:
        """Apply an undone action's changes again."""
        return self._replay(audit_id, undo=False, who=who)

    def _replay(self, audit_id: int, undo: bool, who: str) -> int:
        with self._write():
            rows = list(self.db.query("SELECT * FROM audit WHERE id = ?", (audit_id,)))
            if not rows:
                raise KeyError(audit_id)
            entry = _audit_entry(rows[0])
            if entry.action not in UNDOABLE_ACTIONS:
                raise UndoConflict(f"audit entry {audit_id} ({entry.action}) cannot be undone")
            if entry.undone != undo:
                current, target = (entry.after, entry.before) if undo else (entry.before, entry.after)
                current_sets, target_sets = _rowset(current), _rowset(target)
                if not current_sets and not target_sets:
                    # Recorded without its rows (an allowance of the first schema 4 builds).
                    raise UndoConflict(f"audit entry {audit_id} ({entry.action}) recorded no rows to restore")
                if self._current(current_sets) != current_sets:
                    raise UndoConflict(
                        f"the spans of {entry.action} (audit {audit_id}) were changed since; "
                        "it can no longer be " + ("undone" if undo else "redone")
                    )
                self._apply(target_sets)
                self._conn.execute("UPDATE audit SET undone = ? WHERE id = ?", (int(undo), audit_id))
                new_id = self._audit(
                    "undo" if undo else "redo",
                    who or self.reviewer,
                    entry.document_id,
                    current,
                    {**target, "of": audit_id},
                )
            else:
                raise UndoConflict(f"audit entry {audit_id} is already {'undone' if undo else 'done'}")
        log.info("%s of audit %d (%s)", "undo" if undo else "redo", audit_id, entry.action)
        return new_id
