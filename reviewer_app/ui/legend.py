"""The legend: what the colours mean (each coarse label with its fine labels,
those of the open document marked), the colour-by toggle, show/hide per detector,
and the palette menu (standard or colour-blind safe colours)."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QActionGroup, QColor
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFrame,
    QLabel,
    QMenu,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.labels import LabelCatalog, catalog, palette_names
from reviewer_app.ui.colors import AGREEMENT_LOOK, STATUS_LOOK, ColourBy, tinted


def _swatch(colour: str, text: str) -> str:
    return f"<span style='background:{colour}'>&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;{text}"


def _label_name(label: str, used: Counter[str]) -> str:
    """A label as the legend writes it: in bold with its count when the open document has it."""
    if used[label]:
        return f"<b>{html.escape(label)} ({used[label]})</b>"
    return html.escape(label)


def label_key_html(labels: LabelCatalog, used: Counter[str]) -> str:
    """Each coarse label with its swatch, and under it the fine labels that roll
    up to it (the zero-shot step's STATE, CITY, PRISON…)."""
    rows = []
    for coarse, colour in labels.label_colours.items():
        fine = labels.fine_labels(coarse)
        # The coarse label counts its fine labels' spans too: a document with 38 cities
        # and prisons has LOCATION spans, though no span is labelled LOCATION itself.
        rolled_up = Counter({coarse: used[coarse] + sum(used[f] for f in fine)})
        row = _swatch(colour, _label_name(coarse, rolled_up))
        if fine:
            names = ", ".join(_label_name(f, used) for f in fine)
            row += f"<br><span style='color:#555'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;{names}</span>"
        rows.append(row)
    return "<b>Labels</b> (bold: in this document)<br>" + "<br>".join(rows)


class Legend(QScrollArea):
    """Scrolls: with the fine labels it is taller than the dock on most screens."""

    colour_by_changed = Signal(object)  # ColourBy
    hidden_detectors_changed = Signal(frozenset)
    palette_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None, labels: LabelCatalog | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        content = QWidget(self)
        self.setWidget(content)
        self.labels = labels or catalog()
        self.used: Counter[str] = Counter()
        layout = QVBoxLayout(content)
        self.by_detector = QRadioButton("Colour by detector", content)
        self.by_label = QRadioButton("Colour by label", content)
        self.by_detector.setChecked(True)
        group = QButtonGroup(content)
        group.addButton(self.by_detector)
        group.addButton(self.by_label)
        self.by_label.toggled.connect(
            lambda on: self.colour_by_changed.emit(ColourBy.LABEL if on else ColourBy.DETECTOR)
        )
        layout.addWidget(self.by_detector)
        layout.addWidget(self.by_label)
        self.palette_line = QLabel(content)
        self.palette_line.setWordWrap(True)
        layout.addWidget(self.palette_line)
        layout.addWidget(QLabel("<b>Detectors</b> (untick to hide)", content))
        self.detector_boxes: dict[str, QCheckBox] = {}
        for name in self.labels.detector_colours:
            box = QCheckBox(name, content)
            box.setChecked(True)
            box.toggled.connect(self._emit_hidden)
            self.detector_boxes[name] = box
            layout.addWidget(box)
        self.label_key = QLabel(content)
        self.label_key.setWordWrap(True)
        layout.addWidget(self.label_key)
        status = QLabel(
            "<b>Status</b><br>"
            + "<br>".join(f"{s.value}: {look}" for s, look in STATUS_LOOK.items())
            + f"<br>{AGREEMENT_LOOK}",
            content,
        )
        status.setWordWrap(True)
        layout.addWidget(status)
        layout.addStretch(1)
        self.palette_menu = QMenu("&Palette", self)
        self.palette_actions: dict[str, QAction] = {}
        palette_group = QActionGroup(self)
        for name in palette_names():
            action = QAction(catalog(name).palette_title, self)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, name=name: self.palette_chosen.emit(name))
            palette_group.addAction(action)
            self.palette_menu.addAction(action)
            self.palette_actions[name] = action
        self.set_labels(self.labels)

    def set_labels(self, labels: LabelCatalog) -> None:
        """Show the colours of `labels` (another palette)."""
        self.labels = labels
        for name, box in self.detector_boxes.items():
            # The detector's colour as the transcript draws it behind an accepted span.
            drawn = tinted(QColor(labels.detector_colour(name)), labels.detector_tint).name()
            box.setStyleSheet(f"QCheckBox {{ border-left: 12px solid {drawn}; padding-left: 4px; }}")
        self.palette_line.setText(f"Palette: {labels.palette_title} (View > Palette)")
        if labels.palette in self.palette_actions:
            self.palette_actions[labels.palette].setChecked(True)
        self._show_label_key()

    def show_used(self, labels: Iterable[str]) -> None:
        """Mark the labels of the open document's spans (with their counts)."""
        used = Counter(labels)
        if used != self.used:
            self.used = used
            self._show_label_key()

    def _show_label_key(self) -> None:
        self.label_key.setText(label_key_html(self.labels, self.used))

    def hidden_detectors(self) -> frozenset[str]:
        return frozenset(name for name, box in self.detector_boxes.items() if not box.isChecked())

    def _emit_hidden(self) -> None:
        self.hidden_detectors_changed.emit(self.hidden_detectors())
