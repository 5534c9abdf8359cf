"""Pieces of a sentence typed in capitals, which NER reads as organisations (issue 12).

A typed transcript in capitals, or a decision's ALL-CAPS paragraph, gives NER no case to read
names by: it makes organisations of runs of ordinary words ("YOU WERE WORKING IN THE PRISON
INDUSTRY AUTHORITY", "AND YOU ARE IN ALCOHOLICS ANONYMOUS", "AN UNREASONABLE RISK OF DANGER TO
SOCIETY", "IN VOCATIONAL MILL AND CABINET"). A body's name opens and closes on a word of its own,
never on a preposition, a conjunction, an auxiliary, an article or a pronoun ("BOARD OF PRISON
TERMS" has "OF" inside it only). So an organisation written in capitals whose first or last word
is one of those (`edge_words`: merge.toml's clause words and determiners, body_mentions.toml's
pronouns) loses them, and is no span where another such word is still inside it ("DANGER TO
SOCIETY"; a name holds only "of", "and", "the", "for" inside). Mixed-case spans are left
alone: "To Casa Amapola" and "At Methodist" are names NER took a word too many for, which the
boundary rules handle.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# The function words a body's name holds inside it ("BOYS AND GIRLS CLUB OF FRESNO", "BOARD OF
# PRISON TERMS"); any other inside a span in capitals makes it a piece of a sentence.
_INSIDE_NAMES = frozenset({"of", "and", "the", "for", "&"})
_STRIP = ",.;:!?()\"'’"


def _name_in_piece(span: Span, text: str, edge_words: frozenset[str]) -> Span | None:
    """`span` (an organisation in capitals) without the function words at its edges, or None
    where what is left is still a piece of a sentence; the span itself where no edge is one."""
    covered = span.text_in(text)
    words = [(m.start(), m.end(), m.group().strip(_STRIP).lower()) for m in re.finditer(r"\S+", covered)]
    if not covered.isupper() or len(words) < 2:
        return span
    first, last = 0, len(words)
    while first < last and words[first][2] in edge_words:
        first += 1
    while last > first and words[last - 1][2] in edge_words:
        last -= 1
    if (first, last) == (0, len(words)):
        return span
    if first == last or any(w in edge_words - _INSIDE_NAMES for _, _, w in words[first:last]):
        return None
    return span.with_(start=span.start + words[first][0], end=span.start + words[last - 1][1])


def drop_capitals_fragments(spans: Iterable[Span], text: str, edge_words: frozenset[str]) -> list[Span]:
    """`spans` with each organisation in capitals that begins or ends on `edge_words` (lower case)
    trimmed of them ("BOYS AND GIRLS CLUB OF" -> "BOYS AND GIRLS CLUB"), or without it where the
    rest is a sentence's ("OF DANGER TO SOCIETY")."""
    out = []
    for span in spans:
        if span.label == "ORGANIZATION" and (span := _name_in_piece(span, text, edge_words)) is None:
            continue
        out.append(span)
    return out
