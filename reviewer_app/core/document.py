"""The document model: a transcript as plain text plus what was learnt while importing it.

Everything else (spans, decisions, exports) refers to `Document.text` by
character offsets, so the text is the single source of truth.

Canonical text of a hearing transcript (what the PDF importer produces and the
test generator writes) is three blocks separated by one blank line:

    <cover page, one source line per line>

    SPEAKER TAG: utterance text, wrapped lines joined with single spaces
    SPEAKER TAG: ...
    (A parenthetical of the transcriber, on rows of its own in the source)

    <decision notice after the last turn, if any, one source line per line>

    <transcriber's certificate, one source line per line>

Other documents are one block of paragraphs, one paragraph per line; a text
file with speaker turns in another layout keeps its text as it is, with the
sections and utterances `importers/turns.py` finds in it.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from reviewer_app.core.timemap import TimeMap

# Captions mark a change to a speaker they do not name with ">>" and no colon (">> okay").
UNNAMED_SPEAKER = ">>"


@dataclass(frozen=True)
class Utterance:
    """One speaker turn: `text[start:end]` is the whole line `SPEAKER: words`;
    or, with speaker "", a parenthetical of the transcriber ("(Off the record.)");
    with speaker `UNNAMED_SPEAKER`, a caption's turn of a speaker it does not name.
    In a text file in a layout of its own (`importers/turns.py`) it starts at the
    tag, after any indentation and timestamp ("Q.   Where?", "speaker 1: hi"), and
    runs over the lines that go on with the speech."""

    speaker: str
    start: int
    end: int
    # Where the speech starts when it is not right after `SPEAKER: `: after a time that
    # follows the name ("Speaker 1 (00:03): hi"), or on the line under the tag ("Deepa
    # Raghunathan  0:03"), as the importer found it. None: after `SPEAKER: `.
    speech_at: int | None = None

    @property
    def speech_start(self) -> int:
        """Offset of the first character of the speech: after `SPEAKER: ` unless the importer
        found it elsewhere (`speech_at`); the start, without a speaker."""
        if self.speech_at is not None:
            return self.speech_at
        if self.speaker == UNNAMED_SPEAKER:
            return self.start + len(self.speaker) + 1
        return self.start + len(self.speaker) + 2 if self.speaker else self.start


@dataclass(frozen=True)
class Section:
    """A named block of the text: "cover", "body", "decision", "certificate" or "text"."""

    name: str
    start: int
    end: int


@dataclass(frozen=True)
class PageMap:
    """Maps text offsets back to where they were in the source file.

    `entries` are `(text_offset, page, line)` sorted by offset; each says that the
    text from that offset on came from that page (1-based) and printed line
    (1-based; the transcript's own line number where it has them).
    """

    entries: tuple[tuple[int, int, int], ...] = ()

    def locate(self, offset: int) -> tuple[int, int] | None:
        if not self.entries:
            return None
        i = bisect.bisect_right(self.entries, (offset, float("inf"), float("inf"))) - 1
        if i < 0:
            i = 0
        _, page, line = self.entries[i]
        return page, line


@dataclass(frozen=True)
class Participant:
    name: str
    role: str  # e.g. "Presiding Commissioner", "Attorney for Inmate", "Transcriber"
    group: str = ""  # "panel", "attorney", "district_attorney", "victim_family", "transcriber", "other"


@dataclass(frozen=True)
class HearingMetadata:
    """What the cover page of a hearing transcript says, where it was found."""

    hearing_type: str = ""
    inmate_name: str = ""
    cdcr_number: str = ""
    facility: str = ""
    location: str = ""
    date: str = ""
    time: str = ""
    participants: tuple[Participant, ...] = ()

    def names(self) -> tuple[str, ...]:
        """Every person named on the cover page: the deny-list seed."""
        seen: dict[str, None] = {}
        for name in (self.inmate_name, *(p.name for p in self.participants)):
            if name:
                seen.setdefault(name, None)
        return tuple(seen)

    def places(self) -> tuple[str, ...]:
        return tuple(p for p in (self.facility, self.location) if p)

    def is_empty(self) -> bool:
        return self == HearingMetadata()


@dataclass(frozen=True)
class CaptionSource:
    """A caption or ASR file as it was imported: what the export needs to write the
    transcript back in its own format (cue ids, settings, styling, word entries).
    `format` is "vtt", "srt" or "json"; `text` the file decoded, line ends made "\\n".
    Holds the original text: as sensitive as the document itself."""

    format: str
    text: str


@dataclass(frozen=True)
class Document:
    id: str
    text: str
    source_path: str = ""
    sha256: str = ""
    utterances: tuple[Utterance, ...] = ()
    sections: tuple[Section, ...] = ()
    page_map: PageMap = field(default_factory=PageMap)
    # For captions and ASR output: when each part of the text was said.
    time_map: TimeMap = field(default_factory=TimeMap)
    # For captions and ASR output: the file itself, to write it back pseudonymized.
    captions: CaptionSource | None = None
    metadata: HearingMetadata = field(default_factory=HearingMetadata)
    # Things the importer wants the reviewer to know (e.g. "decoded as cp1252").
    notes: tuple[str, ...] = ()
    # The codec a text file was decoded with ("utf-8", "utf-16-le", "cp1252", ...);
    # empty for a PDF, whose text layer has no byte encoding to choose.
    encoding: str = ""

    def section(self, name: str) -> Section | None:
        return next((s for s in self.sections if s.name == name), None)

    def utterance_at(self, offset: int) -> Utterance | None:
        starts = [u.start for u in self.utterances]
        i = bisect.bisect_right(starts, offset) - 1
        if i >= 0 and self.utterances[i].start <= offset < self.utterances[i].end:
            return self.utterances[i]
        return None

    def speaker_tags(self) -> list[tuple[int, int]]:
        """Where each turn's speaker tag is written, in order: `text[start:end]` is the speaker
        as the importer read it ("SPEAKER_00", "MS. ODUYA", "speaker 1", "Q", or `UNNAMED_SPEAKER`
        for a caption's ">>"), without the colon, the blanks and any timestamp around it. The
        one place detection learns where the tags are: the importers found every turn."""
        return sorted((u.start, u.start + len(u.speaker)) for u in self.utterances if u.speaker)

    def turn_prefixes(self) -> list[tuple[int, int]]:
        """What stands on a turn's line before its speaker tag: a timestamp ("[01:28] CALLER:",
        "00:04:18 DISPATCHER:"), a line number. Empty ranges (a tag at the line start) are left out."""
        out = []
        for u in self.utterances:
            line_start = self.text.rfind("\n", 0, u.start) + 1
            if self.text[line_start : u.start].strip():
                out.append((line_start, u.start))
        return out

    def tag_suffixes(self) -> list[tuple[int, int]]:
        """What stands between a turn's speaker tag and its speech where the importer found the
        speech elsewhere (`Utterance.speech_at`): the elapsed time after the name ("Speaker 1
        0:14", "Ana (00:03):"). Empty ranges are left out."""
        out = []
        for u in self.utterances:
            tag_end = u.start + len(u.speaker)
            if u.speech_at is not None and u.speaker and self.text[tag_end : u.speech_at].strip():
                out.append((tag_end, u.speech_at))
        return out

    @property
    def word_count(self) -> int:
        return len(self.text.split())
