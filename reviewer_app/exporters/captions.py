"""The pseudonymized transcript in its own format: WebVTT, SubRip or Whisper-style JSON.

Every cue of the imported file is written back with its identifier, timing, settings,
styling and speaker; only its text changes, to the text the pseudonymizer made of
it (`PseudonymizedText`: the same tags as the text export, taken by offsets, never
tagged a second time). The file is read again as at import (`layout_captions`) to
know where each cue, speaker, line break and markup tag went in the document text.

What is left out, because a reviewer never saw it in the document text: WebVTT
comments (NOTE blocks) and the text after "WEBVTT" on the first line; an empty cue's
markup (its voice tag); in JSON the `tokens` and `chars` of a segment (they spell the
original text) and any other field holding text that the export does not rewrite. A
recognised word whose text was not found in its segment is written empty.

The output is written in UTF-8 and read back with the same parser before it is
kept: the same number of cues with the same times, or `CaptionExportError`. The leak
guard reads every text of the file (`check_derived`), as it reads the text export.
"""

from __future__ import annotations

import bisect
import copy
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reviewer_app.core.document import Document
from reviewer_app.core.guard_exemptions import NO_EXEMPTIONS, GuardExemptions
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_write_text
from reviewer_app.exporters.leakguard import check_derived

SUFFIXES = {"vtt": ".vtt", "srt": ".srt", "json": ".json"}
# Segment and word fields that spell the original text in another form.
_TEXT_BEARING = frozenset({"tokens", "chars"})
_VTT_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


class CaptionExportError(Exception):
    """The caption file cannot be written back; the message says why (no transcript text)."""


@dataclass
class Piece:
    """A text of the output file as it is built, and the stretches of it copied from the
    pseudonymized text: (start, end, offset in `PseudonymizedText.text`)."""

    text: str = ""
    copied: list[tuple[int, int, int]] = field(default_factory=list)

    def literal(self, text: str) -> None:
        self.text += text

    def copy(self, source: str, start: int, end: int, escapes: dict[str, str] | None = None) -> None:
        if end <= start:
            return
        if not escapes:
            self.copied.append((len(self.text), len(self.text) + end - start, start))
            self.text += source[start:end]
            return
        cursor = start
        for match in re.finditer("|".join(map(re.escape, escapes)), source[start:end]):
            self.copy(source, cursor, start + match.start())
            self.literal(escapes[match.group()])
            cursor = start + match.end()
        self.copy(source, cursor, end)


@dataclass(frozen=True)
class CaptionOutput:
    suffix: str
    content: str
    # What the leak guard reads: the rewritten texts, then every other text of the file.
    pieces: tuple[Piece, ...]


class _Offsets:
    """Offsets of the original text in the pseudonymized text."""

    def __init__(self, result: PseudonymizedText) -> None:
        self.replacements = result.replacements
        self.starts = [r.span.start for r in result.replacements]

    def _at(self, offset: int):
        i = bisect.bisect_right(self.starts, offset) - 1
        return self.replacements[i] if i >= 0 else None

    def start(self, offset: int) -> int:
        """Where text starting at `offset` starts in the output (a tag in full)."""
        r = self._at(offset)
        if r is None:
            return offset
        return r.out_start if offset < r.span.end else offset + r.out_end - r.span.end

    def end(self, offset: int) -> int:
        """Where text ending at `offset` ends in the output (a tag in full)."""
        r = self._at(offset)
        if r is not None and r.span.start < offset < r.span.end:
            return r.out_end
        return self.start(offset)

    def replaced(self, offset: int) -> bool:
        r = self._at(offset)
        return r is not None and r.span.start <= offset < r.span.end


def caption_output(document: Document, result: PseudonymizedText) -> CaptionOutput | None:
    """The pseudonymized file of a caption or ASR document, or None for other documents."""
    from reviewer_app.importers.captions import layout_captions
    from reviewer_app.importers.errors import TranscriptImportError

    source = document.captions
    if source is None:
        return None
    try:
        layout = layout_captions(source, document.source_path)
    except TranscriptImportError as exc:
        raise CaptionExportError(f"the stored {source.format} file no longer reads: {exc}") from exc
    if layout.text != document.text:
        raise CaptionExportError(
            f"the stored {source.format} file no longer reads into the document's text (was the "
            "caption reader updated?); import the file again"
        )
    offsets = _Offsets(result)
    writer = {"vtt": _vtt, "srt": _srt, "json": _json}[source.format]
    content, pieces = writer(layout, result, offsets)
    _check_reads_back(source.format, layout.times, content)
    return CaptionOutput(SUFFIXES[source.format], content, tuple(pieces))


