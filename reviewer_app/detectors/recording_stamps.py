"""A recording's own clock: where in the recording something was said, and how long it runs.

Caption services, meeting exports and call records print where each turn starts in the recording
("Speaker 1  0:14", "[01:28] CALLER:", "Ana (00:03):") and how long the recording runs
("Duration: 14:58"). Neither is a time of day: they are layout, and NER and the clock patterns
read them as times. The places where a document's own clock stands:

- a turn's stamp, before its tag or after it (the importer found the turns:
  `Document.turn_prefixes`, `Document.tag_suffixes`), and a stamp alone on its line;
- a heading in the layout of the turns' own: where the turns' stamps end their tag's line after
  a gap ("Okafor, Renee (BPH)   0:03"), a line that ends the same way heads a turn too, one whose
  tag the importer could not read ("Hale, Timothy@BPH   0:31"); a field's line ("Time:   10:47")
  has a colon before the gap and stays;
- the recording's length, after a field that names it or before "elapsed" ("Duration: 14:58",
  "Running time: 7:48", "System cutoff, 14:58 elapsed": `recording_stamps` in dates_numbers.toml);
- a position in the recording written in the turns' own form of hours of two digits with seconds,
  no later than the last turn's stamp ("Portions ordered: 00:00:00 - 00:07:40",
  "[crosstalk 01:06:24]"); a camera's clock past the recording's end stays a time
  ("Start (camera clock): 15:11:52" beside elapsed stamps up to 00:20:04);
- every stamp opening a line where the first of them stands in the recording's first hour.

A dated transcript whose line stamps start hours into the day has none of these: its stamps are a
logging recorder's wall clock (`wall_clock_stamps`).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Sequence

from reviewer_app.core.document import Document
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span
from reviewer_app.detectors.wall_clock_stamps import is_wall_clock

# A clock reading alone: "01:28", "00:04:18", "14:02:11.5".
STAMP = re.compile(r"\d{1,2}(?::\d{2}){1,2}(?:[.,]\d+)?")

# A recording's stamp alone on its line, as caption services and transcript exports print
# the elapsed time above what was said ("0:07", "[01:02:33]"), or before a transcriber's
# note of what was heard ("00:45  (Tone. Conference line opens.)", "01:10  (inaudible)").
_STAMP_LINE = re.compile(r"^[ \t]*[\[(]?(" + STAMP.pattern + r")[\])]?(?:[ \t]*$|[ \t]+(?=\())", re.MULTILINE)

# A stamp that ends its line after a gap of blanks: "Okafor, Renee (BPH)   0:03".
_STAMP_AFTER_GAP = re.compile(r"(?:[ ]{2,}|\t)[ \t]*(" + STAMP.pattern + r")[ \t]*$", re.MULTILINE)

# A heading line in that layout: words without a colon, a gap, the stamp at the line's end.
_HEADING = re.compile(
    r"^[ \t]*[^\s:][^:\n]*?(?:[ ]{2,}|\t)[ \t]*(" + STAMP.pattern + r")[ \t]*$", re.MULTILINE
)

# A position in the recording with hours of two digits and seconds: "01:04:10".
_LONG_STAMP = re.compile(r"(?<![\w:.])(\d\d):([0-5]\d):([0-5]\d)(?![\w:])")

# The same opening a line: "00:00:04  JUDGE MARSH:", "[05:12:31] Recess ends."
_LINE_LONG_STAMP = re.compile(r"^[ \t]*[\[(]?(" + _LONG_STAMP.pattern + r")", re.MULTILINE)


@functools.cache
def _length_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    table = load_table("dates_numbers.toml")["recording_stamps"]
    labels = "|".join(re.escape(w).replace(r"\ ", "[ ]") for w in table["length_labels"])
    after = "|".join(re.escape(w) for w in table["length_after"])
    before_label = re.compile(
        r"\b(?:" + labels + r")[ ]?:[ \t]*(" + STAMP.pattern + r")(?![\w:])", re.IGNORECASE
    )
    before_word = re.compile(r"(?<![\w:.])(" + STAMP.pattern + r")[ ]+(?:" + after + r")\b", re.IGNORECASE)
    return before_label, before_word


def _seconds(hours: str, minutes: str, seconds: str) -> int:
    return int(hours) * 3600 + int(minutes) * 60 + int(seconds)


def stamp_places(document: Document) -> list[tuple[int, int]]:
    """Where `document`'s own clock stands (module docstring): ranges of text, sorted."""
    text = document.text
    lengths = [m.span(1) for pattern in _length_words() for m in pattern.finditer(text)]
    if is_wall_clock(text):
        return sorted(lengths)
    turns = document.turn_prefixes() + document.tag_suffixes()
    places = list(turns) + lengths
    places += [m.span(1) for m in _STAMP_LINE.finditer(text)]
    in_turns = [text[a:b] for a, b in turns]
    if any(_STAMP_AFTER_GAP.search(piece) for piece in in_turns):
        places += [m.span(1) for m in _HEADING.finditer(text)]
    last = max(
        (_seconds(*m.groups()) for piece in in_turns for m in _LONG_STAMP.finditer(piece)),
        default=None,
    )
    if last is not None:
        places += [m.span() for m in _LONG_STAMP.finditer(text) if _seconds(*m.groups()) <= last]
    # Line stamps that start in the recording's first hour count from zero however long it runs
    # ("00:00:04  JUDGE MARSH:" ... "05:12:31  Recess ends."): none of them is a log's wall clock.
    line_stamps = list(_LINE_LONG_STAMP.finditer(text))
    if line_stamps and line_stamps[0].group(2) == "00":
        places += [m.span(1) for m in line_stamps]
    return sorted(places)


def without_recording_stamps(spans: Sequence[Span], document: Document) -> list[Span]:
    """`spans` without those that are a stamp of the recording's own clock (`stamp_places`).
    A date in a turn's prefix stays (a chat log's day can identify)."""
    places = stamp_places(document)
    if not places:
        return list(spans)
    starts = [a for a, _ in places]
    # The furthest end of the places starting at or before each one: places may overlap.
    reach = list(itertools.accumulate((b for _, b in places), max))

    def is_stamp(span: Span) -> bool:
        i = bisect.bisect_right(starts, span.start) - 1
        inside = i >= 0 and span.end <= reach[i]
        return inside and STAMP.fullmatch(document.text[span.start : span.end]) is not None

    return [s for s in spans if not is_stamp(s)]
