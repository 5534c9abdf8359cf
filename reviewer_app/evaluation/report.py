"""Tables in the paper's layout, and a Markdown + HTML report that bundles them with charts.

Each table is a plain `Table` (headers and rows of strings) that renders to
Markdown for the terminal and the `.md` report, and to HTML for the `.html`
report and the Evaluation view, so all three show the same figures.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reviewer_app.evaluation.ablation import AblationRun, Redetection
from reviewer_app.evaluation.agreement import Agreement
from reviewer_app.evaluation.charts import f1_per_label_chart, residual_risk_chart
from reviewer_app.evaluation.metrics import (
    MATCH_MODES,
    MERGED,
    DocumentPair,
    EvaluationResult,
    MatchMode,
    Miss,
    evaluate,
    evaluate_alone,
    evaluate_per_detector,
    find_misses,
    squash_space,
)
from reviewer_app.evaluation.risk import (
    CorpusRisk,
    DocumentRisk,
    RiskTable,
    corpus_risk,
    rank_misses,
    risk_table,
)

NO_ROW = "—"
ABLATION_METHODS = {
    "provenance": "Standard: the prediction file; without: its spans less those only this component found.",
    "redetection": "Both runs made now with the same code and settings, over the gold texts.",
}


@dataclass(frozen=True)
class Table:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""

    def markdown(self) -> str:
        lines = [f"### {self.title}", ""]
        lines.append("| " + " | ".join(h.replace("|", "\\|") for h in self.headers) + " |")
        lines.append("|" + "|".join("---" for _ in self.headers) + "|")
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in self.rows]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines) + "\n"

    def html(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in self.rows
        )
        note = f"<p>{html.escape(self.note)}</p>" if self.note else ""
        return f"<h3>{html.escape(self.title)}</h3><table><tr>{head}</tr>{body}</table>{note}"


def _f(x: float) -> str:
    return f"{x:.3f}"


def scores_table(results: Mapping[str, EvaluationResult], title: str = "Table 3") -> Table:
    """Per label P, R, F1 for each matching mode side by side, then micro and macro rows."""
    modes = list(results)
    labels: list[str] = []
    for result in results.values():
        labels += [label for label in result.per_label if label not in labels]
    headers = ["Entity type", "Gold"]
    for mode in modes:
        headers += [f"P ({mode})", f"R ({mode})", f"F1 ({mode})"]
    rows = []
    first = results[modes[0]]
    for label in labels:
        gold = first.per_label.get(label)
        row = [label, str(gold.gold if gold else 0)]
        for mode in modes:
            s = results[mode].per_label.get(label)
            row += [_f(s.precision), _f(s.recall), _f(s.f1)] if s else [NO_ROW] * 3
        rows.append(tuple(row))
    micro = ["OVERALL (micro)", str(first.totals.gold)]
    macro = ["OVERALL (macro)", ""]
    for mode in modes:
        m, a = results[mode].micro, results[mode].macro
        micro += [_f(m.precision), _f(m.recall), _f(m.f1)]
        macro += [_f(a.precision), _f(a.recall), _f(a.f1)]
    rows += [tuple(micro), tuple(macro)]
    return Table(
        f"{title}: precision, recall and F1 per entity type ({first.documents} documents)",
        tuple(headers),
        tuple(rows),
    )


def confusion_table(result: EvaluationResult, title: str = "Table 4") -> Table:
    rows = tuple((f"{c.predicted_label} | {c.gold_label}", str(c.count)) for c in result.confusions)
    return Table(
        f"{title}: mismatched entity pairs ({result.mode} matching)",
        ("Predicted | gold", "Count"),
        rows or (("(none)", "0"),),
        "The first label is the prediction's, the second the gold span's it overlaps.",
    )


DETECTOR_SOURCES = {
    "provenance": "A detector alone is the merged spans that list it among their detectors.",
    "redetection": "A detector alone is its own spans from a detection run made now over the gold texts, "
    "merged by the same rules (without propagation); merged is that run's result.",
}


def detector_table(
    tables: Mapping[str, EvaluationResult], title: str = "Table 5", source: str = "provenance"
) -> Table:
    """One P/R/F1 column group per detector alone, the merged result last."""
    names = list(tables)
    labels: list[str] = []
    for name in ([MERGED] if MERGED in tables else []) + names:
        labels += [label for label in tables[name].per_label if label not in labels]
    headers = ["Entity type"]
    for name in names:
        headers += [f"{name} P", f"{name} R", f"{name} F1"]
    rows = []
    for label in labels:
        row = [label]
        for name in names:
            s = tables[name].per_label.get(label)
            row += [_f(s.precision), _f(s.recall), _f(s.f1)] if s else [NO_ROW] * 3
        rows.append(tuple(row))
    overall = ["Overall (micro)"]
    for name in names:
        m = tables[name].micro
        overall += [_f(m.precision), _f(m.recall), _f(m.f1)]
    rows.append(tuple(overall))
    mode = next(iter(tables.values())).mode
    return Table(
        f"{title}: each detector alone ({mode} matching)",
        tuple(headers),
        tuple(rows),
        f"{NO_ROW}: the detector does not emit that label. " + DETECTOR_SOURCES.get(source, ""),
    )


def ablation_table(
    standard: EvaluationResult, ablated: EvaluationResult, without: str, method: str = "provenance"
) -> Table:
    """The paper's Table 8: the standard run beside the run without one component."""
    labels = list(standard.per_label) + [la for la in ablated.per_label if la not in standard.per_label]
    rows = []
    for label in labels:
        row = [label]
        for result in (standard, ablated):
            s = result.per_label.get(label)
            row += [_f(s.precision), _f(s.recall), _f(s.f1)] if s else [NO_ROW] * 3
        rows.append(tuple(row))
    row = ["Overall (micro)"]
    for result in (standard, ablated):
        m = result.micro
        row += [_f(m.precision), _f(m.recall), _f(m.f1)]
    rows.append(tuple(row))
    counts = [("Predicted spans", str(standard.totals.predicted), str(ablated.totals.predicted))]
    return Table(
        f"Ablation: standard vs without {without} ({standard.mode} matching)",
        ("Entity type", "P", "R", "F1", f"P w/o {without}", f"R w/o {without}", f"F1 w/o {without}"),
        tuple(rows),
        f"{counts[0][0]}: {counts[0][1]} standard, {counts[0][2]} without {without} (the paper's Table 7). "
        + ABLATION_METHODS.get(method, ""),
    )


