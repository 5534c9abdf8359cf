"""The line numbers of a court reporter's page, read past.

Reporting firms print a transcript on numbered lines (1-25 a page) and wrap an utterance
from one line to the next:

     6       INMATE FAIRCLOTH: I was twenty-four. I'd turned twenty-four
     7  that August.

Read as it stands, "twenty-four 7" is one number and a line break ends every phrase.
`blank_line_numbers` returns the text with each line number and page number, and the line
break before a wrapped line, turned into spaces: the same length, so that offsets found in it hold for the
text itself. A text whose lines are not numbered so is returned unchanged.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words

if TYPE_CHECKING:
    from reviewer_app.core.spoken_numbers import Word

# A number of one or two digits opening a line, then two spaces or more (or nothing).
NUMBERED_LINE = re.compile(r"^[ ]{0,3}(\d{1,2})(?=[ ]{2,}\S|[ ]*$)", re.MULTILINE)
# A page number alone on its line, far to the right.
_PAGE_NUMBER = re.compile(r"^[ ]{10,}(\d{1,3})[ ]*$", re.MULTILINE)
# What opens a line of its own, not one wrapped from the line before: a speaker tag in
# capitals ("INMATE FAIRCLOTH:"), a parenthetical, a question or answer mark ("Q.", "A."),
# an examination heading ("BY MR. LEE:").
_OWN_LINE = re.compile(r"[A-Z][A-Z.'’\- ]*:|\(|[QA]\.(?:\s|$)|BY[ ]")
# Fewer numbered lines than this are no numbered page.
_MIN_LINES = 5
# The share of numbered lines that go on from the one before (n+1) or start a page (1).
_MIN_IN_ORDER = 0.8


def _line_numbers(text: str) -> list[re.Match[str]]:
    """The line numbers of `text`'s numbered pages, or none where its lines are not numbered so."""
    found = list(NUMBERED_LINE.finditer(text))
    if len(found) < _MIN_LINES:
        return []
    numbers = [int(m.group(1)) for m in found]
    in_order = sum(b == a + 1 or b == 1 for a, b in itertools.pairwise(numbers))
    return found if in_order >= _MIN_IN_ORDER * (len(numbers) - 1) else []


def without_line_numbers(spans: Sequence[Span], text: str, labels: Collection[str]) -> list[Span]:
    """`spans` with a numbered page's line number taken off the start of each number of `labels`:
    NER reads a line number as part of a sum, a date or a time ("22   February" for "February",
    "two hundred / 24  dollars" as "24  dollars", "18  Certified Court Interpreter" as a sum of 18).
    What is left goes where it says no number: a sum or a time needs a number ("dollars" alone
    is none), a date may be a month alone ("February"). A number in words stays ("18  six hundred
    thousand pesos" is "six hundred thousand pesos")."""
    found = _line_numbers(text)
    if not found:
        return list(spans)
    ends = {m.start(1): m.end(1) for m in found}
    out = []
    for span in spans:
        if span.label in labels and span.start in ends:
            start = ends[span.start]
            while start < span.end and text[start].isspace():
                start += 1
            rest = text[start : span.end]
            said = set(re.findall(r"[a-z]+", rest.lower())) & number_words()
            if not rest or (span.label != "DATE" and not said and not re.search(r"\d", rest)):
                continue
            span = span.with_(start=start)
        out.append(span)
    return out


def blank_line_numbers(text: str) -> str:
    """`text` with the line numbers of a numbered page and the breaks of wrapped lines as spaces."""
    found = _line_numbers(text)
    if not found:
        return text
    chars = list(text)
    for m in _PAGE_NUMBER.finditer(text):
        chars[m.start(1) : m.end(1)] = " " * (m.end(1) - m.start(1))
    for m in found:
        chars[m.start(1) : m.end(1)] = " " * (m.end(1) - m.start(1))
        line_end = text.find("\n", m.end())
        rest = text[m.end() : len(text) if line_end < 0 else line_end].strip()
        if m.start() > 0 and rest and not _OWN_LINE.match(rest):
            chars[m.start() - 1] = " "  # the line goes on from the one before
    return "".join(chars)


def wrapped_words(text: str, words: Sequence[Word]) -> set[int]:
    """The words that go on from the line before ("born in nineteen / seventy-two", "sixty- / two"):
    a number goes on over a wrapped line (a numbered page's line number blanked by
    `blank_line_numbers`), never over a blank line or a speaker's tag."""
    return {
        i
        for i in range(1, len(words))
        if words[i].start - words[i - 1].end > 1
        and re.fullmatch(r"-?[ \t]*\n?[ \t]*", text[words[i - 1].end : words[i].start])
    }
