"""Caption and ASR import: WebVTT (`.vtt`), SubRip (`.srt`) and Whisper-style JSON (`.json`).

The files are read by their maintained parsers (`webvtt-py`, `srt`, the `json`
module). The document text is one cue per line, "Speaker: text" where the cue names
a speaker (a WebVTT voice tag `<v Name>`, a WhisperX `speaker`), the lines of a
multi-line cue joined by single spaces, markup tags (`<i>`, `<c.yellow>`, inline
timestamps) left out and WebVTT character references (`&amp;`) decoded. A cue that
names no speaker is read as the text importer reads its line (`turns.py`): a caption's
change-of-speaker mark opens a turn (">> okay" of `UNNAMED_SPEAKER`, ">> MS. DORAN: no"),
a parenthetical alone is the transcriber's (speaker ""), any other cue goes on with the
turn before it (none before the first turn). The
document's `time_map` has each cue's text (without the speaker prefix) and its
times; an ASR word with times is matched to its place in the cue text (a word whose
text is not found there is skipped: that part of the cue stays interpolated).

Bad input, decided here:
- a malformed timestamp, a cue that ends before it starts, a segment without
  numeric times: refused, naming the line (or segment);
- cues that overlap in time (two speakers at once, legal in WebVTT): kept, with a note;
- a cue that starts before the one before it: kept where the file has it, with a
  note. The text keeps the file's reading order and the export writes every cue back
  where it was, so a player sees the same file; sorting would move text the
  captioner put in that order, and each cue keeps its own times either way;
- an empty cue: left out of the text (a note says which), written back as it was;
- JSON that is not JSON, or has no segments: refused.

`layout_captions` is the whole reading; the export runs it again on the stored file
(`Document.captions`) to know where each cue, speaker, line break and tag of the
file went in the text.
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reviewer_app.core.document import CaptionSource, Document, Section, Utterance
from reviewer_app.core.timemap import TimedCue, TimedWord, TimeMap
from reviewer_app.importers.errors import EmptyFileError, MalformedCaptionsError
from reviewer_app.importers.hearing import hearing_layout

CAPTION_FORMATS = {".vtt": "vtt", ".srt": "srt", ".json": "json"}
FORMAT_NAMES = {"vtt": "WebVTT", "srt": "SubRip (SRT)", "json": "Whisper-style JSON"}

# A markup tag of cue text: "<" up to the next ">" (as webvtt-py strips them).
_TAG = re.compile(r"<[^>]*>")
# The voice tag that opens a WebVTT cue: its classes and the speaker's name.
_VOICE = re.compile(r"<(v(?:\.[^\s>]+)*)[ \t]+([^>]*?)[ \t]*>")
# How many cues a note names before "and N more".
_NOTE_EXAMPLES = 5


@dataclass(frozen=True)
class CueLayout:
    """Where one cue of the file went in the document text.

    `index` is the cue's position among the file's cues (captions, subtitles,
    segments); `start`/`end` its text; `speaker` the offsets of the speaker prefix's
    name; `breaks` the offsets of the spaces that were line breaks; `tags` the markup
    tags and where they stood; `voice` the voice tag's name with its classes
    ("v.loud"); `words` (JSON) each matched word's index in the segment and offsets."""

    index: int
    start: int
    end: int
    speaker: tuple[int, int] | None = None
    breaks: tuple[int, ...] = ()
    tags: tuple[tuple[int, str], ...] = ()
    voice: str = ""
    words: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True)
class CaptionLayout:
    text: str
    utterances: tuple[Utterance, ...]
    time_map: TimeMap
    notes: tuple[str, ...]
    cues: tuple[CueLayout, ...]
    # The parser's own reading of the file: a webvtt.WebVTT, a list of srt.Subtitle,
    # or the JSON value.
    parsed: Any = None
    # (start, end) in seconds of every cue of the file, the empty ones too.
    times: tuple[tuple[float, float], ...] = ()


