"""The legend (fine labels under their coarse label, the open document's marked),
the palettes (a switch redraws the transcript and the table, and is remembered),
and the colour-blind palette's colours told apart with colour-vision deficiency."""

from __future__ import annotations

import itertools
import math
import tomllib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from reviewer_app.core.labels import STANDARD_PALETTE, catalog, palette_names, palette_path
from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings, load_settings
from reviewer_app.store.project import Project
from reviewer_app.ui.colors import ColourBy, SpanFormats
from reviewer_app.ui.legend import Legend
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.span_table_model import Column
from tests.gui.helpers import find, transcript

LINES = [
    "PRESIDING COMMISSIONER HOLT: You were at Folsom State Prison, in California?",
    "INMATE RICHARDSON: Yes. I am Mexican, and Kevin Richardson is my name.",
]


def open_project(qtbot, tmp_path, settings: Settings | None = None) -> MainWindow:
    doc = transcript(LINES)
    project = Project.create(tmp_path / "p.db")
    doc_id = project.add_document(doc)
    spans = [
        find(doc, "Folsom State Prison", "PRISON", "presidio", "zeroshot"),
        find(doc, "California", "STATE", "spacy", "zeroshot"),
        find(doc, "Mexican", "NATIONALITY", "presidio", "zeroshot"),
        find(doc, "Kevin Richardson", "PERSON", "presidio"),
    ]
    project.record_detection(doc_id, spans, ["presidio", "spacy", "zeroshot"])
    project.close()
    window = MainWindow(settings or Settings(reviewer="tester"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.document_shown, timeout=30000):
        window.open_path(tmp_path / "p.db")
    return window


def _group(key_html: str, coarse: str) -> str:
    """The legend's line of `coarse` and the fine labels under it."""
    lines = key_html.split("<br>")
    at = next(i for i, line in enumerate(lines) if f"&nbsp;{coarse}" in line or f"<b>{coarse} (" in line)
    return lines[at] + lines[at + 1]


def test_the_legend_lists_fine_labels_under_their_coarse_label_and_marks_the_documents(qtbot, tmp_path):
    window = open_project(qtbot, tmp_path)
    key = window.legend.label_key.text()
    labels = catalog()
    for coarse in labels.coarse_labels:
        for fine in labels.fine_labels(coarse):
            assert fine in _group(key, coarse), (coarse, fine)
    location, nrp = _group(key, "LOCATION"), _group(key, "NRP")
    assert "<b>STATE (1)</b>" in location and "<b>PRISON (1)</b>" in location
    assert "CITY" in location and "<b>CITY" not in location  # not in this document
    assert "<b>NATIONALITY (1)</b>" in nrp and "STATE" not in nrp
    assert "<b>PERSON (1)</b>" in key
    # A relabel shows at once: the document has no STATE any more, a COUNTY instead.
    state = next(r for r in window.review.rows if r.span.label == "STATE")
    window.review.set_current(state.id)
    window.review.relabel("COUNTY")
    key = window.legend.label_key.text()
    assert "<b>COUNTY (1)</b>" in key and "<b>STATE" not in key
    window.close()


def drawn_background(window: MainWindow, text: str) -> str:
    """The background the transcript's highlighter gave the first character of `text`."""
    view = window.transcript
    offset = window.review.document.text.index(text)
    block = view.document().findBlock(offset)
    position = offset - block.position()
    for fmt_range in block.layout().formats():
        if (
            fmt_range.start <= position < fmt_range.start + fmt_range.length
            and fmt_range.format.background().style()
        ):
            return fmt_range.format.background().color().name()
    raise AssertionError(f"no background at {text!r}")


def test_choosing_a_palette_redraws_the_spans_and_is_remembered(qtbot, tmp_path):
    assert "colour_blind" in palette_names()
    window = open_project(qtbot, tmp_path)
    window.legend.by_label.setChecked(True)
    qtbot.waitUntil(lambda: not window.transcript._dirty_blocks)
    standard = {
        text: drawn_background(window, text) for text in ("Kevin Richardson", "California", "Mexican")
    }
    assert window.legend.palette_menu.menuAction() in window.menus["View"].actions()
    action = window.legend.palette_actions["colour_blind"]
    action.trigger()  # View > Palette > Colour-blind safe
    qtbot.waitUntil(lambda: not window.transcript._dirty_blocks)
    blind = catalog("colour_blind")
    formats = SpanFormats(blind)
    for text, label in (("Kevin Richardson", "PERSON"), ("California", "STATE"), ("Mexican", "NATIONALITY")):
        expected = formats.format_for(label, (), Status.PENDING, ColourBy.LABEL).background().color().name()
        assert drawn_background(window, text) == expected != standard[text]
    # The span table's label column too.
    model = window.span_table.model
    row = next(i for i, r in enumerate(model.rows) if r.span.label == "PERSON")
    brush = model.data(model.index(row, Column.LABEL), Qt.ItemDataRole.BackgroundRole)
    assert brush.color().name() == QColor(blind.colour("PERSON")).name()
    assert "Okabe" in window.legend.palette_line.text() and action.isChecked()
    # Kept in the settings file: the next window starts with it.
    assert load_settings().palette == "colour_blind"
    window.close()
    (tmp_path / "again").mkdir()
    again = open_project(qtbot, tmp_path / "again", load_settings())
    again.legend.by_label.setChecked(True)
    qtbot.waitUntil(lambda: not again.transcript._dirty_blocks)
    assert drawn_background(again, "Kevin Richardson") != standard["Kevin Richardson"]
    again.close()


# -- telling the colours apart --------------------------------------------------
# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
SIMULATIONS = {
    "normal vision": None,
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
MIN_DELTA_E = 10.0  # CIE76; about 2.3 is just noticeable side by side, 10 tells categories apart at a glance


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(colour: QColor, simulation) -> tuple[float, float, float]:
    rgb = [_linear(colour.red()), _linear(colour.green()), _linear(colour.blue())]
    if simulation is not None:
        rgb = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in simulation]
    r, g, b = rgb
    xyz = (
        (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047,
        0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
        (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def closest_pair(colours: dict[str, QColor]) -> tuple[float, str]:
    """The smallest CIE76 ΔE between two of `colours`, under each simulation, and where."""
    worst = (math.inf, "")
    for vision, simulation in SIMULATIONS.items():
        for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
            distance = math.dist(lab(ca, simulation), lab(cb, simulation))
            worst = min(worst, (distance, f"{a} / {b} ({vision})"))
    return worst


def drawn_colours(palette: str) -> dict[str, dict[str, QColor]]:
    """Per colour mode and status, the backgrounds the transcript draws for one
    detector alone, or for each distinct label colour of the palette."""
    labels = catalog(palette)
    formats = SpanFormats(labels)
    by_colour = {}
    for label in labels.coarse_labels:  # labels sharing a colour: one entry
        by_colour.setdefault(labels.colour(label), label)
    out = {}
    for status in (Status.ACCEPTED, Status.PENDING):
        out[f"detector, {status.value}"] = {
            d: formats.format_for("PERSON", (d,), status, ColourBy.DETECTOR).background().color()
            for d in labels.detector_colours
        }
        out[f"label, {status.value}"] = {
            label: formats.format_for(label, (), status, ColourBy.LABEL).background().color()
            for label in by_colour.values()
        }
    return out


def _contrast_with_black(colour: QColor) -> float:
    luminance = (
        0.2126 * _linear(colour.red()) + 0.7152 * _linear(colour.green()) + 0.0722 * _linear(colour.blue())
    )
    return (luminance + 0.05) / 0.05


@pytest.mark.parametrize("palette", [p for p in palette_names() if p != STANDARD_PALETTE])
def test_a_palette_for_colour_vision_deficiency_keeps_every_two_colours_apart(palette):
    raw = tomllib.loads(palette_path(palette).read_text(encoding="utf-8"))
    labels = catalog(palette)
    # It gives its own colour to every detector and label (none left in the standard colours).
    assert set(raw["detectors"]) == set(labels.detector_colours)
    assert set(raw["labels"]) == set(labels.coarse_labels)
    for mode, colours in drawn_colours(palette).items():
        distance, where = closest_pair(colours)
        assert distance >= MIN_DELTA_E, f"{palette}, {mode}: {where} only ΔE {distance:.1f} apart"
        for name, colour in colours.items():
            assert _contrast_with_black(colour) >= 4.5, (
                f"{palette}, {mode}: black text on {name} hard to read"
            )


# A swatch is seen on the legend's background when it is lighter or darker enough, or (a
# saturated yellow on light grey) its hue sets it apart for every vision simulated.
MIN_BACKGROUND_CONTRAST = 1.5
MIN_BACKGROUND_HUE_DELTA_E = 50.0


def _contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((_contrast_with_black(a), _contrast_with_black(b)), reverse=True)
    return light / dark  # (L1 + 0.05) / (L2 + 0.05): the 0.05 cancels out of the ratio above


@pytest.mark.parametrize("palette", [p for p in palette_names() if p != STANDARD_PALETTE])
def test_every_swatch_of_a_colour_blind_palette_is_seen_on_the_legend_background(qtbot, palette):
    legend = Legend()
    qtbot.addWidget(legend)
    background = legend.label_key.palette().color(legend.label_key.backgroundRole())
    labels = catalog(palette)
    for name, colour in {**labels.label_colours, **labels.detector_colours}.items():
        swatch = QColor(colour)
        hue_apart = min(math.dist(lab(swatch, s), lab(background, s)) for s in SIMULATIONS.values())
        assert (
            _contrast(swatch, background) >= MIN_BACKGROUND_CONTRAST
            or hue_apart >= MIN_BACKGROUND_HUE_DELTA_E
        ), f"{palette}: {name} {colour} faint on the legend's {background.name()}"


def test_the_standard_colours_are_what_the_colour_blind_palette_is_for():
    """The check above is not met by the standard colours: by detector, presidio's
    green and stanza's red (or spaCy's blue and the zero-shot purple) run together."""
    colours = drawn_colours(STANDARD_PALETTE)
    assert closest_pair(colours["detector, pending"])[0] < MIN_DELTA_E / 2


def test_a_coarse_label_counts_the_spans_of_its_fine_labels(qtbot, tmp_path):
    # The document's STATE and PRISON are locations: LOCATION is bold with their count,
    # not plain as if the document had no location.
    window = open_project(qtbot, tmp_path)
    key = window.legend.label_key.text()
    assert "<b>LOCATION (2)</b>" in _group(key, "LOCATION")
    assert "<b>NRP (1)</b>" in key  # its NATIONALITY
    assert "<b>PERSON (1)</b>" in key  # a coarse label with no fine ones: its own count
    window.close()
