"""Corpus persons and the corpus mapping of a project (issue 16), and the record of exports.

- `corpus_persons` / `corpus_members`: who is who across documents. A member is one
  person of one document, named by its key there (its canonical name parts); members
  are matched once (`core/corpus.py`) and keep their person afterwards, so a reviewer's
  merges and splits (audited, undoable) stay.
- `corpus_tags`: the number of each value per kind (a name part, a person, a CDCR
  number, a place) for tags across the corpus. Rows are only ever added, and only when
  asked (an export with corpus tags), so a document exported earlier keeps its tags.
- `exports`: each export of a document with the tags it used.

The names and keys here are the transcripts' text: the project file holds it anyway;
logs and audit entries of a match carry counts only.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reviewer_app.store.records import Row, RowSet

# What `exports.tag_scope` says: tags numbered per document, or across the corpus.
TAG_SCOPES = ("document", "corpus")


@dataclass(frozen=True)
class CorpusMember:
    """One person of one document, as part of a corpus person."""

    id: int
    person_id: int
    document_id: str
    person_key: str
    variants: tuple[str, ...]
    mentions: int
    cdcr: str = ""
    cover: bool = False

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.person_key.split("#", 1)[0].split())


@dataclass(frozen=True)
class CorpusPerson:
    id: int
    name: str
    members: tuple[CorpusMember, ...]
    reviewed: bool = False

    @property
    def documents(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.document_id for m in self.members))

    @property
    def mentions(self) -> int:
        return sum(m.mentions for m in self.members)


@dataclass(frozen=True)
class NewMember:
    """A member a corpus match adds (or refreshes: new variants, new counts)."""

    person_id: int
    document_id: str
    person_key: str
    variants: tuple[str, ...]
    mentions: int
    cdcr: str = ""
    cover: bool = False


@dataclass(frozen=True)
class ExportRecord:
    id: int
    document_id: str
    at: float
    tag_scope: str
    person_tags: str
    draft: bool
    who: str


def _member(row: Row) -> CorpusMember:
    return CorpusMember(
        row["id"],
        row["person_id"],
        row["document_id"],
        row["person_key"],
        tuple(json.loads(row["variants"])),
        row["mentions"],
        row["cdcr"],
        bool(row["cover"]),
    )


class CorpusMixin:
    """Part of `Project`: uses its connection and transactions."""

    def corpus_persons(self) -> list[CorpusPerson]:
        """The corpus persons with at least one member, oldest first (merged ones are gone)."""
        with self._read():
            members: dict[int, list[CorpusMember]] = {}
            for row in self._rows("SELECT * FROM corpus_members ORDER BY id"):
                members.setdefault(row["person_id"], []).append(_member(row))
            persons = self._rows(
                "SELECT id, name, reviewed FROM corpus_persons WHERE merged_into IS NULL ORDER BY id"
            )
        return [
            CorpusPerson(r["id"], r["name"], tuple(members[r["id"]]), bool(r["reviewed"]))
            for r in persons
            if r["id"] in members
        ]

    def corpus_person(self, person_id: int) -> CorpusPerson:
        for person in self.corpus_persons():
            if person.id == person_id:
                return person
        raise KeyError(person_id)

    def corpus_tag_numbers(self) -> dict[str, dict[str, int]]:
        """The corpus mapping: kind -> value key -> number."""
        numbers: dict[str, dict[str, int]] = {}
        for row in self._rows("SELECT kind, key, number FROM corpus_tags ORDER BY kind, number"):
            numbers.setdefault(row["kind"], {})[row["key"]] = row["number"]
        return numbers

    def next_corpus_person_id(self) -> int:
        """The id the next new corpus person gets (merged persons keep theirs)."""
        return int(self._scalar("SELECT coalesce(max(id), 0) + 1 FROM corpus_persons"))

    def record_corpus_match(
        self,
        persons: Sequence[tuple[int, str]],
        members: Sequence[NewMember],
        tags: Mapping[str, Mapping[str, int]] | None = None,
        who: str = "",
        removed: Sequence[tuple[str, str]] = (),
    ) -> int:
        """Store a corpus match in one transaction: the new persons (id, name), the
        members (a member already stored keeps its person; its variants and counts are
        refreshed), the members `removed` (document id, person key: a person the
        document no longer has) and, when an export with corpus tags asks, the new tag
        numbers. Returns the audit id (counts only)."""
        now = time.time()
        with self._write():
            if persons and min(p for p, _ in persons) < self.next_corpus_person_id():
                raise ValueError("the corpus persons changed since the match was made; match again")
            self._conn.executemany(
                "INSERT INTO corpus_persons(id, name, created_at) VALUES (?, ?, ?)",
                [(person_id, name, now) for person_id, name in persons],
            )
            self._conn.executemany(
                "INSERT INTO corpus_members(person_id, document_id, person_key, variants, mentions, cdcr,"
                " cover) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(document_id, person_key) DO UPDATE SET"
                " variants = excluded.variants, mentions = excluded.mentions, cdcr = excluded.cdcr,"
                " cover = excluded.cover",
                [
                    (
                        m.person_id,
                        m.document_id,
                        m.person_key,
                        json.dumps(list(m.variants), ensure_ascii=False),
                        m.mentions,
                        m.cdcr,
                        int(m.cover),
                    )
                    for m in members
                ],
            )
            self._conn.executemany(
                "DELETE FROM corpus_members WHERE document_id = ? AND person_key = ?", list(removed)
            )
            added = 0
            for kind, numbers in (tags or {}).items():
                for key, number in numbers.items():
                    added += self._conn.execute(
                        "INSERT OR IGNORE INTO corpus_tags(kind, key, number) VALUES (?, ?, ?)",
                        (kind, key, number),
                    ).rowcount
            return self._audit(
                "corpus_match",
                who or self.reviewer,
                None,
                {},
                {"persons": len(persons), "members": len(members), "removed": len(removed), "tags": added},
            )

    def merge_corpus_persons(self, keep_id: int, absorb_id: int, who: str = "") -> int:
        """Every member of `absorb_id` joins `keep_id`; `absorb_id` is marked merged
        (its id and tag number are never given out again)."""
        if keep_id == absorb_id:
            raise ValueError("a person cannot be merged with itself")
        with self._write():
            keep, absorb = self._corpus_person_row(keep_id), self._corpus_person_row(absorb_id)
            if keep["merged_into"] is not None or absorb["merged_into"] is not None:
                raise ValueError("a merged person cannot be merged again; undo the merge first")
            before: RowSet = {
                "corpus_persons": {keep_id: keep, absorb_id: absorb},
                "corpus_members": {},
            }
            after: RowSet = {
                "corpus_persons": {
                    keep_id: {**keep, "reviewed": 1},
                    absorb_id: {**absorb, "merged_into": keep_id},
                },
                "corpus_members": {},
            }
            for row in self.db.query("SELECT * FROM corpus_members WHERE person_id = ?", (absorb_id,)):
                before["corpus_members"][row["id"]] = dict(row)
                after["corpus_members"][row["id"]] = {**row, "person_id": keep_id}
            return self._commit_change("merge_corpus_persons", who or self.reviewer, None, before, after)

    def split_corpus_person(self, member_ids: Sequence[int], name: str = "", who: str = "") -> int:
        """Move the given members (a document's person) out of their corpus person into a new one."""
        with self._write():
            rows = [
                r
                for member_id in dict.fromkeys(member_ids)
                for r in self.db.query("SELECT * FROM corpus_members WHERE id = ?", (member_id,))
            ]
            if not rows or len(rows) != len(set(member_ids)):
                raise KeyError(f"no corpus members with ids {sorted(set(member_ids))}")
            if len({r["person_id"] for r in rows}) != 1:
                raise ValueError("split members of one person at a time")
            old = self._corpus_person_row(rows[0]["person_id"])
            person_id = self.next_corpus_person_id()
            variants = json.loads(rows[0]["variants"])
            person = {
                "id": person_id,
                "name": name or (variants[0] if variants else rows[0]["person_key"]),
                "merged_into": None,
                "reviewed": 1,
                "created_at": time.time(),
            }
            before: RowSet = {
                "corpus_persons": {person_id: None, old["id"]: old},
                "corpus_members": {r["id"]: dict(r) for r in rows},
            }
            after: RowSet = {
                "corpus_persons": {person_id: person, old["id"]: {**old, "reviewed": 1}},
                "corpus_members": {r["id"]: {**r, "person_id": person_id} for r in rows},
            }
            return self._commit_change("split_corpus_person", who or self.reviewer, None, before, after)

    def split_corpus_person_id(self, audit_id: int) -> int:
        """The id of the person a `split_corpus_person` action made."""
        entry = self.audit_entry(audit_id)
        (person_id,) = (int(k) for k, row in entry.before["corpus_persons"].items() if row is None)
        return person_id

    def _corpus_person_row(self, person_id: int) -> Row:
        rows = list(self.db.query("SELECT * FROM corpus_persons WHERE id = ?", (person_id,)))
        if not rows:
            raise KeyError(person_id)
        return rows[0]

    # -- exports

    def record_export(
        self, document_id: str, tag_scope: str, person_tags: str, draft: bool = False, who: str = ""
    ) -> None:
        """An export of the document and the tags it used; a final (not draft) export
        also sets the document's `exported_at`."""
        if tag_scope not in TAG_SCOPES:
            raise ValueError(f"tag scope must be one of {', '.join(TAG_SCOPES)}")
        now = time.time()
        with self._write():
            self._conn.execute(
                "INSERT INTO exports(document_id, at, tag_scope, person_tags, draft, who)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (document_id, now, tag_scope, person_tags, int(draft), who or self.reviewer),
            )
            if not draft:
                self._conn.execute("UPDATE documents SET exported_at = ? WHERE id = ?", (now, document_id))

    def exports(self, document_id: str | None = None) -> list[ExportRecord]:
        """The exports, oldest first (of one document if given)."""
        where, params = ("WHERE document_id = ?", (document_id,)) if document_id else ("", ())
        return [
            ExportRecord(
                r["id"],
                r["document_id"],
                r["at"],
                r["tag_scope"],
                r["person_tags"],
                bool(r["draft"]),
                r["who"],
            )
            for r in self._rows(f"SELECT * FROM exports {where} ORDER BY id", params)
        ]
