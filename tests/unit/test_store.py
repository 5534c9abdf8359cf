"""The project store: documents, detection merges, decisions, whitelist, stats,
clusters, audit, undo and the last position."""

from __future__ import annotations

import logging
import sqlite3
import stat
import subprocess
import sys
import textwrap

import pytest

from reviewer_app.core.document import (
    Document,
    HearingMetadata,
    PageMap,
    Participant,
    Section,
    Utterance,
)
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import (
    ClusterProposal,
    DuplicateDocument,
    DuplicateTerm,
    Position,
    Project,
    ProjectError,
    ProjectLocked,
    ReadOnlyProject,
    UndoConflict,
)
from reviewer_app.store.project import detector_scores

COVER = "PAROLE HEARING OF KEVIN RICHARDSON\nCDCR Number: L90314"
BODY = (
    "PRESIDING COMMISSIONER JONES: Good morning, Mr. Richardson.\n"
    "INMATE RICHARDSON: Good morning. I met Kevin Richardson's brother in Fresno.\n"
    "PRESIDING COMMISSIONER JONES: The Board of Parole Hearings notes Fresno County."
)
CERTIFICATE = "I, Ann Lee, certify this transcript."


def hearing(doc_id: str = "hearing-01", extra: str = "") -> Document:
    """A tiny hearing in the canonical three-block form with every structure
    field filled, so a round trip has something to lose."""
    body = BODY + extra
    text = f"{COVER}\n\n{body}\n\n{CERTIFICATE}"
    body_start = len(COVER) + 2
    utterances, offset = [], body_start
    for line in body.split("\n"):
        utterances.append(Utterance(line.split(":", 1)[0], offset, offset + len(line)))
        offset += len(line) + 1
    cert_start = text.index(CERTIFICATE)
    return Document(
        id=doc_id,
        text=text,
        source_path=f"/data/{doc_id}.pdf",
        utterances=tuple(utterances),
        sections=(
            Section("cover", 0, len(COVER)),
            Section("body", body_start, body_start + len(body)),
            Section("certificate", cert_start, len(text)),
        ),
        page_map=PageMap(((0, 1, 1), (body_start, 2, 1), (cert_start, 3, 1))),
        metadata=HearingMetadata(
            hearing_type="Subsequent Parole Consideration Hearing",
            inmate_name="Kevin Richardson",
            cdcr_number="L90314",
            facility="San Quentin",
            date="June 1, 2021",
            participants=(Participant("Jones", "Presiding Commissioner", "panel"),),
        ),
        notes=("decoded as utf-8",),
    )


def detected(document: Document, needle: str, label: str, occurrence: int = 0,
             detectors: tuple[str, ...] = ("spacy",), score: float = 0.85) -> Span:  # fmt: skip
    start = -1
    for _ in range(occurrence + 1):
        start = document.text.index(needle, start + 1)
    return Span(start, start + len(needle), label, detectors, score)


def standard_spans(document: Document) -> list[Span]:
    return [
        detected(document, "KEVIN RICHARDSON", "PERSON"),
        detected(document, "L90314", "CDCR_ID", detectors=("presidio",), score=0.9),
        detected(document, "RICHARDSON", "PERSON", 1),
        detected(document, "Richardson", "PERSON", 0, ("spacy", "presidio")),
        detected(document, "Richardson", "PERSON", 1),
        detected(document, "Fresno", "LOCATION"),
        detected(document, "Board of Parole Hearings", "ORGANIZATION", score=0.6),
        detected(document, "Fresno County", "LOCATION"),
    ]


@pytest.fixture
def project(tmp_path):
    with Project.create(tmp_path / "p.db") as project:
        yield project


@pytest.fixture
def detected_project(project):
    document = hearing()
    doc_id = project.add_document(document)
    project.record_detection(doc_id, standard_spans(document), ["spacy", "presidio"])
    return project, doc_id, document


def by_text(project, doc_id, needle, occurrence=0):
    text = project.document_text(doc_id)
    matches = [s for s in project.spans(doc_id) if text[s.start : s.end] == needle]
    return matches[occurrence]


# ---------------------------------------------------------------- the file


