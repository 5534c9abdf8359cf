"""Time-based scores of a redaction: how much of the time identifiers were spoken it hides.

The audio de-identification paper (`shared/papers/audio-deidentification.txt`,
§3) scores a redaction function R(t) on the audio rather than on characters: a PHI
word counts as redacted when R hides at least a share ρ of its time interval. Here:

- time recall: the share of gold identifier time (the union of the gold spans'
  intervals) that lies inside the redaction intervals (their union), the
  predicted spans' intervals padded and merged exactly as the export writes them;
- seconds redacted that hold no identifier: the redaction's union less the gold time
  it covers (what the listener loses for nothing);
- the paper's Recall_ρ at ρ = 1 (every moment of the span hidden) and ρ = 0.5.

Gold and predicted spans are character offsets; the document's `TimeMap` turns both
into seconds. Gold spans with no time (a speaker name the importer wrote) are counted
apart: they were never said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.redaction import DEFAULT_PAD_S, overlap_seconds, plan_redactions, seconds
from reviewer_app.core.spans import Span
from reviewer_app.core.timemap import TimeMap
from reviewer_app.evaluation.metrics import DocumentPair
from reviewer_app.evaluation.report import NO_ROW, Table

# The paper's coverage thresholds reported (ρ): all of a span's time, and half of it.
RHO_FULL, RHO_HALF = 1.0, 0.5
_EPSILON = 1e-9


@dataclass(frozen=True)
class TimeScores:
    documents: int = 0
    gold_s: float = 0.0  # identifier time: the union of the gold spans' intervals
    covered_s: float = 0.0  # the part of it inside the redaction intervals
    redacted_s: float = 0.0  # the union of the redaction intervals
    gold_spans: int = 0  # gold spans with a time
    fully_covered: int = 0  # of those, hidden for all their time (ρ = 1)
    half_covered: int = 0  # hidden for at least half their time (ρ = 0.5)
    unspoken_gold: int = 0  # gold spans with no time: never said
    intervals: int = 0
    approximate: int = 0  # redaction intervals timed by interpolation inside a cue

    @property
    def recall(self) -> float | None:
        return self.covered_s / self.gold_s if self.gold_s > 0 else None

    @property
    def redacted_without_identifier_s(self) -> float:
        return round(self.redacted_s - self.covered_s, 6)

    def __add__(self, other: TimeScores) -> TimeScores:
        return TimeScores(
            *(
                round(a + b, 6) if isinstance(a, float) else a + b
                for a, b in zip(_values(self), _values(other), strict=True)
            )
        )


def _values(scores: TimeScores) -> tuple:
    return tuple(getattr(scores, name) for name in TimeScores.__dataclass_fields__)


def time_scores(
    time_map: TimeMap, gold: Sequence[Span], predicted: Sequence[Span], pad: float = DEFAULT_PAD_S
) -> TimeScores:
    """The time-based scores of one document whose spans are redacted with `pad`."""
    plan = plan_redactions(time_map, predicted, pad=pad)
    redacted = [(r.start_s, r.end_s) for r in plan.intervals]
    gold_intervals = []
    unspoken = 0
    for span in gold:
        interval = time_map.interval(span.start, span.end)
        if interval is None:
            unspoken += 1
        else:
            gold_intervals.append((interval.start_s, interval.end_s))
    shares = [_covered_share(interval, redacted) for interval in gold_intervals]
    return TimeScores(
        documents=1,
        gold_s=seconds(gold_intervals),
        covered_s=overlap_seconds(gold_intervals, redacted),
        redacted_s=seconds(redacted),
        gold_spans=len(gold_intervals),
        fully_covered=sum(share >= RHO_FULL - _EPSILON for share in shares),
        half_covered=sum(share >= RHO_HALF - _EPSILON for share in shares),
        unspoken_gold=unspoken,
        intervals=len(plan.intervals),
        approximate=plan.approximate,
    )


def _covered_share(interval: tuple[float, float], redacted: Sequence[tuple[float, float]]) -> float:
    start, end = interval
    if end <= start:  # a word with no duration: hidden when its moment is
        return float(any(a <= start <= b for a, b in redacted))
    return overlap_seconds([interval], redacted) / (end - start)


def time_table(scores: TimeScores, pad: float) -> Table:
    recall = NO_ROW if scores.recall is None else f"{scores.recall:.3f}"
    spans = scores.gold_spans

    def share(n: int) -> str:
        return f"{n} of {spans} ({n / spans:.3f})" if spans else NO_ROW

    rows = (
        ("time recall (gold identifier time redacted)", recall),
        ("gold identifier time", f"{scores.gold_s:.2f} s"),
        ("of it redacted", f"{scores.covered_s:.2f} s"),
        ("redacted in all", f"{scores.redacted_s:.2f} s in {scores.intervals} intervals"),
        ("redacted holding no identifier", f"{scores.redacted_without_identifier_s:.2f} s"),
        ("gold spans fully redacted (Recall at ρ = 1)", share(scores.fully_covered)),
        ("gold spans at least half redacted (ρ = 0.5)", share(scores.half_covered)),
        ("gold spans never said (no time)", str(scores.unspoken_gold)),
        ("approximate intervals (timed inside a cue)", f"{scores.approximate} of {scores.intervals}"),
    )
    return Table(
        "Time-based redaction (audio)",
        ("measure", "value"),
        rows,
        note=f"{scores.documents} time-aligned documents; predicted spans padded by {pad:g} s and merged, "
        "as the export redacts them; times on unions of intervals.",
    )


def read_time_aligned(paths: Sequence[Path], settings) -> list[tuple[str, TimeMap, str]]:
    """(file name, time map, text) of each time-aligned transcript; raises ValueError
    for a file that cannot be imported or has no times."""
    from reviewer_app.importers import TranscriptImportError, import_file

    found = []
    for path in paths:
        try:
            document = import_file(path, settings)
        except TranscriptImportError as exc:
            raise ValueError(str(exc)) from exc
        if not document.time_map:
            raise ValueError(f"{path.name} has no times (a WebVTT, SRT or Whisper JSON transcript is needed)")
        found.append((path.name, document.time_map, document.text))
    return found


def corpus_time_scores(
    pairs: Sequence[DocumentPair],
    time_aligned: Sequence[tuple[str, TimeMap, str]],
    pad: float = DEFAULT_PAD_S,
) -> TimeScores:
    """The time-based scores over the documents of `pairs` that one of `time_aligned`
    (matched by text) gives times to; raises ValueError for a transcript that matches
    no document."""
    by_text = {pair.text: pair for pair in pairs}
    total = TimeScores()
    for name, time_map, text in time_aligned:
        pair = by_text.get(text)
        if pair is None:
            raise ValueError(
                f"{name}: its text is none of the gold documents' texts; were they made from it?"
            )
        total = total + time_scores(time_map, pair.gold, pair.predicted, pad)
    return total
