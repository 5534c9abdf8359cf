"""Stamps that are a wall clock: a logging recorder prints the time of day before each line of
radio traffic ("21:52:20 DISPATCH: ..."), a dispatch system (CAD) before each entry of its log
("21:47:03  DISP    2A14 ASSIGNED"), in the same form as a recording's elapsed stamps ("00:04:18
DISPATCHER: ..."), which are layout (`recording_stamps`) and which no clock pattern reads.

An elapsed stamp counts up from zero, so the stamps opening lines are a wall clock when the first
of them already stands hours into the day (`wall_clock_from_hours` in dates_numbers.toml) and the
header above it dates the document ("Date: 03/14/2026") and gives no recording's length ("Duration:
01:12:40", which an excerpt's late elapsed stamps come with): a recording is rarely that long, and an
excerpt from deep in one, which starts late too, is headed by its position rather than its day.
In such a document every clock reading with seconds is a time of day ("[14:06:31]", "21:47:03")."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span

WALL_CLOCK_DETECTOR = "context"
WALL_CLOCK_SCORE = 0.85

# A clock reading with hours and seconds: "21:52:20", "09:03:41".
_CLOCK = re.compile(r"(?<![\w:/.])([01]?\d|2[0-3]):[0-5]\d:[0-5]\d(?![\w:/]|[.,]\d)")
# The same opening a line, bare or in brackets: "21:52:20 2A14:", "[14:06:31] DISP:".
_LINE_STAMP = re.compile(r"^[ \t]*[\[(]?(" + _CLOCK.pattern + r")", re.MULTILINE)


@functools.cache
def _evidence() -> tuple[re.Pattern[str], int, re.Pattern[str]]:
    table = load_table("dates_numbers.toml")["recording_stamps"]
    labels = "|".join(re.escape(w).replace(r"\ ", "[ ]") for w in table["length_labels"])
    length_field = re.compile(rf"(?i:\b(?:{labels}))[ ]?:[ \t]*\d{{1,2}}(?::\d\d){{1,2}}")
    return re.compile(table["header_date"]), int(table["wall_clock_from_hours"]), length_field


def is_wall_clock(text: str) -> bool:
    """Whether the stamps opening `text`'s lines are the wall clock of a dated document (module
    docstring)."""
    first = _LINE_STAMP.search(text)
    if first is None:
        return False
    header_date, from_hours, length_field = _evidence()
    header = text[: text.rfind("\n", 0, first.start()) + 1]
    # A header that gives the recording's length ("Duration: 01:12:40") heads stamps that count
    # from the recording's start, however late they run in an excerpt of a long hearing.
    return (
        int(first.group(2)) >= from_hours
        and header_date.search(header) is not None
        and length_field.search(header) is None
    )


def with_wall_clock_times(spans: Sequence[Span], text: str) -> list[Span]:
    """`spans` with a TIME span on each clock reading with seconds of a wall-clock document
    (`is_wall_clock`), in place of any other span over it ("21:52:20 2A14" read as a date,
    "22:01:30  TRANS" as a body)."""
    if not is_wall_clock(text):
        return list(spans)
    clocks = [m.span() for m in _CLOCK.finditer(text)]
    kept = [s for s in spans if not any(s.start < b and a < s.end for a, b in clocks)]
    added = [Span(a, b, "TIME", (WALL_CLOCK_DETECTOR,), WALL_CLOCK_SCORE) for a, b in clocks]
    return sorted([*kept, *added], key=lambda s: (s.start, s.end))
