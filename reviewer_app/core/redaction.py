"""Where in the recording each replaced span was said: redaction intervals in seconds.

`plan_redactions` turns the spans of a pseudonymized text into stretches of audio:
each span's time from the document's `TimeMap`, widened by `pad` seconds on both
sides (ASR word boundaries are often a frame or two short, see the audio de-ID
paper's alignment table), clamped to `[0, end_s]`, and overlapping or touching
stretches merged into one that keeps every label and tag and is approximate if any
part was interpolated. Spans the time map has no time for (a speaker name the
importer wrote in front of a cue, a heading) were never said and get no interval.

The interval arithmetic here (`union`, `seconds`, `overlap_seconds`) is also what
the time-based evaluation measures with, so the export and its score agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.spans import Span
from reviewer_app.core.timemap import TimeMap

# The export's default padding on each side of a span, in seconds.
DEFAULT_PAD_S = 0.15
# Times are kept to the microsecond: finer than any sample rate, and free of float
# noise such as 10.5 - 0.15 = 10.350000000000001 in the files written.
_DECIMALS = 6


@dataclass(frozen=True)
class Redaction:
    """A stretch `[start_s, end_s)` of the recording to hide, with the labels and
    tags of the spans said in it (in time order, each once)."""

    start_s: float
    end_s: float
    labels: tuple[str, ...]
    tags: tuple[str, ...]
    approximate: bool

    @property
    def duration_s(self) -> float:
        return self.end_s - self.start_s


@dataclass(frozen=True)
class RedactionPlan:
    intervals: tuple[Redaction, ...]
    # Spans with no time in the map: written in the transcript, never said.
    unspoken: int
    # The latest end of an unpadded span interval, or 0.0: audio shorter than this misses a span.
    last_spoken_s: float

    @property
    def approximate(self) -> int:
        return sum(r.approximate for r in self.intervals)

    @property
    def seconds(self) -> float:
        return round(sum(r.duration_s for r in self.intervals), _DECIMALS)


def transcript_end_s(time_map: TimeMap) -> float:
    """When the last cue of the transcript ends (0.0 for an empty map)."""
    return max((cue.end_s for cue in time_map.cues), default=0.0)


def plan_redactions(
    time_map: TimeMap,
    spans: Sequence[Span],
    tags: Sequence[str] | None = None,
    *,
    pad: float = DEFAULT_PAD_S,
    end_s: float | None = None,
) -> RedactionPlan:
    """The merged, padded intervals of `spans` (`tags[i]` is the tag `spans[i]` got in
    the text; none for an evaluation). `end_s` is where padding stops: the length
    of the audio, or by default the end of the transcript."""
    if pad < 0:
        raise ValueError(f"the padding must be 0 or more seconds, not {pad}")
    tags = tags if tags is not None else [""] * len(spans)
    limit = transcript_end_s(time_map) if end_s is None else end_s
    raw: list[Redaction] = []
    unspoken = 0
    last_spoken = 0.0
    for span, tag in zip(spans, tags, strict=True):
        interval = time_map.interval(span.start, span.end)
        if interval is None:
            unspoken += 1
            continue
        last_spoken = max(last_spoken, interval.end_s)
        start = _round(min(max(interval.start_s - pad, 0.0), limit))
        end = _round(min(max(interval.end_s + pad, 0.0), limit))
        if end > start:  # nothing left when the span lies past `limit` (audio that ends before it)
            raw.append(Redaction(start, end, (span.label,), (tag,) if tag else (), interval.approximate))
    return RedactionPlan(tuple(_merge(raw)), unspoken, last_spoken)


def _merge(intervals: Iterable[Redaction]) -> list[Redaction]:
    merged: list[Redaction] = []
    for current in sorted(intervals, key=lambda r: (r.start_s, r.end_s)):
        if merged and current.start_s <= merged[-1].end_s:
            last = merged[-1]
            merged[-1] = Redaction(
                last.start_s,
                max(last.end_s, current.end_s),
                _distinct(last.labels + current.labels),
                _distinct(last.tags + current.tags),
                last.approximate or current.approximate,
            )
        else:
            merged.append(current)
    return merged


def _distinct(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))


def _round(seconds: float) -> float:
    return round(seconds, _DECIMALS)


# ---------------------------------------------------------------- interval arithmetic


def union(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """The same stretches of time as sorted, disjoint intervals (touching ones joined)."""
    out: list[tuple[float, float]] = []
    for start, end in sorted(intervals):
        if end <= start:
            continue
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def seconds(intervals: Iterable[tuple[float, float]]) -> float:
    """How long the union of `intervals` lasts."""
    return _round(sum(end - start for start, end in union(intervals)))


def overlap_seconds(a: Iterable[tuple[float, float]], b: Iterable[tuple[float, float]]) -> float:
    """How long the unions of `a` and `b` overlap."""
    first, second = union(a), union(b)
    i = j = 0
    total = 0.0
    while i < len(first) and j < len(second):
        start = max(first[i][0], second[j][0])
        end = min(first[i][1], second[j][1])
        if end > start:
            total += end - start
        if first[i][1] < second[j][1]:
            i += 1
        else:
            j += 1
    return _round(total)
