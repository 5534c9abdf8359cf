"""Corpus-wide pseudonyms (issue 16): one tag per person, CDCR number and place across the
documents of a project, stored so that earlier exports keep their tags."""

from __future__ import annotations

import json

import pytest

from reviewer_app.cli.main import main
from reviewer_app.core.corpus import KnownPerson, PersonUnit, match_unit
from reviewer_app.core.document import Document, HearingMetadata
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import Project, commands
from reviewer_app.store.project import propose_clusters
from reviewer_app.store.schema import SCHEMA_VERSION, migrate

D1 = "COMMISSIONER JONES: Good morning, Mr. Kevin Richardson, CDCR number V12345. Maria Lopez is here.\n"
D2 = "COMMISSIONER JONES: Mr. Mark Stevenson is here for Kevin Richardson, V12345, from Fresno.\n"
D3 = "COMMISSIONER SMITH: Ms. Lopez and Mark Stevenston. Ann Lee too. CDCR number W55555, Fresno.\n"
NEEDLES = {
    "d1": [
        ("JONES", "PERSON"),
        ("Kevin Richardson", "PERSON"),
        ("V12345", "CDCR_ID"),
        ("Maria Lopez", "PERSON"),
    ],
    "d2": [
        ("JONES", "PERSON"),
        ("Mark Stevenson", "PERSON"),
        ("Kevin Richardson", "PERSON"),
        ("V12345", "CDCR_ID"),
        ("Fresno", "CITY"),
    ],
    "d3": [
        ("SMITH", "PERSON"),
        ("Lopez", "PERSON"),
        ("Mark Stevenston", "PERSON"),
        ("Ann Lee", "PERSON"),
        ("W55555", "CDCR_ID"),
        ("Fresno", "CITY"),
    ],
}
TEXTS = {"d1": D1, "d2": D2, "d3": D3}


def add(project: Project, doc_id: str, accept: bool = True) -> None:
    text = TEXTS[doc_id]
    project.add_document(Document(doc_id, text))
    spans = [Span(text.index(n), text.index(n) + len(n), label, ("spacy",)) for n, label in NEEDLES[doc_id]]
    project.record_detection(doc_id, spans, ["spacy"])
    propose_clusters(project, doc_id, 88.0)
    if accept:
        for span in project.spans(doc_id):
            project.accept(span.id)


def run(*argv) -> int:
    return main([str(a) for a in argv])


def export(path, out, *options) -> dict[str, str]:
    assert run("project", "export", path, "--out", out, *options) == 0
    return {p.stem: p.read_text(encoding="utf-8") for p in out.iterdir()}


def test_corpus_tags_one_person_one_tag_across_documents_and_stable_when_documents_come(tmp_path, capsys):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        add(project, "d1", accept=False)  # not reviewed yet: not in the first export
        add(project, "d2")
    first = export(path, tmp_path / "out1", "--tags", "corpus", "--person-tags", "person")
    assert first == {
        "d2": "COMMISSIONER [PERSON_1]: Mr. [PERSON_2] is here for [PERSON_3], [CDCR_ID_1], from [CITY_1].\n"
    }

    with Project.open(path) as project:
        for span in project.spans("d1"):
            project.accept(span.id)
        add(project, "d3")
    second = export(path, tmp_path / "out2", "--tags", "corpus", "--person-tags", "person")
    # d1 comes first now, yet d2 keeps its tags: the numbers are the stored corpus mapping.
    assert second == {
        "d1": "COMMISSIONER [PERSON_1]: Good morning, Mr. [PERSON_3], CDCR number [CDCR_ID_1]. "
        "[PERSON_4] is here.\n",
        "d2": first["d2"],
        # Lopez is Maria Lopez of d1, Stevenston the misspelt Stevenson of d2.
        "d3": "COMMISSIONER [PERSON_5]: Ms. [PERSON_4] and [PERSON_2]. [PERSON_6] too. "
        "CDCR number [CDCR_ID_2], [CITY_1].\n",
    }
    # Per document (the default), each document numbers its people from 1.
    alone = export(path, tmp_path / "out3", "--person-tags", "person")
    assert alone["d3"].startswith("COMMISSIONER [PERSON_1]: Ms. [PERSON_2] and [PERSON_3].")
    with Project.open(path) as project:
        scopes = [(e.document_id, e.tag_scope, e.person_tags) for e in project.exports()]
        persons = {p.name: sorted(p.documents) for p in project.corpus_persons()}
    assert scopes == [
        ("d2", "corpus", "person"),
        ("d1", "corpus", "person"),
        ("d2", "corpus", "person"),
        ("d3", "corpus", "person"),
        ("d1", "document", "person"),
        ("d2", "document", "person"),
        ("d3", "document", "person"),
    ]
    assert persons == {
        "JONES": ["d1", "d2"],
        "Mark Stevenson": ["d2", "d3"],
        "Kevin Richardson": ["d1", "d2"],
        "Maria Lopez": ["d1", "d3"],
        "SMITH": ["d3"],
        "Ann Lee": ["d3"],
    }


