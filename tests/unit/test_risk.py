"""Residual risk scores, document sums and the corpus criterion, computed by hand."""

from __future__ import annotations

import math

import pytest

from reviewer_app.core.spans import Span
from reviewer_app.evaluation.metrics import DocumentPair
from reviewer_app.evaluation.risk import RiskTable, corpus_risk, load_risk_table, percentile


def spans_of(text: str, *items: tuple[str, str]) -> tuple[Span, ...]:
    out = []
    for fragment, label in items:
        start = text.index(fragment)
        out.append(Span(start, start + len(fragment), label))
    return tuple(out)


def test_the_papers_worked_example_scores_six():
    # The residual-risk paper's Table 2: "Dunder Mifflin" missed (organization of the
    # speaker, 2), "Green" left of "Rachel Green" (partial name, ceil(5/2) = 3), and
    # "M-K two one" left of the e-mail (partial e-mail of score 3, floor(3/2) = 1).
    table = RiskTable(
        scores={"ORGANIZATION": 2, "PERSON": 5, "EMAIL_ADDRESS": 3},
        round_up=frozenset({"PERSON"}),
    )
    text = "Dunder Mifflin, this is Rachel Green speaking. It's M-K two one mk21@abc.com"
    gold = spans_of(
        text,
        ("Dunder Mifflin", "ORGANIZATION"),
        ("Rachel Green", "PERSON"),
        ("M-K two one mk21@abc.com", "EMAIL_ADDRESS"),
    )
    pred = spans_of(text, ("Rachel", "PERSON"), ("mk21@abc.com", "EMAIL_ADDRESS"))
    risk = corpus_risk([DocumentPair("call", text, gold, pred)], table)
    assert [(i.text, i.score, i.partial) for i in risk.documents[0].items] == [
        ("Green", 3, True),
        ("Dunder Mifflin", 2, False),
        ("M-K two one", 1, True),
    ]
    assert risk.documents[0].score == 2 + 3 + 1


def test_shipped_table_rounds_names_up_and_the_rest_down():
    table = load_risk_table()
    assert (table.full_score("PERSON"), table.partial_score("PERSON")) == (5, 3)
    assert (table.full_score("CDCR_ID"), table.partial_score("CDCR_ID")) == (5, 3)
    assert (table.full_score("LOCATION"), table.partial_score("LOCATION")) == (2, 1)
    assert (table.full_score("EMAIL_ADDRESS"), table.partial_score("EMAIL_ADDRESS")) == (4, 2)
    assert (table.full_score("AGE"), table.partial_score("AGE")) == (1, 0)
    # a fine label of its own, and one that falls back to its coarse label
    assert table.full_score("STATE") == 1
    assert table.full_score("PRISON") == table.full_score("LOCATION") == 2


def test_one_score_per_distinct_missed_string():
    text = "Marc called. Then Marc again, MARC, and M-A-R-C. Marc Smith too."
    gold = spans_of(text, ("Marc Smith", "PERSON"))
    gold += tuple(
        Span(i, i + 4, "PERSON")
        for i in range(len(text))
        if text[i : i + 4].lower() == "marc" and not any(g.start <= i < g.end for g in gold)
    )
    gold += spans_of(text, ("M-A-R-C", "SPELLED_NAME"))
    pred = spans_of(text, ("Smith", "PERSON"))
    doc = corpus_risk([DocumentPair("d", text, gold, pred)]).documents[0]
    # Three whole misses of "Marc"/"MARC", one spelled, one partial ("Marc" of
    # "Marc Smith"): one string, scored with its highest score, 5.
    assert len(doc.items) == 1
    assert (doc.items[0].score, doc.items[0].occurrences) == (5, 5)
    assert doc.score == 5


def test_corpus_criterion_mean_plus_sample_std_below_five():
    text = "Kevin met Ann in Fresno."
    gold = spans_of(text, ("Kevin", "PERSON"), ("Ann", "PERSON"), ("Fresno", "LOCATION"))
    everything = gold
    no_location = gold[:2]
    only_kevin = gold[:1]
    pairs = [
        DocumentPair("d1", text, gold, everything),  # 0
        DocumentPair("d2", text, gold, no_location),  # Fresno missed: 2
        DocumentPair("d3", text, gold, only_kevin),  # Ann 5 + Fresno 2 = 7
    ]
    risk = corpus_risk(pairs)
    assert risk.scores == [0, 2, 7]
    # mean = 9/3 = 3; sample variance = ((0-3)^2 + (2-3)^2 + (7-3)^2) / 2 = 26/2 = 13
    assert risk.mean == 3.0
    assert risk.std == pytest.approx(math.sqrt(13))
    assert risk.mean_plus_std == pytest.approx(3 + 3.6056, abs=1e-4)
    assert not risk.passes
    assert risk.above_threshold == ("d3",)
    assert risk.maximum == 7
    # P95 by linear interpolation: position 0.95 * 2 = 1.9 -> 2 + 0.9 * (7 - 2) = 6.5
    assert risk.p95 == pytest.approx(6.5)

    passing = corpus_risk(pairs[:2])
    # mean 1, sample std sqrt(((0-1)^2 + (2-1)^2) / 1) = sqrt(2): 2.414 < 5
    assert passing.mean_plus_std == pytest.approx(1 + math.sqrt(2))
    assert passing.passes


def test_separators_alone_do_not_leak():
    text = "Kevin Richardson."
    gold = spans_of(text, ("Kevin Richardson", "PERSON"))
    pred = spans_of(text, ("Kevin", "PERSON"), ("Richardson", "PERSON"))
    assert corpus_risk([DocumentPair("d", text, gold, pred)]).documents[0].score == 0


def test_percentile_edges():
    assert percentile([], 95) == 0.0
    assert percentile([4], 95) == 4
    assert percentile([1, 2, 3, 4, 5], 50) == 3


def test_a_span_hiding_only_punctuation_leaves_a_whole_miss():
    text = "Call Kevin Richardson now."
    gold = spans_of(text, ("Kevin Richardson", "PERSON"))
    space = text.index(" Richardson")
    pred = (Span(space, space + 1, "PERSON"),)  # overlaps the gold span, hides no letter
    (item,) = corpus_risk([DocumentPair("d", text, gold, pred)]).documents[0].items
    assert (item.text, item.partial, item.score) == ("Kevin Richardson", False, 5)
