"""Pattern recognizers that skip a pattern on a text that lacks a word the pattern needs, and
Presidio's URL recognizer run only where a web address may be (`DottedRunUrlRecognizer`).

Presidio runs every pattern of every recognizer over each chunk, and a pattern that
opens with a class of words ("a word, then up to six more, then 'at' ... 'dot' ...") or
a look-behind ("after 'passport', 'licence' or 'account' ...") is tried at every word of
it. Most such patterns name words the text must hold wherever they match: a literal every
match holds ("dot", "slash", "Prison"), or one of a few alternatives ("Street", "Avenue"
or "Road"; a cue the look-behind asks for). Where a chunk holds none of one such set (case
ignored), the pattern cannot match there and is not run. The results are those of the
pattern run over the text, only sooner.

The words are read from the pattern's parse by the standard library's parser, on
patterns it reads the same as the `regex` module Presidio matches with (a pattern it
cannot parse, or one with syntax the two read differently, is always run).
"""

from __future__ import annotations

import copy
import re
import warnings
from dataclasses import dataclass
from re import _constants as sre_constants
from re import _parser as sre_parse
from typing import Any

import regex
from presidio_analyzer import EntityRecognizer, Pattern, PatternRecognizer, RecognizerResult
from presidio_analyzer.predefined_recognizers import UrlRecognizer

# Syntax the `regex` module reads otherwise than the standard library: POSIX classes
# ("[[:alpha:]]") and fuzzy matching ("(?:abc){e<=1}"), which the standard parser reads as
# literal characters. (Other `regex`-only syntax is an error there, and such a pattern is
# always run.)
_OTHERWISE_READ = re.compile(r"\[:|(?<!\\)\{(?![\d,])")
_STANDARD_FLAGS = re.IGNORECASE | re.MULTILINE | re.DOTALL | re.VERBOSE | re.ASCII | re.UNICODE
_REPEATS = (
    sre_constants.MAX_REPEAT,
    sre_constants.MIN_REPEAT,
    sre_constants.POSSESSIVE_REPEAT,
)


def required_texts(pattern: str, flags: int = 0) -> tuple[tuple[str, ...], ...]:
    """Sets of strings one of which the text holds wherever `pattern` matches in it (as written;
    with IGNORECASE in any case): each run of literal characters outside optional parts and
    negative lookarounds is a set of one; an alternation each of whose alternatives needs such
    a set needs one of their strings (the most telling set of each alternative, joined). Positive
    lookarounds count: what they look for is in the text, if not in the match.
    () when there are none, or the pattern is not one the standard parser reads alike."""
    if _OTHERWISE_READ.search(pattern) or flags & regex.VERSION1:
        return ()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # "possible nested set": read otherwise, maybe
            parsed = sre_parse.parse(pattern, flags & _STANDARD_FLAGS)
    except (re.error, ValueError, TypeError, OverflowError, RecursionError, Warning):
        return ()
    found: list[tuple[str, ...]] = []
    _collect(parsed, found)
    return tuple(dict.fromkeys(found))


def _collect(sequence: Any, found: list[tuple[str, ...]]) -> None:
    run: list[str] = []
    for op, value in sequence:
        if op is sre_constants.LITERAL:
            run.append(chr(value))
            continue
        if run:
            found.append(("".join(run),))
            run = []
        if op is sre_constants.SUBPATTERN:
            _collect(value[-1], found)  # a group is matched whole
        elif op in _REPEATS and value[0] >= 1:
            _collect(value[2], found)  # repeated at least once
        elif op is sre_constants.ATOMIC_GROUP:
            _collect(value, found)
        elif op is sre_constants.ASSERT:
            _collect(value[1], found)  # a positive lookaround: (direction, what it looks for)
        elif op is sre_constants.BRANCH:
            either = _either(value[1])
            if either:
                found.append(either)
    if run:
        found.append(("".join(run),))


def _either(alternatives: Any) -> tuple[str, ...]:
    """One of these strings is in the text wherever one of `alternatives` matches: of each
    alternative, the set whose shortest string is the longest; () if one needs none."""
    strings: list[str] = []
    for alternative in alternatives:
        needed: list[tuple[str, ...]] = []
        _collect(alternative, needed)
        if not needed:
            return ()
        strings += max(needed, key=lambda texts: min(map(len, texts)))
    return tuple(dict.fromkeys(strings))


