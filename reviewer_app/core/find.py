"""Find in a transcript: every match of a query, as `Document.text` offsets.

Qt-free; the window's find bar calls it and converts the offsets for display
(`ui/text_positions.py`). Plain text or a regular expression (Python `re`
syntax, run by the `regex` package, whose searches can time out), with
case-sensitive and whole-word options, as an editor's find does. `^` and `$`
match at each line, so "^INMATE" finds every line an inmate speaks.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import regex as regex_engine

# A search runs on the window's thread as the reviewer types: an expression that
# backtracks without end ("(a+)+$") is stopped and told instead of freezing the window.
SEARCH_SECONDS = 1.0


class InvalidQuery(ValueError):
    """A regular expression that does not compile; the message says why in plain words."""


@dataclass(frozen=True)
class FindQuery:
    text: str
    regex: bool = False
    case_sensitive: bool = False
    whole_word: bool = False

    def pattern(self) -> regex_engine.Pattern[str]:
        """The compiled query; `InvalidQuery` for a regular expression that does not compile."""
        flags = regex_engine.MULTILINE | (0 if self.case_sensitive else regex_engine.IGNORECASE)
        body = self.text if self.regex else regex_engine.escape(self.text)
        # The reviewer's own expression first, so an error's position is in what they typed.
        pattern = _compile(body, flags, with_position=True)
        if self.whole_word:
            # Not inside a longer word at either end: "Ray" finds neither "Raymond"
            # nor "Murray". Lookarounds (not \b) so a query that starts or ends
            # with punctuation ("Mr.") still matches.
            pattern = _compile(rf"(?<!\w)(?:{body})(?!\w)", flags, with_position=False)
        return pattern


def _compile(body: str, flags: int, with_position: bool) -> regex_engine.Pattern[str]:
    # Python's own `re` checks the expression first: its messages point at the
    # cause ("unterminated subpattern at character 1"), where `regex` points at the end.
    try:
        re.compile(body, flags)
        return regex_engine.compile(body, flags)
    except (re.error, regex_engine.error) as exc:
        position = getattr(exc, "pos", None)
        where = f" at character {position + 1}" if with_position and position is not None else ""
        message = getattr(exc, "msg", str(exc))
        raise InvalidQuery(f"Not a valid regular expression: {message}{where}") from None
    except (OverflowError, RecursionError) as exc:
        raise InvalidQuery(f"Not a valid regular expression ({type(exc).__name__})") from None


def find_all(
    text: str, query: str, *, regex: bool = False, case_sensitive: bool = False, whole_word: bool = False
) -> list[tuple[int, int]]:
    """Every match of `query` in `text` as (start, end) Python `str` offsets, in
    text order and not overlapping. Empty matches (a regex such as "x*" or "^")
    are left out: there is nothing to highlight or tag. An empty query finds
    nothing. Raises `InvalidQuery` for a regular expression that does not compile."""
    if not query:
        return []
    pattern = FindQuery(query, regex, case_sensitive, whole_word).pattern()
    found = pattern.finditer(text, timeout=SEARCH_SECONDS)
    try:
        return [m.span() for m in found if m.end() > m.start()]
    except TimeoutError:
        raise InvalidQuery(
            f"The expression took longer than {SEARCH_SECONDS:g} s on this transcript; make it more specific"
        ) from None


def match_at_or_after(matches: Sequence[tuple[int, int]], offset: int) -> int | None:
    """Index of the first match that starts at or after `offset`, wrapping to the
    first match; None when there is none."""
    if not matches:
        return None
    index = bisect.bisect_left(matches, (offset, -1))
    return index if index < len(matches) else 0


def split_covered(
    matches: Iterable[tuple[int, int]], covered: Iterable[tuple[int, int]]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(free, covered) matches: a match that overlaps any of the `covered` ranges
    (even by one character) is covered, the others are free. Both lists keep
    the order of `matches`."""
    ranges = sorted(covered)
    starts = [start for start, _ in ranges]
    # The longest range bounds how far back an overlapping range can start.
    longest = max((end - start for start, end in ranges), default=0)
    free: list[tuple[int, int]] = []
    taken: list[tuple[int, int]] = []
    for start, end in matches:
        lo = bisect.bisect_left(starts, start - longest)
        hi = bisect.bisect_left(starts, end)
        overlaps = any(r_end > start for _, r_end in ranges[lo:hi])
        (taken if overlaps else free).append((start, end))
    return free, taken
