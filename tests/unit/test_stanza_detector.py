"""The stanza detector through the loading code users run, on a tiny Stanza NER
model trained by the test fixtures; and what it says when no model is there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.labels import catalog
from reviewer_app.detectors.base import DetectorUnavailable, SharedAnalysis, TextChunk
from reviewer_app.detectors.stanza_ner import LABEL_MAP, StanzaDetector, default_resource_dirs
from reviewer_app.settings import Settings

# Fixtures: tiny_stanza_dir (a Stanza resources folder with a tiny English NER model), no_network.
pytest_plugins = ["tests.fixtures.tiny_models"]

TRANSCRIPT = (
    "PRESIDING COMMISSIONER: Where did you grow up?\n"
    "INMATE: My mother Maria Garcia still lives in Fresno . I worked for Acme Roofing in Texas .\n"
)


@pytest.fixture(scope="module")
def loaded(tiny_stanza_dir):
    detector = StanzaDetector(Settings(stanza_dir=str(tiny_stanza_dir)))
    detector.load()
    return detector


def chunk_of(text: str, offset: int = 0) -> TextChunk:
    return TextChunk(Document("t", text), text, offset)


def test_missing_model_gives_a_clear_status_and_detector_unavailable(tmp_path):
    detector = StanzaDetector(Settings(stanza_dir=str(tmp_path)))
    status = detector.status()
    assert not status.ready
    assert str(tmp_path) in status.message
    assert "reviewer-app models download stanza" in status.message
    with pytest.raises(DetectorUnavailable, match="models download stanza"):
        detector.load()


def test_an_incomplete_model_folder_names_the_missing_file(tiny_stanza_dir, tmp_path):
    resources = json.loads((tiny_stanza_dir / "resources.json").read_text(encoding="utf-8"))
    (tmp_path / "resources.json").write_text(json.dumps(resources), encoding="utf-8")
    status = StanzaDetector(Settings(stanza_dir=str(tmp_path))).status()
    assert not status.ready
    assert "en/ner/tiny_ontonotes.pt" in status.message


def test_the_default_resources_folder_is_found_without_a_setting(tiny_stanza_dir, monkeypatch):
    monkeypatch.setenv("STANZA_RESOURCES_DIR", str(tiny_stanza_dir))
    status = StanzaDetector(Settings(stanza_dir="")).status()
    assert status.ready
    assert "tiny_ontonotes" in status.model and str(tiny_stanza_dir) in status.model


def test_stanzas_own_default_folder_is_among_those_looked_in():
    from stanza.resources.common import DEFAULT_MODEL_DIR

    assert Path(DEFAULT_MODEL_DIR) in default_resource_dirs()


def test_detects_and_maps_labels_offline(loaded, no_network):
    spans = loaded.detect(chunk_of(TRANSCRIPT), SharedAnalysis())
    found = {(s.text_in(TRANSCRIPT), s.label) for s in spans}
    assert {("Maria Garcia", "PERSON"), ("Fresno", "LOCATION"), ("Acme Roofing", "ORGANIZATION")} <= found
    assert all(s.detectors == ("stanza",) for s in spans)
    assert all(s.label in loaded.labels for s in spans)
    assert no_network == []


def test_spans_are_in_chunk_coordinates(loaded):
    body = TRANSCRIPT.split("\n", 1)[1]
    spans = loaded.detect(chunk_of(body, offset=len(TRANSCRIPT) - len(body)), SharedAnalysis())
    assert ("Maria Garcia", "PERSON") in {(s.text_in(body), s.label) for s in spans}


def test_empty_chunk_gives_no_spans(loaded):
    assert loaded.detect(chunk_of("   \n"), SharedAnalysis()) == []


def test_label_map_targets_are_catalogue_labels():
    assert set(LABEL_MAP.values()) <= set(catalog().coarse_labels)
    assert set(LABEL_MAP.values()) == set(StanzaDetector.labels)
