"""A PDF's pages as printed lines, read with pdfplumber (`pdf.py` makes a document of them).

Characters are in one word unless further apart than a fifth of their size (a tag
drawn apart from its speech at a space's width is two words); copies of a character
printed over itself (bold by overprinting) are dropped. Words whose bottoms are level
make a printed line, read left to right; its first word is its margin number when it
is an integer left of every other word on the page and further from the row's text
than a word space. A page printed in two columns (a condensed transcript's four pages
to a sheet, two pages side by side, text in two columns) is read a column at a time,
each column cut into its pages where its margin numbers start again (`pdf_columns.py`).
A file that is not a PDF, is truncated, damaged or encrypted is refused with a message
that says so (`errors.py`).
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.progress import Cancelled, Progress
from reviewer_app.importers.errors import CorruptPdfError, EncryptedPdfError
from reviewer_app.importers.pdf_columns import (
    Gutter,
    Region,
    baseline_groups,
    column_regions,
    find_gutter,
    gutters_by_support,
)

log = logging.getLogger(__name__)

# Words whose bottoms differ by at most this many points are on one printed line
# (bottoms, not tops: margin numbers are often smaller type on the same baseline).
LINE_TOLERANCE = 2.5
# Characters further apart than this share of their size are in different words: a
# fixed 3 points glues a speaker tag drawn apart from its speech at a space's width
# ("MR. LEE:Yes" in 12-point Times, whose space is 3 points wide).
WORD_GAP_RATIO = 0.2
# Runs of drawn text whose extents overlap by more than this many points were drawn over one
# another (kerning moves a character back by less, and stays within its run).
RUN_OVERLAP = 0.5
# The standard fonts of the PDF specification that print Latin text (WinAnsiEncoding as a rule).
STANDARD_FONTS = frozenset(
    f"{family}{style}"
    for family, styles in (
        ("Times", ("-Roman", "-Bold", "-Italic", "-BoldItalic")),
        ("Helvetica", ("", "-Bold", "-Oblique", "-BoldOblique")),
        ("Courier", ("", "-Bold", "-Oblique", "-BoldOblique")),
    )
    for style in styles
)
# A page with fewer margin numbers than this is not a line-numbered page.
MIN_LINE_NUMBERS = 5
# Margin numbers run up to this (lines numbered through a transcript of a hundred pages).
MAX_LINE_NUMBER = 99999
# A margin number stands apart from its row's text by this share of its height or more: a
# number a word space before the text is the text's (a line-numbered transcript saved as
# text and printed again, "4 parole consideration hearing", keeps its numbers in the speech).
MARGIN_GAP = 0.8


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float


@dataclass(frozen=True)
class PrintedLine:
    words: tuple[Word, ...]  # without the margin number
    number: int | None  # the margin line number, on line-numbered pages
    top: float  # of all the line's words, the margin number included
    bottom: float
    margin: tuple[Word, ...] = ()  # the margin number's word, if any

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def x0(self) -> float:
        return self.words[0].x0

    @property
    def full_text(self) -> str:
        """The line with its margin number: for documents that are not transcripts."""
        return " ".join(w.text for w in (*self.margin, *self.words))

    @property
    def full_x0(self) -> float:
        return (*self.margin, *self.words)[0].x0

    @property
    def full_x1(self) -> float:
        return (*self.margin, *self.words)[-1].x1


@dataclass(frozen=True)
class PdfPage:
    """A page of the transcript: a PDF page, or one of the pages a condensed sheet
    prints in its columns (`pdf_columns`)."""

    number: int  # 1-based, in reading order
    lines: tuple[PrintedLine, ...]
    has_images: bool
    sheet: int  # the PDF page it is printed on (1-based)
    runs_on_from: int = 0  # the last margin number of the page before

    @property
    def numbered(self) -> bool:
        """Line-numbered like a transcript: the margin counts 1, 2, 3, ... down the page
        (a column of other numbers, as in a table, does not count)."""
        return len(self.line_numbers) >= MIN_LINE_NUMBERS and self.counts_lines

    @property
    def line_numbers(self) -> list[int]:
        return [line.number for line in self.lines if line.number is not None]

    @property
    def counts_lines(self) -> bool:
        """The margin counts 1, 2, 3, ... however few its lines (a transcript's last
        page), or goes on counting from the page before (126, 127, ... on page 6 of a
        transcript whose lines are numbered through)."""
        numbers = self.line_numbers
        return (
            bool(numbers)
            and numbers[0] in (1, self.runs_on_from + 1)
            and numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        )


def extract_pages(path: Path, data: bytes, progress: Progress) -> list[PdfPage]:
    import pdfplumber
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfplumber.utils import extract_words

    if not data.lstrip()[:5].startswith(b"%PDF"):
        raise CorruptPdfError(path, "it does not start like a PDF file")
    if b"%%EOF" not in data[-2048:]:
        raise CorruptPdfError(path, "it ends too early, as if truncated (an incomplete download or copy)")
    sheets: list[tuple[list[Word], bool, float, Gutter | None]] = []
    try:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                progress.check()
                progress.report("import", (number - 1) / len(pdf.pages))
                words = [
                    Word(w["text"], w["x0"], w["x1"], w["top"], w["bottom"])
                    for w in _page_words(_without_overprints(_standard_bullets(page.chars)), extract_words)
                ]
                width = float(page.width)
                sheets.append((words, bool(page.images), width, find_gutter(words, width, LINE_TOLERANCE)))
                page.close()  # drop pdfplumber's per-page object cache: long files stay small
    except Cancelled:
        raise
    except Exception as exc:  # pdfminer raises many types for a broken file
        if _caused_by(exc, (PDFPasswordIncorrect, PDFEncryptionError)):
            raise EncryptedPdfError(path) from exc
        log.info("pdf parse failed: %s", type(exc).__name__)
        raise CorruptPdfError(path, "its internal structure is damaged") from exc
    if not sheets:
        raise CorruptPdfError(path, "it contains no pages")
    # Sheets in columns share their gutter: one with a few short rows shows none of its own.
    found = [gutter for _, _, _, gutter in sheets if gutter is not None]
    pages: list[PdfPage] = []
    last_number = 0
    for sheet, (words, images, width, own) in enumerate(sheets, 1):
        gutters = gutters_by_support(found, width) if found else []
        if own is not None and gutters and own.overlaps(gutters[0]):
            # The gutter most sheets show, as this sheet's words bound it (a justified row
            # of this sheet may reach into the band another sheet's rows leave clear).
            gutters = [own, *gutters]
        for lines in map(_fill_number_gap, _sheet_pages(column_regions(words, LINE_TOLERANCE, gutters))):
            pages.append(PdfPage(len(pages) + 1, lines, images, sheet, last_number))
            last_number = next(
                (line.number for line in reversed(lines) if line.number is not None), last_number
            )
    return pages


def _fill_number_gap(lines: tuple[PrintedLine, ...]) -> tuple[PrintedLine, ...]:
    """The page's lines, where its margin counts on but for one number (..., 6, 8, ...)
    and a line without one stands between those rows, with that line numbered: its
    number was drawn over (a token of the column beside too long for its row runs
    across it and swallows it into one word)."""
    numbered = [i for i, line in enumerate(lines) if line.number is not None]
    steps = [(a, b) for a, b in itertools.pairwise(numbered) if lines[b].number != lines[a].number + 1]
    if len(numbered) < MIN_LINE_NUMBERS or len(steps) != 1:
        return lines
    a, b = steps[0]
    if lines[b].number != lines[a].number + 2 or b - a != 2 or not lines[a + 1].words:
        return lines
    filled = dataclasses.replace(lines[a + 1], number=lines[a].number + 1)
    return (*lines[: a + 1], filled, *lines[a + 2 :])


def _page_words(chars: list[dict], extract_words: Callable[..., list[dict]]) -> list[dict]:
    """The page's words, read left to right along each line; but where a word's characters come
    from texts drawn over one another (a speaker's tag too long for its column run on over the
    next column's row: "CARVALHO-BETTENCOURTw:alked"), the words of those texts are read from
    each text apart (`_drawn_runs`)."""

    def read(some: list[dict], **options) -> list[dict]:
        return extract_words(some, use_text_flow=False, x_tolerance_ratio=WORD_GAP_RATIO, **options)

    runs = _drawn_runs(chars)
    words = read(chars, return_chars=True)
    overdrawn: set[int] = set()
    for word in words:
        parts: dict[int, list[dict]] = {}
        for char in word["chars"]:
            parts.setdefault(runs[id(char)], []).append(char)
        extents = sorted((min(c["x0"] for c in part), max(c["x1"] for c in part)) for part in parts.values())
        if any(b[0] < a[1] - RUN_OVERLAP for a, b in itertools.pairwise(extents)):
            overdrawn.update(parts)
    if not overdrawn:
        return words
    apart = [w for w in words if any(runs[id(c)] in overdrawn for c in w["chars"])]
    by_run: dict[int, list[dict]] = {}
    for char in (c for word in apart for c in word["chars"]):
        by_run.setdefault(runs[id(char)], []).append(char)
    kept = [w for w in words if not any(runs[id(c)] in overdrawn for c in w["chars"])]
    return kept + [word for part in by_run.values() for word in read(part)]


def _drawn_runs(chars: Sequence[dict]) -> dict[int, int]:
    """A number per character (by its id) for the run of text it was drawn in: characters
    that follow one another in the page's drawing order on one baseline, each at or right
    of the one before (a row of words, justified or kerned, is one run)."""
    runs: dict[int, int] = {}
    run = 0
    previous: dict | None = None
    for char in chars:
        moved_back = previous is not None and char["x0"] < previous["x0"] - RUN_OVERLAP
        if previous is not None and (abs(char["bottom"] - previous["bottom"]) > LINE_TOLERANCE or moved_back):
            run += 1
        runs[id(char)] = run
        previous = char
    return runs


def _standard_bullets(chars: Sequence[dict]) -> list[dict]:
    """The characters, a bullet where a standard font's character code 127 stands: programs
    (reportlab among them) draw "•" so in WinAnsiEncoding, which maps its unused codes to the
    bullet, and pdfminer, which does not, reads it "(cid:127)"."""
    return [
        dict(char, text="•")
        if char["text"] == "(cid:127)" and char["fontname"].split("+")[-1] in STANDARD_FONTS
        else char
        for char in chars
    ]


def _without_overprints(chars: Sequence[dict]) -> list[dict]:
    """The characters without copies printed over themselves (bold made by
    overprinting would otherwise read "MMAARRCCUUSS"): a character is dropped
    when the same one already stands within a point of it. pdfplumber's own
    `dedupe_chars` does this too, but at three times the cost of the import."""
    seen: set[tuple[str, int, int]] = set()
    kept = []
    for char in chars:
        x, y = round(char["x0"]), round(char["top"])
        text = char["text"]
        if any((text, x + dx, y + dy) in seen for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            continue
        seen.add((text, x, y))
        kept.append(char)
    return kept


def _caused_by(exc: BaseException | None, types: tuple[type[BaseException], ...]) -> bool:
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, types) or any(isinstance(a, types) for a in getattr(exc, "args", ())):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def _sheet_pages(regions: Sequence[Region]) -> list[tuple[PrintedLine, ...]]:
    """The transcript pages a PDF page prints, in reading order: one, or, on a sheet in
    columns, each column, cut again where its margin numbers start again at 1 (a
    condensed sheet's columns hold two pages each, and its last sheet may hold one
    column; the lines over a page's first row, its "Page 6", go with it). Lines across
    the sheet's width go with the page under them, or the last page for those at the
    foot (the sheet's footer)."""
    pages: list[list[PrintedLine]] = []
    waiting: list[PrintedLine] = []  # lines across the width, for the page under them
    for n, region in enumerate(regions):
        lines = list(_printed_lines(region.words))
        if region.column == 0 and len(regions) > 1:
            if n == len(regions) - 1 and pages:
                pages[-1].extend(lines)
            else:
                waiting.extend(lines)
            continue
        current = waiting
        waiting = []
        for line in lines:
            numbered = [i for i, earlier in enumerate(current) if earlier.number is not None]
            if line.number == 1 and numbered:
                cut = numbered[-1] + 1
                pages.append(current[:cut])
                current = current[cut:]
            current.append(line)
        pages.append(current)
    if waiting:
        pages.append(waiting)
    return [tuple(page) for page in pages] or [()]


def _printed_lines(words: Sequence[Word]) -> tuple[PrintedLine, ...]:
    """Words grouped into lines by their bottoms, each line read left to right; a
    line's first word is its margin number when it is an integer left of every
    other word on the page and further from its row's text than a word space (`MARGIN_GAP`)."""
    groups = baseline_groups(words, LINE_TOLERANCE)
    text_left = min((w.x0 for w in words if not w.text.isdigit()), default=0.0)
    lines = []
    for group in groups:
        group.sort(key=lambda w: w.x0)
        first = group[0]
        number = None
        if (
            first.text.isdigit()
            and 1 <= int(first.text) <= MAX_LINE_NUMBER
            and first.x1 < text_left - 3
            and (len(group) == 1 or group[1].x0 - first.x1 >= MARGIN_GAP * (first.bottom - first.top))
        ):
            number = int(first.text)
        top, bottom = min(w.top for w in group), max(w.bottom for w in group)
        margin = tuple(group[:1]) if number is not None else ()
        lines.append(PrintedLine(tuple(group[len(margin) :]), number, top, bottom, margin))
    return tuple(lines)
