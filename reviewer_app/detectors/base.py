"""The detector interface. A detector is a plug-in: name, labels, status, detect.

Construction is cheap and never loads a model; `load()` does, on the worker
thread that runs detection, the first time it is needed.

Two stages:
- "find" detectors (presidio, spacy, stanza) propose spans over one chunk of the
  text at a time; the runner maps chunk offsets back to the document.
- "refine" detectors (zeroshot) see the merged spans of the whole document and
  return them relabelled (e.g. LOCATION -> STATE).
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from reviewer_app.core.document import Document
from reviewer_app.core.progress import Progress
from reviewer_app.core.spans import Span
from reviewer_app.settings import Settings


@dataclass(frozen=True)
class DetectorStatus:
    ready: bool
    # The model in use when ready; otherwise what is missing and how to get it.
    message: str
    model: str = ""


@dataclass(frozen=True)
class TextChunk:
    """A stretch of the text detection reads: `document.text[offset:offset+len(text)]`, or of
    its truecased view when the document is caseless (`core/truecasing.py`: the same
    characters, only their case may differ), to be detected with the rules of `profile`
    (`detectors/profiles.py`)."""

    document: Document
    text: str
    offset: int
    profile: str = "hearing"

    def speaker_tags(self) -> list[tuple[int, int]]:
        """The document's speaker tags (`Document.speaker_tags`) inside this chunk, in its
        offsets: the truecased view has the text's offsets, so they hold on it too."""
        end = self.offset + len(self.text)
        return [
            (a - self.offset, b - self.offset)
            for a, b in self.document.speaker_tags()
            if self.offset <= a and b <= end
        ]


@dataclass
class SharedAnalysis:
    """Analyses several detectors need, made once per chunk (e.g. the spaCy Doc
    that both the spacy and the presidio detectors use)."""

    cache: dict[str, Any] = field(default_factory=dict)


class Detector(abc.ABC):
    name: ClassVar[str]
    labels: ClassVar[tuple[str, ...]]
    stage: ClassVar[Literal["find", "refine"]] = "find"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @abc.abstractmethod
    def status(self) -> DetectorStatus:
        """Cheap availability check (no model load)."""

    @abc.abstractmethod
    def load(self) -> None:
        """Load models; idempotent; raises DetectorUnavailable with a clear message."""

    def detect(self, chunk: TextChunk, shared: SharedAnalysis) -> list[Span]:
        """Spans in chunk coordinates. Find-stage detectors override this."""
        return []

    def spacy_pipeline(self) -> str | None:
        """The spaCy pipeline whose Doc of each chunk `detect` reads from the `SharedAnalysis`
        (`nlp.shared_doc`), so that the runner can parse several chunks at once beforehand;
        None for a detector that reads none."""
        return None

    def refine(self, document: Document, spans: list[Span], progress: Progress) -> list[Span]:
        """Refine-stage detectors override this; the default changes nothing."""
        return spans


class DetectorUnavailable(RuntimeError):
    """A detector's model or package is missing; the message says how to get it."""
