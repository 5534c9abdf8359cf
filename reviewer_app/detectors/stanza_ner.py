"""The stanza detector: Stanza's English NER (the paper's StanfordNER), mapped to our labels.

Models are looked up, never downloaded: in `settings.stanza_dir`, else in
$STANZA_RESOURCES_DIR, Stanza's default resources folder, or the older
~/stanza_resources. A resources folder holds `resources.json` and
`en/ner/<package>.pt` with the files it depends on (`en/pretrain/...`,
`en/forward_charlm/...`); `reviewer-app models download stanza` fetches them
where a network exists. Text is tokenized by spaCy's rule-based English
tokenizer inside Stanza, which needs no Stanza tokenizer model.
"""

from __future__ import annotations

import importlib.metadata
import json
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from reviewer_app.core.spans import Span
from reviewer_app.detectors.base import (
    Detector,
    DetectorStatus,
    DetectorUnavailable,
    SharedAnalysis,
    TextChunk,
)
from reviewer_app.settings import Settings

log = logging.getLogger(__name__)

LANG = "en"
# Stanza's NER types (OntoNotes and CoNLL sets) -> our labels; other types are dropped.
LABEL_MAP: dict[str, str] = {
    "PERSON": "PERSON",
    "PER": "PERSON",
    "GPE": "LOCATION",
    "LOC": "LOCATION",
    "FAC": "LOCATION",
    "ORG": "ORGANIZATION",
    "NORP": "NRP",
    "DATE": "DATE",
    "TIME": "TIME",
}
# Stanza gives no per-entity confidence; one fixed score for all its spans.
STANZA_SCORE = 0.85
DOWNLOAD_HINT = (
    "run `reviewer-app models download stanza` on a machine with internet, "
    "or copy a Stanza resources folder there (or set `stanza_dir` in settings)"
)


def default_resource_dirs() -> list[Path]:
    """Where Stanza keeps its models when `stanza_dir` is not set, most specific first."""
    dirs = []
    if os.environ.get("STANZA_RESOURCES_DIR"):
        dirs.append(Path(os.environ["STANZA_RESOURCES_DIR"]))
    import platformdirs

    # Stanza's own default (stanza.resources.common.DEFAULT_MODEL_DIR), computed
    # without importing Stanza, which imports torch.
    version = importlib.metadata.version("stanza")
    dirs.append(Path(platformdirs.user_cache_dir("stanza", "StanfordNLP", version)) / "resources")
    dirs.append(Path.home() / "stanza_resources")
    return dirs


@dataclass(frozen=True)
class StanzaModel:
    """An English NER model found on disk."""

    resources_dir: Path
    package: str

    @property
    def model_file(self) -> Path:
        return self.resources_dir / LANG / "ner" / f"{self.package}.pt"


def find_model(stanza_dir: str) -> tuple[StanzaModel | None, str]:
    """The English NER model in the first resources folder that has one, or None
    and why not (naming the folders looked in)."""
    candidates = [Path(stanza_dir).expanduser()] if stanza_dir else default_resource_dirs()
    problems = []
    for folder in candidates:
        model, problem = _model_in(folder)
        if model is not None:
            return model, ""
        problems.append(problem)
    return None, "; ".join(problems)


def _model_in(folder: Path) -> tuple[StanzaModel | None, str]:
    resources_file = folder / "resources.json"
    if not resources_file.exists():
        return None, f"no Stanza resources in {folder}"
    try:
        lang = json.loads(resources_file.read_text(encoding="utf-8")).get(LANG, {})
    except (OSError, ValueError):
        return None, f"{resources_file} cannot be read"
    package = lang.get("packages", {}).get("default", {}).get("ner") or lang.get(
        "default_processors", {}
    ).get("ner")
    if isinstance(package, list):
        package = package[0] if package else None
    if not package:
        return None, f"{resources_file} lists no English NER model"
    model = StanzaModel(folder, package)
    needed = [model.model_file] + [
        folder / LANG / dep["model"] / f"{dep['package']}.pt"
        for dep in lang.get("ner", {}).get(package, {}).get("dependencies", [])
    ]
    missing = [str(path.relative_to(folder)) for path in needed if not path.exists()]
    if missing:
        return None, f"Stanza English NER model incomplete in {folder} (missing {', '.join(missing)})"
    return model, ""


class StanzaDetector(Detector):
    name: ClassVar[str] = "stanza"
    labels: ClassVar[tuple[str, ...]] = ("PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE", "TIME")

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._pipeline: Any = None
        self._lock = threading.Lock()

    def status(self) -> DetectorStatus:
        model, problem = find_model(self.settings.stanza_dir)
        if model is None:
            return DetectorStatus(False, f"Stanza English NER model not found ({problem}); {DOWNLOAD_HINT}.")
        return DetectorStatus(True, "ready", model=f"stanza {model.package} ({model.resources_dir})")

    def load(self) -> None:
        with self._lock:
            if self._pipeline is not None:
                return
            model, problem = find_model(self.settings.stanza_dir)
            if model is None:
                raise DetectorUnavailable(f"Stanza English NER model not found ({problem}); {DOWNLOAD_HINT}.")
            try:
                import stanza

                self._pipeline = stanza.Pipeline(
                    lang=LANG,
                    dir=str(model.resources_dir),
                    download_method=None,
                    # package=None: only these processors, not every one of the
                    # default package (whose other models are not downloaded).
                    package=None,
                    processors={"tokenize": "spacy", "ner": "default"},
                    logging_level="WARN",
                    use_gpu=False,
                )
            except ImportError as exc:
                raise DetectorUnavailable(f"Stanza is not installed ({exc}); `pip install stanza`.") from exc
            except Exception as exc:  # any load failure: say which model failed
                raise DetectorUnavailable(
                    f"the Stanza NER model in {model.resources_dir} did not load "
                    f"({type(exc).__name__}); {DOWNLOAD_HINT}."
                ) from exc
            log.info("stanza NER %s loaded", model.package)

    def detect(self, chunk: TextChunk, shared: SharedAnalysis) -> list[Span]:
        self.load()
        if not chunk.text.strip():
            return []
        analysed = self._pipeline(chunk.text)
        spans = []
        for entity in analysed.ents:
            label = LABEL_MAP.get(entity.type)
            if label is None or entity.end_char <= entity.start_char:
                continue
            spans.append(Span(entity.start_char, entity.end_char, label, (self.name,), STANZA_SCORE))
        return spans