# The characters outside ASCII that ignoring case reads as an ASCII letter in the `regex` module (the
# Turkish dotted and dotless I, the long s, the Kelvin sign), and the only ones whose lower case holds
# an ASCII letter. In a text without them, an ASCII string is in the text, case ignored, exactly
# where its lower case is in the text's lower case.
_CASED_AS_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")


@dataclass(frozen=True)
class _Probe:
    """Whether a text holds one of a set of strings, case ignored: the lower-case strings looked
    for in the text's lower case (a substring search) where that is exact, else a `regex` search."""

    lowered: tuple[str, ...] | None  # None: the strings are not all ASCII, or case folds in full
    search: Any  # a compiled `regex` pattern: the strings, the longest first, case ignored

    @classmethod
    def of(cls, texts: tuple[str, ...], full_case: bool) -> _Probe:
        flags = regex.IGNORECASE | (regex.FULLCASE if full_case else 0)
        alternation = "|".join(regex.escape(t) for t in sorted(texts, key=len, reverse=True))
        exact = not full_case and all(t.isascii() for t in texts)
        lowered = tuple(t.lower() for t in texts) if exact else None
        return cls(lowered, regex.compile(alternation, flags).search)

    def finds(self, text: str, lowered: str | None) -> bool:
        """Whether `text` holds one of the strings; `lowered` is its lower case, or None where a
        character of `_CASED_AS_ASCII` makes that inexact."""
        if self.lowered is not None and lowered is not None:
            return any(t in lowered for t in self.lowered)
        return self.search(text) is not None


class PrefilteredPatternRecognizer(PatternRecognizer):
    """A `PatternRecognizer` that runs only the patterns each of whose required sets of strings
    (`required_texts`) has one in the text."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A probe per required set, case ignored: a literal matches, in a pattern that ignores
        # case, what the probe finds.
        flags = self.global_regex_flags or 0
        full_case = bool(flags & regex.FULLCASE)
        self._probes: list[tuple[Pattern, tuple[_Probe, ...]]] = [
            (p, tuple(_Probe.of(texts, full_case) for texts in required_texts(p.regex, flags)))
            for p in self.patterns
        ]

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        lowered = None if _CASED_AS_ASCII.search(text) else text.lower()
        kept = [p for p, probes in self._probes if all(probe.finds(text, lowered) for probe in probes)]
        if len(kept) == len(self.patterns):
            return super().analyze(text, entities, nlp_artifacts, regex_flags)
        if not kept:
            return []
        # The same recognizer (name, id, flags) with the patterns that may match, in their order.
        subset = copy.copy(self)
        subset.patterns = kept
        return PatternRecognizer.analyze(subset, text, entities, nlp_artifacts, regex_flags)


# A run of characters other than white space that holds a dot before a letter: every match of
# Presidio's URL patterns is inside one ("www.x.com", '"http://x.org/a"'; a host's last dot opens
# its top-level domain, which starts with a letter).
_DOTTED_RUN = regex.compile(r"\S*\.[^\W\d_]\S*")


class DottedRunUrlRecognizer(UrlRecognizer):
    """Presidio's `UrlRecognizer`, its patterns run on each run of the text that may hold a web
    address (`_DOTTED_RUN`) instead of over the whole text. Its patterns match no white space and
    look at nothing around a match (no lookaround, anchor or word boundary), so the matches in a
    run are those the whole text has there; the results, deduplicated and ordered as Presidio
    does, are the same, under the same name. Tried at every word of a chunk, the patterns (a long
    list of top-level domains after a greedy run of letters) were the costliest recognizer."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("name", UrlRecognizer.__name__)
        super().__init__(*args, **kwargs)

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        found = []
        for run in _DOTTED_RUN.finditer(text):
            for result in super().analyze(run.group(), entities, nlp_artifacts, regex_flags):
                result.start += run.start()
                result.end += run.start()
                found.append(result)
        return EntityRecognizer.remove_duplicates(found)
