"""Moving through spans and resizing them by a word: plain functions over offsets.

Qt-free (tested without a window); they live here because only the window
steps through pending spans and resizes by keyboard.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reviewer_app.core.find import split_covered
from reviewer_app.core.spans import Span, Status


def describe_scores(row: ShownSpan) -> str:
    """ "presidio 0.85, spacy 0.70", or the merged score when per-detector scores are unknown."""
    scores = getattr(row, "scores", ())
    if scores:
        return ", ".join(f"{name} {score:.2f}" for name, score in scores)
    return f"{', '.join(row.span.detectors) or 'manual'} {row.span.score:.2f}"


class ShownSpan(Protocol):
    """What the window needs of a span under review (the store's rows have it)."""

    @property
    def id(self) -> int: ...
    @property
    def span(self) -> Span: ...
    @property
    def status(self) -> Status: ...


OPEN = (Status.PENDING, Status.STALE)


# Unicode assigns combining marks in planes 0, 1 and 14 only; scanning just
# these takes a sixth of the time of all 1.1 million code points.
_MARK_PLANES = (range(0x20000), range(0xE0000, 0xF0000))


@functools.cache
def _word_pattern() -> re.Pattern[str]:
    """A word for resizing: letters/digits with inner apostrophes, hyphens, dots or
    slashes (O'Brien, R-I-C-H, 05/13/2012, 9:01) - what a reviewer sees as one word.

    Combining marks belong to their letter (a decomposed "María" is one word, not
    "Mari" and "a"); `\\w` lacks them, so they are listed from Unicode's data once."""
    marks = [
        code for plane in _MARK_PLANES for code in plane if unicodedata.category(chr(code)).startswith("M")
    ]
    ranges = []
    for code in marks:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    mark_class = "".join(re.escape(chr(a)) + (f"-{re.escape(chr(b))}" if b > a else "") for a, b in ranges)
    char = f"[\\w'’{mark_class}]"
    return re.compile(f"{char}+(?:[-./:]{char}+)*")


def next_pending(
    rows: Sequence[ShownSpan], offset: int, current_id: int | None, forward: bool = True
) -> ShownSpan | None:
    """The first open span (pending, or stale: found by an earlier detection run
    only) after (or before) `offset`, wrapping around the document.

    `rows` must be sorted by start; the current span itself is skipped.
    """
    pending = [r for r in rows if r.status in OPEN and r.id != current_id]
    if not pending:
        return None
    starts = [r.span.start for r in pending]
    if forward:
        i = bisect.bisect_right(starts, offset)
        return pending[i % len(pending)]
    i = bisect.bisect_left(starts, offset) - 1
    return pending[i]  # -1 wraps to the last


def _words(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    return [(m.start() + lo, m.end() + lo) for m in _word_pattern().finditer(text[lo:hi])]


def widen_start(text: str, start: int, end: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, start) + 1
    words = _words(text, line_start, start)
    return (words[-1][0], end) if words else (start, end)


def widen_end(text: str, start: int, end: int) -> tuple[int, int]:
    line_end = text.find("\n", end)
    words = _words(text, end, len(text) if line_end < 0 else line_end)
    return (start, words[0][1]) if words else (start, end)


def narrow_start(text: str, start: int, end: int) -> tuple[int, int]:
    words = _words(text, start, end)
    return (words[1][0], end) if len(words) > 1 else (start, end)


def narrow_end(text: str, start: int, end: int) -> tuple[int, int]:
    words = _words(text, start, end)
    return (start, words[-2][1]) if len(words) > 1 else (start, end)


def trim_selection(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A selection without surrounding spaces and punctuation (the guidelines' rule)."""
    words = _words(text, start, end)
    if not words:
        return None
    return words[0][0], words[-1][1]


@dataclass(frozen=True)
class TagPlan:
    """What "Tag all matches" will do, told to the reviewer before it is done."""

    label: str
    spans: tuple[tuple[int, int], ...]  # to add, trimmed as T trims a selection
    covered: int  # skipped: a span other than a rejected one is there already
    blank: int  # skipped: no letter or digit to tag
    inside_words: int = 0  # of `spans`, those that are part of a longer word ("Ann" in "Annual")


def plan_tagging(
    text: str, matches: Sequence[tuple[int, int]], rows: Sequence[ShownSpan], label: str
) -> TagPlan:
    """Which find matches "Tag all" adds as `label` spans.

    Each match is trimmed as T trims a selection. A match that overlaps a span
    that is pending, accepted or stale is skipped: that text is tagged already
    or awaits a decision, and a second span over it would make two overlapping
    spans, which the export refuses (`pseudonymize.check_non_overlapping`); a
    reviewer widens the existing span instead. A rejected span does not count:
    the reviewer rejected that span's label or boundaries, and tagging the
    match now is the newer, explicit decision (nothing masks the text otherwise).
    """
    trimmed = [trim_selection(text, start, end) for start, end in matches]
    words = [t for t in trimmed if t is not None]
    covering = [(r.span.start, r.span.end) for r in rows if r.status is not Status.REJECTED]
    free, taken = split_covered(words, covering)
    inside = sum(_joins_word(text, start, end) for start, end in free)
    return TagPlan(label, tuple(free), len(taken), len(trimmed) - len(words), inside)


def _joins_word(text: str, start: int, end: int) -> bool:
    """Whether a letter or digit touches `text[start:end]` at either end."""
    return (start > 0 and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum())
