"""One regular expression for a list of terms, as a tree of their shared beginnings.

`"|".join(terms)` makes the regex engine try every term at every word of the text: with
hundreds of names (propagation) or whitelisted words, that is most of a rule's time.
`term_alternation` writes the same alternation as a tree ("ca(?:rter|stro)" for "carter"
and "castro"), which tries one branch per character read. A space in a term matches any
run of white space, as in the rules that use it, or what a rule asks instead (one space).

The tree matches exactly what the flat alternation of the terms, longest first, matches:
from any position, of the terms that match, the longest. Where it could not (two
branches of one node that may read the same character, as "K" and the Kelvin sign with
IGNORECASE, or a term that opens or ends with a space or holds two in a row), the flat
alternation is returned instead.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

_SPACE = r"\s+"
_END = ""
# What may not be glued to a whole word: a letter, digit or "_", an apostrophe, a hyphen.
_GLUED = re.compile(r"[\w'’-]")


def flat_alternation(terms: Iterable[str], space: str = _SPACE) -> str:
    """The terms longest first, a space matching `space` (any white space): what a rule wrote."""
    return "|".join(re.escape(t).replace(r"\ ", space) for t in sorted(terms, key=len, reverse=True))


def term_alternation(terms: Iterable[str], flags: int = 0, space: str = _SPACE) -> str:
    """`flat_alternation(terms, space)` as a tree of shared beginnings (see the module's
    docstring), for a pattern compiled with `flags` (IGNORECASE decides which branches may clash)."""
    terms = list(dict.fromkeys(terms))
    if not terms or any(t.startswith(" ") or t.endswith(" ") or "  " in t for t in terms):
        return flat_alternation(terms, space)
    tree: dict = {}
    for term in terms:
        node = tree
        for char in term:
            node = node.setdefault(space if char == " " else re.escape(char), {})
        node[_END] = {}
    written = _write(tree, flags, space)
    return flat_alternation(terms, space) if written is None else written


@functools.lru_cache(maxsize=8)
def whole_terms_pattern(terms: frozenset[str]) -> re.Pattern[str]:
    """The terms, case ignored, where no letter, digit or hyphen goes on before or after them;
    made once for a set of terms that stays the same from merge to merge (the whitelist)."""
    return re.compile(rf"(?<![\w-])(?:{term_alternation(terms, re.IGNORECASE)})(?![\w-])", re.IGNORECASE)


def whole_word_occurrences(text: str, term: str) -> list[tuple[int, int]]:
    """Where `term` (case as written) stands in `text` with nothing of a word glued on (no
    letter, digit, "_", apostrophe or hyphen right before or after it): the spans that
    `(?<![\\w'’-])term(?![\\w'’-])` finds. A pattern that opens with a lookbehind is tried at
    every character; `str.find` skips to the term's next occurrence (a rule looking for each of
    a document's names this way went from a scan of the text per name to almost nothing)."""
    if not term:
        raise ValueError("an empty term occurs everywhere")
    found = []
    start = text.find(term)
    while start >= 0:
        end = start + len(term)
        if (start == 0 or not _GLUED.match(text, start - 1)) and not _GLUED.match(text, end):
            found.append((start, end))
            start = text.find(term, end)
        else:
            start = text.find(term, start + 1)
    return found


def _write(node: dict, flags: int, space: str) -> str | None:
    steps = [token for token in node if token != _END]
    if not _distinct(steps, flags, space):
        return None
    branches = []
    for token in steps:
        rest = _write(node[token], flags, space)
        if rest is None:
            return None
        branches.append(token + rest)
    if _END in node:
        branches.append("")  # last: a longer term is tried first
    if len(branches) == 1:
        return branches[0] if _END not in node else ""
    return "(?:" + "|".join(branches) + ")"


def _distinct(tokens: list[str], flags: int, space: str) -> bool:
    """Whether no character can match two of `tokens` (so that one branch at most goes on)."""
    chars = [re.sub(r"\\(.)", r"\1", t, flags=re.S) for t in tokens if t != space]
    if space in tokens and any(c.isspace() for c in chars):
        return False
    if len(set(chars)) < len(chars):
        return False
    if not flags & re.IGNORECASE or len(chars) < 2:
        return True
    return not any(
        _matcher(first, flags).fullmatch(other) for i, first in enumerate(chars) for other in chars[i + 1 :]
    )


@functools.lru_cache(maxsize=1024)
def _matcher(char: str, flags: int) -> re.Pattern[str]:
    return re.compile(re.escape(char), flags)