def write_pseudonymized_captions(
    folder: Path | str,
    stem: str,
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    exemptions: GuardExemptions = NO_EXEMPTIONS,
) -> Path | None:
    """Write `folder/<stem>.vtt|.srt|.json` for a caption document after the leak guard
    (raises `LeakFound`, `CaptionExportError`); None (nothing written) for other documents.
    `exemptions` are the leak guard's, as for the text export."""
    output = caption_output(document, result)
    if output is None:
        return None
    check_derived(
        [(p.text, p.copied) for p in output.pieces],
        result,
        document,
        spans,
        exemptions,
    )
    return atomic_write_text(Path(folder) / f"{stem}{output.suffix}", output.content)


def _cue_piece(cue, result: PseudonymizedText, offsets: _Offsets, escapes=None, tags: bool = True) -> Piece:
    """The pseudonymized text of a cue, its line breaks and (`tags`) markup put back."""
    start, end = offsets.start(cue.start), offsets.end(cue.end)
    events = [(offsets.start(b), 1, "\n") for b in cue.breaks if not offsets.replaced(b)]
    if tags:
        # A tag inside a replaced stretch goes before the tag, a closing one after it.
        events += [
            (offsets.end(at) if tag.startswith("</") else offsets.start(at), 0, tag) for at, tag in cue.tags
        ]
    piece, cursor = Piece(), start
    for at, kind, what in sorted(events, key=lambda e: (e[0], e[1])):
        at = min(max(at, cursor), end)
        piece.copy(result.text, cursor, at, escapes)
        piece.literal(what)
        # A line break takes the place of the space it was joined with.
        cursor = at + 1 if kind == 1 and at < end else at
    piece.copy(result.text, cursor, end, escapes)
    return piece


def _speaker_piece(cue, result: PseudonymizedText, offsets: _Offsets, escapes=None) -> Piece:
    piece = Piece()
    if cue.speaker is not None:
        piece.copy(result.text, offsets.start(cue.speaker[0]), offsets.end(cue.speaker[1]), escapes)
    return piece


def _vtt(layout, result, offsets):
    vtt = layout.parsed
    by_index = {cue.index: cue for cue in layout.cues}
    pieces = []
    vtt.header_text = ""
    vtt.header_comments, vtt.footer_comments = [], []
    for style in vtt.styles:
        style.comments = []
    for region in vtt.regions:
        region.comments = []
    payloads = []
    for k, caption in enumerate(vtt.captions):
        caption.comments = []
        cue = by_index.get(k)
        if cue is None:
            payloads.append([])
            continue
        text = _cue_piece(cue, result, offsets, _VTT_ESCAPES)
        payload = text.text
        if cue.speaker is not None:
            speaker = _speaker_piece(cue, result, offsets, _VTT_ESCAPES)
            payload = f"<{cue.voice} {speaker.text}>{payload}"
            pieces.append(speaker)
        pieces.append(text)
        payloads.append(payload.split("\n"))
    try:
        for caption in vtt.captions:
            caption.lines = []
        skeleton = vtt.content  # identifiers, timings, settings, styles: the texts not rewritten
        for caption, lines in zip(vtt.captions, payloads, strict=True):
            caption.lines = lines
        content = vtt.content
    except ValueError as exc:
        raise CaptionExportError(f"the WebVTT file could not be written: {exc.__class__.__name__}") from exc
    return content, [*pieces, Piece(skeleton)]


def _srt(layout, result, offsets):
    import srt

    subtitles = layout.parsed
    by_index = {cue.index: cue for cue in layout.cues}
    pieces, contents = [], []
    for k, _ in enumerate(subtitles):
        cue = by_index.get(k)
        piece = _cue_piece(cue, result, offsets) if cue is not None else Piece()
        pieces.append(piece)
        contents.append(piece.text)
    for subtitle in subtitles:
        subtitle.content = ""
    skeleton = srt.compose(subtitles, reindex=False)
    for subtitle, content in zip(subtitles, contents, strict=True):
        subtitle.content = content
    return srt.compose(subtitles, reindex=False), [*pieces, Piece(skeleton)]


