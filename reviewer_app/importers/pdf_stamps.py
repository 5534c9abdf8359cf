"""A recorder's elapsed stamps in the margin, before each turn and each transcriber's note
("00:08:39  DRIVER: For what? I guess." / "00:08:41  [Officer pats down the driver.]"), as a
body-worn camera's or an interview's transcript prints them.

In the text every stamp opens a line of its own (`turns.py`); on a page, a row that opens with
a time ends the turn over it only after a row that ended short, since speech may wrap onto a
time ("The time is" / "12:43 PM."). A row that opens with a stamp written as the turns' stamps
are written ("00:08:41", "[00:13:14]"), in a document whose turns open so, and a transcriber's
note in brackets after it (or nothing), starts a line whatever the row over it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from reviewer_app.importers.hearing import hearing_layout

# Turns opened by stamps of one shape, at least, before that shape is the document's.
MIN_STAMPED_TURNS = 3
_DIGIT = re.compile(r"\d")


def _stamp_shape(text: str) -> str | None:
    """The shape of the stamp `text` opens with ("99:99:99", "[99:99:99]"), or None."""
    if text[:1] not in "[(0123456789":
        return None
    stamp = hearing_layout().timestamp_prefix.match(text)
    return _DIGIT.sub("9", stamp.group().strip()) if stamp else None


def margin_stamp_rows(texts: Sequence[str]) -> frozenset[int]:
    """The indices of the rows of `texts` (a document's rows in reading order) that open with
    a stamp of the shape most of its stamped turns open with, where at least
    `MIN_STAMPED_TURNS` turns open so."""
    layout = hearing_layout()
    shapes: Counter[str] = Counter()
    for text in texts:
        shape = _stamp_shape(text)
        turn = layout.turn_of(text) if shape else None
        if turn is not None and turn.tag_start > 0:
            shapes[shape] += 1
    if not shapes:
        return frozenset()
    shape, count = shapes.most_common(1)[0]
    if count < MIN_STAMPED_TURNS:
        return frozenset()
    return frozenset(i for i, text in enumerate(texts) if _stamp_shape(text) == shape and _note_after(text))


def _note_after(text: str) -> bool:
    """Whether the stamp `text` opens with stands before a transcriber's note in brackets or
    alone: speech wraps onto a time too ("Engine 75 on scene at" / "18:47."), also where the
    turns' stamps are written as it is."""
    rest = text[hearing_layout().timestamp_prefix.match(text).end() :]
    return not rest or rest[:1] in "[("
