"""When each part of a time-aligned transcript was said: the counterpart of `PageMap`
for captions and ASR output.

A `TimeMap` holds the transcript's cues in text order. Each cue knows the span of
document text its words became (character offsets) and its start and end in
seconds; ASR output with word times also carries each word's offsets and times.
`interval(start, end)` turns a span of text into the stretch of audio in which it
was said: exact where word times cover the span, otherwise interpolated inside the
cue by character share and marked approximate.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TimedWord:
    """One recognised word: `[start, end)` in the document text, said from `start_s` to `end_s`."""

    start: int
    end: int
    start_s: float
    end_s: float


@dataclass(frozen=True)
class TimedCue:
    """One caption cue or ASR segment: `[start, end)` is its text in the document
    (without a speaker prefix the importer wrote in front of it)."""

    start: int
    end: int
    start_s: float
    end_s: float
    words: tuple[TimedWord, ...] = ()


@dataclass(frozen=True)
class TimeInterval:
    start_s: float
    end_s: float
    # True when the times were interpolated inside a cue instead of read from word times.
    approximate: bool


@dataclass(frozen=True)
class TimeMap:
    cues: tuple[TimedCue, ...] = ()
    # The cues' first offsets, for bisection: a lookup costs log(cues), not cues.
    _starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if any(b.start < a.start for a, b in zip(self.cues, self.cues[1:], strict=False)):
            raise ValueError("cues must be in text order")
        object.__setattr__(self, "_starts", tuple(c.start for c in self.cues))

    def __bool__(self) -> bool:
        return bool(self.cues)

    def interval(self, start: int, end: int) -> TimeInterval | None:
        """The time in which the text `[start, end)` was said, or None when no cue holds it."""
        if end <= start:
            return None
        pieces = [_cue_interval(cue, start, end) for cue in self._cues_overlapping(start, end)]
        if not pieces:
            return None
        return TimeInterval(
            min(p.start_s for p in pieces),
            max(p.end_s for p in pieces),
            any(p.approximate for p in pieces),
        )

    def _cues_overlapping(self, start: int, end: int) -> list[TimedCue]:
        first = max(bisect.bisect_right(self._starts, start) - 1, 0)
        found = []
        for cue in self.cues[first:]:
            if cue.start >= end:
                break
            if cue.end > start:
                found.append(cue)
        return found

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {
                "start": c.start,
                "end": c.end,
                "start_s": c.start_s,
                "end_s": c.end_s,
                "words": [[w.start, w.end, w.start_s, w.end_s] for w in c.words],
            }
            for c in self.cues
        ]

    @classmethod
    def from_json(cls, data: Sequence[Mapping[str, Any]]) -> TimeMap:
        return cls(
            tuple(
                TimedCue(
                    int(c["start"]),
                    int(c["end"]),
                    float(c["start_s"]),
                    float(c["end_s"]),
                    tuple(TimedWord(int(a), int(b), float(s), float(e)) for a, b, s, e in c.get("words", ())),
                )
                for c in data
            )
        )


def _cue_interval(cue: TimedCue, start: int, end: int) -> TimeInterval:
    lo, hi = max(start, cue.start), min(end, cue.end)
    words = [w for w in cue.words if w.start < hi and w.end > lo]
    if words:
        return TimeInterval(min(w.start_s for w in words), max(w.end_s for w in words), False)
    return TimeInterval(_time_at(cue, lo), _time_at(cue, hi), True)


def _time_at(cue: TimedCue, offset: int) -> float:
    length = cue.end - cue.start
    if length <= 0:
        return cue.start_s
    return cue.start_s + (cue.end_s - cue.start_s) * (offset - cue.start) / length
