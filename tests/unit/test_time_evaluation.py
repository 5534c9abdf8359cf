"""Time-based scores of an audio redaction (evaluation/timed.py, `evaluate --time-aligned`)."""

from __future__ import annotations

import pytest

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.cli.main import main
from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.core.spans import Span
from reviewer_app.evaluation.metrics import DocumentPair
from reviewer_app.evaluation.timed import TimeScores, corpus_time_scores, time_scores, time_table
from tests.unit.test_redaction_intervals import JUNE_THIRD, LOPEZ, MARIA, TEXT, TIME_MAP

BYE = Span(39, 42, "PERSON")  # 31.0-31.5 s
NEVER_SAID = Span(17, 18, "PERSON")  # the line break between two cues
JUNE = Span(28, 33, "DATE")  # "June " of the interpolated cue: 25.0-27.5 s

# Gold time: Maria 10.5-11.0, Lopez 11.1-11.9, June third 25.0-30.0, bye 31.0-31.5 = 6.8 s.
# Redaction (pad 0.15): Maria 10.35-11.15, "June " 24.85-27.65 = 3.6 s.
# Covered: 0.5 (Maria) + 0.05 (Lopez's first 50 ms) + 2.65 (June third's first 2.65 s) = 3.2 s.
GOLD = [MARIA, LOPEZ, JUNE_THIRD, BYE, NEVER_SAID]
PREDICTED = [MARIA, JUNE]


def test_time_recall_and_seconds_redacted_without_identifier():
    scores = time_scores(TIME_MAP, GOLD, PREDICTED, pad=0.15)
    assert scores.gold_s == 6.8
    assert scores.covered_s == 3.2
    assert scores.redacted_s == 3.6
    assert scores.recall == pytest.approx(3.2 / 6.8)
    # 10.35-10.5 and 11.0-11.1 around Maria, 24.85-25.0 before June: 0.15 + 0.1 + 0.15
    assert scores.redacted_without_identifier_s == 0.4
    assert (scores.gold_spans, scores.fully_covered, scores.half_covered) == (4, 1, 2)
    assert scores.unspoken_gold == 1
    assert (scores.intervals, scores.approximate) == (2, 1)


def test_gold_time_is_a_union_and_a_perfect_redaction_has_recall_one():
    # Two gold spans over the same word count once; predicting everything with no pad hides all of it.
    scores = time_scores(TIME_MAP, [MARIA, MARIA, LOPEZ], [Span(6, 17, "PERSON")], pad=0.0)
    assert (scores.gold_s, scores.covered_s, scores.redacted_s) == (1.3, 1.3, 1.4)  # 10.5-11.9
    assert scores.recall == 1.0
    assert scores.redacted_without_identifier_s == 0.1  # the pause 11.0-11.1 between the names
    assert scores.fully_covered == 3


def test_documents_add_up_and_no_gold_time_has_no_recall():
    one = time_scores(TIME_MAP, GOLD, PREDICTED)
    both = corpus_time_scores(
        [DocumentPair("a", TEXT, tuple(GOLD), tuple(PREDICTED)), DocumentPair("b", "other", (), ())],
        [("a.vtt", TIME_MAP, TEXT), ("a-again.vtt", TIME_MAP, TEXT)],
    )
    assert both == one + one
    assert (both.documents, both.gold_s, both.covered_s) == (2, 13.6, 6.4)
    assert TimeScores().recall is None
    assert "—" in time_table(TimeScores(), 0.15).markdown()
    with pytest.raises(ValueError, match="none of the gold documents"):
        corpus_time_scores([DocumentPair("b", "other", (), ())], [("a.vtt", TIME_MAP, TEXT)])


def test_evaluate_reports_the_time_based_table(tmp_path, capsys):
    from reviewer_app.importers import import_file
    from tests.unit.test_timed_export import _whisper

    transcript = _whisper(tmp_path)
    text = import_file(transcript).text

    def span(value, label):
        return SpanRecord(Span(text.index(value), text.index(value) + len(value), label))

    # Gold: "Maria Lopez" said 1.25-1.75 s, "June third" 3.0-3.5 s. Predicted: "Maria" (1.25-1.5 s),
    # padded by 0.15 s: 1.1-1.65 s; 1.25-1.65 is gold time (0.4 of 1.0 s, 0.8 of the name), 1.1-1.25 not.
    gold = write_jsonl(
        tmp_path / "gold.jsonl",
        [Record("call", text, (span("Maria Lopez", "PERSON"), span("June third", "DATE")))],
    )
    pred = write_jsonl(tmp_path / "pred.jsonl", [Record("call", text, (span("Maria", "PERSON"),))])
    argv = ["evaluate", "--gold", gold, "--pred", pred, "--time-aligned", transcript]
    assert main([str(a) for a in argv]) == Exit.OK
    out = capsys.readouterr().out
    assert "Time-based redaction (audio)" in out
    assert "| time recall (gold identifier time redacted) | 0.400 |" in out
    assert "| redacted holding no identifier | 0.15 s |" in out
    assert "| gold spans at least half redacted (ρ = 0.5) | 1 of 2 (0.500) |" in out
    assert main([str(a) for a in [*argv, "--report", tmp_path / "report"]]) == Exit.OK
    assert "Time-based redaction (audio)" in (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert main([str(a) for a in [*argv, "--pad", "-2"]]) == Exit.BAD_INPUT
    assert "--pad" in capsys.readouterr().err
    assert main([str(a) for a in [*argv[:-1], gold]]) == Exit.BAD_INPUT  # not a time-aligned transcript
