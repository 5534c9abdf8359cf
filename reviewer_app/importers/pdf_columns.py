"""The reading order of a PDF page printed in two columns (issue 12).

Court reporters sell condensed transcripts, four pages to a sheet in two columns (the
first page over the second on the left, the third over the fourth on the right), and
print transcripts two pages side by side on a landscape sheet; other documents flow
their text in two columns. Read line by line across the sheet, each printed line
would join a row of the left column to the row of the right column beside it.

`find_gutter` finds the gutter, a band in the middle of the page that no word of
the columns crosses (only a few lines across the whole width may: a running header,
the sheet's footer, a title), with rows of text on both sides, or with rows of text
on one and a page's margin numbers counting 1, 2, 3, ... on both (a short transcript's
only sheet, whose last page holds a row or two), or with a column of text on its left and
rows flush on one edge level with that column's top on its right (a short document's only
page, whose text flows into the right column for a row or two); `column_regions`
returns the page's words as regions in reading order: lines across the width where
they stand, each block of columns as its left column, then its right column. The
right column's words are moved left onto the left column's edge, so that
indentation, centring and the right margin measure alike in both columns. A page
with no gutter of its own (a last sheet of a few short rows) takes the one most pages
of the document show (`gutters_by_support`); a page with none is one region. A token
of the left column too long for its row (a rule of underscores) that runs across the
gutter stays the left column's.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reviewer_app.importers.pdf_pages import Word

# The gutter lies in this middle share of the page's width, ...
GUTTER_BAND = (0.3, 0.7)
# ... is at least this many points wide (wider than a space between words), ...
GUTTER_MIN = 6.0
# ... and is crossed by at most this many lines, and this share of them, ...
CROSSING_MAX = 3
CROSSING_SHARE = 0.15
# ... with this many rows or more of this many words on each side: rows of text, not a
# hanging indent's speaker tags beside their speech or an index's page numbers.
MIN_COLUMN_LINES = 5
MIN_COLUMN_WORDS = 5
# A line whose words stand closer than this on either side of the gutter runs across
# it (a centred footer, a word space of which the gutter may fall in).
GUTTER_STRADDLE = 12.0
# Rows of the left side over the right column's first row: a running header and a title.
MAX_ROWS_ABOVE_COLUMNS = 2
# A row of the right column starts within this many points right of the band few lines cross.
COLUMN_EDGE = 2.0
# A left row run into the gutter stands further than this many of its word spaces from the right
# column's row level with it.
BESIDE_SPACES = 1.5
# A word that starts left of the gutter and is wider than this share of the distance from
# the page's edge to the gutter is a token too long for its column's row (a rule of
# underscores, a long address) that runs out of it: it belongs to the left column.
OVERFLOW_SHARE = 0.5


@dataclasses.dataclass(frozen=True)
class Gutter:
    """The band between two columns: `low`-`high`, where few lines cross, and within it
    `start`-`end`, where fewest do."""

    low: float
    high: float
    start: float
    end: float

    def overlaps(self, other: Gutter) -> bool:
        return self.low <= other.high and other.low <= self.high


@dataclasses.dataclass(frozen=True)
class Region:
    words: tuple[Word, ...]
    column: int  # 0: across the width (or the whole page), 1: a left column, 2: a right column


def baseline_groups(words: Sequence[Word], tolerance: float) -> list[list[Word]]:
    """Words grouped into printed lines: bottoms within `tolerance` points of the
    line's first word (bottoms, not tops: margin numbers are often smaller type on
    the same baseline), top to bottom."""
    groups: list[list[Word]] = []
    for word in sorted(words, key=lambda w: (w.bottom, w.x0)):
        if groups and word.bottom - groups[-1][0].bottom <= tolerance:
            groups[-1].append(word)
        else:
            groups.append([word])
    return groups


def find_gutter(words: Sequence[Word], page_width: float, tolerance: float) -> Gutter | None:
    """The page's gutter: the band nearest the middle of the page that at most a few
    lines cross, with rows of text on both sides of it; None on a page in one column."""
    groups = baseline_groups(words, tolerance)
    if len(groups) < 2 * MIN_COLUMN_LINES:
        return None
    for gutter in _gutters(words, page_width, len(groups)):
        beside = [group for group in groups if not _crosses(group, gutter)]
        sides = (
            [[w for w in group if w.x1 <= gutter.start] for group in beside],
            [[w for w in group if w.x0 >= gutter.end] for group in beside],
        )
        text = [sum(len(row) >= MIN_COLUMN_WORDS for row in side) >= MIN_COLUMN_LINES for side in sides]
        # A page's margin counting 1, 2, 3, ... on both sides: pages side by side, one of
        # which may hold a row or two (a short transcript's last page on its only sheet).
        pages = all(_margin_counts(side) for side in sides)
        if all(text) or (any(text) and pages):
            return gutter
        edge = _column_start(*sides, page_width * GUTTER_BAND[1]) if text[0] else None
        if edge is not None:
            # The band ends where the column starts: its rows, few as they are, cross none of it.
            return dataclasses.replace(gutter, high=min(gutter.high, edge - 1))
    return None


def _column_start(
    left: Sequence[Sequence[Word]], right: Sequence[Sequence[Word]], limit: float
) -> float | None:
    """Where the rows right of a gap start a column beside the column of text on its
    left, however few they are (a page whose text flows on into the right column for a row
    or two: a short document's only page): their first words flush on one edge, the first
    of them level with the left column's first row (under a running header or a title:
    `MAX_ROWS_ABOVE_COLUMNS`), their edge left of `limit` (an index's page numbers stand
    at the right of the page, a number a row). The column's left edge, or None."""
    left_rows = [row for row in left if row]
    rows = [sorted(row, key=lambda w: w.x0) for row in right if row]
    if not rows or not left_rows or not any(len(row) > 1 for row in rows):
        return None
    edge = min(row[0].x0 for row in rows)
    flush = sum(row[0].x0 - edge <= 1.0 for row in rows)
    first_right = rows[0][0].bottom
    above = sum(row[0].bottom < first_right - (rows[0][0].bottom - rows[0][0].top) / 2 for row in left_rows)
    return edge if edge <= limit and flush * 5 >= len(rows) * 4 and above <= MAX_ROWS_ABOVE_COLUMNS else None


