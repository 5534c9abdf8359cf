"""Person clusters a reviewer shaped: kept by a new clustering run, and driving
the tags of the export (`store.reviewed_clusters`)."""

from __future__ import annotations

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import Project
from reviewer_app.store.project import propose_clusters
from reviewer_app.store.reviewed_clusters import export_clusters

# "Stevenston" is a fuzzy match of "Stevenson" (ratio 95, one cluster proposed);
# "Stephens" is not (ratio 71, a cluster of its own).
TEXT = (
    "COMMISSIONER JONES: Mr. Stevenson, your counselor Stephens wrote to us.\n"
    "INMATE STEVENSON: Yes. Mr. Stevenston was my cellmate, not me.\n"
    "COMMISSIONER JONES: Stevenson, Stephens says you work hard.\n"
    "INMATE STEVENSON: Stevenston's letter and Stephens's report.\n"
)
PEOPLE = (
    ("Stevenson", 0),
    ("Stephens", 0),
    ("STEVENSON", 0),
    ("Stevenston", 0),
    ("Stevenson", 1),
    ("Stephens", 1),
)


def span_at(text: str, needle: str, occurrence: int, label: str = "PERSON") -> Span:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    return Span(start, start + len(needle), label, ("spacy",), 0.9)


def people_spans(text: str = TEXT) -> list[Span]:
    spans = [span_at(text, needle, n) for needle, n in PEOPLE]
    spans.append(span_at(text, "JONES", 0))
    return spans


@pytest.fixture
def project(tmp_path):
    with Project.create(tmp_path / "p.db") as project:
        project.add_document(Document("h1", TEXT))
        project.record_detection("h1", people_spans(), ["spacy"])
        propose_clusters(project, "h1", 88.0)
        yield project


def texts_of(project, cluster) -> list[str]:
    return [project.span_text(i) for i in cluster.span_ids]


def cluster_with(project, needle):
    return next(c for c in project.clusters("h1") if needle in texts_of(project, c))


def export(project):
    """The export's result, numbered through the store's clusters."""
    for span in project.spans("h1"):
        if span.status is Status.PENDING:
            project.accept(span.id)
    stored = project.spans("h1", [Status.ACCEPTED])
    spans = [s.span for s in stored]
    document = project.document("h1")
    reviewed = {c.id for c in project.clusters("h1") if c.reviewed}
    clusters = export_clusters(document, spans, [s.cluster_id for s in stored], reviewed)
    return pseudonymize(document, spans, clusters)


def exported_tags(project) -> dict[str, set[str]]:
    """What each mention became in the export."""
    tags: dict[str, set[str]] = {}
    for replacement in export(project).replacements:
        tags.setdefault(replacement.span.text_in(TEXT).casefold(), set()).add(replacement.tag)
    return tags


def test_proposed_clusters_before_any_review(project):
    assert texts_of(project, cluster_with(project, "Stevenston")) == [
        "Stevenson",
        "STEVENSON",
        "Stevenston",
        "Stevenson",
    ]
    assert texts_of(project, cluster_with(project, "Stephens")) == ["Stephens", "Stephens"]
    assert not any(c.reviewed for c in project.clusters("h1"))


def test_a_merge_gives_the_merged_variant_the_same_tags(project):
    tags = exported_tags(project)
    assert tags["stephens"] != tags["stevenson"]
    project.merge_clusters(cluster_with(project, "Stevenson").id, cluster_with(project, "Stephens").id)
    tags = exported_tags(project)
    assert tags["stephens"] == tags["stevenson"] == tags["stevenston"]
    assert len(tags["stevenson"]) == 1


def test_a_split_off_variant_gets_its_own_tags(project):
    assert exported_tags(project)["stevenston"] == exported_tags(project)["stevenson"]
    stevenston = next(s.id for s in project.spans("h1") if project.span_text(s.id) == "Stevenston")
    project.split_cluster([stevenston])
    tags = exported_tags(project)
    assert tags["stevenston"] != tags["stevenson"]
    assert tags["stevenson"] == tags["stevenson"] and len(tags["stevenson"]) == 1


def test_a_span_added_after_clustering_joins_the_cluster_of_its_name(project):
    stevenson = cluster_with(project, "Stevenson")
    project.merge_clusters(stevenson.id, cluster_with(project, "Stephens").id)
    added = span_at(TEXT, "Stephens's", 0)
    project.add_span("h1", added.start, added.end, "PERSON")
    result = export(project)
    (person,) = [e for e in result.mapping if "Stevenson" in e.originals]
    assert "Stephens's" in person.originals and person.cluster is not None
    tags = {r.span.text_in(TEXT): r.tag for r in result.replacements}
    assert tags["Stephens's"] == tags["Stevenson"] + "'s"


