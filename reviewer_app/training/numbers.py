"""Training the number-context classifier (`core/number_context.py`) from reviewed gold.

Each number expression of a reviewed document is an example: labelled with the gold span it
lies in when that span is an AGE, TIME, DATE or AMOUNT, NONE otherwise (a number inside a
phone number, a CDCR number or no span at all, or one a reviewer rejected). Numbers inside a
stretch nobody decided about (`TrainingDocument.ignored`) are left out. The model is a
multinomial logistic regression with an L2 penalty, fitted by L-BFGS over the whole set at
once (torch, which the app already depends on), from zero weights: the same gold gives the
same weights, up to the last digits of torch's threaded sums.

The threshold is chosen on predictions for documents the model was not trained on
(`choose_threshold` over `out_of_fold` by writer or by document): the least probability at
which the spans added gain more correct than wrong ones by the widest margin.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.labels import catalog
from reviewer_app.core.number_context import (
    NONE,
    Candidate,
    NumberModel,
    features,
    number_candidates,
)
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, spoken_words, words_of
from reviewer_app.training.data import TrainingDataError, TrainingDocument

LABELS = ("AGE", "TIME", "DATE", "AMOUNT")
# A feature seen in fewer training documents than this is left out: a word of one document
# (a name, a place) cannot generalise.
MIN_FEATURE_DOCUMENTS = 3
L2 = 1.0
ITERATIONS = 60
# The threshold when no other is given, and when no threshold makes the added spans gain.
DEFAULT_THRESHOLD = 0.9


@dataclass(frozen=True)
class Example:
    document: str
    candidate: Candidate
    features: tuple[str, ...]
    label: str


def label_overlapping_most(candidate: Candidate | Span, spans: Sequence[Span]) -> str | None:
    """The coarse label of the gold span the candidate overlaps most, if any."""
    best, overlap = None, 0
    for span in spans:
        shared = min(span.end, candidate.end) - max(span.start, candidate.start)
        if shared > overlap:
            best, overlap = span, shared
    return catalog().coarse(best.label) if best else None


def examples(
    documents: Sequence[TrainingDocument],
    skip: Callable[[TrainingDocument, Candidate], bool] | None = None,
) -> list[Example]:
    """The training examples of `documents` (those `skip` does not leave out)."""
    out = []
    for document in documents:
        words = words_of(document.text)
        reader = Reader(words, spoken_words())
        for candidate in number_candidates(document.text, words):
            as_span = Span(candidate.start, candidate.end, NONE)
            if any(as_span.overlaps(s) for s in document.ignored):
                continue
            if skip is not None and skip(document, candidate):
                continue
            label = label_overlapping_most(candidate, document.positives)
            label = label if label in LABELS else NONE
            feats = tuple(features(document.text, words, candidate, reader))
            out.append(Example(document.id, candidate, feats, label))
    return out


def fit(
    training: Sequence[Example],
    threshold: float = DEFAULT_THRESHOLD,
    l2: float = L2,
    labels: tuple[str, ...] = (*LABELS, NONE),
) -> NumberModel:
    """A model of `labels` fitted to `training` (deterministic: full-batch L-BFGS from zero
    weights). Only the examples' document, features and label are read, so the name-label
    classifier (`training/name_labels.py`) is fitted here too."""
    import torch

    if not training:
        raise TrainingDataError("no example in the training documents")
    counts = Counter(f for _, f in {(e.document, f) for e in training for f in e.features})
    vocabulary = sorted(f for f, n in counts.items() if n >= MIN_FEATURE_DOCUMENTS)
    index = {f: i for i, f in enumerate(vocabulary)}
    rows = [[index[f] for f in e.features if f in index] for e in training]
    flat = torch.tensor([i for row in rows for i in row], dtype=torch.long)
    offsets = torch.tensor([0, *itertools.accumulate(len(r) for r in rows)][:-1], dtype=torch.long)
    target = torch.tensor([labels.index(e.label) for e in training], dtype=torch.long)
    weights = torch.zeros(len(vocabulary), len(labels), requires_grad=True)
    bias = torch.zeros(len(labels), requires_grad=True)
    optimiser = torch.optim.LBFGS([weights, bias], max_iter=ITERATIONS, line_search_fn="strong_wolfe")

    def loss() -> torch.Tensor:
        optimiser.zero_grad()
        logits = torch.nn.functional.embedding_bag(flat, weights, offsets, mode="sum") + bias
        value = torch.nn.functional.cross_entropy(logits, target, reduction="sum")
        value = value + l2 / 2 * (weights**2).sum()
        value.backward()
        return value

    optimiser.step(loss)
    table = weights.detach().tolist()
    kept = {f: tuple(table[i]) for f, i in index.items() if max(abs(w) for w in table[i]) >= 1e-3}
    return NumberModel(labels, tuple(bias.detach().tolist()), kept, threshold)


def out_of_fold(
    every: Sequence[Example],
    group_of: Callable[[str], str],
    l2: float = L2,
    labels: tuple[str, ...] = (*LABELS, NONE),
) -> tuple[list[tuple[Example, str, float]], dict[str, NumberModel]]:
    """Each example scored by a model trained without its group (a writer, or a document), and
    the model of each group."""
    groups = sorted({group_of(e.document) for e in every})
    if len(groups) == 1:
        # Without it the one fit would be on no example at all, and say there is no number.
        raise TrainingDataError(
            "out-of-fold training needs at least two groups of documents (writers or folds), "
            "and these documents' numbers fall in one: give the threshold (--threshold)"
        )
    scored, models = [], {}
    for group in groups:
        model = fit([e for e in every if group_of(e.document) != group], l2=l2, labels=labels)
        models[group] = model
        for e in every:
            if group_of(e.document) == group:
                scored.append((e, *model.predict(e.features)))
    return scored, models


def choose_threshold(scored: Sequence[tuple[Example, str, float]]) -> float:
    """The least probability at which the spans added gain most: right ones (the predicted
    label is the gold one) less wrong ones."""
    proposals = sorted(((p, label == e.label) for e, label, p in scored if label != NONE), reverse=True)
    best, best_gain, gain = DEFAULT_THRESHOLD, 0, 0
    for probability, right in proposals:
        gain += 1 if right else -1
        if gain > best_gain:
            best, best_gain = probability, gain
    return best


def write_model(model: NumberModel, path: Path, **about: object) -> None:
    """The weights as JSON, one feature a line (a retrained file's changes read as a diff)."""
    data = model.to_json(**about)
    weights = data.pop("weights")
    head = ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in weights.items())  # type: ignore[union-attr]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{\n" + head + ',\n"weights": {\n' + rows + "\n}}\n", encoding="utf-8")


def train_numbers(
    documents: Sequence[TrainingDocument],
    group_of: Callable[[str], str],
    seen: Callable[[str, Candidate], bool] | None = None,
) -> NumberModel:
    """A model fitted to every number of `documents`, with the threshold chosen on out-of-fold
    scores (each group scored by a model trained without it) of the numbers `seen` keeps (the
    ones detection would leave to the classifier, when known; all of them otherwise)."""
    every = examples(documents)
    scored, _ = out_of_fold(every, group_of)
    pool = [s for s in scored if seen is None or seen(s[0].document, s[0].candidate)]
    return fit(every, choose_threshold(pool))