@dataclass
class _RawCue:
    """A cue as a parser gave it, before it becomes a line of text."""

    index: int
    start_s: float
    end_s: float
    where: str  # "line 12", "segment 4": how a note names the cue
    lines: list[str]
    speaker: str = ""
    voice: str = ""
    markup: bool = True
    entities: bool = False
    words: list[tuple[int, str, float | None, float | None]] = field(default_factory=list)


def read_captions(path: Path, data: bytes, sha256: str) -> Document:
    """The Document of a caption or ASR file; raises `TranscriptImportError`."""
    from reviewer_app.importers.text import decode_text

    text, encoding, encoding_note = decode_text(path, data)
    source = CaptionSource(
        CAPTION_FORMATS[path.suffix.lower()], text.replace("\r\n", "\n").replace("\r", "\n")
    )
    layout = layout_captions(source, path)
    notes = ((encoding_note,) if encoding_note else ()) + layout.notes
    return Document(
        id=path.stem,
        text=layout.text,
        source_path=str(path),
        sha256=sha256,
        utterances=layout.utterances,
        sections=(Section("text", 0, len(layout.text)),),
        time_map=layout.time_map,
        captions=source,
        notes=notes,
        encoding=encoding,
    )


def layout_captions(source: CaptionSource, path: Path | str = "") -> CaptionLayout:
    """Read `source` into text, time map and layout; raises `MalformedCaptionsError`
    (or `EmptyFileError` when no cue has text)."""
    path = Path(path or f"transcript.{source.format}")
    reader = _READERS.get(source.format)
    if reader is None:
        raise MalformedCaptionsError(path, source.format, "this caption format is not known")
    parsed, raw = reader(path, source.text)
    return _build(path, source.format, raw, parsed)


def cue_times(fmt: str, text: str) -> list[tuple[float, float]]:
    """The start and end of every cue of a caption file, empty ones too, in file order."""
    _, raw = _READERS[fmt](Path(f"captions.{fmt}"), text)
    return [(cue.start_s, cue.end_s) for cue in raw]


# ---------------------------------------------------------------- WebVTT


def _read_vtt(path: Path, text: str):
    import webvtt
    from webvtt.errors import MalformedCaptionError, MalformedFileError

    if not text.lstrip("\ufeff").startswith("WEBVTT"):
        raise MalformedCaptionsError(path, "vtt", 'it does not start with "WEBVTT"')
    try:
        parsed = webvtt.from_string(text)
    except (MalformedFileError, MalformedCaptionError) as exc:
        raise MalformedCaptionsError(path, "vtt", "its cues could not be read") from exc
    # Every line with "-->" is a cue timing; the parser leaves out a cue whose timing it
    # cannot read, so each is checked against the caption it should have become.
    timing_lines = [(n, line) for n, line in enumerate(text.split("\n"), 1) if "-->" in line]
    for k, (n, line) in enumerate(timing_lines):
        times = _vtt_timing(line)
        if times is None:
            raise MalformedCaptionsError(
                path,
                "vtt",
                f"line {n} is not a valid cue timing (expected e.g. 00:01:02.500 --> 00:01:04.000)",
            )
        caption = parsed.captions[k] if k < len(parsed.captions) else None
        if caption is None or (caption.start_time, caption.end_time) != times:
            raise MalformedCaptionsError(
                path, "vtt", f"the cue at line {n} could not be read (its settings?)"
            )
    if len(parsed.captions) != len(timing_lines):
        raise MalformedCaptionsError(path, "vtt", "some cues could not be read")
    raw = []
    for index, ((n, _), caption) in enumerate(zip(timing_lines, parsed.captions, strict=True)):
        start_s = caption.start_time.in_milliseconds() / 1000
        end_s = caption.end_time.in_milliseconds() / 1000
        lines = list(caption.lines)
        speaker = voice = ""
        if lines:
            match = _VOICE.match(lines[0])
            if match and match.group(2).strip():
                voice, speaker = match.group(1), _plain(match.group(2), entities=True).strip()
                lines[0] = lines[0][match.end() :]
        raw.append(_RawCue(index, start_s, end_s, f"line {n}", lines, speaker, voice, entities=True))
    return parsed, raw