def test_merges_and_splits_survive_a_new_clustering_run_and_new_variants_join_them(project):
    stevenson = cluster_with(project, "Stevenson")
    project.merge_clusters(stevenson.id, cluster_with(project, "Stephens").id)
    stevenston = next(s.id for s in project.spans("h1") if project.span_text(s.id) == "Stevenston")
    split_id = project.split_cluster_id(project.split_cluster([stevenston]))
    merged = project.cluster(stevenson.id).span_ids
    assert project.cluster(stevenson.id).reviewed and project.cluster(split_id).reviewed

    # Detection runs again and finds two more mentions, one of each person.
    new = [span_at(TEXT, "Stevenston's", 0), span_at(TEXT, "Stephens's", 0)]
    assert project.record_detection("h1", people_spans() + new, ["spacy"]).new == 2
    propose_clusters(project, "h1", 88.0)
    assert set(merged) < set(project.cluster(stevenson.id).span_ids)
    assert texts_of(project, project.cluster(stevenson.id))[-1] == "Stephens's"
    assert texts_of(project, project.cluster(split_id)) == ["Stevenston", "Stevenston's"]
    # JONES, in no reviewed cluster, was proposed again in one of its own.
    assert [texts_of(project, c) for c in project.clusters("h1") if not c.reviewed] == [["JONES"]]


def test_undoing_a_merge_makes_the_cluster_a_proposal_again(project):
    stevenson = cluster_with(project, "Stevenson")
    merge = project.merge_clusters(stevenson.id, cluster_with(project, "Stephens").id)
    assert project.cluster(stevenson.id).reviewed
    project.undo(merge)
    assert not any(c.reviewed for c in project.clusters("h1"))
    assert texts_of(project, cluster_with(project, "Stephens")) == ["Stephens", "Stephens"]


def test_a_spelled_name_follows_the_variant_it_spells_after_a_split(tmp_path):
    text = "JONES: Mr. Stevenson? STEVENSON: No, Stevenston, S-T-E-V-E-N-S-T-O-N. Stevenson is my cousin.\n"
    with Project.create(tmp_path / "p.db") as project:
        project.add_document(Document("h1", text))
        spans = [span_at(text, n, k) for n, k in (("Stevenson", 0), ("STEVENSON", 0), ("Stevenston", 0))]
        spans += [span_at(text, "S-T-E-V-E-N-S-T-O-N", 0, "SPELLED_NAME"), span_at(text, "Stevenson", 1)]
        project.record_detection("h1", spans, ["spacy"])
        propose_clusters(project, "h1", 88.0)
        (cluster,) = project.clusters("h1")  # the misspelling and its spelling joined Stevenson
        assert len(cluster.span_ids) == 5
        variant = [
            s.id
            for s in project.spans("h1")
            if project.span_text(s.id) in ("Stevenston", "S-T-E-V-E-N-S-T-O-N")
        ]
        project.split_cluster(variant)
        project.decide_many([s.id for s in project.spans("h1")], Status.ACCEPTED)
        stored = project.spans("h1")
        result = pseudonymize(
            project.document("h1"),
            [s.span for s in stored],
            export_clusters(project.document("h1"), [s.span for s in stored], [s.cluster_id for s in stored]),
        )
    assert result.text.startswith(
        "JONES: Mr. [PERSON_1]? [PERSON_1]: No, [PERSON_2], [SPELLED_NAME_PERSON_2]. [PERSON_1] is"
    )


def test_untouched_proposals_export_exactly_as_the_clustering_step_would(tmp_path):
    """No reviewer change: the store's clusters number people as `build_clusters` does."""
    from reviewer_app.core.clusters import build_clusters
    from tests.fixtures.generator import generate_transcript

    with Project.create(tmp_path / "p.db") as project:
        for seed in range(5):
            transcript = generate_transcript(seed, 3000)
            document = Document(transcript.name, transcript.canonical_text, metadata=transcript.metadata)
            doc_id = project.add_document(document)
            project.record_detection(doc_id, list(transcript.gold_spans), ["gold"])
            propose_clusters(project, doc_id, 88.0)
            stored = project.spans(doc_id)
            spans = [s.span for s in stored]
            clusters = export_clusters(document, spans, [s.cluster_id for s in stored])
            expected = pseudonymize(document, spans, build_clusters(document, spans, 88.0))
            assert pseudonymize(document, spans, clusters).text == expected.text
