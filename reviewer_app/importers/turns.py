"""Speaker turns and sections of a transcript in a layout other than the canonical
one (`core/document.py`): text as people type it or programs export it, read
without changing a character.

A line starts a turn when `HearingLayout.turn_of` finds a speaker tag on it,
after indentation and a recorder's timestamp ("[14:02:11] DET. HARLAN:", "Q.",
"speaker 1:", "MARISOL:", "Speaker 1 (00:03):"). A tag counts where it is a
transcript's and not a heading's ("PANEL PRESENT:", "APPEARANCES OF COUNSEL:"):
its speaker has two turns or more; or, for a speaker who says one thing, the line
next to it (blank lines aside, and a parenthetical among lines without blank ones
between) is the turn of such a speaker or it stands between turns; or it opens
with a caption's change-of-speaker mark (">>") in a text that has more of them; or it is
laid out as a program exports speech, in a text that has more such lines: a name and a
time on a line of their own over the speech ("Owen Castellano  0:11"), a recorder's
timestamp before the tag ("[00:00:06] Owen: yes"). A line in
capitals counts by the first rule only, so that a notice ("THIS DECISION WILL BE
FINAL ON: JUNE 5") is no turn; a name in mixed case ("Ms. Diaz:") by the first
rule, or between turns in a transcript that names its speakers so. A line saying
who examines ("BY MR. VASQUEZ:") is no turn.

- the body runs from the first turn to the last one, with the parentheticals
  ("(Off the record.)") and timestamped lines ("[14:07:53] Recording ends.") that
  follow it, and the examiner line over the first turn; every line between is in
  it, headings ("DECISION", "EXAMINATION"), decision notices, page footers and
  examiner lines included, so that no single unexpected line takes the
  transcript's structure away;
- a caption file pasted into a text keeps its cues' numbers and timings in the body, in
  no utterance, and a WebVTT voice's closing tag ("</v>") ends no speech;
- an utterance is a turn's line from its tag on, with the lines that go on with
  its speech (no blank line, timestamp or new tag between, not a heading in
  capitals under speech in lower case, not centred far right of the turn);
  a parenthetical on a line of its own, after its line number too ("12   (Off the
  record.)"), is an utterance with speaker "";
- what stands before the body is the "cover"; after it, a first block in
  capitals (not headed as a certificate) is the "decision" and the rest the
  "certificate", as in the canonical layout.

The cover's metadata is kept only when it names a hearing (`cover_metadata`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from reviewer_app.core.document import HearingMetadata, Section, Utterance
from reviewer_app.importers.form_records import record_fields
from reviewer_app.importers.hearing import Turn, cover_metadata, hearing_layout, speech_end

# A line indented this much further than its turn's line is centred: a heading.
CENTRED_INDENT = 10
# The most words a line in capitals may hold to end a sentence broken off over it ("16  CGA?"):
# a notice's row is longer.
MAX_CAPITALS_END_WORDS = 4
# A line number alone, or before no word (no two letters in a row): "24", "4   --o0o--".
_NUMBERED_NO_WORD = re.compile(r"\d{1,2}(?:\s+(?:(?![^\W\d_]{2})\S)*)?")


@dataclass(frozen=True)
class TextStructure:
    utterances: tuple[Utterance, ...]
    sections: tuple[Section, ...]
    metadata: HearingMetadata


@dataclass(frozen=True)
class _Line:
    text: str
    start: int  # offset of the line in the text
    indent: int

    @property
    def stripped(self) -> str:
        return self.text.strip()

    @property
    def end(self) -> int:
        return self.start + len(self.text.rstrip())


def read_structure(text: str) -> TextStructure | None:
    """The turns and sections of `text`, or None when it has no speaker turns."""
    lines, offset = [], 0
    for raw in text.split("\n"):
        lines.append(_Line(raw, offset, len(raw) - len(raw.lstrip())))
        offset += len(raw) + 1
    turns, fields = _turns(lines, ())
    if not turns:
        return None
    first = min(turns)
    cover = [line.stripped for line in lines[:first] if line.stripped]
    metadata = cover_metadata(cover) if cover else HearingMetadata()
    if metadata.names():
        # The cover's names are speaker tags in any case ("Daniel McCoy:").
        turns, fields = _turns(lines, metadata.names())
        first = min(turns)
    utterances, body_end = _body(lines, turns, first, fields)
    while first > 0 and hearing_layout().examiner_line.match(lines[first - 1].stripped):
        first -= 1  # "BY MR. VASQUEZ:" over the first question opens the body
    sections = []
    cover_lines = [line for line in lines[:first] if line.stripped]
    if cover_lines:
        sections.append(_section("cover", cover_lines))
    sections.append(_section("body", [lines[first], lines[body_end]]))
    sections.extend(_tail(lines[body_end + 1 :]))
    return TextStructure(tuple(utterances), tuple(sections), metadata)


def _turns(lines: list[_Line], known: tuple[str, ...]) -> tuple[dict[int, Turn], frozenset[int]]:
    """The lines (by index) that start a transcript's turn, and those that hold a written
    record's field ("Received: 11/12/2026 8:14 AM", `form_records.py`), no turn."""
    layout = hearing_layout()
    candidates: dict[int, Turn] = {}
    for i, line in enumerate(lines):
        if line.stripped and not layout.examiner_line.match(line.stripped):
            turn = layout.turn_of(line.text, known, named=True)
            if turn is not None:
                candidates[i] = turn
    fields = record_fields([line.text for line in lines], candidates)
    candidates = {i: turn for i, turn in candidates.items() if i not in fields}
    counts = Counter(turn.speaker for turn in candidates.values())
    repeated = {i for i, turn in candidates.items() if counts[turn.speaker] > 1}
    # A name in mixed case said once is no tag but between turns of such names.
    tagged = {i for i, turn in candidates.items() if not turn.named or i in repeated}
    anchors = repeated or tagged
    # A turn's neighbours are the lines next to it, blank lines aside, and parentheticals
    # among lines without blank ones between: the last speaker's one turn right under "(Off the
    # record.)" stands next to the turn over it, as in a canonical text's block of turns.
    texts = [i for i, line in enumerate(lines) if line.stripped and not _inside_block(lines, i)]
    neighbours = {i: (a, b) for a, i, b in zip([None, *texts], texts, [*texts[1:], None], strict=False)}
    alone = {i for i, turn in candidates.items() if _tag_alone(lines[i], turn)}
    if len(alone & repeated) * 2 <= len(repeated):
        alone = {i for i in alone if layout.generic_tag.match(lines[i].stripped)}
    for i in alone:
        if i in neighbours:
            # Where the turns put their tags on lines of their own, or under a speaker's label
            # ("Speaker 1:", also where a PDF's rows joined the named tags with their speech), the
            # speech under a tag is the turn's ("Speaker 1:" / "[00:00:04] Okay, we're back"): the
            # line next to the turn is the one after that speech. Elsewhere a tag alone heads a
            # list ("PANEL PRESENT:").
            after = next((k for k in texts if k > i + 1 and not lines[k - 1].stripped), None)
            neighbours[i] = (neighbours[i][0], after)
    # A turn in capitals is one between turns where its tag names a person ("MS. DELACROIX-HUNT:
    # HI, DAD."); a notice's lead-in names none ("THIS DECISION WILL BE FINAL ON: JUNE 5").
    quiet = {
        i
        for i, turn in candidates.items()
        if _speech_in_lower_case(lines, i) or layout.person_tag.search(turn.speaker)
    }
    confirmed = repeated | {
        i for i in quiet & tagged if any(n in anchors for n in neighbours.get(i, (None, None)))
    }
    marked = {i for i, turn in candidates.items() if turn.marked}
    if len(marked) > 1:
        # Captions mark every change of speaker (">>"): a speaker they name once is one too
        # (">> COMMISSIONER PIKE: GOOD MORNING." in captions in capitals).
        confirmed |= marked
    voiced = {i for i, turn in candidates.items() if turn.voiced}
    if len(voiced) > 1:
        # A WebVTT file's voice tags name each cue's speaker, whoever speaks once, whatever the
        # name holds ("<v Irena Kowalski, Esq.>").
        confirmed |= voiced
    exported = {i for i in candidates if _exported_turn(lines, i, candidates)}
    if len(exported) > 1:
        # A program's export names each turn in a layout of its own, whoever speaks once in it.
        confirmed |= exported
    if confirmed:
        # Between turns, a speaker who says one thing is a speaker too ("MR. DUNN: Objection.").
        low, high = min(confirmed), max(confirmed)
        named_speakers = any(candidates[i].named for i in confirmed)
        confirmed |= {
            i for i in quiet if low < i < high and (i in tagged or (named_speakers and candidates[i].named))
        }
        # A name written surname first ("Okafor, Daniel (Guest)") is a tag said once only where the
        # document's tags are written so (one of them recurs); elsewhere a comma's line said once
        # is a sentence's opening ("Yes, Sir:", "However, Mr. Lee:").
        if not any("," in candidates[i].speaker for i in repeated):
            confirmed -= {
                i for i in confirmed if "," in candidates[i].speaker and i not in repeated and i not in voiced
            }
    return {i: candidates[i] for i in sorted(confirmed)}, fields


