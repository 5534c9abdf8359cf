"""PDF import with pdfplumber.

Board of Parole Hearings transcripts are recognised by their line numbers:
pages whose left margin holds the numbers 1-25 (or numbers that run on from the
page before: 101-125) are body pages, and each number's row is one printed line.
A page printed in two columns is read a column at a time, each column cut into its
pages where its margin numbers start again (`pdf_pages.py`, `pdf_columns.py`); the
page map gives the PDF page and the row's number. From that layout:

- the cover is the first page (numbered or not) unless the dialogue starts on
  it, one printed line per text line; its metadata is read by
  `hearing.cover_metadata` (empty unless the cover is a hearing's);
- unnumbered pages before the body (the index), and any page that starts with
  "INDEX" or whose lines are mostly contents lines ("Closing Statements .... 45"),
  are skipped;
- on body pages only the numbered rows are kept, so page headers, page numbers
  (top or bottom), the transcription company's footer and the running footer of
  the decision pages all fall away; on the cover and the certificate, lines
  outside the band the numbered rows occupy are dropped when body pages print
  the same line (numbers aside) outside their rows, or when they are a bare
  page number;
- a row that starts with an upper-case tag and a colon in the column where most
  such rows start (indented past the body's left edge, or at it where the wrapped
  rows are indented) begins an utterance (in a body without indented rows, the tag
  alone does: `pdf_body.py` groups the rows); the rows up to the next such row are its
  wrapped lines, joined with single spaces, except that a row ending inside a
  spelled name ("R-E-") joins the next ("E-D") without a space (rules and
  patterns in `hearing.py` and `resources/importers/bph_layout.toml`), and a
  word broken at its hyphen ("sixty-" / "two") is joined without one;
- a parenthetical on rows of its own ("(Off the record.)") is a line of its
  own (speaker ""), unless the turn goes on after it; a heading ("EXAMINATION"),
  a divider ("--o0o--") or a witness's swearing-in is a line of the body and no
  utterance; capitals in the tags' column under speech in lower case (a notice
  read into the record) start a line;
- an ALL-CAPS notice after the last turn, numbered rows holding a decision-page
  footer ("... DECISION PAGE 1 ...") and unnumbered ALL-CAPS pages after the
  body make the "decision" section, one printed line per line;
- the certificate starts at the first page after the body whose first line
  begins with "CERTIFICATE", or at such a row after a blank numbered row, and is
  kept one printed line per line;
- layouts of other programs (issue 12; measured by `benchmarks/import_pdf_layouts.py`):
  a blank numbered row, a centred row, a row opening with a timestamp in square
  brackets, a row that is only a time (where many are), and a timestamped or capitals
  row after a row that ended short end the turn; a cover over several pages before
  the index, or running onto the first body page up to the first turn (or the turn
  right before it of a speaker who speaks once, blank rows between or not), stays the
  cover, and so does the cover's page up to such a turn (on a page where no speaker
  speaks twice, a turn in lower case next to another one); a short last page
  of a few numbered rows is body; tags in mixed case ("Judge Whitaker:") that open
  two rows or more are tags, here and in paragraphs, and so are those that open one
  between turns, or any an export lays out (a name and a time on a row of its own,
  a timestamp before the name); a one-word parenthetical wrapped from a full row is
  the turn's where the document prints it inside a turn elsewhere ("(Inaudible.)");
  capitals under speech in lower case end the turn where the tags stand apart or the
  notice's row fills its row; a decision-page footer in mixed case inside a turn's
  speech stays in it, as a text file reads it; a row going on with a name spelled
  letter by letter ("A.") opens no turn; a caption file's cue number over its timing row
  starts a line, at a page's top too, where no blank row shows it (`pdf_cues.py`); a parenthetical
  after a line-numbered text's own number ("12 (Interpreter sworn.)") is a line of its own, and
  the text's next line goes back to no turn; a written record's field ("Received: 11/12/2026
  8:14 AM") is no turn and starts a line (`form_records.py`).

Words on a printed line (`pdf_pages.py` reads the pages' lines) are joined with
single spaces. PDFs without line numbers are read as plain
text: the running headers, footers and page numbers at the top and foot of their
pages are dropped (`pdf_furniture.py`); lines are grouped into paragraphs by speaker tags, vertical
gaps wider than those between a paragraph's rows, and rows that end where the
next word would have fitted; a paragraph goes on over a page break (but for capitals
under a row mostly in lower case, as on numbered pages) and under a tag printed on a
row of its own; one paragraph per line, rows joined as a turn's
wrapped rows are (a word broken at its hyphen joined without a space), and a blank
line after the dialogue's first turn where an empty row stands ("[End of recording.]"
is none of the turn), or over speech at a page's top in a document whose paragraphs of
speech mostly stand an empty row apart (`pdf_spacing.py`); a paragraph that starts
centred ("--oOo--" under the last turn) is indented, as a text file centres it; numbers
a word space before a row's text are the text's (a line-numbered transcript saved as text
and printed again), not margin numbers, and each row that counts on with them is one of the
text's lines, a number alone among them its page number (`pdf_text_lines.py`);
their speaker turns and sections are found as in a text file (`turns.py`).
"""