def _vtt_timing(line: str):
    """The start and end `Timestamp` of a cue timing line, or None when it is malformed."""
    from webvtt.errors import MalformedCaptionError
    from webvtt.models import Timestamp
    from webvtt.vtt import WebVTTCueBlock

    match = WebVTTCueBlock.CUE_TIMINGS_PATTERN.match(line)
    if match is None:
        return None
    try:
        return Timestamp.from_string(match.group(1)), Timestamp.from_string(match.group(2))
    except MalformedCaptionError:
        return None


# ---------------------------------------------------------------- SubRip


def _read_srt(path: Path, text: str):
    import srt

    try:
        subtitles = list(srt.parse(text))
    except srt.SRTParseError as exc:
        line = text.count("\n", 0, exc.expected_start) + 1
        raise MalformedCaptionsError(
            path,
            "srt",
            f"the cue at line {line} could not be read (a cue is a number, a line "
            "00:01:02,500 --> 00:01:04,000 and its text)",
        ) from exc
    starts = _srt_block_lines(text, len(subtitles))
    raw = [
        _RawCue(
            index,
            sub.start.total_seconds(),
            sub.end.total_seconds(),
            f"line {starts[index]}" if index < len(starts) else f"cue {sub.index}",
            sub.content.split("\n"),
        )
        for index, sub in enumerate(subtitles)
    ]
    return subtitles, raw


def _srt_block_lines(text: str, count: int) -> list[int]:
    """The line number of each cue's timing line (for notes)."""
    lines = [n for n, line in enumerate(text.split("\n"), 1) if "-->" in line]
    return lines if len(lines) == count else []


# ---------------------------------------------------------------- Whisper-style JSON


def _read_json(path: Path, text: str):
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedCaptionsError(
            path, "json", f"it is not valid JSON (line {exc.lineno}, column {exc.colno})"
        ) from exc
    if isinstance(value, list):
        segments = value  # a list of segments, as scripts around faster-whisper write
    elif isinstance(value, dict) and isinstance(value.get("segments"), list):
        segments = value["segments"]
    else:
        raise MalformedCaptionsError(
            path,
            "json",
            'it has no "segments" list (a Whisper-style transcript is {"segments": [{"start", "end", '
            '"text"}, ...]})',
        )
    raw = []
    for index, segment in enumerate(segments):
        where = f"segment {index + 1}"
        if not isinstance(segment, dict):
            raise MalformedCaptionsError(path, "json", f"{where} is not an object with start, end and text")
        start_s, end_s = _seconds(segment.get("start")), _seconds(segment.get("end"))
        if start_s is None or end_s is None:
            raise MalformedCaptionsError(
                path, "json", f"{where} has no start and end in seconds (numbers, 0 or more)"
            )
        text_value = segment.get("text", "")
        if not isinstance(text_value, str):
            raise MalformedCaptionsError(path, "json", f'{where}: its "text" is not a string')
        speaker = segment.get("speaker", "")
        words = []
        for w, word in enumerate(segment.get("words") or []):
            if isinstance(word, dict) and isinstance(word.get("word"), str):
                words.append((w, word["word"], _seconds(word.get("start")), _seconds(word.get("end"))))
        raw.append(
            _RawCue(
                index,
                start_s,
                end_s,
                where,
                text_value.split("\n"),
                speaker.strip() if isinstance(speaker, str) else "",
                markup=False,
                words=words,
            )
        )
    return value, raw


_READERS = {"vtt": _read_vtt, "srt": _read_srt, "json": _read_json}