def _inside_block(lines: list[_Line], i: int) -> bool:
    """Whether line `i` is a parenthetical with lines of text right over and under it."""
    return (
        0 < i < len(lines) - 1
        and bool(lines[i - 1].stripped and lines[i + 1].stripped)
        and hearing_layout().is_parenthetical(lines[i].stripped)
    )


def _tag_alone(line: _Line, turn: Turn) -> bool:
    """Whether `line` holds its turn's tag and nothing after it ("Speaker 2:")."""
    return (
        turn.speech_at is None
        and line.text[turn.tag_start :].rstrip().endswith(":")
        and (line.text[turn.tag_start :].strip()[:-1].strip() == turn.speaker)
    )


def _exported_turn(lines: list[_Line], i: int, candidates: dict[int, Turn]) -> bool:
    """Whether line `i` opens a turn as a program exports speech, not as a heading or a label
    is written: a name and a time on a line of their own over the speech ("Marcus Webb
    0:09", the line under it no such line), or a recorder's timestamp before the tag
    ("[00:00:05] Marcus: hello")."""
    turn = candidates[i]
    if turn.speech_below:
        below = next((k for k in range(i + 1, len(lines)) if lines[k].stripped), None)
        return below is not None and below not in candidates
    stamped = hearing_layout().timestamp_prefix.match(lines[i].stripped)
    return turn.tag_start > lines[i].indent and stamped is not None


