"""Tools > Models: every detector, ready or missing, the model it uses, and how to
add the models the bundle does not ship (Stanza, an NLI model, another spaCy
pipeline) on an offline workstation.

All a reviewer can change is in the settings file, so the dialog names that
file and can create it with the current values to edit.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.detectors.model_folder import find_models
from reviewer_app.detectors.registry import DetectorInfo, available_detectors, detector_status
from reviewer_app.settings import Settings, load_settings, save_settings, settings_path
from reviewer_app.ui.train_dialog import models_folder

# How to add (or change) each detector's model, as HTML; `{settings}` is the
# settings file's path. Detectors not listed get only their status message.
HOW_TO_ADD: dict[str, str] = {
    "presidio": (
        "Presidio uses its own patterns and the same spaCy pipeline as the spacy detector "
        "(<code>spacy_model</code>); to change it, see spacy below."
    ),
    "spacy": (
        "To use another spaCy pipeline (e.g. <code>en_core_web_lg</code>), set "
        "<code>spacy_model</code> in the settings file to an installed pipeline package or to a "
        "pipeline folder (an unpacked spaCy model package, or one saved with "
        '<code>nlp.to_disk()</code>):<br><code>spacy_model = "/data/models/en_core_web_lg"</code>'
    ),
    "stanza": (
        "Stanza's English NER model is not bundled. Either:<ol>"
        "<li>on a machine with internet run "
        "<code>reviewer-app models download stanza --dir stanza_resources</code>, "
        "then copy the <code>stanza_resources</code> folder to this computer; or</li>"
        "<li>copy an existing Stanza resources folder (one that holds <code>en/ner</code>) here.</li></ol>"
        "Then set <code>stanza_dir</code> in the settings file to that folder:<br>"
        '<code>stanza_dir = "/data/models/stanza_resources"</code>'
    ),
    "zeroshot": (
        "Without an NLI model the zero-shot detector names places and organisations with its "
        "gazetteer and the bundled sentence-embedding model. To add an NLI model, copy a local folder "
        "of any transformers NLI model (such as <code>facebook/bart-large-mnli</code>: its "
        "<code>config.json</code>, tokenizer and weight files) to this computer and set "
        "<code>nli_model</code> in the settings file to it:<br>"
        '<code>nli_model = "/data/models/bart-large-mnli"</code>'
    ),
    "trained": (
        "A model learnt from reviewed documents (Tools &gt; Train from reviewed documents, or "
        "<code>reviewer-app train</code>) runs beside the detectors above. Choose one below, or set "
        "<code>trained_model</code> in the settings file:<br>"
        '<code>trained_model = "/data/models/court"</code>'
    ),
}


def detector_html(info: DetectorInfo) -> str:
    status = info.status
    if status.ready:
        state = "<span style='color:#2e7d32'>✔ ready</span>"
    else:
        state = "<span style='color:#c62828'>✖ missing</span>"
    model = html.escape(status.model) if status.ready and status.model else "none"
    lines = [f"<big><b>{html.escape(info.name)}</b></big> &nbsp; <b>{state}</b> — model in use: {model}"]
    # A ready detector's message mostly restates its model; show it only when it says more.
    restates = status.ready and (
        status.message == "ready" or bool(status.model and status.model in status.message)
    )
    if status.message and not restates:
        lines.append(f"<small>{html.escape(status.message)}</small>")
    how = HOW_TO_ADD.get(info.name)
    if how:
        lines.append(how)
    return "<br>".join(lines)


class ModelsDialog(QDialog):
    settings_changed = Signal(object)  # the Settings read again from the file

    def __init__(
        self,
        settings: Settings,
        infos: Sequence[DetectorInfo] | None = None,
        parent: QWidget | None = None,
        settings_file: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Models")
        self.settings = settings
        self.settings_file = settings_file or settings_path()
        infos = list(infos) if infos is not None else available_detectors(settings)

        intro = QLabel(
            "<p>Detection runs offline with the models on this computer. What each detector "
            "uses is set in the settings file; after changing it, press Check again.</p>"
        )
        intro.setWordWrap(True)
        self.path_label = QLabel()
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.path_label.setWordWrap(True)
        self.copy_button = QPushButton("Copy path")
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(str(self.settings_file)))
        self.create_button = QPushButton("Create settings file")
        self.create_button.setToolTip("Write the current settings to the file, to edit them")
        self.create_button.clicked.connect(self.create_settings_file)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_label, 1)
        path_row.addWidget(self.copy_button)
        path_row.addWidget(self.create_button)

        body = QWidget()
        body_layout = QVBoxLayout(body)
        self.detector_labels: dict[str, QLabel] = {}
        for info in infos:
            box = QFrame()
            box.setFrameShape(QFrame.Shape.StyledPanel)
            box.setObjectName(f"detector-{info.name}")
            label = QLabel(detector_html(info))
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            QVBoxLayout(box).addWidget(label)
            self.detector_labels[info.name] = label
            body_layout.addWidget(box)
        self.trained_box = QFrame()
        self.trained_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.trained_layout = QVBoxLayout(self.trained_box)
        body_layout.addWidget(self.trained_box)
        self._show_trained_models()
        body_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.recheck_button = buttons.addButton("Check again", QDialogButtonBox.ButtonRole.ActionRole)
        self.recheck_button.setToolTip("Read the settings file again and check every detector")
        self.recheck_button.clicked.connect(self.recheck)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(path_row)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self._show_path()
        self.resize(780, 760)

    def _show_path(self) -> None:
        exists = self.settings_file.exists()
        note = "" if exists else " <i>(not created yet: every setting has its default)</i>"
        self.path_label.setText(f"Settings file: <code>{html.escape(str(self.settings_file))}</code>{note}")
        self.create_button.setEnabled(not exists)

    def recheck(self) -> None:
        """The settings file read again and every detector checked with it; the
        window takes the new settings for the next detection."""
        settings = load_settings(self.settings_file)
        for info in available_detectors(settings):
            label = self.detector_labels.get(info.name)
            if label is not None:
                label.setText(detector_html(info))
        self._show_path()
        if settings != self.settings:
            self.settings = settings
            self._show_trained_models()
            self.settings_changed.emit(settings)

    def _show_trained_models(self) -> None:
        """Models from `reviewer-app train` or Tools > Train: scores, date, and a button to use
        one, or none (back to the default detectors alone)."""
        while self.trained_layout.count():
            item = self.trained_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        current = self.settings.trained_model
        folders = [models_folder()] + ([Path(current)] if current else [])
        self.trained_models = find_models(folders)
        title = QLabel("<big><b>Trained models</b></big> — learnt from reviewed documents")
        self.trained_layout.addWidget(title)
        if not self.trained_models:
            self.trained_layout.addWidget(
                QLabel("None yet: Tools > Train from reviewed documents, or <code>reviewer-app train</code>.")
            )
        self.use_buttons: dict[str, QPushButton] = {}
        for model in self.trained_models:
            row = QHBoxLayout()
            in_use = current and Path(current).resolve() == model.path.resolve()
            scores = ", ".join(
                f"{label} {model.f1_before.get(label, 0.0):.2f}→{f1:.2f}" for label, f1 in model.f1.items()
            )
            text = QLabel(
                f"<b>{html.escape(model.path.name)}</b> — {html.escape(model.created[:16])}, "
                f"{model.documents} documents{' — <b>in use</b>' if in_use else ''}<br>"
                f"<small>held-out F1 before→after: {html.escape(scores) or 'not scored'}</small>"
            )
            text.setWordWrap(True)
            text.setToolTip(str(model.path))
            row.addWidget(text, 1)
            button = QPushButton("In use" if in_use else "Use")
            button.setEnabled(not in_use)
            button.clicked.connect(lambda _=False, path=model.path: self.use_trained_model(str(path)))
            self.use_buttons[str(model.path)] = button
            row.addWidget(button)
            self.trained_layout.addLayout(row)
        self.no_trained_button = QPushButton("Use no trained model")
        self.no_trained_button.setToolTip("Back to the default detectors alone")
        self.no_trained_button.setEnabled(bool(current))
        self.no_trained_button.clicked.connect(lambda: self.use_trained_model(""))
        self.trained_layout.addWidget(self.no_trained_button)

    def use_trained_model(self, path: str) -> None:
        """Write `trained_model` to the settings file (empty: none) and take the new settings."""
        settings = dataclasses.replace(self.settings, trained_model=path)
        save_settings(settings, self.settings_file)
        self.settings = settings
        self._show_path()
        self._show_trained_models()
        label = self.detector_labels.get("trained")
        if label is not None:
            label.setText(detector_html(detector_status("trained", settings)))
        self.settings_changed.emit(settings)

    def create_settings_file(self) -> None:
        """The current settings written out, so the reviewer has a file to edit."""
        if not self.settings_file.exists():
            save_settings(self.settings, self.settings_file)
        self._show_path()
