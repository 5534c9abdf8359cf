"""Clusters of name variants that refer to one person (PSILENCE-style, no coreference model).

A PERSON mention is reduced to its name parts (titles and the possessive 's dropped,
case folded): "Inmate Richardson's" -> ("richardson",). Mentions join one cluster when

- they have the same parts (full name, case variants, possessives, title + name),
- a shorter mention's parts all occur in one full name ("Richardson" -> "Kevin Richardson");
  when several full names share the part, the nearest full-name mention before it wins
  (then the nearest after it),
- a name part is a misspelling of another (rapidfuzz ratio >= the threshold, both parts at
  least five letters, not both printed on the cover page): "Stevenston" -> "Stevenson".
  Such clusters are `fuzzy`: proposals a reviewer confirms or breaks (`broken_links`).

SPELLED_NAME spans join the cluster of the name part they spell ("R-I-C-H-A-R-D-S-O-N").
"""

from __future__ import annotations

import bisect
import functools
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.paths import resource

# Letters with inner apostrophes (O'Brien); hyphens and dots separate parts.
_PART_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_POSSESSIVE_RE = re.compile(r"['’]s$", re.IGNORECASE)
_SPELLED_LETTERS_RE = re.compile(r"[^\W\d_]")
# Shorter parts are too often distinct names one letter apart (Mark / Marks).
# What the fuzzy matching imports when first used: a window imports it on its UI thread
# first (ui/workers.py), as it is used by tasks (preview, export check).
FUZZY_LIBRARIES = ("rapidfuzz.fuzz",)
MIN_FUZZY_LENGTH = 5


@dataclass(frozen=True)
class NamePart:
    """One part of a name inside a PERSON span's text: `text[start:end]`, key casefolded."""

    start: int
    end: int
    key: str
    is_title: bool = False


@dataclass(frozen=True)
class Cluster:
    """One person: the spans that mention them and the name parts that identify them."""

    id: int
    members: tuple[int, ...]  # indices into the spans given to build_clusters
    variants: tuple[str, ...]  # distinct surface strings, in order of appearance
    parts: tuple[str, ...]  # canonical name-part keys, in order of appearance
    # (variant part, canonical part) pairs found by fuzzy matching, e.g. ("stevenston", "stevenson").
    links: tuple[tuple[str, str], ...] = ()
    confirmed: bool = False

    @property
    def fuzzy(self) -> bool:
        """True when a fuzzy link joined this cluster: a proposal for the reviewer."""
        return bool(self.links)