def _speech_in_lower_case(lines: list[_Line], i: int) -> bool:
    """Whether the turn on line `i` speaks in lower case: on its line, or for a tag alone
    on its line ("THE COURT:"), on the line under it."""
    if any(c.islower() for c in lines[i].text):
        return True
    alone = lines[i].stripped.endswith(":")
    return alone and i + 1 < len(lines) and any(c.islower() for c in lines[i + 1].text)


def _body(
    lines: list[_Line], turns: dict[int, Turn], first: int, fields: frozenset[int]
) -> tuple[list[Utterance], int]:
    """The body's utterances and the index of its last line; a record's field (`fields`) is a
    line of its own ("Time: 2:20 PM" between turns), no utterance."""
    layout = hearing_layout()
    last_turn = max(turns)
    utterances: list[Utterance] = []
    speech: _Speech | None = None  # the utterance the next line may go on with
    body_end = first
    for i in range(first, len(lines)):
        line = lines[i]
        text = line.stripped
        if not text:
            if not (speech is not None and speech.heading):
                speech = None  # a blank line ends a turn, but not under its heading
            continue
        timestamped = bool(layout.timestamp_prefix.match(text))
        parenthetical_at = layout.parenthetical_at(text)
        parenthetical = parenthetical_at is not None
        # A numbered line of no word after the last turn (a numbered page's empty line, "24", or a
        # divider under the closing parenthetical, "4   --o0o--") ends the page in the body, as
        # it did when the last turn went on over it; no parenthetical left open goes on over it
        # (a page number where the blank line over it fell at a sheet's break: "92").
        wordless = bool(_NUMBERED_NO_WORD.fullmatch(text))
        open_parenthetical = speech is not None and speech.open_parenthetical and not wordless
        # A recorder's stamp opens a line of its own, but under a tag alone it opens the speech
        # ("Speaker 2:" / "[00:03:48] And was the gun with you?").
        goes_on = (
            speech is not None
            and (not timestamped or speech.tag_alone)
            and i not in fields
            and speech.goes_on(line)
        )
        # A caption file's cue number over its timing line (pasted into a text): the captions'.
        cue_number = (
            text.isdigit() and i + 1 < len(lines) and bool(layout.cue_timing.match(lines[i + 1].stripped))
        )
        if i > last_turn and not (
            parenthetical or timestamped or goes_on or open_parenthetical or cue_number or wordless
        ):
            break
        if i in turns:
            turn = turns[i]
            speech_at = None if turn.speech_at is None else line.start + turn.speech_at
            speech = _Speech(turn.speaker, line.start + turn.tag_start, line, utterances, speech_at)
            speech.tag_alone = _tag_alone(line, turn)
            # A heading over the speech a blank line under it ("JUDGE FOR THE RECORD").
            speech.heading = turn.speech_below and not turn.named
        elif open_parenthetical or goes_on:
            speech.extend(line)
            if open_parenthetical and layout.parenthetical_end.search(text):
                speech = None
        elif parenthetical:
            speech = _Speech("", line.start + line.indent + parenthetical_at, line, utterances)
            if layout.parenthetical_end.search(text):
                speech = None
            else:
                speech.open_parenthetical = True
        else:
            speech = None
        body_end = i
    return utterances, body_end


