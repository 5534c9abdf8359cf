"""Fine labels from word lists and patterns: the zero-shot step's first answer.

`resources/zeroshot.toml` names the gazetteer files (`resources/gazetteers/*.txt`)
with the fine label each gives, the fine labels' descriptions (for the models),
their patterns and the fallback per coarse label. `ZeroShotConfig` holds all of
it; `Gazetteer.lookup` answers from the lists and patterns alone.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.labels import LabelCatalog, catalog
from reviewer_app.paths import resource

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
_EDGE_PUNCTUATION = ' \t\n,;:!?"()[]{}'


def normalize(text: str) -> str:
    """The form names are compared in: lower case, one space, plain apostrophes,
    no leading "the", no possessive, no punctuation around it."""
    norm = " ".join(text.translate(_APOSTROPHES).lower().split()).strip(_EDGE_PUNCTUATION)
    if norm.startswith("the "):
        norm = norm[4:]
    if norm.endswith("'s"):
        norm = norm[:-2]
    # One final dot is sentence punctuation or an abbreviation ("Calif."); several
    # dots are an abbreviation to keep whole ("U.S.").
    return norm.rstrip(".") if norm.count(".") == 1 else norm


@dataclass(frozen=True)
class FineLabel:
    name: str
    coarse: str
    description: str
    patterns: tuple[re.Pattern[str], ...]
    # More ways to say what the label is; the embedding backend takes the best match.
    phrasings: tuple[str, ...] = ()


@dataclass(frozen=True)
class ZeroShotConfig:
    """`resources/zeroshot.toml`, read."""

    gazetteer_files: tuple[tuple[str, str], ...]  # (file name, fine label), priority order
    labels: tuple[FineLabel, ...]  # in file order: the order patterns are tried
    fallback: dict[str, str]  # coarse -> fine label used when nothing better answers
    nli: dict[str, object]
    embedding: dict[str, object]

    def refinable(self, coarse: str) -> bool:
        return any(label.coarse == coarse for label in self.labels)

    def candidates(self, coarse: str) -> tuple[FineLabel, ...]:
        """The fine labels a model chooses between for a coarse label (not the fallback)."""
        fallback = self.fallback.get(coarse)
        return tuple(lb for lb in self.labels if lb.coarse == coarse and lb.name != fallback)


def load_config(path: Path | None = None, labels: LabelCatalog | None = None) -> ZeroShotConfig:
    path = path or resource("zeroshot.toml")
    labels = labels or catalog()
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    fine_labels = []
    for name, entry in raw.get("labels", {}).items():
        coarse = labels.fine_to_coarse.get(name)
        if coarse is None:
            raise ValueError(f"{path.name}: fine label {name} is not in labels.toml [fine]")
        fine_labels.append(
            FineLabel(
                name=name,
                coarse=coarse,
                description=entry["description"],
                patterns=tuple(re.compile(p, re.IGNORECASE) for p in entry.get("patterns", ())),
                phrasings=(entry["description"], *entry.get("also", ())),
            )
        )
    return ZeroShotConfig(
        gazetteer_files=tuple(raw.get("gazetteers", {}).items()),
        labels=tuple(fine_labels),
        fallback=dict(raw.get("fallback", {})),
        nli=dict(raw.get("nli", {})),
        embedding=dict(raw.get("embedding", {})),
    )


def read_list(path: Path) -> list[str]:
    """Every name and alias in a gazetteer file."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0]
        names += [alias.strip() for alias in line.split("|") if alias.strip()]
    return names


@dataclass(frozen=True)
class Gazetteer:
    config: ZeroShotConfig
    # normalised name -> fine labels that list it, in priority order
    entries: dict[str, tuple[str, ...]]

    def lookup(self, text: str, coarse: str) -> str | None:
        """The fine label of `coarse` that the lists or patterns give `text`, or None."""
        coarse_of = {label.name: label.coarse for label in self.config.labels}
        norm = normalize(text)
        # A plural ("Catholics", "Mexicans") is looked up as its singular too.
        for key in (norm, norm[:-1] if norm.endswith("s") else None):
            for fine in self.entries.get(key or "", ()):
                if coarse_of.get(fine) == coarse:
                    return fine
        for label in self.config.labels:
            if label.coarse == coarse and any(p.search(norm) for p in label.patterns):
                return label.name
        return None


def load_gazetteer(config: ZeroShotConfig | None = None, folder: Path | None = None) -> Gazetteer:
    config = config or load_config()
    folder = folder or resource("gazetteers")
    entries: dict[str, list[str]] = {}
    for file_name, fine in config.gazetteer_files:
        for name in read_list(folder / file_name):
            labels = entries.setdefault(normalize(name), [])
            if fine not in labels:
                labels.append(fine)
    return Gazetteer(config=config, entries={k: tuple(v) for k, v in entries.items()})


@functools.cache
def default_gazetteer() -> Gazetteer:
    """The gazetteer of the active resources folder, read once per process."""
    return load_gazetteer()
