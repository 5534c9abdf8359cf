"""Residual risk of a de-identified corpus (the residual-risk paper, §4.2-4.3).

Every gold span that the prediction leaves (partly) readable is a missed item.
It scores by its label (`resources/risk_scores.toml`): the full score when no
letter of it is hidden, half of it when part is hidden, rounded down, or up
where the label says so (a partly missed name: ceil(5/2) = 3). A document's risk
is the sum over its distinct missed strings, so four leaked "Marc" count once;
case and separators do not make strings distinct ("M-A-R-K" is "Mark"), and a
string missed in several ways counts with its highest score. The corpus passes
when the mean plus one standard deviation of its documents' risks is below the
threshold (5: one leaked direct identifier).
"""

from __future__ import annotations

import functools
import math
import statistics
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.labels import catalog
from reviewer_app.evaluation.metrics import DocumentPair, Miss, find_misses
from reviewer_app.paths import resource


@dataclass(frozen=True)
class RiskTable:
    scores: dict[str, int]
    round_up: frozenset[str]
    default: int = 2
    threshold: float = 5.0

    def _entry(self, label: str) -> str | None:
        if label in self.scores:
            return label
        coarse = catalog().coarse(label)
        return coarse if coarse in self.scores else None

    def full_score(self, label: str) -> int:
        entry = self._entry(label)
        return self.scores[entry] if entry else self.default

    def partial_score(self, label: str) -> int:
        entry = self._entry(label)
        score = self.full_score(label)
        return math.ceil(score / 2) if entry in self.round_up else score // 2

    def score(self, miss: Miss) -> int:
        return self.partial_score(miss.label) if miss.partial else self.full_score(miss.label)


def load_risk_table(path: Path | None = None) -> RiskTable:
    path = path or resource("risk_scores.toml")
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    labels = raw.get("labels", {})
    return RiskTable(
        scores={name: int(entry["score"]) for name, entry in labels.items()},
        round_up=frozenset(name for name, entry in labels.items() if entry.get("round_up")),
        default=int(raw.get("default", 2)),
        threshold=float(raw.get("threshold", 5.0)),
    )


@functools.cache
def risk_table() -> RiskTable:
    return load_risk_table()


def string_key(text: str) -> str:
    """What makes two missed strings the same piece of information."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


@dataclass(frozen=True)
class MissedItem:
    """One distinct missed string of a document with the score it adds."""

    key: str
    text: str  # the leaked characters, as they read where the string scored highest
    label: str
    score: int
    partial: bool
    occurrences: int


@dataclass(frozen=True)
class DocumentRisk:
    document_id: str
    items: tuple[MissedItem, ...]

    @property
    def score(self) -> int:
        return sum(i.score for i in self.items)


@dataclass(frozen=True)
class CorpusRisk:
    documents: tuple[DocumentRisk, ...]
    threshold: float

    @property
    def scores(self) -> list[int]:
        return [d.score for d in self.documents]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores) if self.documents else 0.0

    @property
    def std(self) -> float:
        """Sample standard deviation (n - 1): an estimate of the σ of the
        normal distribution the paper assumes; 0 for a single document."""
        return statistics.stdev(self.scores) if len(self.documents) > 1 else 0.0

    @property
    def mean_plus_std(self) -> float:
        return self.mean + self.std

    @property
    def passes(self) -> bool:
        return self.mean_plus_std < self.threshold

    @property
    def maximum(self) -> int:
        return max(self.scores, default=0)

    @property
    def p95(self) -> float:
        return percentile(self.scores, 95)

    @property
    def above_threshold(self) -> tuple[str, ...]:
        return tuple(d.document_id for d in self.documents if d.score >= self.threshold)


def percentile(values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def document_risk(document_id: str, misses: Iterable[Miss], table: RiskTable | None = None) -> DocumentRisk:
    table = table or risk_table()
    best: dict[str, MissedItem] = {}
    for miss in misses:
        key = string_key(miss.leaked)
        if not key:
            continue
        score = table.score(miss)
        seen = best.get(key)
        count = (seen.occurrences if seen else 0) + 1
        if seen is None or score > seen.score:
            best[key] = MissedItem(key, miss.leaked, miss.label, score, miss.partial, count)
        else:
            best[key] = MissedItem(seen.key, seen.text, seen.label, seen.score, seen.partial, count)
    items = sorted(best.values(), key=lambda i: (-i.score, i.label, i.key))
    return DocumentRisk(document_id, tuple(items))


def corpus_risk(pairs: Sequence[DocumentPair], table: RiskTable | None = None) -> CorpusRisk:
    table = table or risk_table()
    misses = find_misses(pairs)
    by_doc: dict[str, list[Miss]] = {p.id: [] for p in pairs}
    for miss in misses:
        by_doc[miss.document_id].append(miss)
    documents = tuple(document_risk(doc_id, doc_misses, table) for doc_id, doc_misses in by_doc.items())
    return CorpusRisk(documents, table.threshold)


def rank_misses(misses: Iterable[Miss], table: RiskTable | None = None) -> list[Miss]:
    """Most dangerous first: highest score, then whole misses before partial ones."""
    table = table or risk_table()
    return sorted(
        misses,
        key=lambda m: (-table.score(m), m.partial, -table.full_score(m.label), m.document_id, m.span.start),
    )
