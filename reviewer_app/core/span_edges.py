"""The edges of a span (the merge's first step): no span crosses a line end or starts or ends
with a space, and a name, place, organisation or group loses the punctuation around it, a
leading "the", a possessive 's and the lower-case words NER ran on into."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words

THE = re.compile(r"^the\s+", re.IGNORECASE)
POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)
NAME_LABELS = ("PERSON", "LOCATION", "ORGANIZATION", "NRP")
_TRAILING_LOWER_WORD = re.compile(r"(?<=\S)[ ]+[a-z]+[.,;:!?]?$")
# "Jr.", "Inc.", "St.", an initial: a final full stop that belongs to the word. Not the bunk
# letter closing a bed code at a sentence's end ("First bed I have is C5-132L.").
# The capitalised part of a hyphenated name just before a person's span, or just after it:
# NER reads "FERRANTE-OYAMA" as "FERRANTE" "-" "OYAMA" and tags one of them.
_NAME_PART_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][A-Za-z'’]*-$")
_NAME_PART_AFTER = re.compile(r"-[A-Z][A-Za-z'’]*(?![\w'’-])")
_ABBREVIATION = re.compile(r"(?<![A-Za-z0-9])(?:Jr|Sr|Inc|Co|St|Ltd|Corp|Bros|Ave|Blvd|Mt|Ft|[A-Z])\.$")


def tidy_boundaries(spans: Iterable[Span], text: str) -> list[Span]:
    """No span crosses a line end (a cover line, a speaker turn) or starts or
    ends with a space; names, places, organisations and groups also lose
    surrounding punctuation, a leading "the" and a possessive 's. A spelled name
    may cross a line end ("R-E-" / "E-D")."""
    out = []
    for span in spans:
        pieces = [(span.start, span.end)]
        if span.label != "SPELLED_NAME" and "\n" in span.text_in(text):
            pieces, start = [], span.start
            for line in span.text_in(text).split("\n"):
                pieces.append((start, start + len(line)))
                start += len(line) + 1
        for start, end in pieces:
            tidied = tidy_piece(span, text, start, end)
            if tidied is not None:
                out.append(tidied)
    return sorted(out, key=lambda s: (s.start, s.end, s.label))


def tidy_piece(span: Span, text: str, start: int, end: int) -> Span | None:
    if span.label in NAME_LABELS:
        the = THE.match(text[start:end])
        if the and span.label != "PERSON":
            start += the.end()
        possessive = POSSESSIVE.search(text[start:end])
        if possessive:
            end = start + possessive.start()
        trailing = _TRAILING_LOWER_WORD.search(text, start, end)
        # A number said in words opens a sentence with a capital, not a name ("Nine five three
        # five oh.", a ZIP code read out): its other words are in lower case.
        first_word = text[start:end].split(maxsplit=1)[:1]
        said_number = bool(first_word) and first_word[0].lower() in number_words()
        while trailing and text[start].isupper() and not said_number:
            # NER's "Merced today", "Training Facility in": a capitalised name ends in a capital.
            end = trailing.start()
            trailing = _TRAILING_LOWER_WORD.search(text, start, end)
        paren = text.find("(", start, end)
        if paren >= 0 and text.find(")", paren, end) < 0 and not any(c.isupper() for c in text[paren:end]):
            end = paren  # "Correctional Officer(s)": NER stops inside the brackets
        while start < end and not text[start].isalnum():
            start += 1
        while end > start and not text[end - 1].isalnum() and not _ABBREVIATION.search(text[start:end]):
            end -= 1
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end <= start:
        return None
    if span.label == "PERSON":
        start, end = _whole_hyphenated_name(text, start, end)
    if (start, end) == (span.start, span.end):
        return span
    return span.with_(start=start, end=end)


def _whole_hyphenated_name(text: str, start: int, end: int) -> tuple[int, int]:
    """`start` and `end` widened over the capitalised parts of a hyphenated name the span
    holds only a part of ("OYAMA" of "FERRANTE-OYAMA", "Ana" of "Ana-Lucia"): the other part
    would be published."""
    while text[start - 1 : start] == "-" and text[start - 2 : start - 1].isalpha():
        before = _NAME_PART_BEFORE.search(text, max(0, start - 40), start)
        if before is None or not text[start].isupper():
            break
        start = before.start()
    while (after := _NAME_PART_AFTER.match(text, end)) and text[end - 1].isalpha():
        end = after.end()
    return start, end
