"""Persons across the documents of a corpus: which person of one transcript is which
person of another (issue 16, corpus-wide pseudonyms). Qt-free and store-free.

Each document contributes its persons as the reviewer left them (one `PersonUnit` per
cluster). A unit joins a corpus person by the same rules that group the mentions of
one document (`core.clusters`), applied to the names of whole persons:

- the cover page first: the incarcerated person of two hearings with the same CDCR
  number is one person, whatever the spelling of the name; two different CDCR numbers
  are two persons, even with the same name;
- the same name (every name part the same, or a misspelling: rapidfuzz ratio at or
  above the threshold, both parts at least `MIN_FUZZY_LENGTH` letters, never two parts
  printed on cover pages), part for part;
- a shorter or fuller name ("Richardson", "Kevin James Richardson") joins the one
  corpus person whose name holds all its parts, or all of whose name it holds; with
  several such persons it stays a person of its own (a reviewer merges it).

The first match is kept: a person matched once keeps its place (stability); a
reviewer merges or splits corpus persons in the store (`store/corpus.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from reviewer_app.core.clusters import MIN_FUZZY_LENGTH, Cluster, name_parts
from reviewer_app.core.document import HearingMetadata


@dataclass(frozen=True)
class PersonUnit:
    """One person of one document: a cluster, with what the corpus match needs."""

    document_id: str
    key: str  # the person's key in its document: its canonical name parts joined
    parts: tuple[str, ...]  # canonical name parts, casefolded
    variants: tuple[str, ...]  # surface strings, sensitive
    mentions: int
    cdcr: str = ""  # the cover's CDCR number when this is the cover's incarcerated person
    cover: bool = False  # the name is printed on the document's cover page


@dataclass
class KnownPerson:
    """A corpus person as far as matching needs it: the names of its members."""

    id: int
    names: list[tuple[str, ...]] = field(default_factory=list)
    cdcrs: set[str] = field(default_factory=set)
    cover_parts: set[str] = field(default_factory=set)

    def add(self, unit: PersonUnit) -> None:
        if unit.parts not in self.names:
            self.names.append(unit.parts)
        if unit.cdcr:
            self.cdcrs.add(unit.cdcr)
        if unit.cover:
            self.cover_parts.update(unit.parts)

    @property
    def fullest(self) -> tuple[str, ...]:
        """The name with most parts (the first of them): the person's canonical parts."""
        return max(self.names, key=len) if self.names else ()


def _keys(name: str) -> tuple[str, ...]:
    return tuple(p.key for p in name_parts(name) if not p.is_title)


def person_units(
    document_id: str,
    clusters: Sequence[Cluster],
    person_keys: Mapping[int, str],
    metadata: HearingMetadata,
) -> list[PersonUnit]:
    """The document's persons, one per cluster; `person_keys` are the clusters'
    keys in the document (`core.pseudonymize.default_person_keys`)."""
    inmate = set(_keys(metadata.inmate_name))
    cover = {k for name in metadata.names() for k in _keys(name)}
    units = []
    for cluster in clusters:
        parts = cluster.parts
        cdcr = ""
        # The cover's CDCR number belongs to the incarcerated person it names.
        if metadata.cdcr_number and inmate and inmate <= set(parts) | {v for v, _ in cluster.links}:
            cdcr = "".join(ch for ch in metadata.cdcr_number if ch.isalnum()).upper()
        units.append(
            PersonUnit(
                document_id,
                person_keys[cluster.id],
                parts,
                cluster.variants,
                len(cluster.members),
                cdcr,
                bool(parts) and set(parts) <= cover,
            )
        )
    return units


def _similar(a: str, b: str, threshold: float) -> float:
    """How alike two name parts are, 0 when they may not be linked: 101 for the same
    part, the rapidfuzz ratio for a misspelling at or above the threshold."""
    if a == b:
        return 101.0
    if len(a) < MIN_FUZZY_LENGTH or len(b) < MIN_FUZZY_LENGTH:
        return 0.0
    from rapidfuzz import fuzz

    ratio = fuzz.ratio(a, b)
    return ratio if ratio >= threshold else 0.0


def fit_parts(
    short: Sequence[str], long: Sequence[str], threshold: float, protected: set[str] = frozenset()
) -> dict[str, str] | None:
    """Each part of `short` paired with a different part of `long` (the same part, or a
    misspelling of it), best pairs first; None when some part finds none. Two parts of
    `protected` (printed on cover pages) are never paired as a misspelling."""
    pairs = sorted(
        (
            (_similar(a, b, threshold) if not (a != b and a in protected and b in protected) else 0.0, i, j)
            for i, a in enumerate(short)
            for j, b in enumerate(long)
        ),
        reverse=True,
    )
    used_a: dict[int, int] = {}
    used_b: set[int] = set()
    for score, i, j in pairs:
        if score <= 0:
            break
        if i in used_a or j in used_b:
            continue
        used_a[i] = j
        used_b.add(j)
    if len(used_a) != len(short):
        return None
    return {short[i]: long[j] for i, j in used_a.items()}