def test_new_project_file_is_private_wal_with_foreign_keys(tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        project.add_document(hearing())
        assert project.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert project.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert project.schema_version == 5
        for companion in (path, path.with_name("p.db-wal")):
            assert stat.S_IMODE(companion.stat().st_mode) == 0o600, companion
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with Project.open(path) as project:
        assert project.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: fsync every commit
    with Project.open(path, power_safe=False) as project:
        assert project.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL


def test_create_refuses_existing_file_and_open_refuses_missing_or_foreign(tmp_path):
    path = tmp_path / "p.db"
    Project.create(path).close()
    with pytest.raises(ProjectError, match="already exists"):
        Project.create(path)
    with pytest.raises(ProjectError, match="does not exist"):
        Project.open(tmp_path / "missing.db")
    foreign = tmp_path / "other.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE notes (x TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(ProjectError, match="not a reviewer_app project"):
        Project.open(foreign)
    assert sqlite3.connect(foreign).execute("PRAGMA user_version").fetchone()[0] == 0  # untouched
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all" * 100)
    with pytest.raises(ProjectError, match="not a readable"):
        Project.open(garbage)


def test_document_round_trips_exactly(project):
    document = hearing()
    doc_id = project.add_document(document)
    back = project.document(doc_id)
    assert back.sha256  # computed from the text when the importer gave none
    assert back == Document(**{**document.__dict__, "sha256": back.sha256})


def test_same_file_twice_is_refused_and_clashing_ids_get_a_suffix(project):
    first = project.add_document(hearing())
    with pytest.raises(DuplicateDocument) as caught:
        project.add_document(hearing())
    assert caught.value.existing_id == first
    second = project.add_document(hearing(extra=" More."))
    assert (first, second) == ("hearing-01", "hearing-01-2")
    assert project.document_ids() == [first, second]


# ---------------------------------------------------------------- detection


def test_rerunning_detection_keeps_decisions_adds_new_and_marks_missing_stale(detected_project):
    project, doc_id, document = detected_project
    spans = standard_spans(document)
    accepted = by_text(project, doc_id, "L90314")
    project.accept(accepted.id)
    rejected = by_text(project, doc_id, "Fresno County")
    project.reject(rejected.id)
    ann = document.text.index("Ann Lee")
    added = project.added_span_id(project.add_span(doc_id, ann, ann + len("Ann Lee"), "PERSON"))
    # Second run: loses "Fresno" (pending) and "Fresno County" (rejected) and
    # "L90314" keeps; finds "Jones" anew.
    second = [s for s in spans if document.text[s.start : s.end] not in ("Fresno", "Fresno County")]
    second.append(detected(document, "JONES", "PERSON"))
    merge = project.record_detection(doc_id, second, ["spacy"])
    assert (merge.new, merge.kept, merge.stale) == (1, len(spans) - 2, 1)
    assert project.span(accepted.id).status is Status.ACCEPTED
    assert project.span(rejected.id).status is Status.REJECTED
    assert not project.span(rejected.id).found
    assert by_text(project, doc_id, "Fresno").status is Status.STALE
    assert by_text(project, doc_id, "JONES").status is Status.PENDING
    assert project.span(added).status is Status.ACCEPTED  # reviewer's own span untouched
    # Third run finds "Fresno" again: the stale span is pending again, same id.
    stale_id = by_text(project, doc_id, "Fresno").id
    project.record_detection(doc_id, spans, ["spacy"])
    assert project.span(stale_id).status is Status.PENDING
    assert project.span(rejected.id).found


def test_detection_keeps_every_detector_with_its_score(project):
    document = hearing()
    doc_id = project.add_document(document)
    merged = [detected(document, "L90314", "CDCR_ID", detectors=("presidio", "spacy"), score=0.9)]
    raw = {
        "presidio": (merged[0].with_(score=0.95),),
        "spacy": (merged[0].with_(start=merged[0].start + 1, score=0.4),),
    }
    project.record_detection(doc_id, merged, ["presidio", "spacy"], scores=detector_scores(merged, raw))
    (span,) = project.spans(doc_id)
    assert dict(span.detectors) == {"presidio": 0.95, "spacy": 0.4}
    assert span.detected == merged[0]
    summary = project.list_documents()[0]
    assert summary.detection_status == "detected" and summary.detectors == ("presidio", "spacy")


def test_spans_outside_the_text_are_refused_and_nothing_is_written(project):
    doc_id = project.add_document(hearing())
    with pytest.raises(ValueError, match="outside"):
        project.record_detection(doc_id, [Span(0, 5, "PERSON"), Span(10, 10_000, "PERSON")], ["x"])
    assert project.spans(doc_id) == []
    assert project.list_documents()[0].detection_status == "not_detected"


# ---------------------------------------------------------------- decisions


def test_decisions_are_committed_and_audited_with_ids_and_labels(detected_project):
    project, doc_id, _ = detected_project
    span = by_text(project, doc_id, "Fresno")
    project.relabel(span.id, "CITY", who="ann")
    # Another connection (as after a crash) sees the decision at once.
    with Project.open(project.path, read_only=True) as reader:
        seen = reader.span(span.id)
    assert (seen.status, seen.label, seen.reviewer) == (Status.ACCEPTED, "CITY", "ann")
    (entry,) = project.audit_log(limit=1)
    assert (entry.action, entry.who, entry.document_id, entry.span_ids) == (
        "relabel",
        "ann",
        doc_id,
        (span.id,),
    )
    assert entry.before["spans"][str(span.id)]["final_label"] == "LOCATION"
    assert entry.after["spans"][str(span.id)]["final_label"] == "CITY"
    assert "Fresno" not in str(entry.before) + str(entry.after)


def test_resize_and_add_span_validate_boundaries(detected_project):
    project, doc_id, document = detected_project
    span = by_text(project, doc_id, "Fresno County")
    project.resize(span.id, span.start, span.start + len("Fresno"))
    resized = project.span(span.id)
    assert (resized.start, resized.end, resized.status) == (span.start, span.start + 6, Status.ACCEPTED)
    assert resized.detected.end == span.end  # what the detector proposed is kept
    with pytest.raises(ValueError):
        project.resize(span.id, 5, 5)
    with pytest.raises(ValueError):
        project.add_span(doc_id, 0, len(document.text) + 1, "PERSON")


def test_identical_mentions_in_document_and_corpus(project):
    docs = []
    for n in (1, 2):
        document = hearing(f"h{n}", extra=f" Copy {n}.")
        doc_id = project.add_document(document)
        project.record_detection(doc_id, standard_spans(document), ["spacy"])
        docs.append(doc_id)
    first = by_text(project, docs[0], "Richardson", 0)
    # "RICHARDSON"/"Richardson" differ only in case: the same mention.
    assert len(project.identical_spans(first.id, "document")) == 3
    assert len(project.identical_spans(first.id, "corpus")) == 6
    project.reject(by_text(project, docs[0], "Richardson", 1).id)
    project.decide_identical(first.id, Status.ACCEPTED, "document")
    statuses = [s.status for s in project.identical_spans(first.id, "document")]
    assert statuses.count(Status.ACCEPTED) == 2 and statuses.count(Status.REJECTED) == 1  # decided stays
    assert {s.status for s in project.identical_spans(first.id, "corpus") if s.document_id == docs[1]} == {
        Status.PENDING
    }
    project.decide_identical(first.id, Status.ACCEPTED, "corpus")
    in_second = [s for s in project.identical_spans(first.id, "corpus") if s.document_id == docs[1]]
    assert len(in_second) == 3 and {s.status for s in in_second} == {Status.ACCEPTED}
    assert by_text(project, docs[1], "KEVIN RICHARDSON").status is Status.PENDING


def test_next_open_span_skips_decided_ones(detected_project):
    project, doc_id, _ = detected_project
    spans = project.spans(doc_id)
    project.accept(spans[1].id)
    assert project.next_open_span(doc_id, spans[0].start).id == spans[2].id
    assert project.next_open_span(doc_id, spans[2].start, backwards=True).id == spans[0].id
    for span in spans:
        project.accept(span.id)
    assert project.next_open_span(doc_id) is None


# ---------------------------------------------------------------- whitelist


def test_whitelist_rejects_pending_matches_and_removing_restores_them(project):
    docs = []
    for n in (1, 2):
        document = hearing(f"h{n}", extra=f" See the board of parole hearings {n}.")
        doc_id = project.add_document(document)
        spans = [*standard_spans(document), detected(document, "board of parole hearings", "ORGANIZATION")]
        project.record_detection(doc_id, spans, ["spacy"])
        docs.append(doc_id)
    accepted = by_text(project, docs[0], "Board of Parole Hearings")
    project.accept(accepted.id)
    assert project.whitelist_matches("Board of  Parole Hearings", docs[0]) == (1, 3)
    audit_id = project.add_whitelist_term("Board of  Parole Hearings", note="agency", who="ann")
    (entry,) = project.whitelist()
    assert (entry.scope, entry.note, entry.added_by) == ("project", "agency", "ann")
    assert project.whitelist_suppressed(entry.id, docs[0]) == (1, 3)
    assert project.span(accepted.id).status is Status.ACCEPTED  # a reviewer's decision wins
    assert by_text(project, docs[1], "Board of Parole Hearings").status is Status.REJECTED
    assert project.audit_entry(audit_id).action == "whitelist_add"
    with pytest.raises(DuplicateTerm):
        project.add_whitelist_term("board of parole hearings")
    # A later detection run brings new mentions in rejected.
    document = hearing("h3", extra=" Board of Parole Hearings.")
    doc3 = project.add_document(document)
    merge = project.record_detection(
        doc3, [detected(document, "Board of Parole Hearings", "ORGANIZATION", 1)]
    )
    assert merge.whitelisted == 1
    assert project.spans(doc3)[0].status is Status.REJECTED
    project.remove_whitelist_term(entry.id)
    assert project.whitelist() == []
    assert by_text(project, docs[1], "Board of Parole Hearings").status is Status.PENDING
    assert project.spans(doc3)[0].status is Status.PENDING
    assert project.span(accepted.id).status is Status.ACCEPTED


def test_whitelist_matches_the_exact_phrase_whatever_its_case_spacing_and_edge_punctuation(project):
    extra = ' He said "Board  of Parole Hearings," and (board of parole hearings). Parole Hearings Smith.'
    document = hearing("h1", extra=extra)
    doc_id = project.add_document(document)
    wrapped = detected(document, '"Board  of Parole Hearings,"', "ORGANIZATION")
    bracketed = detected(document, "(board of parole hearings)", "ORGANIZATION")
    # Contains the term but is more than it: the other words may be a name.
    longer = detected(document, "Parole Hearings Smith", "PERSON")
    project.record_detection(doc_id, [wrapped, bracketed, longer], ["spacy"])
    assert project.whitelist_matches("Board of Parole Hearings") == (0, 2)
    project.add_whitelist_term("board of parole hearings")
    assert [(s.label, s.status) for s in project.spans(doc_id)] == [
        ("ORGANIZATION", Status.REJECTED),
        ("ORGANIZATION", Status.REJECTED),
        ("PERSON", Status.PENDING),
    ]
    assert project.whitelist_matches("Parole Hearings") == (0, 0)
    # The same key makes identical mentions: "Richardson." is "Richardson".
    people = project.add_spans(
        doc_id,
        [(document.text.index("Mr. Richardson") + 4, document.text.index("Mr. Richardson") + 15, "PERSON"),
         (document.text.index("Richardson's"), document.text.index("Richardson's") + 10, "PERSON")],
        status=Status.PENDING,
    )  # fmt: skip
    first, second = project.added_span_ids(people)
    assert project.span_text(first) == "Richardson."
    assert {s.id for s in project.identical_spans(first)} == {first, second}


def test_document_scoped_whitelist_touches_only_its_document(project):
    docs = []
    for n in (1, 2):
        document = hearing(f"h{n}", extra=f" {n}")
        doc_id = project.add_document(document)
        project.record_detection(doc_id, standard_spans(document))
        docs.append(doc_id)
    project.add_whitelist_term("Fresno", document_id=docs[0])
    assert by_text(project, docs[0], "Fresno").status is Status.REJECTED
    assert by_text(project, docs[1], "Fresno").status is Status.PENDING
    assert [e.scope for e in project.whitelist(docs[0])] == ["document"]
    assert project.whitelist(docs[1]) == []
    assert project.find_whitelist_term("fresno", docs[0]) is not None


# ---------------------------------------------------------------- statistics


def test_stats_per_document_and_corpus(project):
    for n in (1, 2):
        document = hearing(f"h{n}", extra=f" {n}")
        doc_id = project.add_document(document)
        project.record_detection(doc_id, standard_spans(document))
    project.add_document(hearing("h3", extra=" 3"))
    first = project.spans("h1")
    project.accept(first[0].id)
    project.reject(first[1].id)
    project.relabel(first[2].id, "SPELLED_NAME")
    summaries = {s.id: s for s in project.list_documents()}
    h1 = summaries["h1"].stats
    assert (h1.total, h1.reviewed, h1.open) == (8, 3, 5)
    assert h1.by_status == {"pending": 5, "accepted": 2, "rejected": 1, "stale": 0}
    assert h1.by_label["SPELLED_NAME"]["accepted"] == 1
    assert h1.share_reviewed == pytest.approx(3 / 8)
    assert project.document_stats("h1") == h1
    assert project.document_summary("h1") == summaries["h1"]
    assert summaries["h3"].state == "not_detected" and summaries["h3"].stats.total == 0
    assert summaries["h1"].state == "in_review"
    corpus = project.corpus_stats()
    assert (corpus.total, corpus.reviewed) == (16, 3)
    for span in project.spans("h2"):
        project.accept(span.id)
    assert project.document_summary("h2").state == "reviewed"
    project.mark_exported("h2")
    assert project.document_summary("h2").state == "exported"


# ---------------------------------------------------------------- clusters


def test_clusters_merge_split_relabel_and_decide(detected_project):
    project, doc_id, _ = detected_project
    people = [s.id for s in project.spans(doc_id) if s.label == "PERSON"]
    first, second = project.set_clusters(
        doc_id,
        [ClusterProposal("PERSON", "Kevin Richardson", tuple(people[:2])),
         ClusterProposal("PERSON", "Richardson", tuple(people[2:]))],
    )  # fmt: skip
    merge = project.merge_clusters(first, second)
    (cluster,) = project.clusters(doc_id)
    assert cluster.id == first and cluster.span_ids == tuple(people)
    project.undo(merge)
    assert [c.span_ids for c in project.clusters(doc_id)] == [tuple(people[:2]), tuple(people[2:])]
    project.redo(merge)
    split = project.split_cluster([people[-1]], name="the brother")
    new_id = project.split_cluster_id(split)
    assert project.cluster(new_id).span_ids == (people[-1],)
    assert project.cluster(new_id).name == "the brother"
    project.relabel_cluster(first, "SPELLED_NAME")
    assert {project.span(i).label for i in project.cluster(first).span_ids} == {"SPELLED_NAME"}
    project.decide_cluster(new_id, Status.REJECTED)
    assert project.span(people[-1]).status is Status.REJECTED
    with pytest.raises(ValueError):
        project.merge_clusters(first, first)


# ---------------------------------------------------------------- undo


def test_undo_and_redo_restore_rows_exactly_and_refuse_conflicts(detected_project):
    project, doc_id, document = detected_project
    span = by_text(project, doc_id, "Fresno")
    before = project.span(span.id)
    audit_id = project.reject(span.id)
    project.undo(audit_id)
    assert project.span(span.id) == before
    with pytest.raises(UndoConflict, match="already undone"):
        project.undo(audit_id)
    project.redo(audit_id)
    assert project.span(span.id).status is Status.REJECTED
    # A later change to the same span makes the earlier action impossible to undo alone.
    project.accept(span.id)
    with pytest.raises(UndoConflict, match="changed since"):
        project.undo(audit_id)
    add = project.add_span(
        doc_id, document.text.index("Ann Lee"), document.text.index("Ann Lee") + 7, "PERSON"
    )
    new_id = project.added_span_id(add)
    project.undo(add)
    with pytest.raises(KeyError):
        project.span(new_id)
    project.redo(add)
    assert project.span(new_id).label == "PERSON"
    assert [e.action for e in project.audit_log(limit=3)] == ["redo", "undo", "add_span"]


def test_undo_history_survives_a_reopen_and_stops_at_detection(detected_project):
    project, doc_id, document = detected_project
    spans = project.spans(doc_id)
    done = [project.accept(spans[0].id), project.reject(spans[1].id), project.accept(spans[2].id)]
    project.undo(done[2])
    path = project.path
    project.close()
    with Project.open(path) as reopened:
        history = reopened.undo_history()
        assert [e.id for e in history] == done[:2]
        reopened.undo(history[-1].id)
        assert reopened.span(spans[1].id).status is Status.PENDING
        reopened.record_detection(doc_id, standard_spans(document))
        assert reopened.undo_history() == []


def test_redo_history_is_the_redo_stack_the_last_session_left(detected_project):
    project, doc_id, document = detected_project
    spans = project.spans(doc_id)
    done = [project.accept(spans[0].id), project.reject(spans[1].id), project.accept(spans[2].id)]
    project.undo(done[2])
    project.undo(done[1])
    project.redo(done[1])
    path = project.path
    project.close()
    with Project.open(path) as reopened:
        assert [e.id for e in reopened.redo_history()] == [done[2]]
        assert [e.id for e in reopened.undo_history()] == done[:2]
        reopened.redo(done[2])
        assert reopened.span(spans[2].id).status is Status.ACCEPTED
        assert reopened.redo_history() == []
        reopened.undo(done[2])
        reopened.undo(done[1])
        assert [e.id for e in reopened.redo_history()] == [done[2], done[1]]
        reopened.accept(spans[3].id)  # a new action: nothing is left to redo
        assert reopened.redo_history() == []
        reopened.undo(reopened.undo_history()[-1].id)
        reopened.record_detection(doc_id, standard_spans(document))
        assert reopened.redo_history() == []


def test_last_position_is_kept_across_reopen(detected_project):
    project, doc_id, _ = detected_project
    assert project.last_position() is None
    span_id = project.spans(doc_id)[3].id
    project.set_last_position(doc_id, span_id)
    path = project.path
    project.close()
    with Project.open(path) as reopened:
        assert reopened.last_position() == Position(doc_id, span_id)


# ---------------------------------------------------------------- privacy


def test_log_messages_carry_no_transcript_text(tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="reviewer_app")
    with Project.create(tmp_path / "p.db") as project:
        document = hearing()
        doc_id = project.add_document(document)
        project.record_detection(doc_id, standard_spans(document))
        span = by_text(project, doc_id, "Fresno")
        project.undo(project.accept(span.id))
        project.add_whitelist_term("Fresno")
        project.decide_identical(by_text(project, doc_id, "Richardson").id, Status.ACCEPTED, "corpus")
    assert caplog.records
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for secret in ("Fresno", "Richardson", "RICHARDSON", "L90314", "Ann Lee"):
        assert secret not in logged


# ---------------------------------------------------------------- two processes

_HOLDER = textwrap.dedent(
    """
    import sys, time
    from reviewer_app.store import Project
    project = Project.open(sys.argv[1], read_only=False)
    print("locked", flush=True)
    sys.stdin.readline()
    project.close()
    """
)


def test_second_process_gets_read_only_or_a_clear_message(detected_project):
    project, doc_id, _ = detected_project
    span_id = project.spans(doc_id)[0].id
    path = project.path
    project.close()
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(ProjectLocked, match=r"open for writing by .*process \d+"):
            Project.open(path, read_only=False)
        with Project.open(path) as viewer:
            assert viewer.read_only and "process" in viewer.locked_by
            assert viewer.span(span_id).status is Status.PENDING  # reading works
            with pytest.raises(ReadOnlyProject, match="open for writing"):
                viewer.accept(span_id)
    finally:
        holder.communicate("\n", timeout=30)
    assert holder.returncode == 0
    # Once the holder is gone (or dead), the lock is free again.
    with Project.open(path) as writer:
        assert not writer.read_only
        writer.accept(span_id)
        assert writer.integrity_check() == "ok"


def test_lock_of_a_killed_process_is_released(tmp_path):
    path = tmp_path / "p.db"
    Project.create(path).close()
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert holder.stdout.readline().strip() == "locked"
    holder.kill()
    holder.wait(timeout=30)
    with Project.open(path, read_only=False) as project:
        assert not project.read_only


def test_one_action_on_more_spans_than_sqlite_takes_parameters(project):
    text = " ".join(["Kevin"] * 300)
    project.add_document(Document("many", text))
    project.record_detection("many", [Span(6 * i, 6 * i + 5, "PERSON") for i in range(300)])
    project.db.conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 100)
    first = project.spans("many")[0].id
    audit_id = project.decide_identical(first, Status.ACCEPTED, "corpus")
    assert {s.status for s in project.spans("many")} == {Status.ACCEPTED}
    project.undo(audit_id)
    assert {s.status for s in project.spans("many")} == {Status.PENDING}


