"""The numbered rows of a hearing PDF's body grouped into lines (`pdf.py`).

The PDF importer tells, for each numbered row of the body, how it stands against the
rows around it (`BodyRow`: in the tags' column, centred, after a row that ended
short, capitals under speech); `body_lines` groups the rows into the body's lines
(a turn and its wrapped rows, a parenthetical, a heading), and splits off the
decision notice after the last turn and a certificate that starts inside the body.
Only text and places here: no PDF geometry.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.importers.hearing import SourceLine, Turn, hearing_layout, is_notice_row


@dataclass(frozen=True)
class BodyRow:
    """A numbered row of the body and how it stands against the rows around it."""

    source: SourceLine  # text "" for a blank row
    at_tags: bool  # in the column where the turns' tags start
    centred: bool  # far right of it, as a centred heading
    after_short: bool  # the row before ended where the next word would have fitted
    # In capitals under speech in lower case, in the tags' column (apart from the wrapped
    # rows) or a notice's row filling its row: a notice read into the record ("IN THE
    # MATTER OF ...") or a heading ("DECISION"), no wrapped row.
    notice_under_speech: bool = False
    # The row before was full: this row's first word would not have fitted on it.
    after_full: bool = False
    # The row opens a line of a line-numbered transcript saved as text and printed again ("13
    # PRESIDING COMMISSIONER STONE: I'm", "14 S-T-O-N-E."), its number the text's.
    text_line: bool = False


def body_lines(
    rows: Sequence[BodyRow], known: Sequence[str]
) -> tuple[list[list[SourceLine]], list[SourceLine], list[SourceLine]]:
    """The body's rows grouped into lines,
    and the rows of the decision notice.

    A turn starts at a row with a speaker tag in the tags' column; a row that says who
    examines ("BY MR. VASQUEZ:") is a line of its own. A parenthetical that
    fills rows of its own ("(Off the record.)") is a line of its own, unless the
    row after it goes on with the turn before it (it was inside the speech). A
    decision-page footer on a numbered row belongs to the decision notice, and so
    do the ALL-CAPS rows after the last turn ("PAROLE DENIED - THREE YEARS").

    A blank numbered row ends a paragraph: the row after it that starts no turn is
    a line of its own, and one headed as a certificate ("REPORTER'S CERTIFICATE")
    starts the certificate, returned third with the rows after it. So does a
    centred row (a heading) and a timestamped or capitals row after one that ended
    short ("[14:07:53] Recording ends.", a notice under the last turn)."""
    layout = hearing_layout()
    inline = inline_parentheticals(row.source.text for row in rows)
    said = Counter(layout.speaker_of(row.source.text, known) for row in rows if row.at_tags)
    lines: list[list[SourceLine]] = []
    decision: list[SourceLine] = []
    parenthetical = False  # the last line is a parenthetical
    open_parenthetical = False  # ... whose closing bracket is still to come
    after_blank = False  # a blank row stands between this row and the last
    apart = False  # the last line is a whole parenthetical after a blank row
    footer = False  # the last row is a decision-page footer's
    for n, row in enumerate(rows):
        source, at_tags = row.source, row.at_tags
        text = source.text
        if not text:
            after_blank = bool(lines)
            continue
        after_apart, apart = apart, False
        if after_blank and layout.certificate_heading.match(text):
            lines, notice = _without_notice(lines, known)
            closing = [later.source for later in rows[n:] if later.source.text]
            return lines, sorted([*decision, *notice], key=lambda s: (s.page, s.line)), closing
        blank_before, after_blank = after_blank, False
        # A name spelled letter by letter goes on from the row before ("R-A-N-" / "A."): no turn.
        spelled_on = bool(lines) and layout.spelled_goes_on(lines[-1][-1].text, text)
        opens_parenthetical = layout.parenthetical_at(text) is not None
        footer_before, footer = footer, False
        if layout.decision_footer.search(text) and not _read_as_speech(text, lines, known):
            decision.append(source)
            footer = True
        elif footer_before and row.after_full and len(text.split()) <= 2 and not any(map(str.isalpha, text)):
            decision.append(source)  # the footer's row wrapped ("... DECISION PAGE 2" / "11/12/2026")
        elif layout.examiner_line.match(text) and not (lines and _tag_only(lines[-1], known)):
            # "BY MR. VASQUEZ:", flush left over the questions: a line of its own, no turn (under
            # a tag on a row of its own, "Q." / "BY MS. OKAFOR: Who keeps it?", the speech).
            lines.append([source])
            parenthetical = open_parenthetical = False
        elif (at_tags and _opens_turn(text, known, said) and not spelled_on) or not lines:
            lines.append([source])  # a turn ends even a parenthetical left open
            parenthetical = open_parenthetical = False
        elif len(lines[-1]) == 1 and bare_tag(lines[-1][0].text, known):
            # The speech under a tag on a row of its own, whatever it is ("(Crying.)").
            lines[-1].append(source)
            open_parenthetical = opens_parenthetical and not layout.parenthetical_end.search(text)
        elif blank_before:
            # A paragraph of its own ("EXAMINATION", "DECISION", a parenthetical), never
            # inside the turn before.
            lines.append([source])
            parenthetical = False
            open_parenthetical = opens_parenthetical and not layout.parenthetical_end.search(text)
            apart = opens_parenthetical and bool(layout.parenthetical_end.search(text))
        elif after_apart:
            # Nothing goes on with a parenthetical that stands apart ("(End of recording.)"),
            # even where the blank row after it fell at a page's end.
            lines.append([source])
        elif open_parenthetical:
            lines[-1].append(source)
            open_parenthetical = not layout.parenthetical_end.search(text)
        elif (
            row.after_full
            and layout.is_parenthetical(text)
            and " " not in text
            and text.lower().rstrip(".") in inline
            and _speech(lines[-1], known)
        ):
            # A parenthetical of one word wrapped from the turn's full row above ("Harold.
            # Harry." / "(Inaudible.)"), of a kind the document prints inside speech
            # elsewhere: the speech's, even at the turn's end ("(Laughter.)", which it
            # prints only on rows of its own, stays a line of its own).
            lines[-1].append(source)
        elif opens_parenthetical:
            # (after a line number the row prints too: "12 (Interpreter sworn.)", a line-numbered
            # page saved as text and printed again)
            lines.append([source])
            parenthetical = True
            open_parenthetical = not layout.parenthetical_end.search(text)
        elif (
            parenthetical
            and len(lines) > 1
            and not is_notice_row(text)
            and not (row.centred or row.notice_under_speech or row.text_line)
        ):
            # The parenthetical stood inside the turn: it and this row go back to it.
            lines[-2].extend([*lines.pop(), source])
            parenthetical = False
        elif row.centred or row.after_short or row.notice_under_speech or (parenthetical and row.text_line):
            # (a text's line under a parenthetical on a line of its own, as the text file has it,
            # goes back to no turn: "12 (Interpreter sworn.)" / "13 I'm Corinne Stone")
            lines.append([source])
            parenthetical = False
        else:
            lines[-1].append(source)
    lines, notice = _without_notice(lines, known)
    return lines, sorted([*decision, *notice], key=lambda source: (source.page, source.line)), []


def _without_notice(
    lines: list[list[SourceLine]], known: Sequence[str]
) -> tuple[list[list[SourceLine]], list[SourceLine]]:
    """The lines without the ALL-CAPS rows at the end of the body, and those rows.
    A turn of a speaker who spoke before, or of a cover name, is speech, whatever its case."""
    layout = hearing_layout()
    speakers = {layout.speaker_of(rows[0].text, known) for rows in lines[:-1]} | set(known)
    speakers.discard(None)
    notice: list[SourceLine] = []
    while lines:
        rows = lines[-1]
        first = len(rows)
        # A notice's last row may hold one word in capitals ("TITLE 15."): a row without
        # a lower-case letter under a notice row is the notice's too.
        if first > 1 and is_notice_row(rows[-2].text) and not any(c.islower() for c in rows[-1].text):
            first -= 1
        while first > 0 and is_notice_row(rows[first - 1].text):
            first -= 1
        if first == len(rows):
            break
        # Under a tag on a row of its own (">>", "MS. RICH:"), capitals are the turn's speech.
        opening = 1 if bare_tag(rows[0].text, known) else 0
        # A parenthetical after the last turn is the transcriber's ("(WHEREUPON, THE HEARING WAS
        # CONCLUDED.)"), but under a notice's heading it is the notice's ("PAROLE DENIED - THREE
        # YEARS" / "(BY STIPULATION)"), as a text file's block of capitals has it.
        under_notice = len(lines) > 1 and _notice_heading(lines[-2], known)
        if first <= opening and (
            layout.speaker_of(rows[0].text, known) in speakers
            or (layout.is_parenthetical(rows[0].text) and not under_notice)
        ):
            break
        notice = rows[first:] + notice
        if first:
            lines[-1] = rows[:first]
            break
        lines.pop()
    return lines, notice


def _tag_only(rows: Sequence[SourceLine], known: Sequence[str]) -> bool:
    """Whether a line is one row holding a speaker's tag and nothing after it ("MS. RICH:", "Q.")."""
    if len(rows) != 1:
        return False
    turn = hearing_layout().turn_of(rows[0].text, known)
    return turn is not None and not rows[0].text[turn.tag_start + len(turn.speaker) :].strip(" .:")


