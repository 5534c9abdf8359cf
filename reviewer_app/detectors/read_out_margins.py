"""The margin numbers of a line-numbered page, which `detectors/read_out.py` reads past: layout,
no character of a code ("18  H two three four one seven." is H23417 said on line 18)."""

from __future__ import annotations

import re

# A page's margin number at the start of a line.
_MARGIN_NUMBER = re.compile(r"^[ \t]*(\d{1,2})(?=[ \t]{2,}|[ \t]*$)", re.MULTILINE)


def margin_numbers(text: str) -> set[int]:
    """Where the margin numbers of a line-numbered page are: a number at a line's start that
    counts on from the line before or on to the line after."""
    numbers = {}
    for m in _MARGIN_NUMBER.finditer(text):
        numbers[text.count("\n", 0, m.start())] = (m.start(1), int(m.group(1)))
    return {
        start
        for line, (start, n) in numbers.items()
        if numbers.get(line - 1, (0, -9))[1] == n - 1 or numbers.get(line + 1, (0, -9))[1] == n + 1
    }
