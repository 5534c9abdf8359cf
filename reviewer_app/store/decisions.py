"""Spans and the reviewer's decisions on them: where a decision is written.

Each decision is one transaction with its audit entry (`RowsMixin._change_spans`),
which is what undo and redo replay (`store/history.py`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence
from typing import Any

from reviewer_app.core.spans import Status
from reviewer_app.store.records import (
    _SPAN_SELECT,
    Row,
    RowSet,
    Scope,
    StoredSpan,
    _stored_span,
)

log = logging.getLogger(__name__)


class DecisionsMixin:
    """Part of `Project`: uses its connection and transactions."""

    def spans(self, document_id: str, statuses: Iterable[Status] | None = None) -> list[StoredSpan]:
        """The document's spans in text order, with their ids."""
        sql = f"SELECT {_SPAN_SELECT} FROM spans WHERE document_id = ?"
        params: list[Any] = [document_id]
        if statuses is not None:
            wanted = [Status(s).value for s in statuses]
            sql += f" AND status IN ({', '.join('?' for _ in wanted)})"
            params += wanted
        return [_stored_span(r) for r in self._rows(sql + " ORDER BY final_start, final_end, id", params)]

    def span(self, span_id: int) -> StoredSpan:
        rows = self._rows(f"SELECT {_SPAN_SELECT} FROM spans WHERE id = ?", (span_id,))
        if not rows:
            raise KeyError(span_id)
        return _stored_span(rows[0])

    def span_text(self, span_id: int) -> str:
        span = self.span(span_id)
        return self.document_text(span.document_id)[span.start : span.end]

    def identical_spans(
        self, span_id: int, scope: Scope = "document", statuses: Iterable[Status] | None = None
    ) -> list[StoredSpan]:
        """Spans whose text equals this span's (case and spacing aside), this one included."""
        where, params = self._identical_where(span_id, scope, statuses)
        rows = self._rows(
            f"SELECT {_SPAN_SELECT} FROM spans WHERE {where} ORDER BY document_id, final_start", params
        )
        return [_stored_span(r) for r in rows]

    def _identical_where(
        self, span_id: int, scope: Scope, statuses: Iterable[Status] | None
    ) -> tuple[str, list[Any]]:
        rows = self._rows("SELECT text_key, document_id FROM spans WHERE id = ?", (span_id,))
        if not rows:
            raise KeyError(span_id)
        where, params = "text_key = ?", [rows[0]["text_key"]]
        if scope == "document":
            where += " AND document_id = ?"
            params.append(rows[0]["document_id"])
        if statuses is not None:
            wanted = [Status(s).value for s in statuses]
            where += f" AND status IN ({', '.join('?' for _ in wanted)})"
            params += wanted
        return where, params

    def next_open_span(self, document_id: str, after: int = -1, backwards: bool = False) -> StoredSpan | None:
        """The next (or previous) pending or stale span after text offset `after`."""
        if backwards:
            sql = "final_start < ? ORDER BY final_start DESC, id DESC"
        else:
            sql = "final_start > ? ORDER BY final_start, id"
        rows = self._rows(
            f"SELECT {_SPAN_SELECT} FROM spans WHERE document_id = ? AND status IN ('pending', 'stale')"
            f" AND {sql} LIMIT 1",
            (document_id, after),
        )
        return _stored_span(rows[0]) if rows else None

    # -- reviewer actions (each one transaction and one audit entry)

    def decide(
        self,
        span_id: int,
        status: Status,
        label: str | None = None,
        start: int | None = None,
        end: int | None = None,
        who: str = "",
        action: str = "decide",
    ) -> int:
        """Set a span's status and, optionally, its final label and boundaries.
        Returns the audit id (for `undo`)."""
        status = Status(status)

        def change(row: Row, now: float, who: str) -> Row:
            row.update(status=status.value, reviewer=who, decided_at=now, updated_at=now, whitelist_id=None)
            if label is not None:
                row["final_label"] = label
            if start is not None:
                row["final_start"] = start
            if end is not None:
                row["final_end"] = end
            return row

        return self._change_spans(action, [span_id], change, who)

    def accept(self, span_id: int, who: str = "") -> int:
        return self.decide(span_id, Status.ACCEPTED, who=who, action="accept")

    def reject(self, span_id: int, who: str = "") -> int:
        return self.decide(span_id, Status.REJECTED, who=who, action="reject")

    def relabel(self, span_id: int, label: str, who: str = "") -> int:
        """A relabelled span is accepted under its new label."""
        return self.decide(span_id, Status.ACCEPTED, label=label, who=who, action="relabel")

    def resize(self, span_id: int, start: int, end: int, who: str = "") -> int:
        """A resized span is accepted with its new boundaries."""
        text_length = len(self.document_text(self.span(span_id).document_id))
        if not 0 <= start < end <= text_length:
            raise ValueError(f"span boundaries [{start}, {end}) outside the text")
        return self.decide(span_id, Status.ACCEPTED, start=start, end=end, who=who, action="resize")

    def decide_many(
        self, span_ids: Sequence[int], status: Status, who: str = "", action: str = "decide_many"
    ) -> int:
        status = Status(status)

        def change(row: Row, now: float, who: str) -> Row:
            row.update(status=status.value, reviewer=who, decided_at=now, updated_at=now, whitelist_id=None)
            return row

        return self._change_spans(action, span_ids, change, who)

    def decide_identical(self, span_id: int, status: Status, scope: Scope = "document", who: str = "") -> int:
        """Decide this span and every open (pending or stale) span with the same text,
        in its document or in the whole corpus, as one action."""
        where, params = self._identical_where(span_id, scope, (Status.PENDING, Status.STALE))
        ids = {span_id} | {r["id"] for r in self._rows(f"SELECT id FROM spans WHERE {where}", params)}
        return self.decide_many(sorted(ids), status, who, action="decide_identical")

    def add_span(
        self,
        document_id: str,
        start: int,
        end: int,
        label: str,
        who: str = "",
        status: Status = Status.ACCEPTED,
        cluster_id: int | None = None,
    ) -> int:
        """A span the detectors missed, added by a reviewer. Returns the audit id;
        the new span's id is `added_span_id(audit_id)`."""
        return self.add_spans(document_id, [(start, end, label)], who, status, cluster_id)

    def add_spans(
        self,
        document_id: str,
        spans: Sequence[tuple[int, int, str]],
        who: str = "",
        status: Status = Status.ACCEPTED,
        cluster_id: int | None = None,
    ) -> int:
        """Several reviewer-added spans (say, every unmarked mention of a name) as
        one action; `added_span_ids(audit_id)` gives their ids."""
        text = self.document_text(document_id)
        if not spans:
            raise ValueError("add_spans: no spans given")
        for start, end, _ in spans:
            if not 0 <= start < end <= len(text):
                raise ValueError(f"span boundaries [{start}, {end}) outside the text")
        who = who or self.reviewer
        with self._write():
            now = time.time()
            first_id = self._next_id("spans")
            before: RowSet = {"spans": {}}
            after: RowSet = {"spans": {}}
            for span_id, (start, end, label) in enumerate(spans, first_id):
                before["spans"][span_id] = None
                after["spans"][span_id] = {
                    "id": span_id,
                    "document_id": document_id,
                    "start": start,
                    "end": end,
                    "label": label,
                    "detectors": "{}",
                    "score": 1.0,
                    "origin": "manual",
                    "found": 1,
                    "status": Status(status).value,
                    "final_start": start,
                    "final_end": end,
                    "final_label": label,
                    "cluster_id": cluster_id,
                    "whitelist_id": None,
                    "reviewer": who,
                    "created_at": now,
                    "updated_at": now,
                    "decided_at": now,
                }
            audit_id = self._commit_change("add_span", who, document_id, before, after)
        log.info("%d span(s) added to %s", len(spans), document_id)
        return audit_id

    def added_span_id(self, audit_id: int) -> int:
        (span_id,) = self.added_span_ids(audit_id)
        return span_id

    def added_span_ids(self, audit_id: int) -> tuple[int, ...]:
        return self.audit_entry(audit_id).span_ids