from __future__ import annotations

import itertools
import logging
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path

from reviewer_app.core.document import UNNAMED_SPEAKER, Document, HearingMetadata, PageMap, Section
from reviewer_app.core.progress import Progress
from reviewer_app.importers.errors import NoTextLayerError
from reviewer_app.importers.form_records import field_rows
from reviewer_app.importers.hearing import (
    SourceLine,
    Turn,
    build_hearing_document,
    cover_metadata,
    hearing_layout,
    is_notice_row,
    join_wrapped,
    printed_words,
)
from reviewer_app.importers.pdf_body import (
    BodyRow,
    bare_tag,
    body_lines,
    inline_parentheticals,
    parenthetical_apart,
    tag_row,
    tags_alone_between,
)
from reviewer_app.importers.pdf_cues import cue_numbers
from reviewer_app.importers.pdf_dialogue_start import turn_before, turn_closing_the_cover, turns_next_to_turns
from reviewer_app.importers.pdf_furniture import edge_furniture, furniture_key
from reviewer_app.importers.pdf_pages import PdfPage, PrintedLine, extract_pages
from reviewer_app.importers.pdf_spacing import after_empty_rows, row_distances, row_height
from reviewer_app.importers.pdf_spacing import row_gap as pdf_row_gap
from reviewer_app.importers.pdf_stamps import margin_stamp_rows
from reviewer_app.importers.pdf_text_lines import text_line_rows
from reviewer_app.importers.turns import CENTRED_INDENT, ends_sentence_in_capitals, read_structure

log = logging.getLogger(__name__)

# What `pdf_pages.extract_pages` imports: a window imports these on its UI thread first (ui/workers.py).
PDF_LIBRARIES = ("pdfplumber", "pdfminer.pdfdocument", "pdfplumber.utils")
# A row starting this many points right of the body's left edge is indented.
INDENT_MIN = 10.0
# A row starting further right of the body's edge than this share of its width is centred.
CENTRED_SHARE = 0.25


def read_pdf(path: Path, data: bytes, sha256: str, progress: Progress) -> Document:
    pages = extract_pages(path, data, progress)
    if not any(page.lines for page in pages):
        raise NoTextLayerError(path)
    if any(page.numbered for page in pages):
        return _hearing_document(path, sha256, pages)
    return _plain_document(path, sha256, pages)


