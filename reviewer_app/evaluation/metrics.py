"""Precision, recall and F1 of predicted spans against gold spans (the paper's Tables 3, 4, 5).

Labels are compared at the coarse level (`catalog().coarse`), so a prediction
labelled STATE counts as LOCATION, as in the paper's tables.

Two matching modes:

- **exact**: a prediction is correct when a gold span has the same start, end
  and label; a gold span is found when such a prediction exists.
- **overlap**: a prediction is correct when it shares at least one character
  with a gold span of its label; a gold span is found when some prediction of
  its label overlaps it. Precision counts correct predictions and recall counts
  found gold spans, so a gold "Kevin Richardson" predicted as "Kevin" and
  "Richardson" gives two correct predictions and one found gold span.

Micro scores pool the counts of all labels; macro scores average the per-label
scores over every label that occurs in the gold or the prediction.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from reviewer_app.core.interchange import Record
from reviewer_app.core.labels import catalog
from reviewer_app.core.spans import Span

_SPACE_RE = re.compile(r"\s+")

MatchMode = Literal["exact", "overlap"]
MATCH_MODES: tuple[MatchMode, ...] = ("exact", "overlap")
# Name used for the merged result in per-detector tables.
MERGED = "merged"


def _safe_div(num: float, den: float) -> float:
    return num / den if den else 0.0


def f1_score(precision: float, recall: float) -> float:
    return _safe_div(2 * precision * recall, precision + recall)


@dataclass(frozen=True)
class LabelScores:
    """Counts for one label; scores are derived so they can never disagree with them."""

    label: str
    gold: int = 0  # gold spans of this label
    predicted: int = 0  # predicted spans of this label
    found: int = 0  # gold spans matched by a prediction (numerator of recall)
    correct: int = 0  # predictions matching a gold span (numerator of precision)

    @property
    def precision(self) -> float:
        return _safe_div(self.correct, self.predicted)

    @property
    def recall(self) -> float:
        return _safe_div(self.found, self.gold)

    @property
    def f1(self) -> float:
        return f1_score(self.precision, self.recall)

    def __add__(self, other: LabelScores) -> LabelScores:
        return LabelScores(
            self.label,
            self.gold + other.gold,
            self.predicted + other.predicted,
            self.found + other.found,
            self.correct + other.correct,
        )


@dataclass(frozen=True)
class Averages:
    precision: float
    recall: float
    f1: float


@dataclass(frozen=True)
class DocumentPair:
    """Gold and predicted spans over one text."""

    id: str
    text: str
    gold: tuple[Span, ...]
    predicted: tuple[Span, ...]


@dataclass(frozen=True)
class Confusion:
    """A prediction that overlaps a gold span of another label (Table 4: "A | B")."""

    predicted_label: str
    gold_label: str
    count: int


@dataclass(frozen=True)
class EvaluationResult:
    mode: MatchMode
    per_label: dict[str, LabelScores]
    confusions: tuple[Confusion, ...] = ()
    documents: int = 0

    @property
    def totals(self) -> LabelScores:
        total = LabelScores("OVERALL")
        for scores in self.per_label.values():
            total = total + scores
        return total

    @property
    def micro(self) -> Averages:
        t = self.totals
        return Averages(t.precision, t.recall, t.f1)

    @property
    def macro(self) -> Averages:
        rows = list(self.per_label.values())
        if not rows:
            return Averages(0.0, 0.0, 0.0)
        n = len(rows)
        return Averages(
            sum(r.precision for r in rows) / n,
            sum(r.recall for r in rows) / n,
            sum(r.f1 for r in rows) / n,
        )


@dataclass(frozen=True)
class Miss:
    """A gold span that the prediction leaves (partly) readable in the output."""

    document_id: str
    span: Span
    text: str
    # The characters of the span no prediction covers, as they read in the text.
    leaked: str
    partial: bool
    left_context: str
    right_context: str
    # Label of a prediction that covered some of it under another label, if any.
    predicted_labels: tuple[str, ...] = field(default=())

    @property
    def label(self) -> str:
        return self.span.label


def coarse_spans(spans: Iterable[Span]) -> tuple[Span, ...]:
    cat = catalog()
    return tuple(sorted(s.with_(label=cat.coarse(s.label)) for s in spans))


def pair_records(
    gold: Iterable[Record], predicted: Iterable[Record], *, strict: bool = True
) -> list[DocumentPair]:
    """Pairs gold and predicted records by id (by position when the ids do not match).

    With `strict`, a pair whose texts differ raises ValueError: offsets into
    different texts cannot be compared.
    """
    gold_list = list(gold)
    pred_list = list(predicted)
    pred_by_id = {r.id: r for r in pred_list}
    by_id = all(g.id in pred_by_id for g in gold_list)
    if not by_id and len(gold_list) != len(pred_list):
        raise ValueError(
            f"gold has {len(gold_list)} documents and the prediction {len(pred_list)}, "
            "and their ids do not match"
        )
    pairs = []
    for i, g in enumerate(gold_list):
        p = pred_by_id[g.id] if by_id else pred_list[i]
        if strict and g.text != p.text:
            raise ValueError(f"document {g.id!r}: gold and prediction have different texts")
        pairs.append(DocumentPair(g.id, g.text, g.plain_spans, p.plain_spans))
    return pairs


class SpanIndex:
    """Start-sorted spans with a fast overlap query (bisect on starts)."""

    def __init__(self, spans: Sequence[Span]) -> None:
        self.spans = sorted(spans)
        self.starts = [s.start for s in self.spans]
        self.max_len = max((s.length for s in self.spans), default=0)
        self.exact = {(s.start, s.end, s.label) for s in self.spans}

    def overlapping(self, target: Span) -> list[Span]:
        lo = bisect.bisect_left(self.starts, target.start - self.max_len)
        hi = bisect.bisect_left(self.starts, target.end)
        return [s for s in self.spans[lo:hi] if s.overlaps(target)]

    def matches(self, target: Span, mode: MatchMode) -> bool:
        if mode == "exact":
            return (target.start, target.end, target.label) in self.exact
        return any(s.label == target.label for s in self.overlapping(target))


def _overlap_length(a: Span, b: Span) -> int:
    return max(0, min(a.end, b.end) - max(a.start, b.start))


def evaluate(
    pairs: Iterable[DocumentPair],
    mode: MatchMode = "exact",
    *,
    select: Callable[[Span], bool] | None = None,
    labels: Iterable[str] | None = None,
) -> EvaluationResult:
    """Scores predictions against gold over all documents.

    `select` keeps only the predictions it accepts (e.g. those of one detector).
    `labels` restricts the table to those coarse labels (others are ignored on
    both sides), which is how a detector is scored only on what it can emit.
    """
    keep = set(labels) if labels is not None else None
    counts: dict[str, LabelScores] = {}
    confusions: Counter[tuple[str, str]] = Counter()
    n_docs = 0

    def bump(label: str, **delta: int) -> None:
        current = counts.get(label, LabelScores(label))
        counts[label] = current + LabelScores(label, **delta)

    for pair in pairs:
        n_docs += 1
        gold = [s for s in coarse_spans(pair.gold) if keep is None or s.label in keep]
        pred_raw = [s for s in pair.predicted if select is None or select(s)]
        pred = [s for s in coarse_spans(pred_raw) if keep is None or s.label in keep]
        gold_index, pred_index = SpanIndex(gold), SpanIndex(pred)
        for g in gold:
            bump(g.label, gold=1, found=int(pred_index.matches(g, mode)))
        for p in pred:
            ok = gold_index.matches(p, mode)
            bump(p.label, predicted=1, correct=int(ok))
            if not ok:
                others = [g for g in gold_index.overlapping(p) if g.label != p.label]
                if others:
                    best = max(others, key=lambda g: (_overlap_length(g, p), -g.start))
                    confusions[(p.label, best.label)] += 1
    order = {label: i for i, label in enumerate(catalog().coarse_labels)}
    per_label = dict(sorted(counts.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))
    confusion_rows = tuple(
        Confusion(a, b, n) for (a, b), n in sorted(confusions.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    return EvaluationResult(mode, per_label, confusion_rows, n_docs)


def detectors_in(pairs: Iterable[DocumentPair]) -> tuple[str, ...]:
    """Every detector named in the predictions' provenance, sorted."""
    return tuple(sorted({d for p in pairs for s in p.predicted for d in s.detectors}))