class _Speech:
    """The utterance being read, appended to `utterances` and replaced there as it grows."""

    def __init__(
        self,
        speaker: str,
        start: int,
        line: _Line,
        utterances: list[Utterance],
        speech_at: int | None = None,
    ) -> None:
        self.speaker, self.start, self.indent = speaker, start, speech_indent(line.text, start - line.start)
        self.speech_at = speech_at
        self.lower_case = any(c.islower() for c in line.text)
        self.open_parenthetical = False
        self.tag_alone = False  # the turn's line is its tag alone, and no speech is read yet
        self.heading = False  # the turn's line heads speech a blank line under it, none read yet
        self.last_line = line.stripped
        self.utterances = utterances
        utterances.append(Utterance(speaker, start, _speech_end(line), speech_at))

    def extend(self, line: _Line) -> None:
        self.lower_case = self.lower_case or any(c.islower() for c in line.text)
        self.tag_alone = self.heading = False
        self.last_line = line.stripped
        self.utterances[-1] = Utterance(self.speaker, self.start, _speech_end(line), self.speech_at)

    def goes_on(self, line: _Line) -> bool:
        """Whether `line`, right under this utterance, goes on with its speech."""
        layout = hearing_layout()
        text = line.stripped
        if self.open_parenthetical:
            return False
        if layout.examiner_line.match(text) or line.indent >= self.indent + CENTRED_INDENT:
            return False
        if layout.parenthetical_at(text) is not None:
            return False
        # A heading or a notice in capitals under speech in lower case is none of it, but for
        # the end of a sentence the line over it broke off.
        capitals = any(c.isalpha() for c in text) and not any(c.islower() for c in text)
        return not (self.lower_case and capitals) or ends_sentence_in_capitals(self.last_line, text)


def ends_sentence_in_capitals(above: str, line: str) -> bool:
    """Whether `line`, in capitals under `above`, ends the sentence `above` broke off at its
    last word ("What did you take from" / "16  CGA?"): speech going on with a name or an
    acronym, not a heading or a notice read into the record, which stand after a sentence's
    end and do not end as one ("DECISION", "[AD BREAK]")."""
    return above[-1:].isalnum() and line[-1:] in ".?!" and len(line.split()) <= MAX_CAPITALS_END_WORDS


def _speech_end(line: _Line) -> int:
    """Where the speech on `line` ends (`hearing.speech_end`)."""
    return line.start + speech_end(line.text.rstrip())


def speech_indent(line: str, tag_column: int) -> int:
    """The column a turn's speech wraps under: its line's indentation, or the tag's after a
    recorder's elapsed time in the margin ("00:03:12  OFFICER RAMOS: Go ahead and get it" /
    "          slowly for me."), so that only a line far right of the tag is a heading. A
    line number before the tag ("23   MR. MOREAU:") leaves the line's indentation."""
    indent = len(line) - len(line.lstrip())
    margin = line[indent:tag_column].strip()
    return tag_column if margin and hearing_layout().timestamp_prefix.match(margin) else indent


def _tail(lines: list[_Line]) -> list[Section]:
    """The sections after the body: a first block in capitals is the decision, the rest
    the certificate."""
    layout = hearing_layout()
    texts = [line for line in lines if line.stripped]
    if not texts:
        return []
    block: list[_Line] = []
    for line in lines:
        if not line.stripped:
            if block:
                break
            continue
        block.append(line)
    notice = all(not any(c.islower() for c in line.text) for line in block)
    if notice and not layout.certificate_heading.match(block[0].stripped):
        rest = texts[len(block) :]
        return [_section("decision", block), *([_section("certificate", rest)] if rest else [])]
    return [_section("certificate", texts)]


def _section(name: str, lines: list[_Line]) -> Section:
    return Section(name, lines[0].start, lines[-1].end)