def _hearing_document(path: Path, sha256: str, pages: list[PdfPage]) -> Document:
    layout = hearing_layout()
    numbers = [line for page in pages if page.numbered for line in page.lines if line.number is not None]
    band_top = min(line.top for line in numbers) - 3
    band_bottom = max(line.bottom for line in numbers) + 3
    # The band the rows take from a page's first numbered row down (the pages of a
    # condensed sheet start lower on it one under the other).
    below_first = [
        line.bottom - _first_row(page).top
        for page in pages
        if page.numbered
        for line in page.lines
        if line.number is not None
    ]
    rows_height = max(below_first) + 3

    def band(page: PdfPage) -> tuple[float, float]:
        first = _first_row(page) if page.counts_lines else None
        return (band_top, band_bottom) if first is None else (first.top - 3, first.top + rows_height)

    # Headers, footers and page numbers: what body pages print outside their rows.
    furniture = {
        furniture_key(line.text)
        for page in pages
        if page.numbered
        for line in page.lines
        if line.number is None and line.words
    }

    def band_lines(page: PdfPage) -> list[PrintedLine]:
        """The page's lines without its furniture. Lines outside the rows' band
        are dropped only when body pages print them too, so that no cover or
        certificate text (which is PII) is lost to an unusual layout."""
        top, bottom = band(page)
        return [
            line
            for line in page.lines
            if line.words
            and (
                (top <= line.top and line.bottom <= bottom)
                or (furniture_key(line.text) not in furniture and not line.text.isdigit())
            )
        ]

    def first_text(page: PdfPage) -> str:
        lines = band_lines(page)
        return lines[0].text if lines else ""

    # Speakers named in mixed case ("Judge Whitaker:"), whose tags open two rows or more.
    numbered_rows = [line.text for page in pages if page.numbered for line in page.lines if line.number]
    named = _named_speakers(numbered_rows)
    exported = set(_exported(numbered_rows))
    # The first page is the cover unless the dialogue starts on it.
    cover_page = pages[0] if layout.speaker_of(first_text(pages[0]), named) is None else None
    body_pages: list[PdfPage] = []
    certificate_pages: list[PdfPage] = []
    index_pages: list[PdfPage] = []
    decision_pages: list[PdfPage] = []  # unnumbered pages of an ALL-CAPS notice after the body
    left_out: list[PdfPage] = []  # pages with text that fits none of the parts
    cover_is_numbered = cover_page is not None and cover_page.numbered
    for page in pages[1:] if cover_page else pages:
        heading = first_text(page)
        index = layout.is_index([line.text for line in band_lines(page)])
        if certificate_pages or (body_pages and layout.certificate_heading.match(heading)):
            certificate_pages.append(page)
        elif (page.numbered or (page.counts_lines and (body_pages or cover_is_numbered))) and not index:
            # (a page of a few numbered rows after numbered pages, the cover's too, is the body's)
            body_pages.append(page)
        elif not body_pages or index:
            index_pages.append(page)
        elif _is_notice_page(band_lines(page)):
            decision_pages.append(page)
        elif band_lines(page):
            left_out.append(page)

    # A cover that runs over more than a page: numbered pages before an index that
    # stands between them and the body are the cover's (an index at the end is not).
    first_index = min((page.number for page in index_pages), default=0)
    cover_pages = [cover_page] if cover_page else []
    before = [page.number < first_index for page in body_pages]
    if cover_page and any(before) and not all(before):
        cover_pages += [page for page in body_pages if page.number < first_index]
        body_pages = [page for page in body_pages if page.number > first_index]
    # Numbered rows; blank ones are kept, as they end paragraphs.
    rows = [(page, line) for page in body_pages for line in page.lines if line.number is not None]
    cover_lines = [(page, line) for page in cover_pages for line in band_lines(page)]
    if len(cover_pages) == 1 and cover_page.numbered:
        # The dialogue may start on the cover's page: at the first row whose
        # speaker speaks on the body pages too ("PANEL PRESENT:" does not) or twice
        # on the cover's page (the body may be a page of a few rows, or none).
        said = Counter(layout.speaker_of(line.text, named) for _, line in cover_lines if line.number)
        speakers = (
            {layout.speaker_of(line.text, named) for _, line in rows if line.words}
            | {speaker for speaker, count in said.items() if count > 1}
            | exported
        ) - {None}
        numbered_cover = [(cover_page, line) for line in cover_page.lines if line.number is not None]
        row_lines = [line for _, line in rows if line.words] or [line for _, line in numbered_cover]
        at_tags = _tag_column([line for line in row_lines if line.words], named)[0]
        if not speakers:
            # No one speaks twice (a page of a few turns): as the text importer reads such a
            # transcript, a turn in lower case next to another turn.
            speakers = turns_next_to_turns(numbered_cover, at_tags, named)
        start = next(
            (
                i
                for i, (_, line) in enumerate(cover_lines)
                if line.number is not None and layout.speaker_of(line.text, named) in speakers
            ),
            None,
        )
        first = None
        if start is not None:
            # ... or at the turn right before that row of a speaker who says one thing.
            at_row = next(i for i, (_, line) in enumerate(numbered_cover) if line is cover_lines[start][1])
            first = numbered_cover[turn_before(numbered_cover, at_row, at_tags, named)][1]
        elif rows:
            first = turn_closing_the_cover(numbered_cover, rows, speakers, at_tags, named)
        if first is not None:
            on_cover = [
                line for line in cover_page.lines if line.number is not None and line.top >= first.top
            ]
            rows = [(cover_page, line) for line in on_cover] + rows
            cover_lines = [(page, line) for page, line in cover_lines if line.top < first.top]
    cover = [
        SourceLine(line.text, page.sheet, line.number or n)
        for page in cover_pages
        for n, line in enumerate((line for p, line in cover_lines if p is page), 1)
    ]
    certificate = [
        SourceLine(line.text, page.sheet, line.number or n)
        for page in certificate_pages
        for n, line in enumerate(band_lines(page), 1)
    ]
    body_left = min((line.x0 for _, line in rows if line.words), default=0.0)
    at_tags, tags_apart = _tag_column([line for _, line in rows if line.words], named)
    if cover:
        # A cover that runs onto the first body page ends at the first turn: a
        # speaker's tag, indented where turns are, of a speaker with two turns or more
        # (or one an export names).
        tagged = [
            layout.speaker_of(line.text, named) if line.words and at_tags(line) else None for _, line in rows
        ]
        said = Counter(tagged)
        first_turn = next(
            (
                i
                for i, speaker in enumerate(tagged)
                if speaker is not None and (said[speaker] >= 2 or speaker in exported)
            ),
            0,
        )
        first_turn = turn_before(rows, first_turn, at_tags, named)
        cover += [
            SourceLine(line.text, page.sheet, line.number or 0)
            for page, line in rows[:first_turn]
            if line.words
        ]
        rows = rows[first_turn:]
    metadata = cover_metadata([s.text for s in cover])
    # A record's labels ("From:", "Received:"), no speakers where they stand once between others.
    labels = {layout.turn_of(numbered_rows[k], named=True).speaker for k in field_rows(numbered_rows)}
    named = _named_between([line for _, line in rows if line.words and at_tags(line)], named, labels)
    known = tuple(dict.fromkeys((*metadata.names(), *named)))
    right = _right_margin([line for _, line in rows])
    # Rows that are a time and nothing else ("0:21"), often enough: a recorder's timestamps
    # over the turns, each a line of its own wherever its row stands.
    time_rows = sum(bool(layout.timestamp_prefix.fullmatch(line.text)) for _, line in rows if line.words)
    stamps_alone = time_rows >= MIN_TIMESTAMP_ROWS
    cues = cue_numbers([line.text for _, line in rows])
    stamped = margin_stamp_rows([line.text for _, line in rows])
    fields = field_rows([line.text for _, line in rows])
    # A line-numbered transcript saved as text and printed again: each row opens one of its lines.
    printed = [k for k, (_, line) in enumerate(rows) if line.words]
    text_lines = {printed[i] for i in text_line_rows([rows[k][1].text for k in printed])[0]}
    sources = []
    previous: PrintedLine | None = None
    previous_page: PdfPage | None = None
    lower_seen = False
    for k, (page, line) in enumerate(rows):
        source = SourceLine(line.text, page.sheet, line.number or 0)
        if not line.words:
            sources.append(BodyRow(source, False, False, False, False))
            previous, lower_seen = None, False
            continue
        # Far right of the body's edge: centred, as a heading is ("DECISION").
        centred = right is not None and line.x0 > body_left + (right - body_left) * CENTRED_SHARE
        # A recorder's timestamp in square brackets ends the turn, and so, after a row that
        # ended short, does a row of another kind, as in a text file (`turns.py`): a row
        # that opens with a time ("05:16 (Caller disconnects.)", "(14:07:53) Recording
        # ends.", "0:07" over a caption's next turn), capitals under speech in lower case
        # (a notice read into the record, "[MUSIC]"), and at the top of a page, where the
        # blank row before it is not printed, a note in square brackets on a row of its own
        # ("[End of recording.]"; right under speech it goes on with it, as in a text file).
        ended_short = previous is not None and right is not None and _ends_short(previous, line, right, False)
        timed = line.text[:1] in "[(0123456789" and bool(layout.timestamp_prefix.match(line.text))
        time_alone = stamps_alone and timed and bool(layout.timestamp_prefix.fullmatch(line.text))
        after_short = (
            (timed and line.text[:1] == "[")
            or time_alone
            or k in cues
            or k in stamped
            or k in fields
            or (
                ended_short
                and (
                    # only after a short row: a time the speech wraps to ("The time is" / "12:43
                    # PM.") is none
                    timed
                    or (
                        page is not previous_page
                        and line.text[:1] == "["
                        and line.text.rstrip(".").endswith("]")
                    )
                    or (
                        _in_capitals(line.text)
                        and lower_seen
                        and not ends_sentence_in_capitals(previous.text, line.text)
                    )
                )
            )
        )
        tags = at_tags(line)
        # Capitals where turns start, under speech in lower case: a notice read into the
        # record, not a turn's wrapped row, which stands apart from the tags.
        # So is a notice's row that fills the row among the wrapped rows ("IN THE MATTER OF THE
        # PAROLE CONSIDERATION HEARING OF ..."), and a heading in capitals where tags stand
        # apart ("DECISION"): as a text file has it, capitals under speech end the turn.
        full = right is not None and line.words[-1].x1 >= body_left + (right - body_left) * FULL_ROW
        notice = (
            previous is not None
            and any(c.islower() for c in previous.text)
            and not ends_sentence_in_capitals(previous.text, line.text)
            and (
                (tags_apart and tags and _in_capitals(line.text) and not _code_alone(line.text))
                or (full and is_notice_row(line.text) and _mostly_lower(previous.text))
            )
        )
        after_full = previous is not None and right is not None and not ended_short
        sources.append(BodyRow(source, tags, centred, after_short, notice, after_full, k in text_lines))
        previous, previous_page = line, page
        # Lower case in the line's rows so far ("8" under its speech is no notice's row).
        starts = after_short or (tags and layout.speaker_of(line.text, known) is not None)
        lower_seen = (lower_seen and not starts) or any(c.islower() for c in line.text)
    grouped, decision, closing = body_lines(sources, known)
    certificate = closing + certificate
    decision += [
        SourceLine(line.text, page.sheet, n)
        for page in decision_pages
        for n, line in enumerate(band_lines(page), 1)
    ]

    words = printed_words(source.text for rows in grouped for source in rows)
    parts = build_hearing_document(cover, grouped, certificate, decision, known, words)
    notes = [
        f"Read as a Board of Parole Hearings transcript: {len(body_pages)} body pages"
        + (f", {len(index_pages)} index page(s) skipped" if index_pages else "")
        + ("" if cover_page else ", no cover page found")
        + ("" if certificate else ", no transcriber's certificate found")
        + "."
    ]
    # Text among the rows of a body page but beside no line number.
    unplaced = sorted({page.sheet for page in body_pages for line in band_lines(page) if line.number is None})
    if unplaced:
        notes.append(
            f"Some text on PDF page(s) {', '.join(map(str, unplaced))} stands beside no line number "
            "and was left out: check those pages in the PDF."
        )
    if left_out:
        numbers = ", ".join(str(sheet) for sheet in sorted({page.sheet for page in left_out}))
        notes.append(
            f"PDF page(s) {numbers} inside the transcript have no line numbers and were left out: "
            "check them in the PDF."
        )
    log.info("pdf import: %d pages, %d utterances", len(pages), len(parts.utterances))
    return Document(
        id=path.stem,
        text=parts.text,
        source_path=str(path),
        sha256=sha256,
        utterances=parts.utterances,
        sections=parts.sections,
        page_map=parts.page_map,
        metadata=metadata,
        notes=tuple(notes),
    )


