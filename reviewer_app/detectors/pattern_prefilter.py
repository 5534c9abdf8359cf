"""Pattern recognizers that skip a pattern on a text that lacks a word the pattern needs, and
Presidio's URL recognizer run only where a web address may be (`DottedRunUrlRecognizer`).

Presidio runs every pattern of every recognizer over each chunk, and a pattern that
opens with a class of words ("a word, then up to six more, then 'at' ... 'dot' ...") is
tried at every word of it. Most such patterns name literal words every match holds
("dot", "slash", "Prison"): where a chunk holds none of one of them (case ignored), the
pattern cannot match there and is not run. The results are those of the pattern run
over the text, only sooner.

The literals are read from the pattern's parse by the standard library's parser, on
patterns it reads the same as the `regex` module Presidio matches with (a pattern it
cannot parse, or one with syntax the two read differently, is always run).
"""

from __future__ import annotations

import copy
import re
import warnings
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


def required_literals(pattern: str, flags: int = 0) -> tuple[str, ...]:
    """Strings every match of `pattern` contains (as written; with IGNORECASE in any case):
    the runs of literal characters outside alternatives, optional parts and lookarounds.
    () when there are none, or the pattern is not one the standard parser reads alike."""
    if _OTHERWISE_READ.search(pattern) or flags & regex.VERSION1:
        return ()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # "possible nested set": read otherwise, maybe
            parsed = sre_parse.parse(pattern, flags & _STANDARD_FLAGS)
    except (re.error, ValueError, TypeError, OverflowError, RecursionError, Warning):
        return ()
    found: list[str] = []
    _collect(parsed, found)
    return tuple(dict.fromkeys(found))


def _collect(sequence: Any, found: list[str]) -> None:
    run: list[str] = []
    for op, value in sequence:
        if op is sre_constants.LITERAL:
            run.append(chr(value))
            continue
        if run:
            found.append("".join(run))
            run = []
        if op is sre_constants.SUBPATTERN:
            _collect(value[-1], found)  # a group is matched whole
        elif op in _REPEATS and value[0] >= 1:
            _collect(value[2], found)  # repeated at least once
        elif op is sre_constants.ATOMIC_GROUP:
            _collect(value, found)
    if run:
        found.append("".join(run))


class PrefilteredPatternRecognizer(PatternRecognizer):
    """A `PatternRecognizer` that runs only the patterns whose required literals
    (`required_literals`) are all in the text."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Probes in the `regex` module, case ignored: a literal matches, in a pattern that
        # ignores case, what the probe finds.
        probe_flags = regex.IGNORECASE | ((self.global_regex_flags or 0) & regex.FULLCASE)
        self._probes: list[tuple[Pattern, tuple[Any, ...]]] = [
            (
                p,
                tuple(
                    regex.compile(regex.escape(literal), probe_flags)
                    for literal in required_literals(p.regex, self.global_regex_flags or 0)
                ),
            )
            for p in self.patterns
        ]

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: Any = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        kept = [p for p, probes in self._probes if all(probe.search(text) for probe in probes)]
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