def _json(layout, result, offsets):
    value = layout.parsed  # read for this export: changed in place
    # The same value with every rewritten text made "": what the leak guard reads besides them.
    skeleton = json.loads(json.dumps(value))
    by_index = {cue.index: cue for cue in layout.cues}
    pieces: list[Piece] = []
    texts: list[tuple[str, Piece | None, int]] = []  # each segment's text, its piece, where it starts
    all_words: list[tuple[dict, dict, Piece | None]] = []
    for k, (segment, skel) in enumerate(zip(_segments(value), _segments(skeleton), strict=True)):
        cue = by_index.get(k)
        old_speaker = segment.get("speaker")
        speaker = None
        if cue is not None:
            text = _cue_piece(cue, result, offsets, tags=False)
            lead, trail = _edges(segment["text"])
            segment["text"], skel["text"] = lead + text.text + trail, ""
            texts.append((segment["text"], text, len(lead)))
            pieces.append(text)
            if cue.speaker is not None:
                speaker = _speaker_piece(cue, result, offsets)
                segment["speaker"], skel["speaker"] = speaker.text, ""
                pieces.append(speaker)
        else:
            texts.append((segment.get("text", ""), None, 0))  # only spaces: the skeleton has it
        words = segment.get("words") if isinstance(segment.get("words"), list) else []
        word_pieces = _word_pieces(cue, result, offsets)
        for w, (word, skel_word) in enumerate(zip(words, skel.get("words") or [], strict=True)):
            if not isinstance(word, dict):
                continue
            piece = None
            if isinstance(word.get("word"), str):
                piece = word_pieces.get(w, Piece())
                lead, trail = _edges(word["word"])
                word["word"], skel_word["word"] = lead + piece.text + trail, ""
                pieces.append(piece)
            if speaker is not None and "speaker" in word and word["speaker"] == old_speaker:
                word["speaker"], skel_word["speaker"] = speaker.text, ""
                pieces.append(Piece(speaker.text, list(speaker.copied)))
            _drop_unrewritten(word, skel_word, ("word", "speaker"))
            all_words.append((word, skel_word, piece))
        _drop_unrewritten(segment, skel, ("text", "speaker", "words"))
    if isinstance(value, dict):
        if isinstance(value.get("text"), str):
            # openai-whisper's "text" is its segments' texts run together.
            joined = Piece()
            for text, piece, lead in texts:
                if piece is not None:
                    at = len(joined.text) + lead
                    joined.copied += [(at + a, at + b, r) for a, b, r in piece.copied]
                joined.text += text
            value["text"], skeleton["text"] = joined.text, ""
            pieces.append(joined)
        if isinstance(value.get("word_segments"), list):
            # WhisperX repeats every word here: the rewritten words, or nothing if they differ.
            if len(value["word_segments"]) == len(all_words):
                value["word_segments"] = [copy.deepcopy(w) for w, _, _ in all_words]
                skeleton["word_segments"] = [copy.deepcopy(s) for _, s, _ in all_words]
                pieces += [Piece(p.text, list(p.copied)) for _, _, p in all_words if p is not None]
            else:
                del value["word_segments"], skeleton["word_segments"]
        _drop_unrewritten(value, skeleton, ("segments", "text", "word_segments", "language"))
    pieces.append(Piece("\n".join(_texts_in(skeleton))))
    # Compact, as openai-whisper writes its JSON.
    return json.dumps(value, ensure_ascii=False), pieces


def _segments(value: Any) -> list:
    return value if isinstance(value, list) else value["segments"]


def _edges(text: str) -> tuple[str, str]:
    """The spaces before and after the words of `text`."""
    stripped = text.strip()
    if not stripped:
        return text, ""
    lead = text[: len(text) - len(text.lstrip())]
    return lead, text[len(lead) + len(stripped) :]


def _word_pieces(cue, result, offsets) -> dict[int, Piece]:
    """The pseudonymized text of each matched word; a tag over several words goes with the first."""
    found: dict[int, Piece] = {}
    if cue is None:
        return found
    cursor = 0
    for w, start, end in cue.words:
        piece = Piece()
        a, b = max(offsets.start(start), cursor), offsets.end(end)
        piece.copy(result.text, a, b)
        cursor = max(cursor, b)
        found[w] = piece
    return found


def _drop_unrewritten(entry: dict, skeleton: dict, rewritten: Sequence[str]) -> None:
    """Drop the fields of a segment, word or file that hold text the export did not rewrite."""
    for key in [k for k in entry if k not in rewritten]:
        if key in _TEXT_BEARING or _holds_text(entry[key]):
            del entry[key]
            skeleton.pop(key, None)


def _holds_text(value: Any) -> bool:
    if isinstance(value, str):
        return True
    if isinstance(value, dict):
        return any(_holds_text(k) or _holds_text(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_text(v) for v in value)
    return False


def _texts_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (k, *_texts_in(v))]
    if isinstance(value, list):
        return [t for v in value for t in _texts_in(v)]
    return []


def _check_reads_back(fmt: str, times: Sequence[tuple[float, float]], content: str) -> None:
    """The written file reads with the same parser into the same cues at the same `times`."""
    from reviewer_app.importers.captions import cue_times
    from reviewer_app.importers.errors import TranscriptImportError

    try:
        same = cue_times(fmt, content) == list(times)
    except TranscriptImportError as exc:
        raise CaptionExportError(f"the written {fmt} file does not read back: {exc}") from exc
    if not same:
        raise CaptionExportError(f"the written {fmt} file does not keep every cue and its times")
