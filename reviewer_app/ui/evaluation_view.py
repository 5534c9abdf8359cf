"""The Evaluation view: the paper's tables, residual risk, misses and charts for gold vs predicted spans.

A thin window over `reviewer_app.evaluation.report`: the figures are computed
by `summarize` on a worker thread, the tables are the same `Table` objects the
command line prints, and the charts are the PNGs the report writes.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.interchange import read_jsonl
from reviewer_app.core.progress import Progress
from reviewer_app.evaluation.agreement import Agreement, agreement
from reviewer_app.evaluation.charts import CHART_LIBRARIES
from reviewer_app.evaluation.metrics import DocumentPair, pair_records
from reviewer_app.evaluation.report import (
    Summary,
    Table,
    agreement_table,
    confusion_table,
    detector_table,
    misses_table,
    risk_documents_table,
    risk_summary_table,
    scores_table,
    summarize,
    write_report,
)
from reviewer_app.evaluation.sources import read_gold
from reviewer_app.ui.about_dialog import window_title
from reviewer_app.ui.workers import Task, TaskRunner, import_on_ui_thread

log = logging.getLogger(__name__)

GOLD_FILES = "Gold spans: interchange, Prodigy or doccano JSONL, CoNLL BIO (*.jsonl *.conll *.bio *.iob)"
# Tables this short are drawn at their own height, not stretched over the page.
SHORT_TABLE_ROWS = 20


@dataclass(frozen=True)
class EvaluationOutcome:
    summary: Summary
    folder: Path  # where report.md, report.html and the charts were written
    # The two files as two annotators: what they agree on, token kappa, disagreements.
    agreement: Agreement


def evaluate_into(pairs: Sequence[DocumentPair], folder: Path, per_detector: bool, progress: Progress):
    """The worker's job: every figure, and the report with its charts in `folder`."""
    progress.report("evaluation", 0.0)
    summary = summarize(pairs, per_detector=per_detector)
    progress.check()
    progress.report("charts", 0.5)
    write_report(summary, folder)
    progress.report("charts", 1.0)
    return EvaluationOutcome(summary, folder, agreement(pairs))


def table_widget(table: Table) -> QTableWidget:
    widget = QTableWidget(len(table.rows), len(table.headers))
    widget.setHorizontalHeaderLabels(list(table.headers))
    widget.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    widget.verticalHeader().setVisible(False)
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row):
            item = QTableWidgetItem(cell)
            if c and _is_number(cell):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            widget.setItem(r, c, item)
    header = widget.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # A text column at the end (contexts, item lists) takes the spare width; numbers keep theirs.
    last = [row[-1] for row in table.rows if row]
    header.setStretchLastSection(any(cell and not _is_number(cell) for cell in last))
    if len(table.rows) <= SHORT_TABLE_ROWS:
        widget.setFixedHeight(_content_height(widget))
    return widget


def _content_height(widget: QTableWidget) -> int:
    rows = sum(widget.rowHeight(r) for r in range(widget.rowCount()))
    scrollbar = widget.horizontalScrollBar().sizeHint().height()
    return widget.horizontalHeader().sizeHint().height() + rows + 2 * widget.frameWidth() + scrollbar


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


