"""A line-numbered transcript saved as text and printed again in paragraphs (`pdf.py`): its
rows open with the text's own line numbers, a word space before the text ("24 Pacific Rim
shift ends at eleven."), counting 1, 2, 3 down each of the text's pages, and its page numbers
stand on rows of their own ("64" between "25 ... I think" and "1"). Each such row is one of
the text's lines, as the text file has it: a turn ends where the text file ends it (at its
page number, under "17 AM6371." in capitals), not where the PDF's rows happen to look full.

Only the rows' text here: which rows open the text's lines, and which are its page numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# A document counts as such a transcript where this many rows, and this share of them at
# least, count on from the row before.
MIN_COUNTING_ROWS = 20
MIN_COUNTING_SHARE = 0.5
# The text's line number before the row's text, or alone on an empty line of its page.
_LINE_NUMBER = re.compile(r"(\d{1,2})(?:\s|$)")


def text_line_rows(texts: Sequence[str]) -> tuple[frozenset[int], frozenset[int]]:
    """(the rows, by index, that open a numbered line of the text, those that are a page
    number of the text alone), or two empty sets where the rows do not count on so. A row
    opens a line where its number is the last line's plus one, or 1 after a page's lines (the
    first row with a number opens one whatever its number); a
    number alone that counts on from no line is the page's number where it stands between a
    page's lines and the next page's ("64" after line 25, before line 1) or after the last
    line; elsewhere it is a number the row above wrapped onto its own row ("apartment" / "12")."""
    opening: list[int] = []
    page_numbers: list[int] = []
    alone: list[int] = []  # numbers alone since the last line that opened
    last = 0
    for i, text in enumerate(texts):
        match = _LINE_NUMBER.match(text)
        if match is None:
            continue
        number = int(match.group(1))
        # (the first counts from where it stands: a body that starts under its cover on the page,
        # at "2 THE COURT: We're on the record")
        if number == last + 1 or (number == 1 and last > 1) or not opening:
            if number == 1:
                page_numbers.extend(alone)
            alone = []
            opening.append(i)
            last = number
        elif text.strip().isdigit():
            alone.append(i)
    page_numbers.extend(alone)
    if len(opening) < MIN_COUNTING_ROWS or len(opening) < MIN_COUNTING_SHARE * len(texts):
        return frozenset(), frozenset()
    return frozenset(opening), frozenset(page_numbers)