def _first_row(page: PdfPage) -> PrintedLine | None:
    """The page's first line with a margin number."""
    return next((line for line in page.lines if line.number is not None), None)


def _named_speakers(texts: Iterable[str]) -> tuple[str, ...]:
    """The speakers named in mixed case ("Judge Whitaker:", "Ms. Ko:") whose tag opens two
    rows or more: a transcript's tags, as the text importer takes them (`turns.py`); a
    label said once ("Dated:") is none, but for a speaker an export names (`_exported`)."""
    layout = hearing_layout()
    texts = list(texts)
    fields = field_rows(texts)  # "Time: 2:20 PM" twice: a record's field, no speaker's tag
    counts = Counter(
        turn.speaker
        for k, text in enumerate(texts)
        if (turn := layout.turn_of(text, named=True)) is not None
        and turn.named
        and not layout.examiner_line.match(text)
        and k not in fields
    )
    repeated = [name for name, count in counts.items() if count >= 2]
    return tuple(dict.fromkeys((*repeated, *_exported(texts))))


def _exported(texts: Sequence[str]) -> tuple[str, ...]:
    """The speakers named in rows laid out as a program exports speech, where two rows or
    more are (a name and a time on a row of their own, "Owen Castellano  0:11"; a recorder's
    timestamp before the name, "[00:00:06] Owen:"), whoever speaks once (`turns.py`)."""
    layout = hearing_layout()
    found = [
        turn.speaker
        for text in texts
        if (turn := layout.turn_of(text, named=True)) is not None
        and turn.named
        and (turn.speech_below or (turn.tag_start > 0 and layout.timestamp_prefix.match(text.lstrip())))
    ]
    return tuple(dict.fromkeys(found)) if len(found) > 1 else ()


