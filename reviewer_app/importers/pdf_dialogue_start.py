"""Where the dialogue of a PDF with line numbers starts (`pdf.py`): the first turn of a speaker
with two turns or more, or the turn right before it of a speaker who says one thing, as the
text importer takes such a turn (`turns.py`: the line next to a turn), on the cover's page, over
a page break, or in a transcript where no speaker speaks twice."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reviewer_app.importers.hearing import hearing_layout
from reviewer_app.importers.pdf_body import bare_tag
from reviewer_app.importers.pdf_pages import PdfPage, PrintedLine


def turn_before(
    rows: Sequence[tuple[PdfPage, PrintedLine]],
    first: int,
    at_tags: Callable[[PrintedLine], bool],
    named: Sequence[str],
) -> int:
    """Where the dialogue starts, given its first turn of a speaker with two turns or
    more at `first`: at the turn right before it of a speaker who says one thing, in
    lower case ("MR. VASQUEZ: Emilio Vasquez for the plaintiff."), as the text importer
    takes it (`turns.py`: the line next to a turn, blank lines aside); the rows between
    are that turn's wrapped rows, and the blank rows under them."""
    layout = hearing_layout()
    i = first - 1
    while i >= 0 and not rows[i][1].words:
        i -= 1  # blank rows between turns, as a text file leaves blank lines between them
    while i >= 0 and rows[i][1].words and not at_tags(rows[i][1]):
        i -= 1
    if i > 0 and layout.speaker_of(rows[i][1].text, named) is None and _tags_alone(rows, at_tags, named):
        # Speech under a tag alone, flush with the tag ("Speaker 1:" / "[00:00:04] Okay, we're
        # back"), where the turns put their tags so (elsewhere a tag alone heads a list: "PANEL
        # PRESENT:"): its rows up from the last, and the empty row some layouts print under the tag.
        tag = i
        while tag > 0 and rows[tag - 1][1].words and layout.speaker_of(rows[tag - 1][1].text, named) is None:
            tag -= 1
        tag -= 1
        while tag > 0 and not rows[tag][1].words:
            tag -= 1
        if tag >= 0 and bare_tag(rows[tag][1].text, named):
            i = tag
    if i < 0 or not rows[i][1].words:
        return first
    text = rows[i][1].text
    if layout.speaker_of(text, named) is None or layout.examiner_line.match(text):
        return first
    speech = [line.text for _, line in rows[i:first]]
    return i if any(c.islower() for c in "".join(speech)) else first


def turn_closing_the_cover(
    cover_rows: Sequence[tuple[PdfPage, PrintedLine]],
    rows: Sequence[tuple[PdfPage, PrintedLine]],
    speakers: set[str],
    at_tags: Callable[[PrintedLine], bool],
    named: Sequence[str],
) -> PrintedLine | None:
    """The cover page's row where the dialogue starts when it starts there with the one turn of a
    speaker who says one thing, the first turn of a speaker with more on the next page (the
    presiding commissioner opens, the deputy takes over overleaf, where smaller pages break
    sooner): `turn_before` across the page break. None where the cover holds no such turn."""
    first_row = next(
        (
            i
            for i, (_, line) in enumerate(rows)
            if line.words and at_tags(line) and hearing_layout().speaker_of(line.text, named) in speakers
        ),
        None,
    )
    if first_row is None:
        return None
    at = turn_before([*cover_rows, *rows], len(cover_rows) + first_row, at_tags, named)
    return cover_rows[at][1] if at < len(cover_rows) else None


def turns_next_to_turns(
    rows: Sequence[tuple[PdfPage, PrintedLine]], at_tags: Callable[[PrintedLine], bool], named: Sequence[str]
) -> set[str]:
    """The speakers of the turns among `rows` that speak in lower case next to another turn (the
    row where turns start before or after it, its wrapped rows and blank rows aside, opens one):
    the turns `turns.py` takes in a transcript where no speaker has two ("PANEL PRESENT:" over
    the panel's names is none)."""
    layout = hearing_layout()
    starts = [i for i, (_, line) in enumerate(rows) if line.words and at_tags(line)]
    tags = {
        i: speaker
        for i in starts
        if (speaker := layout.speaker_of(rows[i][1].text, named)) is not None
        and not layout.examiner_line.match(rows[i][1].text)
    }
    return {
        tags[i]
        for before, i, after in zip([None, *starts], starts, [*starts[1:], None], strict=False)
        if i in tags and (before in tags or after in tags) and _speaks_in_lower_case(rows, i, at_tags)
    }


def _speaks_in_lower_case(
    rows: Sequence[tuple[PdfPage, PrintedLine]], i: int, at_tags: Callable[[PrintedLine], bool]
) -> bool:
    """Whether the turn whose tag opens row i speaks in lower case, on its row or the rows it
    wraps to (a tag on a row of its own, "THE WITNESS:", speaks on those under it), as
    `turns.py` asks of a speaker who says one thing."""
    end = i + 1
    while end < len(rows) and rows[end][1].words and not at_tags(rows[end][1]):
        end += 1
    return any(c.islower() for _, line in rows[i:end] for c in line.text)


def _tags_alone(
    rows: Sequence[tuple[PdfPage, PrintedLine]], at_tags: Callable[[PrintedLine], bool], named: Sequence[str]
) -> bool:
    """Whether most of the turns among `rows` are a tag alone over speech flush with it, as a text
    whose tags stand on lines of their own prints (a layout that sets each tag apart indents
    the speech under it)."""
    layout = hearing_layout()
    texts = [k for k, (_, line) in enumerate(rows) if line.words]
    turns = [k for k in texts if at_tags(rows[k][1]) and layout.speaker_of(rows[k][1].text, named)]
    flush = 0
    for k, below in zip(texts, [*texts[1:], None], strict=True):
        if k in turns and bare_tag(rows[k][1].text, named) and below is not None:
            under = rows[below][1]
            flush += at_tags(under) and layout.speaker_of(under.text, named) is None
    return flush * 2 > len(turns)