def detector_labels(pairs: Iterable[DocumentPair], detector: str) -> frozenset[str]:
    """Coarse labels the detector emitted anywhere in the predictions."""
    cat = catalog()
    return frozenset(cat.coarse(s.label) for p in pairs for s in p.predicted if detector in s.detectors)


def evaluate_per_detector(
    pairs: Sequence[DocumentPair], mode: MatchMode = "exact", detectors: Iterable[str] | None = None
) -> dict[str, EvaluationResult]:
    """Each detector alone (the predictions it took part in), then the merged result.

    A detector is scored only on the labels it emits, as in the paper's Table 5
    where spaCy has no row for SPELLED_NAME. The spans are the merged ones that
    list the detector in their provenance: what the detector found that
    survived merging.
    """
    names = tuple(detectors) if detectors is not None else detectors_in(pairs)
    results: dict[str, EvaluationResult] = {}
    for name in names:
        results[name] = evaluate(
            pairs,
            mode,
            select=lambda s, name=name: name in s.detectors,
            labels=detector_labels(pairs, name),
        )
    results[MERGED] = evaluate(pairs, mode)
    return results


def evaluate_alone(pairs: Sequence[DocumentPair], mode: MatchMode = "exact") -> EvaluationResult:
    """A detector's own predictions, scored on the coarse labels it emitted."""
    cat = catalog()
    emitted = frozenset(cat.coarse(s.label) for p in pairs for s in p.predicted)
    return evaluate(pairs, mode, labels=emitted)