def _named_between(
    tag_rows: Sequence[PrintedLine], named: Sequence[str], fields: Collection[str] = ()
) -> tuple[str, ...]:
    """`named`, and the speakers named in mixed case who open one turn between the turns of
    speakers who open two or more, in a transcript whose tags name speakers so (a justice
    who asks one question among others'), as the text importer takes them (`turns.py`);
    `tag_rows` are the body's rows where turns start; a record's `fields` are no speakers."""
    layout = hearing_layout()
    turns = [
        (i, turn)
        for i, line in enumerate(tag_rows)
        if not layout.examiner_line.match(line.text)
        and (turn := layout.turn_of(line.text, named=True))
        and turn.speaker not in fields
    ]
    said = Counter(turn.speaker for _, turn in turns)
    repeated = [(i, turn) for i, turn in turns if said[turn.speaker] > 1]
    if not any(turn.named for _, turn in repeated):
        return tuple(named)
    low, high = repeated[0][0], repeated[-1][0]
    once = [turn.speaker for i, turn in turns if turn.named and said[turn.speaker] == 1 and low < i < high]
    return tuple(dict.fromkeys((*named, *once)))


def _tag_column(
    lines: Sequence[PrintedLine], named: Sequence[str] = ()
) -> tuple[Callable[[PrintedLine], bool], bool]:
    """Whether a body row stands where turns start: indented past the body's left
    edge where most rows with a speaker's tag are (the wrapped rows flush left), at
    the left edge where most of them are there (the wrapped rows in a hanging
    indent, or the speech indented under a tag on a row of its own), and anywhere
    in a body without indented rows; and whether the tags' column stands apart
    (the body has indented rows)."""
    layout = hearing_layout()
    body_left = min((line.x0 for line in lines), default=0.0)
    indented = [line.x0 > body_left + INDENT_MIN for line in lines]
    if not any(indented):
        return (lambda line: True), False
    tagged = [
        i for i, line in zip(indented, lines, strict=True) if layout.speaker_of(line.text, named) is not None
    ]
    if sum(tagged) * 2 >= len(tagged):
        return (lambda line: line.x0 > body_left + INDENT_MIN), True
    return (lambda line: line.x0 <= body_left + INDENT_MIN), True


def _mostly_lower(text: str) -> bool:
    """Whether most of the words of letters of a row's speech (after its tag, where it opens
    a turn: "INTERPRETER BARRAGÁN: Yes, Commissioner.") have some in lower case: speech, not
    captions in capitals with an "(inaudible)" among them."""
    turn = hearing_layout().turn_of(text, named=True)
    if turn is not None:
        text = text[turn.tag_start + len(turn.speaker) + 1 if turn.speech_at is None else turn.speech_at :]
    words = [word for word in text.split() if any(c.isalpha() for c in word)]
    return sum(any(c.islower() for c in word) for word in words) * 2 > len(words)