def risk_summary_table(risk: CorpusRisk) -> Table:
    verdict = "passes" if risk.passes else "fails"
    row = (
        str(len(risk.documents)),
        f"{risk.mean:.1f}",
        f"{risk.std:.1f}",
        f"{risk.p95:.1f}",
        str(risk.maximum),
        f"{risk.mean_plus_std:.1f}",
        verdict,
    )
    return Table(
        "Residual risk",
        ("Documents", "Mean", "SD", "P95", "Max", "Mean + SD", f"< {risk.threshold:g}"),
        (row,),
        f"Documents at or above {risk.threshold:g}: {', '.join(risk.above_threshold) or 'none'}.",
    )


def _item_counts(document: DocumentRisk) -> str:
    """ "3 × PERSON 5, 1 × PERSON part 3": distinct missed strings by label, kind and score."""
    counts: dict[tuple[str, bool, int], int] = {}
    for item in document.items:
        key = (item.label, item.partial, item.score)
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(
        f"{n} × {label}{' part' if partial else ''} {score}"
        for (label, partial, score), n in sorted(counts.items(), key=lambda kv: (-kv[0][2] * kv[1], kv[0]))
    )


def risk_documents_table(risk: CorpusRisk) -> Table:
    rows = tuple(
        (d.document_id, str(d.score), str(len(d.items)), _item_counts(d))
        for d in sorted(risk.documents, key=lambda d: -d.score)
    )
    return Table(
        "Residual risk per document",
        ("Document", "Score", "Distinct missed strings", "Missed strings by label and score"),
        rows,
    )


def misses_table(misses: Sequence[Miss], limit: int = 50, table: RiskTable | None = None) -> Table:
    table = table or risk_table()
    rows = tuple(
        (
            str(table.score(m)),
            m.label,
            "part" if m.partial else "whole",
            m.document_id,
            f"…{m.left_context}[{squash_space(m.text)}]{m.right_context}…",
            m.leaked,
        )
        for m in misses[:limit]
    )
    more = f"{len(misses) - limit} more not shown." if len(misses) > limit else ""
    return Table(
        f"Misses, most dangerous first ({len(misses)})",
        ("Risk", "Label", "Missed", "Document", "Context", "Left readable"),
        rows or (("", "", "", "", "(none)", ""),),
        more,
    )


def agreement_table(result: Agreement, names: tuple[str, str] = ("A", "B"), limit: int = 50) -> Table:
    a, b = names
    rows = tuple(
        (
            d.document_id,
            d.kind.replace("only_a", f"only {a}").replace("only_b", f"only {b}"),
            d.a.label if d.a else "",
            d.b.label if d.b else "",
            d.text,
        )
        for d in result.disagreements[:limit]
    )
    return Table(
        f"Agreement of {a} and {b}: span F1 {result.span_f1:.3f}, token kappa {result.kappa:.3f} "
        f"({result.tokens} tokens)",
        ("Document", "Disagreement", f"{a} label", f"{b} label", "Text"),
        rows or (("", "(none)", "", "", ""),),
    )


