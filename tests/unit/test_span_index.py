"""`core.span_index.SpanIndex` answers as a pass over every span would."""

from __future__ import annotations

import random

from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span


def _spans(rng: random.Random, n: int) -> list[Span]:
    out = []
    for _ in range(n):
        start = rng.randrange(0, 500)
        out.append(Span(start, start + rng.randrange(1, 40), rng.choice(["AGE", "DATE"])))
    return out


def test_the_index_answers_as_a_pass_over_every_span():
    rng = random.Random(7)
    for _ in range(50):
        spans = _spans(rng, rng.randrange(0, 30))
        index = SpanIndex.of(spans)
        for probe in _spans(rng, 40):
            assert index.overlaps_any(probe) == any(probe.overlaps(s) for s in spans)
            low, high = probe.start - 20, probe.end + 20
            near = any(s.label == "AGE" and low <= s.start and s.end <= high for s in spans)
            assert index.has_within(low, high, "AGE") == near


def test_touching_spans_do_not_overlap():
    index = SpanIndex.of([Span(0, 5, "AGE"), Span(10, 12, "AGE")])
    assert not index.overlaps_any(Span(5, 10, "DATE"))
    assert index.overlaps_any(Span(4, 6, "DATE"))
    assert index.has_within(10, 12, "AGE") and not index.has_within(10, 11, "AGE")
