"""The vocabulary of `detectors/read_out.py`, read from `resources/patterns/read_out.toml`:
the nouns that name an identifier, the words that may stand between them and the code, the
spelling alphabets, digit and letter names, and the cues of ZIP codes and CDCR numbers."""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass

from reviewer_app.paths import resource

# A written group with a digit stays whole ("HO-4471-2290") up to a file's extension
# (`written_tokens`); words joined by hyphens are read one by one ("seventy-two", "K-F-A").
_TOKEN = r"#|(?=[\w./-]*\d)[^\W_]+(?:(?:[-/]|\.(?!{extension}\b))[^\W_]+)*|[^\W_]+(?:['’][^\W\d_]+)?"


@dataclass(frozen=True)
class ReadOutWords:
    # Phrases by their first word, longest first.
    nouns: dict[str, tuple[tuple[str, ...], ...]]
    self_naming: dict[str, tuple[tuple[str, ...], ...]]
    number_words: frozenset[str]
    fillers: frozenset[str]
    quantity_words: frozenset[str]
    tail_cues: dict[str, tuple[tuple[str, ...], ...]]
    phonetic: frozenset[str]
    letter_names: dict[str, str]
    letter_homophones: dict[str, str]
    digits: dict[str, str]
    repeat: dict[str, int]
    separators: frozenset[str]
    address_words: tuple[str, ...]
    not_zip_cues: frozenset[str]
    cdcr_cues: dict[str, tuple[tuple[str, ...], ...]]
    # Any of the words that say a document is about someone in custody.
    custody_cues: re.Pattern[str]
    # A file's extensions, which end its name and are no part of a code in it.
    file_extensions: tuple[str, ...] = ()
    # A bill's letters, the words that cite one right before it, and the words of bills.
    bill_prefixes: frozenset[str] = frozenset()
    bill_citations: frozenset[str] = frozenset()
    bill_words: re.Pattern[str] | None = None


def phrases(words: list[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The phrases by their first word, longest first."""
    ordered = sorted({tuple(w.replace("’", "'").split()) for w in words}, key=len, reverse=True)
    return {first: tuple(p for p in ordered if p[0] == first) for first in {p[0] for p in ordered}}


def _custody_cues(cdcr: dict[str, list[str]]) -> re.Pattern[str]:
    """Any CDCR cue but those said of prisons in general, and any word of custody alone, its words
    apart or hyphenated ("C-number")."""
    cues = [cue for cue in cdcr["cues"] if cue not in cdcr["not_custody"]] + cdcr["custody_words"]
    alternatives = "|".join(r"[ -]".join(map(re.escape, cue.split())) for cue in cues)
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


@functools.cache
def read_out_words() -> ReadOutWords:
    with resource("patterns", "read_out.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    ids, chars = raw["identifiers"], raw["characters"]
    return ReadOutWords(
        nouns=phrases(ids["nouns"]),
        self_naming=phrases(ids["self_naming"]),
        number_words=frozenset(ids["number_words"]),
        fillers=frozenset(ids["fillers"]),
        quantity_words=frozenset(ids["quantity_words"]),
        tail_cues=phrases(ids["tail_cues"]),
        phonetic=frozenset(chars["phonetic"]),
        letter_names=dict(chars["letter_names"]),
        letter_homophones=dict(chars["letter_homophones"]),
        digits=dict(chars["digits"]),
        repeat=dict(chars["repeat"]),
        separators=frozenset(chars["separators"]),
        address_words=tuple(re.escape(w) for w in raw["places"]["address_words"]),
        not_zip_cues=frozenset(raw["places"]["not_zip_cues"]),
        cdcr_cues=phrases(raw["cdcr"]["cues"]),
        custody_cues=_custody_cues(raw["cdcr"]),
        file_extensions=tuple(ids["file_extensions"]),
        bill_prefixes=frozenset(raw["cdcr"]["bill_prefixes"]),
        bill_citations=frozenset(raw["cdcr"]["bill_citations"]),
        bill_words=re.compile(rf"(?i)\b(?:{'|'.join(map(re.escape, raw['cdcr']['bill_words']))})\b"),
    )


@functools.cache
def written_tokens(file_extensions: tuple[str, ...]) -> re.Pattern[str]:
    """The tokens of `read_out._Finder`, a file's extension left out of a code: the letters after
    the dot of "intake_line_20261103_1042.wav" are no part of it."""
    return re.compile(_TOKEN.format(extension=_extension(file_extensions)))


def _extension(file_extensions: tuple[str, ...]) -> str:
    return "(?i:" + "|".join(map(re.escape, file_extensions)) + ")"


@functools.cache
def dot_extension(file_extensions: tuple[str, ...]) -> re.Pattern[str]:
    """A file's extension after its dot, where a name's code ends ("5550121" of "5550121.wav")."""
    return re.compile(rf"\.{_extension(file_extensions)}\b")
