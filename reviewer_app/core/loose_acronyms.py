"""Acronyms of organisations the document names whose letters are not simply the initials of its
words (issue 12): "Meadowview Norte" ... "MVN" (a compound's second part), "Criminals and Gang
Members Anonymous" ... "CGA" (a word left out), "Eastside Crips" ... "ESC". `acronyms.initialisms`
takes the exact initials; this takes an acronym in capitals that no span covers when its first
letter is the initial of the name's first word, its last that of the name's last word and its
letters stand in the name in their order, and when it fits one organisation of the document only.
"""

from __future__ import annotations

from collections.abc import Iterable

from reviewer_app.core.acronyms import acronym_occurrences, lowercase_text, stands_out
from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.spans import Span


def label_loose_acronyms(spans: Iterable[Span], text: str) -> list[Span]:
    """The spans and, as ORGANIZATION, every mention no span covers of an acronym of three letters
    or more that loosely stands for exactly one organisation's name of the document (module
    docstring), written as an acronym somewhere (`acronyms.stands_out`) and never in lower case."""
    spans = sorted(spans)
    names = {
        " ".join(covered.split())
        for span in spans
        if span.label == "ORGANIZATION"
        for covered in [span.text_in(text)]
        if len(covered.split()) >= 2 and not covered.isupper()
    }
    if not names:
        return spans
    lowercase_phrases = lowercase_text(text)
    added = []
    for acronym, places in acronym_occurrences(text).items():
        if not (3 <= len(acronym) <= 5 and acronym.isalpha()) or f" {acronym.lower()} " in lowercase_phrases:
            continue
        fitting = {name for name in names if _stands_for(acronym, name)}
        if len(fitting) != 1 or not stands_out(acronym, text):
            continue
        added += [
            Span(start, end, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE)
            for start, end in places
            if not any(s.start < end and start < s.end for s in spans)
        ]
    return sorted([*spans, *added])


def _stands_for(acronym: str, name: str) -> bool:
    """Whether `acronym` (capitals) starts with the initial of the first word of `name`, ends with
    that of its last word, and has its other letters in order in the letters between."""
    words = name.split()
    if acronym[0] != words[0][0] or acronym[-1] != words[-1][0]:
        return False
    between = " ".join(words)[1 : -len(words[-1])].upper()
    position = 0
    for letter in acronym[1:-1]:
        position = between.find(letter, position) + 1
        if position == 0:
            return False
    return True
