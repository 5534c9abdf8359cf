"""The number-context classifier: candidates, features, training, the weights file, filling gaps."""

from __future__ import annotations

import json
import os

import pytest

from reviewer_app.cli.main import main as cli_main
from reviewer_app.core import number_context
from reviewer_app.core.document import Document
from reviewer_app.core.number_context import (
    DETECTOR,
    NumberModel,
    NumberModelError,
    features,
    fill_gaps,
    load_model,
    number_candidates,
)
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import words_of
from reviewer_app.detectors import registry
from reviewer_app.detectors.learned_numbers import learned_number_spans
from reviewer_app.detectors.runner import run_detection
from reviewer_app.settings import Settings
from reviewer_app.training.data import TrainingDocument
from reviewer_app.training.numbers import choose_threshold, examples, fit, write_model


def said(text: str) -> list[str]:
    return [text[c.start : c.end] for c in number_candidates(text)]


def features_of(text: str, number: str) -> list[str]:
    words = words_of(text)
    candidate = next(c for c in number_candidates(text, words) if text[c.start : c.end] == number)
    return features(text, words, candidate)


def test_candidates_are_whole_numbers_in_digits_and_words():
    assert said("two thousand and five, then 10:30 and 2/17/95") == [
        "two thousand and five",
        "10:30",
        "2/17/95",
    ]
    assert said("nineteen oh five") == ["nineteen oh five"]
    # A comma and a space part two numbers, a line break too; "and" joins only after a scale.
    assert said("nineteen, twenty") == ["nineteen", "twenty"]
    assert said("page 12\n13 lines") == ["12", "13"]
    assert said("three and four") == ["three", "four"]
    assert said("oh, no numbers here") == []


# A superscript, circled or parenthesised digit is no number (`int` cannot read it).
SUPERSCRIPTS = ["See footnote ² below.", "① first item", "an area of 10² metres", "see paragraph 12¹ above"]


def test_candidates_are_decimal_digits_only():
    assert [said(text) for text in SUPERSCRIPTS] == [[], ["first"], ["10"], ["12"]]
    assert said("item ⑴ and ٣ more") == ["٣"]
    for text in SUPERSCRIPTS:
        assert learned_number_spans(text, []).problem == ""


def test_features_say_form_value_and_the_words_around_it():
    feats = features_of("Back then he was twenty-three years old, I think.", "twenty-three")
    assert {"form=words", "v1=20-23", "L1=was", "L2=he", "R1=years", "R2=old", "L:then"} <= set(feats)
    clock = features_of("We left at 10:45 that night.", "10:45")
    assert {"form=digits", "sep=:", "v1v2=1-12+32-59", "L1=at", "R1=that"} <= set(clock)
    # Context stops at the sentence's end and at a speaker tag; numbers are one word.
    feats = features_of("He left. INMATE SMITH: Nineteen, 21 maybe.", "Nineteen")
    assert "L=start" in feats and "L1=smith" not in feats and "R1=<num>" in feats


def test_the_question_a_turn_answers_is_a_feature():
    feats = features_of("Q. And how old were you then?\nA. Nineteen.", "Nineteen")
    assert {"Q:old", "Q:how", "Q:then"} <= set(feats)
    # Not for a number deep inside a long answer, nor after a line that asks nothing.
    far = features_of(
        "Q. How old?\nA. Well I was out there with my cousin and his friend at nineteen.", "nineteen"
    )
    assert not any(f.startswith("Q:") for f in far)
    plain = features_of("He said so.\nNineteen.", "Nineteen")
    assert not any(f.startswith("Q:") for f in plain)


AGES = ["I was {n} years old then.", "She is {n} years old now.", "He turned {n} years old that spring."]
COUNTS = ["We had {n} kids at home.", "I took {n} classes there.", "There were {n} cars outside."]
TIMES = ["It happened at {n} in the morning.", "He called me at {n} in the morning."]


def tiny_gold() -> list[TrainingDocument]:
    documents = []
    for k, n in enumerate(["nineteen", "23", "forty-one", "seventeen", "52", "thirty"]):
        for pattern, label in ((AGES, "AGE"), (COUNTS, None), (TIMES, "TIME")):
            text = pattern[k % len(pattern)].format(n=n)
            start = text.index(n)
            spans = (Span(start, start + len(n), label),) if label else ()
            documents.append(TrainingDocument(f"doc{k}-{label}", text, spans))
    return documents


@pytest.fixture(scope="module")
def tiny_model() -> NumberModel:
    every = examples(tiny_gold())
    assert {e.label for e in every} == {"AGE", "TIME", "NONE"}
    return fit(every, threshold=0.6, l2=0.1)