def test_audit_of_a_decision_holds_only_what_changed(detected_project):
    project, doc_id, _ = detected_project
    span = project.spans(doc_id)[0]
    project.accept(span.id)
    entry = project.audit_log(limit=1)[0]
    changed = entry.after["spans"][str(span.id)]
    assert set(changed) == {"id", "status", "reviewer", "updated_at", "decided_at"}
    assert entry.before["spans"][str(span.id)]["status"] == "pending"
    project.accept(span.id)  # the same decision again changes only its time
    project.undo(project.audit_log(limit=1)[0].id)
    assert project.span(span.id).status is Status.ACCEPTED


def test_detection_killed_mid_run_is_interrupted_after_reopen(detected_project):
    """A process killed (SIGKILL, power cut) while detecting leaves "detecting";
    the next writer marks it interrupted, whether or not an earlier run completed,
    and keeps the earlier run's spans."""
    project, doc_id, _ = detected_project
    fresh = project.add_document(hearing("h2", extra=" Two."))
    spans_before = project.spans(doc_id)
    project.set_detection_status(doc_id, "detecting")
    project.set_detection_status(fresh, "detecting")
    path = project.path
    project.close()  # without finishing: what a killed process leaves
    with Project.open(path, read_only=True) as viewer:  # a viewer changes nothing
        assert {s.detection_status for s in viewer.list_documents()} == {"detecting"}
    with Project.open(path) as reopened:
        summaries = {s.id: s for s in reopened.list_documents()}
        assert reopened.spans(doc_id) == spans_before
    assert {i: s.state for i, s in summaries.items()} == {doc_id: "interrupted", fresh: "interrupted"}
    assert not summaries[doc_id].fully_reviewed
    with Project.open(path) as again:  # a later open leaves it interrupted
        assert {s.detection_status for s in again.list_documents()} == {"interrupted"}