def _notice_heading(rows: Sequence[SourceLine], known: Sequence[str]) -> bool:
    """Whether a line is a notice's row in capitals and no turn or parenthetical of its own."""
    layout = hearing_layout()
    text = rows[0].text
    return (
        all(is_notice_row(row.text) for row in rows)
        and layout.speaker_of(text, known) is None
        and not layout.parenthetical_start.match(text)
    )


def _read_as_speech(footer: str, lines: Sequence[Sequence[SourceLine]], known: Sequence[str]) -> bool:
    """Whether a decision-page footer row stands inside a turn's speech in lower case and is
    not in capitals ("NAME  CDCR No. AB1234  DECISION PAGE 1  date" among the rows of a
    decision read aloud): a text file goes on with the turn over such a line, and so does the
    PDF (no text is lost either way); under a notice in capitals it is the notice's."""
    return (
        bool(lines)
        and any(c.islower() for c in footer)
        and any(c.islower() for c in lines[-1][-1].text)
        and _speech(lines[-1], known)
    )


def _opens_turn(text: str, known: Sequence[str], said: Counter) -> bool:
    """Whether a row in the tags' column opens a turn: it has a speaker's tag, and unless
    the row is in capitals, whatever its speaker: a tag in capitals over capitals opens a
    turn of a speaker who speaks twice or more, a cover name or a caption's (">> MS. DORAN:
    OBJECTION."), as the text importer reads it (`turns.py`); else it is a notice's row
    ("CONSIDERATION TO THE ELDERLY PAROLE FACTORS: HIS AGE OF 77"), but for a tag that names a
    person by a title or a role, as the text importer reads it too ("DEPUTY COMMISSIONER KOVAC:
    H0W L0NG HAVE Y0U BEEN AT CTF?" once in a hearing typed in capitals)."""
    layout = hearing_layout()
    turn = layout.turn_of(text, known)
    if turn is None:
        return False
    return (
        turn.marked
        or any(c.islower() for c in text)
        or said[turn.speaker] > 1
        or turn.speaker in known
        or bool(layout.person_tag.search(turn.speaker))
    )


