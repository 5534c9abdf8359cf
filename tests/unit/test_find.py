"""Find in a transcript (core/find.py) and Tag all matches: which matches are
tagged (ui/navigation.plan_tagging) and the store command that adds them as one
undoable action."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.find import SEARCH_SECONDS, InvalidQuery, find_all, match_at_or_after, split_covered
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import commands
from reviewer_app.store.project import Project
from reviewer_app.ui.navigation import plan_tagging
from reviewer_app.ui.text_positions import TextPositions

TEXT = "Ray Murray met Raymond.\nRAY: ray, Ray!\nMr. Smith was 23; Mr.Smith 45 (555) 01"


def texts(text, found):
    return [text[s:e] for s, e in found]


def test_plain_text_ignores_case_unless_asked():
    assert texts(TEXT, find_all(TEXT, "ray")) == ["Ray", "ray", "Ray", "RAY", "ray", "Ray"]
    assert texts(TEXT, find_all(TEXT, "Ray", case_sensitive=True)) == ["Ray", "Ray", "Ray"]


def test_whole_words_skip_longer_words_and_allow_punctuation_at_the_ends():
    found = find_all(TEXT, "ray", whole_word=True)
    assert texts(TEXT, found) == ["Ray", "RAY", "ray", "Ray"]
    assert found[0] == (0, 3)
    # A query ending in punctuation still works as a whole word.
    assert texts(TEXT, find_all(TEXT, "Mr.", whole_word=True)) == ["Mr."]
    assert find_all("Mr.Smith", "Mr.", whole_word=True) == []


def test_plain_text_is_literal_and_regex_is_a_pattern():
    assert texts(TEXT, find_all(TEXT, "(555)")) == ["(555)"]
    assert texts(TEXT, find_all(TEXT, r"\d\d", regex=True, whole_word=True)) == ["23", "45", "01"]
    # ^ matches at each line: the speaker tags.
    assert texts(TEXT, find_all(TEXT, r"^[A-Z]+(?=:)", regex=True, case_sensitive=True)) == ["RAY"]
    assert texts(TEXT, find_all(TEXT, "ray|smith", regex=True, whole_word=True)) == [
        "Ray",
        "RAY",
        "ray",
        "Ray",
        "Smith",
        "Smith",  # "Mr.Smith": a dot is not part of a word
    ]


def test_empty_matches_and_empty_queries_find_nothing():
    assert find_all(TEXT, "") == []
    assert find_all(TEXT, "x*", regex=True) == []
    assert find_all(TEXT, "^", regex=True) == []


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("(Ray", "missing ), unterminated subpattern at character 1"),
        ("Ray[", "character 4"),
        ("*", "nothing to repeat"),
    ],
)
def test_an_invalid_regex_is_a_plain_message(query, says):
    with pytest.raises(InvalidQuery) as raised:
        find_all(TEXT, query, regex=True, whole_word=True)
    message = str(raised.value)
    assert message.startswith("Not a valid regular expression") and says in message
    assert find_all(f"a {query} b", query) == [(2, 2 + len(query))]  # as plain text it is fine


def test_offsets_are_str_offsets_past_astral_characters():
    text = "😀 Ann 𝐁ob met Ann\r\nand 🎉Ann."
    found = find_all(text, "ann", whole_word=True)
    assert texts(text, found) == ["Ann", "Ann", "Ann"]
    assert found[0] == (2, 5)  # one code point for the emoji, not two UTF-16 units
    positions = TextPositions(text)
    # In Qt units: +1 after each astral character (two UTF-16 units), -1 after "\r\n" (one).
    assert [positions.to_qt(s) for s, _ in found] == [3, 16, 26]
    assert positions.to_document_range(3, 6) == found[0]


def test_the_current_match_starts_at_the_cursor_and_wraps():
    matches = [(0, 3), (10, 13), (20, 23)]
    assert match_at_or_after(matches, 0) == 0
    assert match_at_or_after(matches, 5) == 1
    assert match_at_or_after(matches, 10) == 1
    assert match_at_or_after(matches, 21) == 0
    assert match_at_or_after([], 0) is None


def test_split_covered_finds_any_overlap():
    matches = [(0, 3), (5, 8), (10, 12), (20, 25), (30, 32)]
    covered = [(2, 4), (9, 14), (24, 40), (6, 7)]
    free, taken = split_covered(matches, covered)
    assert free == []
    assert taken == matches
    free, taken = split_covered([(0, 3), (3, 5), (8, 9)], [(3, 5)])
    assert free == [(0, 3), (8, 9)] and taken == [(3, 5)]


@dataclass(frozen=True)
class Row:
    id: int
    span: Span
    status: Status


def test_plan_skips_text_under_spans_except_rejected_ones_and_trims_like_t():
    text = "Ann, Ann and Ann met ann. --"
    starts = [i for i in range(len(text)) if text.startswith("Ann", i) or text.startswith("ann", i)]
    rows = [
        Row(1, Span(starts[0], starts[0] + 3, "PERSON"), Status.PENDING),
        Row(2, Span(starts[1] - 1, starts[1] + 2, "PERSON"), Status.ACCEPTED),  # overlaps partly
        Row(3, Span(starts[2], starts[2] + 3, "PERSON"), Status.REJECTED),
    ]
    # " ann." as matched by a regex: trimmed to "ann", as T trims a selection.
    matches = [(s, s + 3) for s in starts[:3]] + [(starts[3] - 1, starts[3] + 4), (len(text) - 2, len(text))]
    plan = plan_tagging(text, matches, rows, "AGE")
    assert plan.spans == ((starts[2], starts[2] + 3), (starts[3], starts[3] + 3))
    assert (plan.covered, plan.blank, plan.label, plan.inside_words) == (2, 1, "AGE", 0)


def test_plan_counts_matches_inside_longer_words():
    text = "Ann filed her annual report; Anna and Ann."
    plan = plan_tagging(text, find_all(text, "ann"), [], "PERSON")
    assert len(plan.spans) == 4 and plan.inside_words == 2  # "annual" and "Anna"
    assert plan_tagging(text, find_all(text, "ann", whole_word=True), [], "PERSON").inside_words == 0


@pytest.fixture
def project(tmp_path):
    text = "Ann is 23. Ann was 23 then; ann is 23."
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(Document("d1", text))
        project.record_detection(doc_id, [Span(0, 3, "PERSON", ("spacy",), 0.9)], ["spacy"])
        yield project, doc_id, text


def test_tag_all_is_one_action_of_manual_accepted_spans_undone_and_redone(project):
    project, doc_id, text = project
    rows = [Row(s.id, s.span, s.status) for s in project.spans(doc_id)]
    plan = plan_tagging(text, find_all(text, "ann", whole_word=True), rows, "PERSON")
    assert plan.covered == 1 and len(plan.spans) == 2
    audits_before = len(project.audit_log(limit=100))
    stack = commands.CommandStack(project)
    command = stack.do(commands.AddSpans(doc_id, [(s, e, plan.label) for s, e in plan.spans]))
    added = [project.span(i) for i in command.span_ids]
    assert [(s.start, s.end) for s in added] == list(plan.spans)
    assert all(s.status is Status.ACCEPTED and s.origin == "manual" and s.label == "PERSON" for s in added)
    log = project.audit_log(limit=100)
    assert len(log) == audits_before + 1  # one audit entry for all of them
    assert set(log[0].span_ids) == set(command.span_ids)
    stack.undo()
    assert len(project.spans(doc_id)) == 1
    stack.redo()
    assert {s.id for s in project.spans(doc_id)} >= set(command.span_ids)
    assert len(project.spans(doc_id)) == 3


def test_an_expression_that_backtracks_without_end_is_stopped_and_told():
    started = time.monotonic()
    with pytest.raises(InvalidQuery, match="took longer than"):
        find_all("a" * 5000 + "b", "(a|aa)+$", regex=True)
    # Stopped, not left to run for hours (the check is periodic, and the machine may be busy).
    assert time.monotonic() - started < SEARCH_SECONDS + 10
