""" "Not identifying here": a reviewer's decision that one leak-guard finding, at one
place of one document, is not an identifier (the adjective "long" where the inmate is
Mr. Long). Each decision names its place by offsets of the document's text, so the
same word elsewhere is still a finding.

Stored in the project (`leak_allowances`, schema version 4) as soon as it is made,
audited (`leak_allow`, `leak_allow_remove`: ids, offsets, kind and label, never the
text), listed in the export report and written into the gold record's meta. Qt-free
functions over a `Project`, beside it rather than in it.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from typing import Any

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
    text = project.document_text(document_id)
    if not 0 <= start < end <= len(text):
        raise ValueError(f"[{start}, {end}) lies outside the text")
    who = who or project.reviewer
    with project._write():
        existing = project._conn.execute(
            f'SELECT {_SELECT} FROM leak_allowances WHERE document_id = ? AND start = ? AND "end" = ?',
            (document_id, start, end),
        ).fetchone()
        if existing:
            return Allowance(*existing)
        row: dict[str, Any] = {
            "document_id": document_id,
            "start": start,
            "end": end,
            "kind": kind,
            "label": label,
            "reviewer": who,
            "added_at": time.time(),
        }
        cursor = project._conn.execute(
            'INSERT INTO leak_allowances(document_id, start, "end", kind, label, reviewer, added_at)'
            " VALUES (:document_id, :start, :end, :kind, :label, :reviewer, :added_at)",
            row,
        )
        allowance = Allowance(id=int(cursor.lastrowid), **row)
        project._audit("leak_allow", who, document_id, {}, {"leak_allowance": asdict(allowance)})
    log.info("leak guard: allowance %d (%s, %s) in %s", allowance.id, kind, label, document_id)
    return allowance


def allowances(project: Project, document_id: str) -> list[Allowance]:
    """The document's "not identifying here" decisions, in text order."""
    rows = project._rows(
        f'SELECT {_SELECT} FROM leak_allowances WHERE document_id = ? ORDER BY start, "end"', (document_id,)
    )
    return [Allowance(**r) for r in rows]


def remove_allowance(project: Project, allowance_id: int, who: str = "") -> None:
    """Take a decision back: the place is a finding again."""
    who = who or project.reviewer
    with project._write():
        row = project._conn.execute(
            f"SELECT {_SELECT} FROM leak_allowances WHERE id = ?", (allowance_id,)
        ).fetchone()
        if row is None:
            raise KeyError(allowance_id)
        allowance = Allowance(*row)
        project._conn.execute("DELETE FROM leak_allowances WHERE id = ?", (allowance_id,))
        project._audit(
            "leak_allow_remove", who, allowance.document_id, {"leak_allowance": asdict(allowance)}, {}
        )
    log.info("leak guard: allowance %d removed", allowance_id)


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
