"""Person clusters as a reviewer left them, for re-clustering and for export.

The store holds clusters (who is who) that a clustering run proposed and a
reviewer may have merged or split. Two things follow from them, both here and
Qt-free:

- `fit_clusters`: after a new detection run, which spans that are in no cluster
  join a cluster the reviewer shaped, and which form new proposals. The new
  mention joins the kept cluster holding the same text, else the one sharing most
  name parts with it, within the group `core.clusters.build_clusters` puts it in.
- `export_clusters`: `core.clusters.Cluster`s that make `core.pseudonymize` number
  people as the store groups them. Tags number name parts, so a cluster's parts
  are linked to the parts of its fullest mention: merged variants take the same
  numbers ("Stephens" merged into "Stevenson" -> Stevenson's number), and a fuzzy
  link `build_clusters` would make across two clusters is dropped, so a split-off
  variant keeps its own number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from reviewer_app.core.clusters import Cluster, build_clusters, canonical_parts, name_parts, spelled_key
from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.store.schema import text_key

# Labels whose spans are grouped into person clusters (who is who).
CLUSTERED_LABELS = ("PERSON", "SPELLED_NAME")


@dataclass(frozen=True)
class ClusterFit:
    """Where the spans outside any kept cluster go: `joins` maps a kept cluster
    to span indices that join it, `new_groups` are proposals of their own."""

    joins: dict[int, tuple[int, ...]]
    new_groups: tuple[tuple[int, ...], ...]


def person_keys(text: str) -> tuple[str, ...]:
    """The name parts of a PERSON mention without titles, case-folded."""
    return tuple(p.key for p in name_parts(text) if not p.is_title)


def _span_keys(span: Span, text: str) -> frozenset[str]:
    if span.label == "SPELLED_NAME":
        return frozenset({spelled_key(span.text_in(text))})
    return frozenset(person_keys(span.text_in(text)))


def fit_clusters(
    document: Document,
    spans: Sequence[Span],
    kept: Sequence[int | None],
    threshold: float,
    built: Sequence[Cluster] | None = None,
) -> ClusterFit:
    """Place the spans whose `kept[i]` is None; `kept[i]` is the kept cluster of
    `spans[i]`. `built` is `build_clusters(document, spans, threshold)` if the
    caller has it already."""
    if built is None:
        built = build_clusters(document, spans, threshold)
    text = document.text
    joins: dict[int, list[int]] = {}
    new_groups: list[tuple[int, ...]] = []
    for group in built:
        free = [i for i in group.members if kept[i] is None]
        placed = [i for i in group.members if kept[i] is not None]
        if not free:
            continue
        if not placed:
            new_groups.append(tuple(free))
            continue
        keys = {i: (text_key(spans[i].text_in(text)), _span_keys(spans[i], text)) for i in group.members}
        for i in free:
            joins.setdefault(_best_kept(i, placed, kept, keys), []).append(i)
    return ClusterFit({k: tuple(v) for k, v in joins.items()}, tuple(new_groups))


def _best_kept(
    i: int,
    placed: Sequence[int],
    kept: Sequence[int | None],
    keys: Mapping[int, tuple[str, frozenset[str]]],
) -> int:
    """The kept cluster for span i: one holding the same text first, then the one
    sharing most name parts with it, then the one with most mentions in the group.
    `keys[j]` is span j's text key and name parts."""
    text, parts = keys[i]
    score: dict[int, tuple[int, int, int]] = {}
    for j in placed:
        cluster = kept[j]
        assert cluster is not None
        same_text, shared, mentions = score.get(cluster, (0, 0, 0))
        score[cluster] = (
            max(same_text, int(keys[j][0] == text)),
            max(shared, len(parts & keys[j][1])),
            mentions + 1,
        )
    return max(score, key=lambda c: (*score[c], -c))


def export_clusters(
    document: Document,
    spans: Sequence[Span],
    cluster_of: Sequence[int | None],
    reviewed: Iterable[int] = (),
    threshold: float = 88.0,
) -> list[Cluster]:
    """Clusters for `pseudonymize(document, spans, clusters)` from the store's:
    `cluster_of[i]` is the store cluster of `spans[i]` (None if in none);
    `reviewed` are the store clusters a reviewer shaped (marked `confirmed`).
    Person spans in no cluster (added after clustering, say) are fitted in as
    `fit_clusters` does."""
    reviewed = set(reviewed)
    built = build_clusters(document, spans, threshold)
    kept = [c if s.label in CLUSTERED_LABELS else None for s, c in zip(spans, cluster_of, strict=True)]
    fit = fit_clusters(document, spans, kept, threshold, built)
    groups: dict[tuple[str, int], list[int]] = {}
    for i, cluster in enumerate(kept):
        if cluster is not None:
            groups.setdefault(("store", cluster), []).append(i)
    for cluster, members in fit.joins.items():
        groups[("store", cluster)].extend(members)
    for n, members in enumerate(fit.new_groups):
        groups[("new", n)] = list(members)
    ordered = sorted(
        ((key, sorted(members, key=lambda i: spans[i].start)) for key, members in groups.items()),
        key=lambda item: spans[item[1][0]].start,
    )
    text = document.text
    raw_keys = {
        i: person_keys(spans[i].text_in(text))
        for _, members in ordered
        for i in members
        if spans[i].label == "PERSON"
    }
    parts_of_group = [{k for i in members if i in raw_keys for k in raw_keys[i]} for _, members in ordered]
    groups_with = Counter(k for parts in parts_of_group for k in parts)
    protected = {k for name in document.metadata.names() for k in person_keys(name)}
    fuzzy = canonical_parts(built)
    clusters: list[Cluster] = []
    for (key, members), own in zip(ordered, parts_of_group, strict=True):
        mentions = [raw_keys[i] for i in members if raw_keys.get(i)]
        if not mentions:
            continue  # no name to number (spelled names only): tagged span by span
        # A fuzzy link into another cluster is one the reviewer broke (a split).
        links = {v: c for v, c in fuzzy.items() if v in own and (c in own or not groups_with[c])}
        clusters.append(
            _cluster(
                len(clusters) + 1,
                members,
                mentions,
                links,
                protected,
                [spans[i].text_in(text) for i in members],
                confirmed=key[0] == "store" and key[1] in reviewed,
            )
        )
    return clusters


