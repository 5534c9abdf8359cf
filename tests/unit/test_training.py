"""`reviewer-app train`: training material, the model folder, Ctrl+C, bad input.

Tiny data (a few short documents with invented names, one or two epochs) so
that a training run takes seconds.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

pytest.importorskip("spacy")

import itertools

from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.core.spans import Span, Status
from reviewer_app.detectors.model_folder import ModelDirError, read_meta
from reviewer_app.training.data import (
    TrainingDataError,
    TrainingDocument,
    choose_labels,
    documents_from_project,
    documents_from_records,
    read_sources,
    segment_bounds,
    split_documents,
)
from reviewer_app.training.model_dir import check_output_dir

# Invented names: no base vocabulary holds them, so finding them in the model folder means a leak.
NAMES = ["Zorvath Quellinby", "Maribel Oxtangle", "Teodric Vanshallow", "Ilsabet Crundmoor"]
PLACES = ["Brimstowe", "Caldrenfeld", "Ostrahaven", "Pellquarry"]


def tiny_records(n: int = 6) -> list[Record]:
    records = []
    for i in range(n):
        name, place = NAMES[i % len(NAMES)], PLACES[(i + 1) % len(PLACES)]
        text = (
            f"Case {i + 1}. The applicant, {name}, was born in {place} and lives there.\n"
            f"On 3 March 2004 the court in {place} heard {name} again about the lease.\n"
        )
        spans = []
        for word, label in ((name, "PERSON"), (place, "LOCATION")):
            start = 0
            while (start := text.find(word, start)) >= 0:
                spans.append(SpanRecord(Span(start, start + len(word), label)))
                start += len(word)
        court = text.index("the court")
        spans.append(
            SpanRecord(Span(court, court + len("the court"), "ORGANIZATION"), {"identifier_type": "NO_MASK"})
        )
        records.append(Record(f"doc-{i}", text, tuple(sorted(spans, key=lambda r: r.span))))
    return records


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    from reviewer_app.training.train import TrainOptions, train_model

    folder = tmp_path_factory.mktemp("trained")
    documents = documents_from_records(tiny_records())
    options = TrainOptions(epochs=2, eval_split=0.34, seed=1, architecture="own")
    result = train_model(documents, folder / "model", options)
    return result, documents


def test_model_folder_meta_and_no_gold_text(trained):
    result, documents = trained
    meta = read_meta(result.model_dir)
    assert meta["labels"] == ["LOCATION", "PERSON"]
    assert meta["label_names"] == {"LOCATION": "GPE", "PERSON": "PERSON"}
    ids = {d["id"] for d in meta["documents"]} | {d["id"] for d in meta["held_out"]}
    assert ids == {d.id for d in documents}
    assert {d["sha256"] for d in meta["held_out"]} <= {d.sha256 for d in documents}
    assert len(meta["held_out"]) == 2
    assert meta["label_counts"]["PERSON"] > 0 and "ORGANIZATION" not in meta["label_counts"]
    assert set(meta["scores"]) == {"LOCATION", "PERSON"} and "f1" in meta["scores"]["PERSON"]
    assert meta["versions"]["spacy"] and meta["created"]
    # The privacy guarantee: no gold string in any byte of the folder.
    secrets = [w for n in NAMES + PLACES for w in n.split()] + ["applicant, Zorvath", "heard Maribel"]
    files = [p for p in result.model_dir.rglob("*") if p.is_file()]
    assert any(p.name == "strings.json" for p in files)
    for path in files:
        data = path.read_bytes()
        for secret in secrets:
            assert secret.encode("utf-8") not in data, (path.name, secret)


def test_trained_model_finds_what_it_learned(trained):
    import spacy

    from reviewer_app.training.train import predict_spans

    result, _ = trained
    nlp = spacy.load(result.model_dir)
    text = "The applicant, Zorvath Quellinby, was born in Brimstowe and lives there.\n"
    names_back = {v: k for k, v in read_meta(result.model_dir)["label_names"].items()}
    found = predict_spans(nlp, text, names_back)
    assert all(s.label in ("PERSON", "LOCATION") for s in found)
    assert nlp.pipe_names == ["ner_trained"]
    # The trained detector runs a model of its own architecture whole.
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.settings import Settings

    document = document_from_text("d", text)
    detected = run_detection(document, ["trained"], Settings(trained_model=str(result.model_dir)))
    assert detected.run("trained").ok


def test_retraining_replaces_a_model_folder_but_refuses_another_folder(tmp_path, trained):
    result, _ = trained
    check_output_dir(result.model_dir)  # a model: may be replaced
    check_output_dir(tmp_path / "new")  # new
    other = tmp_path / "photos"
    other.mkdir()
    (other / "holiday.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(ModelDirError, match="not a trained model"):
        check_output_dir(other)


def test_overlapping_spans_are_refused_nested_same_label_kept_once():
    text = "Anna Berg met Carl Dunne."
    crossing = Record("d", text, (SpanRecord(Span(0, 9, "PERSON")), SpanRecord(Span(5, 13, "LOCATION"))))
    with pytest.raises(TrainingDataError, match="overlap"):
        documents_from_records([crossing])
    nested = Record("d", text, (SpanRecord(Span(0, 9, "PERSON")), SpanRecord(Span(5, 9, "PERSON"))))
    (doc,) = documents_from_records([nested])
    assert doc.positives == (Span(0, 9, "PERSON"),)


def test_offsets_past_the_text_and_bad_labels_are_refused(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        json.dumps({"id": "a", "text": "short", "spans": [{"start": 2, "end": 40, "label": "PERSON"}]})
    )
    with pytest.raises(TrainingDataError, match="outside the text"):
        read_sources([gold])
    with pytest.raises(TrainingDataError, match="unknown label 'first name'"):
        documents_from_records([Record("a", "Anna", (SpanRecord(Span(0, 4, "first name")),))])
    documents = documents_from_records(tiny_records(2))
    with pytest.raises(TrainingDataError, match=r"unknown label .EMAIL.*LOCATION, PERSON"):
        choose_labels(documents, ["PERSON", "EMAIL"])
    assert choose_labels(documents, ["PERSON"]) == ("PERSON",)


def test_rejected_and_no_mask_spans():
    text = "Judge Ada Quill of Brimstowe ruled on Monday."
    record = Record(
        "d",
        text,
        (
            SpanRecord(Span(0, 5, "PERSON"), {"status": "rejected"}),
            SpanRecord(Span(6, 15, "PERSON")),
            SpanRecord(Span(19, 28, "LOCATION"), {"identifier_type": "NO_MASK"}),
            SpanRecord(Span(38, 44, "DATE"), {"status": "pending"}),
        ),
    )
    (doc,) = documents_from_records([record])
    assert doc.positives == (Span(6, 15, "PERSON"),)
    assert doc.negatives == (Span(0, 5, "PERSON"),)
    assert doc.ignored == (Span(19, 28, "LOCATION"), Span(38, 44, "DATE"))


def test_split_is_by_document_and_seeded():
    documents = documents_from_records(tiny_records(10))
    train, held = split_documents(documents, 0.2, seed=7)
    assert len(held) == 2 and not {d.id for d in train} & {d.id for d in held}
    assert [d.id for d in split_documents(documents, 0.2, seed=7)[1]] == [d.id for d in held]
    with pytest.raises(TrainingDataError, match="at least two documents"):
        split_documents(documents[:1], 0.2, seed=0)


def test_segments_are_bounded_and_never_cut_a_span():
    sentence = "Mr Zorvath Quellinby went to Brimstowe. "
    text = sentence * 200
    spans = tuple(Span(i * len(sentence) + 3, i * len(sentence) + 20, "PERSON") for i in range(200))
    doc = TrainingDocument("long", text, spans)
    bounds = segment_bounds(doc, 300)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    assert all(e - s <= 300 for s, e in bounds)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(bounds))
    for span in spans:
        assert any(s <= span.start and span.end <= e for s, e in bounds)


def _project(path: Path, reviewed: bool):
    from reviewer_app.core.document import Document
    from reviewer_app.store.project import Project

    project = Project.create(path)
    text = "Maribel Oxtangle told the CBA board in Caldrenfeld."
    doc_id = project.add_document(Document("h1", text))
    found = [
        Span(0, 16, "PERSON", ("spacy",)),
        Span(26, 29, "ORGANIZATION", ("spacy",)),
        Span(39, 50, "LOCATION", ("spacy",)),
    ]
    project.record_detection(doc_id, found, ("spacy",))
    stored = project.spans(doc_id)
    for s in stored[: 3 if reviewed else 2]:
        project.decide(s.id, Status.REJECTED if s.label == "ORGANIZATION" else Status.ACCEPTED)
    project.close()


def test_project_source_accepted_are_positives_rejected_negatives(tmp_path):
    _project(tmp_path / "p.db", reviewed=True)
    (doc,) = read_sources([tmp_path / "p.db"])
    assert [(s.start, s.end, s.label) for s in doc.positives] == [(0, 16, "PERSON"), (39, 50, "LOCATION")]
    assert [(s.start, s.end) for s in doc.negatives] == [(26, 29)]


def test_project_without_a_fully_reviewed_document_is_refused(tmp_path):
    _project(tmp_path / "p.db", reviewed=False)
    with pytest.raises(TrainingDataError, match="no fully reviewed document"):
        documents_from_project(tmp_path / "p.db")


def _cli(*args: str) -> int:
    from reviewer_app.cli.main import main

    return main(["train", *args])


def test_cli_bad_input_clear_message_nothing_written(tmp_path, capsys):
    gold = tmp_path / "gold.jsonl"
    write_jsonl(gold, tiny_records(3))
    out = tmp_path / "model"
    assert _cli(str(gold), "--out", str(out), "--labels", "EMAIL") == 2
    assert "unknown label 'EMAIL'" in capsys.readouterr().err
    assert _cli(str(gold), "--out", str(out), "--base", "no_such_pipeline") == 2
    assert "'no_such_pipeline' is not installed" in capsys.readouterr().err
    overlapping = tmp_path / "overlap.jsonl"
    overlapping.write_text(
        json.dumps(
            {
                "id": "x",
                "text": "Anna Berg met Carl.",
                "spans": [
                    {"start": 0, "end": 9, "label": "PERSON"},
                    {"start": 5, "end": 13, "label": "LOCATION"},
                ],
            }
        )
    )
    assert _cli(str(overlapping), "--out", str(out)) == 2
    assert "overlap" in capsys.readouterr().err
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("mine")
    assert _cli(str(gold), "--out", str(taken)) == 2
    assert "not a trained model" in capsys.readouterr().err
    assert (taken / "notes.txt").read_text() == "mine" and len(list(taken.iterdir())) == 1
    _project(tmp_path / "p.db", reviewed=False)
    assert _cli(str(tmp_path / "p.db"), "--out", str(out)) == 2
    assert "no fully reviewed document" in capsys.readouterr().err
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_ctrl_c_after_an_evaluation_keeps_the_best_model(tmp_path):
    from reviewer_app.training.train import TrainOptions, train_model

    sent = []

    def interrupt_once_evaluated(progress) -> None:
        if progress.best_score is not None and not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)

    documents = documents_from_records(tiny_records())
    out = tmp_path / "model"
    result = train_model(documents, out, TrainOptions(epochs=50, eval_split=0.34), interrupt_once_evaluated)
    assert sent and result.interrupted
    meta = read_meta(out)
    assert meta["interrupted"] is True and meta["labels"] == ["LOCATION", "PERSON"]
    # Stopped long before 50 epochs.
    assert result.seconds < 60


def test_interrupt_before_any_evaluation_writes_nothing(tmp_path, monkeypatch):
    from reviewer_app.training import train as train_module

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("spacy.training.loop.train", interrupted)
    documents = documents_from_records(tiny_records())
    out = tmp_path / "model"
    with pytest.raises(train_module.TrainingStopped, match="nothing was written"):
        train_module.train_model(documents, out, train_module.TrainOptions(epochs=1, eval_split=0.34))
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_learning_curve_cli_table_and_chart(tmp_path, capsys):
    from reviewer_app.cli.main import main

    gold = write_jsonl(tmp_path / "gold.jsonl", tiny_records(6))
    report = tmp_path / "report"
    args = ["--learning-curve", str(gold), "--curve-shares", "0.5,1", "--epochs", "1", "--eval-split", "0.34"]
    code = main(["evaluate", *args, "--report", str(report)])
    assert code == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    # The base NER (0 documents), then half and all of the 4 training documents.
    assert [row.split("|")[1].split()[0] for row in rows] == ["0", "2", "4"]
    png = report / "learning_curve.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (report / "learning_curve.md").read_text(encoding="utf-8").count("\n| ") == 4


def test_the_default_architecture_is_the_one_within_the_detection_time_budget():
    """`shared` reuses the spaCy detector's parse (1.42 x a bare pass with the default
    pipeline, against 1.72 x for `own`, over the 1.6 x budget); a new head needs more epochs."""
    import argparse

    from reviewer_app.cli import train_cmd
    from reviewer_app.training.train import TrainOptions

    parser = argparse.ArgumentParser()
    train_cmd.add_parser(parser.add_subparsers())
    args = parser.parse_args(["train", "gold.jsonl", "--out", "m"])
    options = TrainOptions(architecture=args.architecture, epochs=args.epochs)
    assert options.architecture == "shared" and options.epochs_to_run == 25
    assert TrainOptions(architecture="own").epochs_to_run == 10
    assert TrainOptions(epochs=3).epochs_to_run == 3
