"""What a trained model folder is, as the trained detector and the Models dialog read it:
a spaCy pipeline with a `ner_trained` component and a `reviewer_app` section in its
`meta.json`. Writing one is `reviewer_app.training.model_dir`'s part.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

COMPONENT = "ner_trained"
META_SECTION = "reviewer_app"
META_FORMAT = 1


class ModelDirError(ValueError):
    """A folder that is not (or cannot become) a trained model; the message says why."""


def read_meta(path: Path) -> dict[str, Any]:
    """The `reviewer_app` section of a trained model's meta.json; ModelDirError if it is not one."""
    meta_path = Path(path) / "meta.json"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelDirError(f"{path}: not a trained model (no meta.json)") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ModelDirError(f"{path}: meta.json cannot be read ({type(exc).__name__})") from exc
    section = meta.get(META_SECTION) if isinstance(meta, dict) else None
    if not isinstance(section, dict) or not (Path(path) / COMPONENT).is_dir():
        raise ModelDirError(f"{path}: not a model trained by reviewer-app train")
    return section


def model_problem(path: str | Path | None) -> str:
    """Why `--model path` cannot be used ("" when it can, or when none was given)."""
    if not path:
        return ""
    try:
        read_meta(Path(path))
    except ModelDirError as exc:
        return str(exc)
    return ""


def is_model_dir(path: Path) -> bool:
    try:
        read_meta(path)
    except ModelDirError:
        return False
    return True


@dataclass(frozen=True)
class TrainedModelInfo:
    """What the Models dialog and `models` show about one trained model."""

    path: Path
    created: str
    labels: tuple[str, ...]
    documents: int
    f1: dict[str, float]
    f1_before: dict[str, float]


def model_info(path: Path) -> TrainedModelInfo:
    section = read_meta(path)
    return TrainedModelInfo(
        Path(path),
        str(section.get("created", "")),
        tuple(section.get("labels", ())),
        len(section.get("documents", ())),
        {k: float(v.get("f1", 0.0)) for k, v in section.get("scores", {}).items()},
        {k: float(v.get("f1", 0.0)) for k, v in section.get("scores_before", {}).items()},
    )


def find_models(folders: Iterable[Path]) -> list[TrainedModelInfo]:
    """Trained models that are, or lie directly in, the given folders; newest first."""
    found: dict[Path, TrainedModelInfo] = {}
    for folder in folders:
        folder = Path(folder)
        candidates = [folder] + (sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else [])
        for candidate in candidates:
            if candidate.resolve() not in found and is_model_dir(candidate):
                found[candidate.resolve()] = model_info(candidate)
    return sorted(found.values(), key=lambda m: m.created, reverse=True)
