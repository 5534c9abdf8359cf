"""Agreement between two reviewers: span F1, token kappa and the disagreements, by hand."""

from __future__ import annotations

import pytest

from reviewer_app.core.interchange import Record, SpanRecord
from reviewer_app.core.spans import Span
from reviewer_app.evaluation.agreement import agreement, cohen_kappa, split_by_reviewer, token_labels
from reviewer_app.evaluation.metrics import DocumentPair

TEXT = "Kevin Richardson lived in Fresno County with Ann ."
#       tokens: Kevin Richardson lived in Fresno County with Ann .   (9 tokens)


def at(fragment: str, label: str) -> Span:
    start = TEXT.index(fragment)
    return Span(start, start + len(fragment), label)


A = (at("Kevin Richardson", "PERSON"), at("Fresno County", "LOCATION"), at("Ann", "PERSON"))
B = (at("Kevin Richardson", "PERSON"), at("Fresno", "CITY"), at("Ann", "ORGANIZATION"))


def test_token_labels():
    assert token_labels(TEXT, A) == ["PERSON", "PERSON", "O", "O", "LOCATION", "LOCATION", "O", "PERSON", "O"]


def test_span_f1_kappa_and_disagreements():
    result = agreement([DocumentPair("d", TEXT, A, B)])
    # spans: only "Kevin Richardson" agrees exactly: P = 1/3, R = 1/3, F1 = 1/3
    assert result.span_f1 == pytest.approx(1 / 3)
    # tokens A: P P O O L L O P O ; B: P P O O L O O G O (CITY -> LOCATION, G = ORGANIZATION)
    # agree on 7 of 9: p_o = 7/9
    # A counts: P 3, O 4, L 2; B counts: P 2, O 5, L 1, G 1
    # p_e = (3*2 + 4*5 + 2*1) / 81 = 28/81
    # kappa = (7/9 - 28/81) / (1 - 28/81) = (63 - 28) / (81 - 28) = 35/53
    assert result.observed == pytest.approx(7 / 9)
    assert result.expected == pytest.approx(28 / 81)
    assert result.kappa == pytest.approx(35 / 53)
    assert result.tokens == 9
    assert [(d.kind, d.text) for d in result.disagreements] == [
        ("boundary", "Fresno County"),
        ("label", "Ann"),
    ]


def test_only_one_reviewer_and_perfect_agreement():
    only_a = agreement([DocumentPair("d", TEXT, A, A[:2])])
    assert [(d.kind, d.text) for d in only_a.disagreements] == [("only_a", "Ann")]
    only_b = agreement([DocumentPair("d", TEXT, A[:2], A)])
    assert [(d.kind, d.text) for d in only_b.disagreements] == [("only_b", "Ann")]
    same = agreement([DocumentPair("d", TEXT, A, A)])
    assert (same.span_f1, same.kappa, same.disagreements) == (1.0, 1.0, ())


def test_kappa_of_identical_single_label_sequences_is_one():
    assert cohen_kappa(["O", "O"], ["O", "O"]) == (1.0, 1.0, 1.0)
    with pytest.raises(ValueError):
        cohen_kappa(["O"], [])


def test_split_by_reviewer_keeps_the_two_reviewers_apart():
    record = Record(
        "d",
        TEXT,
        (
            SpanRecord(A[0], {"reviewer": "ana"}),
            SpanRecord(B[0], {"reviewer": "ben"}),
            SpanRecord(A[2], {"reviewer": "ana"}),
        ),
    )
    split = split_by_reviewer([record])
    assert sorted(split) == ["ana", "ben"]
    assert split["ana"][0].plain_spans == (A[0], A[2])
    assert split["ben"][0].plain_spans == (B[0],)


def test_evaluate_command_agreement(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import write_jsonl

    ana = write_jsonl(tmp_path / "ana.jsonl", [Record("d", TEXT, tuple(SpanRecord(s) for s in A))])
    ben = write_jsonl(tmp_path / "ben.jsonl", [Record("d", TEXT, tuple(SpanRecord(s) for s in B))])
    assert main(["evaluate", "--gold", str(ana), "--pred", str(ben), "--agreement"]) == 0
    out = capsys.readouterr().out
    # F1 1/3 and kappa 35/53 = 0.660, as computed above
    assert "Agreement of ana and ben: span F1 0.333, token kappa 0.660 (9 tokens)" in out
    assert "| d | boundary | LOCATION | LOCATION | Fresno County |" in out
    assert "| d | label | PERSON | ORGANIZATION | Ann |" in out


def test_evaluate_command_agreement_of_two_reviewers_in_one_gold_file(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import write_jsonl

    spans = [SpanRecord(s, {"reviewer": "ana"}) for s in A] + [SpanRecord(s, {"reviewer": "ben"}) for s in B]
    gold = write_jsonl(tmp_path / "gold.jsonl", [Record("d", TEXT, tuple(spans))])
    assert main(["evaluate", "--gold", str(gold), "--agreement"]) == 0
    assert "Agreement of ana and ben: span F1 0.333, token kappa 0.660" in capsys.readouterr().out
    alone = write_jsonl(tmp_path / "alone.jsonl", [Record("d", TEXT, tuple(spans[:3]))])
    assert main(["evaluate", "--gold", str(alone), "--agreement"]) == 2
    assert "name 1 reviewers" in capsys.readouterr().err
    assert main(["evaluate", "--gold", str(alone)]) == 2
