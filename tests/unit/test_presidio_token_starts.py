"""The token starts the spoken forms read (plural nouns, verbs, PERSON tokens) are those a walk
over the Doc's tokens finds."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.nlp import load_pipeline
from reviewer_app.detectors.presidio_detector import token_starts
from reviewer_app.settings import Settings

TEXT = (
    "PRESIDING COMMISSIONER LEE: Mr. Okafor, your two brothers and Ana Lopez were visiting?\n"
    "INMATE OKAFOR: Yes. They have been helping, and the Smiths came when I was twenty-two.\n"
)


def _pipeline():
    from reviewer_app.detectors.base import DetectorUnavailable

    try:
        return load_pipeline(Settings().spacy_model)
    except DetectorUnavailable as exc:
        pytest.skip(str(exc))


def test_the_starts_are_those_of_the_tokens_themselves():
    doc = _pipeline()(TEXT)
    nouns, verbs, persons = token_starts(doc)
    assert nouns == {t.idx for t in doc if t.tag_ in ("NNS", "NNPS")}
    assert verbs == {t.idx for t in doc if t.pos_ in ("VERB", "AUX")}
    assert persons == {t.idx for t in doc if t.ent_type_ == "PERSON"}
    assert TEXT.index("brothers") in nouns
    assert TEXT.index("helping") in verbs and TEXT.index("been") in verbs
    assert TEXT.index("Lopez") in persons
    assert all(isinstance(start, int) for start in nouns | verbs | persons)


def test_an_empty_text_has_none():
    assert token_starts(_pipeline()("")) == (set(), set(), set())
