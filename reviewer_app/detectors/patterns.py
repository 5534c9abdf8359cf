"""The paper's custom recognizers, read from `resources/patterns/*.toml`.

A pattern file holds `[[recognizer]]` tables (entity, context words, the
profiles it runs in and `[[recognizer.pattern]]` regexes with scores) and an optional `[macros]` table;
`<<name>>` in any regex is replaced by the macro of that name from any file of
the folder (a macro may use other macros). A macro may also be a list of words and
phrases, matched as written ("Rabi al-Awwal"): a list a user edits as data, which other
mechanisms read too (the spoken forms read other_calendars.toml's months). Other tables (`ner.toml`,
`merge.toml`, `places.toml`) configure the spaCy label mapping, the merging
rules and the place rules and are read by `load_table` (`core/pattern_tables.py`: one copy,
shared with the core's rules that read the same words).

Plain data, no Presidio: the presidio detector turns these into its recognizers,
and the tests exercise the regexes directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reviewer_app.core.pattern_tables import PatternFileError, read_pattern_file
from reviewer_app.core.pattern_tables import load_table as load_table  # the detectors' tables, read once
from reviewer_app.paths import resource

_MACRO = re.compile(r"<<(\w+)>>")


@dataclass(frozen=True)
class PatternSpec:
    name: str
    regex: str
    score: float


@dataclass(frozen=True)
class RecognizerSpec:
    name: str
    entity: str
    patterns: tuple[PatternSpec, ...]
    context: tuple[str, ...] = ()
    ignore_case: bool = False
    # The detection profiles it runs in (`detectors/profiles.py`); empty: all of them.
    profiles: tuple[str, ...] = ()

    def runs_in(self, profile: str) -> bool:
        return not self.profiles or profile in self.profiles

    @property
    def flags(self) -> int:
        return re.MULTILINE | (re.IGNORECASE if self.ignore_case else 0)

    def compiled(self) -> list[tuple[PatternSpec, Any]]:
        """The patterns compiled as Presidio compiles them: with the `regex`
        module (a Presidio dependency), which allows variable-width look-behind."""
        import regex

        return [(p, regex.compile(p.regex, self.flags)) for p in self.patterns]


def patterns_dir() -> Path:
    return resource("patterns")


def _alternation(words: list[Any], where: str) -> str:
    """A macro given as a list: any of its words and phrases as written.
    The longest first, so that "Eid al-Fitr" is not cut to "Eid"."""
    if not all(isinstance(w, str) and w.strip() for w in words):
        raise PatternFileError(f"{where}: a macro list holds words only")
    ordered = sorted(words, key=len, reverse=True)
    return "(?:" + "|".join(map(re.escape, ordered)) + ")"


def _expand(regex: str, macros: dict[str, str], where: str) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in macros:
            raise PatternFileError(f"{where}: unknown macro <<{name}>>")
        return macros[name]

    # A macro may use other macros ("address_tail" uses "place_name"); a few rounds expand them all.
    for _ in range(5):
        if not _MACRO.search(regex):
            return regex
        regex = _MACRO.sub(replace, regex)
    raise PatternFileError(f"{where}: macros nested too deep (a macro that uses itself?)")


def load_recognizer_specs(folder: Path | None = None) -> tuple[RecognizerSpec, ...]:
    """Every recognizer of every pattern file, regexes expanded and checked."""
    folder = folder or patterns_dir()
    files = sorted(folder.glob("*.toml"))
    raw = {path: read_pattern_file(path) for path in files}
    macros: dict[str, str] = {}
    defined_in: dict[str, str] = {}
    for path, data in raw.items():
        for name, value in data.get("macros", {}).items():
            # Macros are shared by the folder: a second definition would silently change
            # every pattern of the other file that uses the name.
            if name in defined_in:
                raise PatternFileError(
                    f"{path.name}: macro {name!r} is already defined in {defined_in[name]}"
                )
            regex = _alternation(value, f"{path.name}, macro {name}") if isinstance(value, list) else value
            macros[name], defined_in[name] = regex, path.name
    specs = []
    for path, data in raw.items():
        for entry in data.get("recognizer", []):
            where = f"{path.name}, recognizer {entry.get('name', '?')}"
            try:
                patterns = tuple(
                    PatternSpec(
                        name=p["name"],
                        regex=_expand(p["regex"], macros, where),
                        score=float(p.get("score", 0.5)),
                    )
                    for p in entry["pattern"]
                )
                spec = RecognizerSpec(
                    name=entry["name"],
                    entity=entry["entity"],
                    patterns=patterns,
                    context=tuple(entry.get("context", ())),
                    ignore_case=bool(entry.get("ignore_case", False)),
                    profiles=tuple(entry.get("profiles", ())),
                )
            except KeyError as exc:
                raise PatternFileError(f"{where}: missing key {exc}") from exc
            try:
                spec.compiled()
            except Exception as exc:  # regex.error; the module is imported lazily
                raise PatternFileError(f"{where}: bad regex ({exc})") from exc
            specs.append(spec)
    return tuple(specs)