class EvaluationView(QWidget):
    """Open gold and predicted spans (JSONL) or receive pairs from a project; evaluate; show."""

    evaluated = Signal(object)  # EvaluationOutcome
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None, runner: TaskRunner | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(window_title("Evaluation"))
        self.runner = runner or TaskRunner(self)
        self.pairs: list[DocumentPair] = []
        # What to call the gold and the predicted side (two reviewers, when that is what they are).
        self.names = ("gold", "predicted")
        self.outcome: EvaluationOutcome | None = None
        self._task: Task | None = None
        self._gold_path: Path | None = None
        self._pred_path: Path | None = None
        self._scratch = tempfile.TemporaryDirectory(prefix="reviewer-app-eval-")

        self.open_gold = QPushButton("Gold spans…")
        self.open_pred = QPushButton("Predicted spans…")
        self.per_detector = QCheckBox("Each detector alone")
        self.per_detector.setChecked(True)
        self.run_button = QPushButton("Evaluate")
        self.save_button = QPushButton("Save report…")
        self.status = QLabel("Open gold and predicted spans (JSONL) to evaluate.")
        self.status.setWordWrap(True)
        self.tabs = QTabWidget()

        controls = QHBoxLayout()
        for w in (self.open_gold, self.open_pred, self.per_detector, self.run_button, self.save_button):
            controls.addWidget(w)
        controls.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)

        self.open_gold.clicked.connect(lambda: self._choose("gold"))
        self.open_pred.clicked.connect(lambda: self._choose("pred"))
        self.run_button.clicked.connect(self.evaluate)
        self.save_button.clicked.connect(self._save_report)
        self._update_buttons()

    # ------------------------------------------------------------ inputs

    def set_pairs(
        self,
        pairs: Sequence[DocumentPair],
        description: str = "",
        names: tuple[str, str] = ("gold", "predicted"),
    ) -> None:
        """Gold and predicted spans from elsewhere (a project, a test)."""
        self.pairs = list(pairs)
        self.names = names
        self.status.setText(description or f"{len(self.pairs)} documents ready to evaluate.")
        self._update_buttons()

    def load_files(self, gold: Path, pred: Path) -> bool:
        try:
            predictions = list(read_jsonl(pred))
            pairs = pair_records(read_gold([gold], "auto", [r.text for r in predictions]), predictions)
        except (OSError, ValueError) as exc:
            self._fail(str(exc))
            return False
        names = (gold.name.split(".")[0], pred.name.split(".")[0])
        self.set_pairs(pairs, f"{len(pairs)} documents: gold {gold.name}, predictions {pred.name}.", names)
        return True

    def _choose(self, which: str) -> None:
        wanted = GOLD_FILES if which == "gold" else "Spans JSONL (*.jsonl)"
        path, _ = QFileDialog.getOpenFileName(self, f"Open {which} spans", "", wanted)
        if not path:
            return
        if which == "gold":
            self._gold_path = Path(path)
        else:
            self._pred_path = Path(path)
        if self._gold_path and self._pred_path:
            self.load_files(self._gold_path, self._pred_path)

    # ------------------------------------------------------------ running

    def evaluate(self) -> Task | None:
        if not self.pairs or self._task is not None:
            return None
        folder = Path(self._scratch.name)
        pairs, per_detector = list(self.pairs), self.per_detector.isChecked()
        import_on_ui_thread(*CHART_LIBRARIES)
        task = Task(lambda progress: evaluate_into(pairs, folder, per_detector, progress), "evaluation")
        task.signals.succeeded.connect(self._show)
        task.signals.failed.connect(lambda exc: self._fail(f"The evaluation failed: {exc}"))
        task.signals.finished.connect(self._finished)
        self._task = task
        self.status.setText("Evaluating…")
        self._update_buttons()
        return self.runner.start(task)

    def _finished(self) -> None:
        self._task = None
        self._update_buttons()

    def _fail(self, message: str) -> None:
        self.status.setText(message)
        self.failed.emit(message)

    def _update_buttons(self) -> None:
        idle = self._task is None
        self.run_button.setEnabled(idle and bool(self.pairs))
        self.save_button.setEnabled(idle and self.outcome is not None)

    # ------------------------------------------------------------ showing

    def _show(self, outcome: EvaluationOutcome) -> None:
        self.outcome = outcome
        summary = outcome.summary
        self.tabs.clear()
        self._add_tab("Scores", [scores_table(summary.by_mode)])
        self._add_tab("Confusions", [confusion_table(summary.exact)])
        if summary.per_detector:
            self._add_tab("Detectors", [detector_table(summary.per_detector, source=summary.detector_source)])
        self._add_tab("Residual risk", [risk_summary_table(summary.risk), risk_documents_table(summary.risk)])
        self._add_tab("Misses", [misses_table(summary.misses, limit=500)])
        self._add_tab("Agreement", [agreement_table(outcome.agreement, self.names, limit=1000)])
        self._add_charts(outcome.folder)
        micro = summary.exact.micro
        risk = summary.risk
        self.status.setText(
            f"{summary.exact.documents} documents. Exact match: P {micro.precision:.3f}, "
            f"R {micro.recall:.3f}, F1 {micro.f1:.3f}. Residual risk mean + SD "
            f"{risk.mean_plus_std:.1f}: {'passes' if risk.passes else 'fails'} (< {risk.threshold:g})."
        )
        log.info("evaluation shown: %d documents", summary.exact.documents)
        self._update_buttons()
        self.evaluated.emit(outcome)

    def _add_tab(self, name: str, tables: Sequence[Table]) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        for table in tables:
            title = QLabel(f"<b>{table.title}</b>")
            title.setWordWrap(True)
            layout.addWidget(title)
            widget = table_widget(table)
            layout.addWidget(widget, 0 if len(table.rows) <= SHORT_TABLE_ROWS else 1)
            if table.note:
                note = QLabel(table.note)
                note.setWordWrap(True)
                layout.addWidget(note)
        if all(len(t.rows) <= SHORT_TABLE_ROWS for t in tables):
            layout.addStretch(1)
        self.tabs.addTab(page, name)

    def _add_charts(self, folder: Path) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        for name in ("f1_per_label.png", "residual_risk.png"):
            label = QLabel()
            label.setObjectName(name)
            label.setPixmap(QPixmap(str(folder / name)))
            layout.addWidget(label)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(page)
        scroll.setWidgetResizable(True)
        self.tabs.addTab(scroll, "Charts")

    def chart_labels(self) -> list[QLabel]:
        return [w for w in self.tabs.findChildren(QLabel) if w.objectName().endswith(".png")]

    def _save_report(self) -> None:
        if self.outcome is None:
            return
        folder = QFileDialog.getExistingDirectory(self, "Save the evaluation report in")
        if folder:
            self.save_report(Path(folder))

    def save_report(self, folder: Path) -> tuple[Path, Path] | None:
        if self.outcome is None:
            return None
        paths = write_report(self.outcome.summary, folder)
        self.status.setText(f"Report saved: {paths[1]}")
        return paths

    def closeEvent(self, event) -> None:
        if self._task is not None:
            self._task.cancel()
        self.runner.wait(2000)
        self._scratch.cleanup()
        super().closeEvent(event)
