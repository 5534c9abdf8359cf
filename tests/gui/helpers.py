"""Small hand-made transcripts for the window tests."""

from __future__ import annotations

from dataclasses import dataclass

from reviewer_app.core.document import Document, Section, Utterance
from reviewer_app.core.spans import Span, Status


@dataclass(frozen=True)
class Row:
    id: int
    span: Span
    status: Status = Status.PENDING


def transcript(lines: list[str], doc_id: str = "hearing-test") -> Document:
    """A body of `SPEAKER: text` lines, with its utterances."""
    text = "\n".join(lines)
    utterances = []
    offset = 0
    for line in lines:
        speaker, sep, _ = line.partition(": ")
        if sep:
            utterances.append(Utterance(speaker, offset, offset + len(line)))
        offset += len(line) + 1
    return Document(
        id=doc_id,
        text=text,
        utterances=tuple(utterances),
        sections=(Section("body", 0, len(text)),),
    )


def find(document: Document, needle: str, label: str, *detectors: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = document.text.index(needle, start + 1)
    return Span(start, start + len(needle), label, detectors or ("spacy",), 0.9)


SAMPLE_LINES = [
    "PRESIDING COMMISSIONER HOLT: Good morning. We are here for Kevin Richardson, CDCR number L90314.",
    "INMATE RICHARDSON: Good morning. R-I-C-H-A-R-D-S-O-N.",
    "DEPUTY COMMISSIONER SMITH: You were born in Fresno on June 3rd, 1975?",
    "INMATE RICHARDSON: Yes, in Fresno.",
]
