"""A trained model folder: the spaCy pipeline, and `meta.json` with a `reviewer_app` section.

The section says where the model came from (document ids and SHA-256 hashes,
never text), its labels and their counts, its held-out scores per label
before and after training, versions and date.

Privacy: spaCy writes every string it met into `vocab/strings.json`, so a
pipeline trained on transcripts would carry their words, names included.
`install` cuts that list back to the base pipeline's own strings and the label
names; the component's weights need none of them (tokens are hashed on the fly
when text is processed). The training data itself (DocBin files) never leaves
a temporary folder.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reviewer_app.detectors.model_folder import (
    COMPONENT,
    META_FORMAT,
    META_SECTION,
    ModelDirError,
    is_model_dir,
)
from reviewer_app.evaluation.metrics import LabelScores

if TYPE_CHECKING:
    from reviewer_app.training.data import TrainingDocument
    from reviewer_app.training.train import HeldOutScores, TrainOptions


def check_output_dir(out: Path) -> None:
    """`out` may be new, empty, or a trained model (replaced when the new one is ready)."""
    if not out.exists():
        return
    if not out.is_dir():
        raise ModelDirError(f"{out} exists and is not a folder; choose another --out")
    if any(out.iterdir()) and not is_model_dir(out):
        raise ModelDirError(
            f"{out} exists and is not a trained model; choose a new folder (it is never overwritten)"
        )


def _scores(table: dict[str, LabelScores]) -> dict[str, dict[str, float]]:
    return {
        label: {
            "precision": round(s.precision, 4),
            "recall": round(s.recall, 4),
            "f1": round(s.f1, 4),
            "gold": s.gold,
            "predicted": s.predicted,
        }
        for label, s in table.items()
    }


def _versions(base: str) -> dict[str, str]:
    import spacy

    from reviewer_app import __version__

    versions = {"reviewer_app": __version__, "spacy": spacy.__version__}
    try:
        versions["base"] = spacy.util.get_package_version(base) or ""
    except Exception:  # noqa: BLE001 - a base given as a folder has no package version
        versions["base"] = ""
    return versions


def reviewer_meta(
    *,
    options: TrainOptions,
    documents: Sequence[TrainingDocument],
    held_out: Sequence[TrainingDocument],
    labels: Sequence[str],
    names: dict[str, str],
    counts: dict[str, int],
    before: HeldOutScores,
    after: HeldOutScores,
    detectors: HeldOutScores | None,
    interrupted: bool,
    seconds: float,
    sources: Sequence[str],
) -> dict[str, Any]:
    return {
        "format": META_FORMAT,
        "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "base": options.base,
        "component": COMPONENT,
        "architecture": options.architecture,
        "labels": list(labels),
        "label_names": names,
        "label_counts": counts,
        "sources": [Path(s).name for s in sources],
        "documents": [{"id": d.id, "sha256": d.sha256} for d in documents],
        "held_out": [{"id": d.id, "sha256": d.sha256} for d in held_out],
        "scores_before": _scores(before.per_label),
        "scores": _scores(after.per_label),
        "leak_rate_before": round(before.leak_rate, 4),
        "leak_rate": round(after.leak_rate, 4),
        "scores_detectors": _scores(detectors.per_label) if detectors else {},
        "leak_rate_detectors": round(detectors.leak_rate, 4) if detectors else None,
        "leads": leading_labels(after, detectors),
        "epochs": options.epochs_to_run,
        "seed": options.seed,
        "eval_split": options.eval_split,
        "interrupted": interrupted,
        "seconds": round(seconds, 1),
        "versions": _versions(options.base),
    }


def leading_labels(after: HeldOutScores, detectors: HeldOutScores | None) -> list[str]:
    """Labels on which the trained model's held-out F1 beats the other detectors'
    (none when they were not compared): there its spans take precedence in the merge."""
    if detectors is None:
        return []
    return sorted(
        label
        for label, scores in after.per_label.items()
        if scores.gold and scores.f1 > detectors.per_label.get(label, LabelScores(label)).f1
    )


def scrub_strings(model: Path, keep: Iterable[str]) -> int:
    """Cut `vocab/strings.json` back to `keep`; returns how many strings went."""
    path = model / "vocab" / "strings.json"
    strings = json.loads(path.read_text(encoding="utf-8"))
    allowed = set(keep)
    kept = [s for s in strings if s in allowed]
    path.write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
    return len(strings) - len(kept)


def install(trained: Path, out: Path, section: dict[str, Any], keep_strings: Iterable[str]) -> Path:
    """Copy the pipeline at `trained` to `out` with its strings scrubbed and our
    meta section, via a staging folder beside `out`: `out` is either the old
    model or the new one, never half of either."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.parent / f".{out.name}.partial-{os.getpid()}"
    retired = out.parent / f".{out.name}.old-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shutil.copytree(trained, staging)
        scrub_strings(staging, keep_strings)
        meta_path = staging / "meta.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        meta[META_SECTION] = section
        meta_path.write_text(json.dumps(meta, indent=2, ensure_ascii=False), encoding="utf-8")
        if out.exists():
            out.replace(retired)
        staging.replace(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if retired.exists() and not out.exists():
            retired.replace(out)
        raise
    shutil.rmtree(retired, ignore_errors=True)
    return out
