"""The detector registry: one table of name -> "module:Class".

Modules are imported only when a detector is asked for, so listing detectors
never loads torch or a model. A detector whose module cannot be imported is
still listed, with a status that says why it is unavailable.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import logging
from dataclasses import dataclass

from reviewer_app.core.detector_names import PRESIDIO
from reviewer_app.core.labels import catalog
from reviewer_app.detectors.base import Detector, DetectorStatus, DetectorUnavailable
from reviewer_app.settings import Settings

log = logging.getLogger(__name__)

DETECTORS: dict[str, str] = {
    PRESIDIO: "reviewer_app.detectors.presidio_detector:PresidioDetector",
    "spacy": "reviewer_app.detectors.spacy_ner:SpacyDetector",
    "stanza": "reviewer_app.detectors.stanza_ner:StanzaDetector",
    "zeroshot": "reviewer_app.detectors.zeroshot:ZeroShotDetector",
    "trained": "reviewer_app.detectors.trained:TrainedDetector",
}
TRAINED = "trained"


class UnknownDetector(KeyError):
    """A detector name that is not in the registry."""

    def __str__(self) -> str:
        return f"unknown detector {self.args[0]!r}; known: {', '.join(DETECTORS)}"


@dataclass(frozen=True)
class DetectorInfo:
    """What the window and `reviewer-app models` show about one detector."""

    name: str
    status: DetectorStatus
    colour: str
    labels: tuple[str, ...] = ()
    stage: str = "find"


def default_names(settings: Settings) -> tuple[str, ...]:
    """The detectors to run when none are named: the settings' list, and the
    trained detector beside them when a trained model is chosen."""
    names = tuple(settings.detectors)
    if settings.trained_model and TRAINED not in names:
        names += (TRAINED,)
    return names


def with_model(settings: Settings, model: str | None) -> Settings:
    """`settings` with `--model MODEL_DIR` as the trained model, if one was given."""
    return dataclasses.replace(settings, trained_model=str(model)) if model else settings


def detector_class(name: str) -> type[Detector]:
    """The class registered under `name`; DetectorUnavailable if its module fails to import."""
    try:
        target = DETECTORS[name]
    except KeyError:
        raise UnknownDetector(name) from None
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, class_name)
    except (ImportError, AttributeError) as exc:
        log.warning("detector %s cannot be imported: %s", name, type(exc).__name__)
        raise DetectorUnavailable(f"the {name} detector cannot be loaded ({exc})") from exc


def create(name: str, settings: Settings) -> Detector:
    """A new detector; cheap, it loads no model."""
    return detector_class(name)(settings)


@functools.cache
def shared_instance(name: str, settings: Settings) -> Detector:
    """One detector per name and settings for the process, so that its loaded
    models are reused from one document to the next."""
    return create(name, settings)


def detector_status(name: str, settings: Settings) -> DetectorInfo:
    colour = catalog().detector_colour(name)
    try:
        cls = detector_class(name)
    except DetectorUnavailable as exc:
        return DetectorInfo(name, DetectorStatus(False, str(exc)), colour)
    try:
        status = cls(settings).status()
    except Exception as exc:  # noqa: BLE001 - a broken plug-in is reported, not fatal
        status = DetectorStatus(False, f"the {name} detector's status check failed: {type(exc).__name__}")
    return DetectorInfo(name, status, colour, tuple(cls.labels), cls.stage)


def available_detectors(settings: Settings) -> list[DetectorInfo]:
    """Every registered detector with its status, in registry order."""
    return [detector_status(name, settings) for name in DETECTORS]
