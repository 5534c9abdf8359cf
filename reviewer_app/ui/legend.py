"""The legend: what the colours mean, the colour-by toggle, and show/hide per detector."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QCheckBox, QLabel, QRadioButton, QVBoxLayout, QWidget

from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.ui.colors import AGREEMENT_LOOK, STATUS_LOOK, ColourBy


def _swatch(colour: str, text: str) -> str:
    return f"<span style='background:{colour}'>&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;{text}"


class Legend(QWidget):
    colour_by_changed = Signal(object)  # ColourBy
    hidden_detectors_changed = Signal(frozenset)

    def __init__(self, parent: QWidget | None = None, labels: LabelCatalog | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        self.labels = labels or catalog()
        layout = QVBoxLayout(self)
        self.by_detector = QRadioButton("Colour by detector", self)
        self.by_label = QRadioButton("Colour by label", self)
        self.by_detector.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.by_detector)
        group.addButton(self.by_label)
        self.by_label.toggled.connect(
            lambda on: self.colour_by_changed.emit(ColourBy.LABEL if on else ColourBy.DETECTOR)
        )
        layout.addWidget(self.by_detector)
        layout.addWidget(self.by_label)
        layout.addWidget(QLabel("<b>Detectors</b> (untick to hide)", self))
        self.detector_boxes: dict[str, QCheckBox] = {}
        for name, colour in self.labels.detector_colours.items():
            box = QCheckBox(name, self)
            box.setChecked(True)
            box.setStyleSheet(f"QCheckBox {{ border-left: 12px solid {colour}; padding-left: 4px; }}")
            box.toggled.connect(self._emit_hidden)
            self.detector_boxes[name] = box
            layout.addWidget(box)
        self.label_key = QLabel(self)
        self.label_key.setWordWrap(True)
        self.label_key.setText(
            "<b>Labels</b><br>"
            + "<br>".join(_swatch(c, name) for name, c in self.labels.label_colours.items())
        )
        layout.addWidget(self.label_key)
        status = QLabel(
            "<b>Status</b><br>"
            + "<br>".join(f"{s.value}: {look}" for s, look in STATUS_LOOK.items())
            + f"<br>{AGREEMENT_LOOK}",
            self,
        )
        status.setWordWrap(True)
        layout.addWidget(status)
        layout.addStretch(1)

    def hidden_detectors(self) -> frozenset[str]:
        return frozenset(name for name, box in self.detector_boxes.items() if not box.isChecked())

    def _emit_hidden(self) -> None:
        self.hidden_detectors_changed.emit(self.hidden_detectors())