def test_corpus_tags_per_name_part_and_the_mapping_says_its_scope(tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        for doc_id in ("d1", "d2", "d3"):
            add(project, doc_id)
    mapping = tmp_path / "private" / "mapping.json"
    out = export(path, tmp_path / "out", "--tags", "corpus", "--mapping", mapping)
    assert out["d1"].startswith("COMMISSIONER [PERSON_1]: Good morning, Mr. [PERSON_2] [PERSON_3],")
    assert out["d2"].startswith(
        "COMMISSIONER [PERSON_1]: Mr. [PERSON_6] [PERSON_7] is here for [PERSON_2] [PERSON_3]"
    )
    # "Stevenston" is numbered as the "Stevenson" it misspells in d2; "Lopez" as Maria Lopez's.
    assert out["d3"].startswith("COMMISSIONER [PERSON_8]: Ms. [PERSON_5] and [PERSON_6] [PERSON_7].")
    written = json.loads(mapping.read_text(encoding="utf-8"))
    assert written["tags"] == {"scope": "corpus", "person_tags": "part"}
    d3 = next(d for d in written["documents"] if d["id"] == "d3")
    assert {"tag": "[CDCR_ID_2]", "originals": ["W55555"]}.items() <= next(
        e for e in d3["entries"] if e["label"] == "CDCR_ID"
    ).items()


def test_a_read_only_project_refuses_corpus_tags(tmp_path, capsys):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        add(project, "d2")
        with Project.open(path, read_only=None) as second:  # the first holds the lock
            assert second.read_only
        assert run("project", "export", path, "--out", tmp_path / "out", "--tags", "corpus") == 2
    assert "read-only" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_persons_command_matches_and_lists_without_writing_tag_numbers(tmp_path, capsys):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        for doc_id in ("d1", "d2", "d3"):
            add(project, doc_id)
    assert run("project", "persons", path) == 0
    assert "no corpus persons yet" in capsys.readouterr().out
    assert run("project", "persons", path, "--match", "--json") == 0
    listed = json.loads(capsys.readouterr().out)["persons"]
    assert [(p["name"], len(p["documents"])) for p in listed] == [
        ("JONES", 2),
        ("Kevin Richardson", 2),
        ("Maria Lopez", 2),
        ("Mark Stevenson", 2),
        ("SMITH", 1),
        ("Ann Lee", 1),
    ]
    with Project.open(path) as project:
        assert project.corpus_tag_numbers() == {}  # numbers come with an export only


def test_merge_and_split_corpus_persons_are_undoable_and_drive_the_tags(tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        for doc_id in ("d1", "d2", "d3"):
            add(project, doc_id)
        assert main(["project", "persons", str(path), "--match"]) == 2  # the lock is held here
        from reviewer_app.store.reviewed_clusters import match_corpus

        match_corpus(project, 88.0)
        by_name = {p.name: p for p in project.corpus_persons()}
        stack = commands.CommandStack(project)
        merge = stack.do(commands.MergeCorpusPersons(by_name["JONES"].id, by_name["SMITH"].id))
        assert {p.name: p.documents for p in project.corpus_persons()}["JONES"] == ("d1", "d2", "d3")
        assert "SMITH" not in {p.name for p in project.corpus_persons()}
        stack.undo()
        assert {p.name: p.documents for p in project.corpus_persons()}["SMITH"] == ("d3",)
        stack.redo()
        assert merge.audit_id is not None and "SMITH" not in {p.name for p in project.corpus_persons()}

        lopez = {p.name: p for p in project.corpus_persons()}["Maria Lopez"]
        in_d3 = [m.id for m in lopez.members if m.document_id == "d3"]
        split = stack.do(commands.SplitCorpusPerson(in_d3, "Other Lopez"))
        names = {p.name: p.documents for p in project.corpus_persons()}
        assert names["Maria Lopez"] == ("d1",) and names["Other Lopez"] == ("d3",)
        assert split.person_id is not None
        stack.undo()
        assert {p.name: p.documents for p in project.corpus_persons()}["Maria Lopez"] == ("d1", "d3")
        stack.redo()
        # Undo and redo survive a reopen: the audit log holds the rows.
        assert [e.action for e in project.undo_history()][-2:] == [
            "merge_corpus_persons",
            "split_corpus_person",
        ]
    out = export(path, tmp_path / "out", "--tags", "corpus", "--person-tags", "person")
    # SMITH merged into JONES: one tag; the Lopez of d3 split off: not Maria Lopez's [PERSON_3].
    # (Tag numbers are given in the order of the export, not of the persons' ids.)
    assert "[PERSON_3] is here" in out["d1"]
    assert out["d3"].startswith("COMMISSIONER [PERSON_1]: Ms. [PERSON_5] and [PERSON_4]. [PERSON_6] too.")


def unit(doc: str, parts: tuple[str, ...], cdcr: str = "") -> PersonUnit:
    return PersonUnit(doc, " ".join(parts), parts, (" ".join(parts),), 1, cdcr)


def person(pid: int, *units: PersonUnit) -> KnownPerson:
    known = KnownPerson(pid)
    for u in units:
        known.add(u)
    return known


def test_the_cover_page_cdcr_number_decides_over_the_name():
    kevin = person(1, unit("a", ("kevin", "richardson"), "V12345"))
    # Another spelling on another cover, the same CDCR number: the same person.
    assert match_unit(unit("b", ("kev", "richards"), "V12345"), [kevin], 88.0) is kevin
    # The same name with another CDCR number: another person.
    assert match_unit(unit("c", ("kevin", "richardson"), "W99999"), [kevin], 88.0) is None
    # A shorter name joins the one person holding it; with two such persons, none.
    assert match_unit(unit("d", ("richardson",)), [kevin], 88.0) is kevin
    mary = person(2, unit("e", ("mary", "richardson")))
    assert match_unit(unit("d", ("richardson",)), [kevin, mary], 88.0) is None


def test_schema_5_adds_the_corpus_tables_to_a_version_4_file(tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=4) == [1, 2, 3, 4]
    conn.execute("INSERT INTO project(key, value) VALUES ('format', 'reviewer-app-project'), ('name', 'old')")
    conn.execute(
        "INSERT INTO documents(id, source, sha256, word_count, metadata, added_at, structure, text)"
        " VALUES ('h1', 'h1.txt', 'abc', 3, '{}', 1.0, ?, 'Kevin Richardson here')",
        (json.dumps({"utterances": [], "sections": [], "page_map": [], "notes": []}),),
    )
    conn.close()
    with Project.open(path) as project:
        assert project.schema_version == SCHEMA_VERSION == 5
        assert project.corpus_persons() == [] and project.exports() == []
        project.record_export("h1", "corpus", "person")
        assert [(e.tag_scope, e.person_tags) for e in project.exports("h1")] == [("corpus", "person")]
        assert project.document_summary("h1").exported_at is not None
        with pytest.raises(ValueError):
            project.record_export("h1", "case", "part")


def test_a_person_variant_split_in_a_document_stays_apart_in_the_corpus(tmp_path):
    """Two clusters of one document are two persons: the corpus never joins them."""
    path = tmp_path / "p.db"
    text = "Kevin Richardson came. His brother Richardson wrote.\n"
    with Project.create(path) as project:
        project.add_document(Document("h1", text, metadata=HearingMetadata(inmate_name="Kevin Richardson")))
        spans = [Span(0, 16, "PERSON", ("spacy",)), Span(35, 45, "PERSON", ("spacy",))]
        project.record_detection("h1", spans, ["spacy"])
        propose_clusters(project, "h1", 88.0)
        for span in project.spans("h1"):
            project.accept(span.id)
        brother = next(s.id for s in project.spans("h1") if s.start == 35)
        project.split_cluster([brother])
        assert project.spans("h1", [Status.ACCEPTED])
    out = export(path, tmp_path / "out", "--tags", "corpus", "--person-tags", "person")
    assert out["h1"] == "[PERSON_1] came. His brother [PERSON_2] wrote.\n"


def test_a_person_the_document_no_longer_has_leaves_the_corpus_persons(tmp_path, capsys):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        for doc_id in ("d1", "d3"):
            add(project, doc_id)
    assert run("project", "persons", path, "--match", "--json") == 0
    assert "Ann Lee" in {p["name"] for p in json.loads(capsys.readouterr().out)["persons"]}
    with Project.open(path) as project:
        ann = next(s for s in project.spans("d3") if project.span_text(s.id) == "Ann Lee")
        project.reject(ann.id)  # not a person after all
    assert run("project", "persons", path, "--match", "--json") == 0
    persons = {p["name"]: p for p in json.loads(capsys.readouterr().out)["persons"]}
    assert "Ann Lee" not in persons and len(persons["Maria Lopez"]["documents"]) == 2


def test_the_cover_cdcr_number_joins_two_spellings_and_parts_two_namesakes(tmp_path):
    path = tmp_path / "p.db"
    hearings = {
        "a": ("Kevin Richardson", "V12345", "Inmate Kevin Richardson is present.\n"),
        # "Rich" is too short for a misspelling: only the CDCR number says it is him.
        "b": ("Kevin Rich", "V12345", "Inmate Kevin Rich is present.\n"),
        "c": ("Kevin Richardson", "W99999", "Inmate Kevin Richardson is here.\n"),
    }
    with Project.create(path) as project:
        for doc_id, (name, cdcr, text) in hearings.items():
            metadata = HearingMetadata(inmate_name=name, cdcr_number=cdcr)
            project.add_document(Document(doc_id, text, metadata=metadata))
            start = text.index(name)
            project.record_detection(
                doc_id, [Span(start, start + len(name), "PERSON", ("spacy",))], ["spacy"]
            )
            propose_clusters(project, doc_id, 88.0)
            for span in project.spans(doc_id):
                project.accept(span.id)
    out = export(path, tmp_path / "out", "--tags", "corpus", "--person-tags", "person")
    assert out == {
        "a": "Inmate [PERSON_1] is present.\n",
        "b": "Inmate [PERSON_1] is present.\n",
        "c": "Inmate [PERSON_2] is here.\n",
    }