def test_several_added_spans_are_one_action(detected_project):
    project, doc_id, document = detected_project
    starts = [document.text.index("Ann"), document.text.index("Lee")]
    audit_id = project.add_spans(
        doc_id, [(starts[0], starts[0] + 3, "PERSON"), (starts[1], starts[1] + 3, "PERSON")]
    )
    added = project.added_span_ids(audit_id)
    assert [project.span_text(i) for i in added] == ["Ann", "Lee"]
    assert {project.span(i).origin for i in added} == {"manual"}
    project.undo(audit_id)
    assert all(s.id not in added for s in project.spans(doc_id))
    with pytest.raises(ValueError):
        project.add_spans(doc_id, [])


def test_removing_a_document_takes_its_spans_and_clusters_with_it(project):
    for n in (1, 2):
        document = hearing(f"h{n}", extra=f" {n}")
        project.add_document(document)
        project.record_detection(f"h{n}", standard_spans(document))
        project.set_clusters(f"h{n}", [ClusterProposal("PERSON", "Kevin", (project.spans(f"h{n}")[0].id,))])
    project.accept(project.spans("h1")[0].id)
    project.remove_document("h1")
    assert project.document_ids() == ["h2"]
    assert project.db.execute("SELECT count(*) FROM spans WHERE document_id = 'h1'").fetchone()[0] == 0
    assert project.db.execute("SELECT count(*) FROM clusters").fetchone()[0] == 1
    assert project.corpus_stats().total == len(standard_spans(hearing()))
    assert project.undo_history() == []
    with pytest.raises(KeyError):
        project.document("h1")


