"""Pieces of a sentence typed in capitals, which NER reads as organisations (issue 12).

A typed transcript in capitals, or a decision's ALL-CAPS paragraph, gives NER no case to read
names by: it makes organisations of runs of ordinary words ("YOU WERE WORKING IN THE PRISON
INDUSTRY AUTHORITY", "AND YOU ARE IN ALCOHOLICS ANONYMOUS", "AN UNREASONABLE RISK OF DANGER TO
SOCIETY", "IN VOCATIONAL MILL AND CABINET"). A body's name opens and closes on a word of its own,
never on a preposition, a conjunction, an auxiliary, an article or a pronoun ("BOARD OF PRISON
TERMS" has "OF" inside it only). So an organisation written in capitals whose first or last word
is one of those (`edge_words`: merge.toml's clause words and determiners, body_mentions.toml's
pronouns) is no span. Mixed-case spans are left alone: "To Casa Amapola" and "At Methodist" are
names NER took a word too many for, which the boundary rules handle.
"""

from __future__ import annotations

from collections.abc import Iterable

from reviewer_app.core.spans import Span


def _is_sentence_piece(covered: str, edge_words: frozenset[str]) -> bool:
    words = [w.strip(",.;:!?()\"'’").lower() for w in covered.split()]
    return covered.isupper() and len(words) > 1 and (words[0] in edge_words or words[-1] in edge_words)


def drop_capitals_fragments(spans: Iterable[Span], text: str, edge_words: frozenset[str]) -> list[Span]:
    """`spans` without organisations in capitals that begin or end on `edge_words` (lower case)."""
    return [
        s
        for s in spans
        if not (s.label == "ORGANIZATION" and _is_sentence_piece(s.text_in(text), edge_words))
    ]