def _in_capitals(text: str) -> bool:
    """Whether a row has letters and none in lower case ("[MUSIC]", "THE PANEL FINDS")."""
    return any(c.isalpha() for c in text) and not any(c.islower() for c in text)


def _code_alone(text: str) -> bool:
    """Whether a row holds no word of two letters or more, only a code or a letter
    ("A#243817650.", "I"): in the tags' column under a full row, the end of its speech,
    wrapped, not a notice (after a row that ended short, capitals start a line whatever
    they are: "D E C I S I O N", "17 AM6371.")."""
    return not _WORD_OF_LETTERS.search(text)


# Two letters or more standing as a word, no digit beside them.
_WORD_OF_LETTERS = re.compile(r"(?<![\w#])[^\W\d_]{2,}(?![\w#])")


def _bracket_note(text: str) -> bool:
    """Whether a row is one note in square brackets ("[End of recording.]")."""
    return text[:1] == "[" and text.rstrip(".").endswith("]") and text.count("[") == 1


def _is_notice_page(lines: Sequence[PrintedLine]) -> bool:
    """An unnumbered page after the body that is a notice: most of its lines ALL CAPS."""
    lettered = [line for line in lines if any(c.isalpha() for c in line.text)]
    return bool(lettered) and sum(is_notice_row(line.text) for line in lettered) * 2 > len(lettered)


