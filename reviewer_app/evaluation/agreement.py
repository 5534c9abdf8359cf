"""Agreement between two reviewers who annotated the same documents.

Two measures, both over coarse labels:

- span-level F1: one reviewer's spans scored against the other's with exact
  matching (start, end and label). F1 is symmetric, so which one plays gold
  does not matter.
- token-level Cohen's kappa: every token (a run of letters and digits, or one
  other non-space character) gets the label of the span covering it, or "O";
  kappa = (p_o - p_e) / (1 - p_e) over all tokens of all documents, where p_o is
  the share of tokens both gave the same label and p_e the agreement expected
  from each reviewer's label frequencies.

Disagreements are listed span by span: the same stretch with another label,
overlapping stretches of the same label with other boundaries, and spans only
one reviewer marked.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from reviewer_app.core.interchange import Record
from reviewer_app.core.spans import Span
from reviewer_app.evaluation.metrics import DocumentPair, LabelScores, SpanIndex, coarse_spans, evaluate

TOKEN_RE = re.compile(r"\w+|[^\w\s]")
OUTSIDE = "O"

DisagreementKind = Literal["label", "boundary", "only_a", "only_b"]


@dataclass(frozen=True)
class Disagreement:
    document_id: str
    kind: DisagreementKind
    a: Span | None
    b: Span | None
    text: str  # the text of the stretch either reviewer marked (both, where they overlap)


@dataclass(frozen=True)
class Agreement:
    span_scores: LabelScores  # reviewer B scored against reviewer A
    per_label: dict[str, LabelScores]
    kappa: float
    observed: float  # p_o
    expected: float  # p_e
    tokens: int
    disagreements: tuple[Disagreement, ...]

    @property
    def span_f1(self) -> float:
        return self.span_scores.f1


def token_labels(text: str, spans: Sequence[Span]) -> list[str]:
    """The label of each token of `text` (see the module docstring), in order."""
    ordered = sorted(spans)
    labels = []
    i = 0
    for match in TOKEN_RE.finditer(text):
        while i < len(ordered) and ordered[i].end <= match.start():
            i += 1
        label = OUTSIDE
        for span in ordered[i:]:
            if span.start >= match.end():
                break
            if match.start() < span.end:
                label = span.label
                break
        labels.append(label)
    return labels


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> tuple[float, float, float]:
    """(kappa, p_o, p_e) of two equally long label sequences.

    When chance agreement is total (both used one and the same label
    throughout) kappa is 1.0: the reviewers agree and there is nothing else to
    agree on.
    """
    if len(a) != len(b):
        raise ValueError("the two label sequences differ in length")
    n = len(a)
    if n == 0:
        return 1.0, 1.0, 1.0
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    count_a, count_b = Counter(a), Counter(b)
    expected = sum(count_a[label] * count_b[label] for label in count_a) / (n * n)
    if expected >= 1.0:
        return 1.0, observed, expected
    return (observed - expected) / (1 - expected), observed, expected


def _disagreements(doc_id: str, text: str, a: Sequence[Span], b: Sequence[Span]) -> list[Disagreement]:
    exact_b = {(s.start, s.end, s.label) for s in b}
    exact_a = {(s.start, s.end, s.label) for s in a}
    out: list[Disagreement] = []
    paired_b: set[Span] = set()
    index_b = SpanIndex(b)
    for sa in a:
        if (sa.start, sa.end, sa.label) in exact_b:
            continue
        overlapping = [sb for sb in index_b.overlapping(sa) if (sb.start, sb.end, sb.label) not in exact_a]
        if not overlapping:
            out.append(Disagreement(doc_id, "only_a", sa, None, sa.text_in(text)))
            continue
        for sb in overlapping:
            paired_b.add(sb)
            # Not an exact match: with the same label the boundaries differ.
            kind: DisagreementKind = "boundary" if sb.label == sa.label else "label"
            start, end = min(sa.start, sb.start), max(sa.end, sb.end)
            out.append(Disagreement(doc_id, kind, sa, sb, text[start:end]))
    for sb in b:
        if (sb.start, sb.end, sb.label) in exact_a or sb in paired_b:
            continue
        out.append(Disagreement(doc_id, "only_b", None, sb, sb.text_in(text)))
    out.sort(key=lambda d: min(s.start for s in (d.a, d.b) if s is not None))
    return out


def agreement(pairs: Iterable[DocumentPair]) -> Agreement:
    """Agreement of reviewer A (`gold`) and reviewer B (`predicted`) of each pair."""
    pairs = [DocumentPair(p.id, p.text, coarse_spans(p.gold), coarse_spans(p.predicted)) for p in pairs]
    result = evaluate(pairs, "exact")
    tokens_a: list[str] = []
    tokens_b: list[str] = []
    disagreements: list[Disagreement] = []
    for p in pairs:
        tokens_a += token_labels(p.text, p.gold)
        tokens_b += token_labels(p.text, p.predicted)
        disagreements += _disagreements(p.id, p.text, p.gold, p.predicted)
    kappa, observed, expected = cohen_kappa(tokens_a, tokens_b)
    return Agreement(
        span_scores=result.totals,
        per_label=result.per_label,
        kappa=kappa,
        observed=observed,
        expected=expected,
        tokens=len(tokens_a),
        disagreements=tuple(disagreements),
    )


def split_by_reviewer(records: Iterable[Record]) -> dict[str, list[Record]]:
    """One list of records per reviewer, from the `reviewer` key on each span.

    A gold file in which two reviewers annotated the same documents keeps each
    decision's reviewer; this separates them. Spans without a reviewer go
    under "".
    """
    by_reviewer: dict[str, dict[str, list]] = {}
    order: list[Record] = []
    for record in records:
        order.append(record)
        for span_record in record.spans:
            name = str(span_record.extra.get("reviewer", ""))
            by_reviewer.setdefault(name, {}).setdefault(record.id, []).append(span_record)
    return {
        name: [Record(r.id, r.text, tuple(docs.get(r.id, ())), r.meta) for r in order]
        for name, docs in sorted(by_reviewer.items())
    }
