"""Marks a transcript's legend defines (issue 12): "(UI) = unintelligible" in a police or a jail
call transcript's header says what "(UI)" means where it stands in the turns. NER reads the
letters in capitals as an organisation's acronym ("Sit down. (UI) Agent Vue ..."); the document
itself says they are the transcriber's note, no name (`drop_legend_marks`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.span_edges import NAME_LABELS
from reviewer_app.core.spans import Span

# A mark in brackets, "=" and a gloss in lower case: "(UI) = unintelligible", "[PH] = phonetic".
_LEGEND = re.compile(r"(?<![\w(\[])[(\[](?P<mark>[A-Za-z]{1,6})\.?[)\]][ \t]*=[ \t]*[a-z][a-z'’-]*")


def legend_marks(text: str) -> frozenset[str]:
    """The marks the text's legend defines by a gloss in lower case ("(UI) = unintelligible")."""
    return frozenset(match.group("mark") for match in _LEGEND.finditer(text))


def drop_legend_marks(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without the names that are only a mark the legend defines, standing in its
    brackets ("UI" of "(UI)" or "(UI.)"), in its case: the transcriber's note for a word not
    heard, not an acronym."""
    spans = list(spans)
    marks = legend_marks(text)
    if not marks:
        return spans
    return [s for s in spans if not (s.label in NAME_LABELS and _is_bracketed_mark(s, text, marks))]


def _is_bracketed_mark(span: Span, text: str, marks: frozenset[str]) -> bool:
    """Whether `span` is a legend's mark standing in its brackets: "(UI)", "(UI.)". The same
    letters outside brackets are words of the text ("Ed" beside "(Ed.) = editor's note")."""
    inner = text[span.start : span.end]
    if inner.rstrip(".") not in marks or span.start == 0 or text[span.start - 1] not in "([":
        return False
    after = text[span.end : span.end + 2]
    return after[:1] in (")", "]") or after in (".)", ".]")