@functools.cache
def _person_words(key: str) -> frozenset[str]:
    with resource("tags.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    return frozenset(t.casefold() for t in raw.get("person", {}).get(key, []))


@functools.cache
def name_suffixes() -> frozenset[str]:
    """Words after a name that are not part of it ("Jr", "Esq")."""
    return _person_words("suffixes")


@functools.cache
def person_titles() -> frozenset[str]:
    """Words a PERSON span may hold that are not the name: titles and suffixes."""
    return _person_words("titles") | name_suffixes()


def name_parts(text: str, titles: frozenset[str] | None = None) -> list[NamePart]:
    """The name parts of a PERSON span's text, possessive 's outside the part.

    A title is one only before the first word of the name; after it, only a suffix
    ("Jr") is, so that a surname that is also a title ("Mary Judge") is a name part
    and replaced. When every word is a title (a span that is only "Commissioner"), the
    words count as name parts, so that the span is still replaced.
    """
    titles = person_titles() if titles is None else titles
    suffixes = name_suffixes()
    parts: list[NamePart] = []
    after_name = False
    for m in _PART_RE.finditer(text):
        start, end = m.start(), m.end()
        possessive = _POSSESSIVE_RE.search(m.group())
        if possessive and end - start > 2:
            end -= 2
        word = text[start:end]
        key = word.casefold()
        is_title = key in (suffixes if after_name else titles)
        after_name = after_name or not is_title
        parts.append(NamePart(start, end, key, is_title))
    if parts and all(p.is_title for p in parts):
        parts = [NamePart(p.start, p.end, p.key, False) for p in parts]
    return parts


def spelled_key(text: str) -> str:
    """The letters of a spelled name, casefolded: "R-I-C-H, A" -> "richa"."""
    return "".join(_SPELLED_LETTERS_RE.findall(text)).casefold()


def _person_keys(text: str) -> tuple[str, ...]:
    return tuple(p.key for p in name_parts(text) if not p.is_title)


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def fuzzy_links(
    keys_in_order: Sequence[str],
    counts: dict[str, int],
    threshold: float,
    protected: Iterable[str] = (),
    broken: Iterable[tuple[str, str]] = (),
    mentions: Sequence[tuple[str, ...]] = (),
) -> dict[str, str]:
    """Map each misspelt name part to the part it misspells.

    The more frequent part is canonical (ties: the earlier one); a part printed on the
    cover page (`protected`) is always canonical and two such parts are never linked.
    Given the `mentions` (the parts of each PERSON mention), a link must fit them: every
    other part mentioned with the variant must also be mentioned with the canonical part,
    so "Andrew Ingram" does not become "Andre" because an "Andre Chambers" exists.
    """
    from rapidfuzz import fuzz

    protected = set(protected)
    broken_pairs = {frozenset(p) for p in broken}
    candidates = [k for k in keys_in_order if len(k) >= MIN_FUZZY_LENGTH]
    order = {k: i for i, k in enumerate(keys_in_order)}

    def rank(key: str) -> tuple[int, int, int]:
        return (key in protected, counts.get(key, 0), -order[key])

    links: dict[str, str] = {}
    for i, a in enumerate(candidates):
        for b in candidates[i + 1 :]:
            if a in protected and b in protected:
                continue
            if frozenset((a, b)) in broken_pairs:
                continue
            if fuzz.ratio(a, b) < threshold:
                continue
            variant, canonical = (a, b) if rank(a) < rank(b) else (b, a)
            if variant in protected or not _fits_mentions(variant, canonical, mentions):
                continue
            best = links.get(variant)
            if best is None or fuzz.ratio(variant, canonical) > fuzz.ratio(variant, best):
                links[variant] = canonical
    # A canonical part that is itself a variant points on to its own canonical.
    for variant, canonical in list(links.items()):
        seen = {variant}
        while canonical in links and canonical not in seen:
            seen.add(canonical)
            canonical = links[canonical]
        links[variant] = canonical
    return links


def _fits_mentions(variant: str, canonical: str, mentions: Sequence[tuple[str, ...]]) -> bool:
    for mention in mentions:
        if variant in mention and len(mention) > 1:
            others = set(mention) - {variant}
            if not any(canonical in m and others <= set(m) for m in mentions):
                return False
    return True


def build_clusters(
    document: Document,
    spans: Sequence[Span],
    threshold: float = 88.0,
    broken_links: Iterable[tuple[str, str]] = (),
    confirmed_links: Iterable[tuple[str, str]] = (),
) -> list[Cluster]:
    """Cluster the PERSON and SPELLED_NAME spans of one document.

    `threshold` is the rapidfuzz ratio (0-100) above which two parts are one name
    (`settings.fuzzy_threshold`). `broken_links` are part pairs a reviewer said are
    different names; `confirmed_links` pairs a reviewer confirmed (a cluster whose
    every link is confirmed is `confirmed`).
    """
    text = document.text
    persons = [i for i, s in enumerate(spans) if s.label == "PERSON"]
    persons.sort(key=lambda i: spans[i].start)
    raw_keys = {i: _person_keys(spans[i].text_in(text)) for i in persons}
    persons = [i for i in persons if raw_keys[i]]

    keys_in_order: dict[str, None] = {}
    counts: dict[str, int] = {}
    for i in persons:
        for k in raw_keys[i]:
            keys_in_order.setdefault(k, None)
            counts[k] = counts.get(k, 0) + 1
    # Cover-page spellings are candidates too: a misspelling in the body links to them.
    protected = {k: None for name in document.metadata.names() for k in _person_keys(name)}
    candidates = list({**protected, **keys_in_order})
    cover_names = [_person_keys(name) for name in document.metadata.names()]
    mentions = list(dict.fromkeys([*(raw_keys[i] for i in persons), *cover_names]))
    links = fuzzy_links(candidates, counts, threshold, protected, broken_links, mentions)

    canonical = {i: tuple(dict.fromkeys(links.get(k, k) for k in raw_keys[i])) for i in persons}
    mentions_of: dict[tuple[str, ...], list[int]] = {}
    for i in persons:
        mentions_of.setdefault(canonical[i], []).append(spans[i].start)
    full_names = [keys for keys in mentions_of if len(keys) > 1]

    uf = _UnionFind(len(spans))
    first_of: dict[tuple[str, ...], int] = {}
    for i in persons:
        first_of.setdefault(canonical[i], i)
    hosts_of: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for keys in mentions_of:
        hosts = [f for f in full_names if len(f) > len(keys) and set(keys) <= set(f)]
        if hosts:
            longest = max(len(h) for h in hosts)
            hosts_of[keys] = [h for h in hosts if len(h) == longest]
    for i in persons:
        keys = canonical[i]
        # A shorter mention joins a full name holding all its parts, the nearest one.
        if keys in hosts_of:
            host = _nearest(hosts_of[keys], mentions_of, spans[i].start)
            uf.union(first_of[host], i)
        else:
            uf.union(first_of[keys], i)

    # Spelled names join the cluster of the part they spell.
    part_owner: dict[str, int] = {}
    for i in persons:
        keys = canonical[i]
        # Each part by its letters, and parts spelled as one word: "o'brien" as O-B-R-I-E-N,
        # "de la cruz" as D-E L-A C-R-U-Z.
        for first in range(len(keys)):
            for last in range(first, len(keys)):
                part_owner.setdefault("".join(spelled_key(k) for k in keys[first : last + 1]), i)
    linked_spelled: set[int] = set()
    for i, s in enumerate(spans):
        if s.label == "SPELLED_NAME":
            key = spelled_key(s.text_in(text))
            key = links.get(key, key)
            if key in part_owner:
                uf.union(part_owner[key], i)
                linked_spelled.add(i)

    groups: dict[int, list[int]] = {}
    for i in sorted([*persons, *linked_spelled], key=lambda i: spans[i].start):
        groups.setdefault(uf.find(i), []).append(i)

    confirmed = {frozenset(p) for p in confirmed_links}
    clusters: list[Cluster] = []
    for members in sorted(groups.values(), key=lambda m: spans[m[0]].start):
        variants = tuple(dict.fromkeys(spans[i].text_in(text) for i in members))
        parts = tuple(dict.fromkeys(k for i in members if i in canonical for k in canonical[i]))
        raw = {k for i in members if i in raw_keys for k in raw_keys[i]}
        cluster_links = tuple(sorted((k, links[k]) for k in raw if k in links))
        clusters.append(
            Cluster(
                id=len(clusters) + 1,
                members=tuple(members),
                variants=variants,
                parts=parts,
                links=cluster_links,
                confirmed=bool(cluster_links) and all(frozenset(p) in confirmed for p in cluster_links),
            )
        )
    return clusters


def _nearest(
    hosts: list[tuple[str, ...]], mentions_of: dict[tuple[str, ...], list[int]], offset: int
) -> tuple[str, ...]:
    """The full name mentioned nearest before `offset`, else nearest after it."""
    best_before: tuple[int, tuple[str, ...]] | None = None
    best_after: tuple[int, tuple[str, ...]] | None = None
    for host in hosts:
        starts = mentions_of[host]
        j = bisect.bisect_right(starts, offset) - 1
        if j >= 0 and (best_before is None or starts[j] > best_before[0]):
            best_before = (starts[j], host)
        if j + 1 < len(starts) and (best_after is None or starts[j + 1] < best_after[0]):
            best_after = (starts[j + 1], host)
    chosen = best_before or best_after
    assert chosen is not None  # every host has at least one mention
    return chosen[1]


def canonical_parts(clusters: Iterable[Cluster]) -> dict[str, str]:
    """variant part -> canonical part, from the fuzzy links of the given clusters."""
    return {variant: canonical for c in clusters for variant, canonical in c.links}