def _margin_counts(rows: Sequence[Sequence[Word]]) -> bool:
    """Whether the rows' first words count 1, 2, 3, ... for `MIN_COLUMN_LINES` rows or more
    left of all the column's other words, as a page's margin numbers do (an index's page
    numbers stand right of its rows)."""
    text_left = min((w.x0 for row in rows for w in row if not w.text.isdigit()), default=float("inf"))
    numbers = [
        int(first.text)
        for row in rows
        if row and (first := min(row, key=lambda w: w.x0)).text.isdigit() and first.x1 < text_left
    ]
    if 1 not in numbers:
        return False
    counted = numbers[numbers.index(1) :]
    run = next((k for k, n in enumerate(counted) if n != k + 1), len(counted))
    return run >= MIN_COLUMN_LINES


def gutters_by_support(found: Sequence[Gutter], page_width: float) -> list[Gutter]:
    """The gutters `found` on the pages of a document, those that most pages' gutters
    overlap first, then the nearest the middle of the page: a page whose own gap is of
    another kind (a cover's caption beside a page's margin numbers) reads in the
    columns the other pages show."""

    def support(gutter: Gutter) -> int:
        return sum(gutter.overlaps(other) for other in found)

    return sorted(set(found), key=lambda g: (-support(g), abs(g.start + g.end - page_width)))