@dataclass
class Report:
    title: str
    tables: list[Table] = field(default_factory=list)
    # (caption, PNG path); paths are written relative to the report's folder
    charts: list[tuple[str, Path]] = field(default_factory=list)

    def markdown(self, folder: Path) -> str:
        parts = [f"# {self.title}\n"]
        parts += [t.markdown() for t in self.tables]
        for caption, path in self.charts:
            parts.append(f"### {caption}\n\n![{caption}]({_relative(path, folder)})\n")
        return "\n".join(parts)

    def html(self, folder: Path) -> str:
        style = (
            "body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
            "table{border-collapse:collapse;margin:.5em 0 1.5em}"
            "td,th{border:1px solid #ccc;padding:2px 8px;font-size:13px}"
            "th{background:#f0f0f0}td:not(:first-child){font-variant-numeric:tabular-nums}"
            "img{max-width:100%}"
        )
        body = "".join(t.html() for t in self.tables)
        body += "".join(
            f'<h3>{html.escape(c)}</h3><img src="{html.escape(_relative(p, folder))}" alt="{html.escape(c)}">'
            for c, p in self.charts
        )
        return (
            f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{html.escape(self.title)}</title>'
            f"<style>{style}</style></head><body><h1>{html.escape(self.title)}</h1>{body}</body></html>\n"
        )

    def write(self, folder: Path | str) -> tuple[Path, Path]:
        """Writes `report.md` and `report.html` into the folder (the charts should be there too)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        md = folder / "report.md"
        page = folder / "report.html"
        md.write_text(self.markdown(folder), encoding="utf-8")
        page.write_text(self.html(folder), encoding="utf-8")
        return md, page


def _relative(path: Path, folder: Path) -> str:
    try:
        return Path(path).resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return Path(path).resolve().as_posix()


@dataclass(frozen=True)
class Summary:
    """Everything an evaluation shows, computed once for the terminal, the report and the view."""

    by_mode: dict[str, EvaluationResult]  # "exact" and "overlap"
    per_detector: dict[str, EvaluationResult]  # empty unless asked for
    # "provenance" (from the prediction's `detectors` lists) or "redetection"
    # component left out -> (standard, without it, how it was made)
    ablations: dict[str, tuple[EvaluationResult, EvaluationResult, str]]
    risk: CorpusRisk
    misses: tuple[Miss, ...]  # most dangerous first
    # Matching of the confusion, per-detector and ablation tables.
    detector_mode: MatchMode = "exact"
    detector_source: str = "provenance"

    @property
    def exact(self) -> EvaluationResult:
        return self.by_mode["exact"]

    @property
    def confusions(self) -> EvaluationResult:
        return self.by_mode[self.detector_mode]


def summarize(
    pairs: Sequence[DocumentPair],
    *,
    per_detector: bool = False,
    redetection: Redetection | None = None,
    ablations: Sequence[AblationRun] = (),
    detector_mode: MatchMode = "exact",
) -> Summary:
    """All figures. With `per_detector`, each detector alone comes from `redetection`
    when given (its own spans), else from the prediction's provenance."""
    by_mode = {mode: evaluate(pairs, mode) for mode in MATCH_MODES}
    tables: dict[str, EvaluationResult] = {}
    if per_detector and redetection is not None:
        tables = {name: evaluate_alone(alone, detector_mode) for name, alone in redetection.alone.items()}
        tables[MERGED] = evaluate(redetection.merged, detector_mode)
    elif per_detector:
        tables = evaluate_per_detector(pairs, detector_mode)
    ablated = {
        run.component: (
            evaluate(run.standard, detector_mode),
            evaluate(run.without, detector_mode),
            run.method,
        )
        for run in ablations
    }
    risk = corpus_risk(pairs)
    misses = tuple(rank_misses(find_misses(pairs)))
    source = "redetection" if redetection is not None else "provenance"
    return Summary(by_mode, tables, ablated, risk, misses, detector_mode, source)


def summary_tables(summary: Summary, misses_limit: int = 50) -> list[Table]:
    tables = [scores_table(summary.by_mode), confusion_table(summary.confusions)]
    if summary.per_detector:
        tables.append(detector_table(summary.per_detector, source=summary.detector_source))
    for name, (standard, without, method) in summary.ablations.items():
        tables.append(ablation_table(standard, without, name, method))
    tables += [
        risk_summary_table(summary.risk),
        risk_documents_table(summary.risk),
        misses_table(summary.misses, misses_limit),
    ]
    return tables


def write_report(
    summary: Summary, folder: Path | str, title: str = "Evaluation", extra_tables: Sequence[Table] = ()
) -> tuple[Path, Path]:
    """The Markdown and HTML report with its two charts, all in `folder`; `extra_tables`
    (such as the time-based scores of an audio redaction) after the summary's."""
    folder = Path(folder)
    report = Report(title, [*summary_tables(summary), *extra_tables])
    f1_tables = summary.per_detector or {MERGED: summary.exact}
    report.charts.append(("F1 per label", f1_per_label_chart(f1_tables, folder / "f1_per_label.png")))
    report.charts.append(
        ("Residual risk per document", residual_risk_chart(summary.risk, folder / "residual_risk.png"))
    )
    return report.write(folder)