def test_a_model_trained_on_tiny_gold_tells_an_age_from_a_count(tiny_model):
    text = "My brother was eleven years old. We had eleven kids at home."
    added = fill_gaps(text, [], tiny_model)
    assert [(text[s.start : s.end], s.label) for s in added] == [("eleven", "AGE")]
    assert added[0].detectors == (DETECTOR,)


def test_it_fills_gaps_only(tiny_model):
    text = "My brother was eleven years old, Mike was nine years old."
    given = [Span(text.index("nine"), text.index("nine") + 4, "DATE", ("presidio",))]
    added = fill_gaps(text, given, tiny_model)
    # "nine" is another detector's (even under a label the model would not give): left alone.
    assert [(text[s.start : s.end], s.label) for s in added] == [("eleven", "AGE")]
    # A span that only touches part of a number keeps the whole number from the classifier.
    partial = [Span(text.index("eleven"), text.index("eleven") + 3, "PERSON", ("spacy",))]
    assert all(text[s.start : s.end] != "eleven" for s in fill_gaps(text, partial, tiny_model))


def test_the_threshold_keeps_unsure_readings_out(tiny_model):
    text = "My brother was eleven years old."
    sure = NumberModel(tiny_model.labels, tiny_model.bias, tiny_model.weights, threshold=1.01)
    assert fill_gaps(text, [], sure) == []


def test_the_weights_file_gives_the_same_model(tiny_model, tmp_path):
    path = tmp_path / "weights.json"
    write_model(tiny_model, path, trained_on="tiny")
    loaded = load_model(path)
    text = "Mike was nine years old."
    feats = features_of(text, "nine")
    assert loaded.predict(feats)[0] == tiny_model.predict(feats)[0] == "AGE"
    assert loaded.probabilities(feats) == pytest.approx(tiny_model.probabilities(feats), abs=1e-3)
    assert json.loads(path.read_text())["trained_on"] == "tiny"


def test_the_shipped_weights_load():
    model = load_model()
    assert set(model.labels) == {"AGE", "TIME", "DATE", "AMOUNT", "NONE"}
    assert 0.5 <= model.threshold < 1.0


def test_choose_threshold_takes_the_least_probability_that_gains_most():
    def scored(label, gold, p):
        return (type("E", (), {"label": gold})(), label, p)

    proposals = [
        scored("AGE", "AGE", 0.99),
        scored("AGE", "AGE", 0.9),
        scored("AGE", "NONE", 0.8),
        scored("AGE", "NONE", 0.7),
        scored("AGE", "AGE", 0.6),
        scored("NONE", "AGE", 0.95),
    ]
    assert choose_threshold(proposals) == 0.9


@pytest.mark.parametrize("content", [None, "{not json", '{"labels": ["AGE"], "bias": [0]}'])
def test_a_missing_or_corrupt_weights_file_is_a_clear_message(tmp_path, content):
    path = tmp_path / "number_context.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(NumberModelError, match=r"number_context\.json"):
        load_model(path)


def test_a_rewritten_weights_file_is_read_again(tiny_model, tmp_path):
    path = tmp_path / "weights.json"
    write_model(tiny_model, path)
    assert load_model(path).threshold == tiny_model.threshold
    assert load_model(path) is load_model(path)
    write_model(NumberModel(tiny_model.labels, tiny_model.bias, tiny_model.weights, 0.9), path)
    # As train-numbers rewriting it later would (a file system's clock may be coarser than a test).
    later = path.stat().st_mtime_ns + 2_000_000_000
    os.utime(path, ns=(later, later))
    assert load_model(path).threshold == 0.9


@pytest.fixture
def broken_weights(monkeypatch, tmp_path):
    path = tmp_path / "number_context.json"
    path.write_text("{not json")
    monkeypatch.setattr(number_context, "default_weights", lambda: path)
    return path


def test_detection_runs_on_without_the_weights(broken_weights, monkeypatch):
    from tests.unit.test_runner import CountingDetector

    monkeypatch.setitem(registry.DETECTORS, "counting", f"{CountingDetector.__module__}:CountingDetector")
    registry.shared_instance.cache_clear()
    outcome = learned_number_spans("He was nineteen years old.", [])
    assert outcome.spans == () and "number_context.json" in outcome.problem
    text = "MR. JONES: I was nineteen years old.\n"
    result = run_detection(
        Document("d", text), ["counting"], Settings(learned_numbers=True), profile="general"
    )
    registry.shared_instance.cache_clear()
    assert [s.label for s in result.spans] == ["PERSON"]
    assert any("number_context.json" in note for note in result.notes)


