"""Spans and review decisions: plain records over `Document.text` offsets."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace


@dataclass(frozen=True, order=True)
class Span:
    """A labelled stretch `[start, end)` of a document's text.

    The covered text is derived with `text_in(document_text)`, never stored, so a
    span can never disagree with the document. `detectors` names every detector
    that proposed exactly this span (after merging there may be several).
    """

    start: int
    end: int
    label: str
    detectors: tuple[str, ...] = ()
    score: float = 1.0

    def __post_init__(self) -> None:
        if self.start < 0 or self.end <= self.start:
            raise ValueError(f"invalid span boundaries [{self.start}, {self.end})")

    def text_in(self, text: str) -> str:
        return text[self.start : self.end]

    @property
    def length(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        return self.start < other.end and other.start < self.end

    def with_(self, **changes: object) -> Span:
        return replace(self, **changes)  # type: ignore[arg-type]

    def shifted(self, offset: int) -> Span:
        return replace(self, start=self.start + offset, end=self.end + offset)


class Status(enum.StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    # Found by an earlier detection run but not by the latest one: kept for review.
    STALE = "stale"


@dataclass(frozen=True)
class Decision:
    """What a reviewer decided about one span, as stored and audited."""

    span_id: int
    status: Status
    label: str
    start: int
    end: int
    reviewer: str = ""
    timestamp: float = 0.0