def column_regions(words: Sequence[Word], tolerance: float, gutters: Sequence[Gutter]) -> list[Region]:
    """The page's words as regions in reading order (see the module's docstring), in
    the columns the first of `gutters` parts (found on this page or on others of the
    document: a page of a few short rows shows none of its own) that has words on both
    sides and that at most a few lines cross; else one region."""
    if not gutters:
        return [Region(tuple(words), 0)]
    groups = baseline_groups(words, tolerance)
    for gutter in gutters:
        crossing = [_crosses(group, gutter) for group in groups]
        beside = [w for group, across in zip(groups, crossing, strict=True) if not across for w in group]
        if sum(crossing) <= min(CROSSING_MAX, CROSSING_SHARE * len(groups)) and (
            any(w.x1 <= gutter.start for w in beside) and any(w.x0 >= gutter.end for w in beside)
        ):
            return _in_reading_order(groups, crossing, gutter)
    return [Region(tuple(words), 0)]


def _overflows(word: Word, gutter: Gutter) -> bool:
    """Whether `word` is a token of the left column too long for its row (`OVERFLOW_SHARE`)."""
    return word.x0 < gutter.start and word.x1 - word.x0 > OVERFLOW_SHARE * gutter.start


def _runs_long(line: Sequence[Word], gutter: Gutter) -> bool:
    """Whether a printed line is a row of the left column run on into the gutter (a speaker's
    tag too long for the column that its program did not wrap, "DEPUTY COMMISSIONER
    NAKAGAWA-REESE:"): two words or more, every one starting left of the gutter, the first in
    the left half of the page's part left of it (a title centred across the page starts
    further right)."""
    return (
        len(line) > 1
        and all(w.x0 < gutter.start for w in line)
        and min(w.x0 for w in line) < gutter.start / 2
    )


def _crosses(line: Sequence[Word], gutter: Gutter) -> bool:
    """Whether a printed line runs across the gutter: a word of it where fewest lines
    cross, or all of it inside the band where few do (a page number centred under the
    columns), or words on both sides of it no further apart than words of a line; a
    token of the left column too long for its row, or a row of it run on into the gutter,
    does not count."""
    if _runs_long(line, gutter) or _long_row_beside(line, gutter):
        return False
    line = [w for w in line if not _overflows(w, gutter)]
    if not line:
        return False
    if any(w.x0 < gutter.end and w.x1 > gutter.start for w in line) or all(
        w.x0 >= gutter.low and w.x1 <= gutter.high for w in line
    ):
        return True
    left = max((w.x1 for w in line if w.x1 <= gutter.start), default=None)
    right = min((w.x0 for w in line if w.x0 >= gutter.end), default=None)
    return left is not None and right is not None and right - left < GUTTER_STRADDLE