def test_a_fault_of_the_classifier_is_a_note_and_the_other_spans_stand(monkeypatch, caplog):
    from reviewer_app.detectors import learned_numbers
    from tests.unit.test_runner import CountingDetector

    def failing(text, spans, model):
        raise ValueError(f"invalid literal: {text[:8]!r}")

    monkeypatch.setattr(learned_numbers, "fill_gaps", failing)
    monkeypatch.setitem(registry.DETECTORS, "counting", f"{CountingDetector.__module__}:CountingDetector")
    registry.shared_instance.cache_clear()
    text = "MR. JONES: I was nineteen years old.\n"
    result = run_detection(
        Document("d", text), ["counting"], Settings(learned_numbers=True), profile="general"
    )
    registry.shared_instance.cache_clear()
    assert [s.label for s in result.spans] == ["PERSON"]
    assert "number-context classifier failed (ValueError)" in result.notes
    # The note and the log name the error's type, never the transcript's words.
    assert all("JONES" not in note for note in result.notes) and "JONES" not in caplog.text


def write_gold(path, documents):
    with path.open("w") as fh:
        for document in documents:
            spans = [{"start": s.start, "end": s.end, "label": s.label} for s in document.positives]
            fh.write(json.dumps({"id": document.id, "text": document.text, "spans": spans}) + "\n")
    return path


def test_train_numbers_writes_weights_detection_reads(tmp_path, capsys):
    gold = write_gold(tmp_path / "gold.jsonl", tiny_gold())
    out = tmp_path / "weights.json"
    assert cli_main(["train-numbers", str(gold), "--out", str(out)]) == 0
    model = load_model(out)
    assert model.predict(features_of("I was 64 years old then.", "64"))[0] == "AGE"
    assert "threshold" in capsys.readouterr().out


def test_train_numbers_reads_gold_with_a_superscript(tmp_path, capsys):
    footnote = TrainingDocument("footnote", "See footnote ² below, an area of 10² metres.", ())
    gold = write_gold(tmp_path / "gold.jsonl", [*tiny_gold(), footnote])
    out = tmp_path / "weights.json"
    code = cli_main(["train-numbers", str(gold), "--out", str(out), "--threshold", "0.9"])
    assert code == 0, capsys.readouterr().err


def test_train_numbers_says_one_group_cannot_choose_a_threshold(tmp_path, capsys):
    gold = write_gold(tmp_path / "gold.jsonl", tiny_gold()[:1])
    out = tmp_path / "weights.json"
    assert cli_main(["train-numbers", str(gold), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "at least two groups" in err and "--threshold" in err and "no number" not in err
    assert cli_main(["train-numbers", str(gold), "--out", str(out), "--threshold", "0.9"]) == 0


@pytest.mark.parametrize("table", [{}, {"writers": {}}])
def test_train_numbers_rejects_an_empty_groups_file(tmp_path, capsys, table):
    gold = write_gold(tmp_path / "gold.jsonl", tiny_gold())
    groups = tmp_path / "groups.json"
    groups.write_text(json.dumps(table))
    out = tmp_path / "weights.json"
    assert cli_main(["train-numbers", str(gold), "--groups", str(groups), "--out", str(out)]) == 2
    assert "groups.json: no document in the groups file" in capsys.readouterr().err
    assert not out.exists()


@pytest.fixture
def tiny_weights(monkeypatch, tmp_path, tiny_model):
    path = tmp_path / "number_context.json"
    write_model(tiny_model, path)
    monkeypatch.setattr(number_context, "default_weights", lambda: path)
    return path


@pytest.mark.parametrize("profile", ["hearing", "general"])
def test_detection_fills_gaps_with_it_when_the_settings_turn_it_on(tiny_weights, monkeypatch, profile):
    from tests.unit.test_runner import CountingDetector

    monkeypatch.setitem(registry.DETECTORS, "counting", f"{CountingDetector.__module__}:CountingDetector")
    registry.shared_instance.cache_clear()
    text = "MR. JONES: My brother was eleven years old. We had eleven kids at home.\n"
    off = run_detection(Document("d", text), ["counting"], Settings(), profile=profile)
    on = run_detection(Document("d", text), ["counting"], Settings(learned_numbers=True), profile=profile)
    registry.shared_instance.cache_clear()
    assert [s.label for s in off.spans] == ["PERSON"] and DETECTOR not in off.raw
    # (The general profile takes the title into the name.)
    assert [(s.text_in(text), s.label) for s in on.spans][1:] == [("eleven", "AGE")]
    assert on.spans[0].label == "PERSON" and on.spans[0].text_in(text).endswith("JONES")
    assert on.raw[DETECTOR] == (on.spans[1],)


def test_the_setting_is_saved_and_read_back(tmp_path):
    from reviewer_app.settings import load_settings, save_settings

    path = save_settings(Settings(learned_numbers=True), tmp_path / "settings.toml")
    assert load_settings(path).learned_numbers is True
    assert Settings().learned_numbers is False
