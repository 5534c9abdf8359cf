"""The `trained` detector: status, detection beside the others, provenance, --model."""

from __future__ import annotations

import dataclasses
import json

import pytest

pytest.importorskip("spacy")

from reviewer_app.core.interchange import write_jsonl
from reviewer_app.detectors.registry import default_names, detector_status, with_model
from reviewer_app.detectors.runner import run_detection
from reviewer_app.importers.text import document_from_text
from reviewer_app.settings import Settings
from tests.unit.test_training import tiny_records


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    from reviewer_app.training.data import documents_from_records
    from reviewer_app.training.train import TrainOptions, train_model

    out = tmp_path_factory.mktemp("trained") / "model"
    # A new head on the base tok2vec, which reads the spaCy detector's Doc; it needs some epochs.
    options = TrainOptions(epochs=30, eval_split=0.34, architecture="shared")
    train_model(documents_from_records(tiny_records()), out, options)
    return out


def test_status_without_with_and_with_a_wrong_model(model_dir, tmp_path):
    assert not detector_status("trained", Settings()).status.ready
    assert "reviewer-app train" in detector_status("trained", Settings()).status.message
    (tmp_path / "notes.txt").write_text("x")
    wrong = detector_status("trained", Settings(trained_model=str(tmp_path))).status
    assert not wrong.ready and "not a trained model" in wrong.message
    ready = detector_status("trained", Settings(trained_model=str(model_dir))).status
    assert ready.ready and "LOCATION, PERSON" in ready.message


def test_default_names_add_the_trained_detector_only_with_a_model(model_dir):
    settings = Settings(detectors=("spacy",))
    assert default_names(settings) == ("spacy",)
    assert default_names(with_model(settings, str(model_dir))) == ("spacy", "trained")
    assert with_model(settings, None) is settings


def test_trained_spans_carry_their_provenance_beside_spacy(model_dir):
    settings = Settings(trained_model=str(model_dir))
    record = tiny_records(1)[0]
    document = document_from_text(record.id, record.text)
    result = run_detection(document, ["spacy", "trained"], settings)
    assert result.run("trained").ok and result.run("spacy").ok
    trained = result.raw["trained"]
    assert trained and all(s.detectors == ("trained",) for s in trained)
    assert all(s.label in ("PERSON", "LOCATION") for s in trained)
    merged_detectors = {d for s in result.spans for d in s.detectors}
    assert "trained" in merged_detectors


def test_a_broken_model_is_reported_and_the_others_still_run(model_dir, tmp_path):
    import shutil

    broken = tmp_path / "broken"
    shutil.copytree(model_dir, broken)
    (broken / "ner_trained" / "model").write_bytes(b"not a model")
    settings = Settings(trained_model=str(broken))
    document = document_from_text("d", tiny_records(1)[0].text)
    result = run_detection(document, ["spacy", "trained"], settings)
    assert result.run("spacy").ok and result.run("spacy").span_count > 0
    run = result.run("trained")
    assert not run.ok and "broken" in run.error


def test_detect_cli_with_model(model_dir, tmp_path, monkeypatch, capsys):
    from reviewer_app.cli.main import main

    monkeypatch.setattr(
        "reviewer_app.settings.load_settings", lambda path=None: Settings(detectors=("spacy",))
    )
    gold = write_jsonl(tmp_path / "in.jsonl", tiny_records(2))
    assert main(["detect", str(gold), "--out", str(tmp_path / "out"), "--model", str(model_dir)]) == 0
    lines = (tmp_path / "out" / "in.spans.jsonl").read_text(encoding="utf-8").splitlines()
    meta = json.loads(lines[0])["meta"]["detectors"]
    assert meta["trained"]["ok"] and meta["spacy"]["ok"]
    (tmp_path / "empty").mkdir()
    capsys.readouterr()
    commands = (
        ["detect", str(gold), "--out", str(tmp_path / "o2")],
        ["project", "add", str(tmp_path / "x.db"), str(gold)],
    )
    for command in commands:
        assert main([*command, "--model", str(tmp_path / "empty")]) == 2
        err = capsys.readouterr().err
        assert "--model" in err and "not a trained model" in err
    assert not (tmp_path / "o2").exists()


