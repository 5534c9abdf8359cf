"""A captions file's own layout, which detection must not read as words.

Captions kept as a platform exported them (SubRip, WebVTT), also when saved or pasted as
plain text, hold layout between the words said: the "WEBVTT" signature, each cue's
identifier and its timing line ("00:41:16.900 --> 00:41:24.350"), and WebVTT's markup in
the cues (`<v Harriet Oyelaran (BPH)>`, `</v>`, `<i>`, `<c.yellow>`, `<00:41:18.200>`). NER
and the patterns read them as words: "WEBVTT" as an organisation, "16.900" of a timing as a
phone number, "(BPH)>Okay" and "Marina?</v" as a person and a place.

- The signature and the markup are turned into spaces in the text detection reads (same
  length, so spans found on it hold on the text); a voice tag's name stays, because a
  display name is a name.
- The cue identifiers and timing lines stay in it, because NER reads a line of blanks as no
  break and runs one cue's words into the next ("tomas arriaga" was lost so); what is
  found on them is dropped instead (`without_cue_layout_spans`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from reviewer_app.core.spans import Span

_STAMP = r"(?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}"
# A cue's timing: its two stamps and WebVTT's cue settings after them ("align:start
# position:10%"), up to the line's end; what follows on the same line is speech run onto it.
_TIMING = re.compile(
    r"^[ \t]*" + _STAMP + r"[ \t]+-->[ \t]+" + _STAMP + r"(?:[ \t]+[a-z]+:[^\s:]+)*(?=[ \t]*$|[ \t])",
    re.MULTILINE,
)
# A cue's identifier: a token holding a digit ("212", "c5b5-12-0", a meeting platform's
# "8a9b1c2d-3e4f/12-0") alone on the line just above its timing, after a blank line or the
# file's start; a word there may be a cue's last line of speech and stays.
_IDENTIFIER_LINE = re.compile(
    r"(?:\A|(?<=\n\n))[ \t]*[^\s<>]*\d[^\s<>]*[ \t]*\n(?=[ \t]*" + _STAMP + r"[ \t]+-->)"
)
# The file's signature opening its first line (a title may follow it on that line).
_SIGNATURE = re.compile(r"\A\ufeff?[ \t]*WEBVTT\b")
# A voice tag's opening and closing marks around the name it keeps: "<v " ... ">".
_VOICE = re.compile(r"(<v(?:\.[\w.-]+)*[ \t]+)[^<>\n]*?(>)")
# Every other cue tag: class, italics, bold, underline, language, ruby, a closing tag, a stamp.
_TAG = re.compile(r"</?(?:c|i|b|u|lang|ruby|rt|v)(?:\.[\w.-]+)*(?:[ \t][^<>\n]*)?>|<" + _STAMP + ">")


def has_caption_layout(text: str) -> bool:
    """Whether `text` holds a captions file's cue timings."""
    return _TIMING.search(text) is not None


def caption_layout_blanked(text: str) -> str:
    """`text` with a captions file's signature and markup (module docstring) turned into
    spaces (a voice tag's closing mark into a line's end); `text` itself when it holds no cue
    timing."""
    if not has_caption_layout(text):
        return text
    chars = list(text)

    def blank(start: int, end: int) -> None:
        chars[start:end] = " " * (end - start)

    for match in _SIGNATURE.finditer(text):
        blank(*match.span())
    for match in _VOICE.finditer(text):
        blank(*match.span(1))
        # A line's end where the tag closes, so that NER does not run the name into the speech.
        chars[match.start(2)] = "\n"
    for match in _TAG.finditer(text):
        if not match.group().startswith("<v ") and not match.group().startswith("<v."):
            blank(*match.span())
    return "".join(chars)


def without_cue_layout_spans(spans: Sequence[Span], text: str) -> list[Span]:
    """`spans` without those inside a cue's identifier or its timing, and a span NER ran from a
    voice tag's name into the speech ("Dana Whitfield>Hello") cut at the tag's end."""
    lines = sorted(m.span() for pattern in (_TIMING, _IDENTIFIER_LINE) for m in pattern.finditer(text))
    if not lines:
        return list(spans)
    tag_ends = [m.start(2) for m in _VOICE.finditer(text)]
    spans = [_cut_at(s, tag_ends) for s in spans]
    starts = [a for a, _ in lines]

    def on_layout(span: Span) -> bool:
        i = bisect.bisect_right(starts, span.start) - 1
        return i >= 0 and span.end <= lines[i][1]

    return [s for s in spans if not on_layout(s)]


def _cut_at(span: Span, tag_ends: Sequence[int]) -> Span:
    """`span` up to the first voice tag's end inside it, where one is."""
    i = bisect.bisect_right(tag_ends, span.start)
    if i < len(tag_ends) and tag_ends[i] < span.end:
        return span.with_(end=tag_ends[i])
    return span
