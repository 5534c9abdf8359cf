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