def without_detector(pairs: Iterable[DocumentPair], detector: str) -> list[DocumentPair]:
    """The predictions as they would be without one detector, read from provenance.

    A span found by several detectors survives; one found by that detector alone
    goes. This approximates a re-run (merging might have trimmed differently).
    """
    out = []
    for p in pairs:
        kept = tuple(s for s in p.predicted if not s.detectors or set(s.detectors) - {detector})
        out.append(DocumentPair(p.id, p.text, p.gold, kept))
    return out


def _leaked_runs(span: Span, covering: Sequence[Span], text: str) -> tuple[list[str], bool]:
    """The stretches of `span` no covering span hides, trimmed to letters and
    digits at both ends (stretches of separators alone leak nothing), and
    whether any letter or digit of it is hidden."""
    hidden = bytearray(span.length)
    for c in covering:
        for i in range(max(c.start, span.start), min(c.end, span.end)):
            hidden[i - span.start] = 1
    runs: list[str] = []
    i = 0
    while i < span.length:
        if hidden[i]:
            i += 1
            continue
        j = i
        while j < span.length and not hidden[j]:
            j += 1
        run = text[span.start + i : span.start + j]
        first = next((k for k, ch in enumerate(run) if ch.isalnum()), None)
        if first is not None:
            last = max(k for k, ch in enumerate(run) if ch.isalnum())
            runs.append(run[first : last + 1])
        i = j
    hid_some = any(h and text[span.start + k].isalnum() for k, h in enumerate(hidden))
    return runs, hid_some


def squash_space(text: str) -> str:
    """Runs of white space (line ends included) as one space, ends kept."""
    return _SPACE_RE.sub(" ", text)


def find_misses(pairs: Iterable[DocumentPair], context: int = 40) -> list[Miss]:
    """Gold spans that some letters or digits of would be left readable by the prediction.

    Whether a prediction has the right label does not matter here: a span under
    any label is replaced in the output. Misses are in document order; see
    `risk.rank_misses` for the most dangerous first.
    """
    misses: list[Miss] = []
    for pair in pairs:
        pred_index = SpanIndex(pair.predicted)
        for g in sorted(pair.gold):
            covering = pred_index.overlapping(g)
            runs, hid_some = _leaked_runs(g, covering, pair.text)
            if not runs:
                continue
            left = pair.text[max(0, g.start - context) : g.start]
            right = pair.text[g.end : g.end + context]
            misses.append(
                Miss(
                    document_id=pair.id,
                    span=g,
                    text=g.text_in(pair.text),
                    leaked=" ".join(runs),
                    partial=hid_some,
                    left_context=squash_space(left),
                    right_context=squash_space(right),
                    predicted_labels=tuple(sorted({c.label for c in covering})),
                )
            )
    return misses
