"""Evaluation charts as PNG files, drawn with matplotlib's Agg canvas.

Figures are built with `matplotlib.figure.Figure` and an Agg canvas rather than
pyplot, so drawing touches no global backend state and is safe inside the Qt
application and on worker threads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reviewer_app.core.labels import catalog
from reviewer_app.evaluation.metrics import MERGED, EvaluationResult
from reviewer_app.evaluation.risk import CorpusRisk

if TYPE_CHECKING:
    from reviewer_app.training.curve import CurvePoint


# What `_figure` imports: a window imports these on its UI thread first (ui/workers.py).
CHART_LIBRARIES = ("matplotlib.backends.backend_agg", "matplotlib.figure")


def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=110, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def f1_per_label_chart(tables: Mapping[str, EvaluationResult], path: Path | str) -> Path:
    """Grouped bars: for each label, the F1 of each detector alone and of the merged result.

    A detector with no row for a label (it does not emit it) has no bar there.
    """
    path = Path(path)
    cat = catalog()
    order = {label: i for i, label in enumerate(cat.coarse_labels)}
    labels = sorted(
        {label for result in tables.values() for label in result.per_label},
        key=lambda label: (order.get(label, len(order)), label),
    )
    names = list(tables)
    figure = _figure(max(7.5, 0.75 * len(labels) + 3), 4.2)
    ax = figure.add_subplot()
    width = 0.8 / max(1, len(names))
    for i, name in enumerate(names):
        xs, ys = [], []
        for j, label in enumerate(labels):
            scores = tables[name].per_label.get(label)
            if scores is not None and (scores.gold or scores.predicted):
                xs.append(j - 0.4 + width * (i + 0.5))
                ys.append(scores.f1)
        colour = "#333333" if name == MERGED else cat.detector_colour(name)
        ax.bar(xs, ys, width=width, label=name, color=colour, edgecolor="white", linewidth=0.5)
    ax.set_xticks(range(len(labels)), labels, rotation=40, ha="right", fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("F1")
    ax.set_title("F1 per label, each detector alone and merged")
    ax.grid(axis="y", alpha=0.3)
    figure.legend(fontsize=8, loc="outside right upper")
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    return path


def residual_risk_chart(risk: CorpusRisk, path: Path | str) -> Path:
    """One bar per document, the threshold and the corpus's mean + one standard deviation."""
    path = Path(path)
    ids = [d.document_id for d in risk.documents]
    scores = risk.scores
    figure = _figure(max(6.0, 0.3 * len(ids) + 2), 4.0)
    ax = figure.add_subplot()
    colours = ["#d23c3c" if s >= risk.threshold else "#2e9e44" for s in scores]
    ax.bar(range(len(ids)), scores, color=colours)
    ax.axhline(
        risk.threshold, color="#d23c3c", linestyle="--", linewidth=1, label=f"threshold {risk.threshold:g}"
    )
    ax.axhline(
        risk.mean_plus_std,
        color="#2f6fd6",
        linestyle=":",
        linewidth=1.5,
        label=f"mean + sd = {risk.mean_plus_std:.1f} ({'passes' if risk.passes else 'fails'})",
    )
    ax.set_xticks(range(len(ids)), ids, rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("residual risk")
    ax.set_ylim(0, 1.08 * max([risk.threshold + 1, *scores, risk.mean_plus_std + 1]))
    ax.set_title("Residual risk per document")
    ax.legend(fontsize=8, loc="upper left")
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    return path


def learning_curve_chart(points: Sequence[CurvePoint], path: Path | str) -> Path:
    """F1 and leak rate against the number of training documents."""
    path = Path(path)
    figure = _figure(6.5, 4.0)
    ax = figure.add_subplot()
    xs = [p.documents for p in points]
    ax.plot(xs, [p.f1 for p in points], marker="o", color="#2f6fd6", label="micro F1")
    ax.plot(xs, [p.leak_rate for p in points], marker="s", color="#c62828", label="leak rate")
    ax.set_xlabel("training documents (0: the base NER)")
    ax.set_ylim(0, 1.05)
    ax.set_title("Learning curve on held-out documents")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    return path
