"""The one conversion between document offsets and Qt text positions.

Spans, leak guard findings and every offset the core hands the window are
Python `str` offsets (code points) into `Document.text`. A QTextDocument counts
UTF-16 code units, and its plain-text import makes "\\r\\n" one paragraph
separator. So a character outside the BMP (an emoji, a mathematical bold letter
some PDFs emit, a CJK extension ideograph) is two Qt positions, and "\\r\\n" is
one. Every other code point, "\\r", "\\u2028", "\\u2029", U+FFFC and control
characters included, is one position of each. Without this conversion one emoji
before a name shifts everything after it: a name tagged with T is stored off by
one and its first letter is published.

Qt-free: built once per shown text from a table of the irregular characters,
then each conversion is a binary search.
"""

from __future__ import annotations

import bisect
import re

# A code point that is two UTF-16 units, or a "\r" that Qt merges with the "\n" after it.
_IRREGULAR = re.compile("[\U00010000-\U0010ffff]|\r(?=\n)")


class TextPositions:
    """Offsets of one text (`str` indices) <-> positions in a QTextDocument holding it."""

    def __init__(self, text: str) -> None:
        self.length = len(text)
        # For each irregular character: its offset, its Qt position and the
        # total (position - offset) shift once it is passed.
        self._offsets: list[int] = []
        self._positions: list[int] = []
        self._shifts: list[int] = []
        shift = 0
        for match in _IRREGULAR.finditer(text):
            offset = match.start()
            self._offsets.append(offset)
            self._positions.append(offset + shift)
            shift += -1 if text[offset] == "\r" else 1
            self._shifts.append(shift)
        self.qt_length = self.length + shift

    def to_qt(self, offset: int) -> int:
        """The Qt position of document `offset` (clamped to the text)."""
        offset = min(max(offset, 0), self.length)
        passed = bisect.bisect_left(self._offsets, offset)
        return offset + (self._shifts[passed - 1] if passed else 0)

    def to_document(self, position: int, round_up: bool = False) -> int:
        """The document offset of Qt `position` (clamped to the text).

        A position between the two units of one character (Qt never puts a
        cursor there, but a caller may ask) gives that character's start, or
        its end with `round_up`: a selection's end rounds up so that it holds
        the whole character."""
        position = min(max(position, 0), self.qt_length)
        passed = bisect.bisect_left(self._positions, position)
        if not passed:
            return position
        offset = position - self._shifts[passed - 1]
        inside = position == self._positions[passed - 1] + 1 and offset == self._offsets[passed - 1]
        return offset + 1 if inside and round_up else offset

    def to_document_range(self, start: int, end: int) -> tuple[int, int]:
        """A Qt selection as document offsets; a half character is taken whole."""
        return self.to_document(start), self.to_document(end, round_up=True)
