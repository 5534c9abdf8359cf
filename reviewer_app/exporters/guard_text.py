"""How the leak guard reads text: one folding for the known identifiers and the output,
so that a name written with other characters still compares equal.

Each character is folded on its own (cached), in this order:

- default-ignorable code points and control characters are dropped (soft hyphen,
  zero-width space / joiner / non-joiner, word joiner, BOM, bidi marks, NUL...;
  tab, newline and carriage return stay as separators);
- Unicode NFKC (fullwidth and mathematical letters, ligatures) and casefold;
- combining marks are stripped after NFD ("Smíth" -> "smith");
- a letter that looks like a Latin letter or digit is folded to it, from the Unicode
  confusables data shipped by `confusable_homoglyphs` (Cyrillic "С" -> "c").

`fold` keeps, for every folded character, where it came from, so a hit in the folded
text maps back to offsets of the text as written. Words are then read two ways:
`pieces` (runs of letters and digits, as written) and `joined_words` (pieces joined
over one hyphen, possibly followed by a line break: "Smi-⏎th" -> "smith").
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass
from importlib import resources

# Separators that stay (everything else below U+0020 is dropped).
_KEPT_CONTROLS = frozenset("\t\n\r")
# Default-ignorable code points that are not format characters (category Cf):
# Hangul fillers, Mongolian free variation selectors, Khmer inherent vowels.
_IGNORABLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u17b4\u17b5\u180b\u180c\u180d\u180f")
_IGNORABLE_RANGES = ((0x2060, 0x206F), (0xFFF0, 0xFFF8), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# Marks that the confusables file puts around right-to-left glyphs.
_BIDI_MARKS = "\u200e\u200f"
SOFT_HYPHEN = "\u00ad"
# One of these between two letters may be a word broken in two ("Smi-th").
HYPHENS = "-\u2010\u2011\u2012\u2013\u2043\u2212"

WORD_RE = re.compile(r"[^\W_]+")
_JOIN_GAP_RE = re.compile(rf"[{HYPHENS}][ \t]*(?:\r?\n)?[ \t]*")
_PLAIN_RE = re.compile(r"[\t\n\r\x20-\x7e]+")


def is_ignorable(char: str) -> bool:
    """A default-ignorable code point or a control character other than tab and newlines."""
    category = unicodedata.category(char)
    if category == "Cf":
        return True
    if category == "Cc":
        return char not in _KEPT_CONTROLS
    if char in _IGNORABLE_LETTERS:
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def _base_fold(char: str) -> str:
    """NFKC, casefold and no combining marks; no confusables yet."""
    if is_ignorable(char):
        return ""
    folded = unicodedata.normalize("NFKC", char).casefold()
    decomposed = unicodedata.normalize("NFD", folded)
    return "".join(c for c in decomposed if unicodedata.category(c) not in ("Mn", "Me"))


@functools.cache
def confusable_table() -> dict[str, str]:
    """A character that looks like a Latin letter or digit -> that letter or digit,
    from the Unicode confusables data in `confusable_homoglyphs` (read once). A glyph
    listed with several prototypes folds to a letter before a digit, then the first
    in alphabetical order, so the choice does not depend on the file's order."""
    raw = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    data: dict[str, list[dict[str, str]]] = json.loads(raw)
    candidates: dict[str, set[str]] = {}

    def is_latin(char: str) -> bool:
        return len(char) == 1 and char.isascii() and char.isalnum()

    def add(glyph: str, latin: str) -> None:
        glyph = glyph.strip(_BIDI_MARKS)
        if len(glyph) != 1 or glyph.isascii():
            return
        base = _base_fold(glyph)
        if len(base) == 1 and not base.isascii():
            candidates.setdefault(base, set()).add(latin.lower())

    for key, entries in data.items():
        key = key.strip(_BIDI_MARKS)
        if is_latin(key):
            for entry in entries:
                add(entry["c"], key)
        elif len(key) == 1:
            for entry in entries:
                glyph = entry["c"].strip(_BIDI_MARKS)
                if is_latin(glyph):
                    add(key, glyph)
    return {glyph: min(latin, key=lambda c: (c.isdigit(), c)) for glyph, latin in candidates.items()}


@functools.lru_cache(maxsize=8192)
def fold_char(char: str) -> str:
    """What one character reads as (possibly "" or several characters)."""
    if char.isascii():
        if char.isalpha():
            return char.lower()
        if (char < " " and char not in _KEPT_CONTROLS) or char == "\x7f":
            return ""
        return char
    table = confusable_table()
    return "".join(table.get(c, c) for c in _base_fold(char))


@dataclass(frozen=True)
class Folded:
    """`text` folded; the folded character i came from `source[origin[i]]`."""

    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The source stretch of folded `text[start:end]` (end > start)."""
        return self.origin[start], self.origin[end - 1] + 1


def fold(source: str) -> Folded:
    out: list[str] = []
    origin: list[int] = []
    pos = 0
    # Printable ASCII only needs lower-casing; the rest goes character by character.
    for plain in _PLAIN_RE.finditer(source):
        if plain.start() > pos:
            _fold_slowly(source, pos, plain.start(), out, origin)
        out.append(plain.group().lower())
        origin.extend(range(plain.start(), plain.end()))
        pos = plain.end()
    if pos < len(source):
        _fold_slowly(source, pos, len(source), out, origin)
    return Folded("".join(out), tuple(origin))


def _fold_slowly(source: str, start: int, end: int, out: list[str], origin: list[int]) -> None:
    for i in range(start, end):
        char = source[i]
        folded = fold_char(char)
        if char == SOFT_HYPHEN and source[i + 1 : i + 2] in ("\n", "\r"):
            folded = "-"  # where a soft hyphen is seen: a word broken at the end of a line
        if folded:
            out.append(folded)
            origin.extend([i] * len(folded))


@functools.lru_cache(maxsize=16384)
def fold_words(text: str) -> tuple[str, ...]:
    """The folded words of a short text (a term, an allowed word)."""
    return tuple(WORD_RE.findall(fold(text).text))


@dataclass(frozen=True)
class Token:
    """A word of the folded text: `key` its letters and digits, `start:end` in folded offsets."""

    key: str
    start: int
    end: int


def pieces(folded: str) -> list[Token]:
    """Runs of letters and digits."""
    return [Token(m.group(), m.start(), m.end()) for m in WORD_RE.finditer(folded)]


def joined_words(folded: str, words: list[Token] | None = None) -> list[Token]:
    """Words with the pieces joined that a single hyphen (and an optional line break)
    separates: "Smi-⏎th" is one word "smith". `words` are the `pieces` if known."""
    words = pieces(folded) if words is None else words
    joined: list[Token] = []
    for word in words:
        if (
            joined
            and folded[joined[-1].end] in HYPHENS
            and _JOIN_GAP_RE.fullmatch(folded, joined[-1].end, word.start)
        ):
            last = joined[-1]
            joined[-1] = Token(last.key + word.key, last.start, word.end)
        else:
            joined.append(word)
    return joined