def _plain_document(path: Path, sha256: str, pages: list[PdfPage]) -> Document:
    layout = hearing_layout()
    furniture = edge_furniture(pages)
    named = _named_speakers(line.full_text for page in pages for line in page.lines)
    right = _right_margin([line for page in pages for line in page.lines])
    time_rows = sum(
        bool(layout.timestamp_prefix.fullmatch(line.full_text)) for page in pages for line in page.lines
    )
    stamps_alone = time_rows >= MIN_TIMESTAMP_ROWS
    # Rows opening with "Q." or "A.", by letter: one alone among the rows is no answer's tag but
    # may be a word wrapped onto its row ("three-six-four," / "A.").
    answer_rows = Counter(
        match.group("speaker")
        for page in pages
        for line in page.lines
        if (match := layout.qa_tag.match(line.full_text))
    )
    # Each paragraph: its rows as (page, line number on the page, text).
    paragraphs: list[list[tuple[int, int, str]]] = []
    # Paragraphs that start under another on the same page: how far under it, in points,
    # and the height of a row there (`_row_height`).
    spacing: dict[int, tuple[float, float]] = {}
    # Paragraphs that start far right of the text's left edge, as a heading or a divider is
    # centred ("--oOo--" under the last turn): indented in the text, as a text file centres
    # them, so that `turns.py` ends the turn over them.
    centred: set[int] = set()
    page_tops: set[int] = set()  # paragraphs that start a page, not going on from the one before
    cue_starts: set[int] = set()  # paragraphs that start at a caption cue's number
    kept = [
        [(n, line) for n, line in enumerate(page.lines, 1) if (page.number, n) not in furniture]
        for page in pages
    ]
    distances = [row_distances([line for _, line in lines]) for lines in kept]
    document_distances = sorted(itertools.chain.from_iterable(distances))
    cues = cue_numbers([line.full_text for lines in kept for _, line in lines])
    stamped_notes = margin_stamp_rows([line.full_text for lines in kept for _, line in lines])
    text_lines, text_pages = text_line_rows([line.full_text for lines in kept for _, line in lines])
    # The text's left edge, from the pages that show it: a page of a row or two (a divider
    # centred alone on the last page, "* * *") shows none.
    lefts = sorted(min(line.full_x0 for _, line in lines) for lines in kept if len(lines) >= MIN_EDGE_ROWS)
    previous: PrintedLine | None = None
    row_index = -1  # the row's place among all the pages' kept rows
    for page, lines, page_distances in zip(pages, kept, distances, strict=True):
        row_gap = pdf_row_gap(page_distances, document_distances)
        left = min((line.full_x0 for _, line in lines), default=0.0)
        # The rows a row may be aligned with: the page's, or on a page of a row or two the
        # document's (the same divider printed elsewhere aside).
        aligned_with = [other for _, other in lines]
        if len(lines) < MIN_EDGE_ROWS and lefts:
            left = min(left, lefts[len(lefts) // 2])
            texts = {line.full_text for _, line in lines}
            aligned_with += [other for others in kept for _, other in others if other.full_text not in texts]
        on_page = False  # the previous line is on this page
        for n, line in lines:
            text = line.full_text
            row_index += 1
            # "[00:04:15] ...", and a row that is only a time where many are (a recorder's
            # timestamps over the turns, as on numbered rows).
            stamped = (text[:1] == "[" and bool(layout.timestamp_prefix.match(text))) or (
                stamps_alone and bool(layout.timestamp_prefix.fullmatch(text))
            )
            # A name spelled letter by letter goes on from the row before ("R-A-N-" / "A."), and
            # so does a caption's line of many marks under a row its mark would not have fitted
            # on (">> here >> present" / ">> here"): no turn.
            spelled_on = previous is not None and layout.spelled_goes_on(previous.full_text, text)
            turn = _row_turn(text, named)
            marks_on = (
                turn is not None
                and turn.speaker == UNNAMED_SPEAKER
                and previous is not None
                and on_page
                and right is not None
                and previous.full_text.count(">>") > 1
                and not _ends_short(previous, line, right)
            )
            # A letter alone among the rows ("A."), under a row it would not have fitted on: the
            # speech's word wrapped ("Case number B-F-one-oh-four-four-seven-three-" / "A."), no
            # answer of a transcript of questions and answers.
            letter_on = (
                turn is not None
                and previous is not None
                and right is not None
                and (match := layout.qa_tag.match(text)) is not None
                and answer_rows[match.group("speaker")] == 1
                and not _ends_short(previous, line, right)
            )
            opens_turn = turn is not None and not (spelled_on or marks_on or letter_on)
            # Far right of the text's left edge, as a heading or a divider is centred ("--oOo--").
            centred_row = right is not None and line.full_x0 > left + (right - left) * CENTRED_SHARE
            # (a caption cue's number over its timing row opens a paragraph too)
            # (and so does a line of a line-numbered text printed again, and its page number)
            opens = (
                stamped
                or opens_turn
                or row_index in cues | stamped_notes
                or row_index in text_lines | text_pages
            )
            if previous is None or not paragraphs or opens or _heading(paragraphs[-1], named):
                new_paragraph = True
            elif _tag_alone(paragraphs[-1], named) and (
                line.full_x0 > previous.full_x0 + INDENT_MIN / 2
                or (right is not None and line.full_x1 > left + (right - left) * FULL_ROW)
            ):
                # The speech under a tag printed on a row of its own: indented under it or
                # filling its row ("PANEL PRESENT:" over a list of short rows is a heading).
                new_paragraph = False
            elif (
                centred_row
                and sum(abs(other.full_x0 - line.full_x0) <= ALIGNED for other in aligned_with) <= 2
                and not any(
                    abs(line.full_x0 - word.x0) <= ALIGNED for word in (*previous.margin, *previous.words)
                )
                and _row_turn(previous.full_text, named) is None
            ):
                # A row far right of the text's edge where no other rows of the page start (a
                # hanging indent's tab stop) nor a word of the row above, under a row that opens
                # no turn (a tag too long for the tab stop pushes the speech past it), is no
                # wrapped row, however full that row was: a centred heading, a page number the
                # text prints ("41").
                new_paragraph = True
            elif right is not None and _ends_short(previous, line, right):
                new_paragraph = True  # the next word would have fitted: the paragraph ended
            elif is_notice_row(text) and _mostly_lower(previous.full_text):
                # Capitals under speech in lower case (a notice read into the record, "DECISION"),
                # under a full row and over the page break too, as in a text file (`turns.py`): a
                # row mostly in lower case, as on numbered rows, not captions in capitals whose
                # row holds an "(inaudible)".
                new_paragraph = True
            elif not on_page:
                new_paragraph = right is None  # a paragraph goes on over the page break
            else:
                new_paragraph = (line.top - previous.top > row_gap * PARAGRAPH_GAP) or (
                    right is None and line.full_x0 > left + INDENT_MIN
                )
            if new_paragraph:
                if on_page and row_gap > 0:
                    spacing[len(paragraphs)] = (line.top - previous.top, row_height(row_gap, line))
                elif not on_page:
                    page_tops.add(len(paragraphs))
                if (centred_row and not opens_turn) or row_index in text_pages:
                    centred.add(len(paragraphs))
                if row_index in cues:
                    cue_starts.add(len(paragraphs))
                paragraphs.append([])
            paragraphs[-1].append((page.sheet, n, text))
            previous, on_page = line, True

    # An empty row between paragraphs, after the dialogue's first turn, ends the turn as a
    # blank line does in a text file ("[End of recording.]", a page number on a row of its
    # own in the speech).
    turn_starts = [layout.turn_of(rows[0][2], named) is not None for rows in paragraphs]
    # Paragraphs of speech in lower case under a turn's, no heading nor parenthetical.
    speech_on: set[int] = set()
    for i, rows in enumerate(paragraphs[1:], 1):
        if (
            not turn_starts[i]
            and i not in centred
            and (turn_starts[i - 1] or i - 1 in speech_on)
            and _mostly_lower(rows[0][2])
            and layout.parenthetical_at(rows[0][2]) is None
        ):
            speech_on.add(i)
    first_turn = next((i for i, opens in enumerate(turn_starts) if opens), len(paragraphs))
    # A blank line stands over every cue's number in a caption file, at a page's top too.
    after_blank = after_empty_rows(spacing, page_tops, speech_on, first_turn) | cue_starts
    # A note in square brackets alone at a page's top, under a row that ended short, stood a
    # blank line apart: the page break hides the empty row ("[... 00:07:40 to 01:04:10 not
    # ordered ...]"), as on numbered pages.
    after_blank |= {
        i
        for i in page_tops
        if i > first_turn and len(paragraphs[i]) == 1 and _bracket_note(paragraphs[i][0][2])
    }
    inline = inline_parentheticals(row_text for rows in paragraphs for _, _, row_text in rows)
    parts = [
        (i in after_blank and not k, i in centred and not k, part)
        for i, rows in enumerate(paragraphs)
        for k, part in enumerate(parenthetical_apart(rows, inline))
    ]
    words = printed_words(row_text for _, _, rows in parts for _, _, row_text in rows)
    heads = (*named, *tags_alone_between([rows[0][2] for _, _, rows in parts], named))
    entries: list[tuple[int, int, int]] = []
    texts = []
    offset = 0
    for n, (blank, indented, rows) in enumerate(parts):
        before = parts[n - 1][2] if n else []
        if blank and texts and not (len(before) == 1 and _heads_speech(before[0][2], heads)):
            # An empty row ends a turn as a blank line does, but under a tag alone ("speaker 1  0:06").
            texts.append("")
            offset += 1
        text, starts = join_wrapped([row_text for _, _, row_text in rows], words)
        if indented:
            text = " " * CENTRED_INDENT + text
            starts = tuple(start + CENTRED_INDENT for start in starts)
        entries.extend((offset + s, page, n) for s, (page, n, _) in zip(starts, rows, strict=True))
        texts.append(text)
        offset += len(text) + 1
    text = "\n".join(texts)
    # A transcript printed without line numbers (an interview, a call) still has its turns.
    structure = read_structure(text)
    note = "No hearing transcript layout (line numbers) found: imported as plain paragraphs"
    return Document(
        id=path.stem,
        text=text,
        source_path=str(path),
        sha256=sha256,
        utterances=structure.utterances if structure else (),
        sections=structure.sections if structure else (Section("text", 0, len(text)),),
        page_map=PageMap(tuple(entries)),
        metadata=structure.metadata if structure else HearingMetadata(),
        notes=(note + (f", {len(structure.utterances)} speaker turns found." if structure else "."),),
    )


# A document with this many rows that are only a time has timestamps on rows of their own.
MIN_TIMESTAMP_ROWS = 3
# A page with fewer rows than this shows no left edge of its own.
MIN_EDGE_ROWS = 3
# Rows that start within this many points of each other are aligned.
ALIGNED = 1.0
# A row reaching this share of the text's width from its left edge fills it.
FULL_ROW = 0.9
# Rows further apart than this many times the rows of a paragraph are in different paragraphs.
PARAGRAPH_GAP = 1.2


# The right margin is measured where enough rows of several words show it.
MIN_MARGIN_ROWS = 10


def _right_margin(lines: Sequence[PrintedLine]) -> float | None:
    """Where the rows end: the 90th percentile of the right ends of rows of three
    words or more, or None where too few rows show it."""
    ends = sorted(line.words[-1].x1 for line in lines if len(line.words) >= 3)
    if len(ends) < MIN_MARGIN_ROWS:
        return None
    return ends[int(len(ends) * 0.9)]


def _ends_short(previous: PrintedLine, line: PrintedLine, right: float, margin: bool = True) -> bool:
    """Whether `line`'s first word (its margin number's, with `margin`) would have fitted
    at the end of `previous` (with a space of a third of the type's height): a row that
    ends so is a paragraph's last."""
    first = (*line.margin, *line.words)[0] if margin else line.words[0]
    space = (first.bottom - first.top) / 3
    return previous.full_x1 + space + (first.x1 - first.x0) < right - 1


def _row_turn(text: str, named: Sequence[str]) -> Turn | None:
    """The turn a row of a page without line numbers opens: a tag the text importer takes
    on any line, a name in mixed case that opens two turns or more (`named`), a caption's
    mark, or a name and a time heading the speech under it ("Speaker B  0:09", a speaker who
    speaks once too: such a row is a line of its own, as meeting software exports it)."""
    turn = hearing_layout().turn_of(text, named, named=True)
    return turn if turn is not None and (not turn.named or turn.marked or turn.speech_below) else None


def _heads_speech(text: str, named: Sequence[str]) -> bool:
    """Whether a row is only a tag, its speech on the rows under it ("MS. RICH:", "speaker 1
    0:06"): an empty row under it is no blank line between turns."""
    turn = _row_turn(text, named)
    return bare_tag(text, named) or (turn is not None and turn.speech_below)


def _heading(rows: Sequence[tuple[int, int, str]], named: Sequence[str]) -> bool:
    """Whether a paragraph is a name and a time alone ("Owen Castellano  0:11"): a line of its
    own over the speech, whatever the spacing of the rows under it."""
    turn = _row_turn(rows[0][2], named) if len(rows) == 1 else None
    return turn is not None and turn.speech_below


def _tag_alone(rows: Sequence[tuple[int, int, str]], named: Sequence[str]) -> bool:
    """Whether a paragraph is only a speaker's tag ("MS. RICH:" on a row of its own); a name and
    a time ("speaker 1  0:00:06") stay a line of their own, as meeting software exports them."""
    turn = tag_row(rows[0][2], named) if len(rows) == 1 else None
    return turn is not None and not turn.speech_below
