"""Tags across the corpus of a project: one `CorpusTagging` per export with corpus tags
(or per corpus match asked for without an export).

It starts from what the project stores (corpus persons, their members, the corpus
mapping), matches the persons of each document handed to it (`core/corpus.py`), and
numbers tags in one `TagScope` loaded from the corpus mapping, so that a value keeps
the number it had in earlier exports. Nothing is stored until `save()`, which the
caller calls once the export was written.

Scope of the numbering: PERSON by corpus person (one tag per person) or by the name
parts of corpus persons (one tag per part, a misspelling in one document numbered as
the part it misspells in another); every other numbered label (CDCR_ID, SPELLED_NAME,
STATE, PRISON, ...) by its value across the corpus, as `export --case-scope` does for
the files of one command: the same CDCR number is the same [CDCR_ID_n] everywhere.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from reviewer_app.core.clusters import Cluster, name_parts
from reviewer_app.core.corpus import (
    KnownPerson,
    PersonIndex,
    PersonUnit,
    match_unit,
    part_links,
    person_units,
)
from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import PseudonymizedText, TagScope, default_person_keys, pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.store.corpus import NewMember


def corpus_person_key(person_id: int) -> str:
    """The key a corpus person is numbered under in the corpus mapping."""
    return f"person:{person_id}"


class CorpusTagging:
    def __init__(self, project, threshold: float = 88.0) -> None:
        self.project = project
        self.threshold = threshold
        self.index = PersonIndex(threshold)
        self.persons = self.index.persons
        self.names: dict[int, str] = {}
        self.person_of_member: dict[tuple[str, str], int] = {}
        self.persons_in: dict[str, set[int]] = {}  # document id -> its corpus persons
        # Stored members whose person the document no longer has (a rejected name, a
        # cluster reshaped): removed by `save`.
        self.stale: list[tuple[str, str]] = []
        self._stored_keys: dict[str, set[str]] = {}  # document id -> its stored members' keys
        for person in project.corpus_persons():
            known = KnownPerson(person.id)
            self.names[person.id] = person.name
            for m in person.members:
                unit = PersonUnit(
                    m.document_id, m.person_key, m.parts, m.variants, m.mentions, m.cdcr, m.cover
                )
                self.index.add(known, unit)
                self.person_of_member[(m.document_id, m.person_key)] = person.id
                self._stored_keys.setdefault(m.document_id, set()).add(m.person_key)
                self.persons_in.setdefault(m.document_id, set()).add(person.id)
        self._stored_numbers = project.corpus_tag_numbers()
        self.scope = TagScope(copy.deepcopy(self._stored_numbers))
        self.new_persons: list[tuple[int, str]] = []
        self.members: list[NewMember] = []
        self._next_id = project.next_corpus_person_id()

    def assign(self, document: Document, clusters: Sequence[Cluster]) -> dict[int, int]:
        """cluster id -> corpus person id for the document's clusters; new persons get
        the next ids. A document's clusters are distinct persons (the reviewer's
        grouping): two of them never join one corpus person by matching."""
        keys = default_person_keys(clusters)
        units = person_units(document.id, clusters, keys, document.metadata)
        current = {unit.key for unit in units}
        for key in sorted(self._stored_keys.pop(document.id, set()) - current):
            del self.person_of_member[(document.id, key)]
            self.stale.append((document.id, key))
        self.persons_in[document.id] = {
            self.person_of_member[(document.id, k)]
            for k in current
            if (document.id, k) in self.person_of_member
        }
        assigned: dict[int, int] = {}
        for cluster, unit in zip(clusters, units, strict=True):
            person_id = self.person_of_member.get((document.id, unit.key))
            if person_id is None or person_id not in self.persons:
                taken = self.persons_in.get(document.id, set())
                match = match_unit(unit, self.index.candidates(unit, taken), self.threshold)
                if match is None:
                    match = self.persons[self._next_id] = KnownPerson(self._next_id)
                    self.names[match.id] = _display_name(unit)
                    self.new_persons.append((match.id, self.names[match.id]))
                    self._next_id += 1
                person_id = match.id
                self.person_of_member[(document.id, unit.key)] = person_id
            self.index.add(self.persons[person_id], unit)
            self.persons_in.setdefault(document.id, set()).add(person_id)
            assigned[cluster.id] = person_id
            self.members.append(
                NewMember(
                    person_id, document.id, unit.key, unit.variants, unit.mentions, unit.cdcr, unit.cover
                )
            )
        return assigned

    def pseudonymize(
        self, document: Document, spans: Sequence[Span], clusters: Sequence[Cluster], person_tags: str
    ) -> PseudonymizedText:
        """The document's text with tags numbered across the corpus."""
        person_of = self.assign(document, clusters)
        links: dict[str, str] = {}
        for cluster in clusters:
            links.update(
                part_links(cluster.parts, self.persons[person_of[cluster.id]].fullest, self.threshold)
            )
        return pseudonymize(
            document,
            spans,
            clusters,
            self.scope,
            person_tags=person_tags,
            person_keys={cid: corpus_person_key(pid) for cid, pid in person_of.items()},
            part_links=links,
        )

    def new_tag_numbers(self) -> dict[str, dict[str, int]]:
        """The numbers given out since the corpus mapping was read."""
        stored = self._stored_numbers
        return {
            kind: {k: n for k, n in table.items() if k not in stored.get(kind, {})}
            for kind, table in self.scope.numbers.items()
        }

    def save(self, with_tags: bool = True) -> int:
        """Store the new persons, the members matched and (for an export) the tag
        numbers given out; returns the audit id."""
        return self.project.record_corpus_match(
            self.new_persons, self.members, self.new_tag_numbers() if with_tags else None, removed=self.stale
        )


def _display_name(unit: PersonUnit) -> str:
    """The variant that spells the person's whole name, else the first."""
    for variant in unit.variants:
        if tuple(p.key for p in name_parts(variant) if not p.is_title) == unit.parts:
            return variant
    return unit.variants[0] if unit.variants else unit.key
