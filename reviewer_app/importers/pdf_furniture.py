"""Running headers, footers and page numbers of PDF pages (`pdf.py`): what a page prints
by its edges rather than as the transcript's text."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from reviewer_app.importers.hearing import Turn, hearing_layout
from reviewer_app.importers.pdf_cues import cue_rows
from reviewer_app.importers.pdf_pages import PdfPage

# Running headers and footers stand at the same height on every page, to within this many points.
FURNITURE_HEIGHT_STEP = 6.0
_PAGE_NUMBER = re.compile(r"(?i)[-\s]*(?:page\s*)?#(?:\s*(?:of|/)\s*#)?[-\s]*")


def furniture_key(text: str) -> str:
    """Page furniture matched with its numbers ignored ("Page 3" is "Page 4")."""
    return re.sub(r"\d+", "#", text)


def edge_furniture(pages: Sequence[PdfPage]) -> set[tuple[int, int]]:
    """(page, line) of the running headers and footers of pages without line numbers:
    among each page's first and last two lines, those whose text, numbers aside,
    stands so at the same height on at least two pages and on at least 40% of them ("Page 3 of 9", the
    hearing's name, a firm's footer; page numbers so only where they count on with the sheets),
    and a page number alone ("4", "Page 4", "- 4 -") on a sheet that prints no running page
    number: a sheet numbers itself once, so a number beside its running one is the text's (a
    transcript saved as text with its page numbers, which fall by the sheet's edges). A
    speaker's turn is never furniture (nor a name and a time: "speaker 1  0:00:06", nor a name
    in mixed case that opens a row away from the edges too: "Commissioner Ybarra:"), nor is a
    caption cue's timing or number (`pdf_cues.py`), nor are the lines of a page that would be
    left empty without them."""
    layout = hearing_layout()
    sheet_of = {page.number: page.sheet for page in pages}
    pages_by_number = {page.number: page for page in pages}
    text_of = {(page.number, n): line.full_text for page in pages for n, line in enumerate(page.lines, 1)}
    places: dict[tuple[str, int], list[tuple[int, int]]] = {}
    edges: dict[tuple[int, int], Turn | None] = {}  # (page, line) by the pages' edges: the turn it opens
    for page in pages:
        count = len(page.lines)
        captions = cue_rows([line.full_text for line in page.lines])
        for n in sorted(
            {*range(1, min(2, count) + 1), *range(max(1, count - 1), count + 1)} - {i + 1 for i in captions}
        ):
            edges[page.number, n] = layout.turn_of(page.lines[n - 1].full_text, named=True)
    # Names in mixed case that open a row away from the pages' edges too: a speaker's, where a
    # running header stands only by the edges ("Commissioner Ybarra:" on a row of its own at the
    # top of several pages, as a transcript of tags alone over the speech prints it).
    inside = {
        turn.speaker
        for page in pages
        for n, line in enumerate(page.lines, 1)
        if (page.number, n) not in edges
        and (turn := layout.turn_of(line.full_text, named=True))
        and turn.named
    }
    for (number, n), turn in edges.items():
        # A name in mixed case ("Ms. Ward:") is a tag only where it opens turns enough.
        if turn is None or (
            turn.named and not (turn.speech_below or turn.marked) and turn.speaker not in inside
        ):
            # At the same height on each page: a cover's title lower down on its
            # page is not the running header that repeats it.
            line = pages_by_number[number].lines[n - 1]
            height = round(line.top / FURNITURE_HEIGHT_STEP)
            places.setdefault((furniture_key(line.full_text), height), []).append((number, n))
    furniture: set[tuple[int, int]] = set()
    numbers_alone: list[tuple[int, int]] = []
    # Running lines that number the sheets: (how far their number is from the sheet's, places,
    # whether they are a page number alone).
    numbering: list[tuple[int, list[tuple[int, int]], bool]] = []
    for (key, _), found in places.items():
        page_number = bool(_PAGE_NUMBER.fullmatch(key))
        if page_number:
            # A running page number counts on with the sheets ("2" on the second, "3" on the
            # third); the text's page numbers that happen to stand at its height do not.
            offsets = {place: _first_number(text_of[place]) - sheet_of[place[0]] for place in found}
            usual = Counter(offsets.values()).most_common(1)[0][0]
            numbers_alone.extend(place for place in found if offsets[place] != usual)
            found = [place for place in found if offsets[place] == usual]
        on_pages = len({page for page, _ in found})
        if on_pages >= 2 and on_pages >= 0.4 * len(pages):
            # A running header or footer that holds the sheet's number ("Hearing - page 3")
            # numbers its sheet as a page number alone does.
            offset = _sheet_offset(found, text_of, sheet_of)
            if offset is not None:
                numbering.append((abs(offset), found, page_number))
            else:
                furniture.update(found)
        elif page_number:
            numbers_alone.extend(found)
    numbered_sheets: dict[int, int] = {}  # sheet -> how far its nearest running number is from it
    for distance, found, page_number in sorted(numbering, key=lambda group: group[0]):
        sheets = {sheet_of[page] for page, _ in found}
        if page_number and any(numbered_sheets.get(sheet, distance) < distance for sheet in sheets):
            # A sheet numbers itself once: numbers alone that count on beside a running number
            # nearer the sheet's ("89" over a page footed "Page 3 of 7") are the text's own, a
            # reporter's pages saved as text whose pages fall with the sheets.
            numbers_alone.extend(found)
            continue
        furniture.update(found)
        for sheet in sheets:
            numbered_sheets.setdefault(sheet, distance)
    furniture.update(place for place in numbers_alone if sheet_of[place[0]] not in numbered_sheets)
    # Furniture stands around text: a page it would leave empty keeps its lines
    # (a document of one line a page, "Page 1 of a letter.", is all text).
    emptied = {
        page.number
        for page in pages
        if all((page.number, n) in furniture for n in range(1, len(page.lines) + 1))
    }
    return {place for place in furniture if place[0] not in emptied}


def _sheet_offset(
    found: Sequence[tuple[int, int]], text_of: dict[tuple[int, int], str], sheet_of: dict[int, int]
) -> int | None:
    """How far running lines' number is from their sheet's, where they count on with the
    sheets: on most of them one of the line's numbers is the sheet's plus the same offset
    ("Page 3 of 9" on the third: 0, "Hearing 2024 - page 4" on the fourth: 0, "89" on the
    third: 86); None for lines whose numbers stay ("Case 2024") or that hold none."""
    offsets = Counter(
        offset
        for place in found
        for offset in {int(number) - sheet_of[place[0]] for number in re.findall(r"\d+", text_of[place])}
    )
    if not offsets or len(found) < 2:
        return None
    offset, count = offsets.most_common(1)[0]
    return offset if count * 2 > len(found) else None


def _first_number(text: str) -> int:
    """The first number a line prints ("Page 3 of 9": 3)."""
    return int(re.search(r"\d+", text).group())
