"""Tools > Train from reviewed documents.

Trains a model on the project's fully reviewed documents in a child process
(the window never waits on it), shows the held-out documents' per-label F1
before (the base NER) and after, and offers "Use this model", which writes
`trained_model` to the settings so the trained detector runs from then on.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import html
from pathlib import Path

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.paths import config_dir
from reviewer_app.settings import Settings, save_settings, settings_path
from reviewer_app.training.train import TrainOptions
from reviewer_app.ui.training_process import TrainingProcess, TrainingUpdate

POLL_MS = 200
MODELS_FOLDER = "models"


def models_folder() -> Path:
    """Where the window puts trained models (and the Models dialog looks for them)."""
    return config_dir() / MODELS_FOLDER


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes:d}:{secs:02d}"


class TrainDialog(QDialog):
    settings_changed = Signal(object)  # the Settings written to the file
    finished_training = Signal(bool)  # True: a model was written

    def __init__(
        self,
        project_path: Path,
        settings: Settings,
        reviewed_documents: int,
        parent: QWidget | None = None,
        settings_file: Path | None = None,
        out: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Train from reviewed documents")
        self.project_path = Path(project_path)
        self.settings = settings
        self.settings_file = settings_file or settings_path()
        self.process: TrainingProcess | None = None
        self.result = None
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M")
        default_out = out or models_folder() / f"{self.project_path.stem}-{stamp}"

        intro = QLabel(
            f"<p>Learn from the decisions in <b>{reviewed_documents}</b> fully reviewed document(s) of "
            f"<b>{html.escape(self.project_path.name)}</b>: accepted spans are identifiers, rejected ones "
            "are not. Some documents are held out to score the model before and after. The detectors "
            "you use now are not changed; the trained model runs beside them.</p>"
        )
        intro.setWordWrap(True)
        self.out_edit = QLineEdit(str(default_out))
        self.epochs = QSpinBox()
        self.epochs.setRange(1, 200)
        self.epochs.setValue(TrainOptions().epochs_to_run)
        self.held_out = QDoubleSpinBox()
        self.held_out.setRange(0.1, 0.5)
        self.held_out.setSingleStep(0.05)
        self.held_out.setValue(0.2)
        form = QFormLayout()
        form.addRow("Model folder", self.out_edit)
        form.addRow("Epochs", self.epochs)
        form.addRow("Held-out share", self.held_out)

        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 100)
        self.status = QLabel("Not started.")
        self.status.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            ["Label", "Gold spans", "F1 base NER", "F1 your detectors", "F1 trained (after)"]
        )
        self.table.horizontalHeader().setStretchLastSection(True)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.start_button = buttons.addButton("Start", QDialogButtonBox.ButtonRole.ActionRole)
        self.start_button.clicked.connect(self.start)
        self.stop_button = buttons.addButton("Stop", QDialogButtonBox.ButtonRole.ActionRole)
        self.stop_button.setToolTip("Stop and keep the best model so far")
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.setEnabled(False)
        self.use_button = buttons.addButton("Use this model", QDialogButtonBox.ButtonRole.ActionRole)
        self.use_button.setEnabled(False)
        self.use_button.clicked.connect(self.use_model)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)
        self.resize(620, 520)

    def start(self) -> None:
        options = TrainOptions(
            base=self.settings.spacy_model,
            eval_split=round(self.held_out.value(), 2),
            epochs=self.epochs.value(),
        )
        self.result = None
        self.table.setRowCount(0)
        self.use_button.setEnabled(False)
        self.process = TrainingProcess(self.project_path, Path(self.out_edit.text()), options)
        self.process.start()
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.status.setText("Starting (loading the base model)…")
        self.timer.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.status.setText("Stopping at the next step; the best model so far is kept…")

    def poll(self) -> None:
        if self.process is None:
            return
        for update in self.process.poll():
            self._show(update)
        if self.process.finished:
            self.timer.stop()
            self.process = None
            self.start_button.setEnabled(True)
            self.stop_button.setEnabled(False)

    def _show(self, update: TrainingUpdate) -> None:
        if update.kind == "progress":
            self.progress_bar.setValue(int(update.fraction * 100))
            left = "" if update.eta is None else f" — about {_clock(update.eta)} left"
            best = "" if update.best_score is None else f" — best held-out F1 so far {update.best_score:.3f}"
            self.status.setText(f"Training: {update.fraction:.0%}{left}{best}")
        elif update.kind == "error":
            self.status.setText(f"Training did not produce a model: {update.message}")
            self.finished_training.emit(False)
        else:
            self.result = update.result
            self.progress_bar.setValue(100)
            self._show_scores()
            stopped = " (stopped early: the best model so far)" if self.result.interrupted else ""
            self.status.setText(f"Model written to {self.result.model_dir}{stopped}.")
            self.use_button.setEnabled(True)
            self.finished_training.emit(True)

    def _show_scores(self) -> None:
        result = self.result
        tables = [result.before.per_label, result.detectors.per_label if result.detectors else {}]
        tables.append(result.after.per_label)
        labels = sorted(set(tables[0]) | set(tables[2]))
        self.table.setRowCount(len(labels) + 1)
        for row, label in enumerate(labels):
            scores = [table.get(label) for table in tables]
            gold = next(s.gold for s in scores if s is not None)
            cells = [label, str(gold), *(f"{s.f1:.3f}" if s else "–" for s in scores)]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        leaks = [result.before, result.detectors, result.after]
        leak = ["Leak rate", "", *(f"{s.leak_rate:.3f}" if s else "–" for s in leaks)]
        for column, text in enumerate(leak):
            self.table.setItem(len(labels), column, QTableWidgetItem(text))

    def use_model(self) -> None:
        if self.result is None:
            return
        settings = dataclasses.replace(self.settings, trained_model=str(self.result.model_dir))
        save_settings(settings, self.settings_file)
        self.settings = settings
        self.status.setText(f"The trained detector now uses {self.result.model_dir}.")
        self.settings_changed.emit(settings)

    def reject(self) -> None:
        if self.process is not None:
            # Closed while training: the child unwinds (SIGTERM) and removes its temporary files.
            self.process.kill()
            self.process = None
        self.timer.stop()
        super().reject()