def inline_parentheticals(texts: Iterable[str]) -> frozenset[str]:
    """The parentheticals of one word that rows print after speech or a tag on the same row
    ("I said (inaudible) to him", "MR. ROE: (Inaudible.) Ray"), in lower case."""
    return frozenset(
        match.group(1).lower().rstrip(".") for text in texts for match in _AFTER_SPEECH.finditer(text)
    )


def parenthetical_apart(
    rows: list[tuple[int, int, str]], inline: frozenset[str]
) -> list[list[tuple[int, int, str]]]:
    """A paragraph whose last row is a whole parenthetical after the end of a sentence
    ("... the hearing. The time is 11:52." / "(Whereupon, the hearing was concluded.)"), or
    of one broken off ("Marisol, let me --" / "(Whereupon, the video connection was lost.)"),
    with nothing after it in the paragraph, split into the speech and the parenthetical. A
    parenthetical of one word of a kind the document prints inside speech elsewhere
    (`inline`: "(UI)" in "It got quiet. (UI) I hear the door.") was wrapped from the row
    above, and stays the speech's, as on numbered pages (`body_lines`)."""
    layout = hearing_layout()
    last = rows[-1][2]
    if (
        len(rows) > 1
        and layout.is_parenthetical(last)
        and rows[-2][2].rstrip().endswith((".", "?", "!", '"', "--", "\u2014"))
        and not (" " not in last and last.lower().rstrip(".") in inline)
    ):
        return [rows[:-1], rows[-1:]]
    return [rows]


