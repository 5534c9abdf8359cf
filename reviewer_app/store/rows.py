"""Row-level helpers of `Project`: ids picked before insertion, the recorded
state of rows, and writing rows back (the ground undo, redo and every reviewer
action stand on)."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reviewer_app.store.records import _SPAN_COLUMNS, _SPAN_SELECT, _TABLE_COLUMNS, Row, RowSet
from reviewer_app.store.schema import text_key

log = logging.getLogger(__name__)

# The tables besides spans whose rows an audited action records and undo restores.
# Parents before children: rows are written in this order and deleted in it after
# every write (a member moved back to its person before the person it left goes).
_OTHER_TABLES = ("whitelist", "clusters", "leak_allowances", "corpus_persons", "corpus_members")


class RowsMixin:
    """Part of `Project`: uses its connection and transactions."""

    def _next_id(self, table: str) -> int:
        # Ids are picked before insertion so the audit can name the row; the
        # write transaction makes this safe.
        return int(self._conn.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}").fetchone()[0])

    def _current(self, rowsets: RowSet) -> RowSet:
        """The rows as they are now, each cut down to the columns `rowsets` names
        (None for a row that does not exist), to compare with a recorded state."""
        out: RowSet = {}
        for table, rows in rowsets.items():
            if table == "spans":
                found = {r["id"]: r for r in self._span_rows(list(rows))}
            else:
                select = ", ".join(f'"{c}"' for c in _TABLE_COLUMNS[table])
                found = {
                    r["id"]: r
                    for row_id in rows
                    for r in self.db.query(f"SELECT {select} FROM {table} WHERE id = ?", (row_id,))
                }
            out[table] = {}
            for row_id, recorded in rows.items():
                now = found.get(row_id)
                if now is None or recorded is None:
                    out[table][row_id] = now
                else:
                    out[table][row_id] = {k: now[k] for k in recorded}
        return out

    def _apply(self, rowsets: RowSet) -> None:
        """Make the rows what `rowsets` says: write whole rows (insert or
        replace), update the named columns of partial rows, delete absent ones.
        Parents (whitelist, clusters) are written before spans and deleted after;
        leak allowances stand alone."""
        for table in _OTHER_TABLES:
            for row in (r for r in rowsets.get(table, {}).values() if r is not None):
                self._write_row(table, row)
        # Partial rows that change the same columns go to one executemany: a
        # corpus-wide action may touch tens of thousands of spans.
        updates: dict[tuple[str, ...], list[list[Any]]] = {}
        rekey = []
        for span_id, row in rowsets.get("spans", {}).items():
            if row is None:
                self._conn.execute("DELETE FROM spans WHERE id = ?", (span_id,))
                continue
            if len(row) == len(_SPAN_COLUMNS):
                self._upsert("spans", row)
            else:
                columns = tuple(c for c in row if c != "id")
                updates.setdefault(columns, []).append([*(row[c] for c in columns), span_id])
            if "final_start" in row or "final_end" in row or len(row) == len(_SPAN_COLUMNS):
                rekey.append(span_id)
        for columns, values in updates.items():
            if columns:
                assignments = ", ".join(f'"{c}" = ?' for c in columns)
                self._conn.executemany(f"UPDATE spans SET {assignments} WHERE id = ?", values)
        for span_id in rekey:
            document_id, start, end = self._conn.execute(
                "SELECT document_id, final_start, final_end FROM spans WHERE id = ?", (span_id,)
            ).fetchone()
            key = text_key(self.document_text(document_id)[start:end])
            self._conn.execute("UPDATE spans SET text_key = ? WHERE id = ?", (key, span_id))
        for table in _OTHER_TABLES:
            for row_id, row in rowsets.get(table, {}).items():
                if row is None:
                    self._conn.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,))

    def _write_row(self, table: str, row: Row) -> None:
        exists = self._conn.execute(f"SELECT 1 FROM {table} WHERE id = ?", (row["id"],)).fetchone()
        if not exists:
            # A whole row to bring back; one recorded before a column was added
            # lacks it, and the column's default fills it.
            self._upsert(table, row)
            return
        columns = [c for c in row if c != "id"]
        if not columns:
            return
        if "term" in columns:
            columns.append("term_key")
            row = {**row, "term_key": text_key(row["term"])}
        assignments = ", ".join(f'"{c}" = ?' for c in columns)
        self._conn.execute(
            f"UPDATE {table} SET {assignments} WHERE id = ?", [*(row[c] for c in columns), row["id"]]
        )

    def _upsert(self, table: str, row: Row) -> None:
        row = dict(row)
        if table == "whitelist":
            row["term_key"] = text_key(row["term"])
        columns = list(row)
        quoted = ", ".join(f'"{c}"' for c in columns)
        updates = ", ".join(f'"{c}" = excluded."{c}"' for c in columns if c != "id")
        self._conn.execute(
            f"INSERT INTO {table}({quoted}) VALUES ({', '.join('?' for _ in columns)})"
            f" ON CONFLICT(id) DO UPDATE SET {updates}",
            [row[c] for c in columns],
        )

    def _span_rows(self, span_ids: Sequence[int]) -> list[Row]:
        """Rows of the given spans, asked for in batches (SQLite caps the number
        of parameters of one statement)."""
        unique = sorted(set(span_ids))
        size = self._conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
        rows: list[Row] = []
        for i in range(0, len(unique), size):
            batch = unique[i : i + size]
            rows += self.db.query(
                f"SELECT {_SPAN_SELECT} FROM spans WHERE id IN ({', '.join('?' for _ in batch)})", batch
            )
        return rows

    def _change_spans(
        self, action: str, span_ids: Sequence[int], change: Callable[[Row, float, str], Row], who: str
    ) -> int:
        who = who or self.reviewer
        if not span_ids:
            raise ValueError(f"{action}: no spans given")
        with self._write():
            now = time.time()
            rows = self._span_rows(span_ids)
            if len(rows) != len(set(span_ids)):
                missing = set(span_ids) - {r["id"] for r in rows}
                raise KeyError(f"no spans with ids {sorted(missing)}")
            before: RowSet = {"spans": {r["id"]: dict(r) for r in rows}}
            after: RowSet = {"spans": {r["id"]: change(r, now, who) for r in rows}}
            documents = {r["document_id"] for r in rows}
            audit_id = self._commit_change(
                action, who, documents.pop() if len(documents) == 1 else None, before, after
            )
        log.debug("%s on %d span(s), audit %d", action, len(span_ids), audit_id)
        return audit_id


def _compact(before: Any, after: Any) -> tuple[Any, Any]:
    """Keep only what changed of a row that exists before and after (and its
    id), so the audit of a decision is a few columns, not two whole rows."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return before, after
    before, after = dict(before), dict(after)
    for table in _TABLE_COLUMNS.keys() & before.keys() & after.keys():
        old_rows, new_rows = dict(before[table]), dict(after[table])
        for row_id in old_rows.keys() & new_rows.keys():
            old, new = old_rows[row_id], new_rows[row_id]
            if old is None or new is None:
                continue
            changed = [k for k in new if k == "id" or old.get(k) != new[k]]
            old_rows[row_id] = {k: old[k] for k in changed}
            new_rows[row_id] = {k: new[k] for k in changed}
        before[table], after[table] = old_rows, new_rows
    return before, after


def _rowset(raw: Mapping[str, Any]) -> RowSet:
    """Rows from audit JSON (whose keys are strings) keyed by int again."""
    return {
        table: {int(k): v for k, v in rows.items()} for table, rows in raw.items() if table in _TABLE_COLUMNS
    }
