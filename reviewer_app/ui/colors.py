"""How spans look in the transcript view: one QTextCharFormat per (colour key, status).

Colours come from `reviewer_app.core.labels.catalog(palette)` (resources/labels.toml
and resources/palettes/); this module only decides how a status changes the look,
so a reviewer sees at a glance what is pending, accepted, rejected or stale.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from PySide6.QtGui import QColor, QFont, QTextCharFormat

from reviewer_app.core.labels import LabelCatalog
from reviewer_app.core.spans import Status


class ColourBy(enum.StrEnum):
    DETECTOR = "detector"
    LABEL = "label"


# What each status looks like, said in words for the legend and the cheat sheet.
STATUS_LOOK: dict[Status, str] = {
    Status.PENDING: "pale colour, dashed underline",
    Status.ACCEPTED: "full colour, bold",
    Status.REJECTED: "struck through, grey, no colour",
    Status.STALE: "pale colour, italic, dotted underline",
}

AGREEMENT_LOOK = "overline: several detectors agree"


def mixed_colour(colours: Iterable[str]) -> QColor:
    """The average of several colours: agreement of detectors gets its own hue."""
    qcolours = [QColor(c) for c in colours]
    if not qcolours:
        return QColor("#dddddd")
    n = len(qcolours)
    return QColor(
        sum(c.red() for c in qcolours) // n,
        sum(c.green() for c in qcolours) // n,
        sum(c.blue() for c in qcolours) // n,
    )


def tinted(colour: QColor, toward_white: float) -> QColor:
    """`colour` moved `toward_white` (0..1) of the way to white: the hue stays
    recognisable while saying "not decided yet" (the palette says how far)."""

    def channel(value: int) -> int:
        return int(value + (255 - value) * toward_white)

    return QColor(channel(colour.red()), channel(colour.green()), channel(colour.blue()))


class SpanFormats:
    """Caches the char formats: building one per span per repaint would be wasteful."""

    def __init__(self, catalog: LabelCatalog) -> None:
        self.catalog = catalog
        self._cache: dict[tuple[str, tuple[str, ...], Status, ColourBy], QTextCharFormat] = {}

    def base_colour(self, label: str, detectors: tuple[str, ...], colour_by: ColourBy) -> QColor:
        if colour_by is ColourBy.LABEL:
            return QColor(self.catalog.colour(label))
        return mixed_colour(self.catalog.detector_colour(d) for d in detectors or ("manual",))

    def format_for(
        self, label: str, detectors: tuple[str, ...], status: Status, colour_by: ColourBy
    ) -> QTextCharFormat:
        key = (label if colour_by is ColourBy.LABEL else "", detectors, status, colour_by)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        colour = self.base_colour(label, detectors, colour_by)
        if colour_by is ColourBy.DETECTOR:
            # The standard detector colours are saturated (line colours in the paper's
            # figure); as a background they need lightening to keep text readable.
            colour = tinted(colour, self.catalog.detector_tint)
        pale = tinted(colour, self.catalog.pending_tint)
        fmt = QTextCharFormat()
        if status is Status.ACCEPTED:
            fmt.setBackground(colour)
            fmt.setFontWeight(QFont.Weight.Bold)
        elif status is Status.REJECTED:
            fmt.setForeground(QColor("#8a8a8a"))
            fmt.setFontStrikeOut(True)
        elif status is Status.STALE:
            fmt.setBackground(pale)
            fmt.setFontItalic(True)
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DotLine)
        else:
            fmt.setBackground(pale)
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DashUnderline)
        if len(detectors) > 1:
            fmt.setFontOverline(True)
        self._cache[key] = fmt
        return fmt

    def clear(self) -> None:
        self._cache.clear()


def speaker_format() -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setForeground(QColor("#1f3a68"))
    return fmt