# A parenthetical of one word after a word, a tag's colon or a dash on the same row ("It's --
# (UI) in my wallet").
_AFTER_SPEECH = re.compile(r"(?:\w[,.?!:]?|--)\s+(\([^()\s]+\)[.]?)")


def _speech(rows: Sequence[SourceLine], known: Sequence[str]) -> bool:
    """Whether a line is a speaker's turn."""
    return hearing_layout().speaker_of(rows[0].text, known) is not None


def bare_tag(text: str, known: Sequence[str] = ()) -> bool:
    """Whether a row is only a speaker's tag ("MS. RICH:" on a row of its own, a known
    speaker's name and a time: "speaker 2 0:00:31"), or only a caption's change-of-speaker
    mark (">>"), the speech on the rows under it."""
    return tag_row(text, known) is not None


def tag_row(text: str, known: Sequence[str] = ()) -> Turn | None:
    """The turn a row that is only a speaker's tag opens (see `bare_tag`), or None: its
    `speech_below` tells a heading of its own ("speaker 2 0:00:31") from a tag whose row
    broke before its speech ("MS. RICH:")."""
    stripped = text.strip()
    turn = hearing_layout().turn_of(text, known)
    if turn is None:
        return None
    if stripped.startswith(">>") and not stripped.strip(">"):
        return turn
    if turn.speech_at is not None:
        return None if text[turn.speech_at :].strip() else turn
    # Nothing after the tag's colon: speech that ends in one is no tag alone ('MR. ORTIZ: "To
    # the family of Marisol Fuentes:' opens a letter read into the record).
    bare = stripped.endswith(":") and not text[turn.tag_start + len(turn.speaker) + 1 :].strip()
    return turn if bare else None


def tags_alone_between(texts: Sequence[str], named: Sequence[str]) -> tuple[str, ...]:
    """The speakers named in mixed case whose tag stands alone on a row between the rows of the
    `named` speakers' tags (who speak twice or more), in a document where those tags mostly stand
    alone over their speech: a speaker who answers once ("Keisha Pollard-Reed:" over "That's
    fine.", where "Curtis Whitfield:" stands so over each of his answers), whose tag heads the
    speech under it as theirs do, as the text importer takes it between such turns (`turns.py`)."""
    layout = hearing_layout()
    rows = [(i, turn) for i, text in enumerate(texts) if (turn := layout.turn_of(text, named, named=True))]
    of_named = [i for i, turn in rows if turn.speaker in named]
    if sum(bare_tag(texts[i], named) for i in of_named) * 2 <= len(of_named):
        return ()
    low, high = of_named[0], of_named[-1]
    return tuple(
        dict.fromkeys(
            turn.speaker
            for i, turn in rows
            if turn.named
            and low < i < high
            and turn.speaker not in named
            and bare_tag(texts[i], (turn.speaker,))
        )
    )