def _cluster(
    cluster_id: int,
    members: list[int],
    mentions: list[tuple[str, ...]],
    fuzzy: Mapping[str, str],
    protected: set[str],
    surfaces: list[str],
    confirmed: bool,
) -> Cluster:
    """One person's cluster: every part of every mention linked to a part of the
    fullest mention (most parts, then most frequent, then printed on the cover)
    when it is not one itself, the most similar part the mention does not use yet;
    a part with nothing left to link to (a middle name) keeps its own number."""
    from rapidfuzz import fuzz

    canonical = [tuple(dict.fromkeys(fuzzy.get(k, k) for k in m)) for m in mentions]
    links = dict(fuzzy)
    if canonical:
        counts = Counter(canonical)
        fullest = max(
            enumerate(canonical),
            key=lambda item: (len(item[1]), counts[item[1]], sum(k in protected for k in item[1]), -item[0]),
        )[1]
        for mention in sorted(dict.fromkeys(canonical), key=lambda m: -counts[m]):
            unused = [p for p in fullest if p not in mention]
            for key in mention:
                if key in fullest or key in links or not unused:
                    continue
                best = max(unused, key=lambda p: (fuzz.ratio(key, p), fullest.index(p)))
                links[key] = best
                unused.remove(best)

    def resolve(key: str) -> str:
        seen = {key}
        while key in links and links[key] not in seen:
            key = links[key]
            seen.add(key)
        return key

    raw = {k for m in mentions for k in m}
    resolved = {k: resolve(k) for k in raw}
    return Cluster(
        id=cluster_id,
        members=tuple(members),
        variants=tuple(dict.fromkeys(surfaces)),
        parts=tuple(dict.fromkeys(resolved[k] for m in mentions for k in m)),
        links=tuple(sorted((k, c) for k, c in resolved.items() if k != c)),
        confirmed=confirmed,
    )


def pseudonymize_reviewed(
    project,
    document_id: str,
    chosen: Sequence,
    threshold: float,
    person_tags: str = "part",
    corpus=None,
):
    """The document and its pseudonymized text with the `chosen` stored spans
    replaced, people numbered by the clusters as the reviewer left them (merged
    variants share tags, a split-off variant has its own). ValueError when the
    spans overlap. One function for every export of a project's document.

    `person_tags`: "part" or "person" (`core.pseudonymize`). `corpus`: a
    `store.corpus_scope.CorpusTagging` to number tags across the corpus; None
    numbers them in this document only."""
    from reviewer_app.core.pseudonymize import TagScope, check_non_overlapping, pseudonymize

    document = project.document(document_id)
    spans = [s.span for s in chosen]
    reviewed = {c.id for c in project.clusters(document_id) if c.reviewed}
    clusters = export_clusters(document, spans, [s.cluster_id for s in chosen], reviewed, threshold)
    if corpus is not None:
        check_non_overlapping(spans)  # before the corpus takes the document's persons in
        return document, corpus.pseudonymize(document, spans, clusters, person_tags)
    return document, pseudonymize(document, spans, clusters, TagScope(), person_tags=person_tags)


def match_corpus(project, threshold: float, who: str = "") -> tuple[int, int]:
    """Match the persons of every detected document (its accepted spans, grouped as
    the reviewer left them) into corpus persons and store them, without tag numbers
    (those are written by an export with corpus tags). Returns (new persons, documents)."""
    from reviewer_app.core.spans import Status
    from reviewer_app.store.corpus_scope import CorpusTagging

    tagging = CorpusTagging(project, threshold)
    documents = 0
    for summary in project.list_documents():
        if summary.detection_status != "detected":
            continue
        chosen = project.spans(summary.id, [Status.ACCEPTED])
        document = project.document(summary.id)
        spans = [s.span for s in chosen]
        reviewed = {c.id for c in project.clusters(summary.id) if c.reviewed}
        clusters = export_clusters(document, spans, [s.cluster_id for s in chosen], reviewed, threshold)
        tagging.assign(document, clusters)
        documents += 1
    tagging.save(with_tags=False)
    return len(tagging.new_persons), documents
