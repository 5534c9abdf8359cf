"""Courts named only by their kind, which NER reads as organisations (issue 12).

A caption's "SUPERIOR COURT" over "OF THE STATE OF CALIFORNIA", a judge's "District Court
Judge" or a reporter's "the Superior Court of the State" say what kind of court sits, not which
one: the guidelines make only the caption's place names spans. A court is named by a place in
its name ("Los Angeles County Superior Court", "United States District Court"), so an
organisation made of nothing but the words of a court's kind (`court_kinds`, lower case, with
the words joining them) is no span.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# The word every such span holds: without it "District" or "the State" is something else.
_COURT = "court"
# A county right after the span names the court NER cut short ("DISTRICT COURT OF ARAPAHOE
# COUNTY"); "OF THE STATE OF CALIFORNIA" names no court of its own.
_OF_A_COUNTY = re.compile(r"[ ]+(?i:of)[ ]+(?:[A-Z][\w'’-]*[ ]+){1,3}(?i:county)\b")


def names_only_a_court_kind(covered: str, court_kinds: frozenset[str]) -> bool:
    """Whether an organisation's words are a court's kind and nothing else ("SUPERIOR COURT")."""
    words = [w.lower().strip(".,") for w in covered.split()]
    return _COURT in words and all(w in court_kinds for w in words)


def drop_court_kinds(spans: Iterable[Span], text: str, court_kinds: frozenset[str]) -> list[Span]:
    """The spans without organisations that name only a court's kind (module docstring)."""
    return [
        s
        for s in spans
        if not (
            s.label == "ORGANIZATION"
            and names_only_a_court_kind(s.text_in(text), court_kinds)
            and not _OF_A_COUNTY.match(text, s.end)
        )
    ]