def match_unit(unit: PersonUnit, persons: Sequence[KnownPerson], threshold: float) -> KnownPerson | None:
    """The corpus person `unit` is, or None for a new one (see the module's rules)."""
    if unit.cdcr:
        for person in persons:
            if unit.cdcr in person.cdcrs:
                return person
    same: list[tuple[int, KnownPerson]] = []
    related: list[KnownPerson] = []
    for person in persons:
        if unit.cdcr and person.cdcrs and unit.cdcr not in person.cdcrs:
            continue  # two CDCR numbers: two people, whatever their names
        protected = person.cover_parts | (set(unit.parts) if unit.cover else set())
        best_same: int | None = None
        is_related = False
        for name in person.names:
            if len(name) == len(unit.parts):
                fit = fit_parts(unit.parts, name, threshold, protected)
                if fit is not None:
                    misspelt = sum(a != b for a, b in fit.items())
                    best_same = misspelt if best_same is None else min(best_same, misspelt)
            elif len(unit.parts) < len(name):
                is_related |= fit_parts(unit.parts, name, threshold, protected) is not None
            else:
                is_related |= fit_parts(name, unit.parts, threshold, protected) is not None
        if best_same is not None:
            same.append((best_same, person))
        elif is_related:
            related.append(person)
    if same:
        # The fewest misspellings, then the oldest person.
        return min(same, key=lambda item: (item[0], item[1].id))[1]
    if len(related) == 1:
        return related[0]
    return None


class PersonIndex:
    """Which known persons a unit may be: those sharing a name part with it, exactly or as
    a misspelling, or its CDCR number. Keeps `match_unit` to a handful of persons on a
    corpus of thousands.

    Misspellings are looked up by their one-letter deletions (as SymSpell does): two
    parts one insertion, deletion, substitution or transposition apart share one, then
    the rapidfuzz ratio decides. A misspelling two edits away from every known spelling
    is not proposed across documents (within a document the clustering compares all).
    """

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self.persons: dict[int, KnownPerson] = {}
        self.by_part: dict[str, set[int]] = {}
        self.by_cdcr: dict[str, set[int]] = {}
        self.by_deletion: dict[str, set[str]] = {}  # a part or a one-letter deletion -> parts

    def add(self, person: KnownPerson, unit: PersonUnit) -> None:
        person.add(unit)
        self.persons[person.id] = person
        for part in unit.parts:
            if part not in self.by_part and len(part) >= MIN_FUZZY_LENGTH:
                for key in _deletions(part):
                    self.by_deletion.setdefault(key, set()).add(part)
            self.by_part.setdefault(part, set()).add(person.id)
        if unit.cdcr:
            self.by_cdcr.setdefault(unit.cdcr, set()).add(person.id)

    def candidates(self, unit: PersonUnit, exclude: set[int] = frozenset()) -> list[KnownPerson]:
        ids = set(self.by_cdcr.get(unit.cdcr, ())) if unit.cdcr else set()
        for part in unit.parts:
            ids |= self.by_part.get(part, set())
            if len(part) < MIN_FUZZY_LENGTH:
                continue
            similar = {p for key in _deletions(part) for p in self.by_deletion.get(key, ())}
            for other in similar - {part}:
                if _similar(part, other, self.threshold):
                    ids |= self.by_part[other]
        return [self.persons[i] for i in sorted(ids - exclude)]


def _deletions(part: str) -> set[str]:
    """The part and every string one letter shorter."""
    return {part, *(part[:i] + part[i + 1 :] for i in range(len(part)))}


def part_links(unit_parts: Sequence[str], fullest: Sequence[str], threshold: float) -> dict[str, str]:
    """How the parts of a member's name map onto its corpus person's canonical parts
    (for one tag per name part): a part of the canonical name stays; a misspelling
    takes the part it misspells; another part (a name the reviewer merged in) the most
    similar canonical part the name does not use yet; what is left keeps its own."""
    from rapidfuzz import fuzz

    links: dict[str, str] = {}
    unused = [p for p in fullest if p not in unit_parts]
    fit = fit_parts([p for p in unit_parts if p not in fullest], unused, threshold) or {}
    for part in unit_parts:
        if part in fullest:
            continue
        target = fit.get(part)
        if target is None and unused:
            target = max(unused, key=lambda p: (fuzz.ratio(part, p), -fullest.index(p)))
        if target is not None:
            links[part] = target
            if target in unused:
                unused.remove(target)
    return links
