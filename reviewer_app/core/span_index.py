"""Spans sorted by their start, for the questions a finder asks of every span found so far for
each new one ("does it overlap any?", "is an age near?"): a search of the sorted starts instead of
a pass over all of them, so a long transcript costs n log n, not n squared."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from reviewer_app.core.spans import Span


@dataclass(frozen=True)
class SpanIndex:
    spans: tuple[Span, ...]  # by start, then end
    starts: tuple[int, ...]
    reach: tuple[int, ...]  # reach[k]: the furthest end of spans[: k + 1]

    @classmethod
    def of(cls, spans: Iterable[Span]) -> SpanIndex:
        ordered = tuple(sorted(spans, key=lambda s: (s.start, s.end)))
        ends = itertools.accumulate((s.end for s in ordered), max)
        return cls(ordered, tuple(s.start for s in ordered), tuple(ends))

    def overlaps_any(self, span: Span) -> bool:
        """Whether a span of the index overlaps `span` (`Span.overlaps`)."""
        before_its_end = bisect.bisect_left(self.starts, span.end)  # spans[:k] start before it ends
        return before_its_end > 0 and self.reach[before_its_end - 1] > span.start

    def overlapping(self, start: int, end: int) -> list[Span]:
        """The spans of the index that overlap text[start:end], by start: back from the last one
        that starts before `end` while the furthest end so far still passes `start`."""
        k = bisect.bisect_left(self.starts, end) - 1
        found = []
        while k >= 0 and self.reach[k] > start:
            if self.spans[k].end > start:
                found.append(self.spans[k])
            k -= 1
        return found[::-1]

    def has_within(self, low: int, high: int, label: str) -> bool:
        """Whether a span of `label` lies wholly within text[low:high]."""
        k = bisect.bisect_left(self.starts, low)
        while k < len(self.spans) and self.spans[k].start < high:
            if self.spans[k].label == label and self.spans[k].end <= high:
                return True
            k += 1
        return False