def _seconds(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    value = float(value)
    return value if math.isfinite(value) and value >= 0 else None


# ---------------------------------------------------------------- the document


def _plain(text: str, entities: bool) -> str:
    return html.unescape(text) if entities else text


def _cue_text(cue: _RawCue) -> tuple[str, list[int], list[tuple[int, str]]]:
    """The cue's text on one line: its lines stripped and joined by single spaces, tags
    left out; with the offsets (in that text) of the joining spaces and of each tag."""
    text, breaks, tags = "", [], []
    for line in cue.lines:
        pieces: list[tuple[str, str | None]] = []  # (text, tag)
        pos = 0
        for match in _TAG.finditer(line) if cue.markup else ():
            pieces.append((_plain(line[pos : match.start()], cue.entities), None))
            pieces.append(("", match.group()))
            pos = match.end()
        pieces.append((_plain(line[pos:], cue.entities), None))
        plain = "".join(p for p, _ in pieces)
        # Whitespace at either end of a line is dropped (and its tags kept at the edge).
        lead = len(plain) - len(plain.lstrip())
        kept = len(plain.strip())
        base = len(text) + (1 if text and kept else 0)
        offset = 0
        for piece, tag in pieces:
            if tag is not None:
                tags.append((base + min(max(offset - lead, 0), kept), tag))
            offset += len(piece)
        if kept:
            if text:
                breaks.append(len(text))
                text += " "
            text += plain.strip()
    return text, breaks, tags


def _build(path: Path, fmt: str, raw: Sequence[_RawCue], parsed: Any) -> CaptionLayout:
    lines: list[str] = []
    utterances: list[Utterance] = []
    timed: list[TimedCue] = []
    cues: list[CueLayout] = []
    empty, backwards, overlapping = [], [], []
    unmatched_words = untimed_words = 0
    offset = 0
    previous: _RawCue | None = None
    cue_texts = [_cue_text(cue) for cue in raw]
    named = _speakers_named_in_text(raw, [text for text, _, _ in cue_texts])
    for cue, (text, breaks, tags) in zip(raw, cue_texts, strict=True):
        if cue.end_s < cue.start_s:
            raise MalformedCaptionsError(path, fmt, f"the cue at {cue.where} ends before it starts")
        if not text:
            empty.append(cue.where)
            continue
        if previous is not None:
            if cue.start_s < previous.start_s:
                backwards.append(cue.where)
            elif cue.start_s < previous.end_s:
                overlapping.append(cue.where)
        previous = cue
        prefix = f"{cue.speaker}: " if cue.speaker else ""
        start = offset + len(prefix)
        words, layout_words = [], []
        cursor = 0
        for w, word, word_start, word_end in cue.words:
            needle = word.strip()
            at = text.find(needle, cursor) if needle else -1
            if at < 0:
                unmatched_words += 1
                continue
            cursor = at + len(needle)
            layout_words.append((w, start + at, start + cursor))
            if word_start is None or word_end is None or word_end < word_start:
                untimed_words += 1
                continue
            words.append(TimedWord(start + at, start + cursor, word_start, word_end))
        line = prefix + text
        utterance = _utterance(cue.speaker, line, offset, utterances[-1] if utterances else None, named)
        if utterance is not None:
            if utterances and utterance.start == utterances[-1].start:
                utterances[-1] = utterance  # the turn before, gone on with
            else:
                utterances.append(utterance)
        timed.append(TimedCue(start, start + len(text), cue.start_s, cue.end_s, tuple(words)))
        cues.append(
            CueLayout(
                cue.index,
                start,
                start + len(text),
                (offset, offset + len(cue.speaker)) if cue.speaker else None,
                tuple(start + b for b in breaks),
                tuple((start + t, tag) for t, tag in tags),
                cue.voice,
                tuple(layout_words),
            )
        )
        lines.append(line)
        offset += len(line) + 1
    if not lines:
        raise EmptyFileError(path)
    notes = []
    if empty:
        notes.append(f"Empty cues, left out of the text: {_examples(empty)}.")
    if backwards:
        notes.append(
            "Cues that start before the cue above them, kept in the order of the file with their "
            f"own times: {_examples(backwards)}."
        )
    if overlapping:
        notes.append(
            "Cues that overlap in time with the cue above them (people speaking at once), kept "
            f"with their own times: {_examples(overlapping)}."
        )
    if unmatched_words:
        notes.append(
            f"Recognised words not found in their segment's text: {unmatched_words}; those parts "
            "of the segments have interpolated times."
        )
    if untimed_words:
        notes.append(f"Recognised words without times: {untimed_words}; their times are interpolated.")
    return CaptionLayout(
        text="\n".join(lines),
        utterances=tuple(utterances),
        time_map=TimeMap(tuple(timed)),
        notes=tuple(notes),
        cues=tuple(cues),
        parsed=parsed,
        times=tuple((cue.start_s, cue.end_s) for cue in raw),
    )


def _speakers_named_in_text(raw: Sequence[_RawCue], texts: Sequence[str]) -> frozenset[str]:
    """The speakers named in mixed case at the start of the `texts` of cues without a voice
    ("Helen Park: okay", "Helen Park (BPH): okay", as meeting platforms write their captions)
    that the file names at two cues or more: like the text importer (`turns.py`), a
    capitalised word and a colon said once ("Note: ...") names no one."""
    layout = hearing_layout()
    found: list[tuple[int, str]] = []  # (cue, speaker named at its start)
    for k, (cue, text) in enumerate(zip(raw, texts, strict=True)):
        if not cue.speaker:
            turn = layout.turn_of(text, named=True)
            if turn is not None and turn.named and turn.speech_at is None:
                found.append((k, turn.speaker))
    counts = Counter(name for _, name in found)
    repeated = [(k, name) for k, name in found if counts[name] > 1]
    if not repeated:
        return frozenset()
    # Between the cues of speakers named surname first twice or more, one named so once is a
    # speaker too ("Okafor, Daniel: Good morning." answering "Marsh, Ellen (BPH):" twice), as a
    # meeting platform writes display names; a capitalised word said once ("Note: the witness
    # nods") or a sentence's opening ("Yes, Sir:") names no one.
    surname_first = [k for k, name in repeated if "," in name]
    once = {
        name
        for k, name in found
        if counts[name] == 1 and "," in name and surname_first and surname_first[0] < k < surname_first[-1]
    }
    return frozenset(name for _, name in repeated) | once


def _utterance(
    speaker: str, line: str, offset: int, before: Utterance | None, named: frozenset[str] = frozenset()
) -> Utterance | None:
    """The utterance a cue's line at `offset` is or belongs to, as the text importer reads
    a line (`turns.py`): the turn of the speaker the cue names; else the turn a caption's
    change-of-speaker mark opens (">> okay", `UNNAMED_SPEAKER`; ">> MS. DORAN: yes"), or
    a name of `named` at the start of its text opens ("Helen Park: okay");
    a transcriber's parenthetical on its own ("(Laughter.)", speaker ""); else the turn
    before it, which a caption without a mark goes on with (`before` made longer); None
    before any turn (a caption file that names no speaker and marks no change)."""
    end = offset + len(line)
    if speaker:
        return Utterance(speaker, offset, end)
    layout = hearing_layout()
    if line.startswith(">>") and (turn := layout.turn_of(line, named=True)) is not None:
        speech_at = None if turn.speech_at is None else offset + turn.speech_at
        return Utterance(turn.speaker, offset + turn.tag_start, end, speech_at)
    if named and (turn := layout.turn_of(line, named=True)) is not None and turn.speaker in named:
        return Utterance(turn.speaker, offset + turn.tag_start, end)
    if layout.is_parenthetical(line):
        return Utterance("", offset, end)
    if before is not None and before.speaker and before.end == offset - 1:
        return dataclasses.replace(before, end=end)
    return None


def _examples(items: Sequence[str]) -> str:
    shown = ", ".join(items[:_NOTE_EXAMPLES])
    return shown + (f" and {len(items) - _NOTE_EXAMPLES} more" if len(items) > _NOTE_EXAMPLES else "")
