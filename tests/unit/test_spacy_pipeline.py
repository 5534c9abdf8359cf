"""The default spaCy pipeline (en_core_web_md 3.7.1 on spaCy 3.8) loads without printing
spaCy's version warning W095; the warning is logged instead, and other warnings pass."""

from __future__ import annotations

import logging
import warnings

import pytest

from reviewer_app.detectors import nlp
from reviewer_app.settings import Settings


def test_the_default_pipeline_loads_with_its_version_warning_logged_not_shown(monkeypatch, caplog):
    monkeypatch.setattr(nlp, "_pipelines", {})  # a first load in this process
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning that escapes fails the test
        with caplog.at_level(logging.INFO, logger=nlp.__name__):
            pipeline = nlp.load_pipeline(Settings().spacy_model)
    assert pipeline.meta["name"] == "core_web_md"
    assert any("W095" in r.getMessage() for r in caplog.records)
    assert "ner" in pipeline.pipe_names and pipeline.vocab.vectors.shape[0] > 0


def test_another_warning_while_loading_is_still_shown(monkeypatch):
    import spacy

    def load(model):
        warnings.warn("something else", UserWarning, stacklevel=2)
        return spacy.blank("en")

    monkeypatch.setattr(nlp, "_pipelines", {})
    monkeypatch.setattr(spacy, "load", load)
    monkeypatch.setattr(nlp, "spacy_model_installed", lambda model: True)
    with pytest.warns(UserWarning, match="something else"):
        nlp.load_pipeline("any")
