"""Caption files printed as text (SubRip, WebVTT): each cue's number on a row of its own over
its timing row ("12" / "00:00:45,000 --> 00:00:48,500").

In the text a blank line stands over every cue's number, so the number opens a line of its
own; a page prints no blank row at its top, and the number would be read as the last word
of the cue before it. A row that is only a number over a cue's timing row starts a line
(`pdf.py`, on numbered rows and in paragraphs alike).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from reviewer_app.importers.hearing import hearing_layout

# A cue's number: a few digits (SubRip counts cues from 1).
MAX_CUE_DIGITS = 6


def cue_numbers(texts: Sequence[str]) -> frozenset[int]:
    """The indices of the rows of `texts` (a document's rows in reading order, "" for a blank
    row) that are a caption cue's number: digits alone, the next row a cue's timing."""
    timing = hearing_layout().cue_timing
    return frozenset(
        i
        for i, (text, below) in enumerate(itertools.pairwise(texts))
        if text.isdigit() and len(text) <= MAX_CUE_DIGITS and timing.match(below)
    )


def cue_rows(texts: Sequence[str]) -> frozenset[int]:
    """The indices of the rows of `texts` that are a cue's timing or its number: caption text,
    never a page's running header, however alike the pages' first rows are ("12" /
    "00:00:45,000 --> 00:00:48,500" at the top of one page, "19" / "00:01:13,000 --> ..." at
    the top of the next)."""
    timing = hearing_layout().cue_timing
    numbers = cue_numbers(texts)
    return numbers | {i for i, text in enumerate(texts) if timing.match(text)}
