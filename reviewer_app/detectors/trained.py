"""The trained detector: a NER component trained on reviewed documents (`reviewer-app train`).

A model of the "shared" architecture is a NER head on the base pipeline's
tok2vec: when the spaCy detector runs that same base pipeline, the head reads
the token vectors of the Doc the spaCy detector already made (`doc.tensor`),
so a chunk costs one NER head and no second parse. Otherwise (an "own" model,
or another spacy_model in the settings) the model's own pipeline runs on the
chunk. Labels are ours, read back through the table in `meta.json`; labels the
base NER knows but the model was not trained on are dropped. The model comes
from the settings (`trained_model`) or `--model`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.detectors.base import (
    Detector,
    DetectorStatus,
    DetectorUnavailable,
    SharedAnalysis,
    TextChunk,
)
from reviewer_app.detectors.model_folder import COMPONENT, ModelDirError, read_meta
from reviewer_app.detectors.nlp import load_pipeline, shared_doc

if TYPE_CHECKING:
    from spacy.language import Language

# A label on which the model beat the other detectors on its held-out documents
# (`meta.json` "leads") scores above them, so its spans take precedence in the merge;
# on the other labels it scores below them, and only fills the gaps they leave.
LEADING_SCORE = 0.95
DEFERRING_SCORE = 0.5
NO_MODEL = (
    "no trained model: train one with `reviewer-app train` (or Tools > Train from reviewed documents), "
    "then choose it in Models, set `trained_model` in the settings, or pass --model"
)


@dataclass(frozen=True)
class LoadedModel:
    nlp: Language
    # The label the component predicts -> ours.
    labels: dict[str, str]
    # The base pipeline whose tok2vec output the component reads ("" if it has its own).
    shares_tok2vec_of: str = ""
    # Our labels on which it beat the other detectors on the held-out documents.
    leads: frozenset[str] = frozenset()


_lock = threading.Lock()
_loaded: dict[str, LoadedModel] = {}


def load_trained(path: str) -> LoadedModel:
    """The model at `path`, loaded once per process; DetectorUnavailable if it cannot be."""
    with _lock:
        model = _loaded.get(path)
        if model is None:
            try:
                section = read_meta(Path(path))
                import spacy

                nlp = spacy.load(path)
                nlp.max_length = max(nlp.max_length, 5_000_000)
            except ModelDirError as exc:
                raise DetectorUnavailable(str(exc)) from exc
            except (OSError, ValueError, KeyError) as exc:
                raise DetectorUnavailable(
                    f"the trained model at {path} is broken ({type(exc).__name__})"
                ) from exc
            labels = {theirs: ours for ours, theirs in section.get("label_names", {}).items()}
            shared = section.get("base", "") if section.get("architecture") == "shared" else ""
            model = LoadedModel(nlp, labels, shared, frozenset(section.get("leads", ())))
            _loaded[path] = model
        return model


class TrainedDetector(Detector):
    name = "trained"
    # The labels depend on the model; these are the ones it is usually trained on.
    labels = ("PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE")

    def status(self) -> DetectorStatus:
        path = self.settings.trained_model
        if not path:
            return DetectorStatus(False, NO_MODEL)
        try:
            section = read_meta(Path(path))
        except ModelDirError as exc:
            return DetectorStatus(False, str(exc), path)
        labels = ", ".join(section.get("labels", ()))
        created = str(section.get("created", ""))[:10]
        return DetectorStatus(True, f"trained model {Path(path).name} ({created}; {labels})", path)

    def load(self) -> None:
        if not self.settings.trained_model:
            raise DetectorUnavailable(NO_MODEL)
        if self._reads_spacy_doc(load_trained(self.settings.trained_model)):
            load_pipeline(self.settings.spacy_model)

    def spacy_pipeline(self) -> str | None:
        path = self.settings.trained_model
        return self.settings.spacy_model if path and self._reads_spacy_doc(load_trained(path)) else None

    def _reads_spacy_doc(self, model: LoadedModel) -> bool:
        """Whether the model's head reads the token vectors of the spaCy detector's Doc."""
        return bool(model.shares_tok2vec_of) and model.shares_tok2vec_of == self.settings.spacy_model

    def detect(self, chunk: TextChunk, shared: SharedAnalysis) -> list[Span]:
        model = load_trained(self.settings.trained_model)
        if self._reads_spacy_doc(model):
            from spacy.tokens import Doc

            parsed = shared_doc(shared, self.settings.spacy_model, chunk.text)
            doc = Doc(
                model.nlp.vocab, words=[t.text for t in parsed], spaces=[bool(t.whitespace_) for t in parsed]
            )
            doc.tensor = parsed.tensor
            doc = model.nlp.get_pipe(COMPONENT)(doc)
        else:
            doc = model.nlp(chunk.text)
        spans = []
        for ent in doc.ents:
            label = model.labels.get(ent.label_)
            if label is not None:
                score = LEADING_SCORE if label in model.leads else DEFERRING_SCORE
                spans.append(Span(ent.start_char, ent.end_char, label, (self.name,), score))
        return spans
