"""A body's kind said alone, which NER reads as an organisation (issue 12).

"When did you start with the Department?", "We ask the Division to place you", "the Bureau
wrote back": the word says what kind of body acts, and the body is the one the document is
about; it names none. A department, a division or a bureau is named by what qualifies its
kind ("Department of Motor Vehicles", "Tulare County Sheriff's Department", "Asylum
Division"), so an organisation made of one such word (`body_kinds`, lower case), with or
without its article, is no span. A body one word names ("the Army", "the Navy", "Kaiser")
is no kind word and stays.
"""

from __future__ import annotations

from collections.abc import Iterable

from reviewer_app.core.spans import Span

_ARTICLES = frozenset({"the", "a", "an", "this", "that"})


def names_only_a_body_kind(covered: str, body_kinds: frozenset[str]) -> bool:
    """Whether an organisation's words are one kind of body and an article at most."""
    words = [w.lower().strip(".,;:'’") for w in covered.split()]
    if words and words[0] in _ARTICLES:
        words = words[1:]
    return len(words) == 1 and words[0] in body_kinds


def drop_body_kinds(spans: Iterable[Span], text: str, body_kinds: frozenset[str]) -> list[Span]:
    """The spans without organisations that are a body's kind alone (module docstring)."""
    return [
        s
        for s in spans
        if not (s.label == "ORGANIZATION" and names_only_a_body_kind(s.text_in(text), body_kinds))
    ]
