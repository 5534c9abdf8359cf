""" "Not identifying here": a reviewer's decision that one leak-guard finding, at one
place of one document, is not an identifier (the adjective "long" where the inmate is
Mr. Long). Each decision names its place by offsets of the document's text, so the
same word elsewhere is still a finding.

Stored in the project (`leak_allowances`, schema version 4) as soon as it is made,
audited (`leak_allow`, `leak_allow_remove`: ids, offsets, kind and label, never the
text) with the whole row, so that undo and redo replay them like any review action
(`store/history.py`), listed in the export report and written into the gold record's meta. Qt-free
functions over a `Project`, beside it rather than in it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from reviewer_app.core.guard_exemptions import GuardExemptions
from reviewer_app.core.spans import Status
from reviewer_app.store.decisions import StoredSpan
from reviewer_app.store.project import Project

log = logging.getLogger(__name__)

_COLUMNS = ("id", "document_id", "start", "end", "kind", "label", "reviewer", "added_at")
_SELECT = ", ".join(f'"{c}"' for c in _COLUMNS)


@dataclass(frozen=True)
class Allowance:
    """`document.text[start:end]` is not an identifier there."""

    id: int
    document_id: str
    start: int
    end: int
    kind: str  # what the guard took it for: "name part", "span"...
    label: str
    reviewer: str
    added_at: float


def allow_here(
    project: Project, document_id: str, start: int, end: int, kind: str = "", label: str = "", who: str = ""
) -> Allowance:
    """Record that `[start, end)` of the document is not identifying; returns the
    decision (the existing one when the same place was allowed before)."""
    return _allow(project, document_id, start, end, kind, label, who)[0]


def record_allowance(
    project: Project, document_id: str, start: int, end: int, kind: str = "", label: str = "", who: str = ""
) -> int:
    """Record a new "not identifying here" decision; returns its audit id, which undo
    and redo replay (`leak_allow`). ValueError when the place is outside the text or
    already allowed."""
    _, audit_id = _allow(project, document_id, start, end, kind, label, who)
    if audit_id is None:
        raise ValueError(f"[{start}, {end}) of {document_id} is marked not identifying already")
    return audit_id


def _allow(
    project: Project, document_id: str, start: int, end: int, kind: str, label: str, who: str
) -> tuple[Allowance, int | None]:
    """The decision at that place and the audit id of recording it (None when it was there)."""
    text = project.document_text(document_id)
    if not 0 <= start < end <= len(text):
        raise ValueError(f"[{start}, {end}) lies outside the text")
    who = who or project.reviewer
    with project._write():
        existing = _at(project, document_id, start, end)
        if existing is not None:
            return existing, None
        allowance = Allowance(
            id=project._next_id("leak_allowances"),
            document_id=document_id,
            start=start,
            end=end,
            kind=kind,
            label=label,
            reviewer=who,
            added_at=time.time(),
        )
        # The audit holds the whole row (ids, offsets, kind, label; never the text).
        audit_id = project._commit_change(
            "leak_allow",
            who,
            document_id,
            {"leak_allowances": {allowance.id: None}},
            {"leak_allowances": {allowance.id: asdict(allowance)}},
        )
    log.info("leak guard: allowance %d (%s, %s) in %s", allowance.id, kind, label, document_id)
    return allowance, audit_id


def allowance_of(project: Project, audit_id: int) -> Allowance:
    """The decision a `leak_allow` audit entry recorded."""
    (row,) = project.audit_entry(audit_id).after["leak_allowances"].values()
    return Allowance(**row)


def _at(project: Project, document_id: str, start: int, end: int) -> Allowance | None:
    row = project._conn.execute(
        f'SELECT {_SELECT} FROM leak_allowances WHERE document_id = ? AND start = ? AND "end" = ?',
        (document_id, start, end),
    ).fetchone()
    return Allowance(*row) if row else None


def allowances(project: Project, document_id: str) -> list[Allowance]:
    """The document's "not identifying here" decisions, in text order."""
    rows = project._rows(
        f'SELECT {_SELECT} FROM leak_allowances WHERE document_id = ? ORDER BY start, "end"', (document_id,)
    )
    return [Allowance(**r) for r in rows]


def guard_exemptions(
    project: Project, document_id: str, replaced: Sequence[StoredSpan], allow: Iterable[str] = ()
) -> GuardExemptions:
    """What the leak guard lets through when `replaced` (stored spans) are written over
    the document: `allow`, the spans among them without a decision, the document's
    rejected spans and its "not identifying here" places."""
    return GuardExemptions.of(
        allow,
        (i for i, s in enumerate(replaced) if s.status != Status.ACCEPTED),
        (s.span for s in project.spans(document_id, [Status.REJECTED])),
        ((a.start, a.end) for a in allowances(project, document_id)),
    )


def remove_allowance(project: Project, allowance_id: int, who: str = "") -> int:
    """Take a decision back: the place is a finding again. Returns the audit id
    (`leak_allow_remove`, undone and redone like every review action); KeyError
    when there is no such decision."""
    who = who or project.reviewer
    with project._write():
        row = project._conn.execute(
            f"SELECT {_SELECT} FROM leak_allowances WHERE id = ?", (allowance_id,)
        ).fetchone()
        if row is None:
            raise KeyError(allowance_id)
        allowance = Allowance(*row)
        audit_id = project._commit_change(
            "leak_allow_remove",
            who,
            allowance.document_id,
            {"leak_allowances": {allowance_id: asdict(allowance)}},
            {"leak_allowances": {allowance_id: None}},
        )
    log.info("leak guard: allowance %d removed", allowance_id)
    return audit_id


def allowance_report(allowances_: list[Allowance], text: str) -> list[str]:
    """One line per decision for an export report: where, what, by whom (no text)."""
    lines = []
    for a in allowances_:
        line = text.count("\n", 0, a.start) + 1
        column = a.start - (text.rfind("\n", 0, a.start) + 1) + 1
        what = f"{a.kind} ({a.label})" if a.kind else a.label or "finding"
        lines.append(
            f"line {line}, column {column}: {what} allowed as not identifying by {a.reviewer or '?'}"
        )
    return lines


def gold_meta(allowances_: list[Allowance], text: str) -> dict[str, Any]:
    """What the gold record's meta says about them (the gold holds the text anyway)."""
    return {
        "leak_guard_allowed": [
            {
                "start": a.start,
                "end": a.end,
                "text": text[a.start : a.end],
                "kind": a.kind,
                "label": a.label,
                "reviewer": a.reviewer,
                "at": a.added_at,
            }
            for a in allowances_
        ]
    }
