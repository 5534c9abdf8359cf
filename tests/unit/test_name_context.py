"""The name-label classifier: features, training, the threshold, the step, the CLI, the weights."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from reviewer_app.cli.main import main as cli_main
from reviewer_app.core import name_context
from reviewer_app.core.document import Document
from reviewer_app.core.name_context import (
    DETECTOR,
    NEVER,
    DocumentView,
    NameModelError,
    features,
    load_model,
    relabel,
)
from reviewer_app.core.spans import Span
from reviewer_app.detectors import registry
from reviewer_app.detectors.base import Detector, DetectorStatus
from reviewer_app.detectors.learned_name_labels import learned_name_labels
from reviewer_app.detectors.runner import run_detection
from reviewer_app.settings import Settings
from reviewer_app.training.name_labels import (
    NameExample,
    PredictedDocument,
    choose_threshold,
    examples,
    fit_names,
)
from reviewer_app.training.numbers import write_model

TOWNS = ["Ashby", "Corran", "Delmont", "Elwick", "Farrow", "Garland", "Hollin", "Iverly"]
PEOPLE = ["Abel", "Brant", "Coyle", "Dorsey", "Egan", "Fenwick", "Gault", "Harker"]


def span_of(text: str, phrase: str, label: str, detectors=("presidio",)) -> Span:
    start = text.index(phrase)
    return Span(start, start + len(phrase), label, detectors)


def tiny_documents() -> list[PredictedDocument]:
    """Detection calls a place "<Town> Vale" an organisation; gold says it is a place."""
    out = []
    for n, (town, person) in enumerate(zip(TOWNS, PEOPLE, strict=True)):
        text = f"We drove out to {town} Vale in the morning. Then {person} said it was late.\n"
        place, name = f"{town} Vale", person
        pipeline = (span_of(text, place, "ORGANIZATION"), span_of(text, name, "PERSON"))
        gold = (span_of(text, place, "LOCATION", ("gold",)), span_of(text, name, "PERSON", ("gold",)))
        out.append(PredictedDocument(f"doc{n}", text, gold, pipeline))
    return out


@pytest.fixture(scope="module")
def tiny_model():
    return fit_names(examples(tiny_documents()), threshold=0.6)


NEW_TEXT = "We drove out to Kelso Vale in the morning. Then Lyle said it was late.\n"
NEW_SPANS = [span_of(NEW_TEXT, "Kelso Vale", "ORGANIZATION"), span_of(NEW_TEXT, "Lyle", "PERSON")]


def test_features_say_words_context_layout_and_other_mentions():
    text = "MS. RUIZ: He lived in Kern County.\nThe Kern County office wrote.\n"
    spans = [
        span_of(text, "RUIZ", "PERSON"),
        span_of(text, "Kern County", "ORGANIZATION"),
        Span(text.rindex("Kern County"), text.rindex("Kern County") + 11, "LOCATION", ("spacy",)),
    ]
    spacy = [Span(spans[1].start, spans[1].end, "LOCATION", ("spacy",))]
    view = DocumentView(text, spans, spacy)
    county = features(view, spans[1])
    for feature in (
        "pl=ORGANIZATION",
        "head=county",
        "first=kern",
        "L1=in",
        "L2=lived",
        "L3=he",
        "R=end",
        "shape=Xx",
        "n=2",
        "other=LOCATION",
        "sp=LOCATION",
        "d:presidio",
        "mentions>1",
        "pl+L1=ORGANIZATION+in",
    ):
        assert feature in county, feature
    tag = features(view, spans[0])
    assert "tag-like" in tag and "shape=X" in tag and "sp=none" in tag and "line=opens" not in tag
    # The sentence ends the context: "The" of the next line is not a word after "County".
    assert not any(f.startswith("R1=") for f in county)


def test_features_read_gazetteers_and_lists():
    text = "Places:\n1. Texas\n"
    span = span_of(text, "Texas", "PERSON")
    feats = features(DocumentView(text, [span], []), span)
    assert "gaz=place" in feats and "line=list" in feats


def test_a_model_trained_on_tiny_gold_relabels_a_new_place(tiny_model):
    out = relabel(NEW_TEXT, NEW_SPANS, [], tiny_model)
    assert [(s.text_in(NEW_TEXT), s.label) for s in out] == [("Kelso Vale", "LOCATION"), ("Lyle", "PERSON")]
    assert out[0].detectors == ("presidio", DETECTOR) and out[1] is NEW_SPANS[1]


def test_the_threshold_keeps_unsure_relabellings_out(tiny_model):
    unsure = dataclasses.replace(tiny_model, threshold=NEVER)
    assert relabel(NEW_TEXT, NEW_SPANS, [], unsure) == NEW_SPANS
    _, probability = name_context.scored(NEW_TEXT, NEW_SPANS, [], tiny_model)[0][1:]
    just_above = dataclasses.replace(tiny_model, threshold=probability + 1e-6)
    assert relabel(NEW_TEXT, NEW_SPANS, [], just_above) == NEW_SPANS
    at = dataclasses.replace(tiny_model, threshold=probability)
    assert relabel(NEW_TEXT, NEW_SPANS, [], at)[0].label == "LOCATION"


def test_labels_fixed_by_structure_stay(tiny_model):
    tag = (NEW_TEXT.index("Kelso Vale"), NEW_TEXT.index("Kelso Vale") + len("Kelso Vale"))
    assert relabel(NEW_TEXT, NEW_SPANS, [], tiny_model, speaker_tags=[tag]) == NEW_SPANS
    assert relabel(NEW_TEXT, NEW_SPANS, [], tiny_model, person_names=["KELSO  vale"]) == NEW_SPANS
    # A naming cue's or the layout's label stays, and a one-word person in the possessive.
    named = [NEW_SPANS[0].with_(detectors=("context",), score=0.9), NEW_SPANS[1]]
    assert relabel(NEW_TEXT, named, [], tiny_model) == named
    assert relabel(NEW_TEXT, [named[0].with_(score=0.6)], [], tiny_model)[0].label == "LOCATION"
    # Spans of other labels are never read or changed.
    other = [Span(0, 2, "DATE", ("presidio",))]
    assert relabel(NEW_TEXT, other, [], tiny_model) == other


def example(found: str, gold: str) -> NameExample:
    return NameExample("d", Span(0, 1, found), (), gold, found)


def test_choose_threshold_counts_gains_and_losses_of_relabellings():
    scored = [
        (example("ORGANIZATION", "LOCATION"), "LOCATION", 0.95),  # right: +1
        (example("PERSON", "PERSON"), "LOCATION", 0.9),  # takes a right label away: -1
        (example("ORGANIZATION", "LOCATION"), "LOCATION", 0.85),  # +1
        (example("ORGANIZATION", "LOCATION"), "LOCATION", 0.8),  # +1
        (example("PERSON", "ORGANIZATION"), "LOCATION", 0.7),  # wrong to wrong: 0
        (example("PERSON", "PERSON"), "ORGANIZATION", 0.6),  # -1
        (example("LOCATION", "LOCATION"), "LOCATION", 0.99),  # no change: not a proposal
    ]
    assert choose_threshold(scored) == 0.8
    assert choose_threshold([(example("PERSON", "PERSON"), "LOCATION", 0.9)]) == NEVER


def test_the_weights_file_gives_the_same_model(tiny_model, tmp_path):
    path = tmp_path / "name_labels.json"
    write_model(tiny_model, path)
    again = load_model(path)
    assert again.labels == tiny_model.labels and again.threshold == tiny_model.threshold
    assert relabel(NEW_TEXT, NEW_SPANS, [], again)[0].label == "LOCATION"


@pytest.mark.parametrize(
    "content", ["{not json", '{"labels": ["AGE", "NONE"], "bias": [0, 0], "weights": {}, "threshold": 1}']
)
def test_a_missing_or_corrupt_weights_file_is_a_clear_message(tmp_path, content):
    with pytest.raises(NameModelError, match=r"nothing\.json"):
        load_model(tmp_path / "nothing.json")
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(NameModelError, match=r"bad\.json"):
        load_model(path)


def test_the_shipped_weights_load():
    model = load_model()
    assert set(model.labels) == set(name_context.NAME_LABELS) and len(model.weights) > 100
    assert 0.0 < model.threshold <= NEVER


def test_the_step_leaves_spans_as_they_were_without_weights(monkeypatch, tmp_path):
    monkeypatch.setattr(name_context, "default_weights", lambda: tmp_path / "none.json")
    outcome = learned_name_labels(NEW_TEXT, NEW_SPANS, [], [], [])
    assert outcome.spans == tuple(NEW_SPANS) and outcome.changed == ()
    assert "none.json" in outcome.problem


class ValeDetector(Detector):
    """Tags "<Word> Vale" as an organisation and the word before "said" as a person."""

    name = "vale"
    labels = ("ORGANIZATION", "PERSON")

    def status(self) -> DetectorStatus:
        return DetectorStatus(True, "always ready")

    def load(self) -> None:
        pass

    def detect(self, chunk, shared):
        found = [
            Span(m.start(), m.end(), "ORGANIZATION", (self.name,))
            for m in re.finditer(r"[A-Z]\w+ Vale", chunk.text)
        ]
        found += [
            Span(m.start(), m.end(), "PERSON", (self.name,))
            for m in re.finditer(r"[A-Z]\w+(?= said)", chunk.text)
        ]
        return found


@pytest.fixture
def vale_detector(monkeypatch):
    monkeypatch.setitem(registry.DETECTORS, "vale", f"{ValeDetector.__module__}:ValeDetector")
    registry.shared_instance.cache_clear()
    yield
    registry.shared_instance.cache_clear()


@pytest.fixture
def tiny_weights(monkeypatch, tmp_path, tiny_model):
    path = tmp_path / "name_labels.json"
    write_model(tiny_model, path)
    monkeypatch.setattr(name_context, "default_weights", lambda: path)
    return path


@pytest.mark.parametrize("profile", ["hearing", "general"])
def test_detection_relabels_when_the_settings_turn_it_on(vale_detector, tiny_weights, profile):
    off = run_detection(Document("d", NEW_TEXT), ["vale"], Settings(name_labels=False), profile=profile)
    on = run_detection(Document("d", NEW_TEXT), ["vale"], Settings(name_labels=True), profile=profile)
    assert [s.label for s in off.spans] == ["ORGANIZATION", "PERSON"] and DETECTOR not in off.raw
    assert [s.label for s in on.spans] == ["LOCATION", "PERSON"]
    assert on.raw[DETECTOR] == (on.spans[0],)


def test_the_setting_is_saved_and_read_back(tmp_path):
    from reviewer_app.settings import load_settings, save_settings

    path = save_settings(Settings(name_labels=True), tmp_path / "settings.toml")
    assert load_settings(path).name_labels is True
    assert Settings().name_labels is False


def write_gold(path, documents):
    with path.open("w") as fh:
        for document in documents:
            spans = [{"start": s.start, "end": s.end, "label": s.label} for s in document.gold]
            fh.write(json.dumps({"id": document.id, "text": document.text, "spans": spans}) + "\n")
    return path


def test_train_name_labels_writes_weights_detection_reads(vale_detector, tmp_path, capsys):
    gold = write_gold(tmp_path / "gold.jsonl", tiny_documents())
    out = tmp_path / "weights.json"
    code = cli_main(
        ["train-name-labels", str(gold), "--out", str(out), "--detectors", "vale", "--threshold", "0.6"]
    )
    assert code == 0, capsys.readouterr().err
    assert "threshold 0.600" in capsys.readouterr().out
    assert relabel(NEW_TEXT, NEW_SPANS, [], load_model(out))[0].label == "LOCATION"


def test_train_name_labels_chooses_its_threshold_by_groups(vale_detector, tmp_path, capsys):
    gold = write_gold(tmp_path / "gold.jsonl", tiny_documents())
    groups = tmp_path / "groups.json"
    groups.write_text(json.dumps({"writers": {f"doc{n}": f"w{n % 2}" for n in range(len(TOWNS))}}))
    out = tmp_path / "weights.json"
    args = ["train-name-labels", str(gold), "--out", str(out), "--detectors", "vale", "--groups", str(groups)]
    assert cli_main(args) == 0, capsys.readouterr().err
    # Every held-out place was relabelled right: the threshold is a probability, not NEVER.
    assert load_model(out).threshold < 1.0
    groups.write_text(json.dumps({"writers": {}}))
    assert cli_main(args) == 2


def test_a_one_word_person_in_the_possessive_stays(tiny_model):
    text = "We drove out to Kelso's place in the morning. Then Lyle said it was late.\n"
    kelso = span_of(text, "Kelso", "PERSON")
    forced = dataclasses.replace(tiny_model, threshold=0.0)
    assert name_context.scored(text, [kelso], [], forced)[0][1] != "PERSON"
    assert relabel(text, [kelso], [], forced) == [kelso]
    # Not so without the possessive: the forced model relabels any span it prefers another label for.
    plain = "We drove out to Kelso in the morning.\n"
    kelso = span_of(plain, "Kelso", "PERSON")
    assert name_context.scored(plain, [kelso], [], forced)[0][1] != "PERSON"
    assert relabel(plain, [kelso], [], forced)[0].label != "PERSON"
