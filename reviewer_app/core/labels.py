"""The label catalogue read from `resources/labels.toml`."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.paths import resource


@dataclass(frozen=True)
class LabelCatalog:
    label_colours: dict[str, str]
    label_descriptions: dict[str, str]
    detector_colours: dict[str, str]
    fine_to_coarse: dict[str, str]

    @property
    def coarse_labels(self) -> tuple[str, ...]:
        return tuple(self.label_colours)

    @property
    def all_labels(self) -> tuple[str, ...]:
        return self.coarse_labels + tuple(self.fine_to_coarse)

    def coarse(self, label: str) -> str:
        """The paper's Table 1 label for any label (fine labels roll up)."""
        return self.fine_to_coarse.get(label, label)

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


@functools.cache
def catalog() -> LabelCatalog:
    """The catalogue of the active resources folder, read once per process."""
    return load_catalog()
