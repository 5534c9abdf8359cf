"""The project's whitelist: terms that are not identifiers, whose spans are
rejected."""

from __future__ import annotations

import logging
import time
from typing import Any

from reviewer_app.core.spans import Status
from reviewer_app.store.errors import DuplicateTerm
from reviewer_app.store.records import _SPAN_SELECT, RowSet, WhitelistEntry
from reviewer_app.store.schema import text_key

log = logging.getLogger(__name__)


class WhitelistMixin:
    """Part of `Project`: uses its connection and transactions."""

    def whitelist(self, document_id: str | None = None) -> list[WhitelistEntry]:
        """Every entry; with a document, the entries that apply to it (project-wide and its own)."""
        sql = "SELECT id, term, scope, document_id, note, added_by, added_at FROM whitelist"
        if document_id is None:
            rows = self._rows(sql + " ORDER BY term_key, id")
        else:
            rows = self._rows(
                sql + " WHERE document_id IS NULL OR document_id = ? ORDER BY term_key, id", (document_id,)
            )
        return [WhitelistEntry(**r) for r in rows]

    def find_whitelist_term(self, term: str, document_id: str | None = None) -> WhitelistEntry | None:
        rows = self._rows(
            "SELECT id, term, scope, document_id, note, added_by, added_at FROM whitelist"
            " WHERE term_key = ? AND coalesce(document_id, '') = ?",
            (text_key(term), document_id or ""),
        )
        return WhitelistEntry(**rows[0]) if rows else None

    def whitelist_matches(self, term: str, document_id: str | None = None) -> tuple[int, int]:
        """How many pending spans adding `term` would reject: (in document_id, in the corpus)."""
        key = text_key(term)
        corpus = self._scalar("SELECT count(*) FROM spans WHERE text_key = ? AND status = 'pending'", (key,))
        in_document = 0
        if document_id is not None:
            in_document = self._scalar(
                "SELECT count(*) FROM spans WHERE text_key = ? AND status = 'pending' AND document_id = ?",
                (key, document_id),
            )
        return in_document, corpus

    def whitelist_suppressed(self, entry_id: int, document_id: str | None = None) -> tuple[int, int]:
        """How many spans a whitelist entry holds rejected: (in document_id, in the corpus)."""
        counts = {
            r["document_id"]: r["n"]
            for r in self._rows(
                "SELECT document_id, count(*) AS n FROM spans WHERE whitelist_id = ? GROUP BY document_id",
                (entry_id,),
            )
        }
        return counts.get(document_id, 0), sum(counts.values())

    def add_whitelist_term(
        self, term: str, document_id: str | None = None, note: str = "", who: str = ""
    ) -> int:
        """Whitelist `term` (for the whole project, or one document) and reject its
        pending spans: those whose text is the term, case, spacing and punctuation
        around it aside (`schema.text_key`). Returns the audit id; `undo` takes the
        term out again."""
        key = text_key(term)
        if not key:
            raise ValueError("an empty whitelist term")
        who = who or self.reviewer
        with self._write():
            if self._conn.execute(
                "SELECT 1 FROM whitelist WHERE term_key = ? AND coalesce(document_id, '') = ?",
                (key, document_id or ""),
            ).fetchone():
                raise DuplicateTerm(f"{term!r} is already whitelisted")
            now = time.time()
            entry_id = self._next_id("whitelist")
            entry = {
                "id": entry_id,
                "term": term.strip(),
                "scope": "document" if document_id else "project",
                "document_id": document_id,
                "note": note,
                "added_by": who,
                "added_at": now,
            }
            # The exact phrase (case, spacing and punctuation around it aside), never
            # a span that merely contains the term: such a span covers other words
            # too, and they may be what must be hidden. Whitelisting the prison
            # "Folsom" must not reject the PERSON span "Folsom Jones" and so
            # publish "Jones".
            sql = f"SELECT {_SPAN_SELECT} FROM spans WHERE text_key = ? AND status = 'pending'"
            params: list[Any] = [key]
            if document_id:
                sql += " AND document_id = ?"
                params.append(document_id)
            before: RowSet = {"whitelist": {entry_id: None}, "spans": {}}
            after: RowSet = {"whitelist": {entry_id: entry}, "spans": {}}
            for row in self.db.query(sql, params):
                before["spans"][row["id"]] = dict(row)
                row.update(
                    status=Status.REJECTED.value,
                    whitelist_id=entry_id,
                    reviewer=who,
                    decided_at=now,
                    updated_at=now,
                )
                after["spans"][row["id"]] = row
            audit_id = self._commit_change("whitelist_add", who, document_id, before, after)
        log.info("whitelist entry %d added; %d pending spans rejected", entry_id, len(after["spans"]))
        return audit_id

    def remove_whitelist_term(self, entry_id: int, who: str = "") -> int:
        """Take a term off the whitelist; the spans it rejected become pending again."""
        who = who or self.reviewer
        with self._write():
            rows = list(
                self.db.query(
                    "SELECT id, term, scope, document_id, note, added_by, added_at FROM whitelist"
                    " WHERE id = ?",
                    (entry_id,),
                )
            )
            if not rows:
                raise KeyError(entry_id)
            now = time.time()
            before: RowSet = {"whitelist": {entry_id: rows[0]}, "spans": {}}
            after: RowSet = {"whitelist": {entry_id: None}, "spans": {}}
            for row in self.db.query(f"SELECT {_SPAN_SELECT} FROM spans WHERE whitelist_id = ?", (entry_id,)):
                before["spans"][row["id"]] = dict(row)
                row.update(
                    status=Status.PENDING.value,
                    whitelist_id=None,
                    reviewer="",
                    decided_at=None,
                    updated_at=now,
                )
                after["spans"][row["id"]] = row
            audit_id = self._commit_change("whitelist_remove", who, rows[0]["document_id"], before, after)
        log.info("whitelist entry %d removed; %d spans pending again", entry_id, len(after["spans"]))
        return audit_id

    def _whitelist_keys(self, document_id: str) -> dict[str, int]:
        rows = self._conn.execute(
            "SELECT term_key, id FROM whitelist WHERE document_id IS NULL OR document_id = ?", (document_id,)
        )
        return dict(rows.fetchall())
