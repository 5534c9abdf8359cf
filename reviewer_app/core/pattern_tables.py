"""The TOML files of `resources/patterns/`, read once.

A rule of the core and a detector that use the same words read one copy of them:
places.toml's `residence_cues` ("born in", "moved to") are the places detector's cues and
`core/place_mentions.py`'s (a name NER made a person after them is a place). The detectors
reach these tables through `detectors/patterns.py`, which also reads the recognizers.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

from reviewer_app.paths import resource


class PatternFileError(ValueError):
    """A pattern file that cannot be used; the message names the file and recognizer."""


def read_pattern_file(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise PatternFileError(f"{path.name}: not valid TOML ({exc})") from exc


def load_table(file_name: str) -> dict[str, Any]:
    """A configuration table of the patterns folder, e.g. "places.toml", read once (per
    resources folder: `REVIEWER_APP_RESOURCES` may name another)."""
    return _read_cached(resource("patterns", file_name))


@functools.cache
def _read_cached(path: Path) -> dict[str, Any]:
    return read_pattern_file(path)