def _long_row_beside(line: Sequence[Word], gutter: Gutter) -> bool:
    """Whether a printed line is a row of the left column run on into the gutter (`_runs_long`)
    level with a row of the right column that starts on the column's edge, where the band few
    lines cross ends ("25 DEPUTY COMMISSIONER FIGUEROA-HASKELL:" beside "25 PRESIDING
    COMMISSIONER STONE: Let's"), the two further apart than the left row's words are, or drawn
    over each other: a row of one column whose words happen to stand at the band's edges, or a
    centred line across the gutter, goes on at a word space."""
    left = sorted((w for w in line if w.x0 < gutter.start), key=lambda w: w.x0)
    right = [w for w in line if w.x0 >= gutter.end]
    if not right or len(left) + len(right) != len(line) or not _runs_long(left, gutter):
        return False
    gap = min(w.x0 for w in right) - max(w.x1 for w in left)
    spaces = sorted(b.x0 - a.x1 for a, b in itertools.pairwise(left))
    return (
        max(w.x1 for w in left) > gutter.low + COLUMN_EDGE
        and 0.0 <= min(w.x0 for w in right) - gutter.high <= COLUMN_EDGE
        and (gap < 0 or gap > BESIDE_SPACES * spaces[len(spaces) // 2])
    )


def _in_reading_order(groups: list[list[Word]], crossing: list[bool], gutter: Gutter) -> list[Region]:
    """The lines that cross the gutter where they stand; between them, the lines beside
    it as their left parts, then their right parts moved onto the left column's edge."""
    start, end = gutter.start, gutter.end
    columns = [w for group, across in zip(groups, crossing, strict=True) if not across for w in group]
    shift = min(w.x0 for w in columns if w.x0 >= end) - min(w.x0 for w in columns if w.x1 <= start)
    regions: list[Region] = []
    block: list[list[Word]] = []

    def close_block() -> None:
        # A line beside the gutter has its words on either side, a word running into it
        # the left column's (`_overflows`, `_runs_long`).
        left = [w for group in block for w in group if w.x0 < start]
        right = [
            dataclasses.replace(w, x0=w.x0 - shift, x1=w.x1 - shift)
            for group in block
            for w in group
            if w.x0 >= end
        ]
        regions.extend(Region(tuple(part), side) for side, part in ((1, left), (2, right)) if part)
        block.clear()

    for group, across in zip(groups, crossing, strict=True):
        if across:
            close_block()
            if regions and regions[-1].column == 0:
                regions[-1] = Region((*regions[-1].words, *group), 0)
            else:
                regions.append(Region(tuple(group), 0))
        else:
            block.append(group)
    close_block()
    return regions


def _gutters(words: Sequence[Word], page_width: float, lines: int) -> list[Gutter]:
    """Bands of whole points in the middle of the page that few enough lines cross, at
    least `GUTTER_MIN` wide, the nearest the page's middle first (a difference array
    over the page's width: linear in the words): the gap between a column's margin
    numbers and its text, or a caption's columns, are such bands too, off the middle."""
    width = int(page_width) + 2
    change = [0] * (width + 1)
    for word in words:
        # A word may stand partly or wholly off the page.
        first = min(width - 1, max(0, int(word.x0)))
        last = min(width - 1, max(first, int(word.x1)))
        change[first] += 1
        change[last + 1] -= 1
    covered, running = [], 0
    for delta in change[:width]:
        running += delta
        covered.append(running)
    allowed = min(CROSSING_MAX, CROSSING_SHARE * lines)
    low, high = int(page_width * GUTTER_BAND[0]), int(page_width * GUTTER_BAND[1])
    found = []
    x = low
    while x < high:
        if covered[x] > allowed:
            x += 1
            continue
        run = x
        while x < width and covered[x] <= allowed:
            x += 1
        if x - run >= GUTTER_MIN:
            # Where fewest cross within the middle band: a band that runs on to the page's edge
            # past a right column of a few rows is clear beyond them too.
            start, end = _clearest(covered, run, min(x, high), page_width / 2)
            # Its whole points lie between the words: its edges, one point in, bound it.
            found.append(Gutter(float(run), float(x - 1), float(start), float(end - 1)))
    return sorted(found, key=lambda g: abs(g.start + g.end - page_width))


def _clearest(covered: list[int], start: int, end: int, middle: float) -> tuple[int, int]:
    """Within [start, end), a stretch the fewest words cover: the band's other points are
    crossed by lines that do not reach across it (a cover's centred lines). Of such
    stretches as wide as a gutter, the nearest the page's `middle` (a page number centred
    under the columns parts the gutter in two; a right column of a few short rows leaves
    a clear stretch beside it too), else the widest."""
    fewest = min(covered[start:end])
    stretches = []
    x = start
    while x < end:
        if covered[x] != fewest:
            x += 1
            continue
        run = x
        while x < end and covered[x] == fewest:
            x += 1
        stretches.append((run, x))
    wide = [(a, b) for a, b in stretches if b - a >= GUTTER_MIN]
    if not wide:
        return max(stretches, key=lambda s: s[1] - s[0])
    return min(wide, key=lambda s: abs(s[0] + s[1] - 2 * middle))