def test_settings_file_keeps_the_trained_model(tmp_path):
    from reviewer_app.settings import load_settings, save_settings

    settings = dataclasses.replace(Settings(), trained_model="/models/court")
    save_settings(settings, tmp_path / "s.toml")
    assert load_settings(tmp_path / "s.toml").trained_model == "/models/court"


def test_project_add_and_export_with_model(model_dir, tmp_path, monkeypatch):
    from reviewer_app.cli.main import main
    from reviewer_app.store import Project

    monkeypatch.setattr(
        "reviewer_app.settings.load_settings", lambda path=None: Settings(detectors=("spacy",))
    )
    transcript = tmp_path / "case.txt"
    transcript.write_text(tiny_records(1)[0].text, encoding="utf-8")
    path = tmp_path / "p.db"
    assert main(["project", "new", str(path)]) == 0
    assert main(["project", "add", str(path), str(transcript), "--model", str(model_dir)]) == 0
    with Project.open(path) as project:
        (summary,) = project.list_documents()
        assert summary.detectors == ("spacy", "trained")
        names = {name for s in project.spans(summary.id) for name in s.detector_names}
        assert "trained" in names
    out = tmp_path / "out"
    code = main(["export", str(transcript), "--out", str(out), "--accept-all", "--model", str(model_dir)])
    assert code == 0
    assert "Zorvath" not in next(out.iterdir()).read_text(encoding="utf-8")


def test_trained_spans_fill_gaps_and_give_way_where_they_do_not_lead():
    from reviewer_app.core.merge import merge_spans
    from reviewer_app.core.spans import Span
    from reviewer_app.detectors.trained import DEFERRING_SCORE, LEADING_SCORE

    text = "On June 2020. I met Anna Berg in Brimstowe about case 12345/07 of the Dale Water Board."
    june, anna, place, case, board = (
        text.index(w) for w in ("June 2020", "Anna Berg", "Brimstowe", "12345/07", "Dale Water Board")
    )
    spans = [
        Span(june, june + 9, "DATE", ("spacy",), 0.85),
        Span(june, june + 12, "DATE", ("trained",), DEFERRING_SCORE),  # longer, not leading: gives way
        Span(anna, anna + 9, "PERSON", ("spacy",), 0.85),
        Span(anna, anna + 9, "PERSON", ("trained",), DEFERRING_SCORE),  # the same: one span, both
        Span(place, place + 9, "LOCATION", ("trained",), DEFERRING_SCORE),  # a gap: kept
        Span(case, case + 8, "ID", ("trained",), DEFERRING_SCORE),
        Span(board + 5, board + 16, "ORGANIZATION", ("spacy",), 0.85),
        Span(board, board + 16, "ORGANIZATION", ("trained",), LEADING_SCORE),  # leading: the usual rules
    ]
    merged = {(text[s.start : s.end], s.label, s.detectors) for s in merge_spans(spans, text)}
    assert ("June 2020", "DATE", ("spacy",)) in merged
    assert ("Anna Berg", "PERSON", ("spacy", "trained")) in merged
    assert ("Brimstowe", "LOCATION", ("trained",)) in merged
    assert ("12345/07", "ID", ("trained",)) in merged
    assert ("Dale Water Board", "ORGANIZATION", ("trained",)) in merged
    assert not any(t.startswith("June 2020.") for t, _, _ in merged)


def test_leads_are_the_labels_where_the_model_beat_the_detectors():
    from reviewer_app.evaluation.metrics import LabelScores
    from reviewer_app.training.model_dir import leading_labels
    from reviewer_app.training.train import HeldOutScores

    after = HeldOutScores(
        {"PERSON": LabelScores("PERSON", 10, 10, 9, 9), "DATE": LabelScores("DATE", 10, 10, 5, 5)}, 0.1
    )
    detectors = HeldOutScores(
        {"PERSON": LabelScores("PERSON", 10, 10, 6, 6), "DATE": LabelScores("DATE", 10, 10, 9, 9)}, 0.2
    )
    assert leading_labels(after, detectors) == ["PERSON"]
    assert leading_labels(after, None) == []
