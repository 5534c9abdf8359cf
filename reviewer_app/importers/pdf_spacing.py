"""How far apart the rows of a PDF without line numbers stand (`pdf.py`): the distance
between a paragraph's rows, the height of an empty row, and which paragraphs have an
empty row over them, which ends a turn as a blank line does in a text file.

Only distances here: the paragraphs themselves are found in `pdf.py`.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Collection, Mapping, Sequence

from reviewer_app.importers.pdf_pages import PrintedLine

# Rows less than this share of their type's height below the row over them are printed over it.
OVERPRINT_SHARE = 0.8
# A row is at most this many times its type's height from the next, single spaced.
SINGLE_SPACING = 1.2
# Paragraphs further apart than usual by this share of a row have an empty row between them.
BLANK_ROW_SHARE = 0.8
# A page with fewer distances between its rows than this shows no distance of its own.
MIN_PAGE_DISTANCES = 5
# Paragraphs of speech with an empty row over them on a page that show a document's habit.
MIN_BLANK_PARAGRAPHS = 2


def row_distances(lines: Sequence[PrintedLine]) -> list[float]:
    """The distances between a page's rows, one under the other, ignoring rows printed
    over each other (closer than `OVERPRINT_SHARE` of the type's height)."""
    return sorted(
        gap
        for a, b in itertools.pairwise(lines)
        if (gap := b.top - a.top) >= OVERPRINT_SHARE * (b.bottom - b.top)
    )


def row_gap(page: Sequence[float], document: Sequence[float]) -> float:
    """The distance between the rows of a paragraph on a page, from its sorted distances
    (`row_distances`): their low end (not the median, which is the paragraphs' spacing where
    most paragraphs are a row or two, and on a page of one-row turns with blank lines between
    would leave out the few wrapped rows' distance). A page of a few rows (the last page:
    "[END OF RECORDING]" under the last turn) takes the `document`'s, as all its rows may
    stand a blank row apart."""
    close = page if len(page) >= MIN_PAGE_DISTANCES else document
    return close[len(close) // 10] if close else 0.0


def row_height(row_gap: float, line: PrintedLine) -> float:
    """The height an empty row takes: the distance between a paragraph's rows, but no more
    than single spacing of `line`'s type (where every paragraph is one row, the rows' distance
    measured is the paragraphs')."""
    return min(row_gap, SINGLE_SPACING * (line.bottom - line.top))


def after_empty_rows(
    spacing: Mapping[int, tuple[float, float]],
    page_tops: Collection[int],
    speech_goes_on: Collection[int],
    first_turn: int,
) -> set[int]:
    """The paragraphs after the dialogue's first turn with an empty row over them: further
    apart from the paragraph over them than paragraphs usually stand by most of a row
    (`spacing`: paragraph -> points under the one before, height of a row there).

    A paragraph at a page's top (`page_tops`) shows no distance. Where it goes on with the
    speech of the turn over it (`speech_goes_on`: in lower case, no tag, heading nor
    parenthetical), it has an empty row over it where most such paragraphs on the pages have
    one (two at least): a letter read into the record in paragraphs with blank lines between,
    which a text file keeps outside the turn; not the next paragraph of a speech whose
    paragraphs follow each other."""
    # The low quarter, not the median: in a meeting export every other paragraph is a name and a
    # time a blank row under the speech over it, its speech right under it.
    distances = sorted(points for points, _ in spacing.values())
    usual = distances[len(distances) // 4] if distances else 0.0
    row = statistics.median(height for _, height in spacing.values()) if spacing else 0.0
    if usual >= row * (1 + BLANK_ROW_SHARE):
        usual = row  # double spaced (an empty row between most paragraphs): one row more
    found = {
        i
        for i, (points, height) in spacing.items()
        if points >= usual + BLANK_ROW_SHARE * height and i > first_turn
    }
    on_page = [i in found for i in speech_goes_on if i in spacing and i > first_turn]
    if on_page.count(True) >= MIN_BLANK_PARAGRAPHS and on_page.count(True) > on_page.count(False):
        found.update(i for i in page_tops if i in speech_goes_on and i > first_turn)
    return found
