"""Training the name-label classifier (`core/name_context.py`) from reviewed gold.

An example is a name span detection found (labelled PERSON, LOCATION, ORGANIZATION or NRP)
that overlaps a gold span of one of those four labels; its target is that gold span's label
(the one it overlaps most). Spans that overlap no such gold span are left out: relabelling a
false name or a name of another kind does not change what the reviewer sees as right or wrong.
So training needs the pipeline's spans of each reviewed document beside its gold
(`PredictedDocument`). The model and its fitting are the number classifier's
(`training/numbers.fit`), over the four labels.

The threshold is chosen on out-of-fold scores (each group of documents, such as a writer's,
scored by a model trained without it): the least probability at which the relabellings gain
most, a relabelling gaining one when it gives the gold label and losing one when it takes it
away (one that changes a wrong label to another wrong one neither gains nor loses).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reviewer_app.core.labels import catalog
from reviewer_app.core.name_context import NAME_LABELS, NEVER, DocumentView, features
from reviewer_app.core.number_context import NumberModel
from reviewer_app.core.spans import Span
from reviewer_app.training.numbers import L2, fit, label_overlapping_most, out_of_fold


@dataclass(frozen=True)
class PredictedDocument:
    """A reviewed document with what detection found in it: the merged spans and spaCy's."""

    id: str
    text: str
    gold: tuple[Span, ...]
    pipeline: tuple[Span, ...]
    spacy: tuple[Span, ...] = ()


@dataclass(frozen=True)
class NameExample:
    document: str
    span: Span
    features: tuple[str, ...]
    # The gold label, and the one detection gave.
    label: str
    found: str


def examples(documents: Sequence[PredictedDocument]) -> list[NameExample]:
    out = []
    coarse = catalog().coarse
    for document in documents:
        view = DocumentView(document.text, document.pipeline, document.spacy)
        for span in document.pipeline:
            found = coarse(span.label)
            if found not in NAME_LABELS:
                continue
            label = label_overlapping_most(span, document.gold)
            if label not in NAME_LABELS:
                continue
            out.append(NameExample(document.id, span, tuple(features(view, span)), label, found))
    return out


def fit_names(training: Sequence[NameExample], threshold: float = NEVER, l2: float = L2) -> NumberModel:
    return fit(training, threshold, l2, labels=NAME_LABELS)  # type: ignore[arg-type]


def out_of_fold_names(
    every: Sequence[NameExample], group_of: Callable[[str], str], l2: float = L2
) -> tuple[list[tuple[NameExample, str, float]], dict[str, NumberModel]]:
    return out_of_fold(every, group_of, l2, labels=NAME_LABELS)  # type: ignore[arg-type, return-value]


def choose_threshold(scored: Sequence[tuple[NameExample, str, float]]) -> float:
    """The least probability at which the relabellings gain most (NEVER when none gains)."""
    proposals = sorted(
        ((p, (label == e.label) - (e.found == e.label)) for e, label, p in scored if label != e.found),
        reverse=True,
    )
    best, best_gain, gain = NEVER, 0, 0
    for probability, change in proposals:
        gain += change
        if gain > best_gain:
            best, best_gain = probability, gain
    return best


def train_name_labels(documents: Sequence[PredictedDocument], group_of: Callable[[str], str]) -> NumberModel:
    """A model fitted to every example of `documents`, its threshold chosen on out-of-fold scores."""
    every = examples(documents)
    scored, _ = out_of_fold_names(every, group_of)
    return fit_names(every, choose_threshold(scored))
