"""A number the speaker broke off and said again: the broken-off start is the same number.

Speech restarts a number it began ("He's twenty -- twenty-one in December", "by twenty --
twenty-twelve", "at 9:0 -- 9:07", "Fifty -- (In English) fifty-eight"). The start before the
break is a piece of the number said after it, so it names the same age, year or time and takes
that span's label. The evidence is the document's own: a break right after the piece and a span
whose text begins with exactly that piece, so a count or a score said before a dash ("two --
that's all") stays untagged, as nothing after its break begins with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.name_rules import STRUCTURE
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words

# The labels of numbers a speaker says; a restart takes the label of the number said again. Not a
# sum: the start of one ("forty -- forty-eight thousand dollars") tells no sum by itself.
_NUMBER_LABELS = frozenset({"AGE", "DATE", "TIME", "PHONE_NUMBER", "ID_NUMBER", "CDCR_ID", "HEIGHT"})

# The piece, the break ("--", a dash, an ellipsis) and what may stand between the break and the
# number said again: an interpreter's or transcriber's note in brackets, and a numbered record's
# line number where the note runs onto the next line ("Fifty -- (In⏎17  English) fifty-eight");
# or a word that takes the piece back or confirms the start, and at most two words leading on to
# the number ("Thirty -- no. Thirty-one.", "Twenty -- yeah. I turned twenty-three").
_PIECE_BEFORE_BREAK = re.compile(
    r"(?<![\w:'’.-])(?P<piece>[\w:]+)[ ]?(?:--|—|–|\.\.\.|…)[ ]*"
    r"(?:\([^()]{0,80}\)[ ]*|(?i:no|yeah|yes|sorry|wait|actually)[.,]?[ ]+(?:[A-Za-z']+[ ]){0,2})?\Z"
)
_REACH = 120


def _is_number_piece(piece: str, words: frozenset[str]) -> bool:
    """A clock begun in digits ("9:0") or one word of a spoken number. Digits alone are not: a
    count, a page or an item number before a dash ("Count 1 -- 1998 was the year", "Page 12 --
    12/14/2019") begins the next number's digits as often as a restart does."""
    if any(c.isdigit() for c in piece):
        return ":" in piece and all(c.isdigit() or c == ":" for c in piece)
    return piece.lower() in words


def _house_number_said_again(piece: str, said: str) -> bool:
    """Whether the digits before the break are the house number that opens the address said after
    it ("1417 -- yes, 1417 Carver Street"): the whole first word of a place of more words. An
    address is the one place a speaker opens with digits, so these digits are no count or page."""
    first, _, rest = said.partition(" ")
    return piece.isdigit() and first == piece and bool(rest.strip())


def label_restarted_numbers(spans: Iterable[Span], text: str) -> list[Span]:
    """Adds, before each number span, the piece of it the speaker broke off before saying it
    whole, with the span's label: a number word or digits, then a break, then the span, whose text
    begins with the piece ("twenty -- twenty-one", "9:0 -- 9:07"); and before an address, the house
    number said before the break (`_house_number_said_again`). A piece some span already covers
    keeps that span."""
    spans = list(spans)
    words = number_words()
    taken = sorted((s.start, s.end) for s in spans)
    added = []
    for span in spans:
        if span.label not in _NUMBER_LABELS and span.label != "LOCATION":
            continue
        before = _PIECE_BEFORE_BREAK.search(text, max(0, span.start - _REACH), span.start)
        if before is None:
            continue
        piece = before.group("piece")
        said = span.text_in(text)
        if span.label == "LOCATION":
            if not _house_number_said_again(piece, said):
                continue
        elif not (_is_number_piece(piece, words) and said.lower().startswith(piece.lower())):
            continue
        start, end = before.start("piece"), before.end("piece")
        if any(s < end and start < e for s, e in taken):
            continue
        added.append(Span(start, end, span.label, (STRUCTURE,), span.score))
        taken.append((start, end))
    return sorted([*spans, *added], key=lambda s: (s.start, s.end, s.label))
