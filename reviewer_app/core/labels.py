"""The label catalogue read from `resources/labels.toml`, and its colour palettes.

The standard colours are those of `labels.toml`; other palettes are files in
`resources/palettes/` (e.g. `colour_blind.toml`) giving their own colours for
the detectors and the coarse labels, and how far toward white spans are drawn.
A palette is chosen in the window (View > Palette) and kept in the settings.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import tomllib
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.paths import resource

log = logging.getLogger(__name__)

STANDARD_PALETTE = "standard"
PALETTES_FOLDER = "palettes"


@dataclass(frozen=True)
class LabelCatalog:
    label_colours: dict[str, str]
    label_descriptions: dict[str, str]
    detector_colours: dict[str, str]
    fine_to_coarse: dict[str, str]
    # The palette the colours come from, and how far toward white (0..1) the window
    # draws detector colours as backgrounds and the spans not decided yet.
    palette: str = STANDARD_PALETTE
    palette_title: str = "Standard colours"
    detector_tint: float = 0.5
    pending_tint: float = 0.5

    @property
    def coarse_labels(self) -> tuple[str, ...]:
        return tuple(self.label_colours)

    @property
    def all_labels(self) -> tuple[str, ...]:
        return self.coarse_labels + tuple(self.fine_to_coarse)

    def coarse(self, label: str) -> str:
        """The paper's Table 1 label for any label (fine labels roll up)."""
        return self.fine_to_coarse.get(label, label)

    def fine_labels(self, coarse: str) -> tuple[str, ...]:
        """The fine labels that roll up to `coarse`, in the catalogue's order."""
        return tuple(fine for fine, parent in self.fine_to_coarse.items() if parent == coarse)

    def colour(self, label: str) -> str:
        return self.label_colours.get(self.coarse(label), "#dddddd")

    def detector_colour(self, detector: str) -> str:
        return self.detector_colours.get(detector, "#888888")


def load_catalog(path: Path | None = None) -> LabelCatalog:
    path = path or resource("labels.toml")
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    labels = raw.get("labels", {})
    return LabelCatalog(
        label_colours={name: entry["colour"] for name, entry in labels.items()},
        label_descriptions={name: entry.get("description", "") for name, entry in labels.items()},
        detector_colours=dict(raw.get("detectors", {})),
        fine_to_coarse=dict(raw.get("fine", {})),
    )


def palette_path(name: str) -> Path:
    return resource(PALETTES_FOLDER, f"{name}.toml")


def palette_names() -> tuple[str, ...]:
    """The standard palette first, then each file of `resources/palettes/`."""
    folder = resource(PALETTES_FOLDER)
    files = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
    return (STANDARD_PALETTE, *(name for name in files if name != STANDARD_PALETTE))


def with_palette(base: LabelCatalog, path: Path) -> LabelCatalog:
    """`base` drawn in the palette of `path`: its colours replace the catalogue's;
    a label or detector it does not name keeps its standard colour."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    return dataclasses.replace(
        base,
        label_colours={
            **base.label_colours,
            **{k: v for k, v in raw.get("labels", {}).items() if k in base.label_colours},
        },
        detector_colours={**base.detector_colours, **raw.get("detectors", {})},
        palette=path.stem,
        palette_title=str(raw.get("title", path.stem)),
        detector_tint=float(raw.get("detector_tint", base.detector_tint)),
        pending_tint=float(raw.get("pending_tint", base.pending_tint)),
    )


@functools.cache
def catalog(palette: str = STANDARD_PALETTE) -> LabelCatalog:
    """The catalogue of the active resources folder in `palette`, read once per
    process; an unknown palette name (a settings typo) gives the standard colours."""
    base = load_catalog()
    if palette == STANDARD_PALETTE:
        return base
    if palette not in palette_names():
        log.warning("unknown palette %r; using the standard colours", palette)
        return base
    return with_palette(base, palette_path(palette))
