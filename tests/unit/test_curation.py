"""Whitelist candidates and the impact of whitelisting a term."""

from __future__ import annotations

from reviewer_app.core.interchange import Record, SpanRecord
from reviewer_app.core.spans import Span, Status
from reviewer_app.evaluation.curation import (
    DecidedSpan,
    add_to_whitelist,
    decided_spans_from_records,
    read_whitelist,
    term_impact,
    whitelist_candidates,
)


def decided(doc: str, text: str, status: Status, label: str = "ORGANIZATION") -> DecidedSpan:
    return DecidedSpan(doc, 0, len(text), label, status, text, f"… [{text}] …")


CORPUS = [
    decided("h1", "CBA", Status.REJECTED),
    decided("h1", "cba", Status.REJECTED),
    decided("h2", "CBA", Status.REJECTED),
    decided("h2", "Title  15", Status.REJECTED, "DATE"),
    decided("h3", "title 15", Status.REJECTED, "DATE"),
    decided("h3", "Georgia", Status.REJECTED, "LOCATION"),
    decided("h1", "Georgia", Status.REJECTED, "LOCATION"),
    decided("h2", "Georgia", Status.ACCEPTED, "PERSON"),
    decided("h3", "Penal Code", Status.REJECTED),
]


def test_candidates_rejected_at_least_n_times_most_rejected_first():
    candidates = whitelist_candidates(CORPUS, min_rejections=2)
    assert [(c.term, c.rejected, c.accepted, c.documents) for c in candidates] == [
        ("CBA", 3, 0, 2),
        ("Title 15", 2, 0, 2),  # white space and case do not make another term
        ("Georgia", 2, 1, 2),  # accepted once as a name: listed, but risky
    ]
    assert candidates[2].risky and not candidates[0].risky
    assert candidates[0].labels == ("ORGANIZATION",)
    assert len(candidates[0].examples) == 3
    assert [c.term for c in whitelist_candidates(CORPUS, min_rejections=3)] == ["CBA"]
    assert [c.term for c in whitelist_candidates(CORPUS, 2, whitelisted=["cba"])] == ["Title 15", "Georgia"]


def test_impact_warns_when_a_term_was_ever_accepted_as_pii():
    safe = term_impact("cba", CORPUS)
    assert len(safe.suppressed) == 3 and safe.accepted == () and safe.warning == ""
    risky = term_impact("GEORGIA", CORPUS)
    assert len(risky.suppressed) == 3 and len(risky.accepted) == 1
    assert "1 of the 3 spans" in risky.warning and "leak" in risky.warning
    assert "Georgia" not in risky.warning  # the warning may be logged: no transcript text


def test_decided_spans_from_reviewed_records():
    text = "Under Title 15 the CBA said Kevin left."
    record = Record(
        "h1",
        text,
        (
            SpanRecord(Span(6, 14, "DATE"), {"status": "rejected"}),
            SpanRecord(Span(19, 22, "ORGANIZATION"), {"status": "pending"}),
            SpanRecord(Span(28, 33, "PERSON"), {"status": "accepted"}),
        ),
    )
    spans = decided_spans_from_records([record])
    assert [(s.text, s.status) for s in spans] == [("Title 15", Status.REJECTED), ("Kevin", Status.ACCEPTED)]
    assert spans[0].context == "…Under [Title 15] the CBA said Kevin left.…"


def test_add_to_whitelist_appends_only_new_terms(tmp_path):
    path = tmp_path / "whitelist.txt"
    path.write_text("# hearing terms\nCDCR\nPenal Code", encoding="utf-8")
    assert add_to_whitelist(path, ["penal code", "CBA", "Title  15", "cba"]) == ["CBA", "Title 15"]
    assert read_whitelist(path) == ["CDCR", "Penal Code", "CBA", "Title 15"]
    assert path.read_text(encoding="utf-8").startswith("# hearing terms\n")


def small_project(path):
    """Three reviewed hearings: "CBA" rejected in each, "Kevin" accepted in each."""
    from reviewer_app.core.document import Document
    from reviewer_app.store.project import Project

    project = Project.create(path)
    for i in range(3):
        text = f"Hearing {i}: the CBA said Kevin left."
        doc_id = project.add_document(Document(f"h{i}", text))
        cba, kevin = text.index("CBA"), text.index("Kevin")
        project.record_detection(
            doc_id,
            [Span(cba, cba + 3, "ORGANIZATION", ("spacy",)), Span(kevin, kevin + 5, "PERSON", ("spacy",))],
        )
        for stored in project.spans(doc_id):
            project.decide(stored.id, Status.REJECTED if stored.label == "ORGANIZATION" else Status.ACCEPTED)
    return project


def test_curation_over_a_project(tmp_path):
    from reviewer_app.evaluation.sources import (
        decided_spans_from_project,
        project_whitelist,
        project_whitelist_adder,
    )

    with small_project(tmp_path / "p.db") as project:
        spans = decided_spans_from_project(project)
        assert len(spans) == 6
        assert spans[0].context == "…Hearing 0: the [CBA] said Kevin left.…"
        (candidate,) = whitelist_candidates(spans, 3, whitelisted=project_whitelist(project))
        assert (candidate.term, candidate.rejected, candidate.accepted, candidate.documents) == (
            "CBA",
            3,
            0,
            3,
        )
        add = project_whitelist_adder(project, who="curator")
        assert add(["CBA"]) == ["CBA"]
        assert add(["cba"]) == []  # already there
        assert "CBA" in project_whitelist(project)
        assert (
            whitelist_candidates(
                decided_spans_from_project(project), 3, whitelisted=project_whitelist(project)
            )
            == []
        )