def test_detection_that_finds_a_reviewers_span_joins_it_instead_of_doubling_it(detected_project):
    project, doc_id, document = detected_project
    wide = by_text(project, doc_id, "Fresno County")
    project.resize(wide.id, wide.start, wide.start + len("Fresno"))  # now like the "Fresno" span
    ann = document.text.index("Ann Lee")
    added = project.added_span_id(project.add_span(doc_id, ann, ann + 7, "PERSON"))
    before = len(project.spans(doc_id))
    spans = [*standard_spans(document), Span(ann, ann + 7, "PERSON", ("stanza",), 0.7)]
    spans.append(Span(wide.start, wide.start + len("Fresno"), "LOCATION", ("stanza",), 0.6))
    merge = project.record_detection(doc_id, spans, ["spacy", "stanza"])
    assert (merge.new, merge.kept) == (0, len(spans))
    assert len(project.spans(doc_id)) == before
    assert project.span(added).detector_names == ("stanza",) and project.span(added).origin == "manual"
    assert project.span(wide.id).detector_names == ("stanza",)
    assert project.span(wide.id).status is Status.ACCEPTED
    # Its first form no longer found, its reshaped form is: still found.
    spans = [s for s in spans if s.end - s.start != len("Fresno County")]
    project.record_detection(doc_id, spans, ["spacy", "stanza"])
    assert project.span(wide.id).found
