"""Phrases of ordinary words that NER read as a person's name (issue 12).

In title case or capitals NER takes a headline, a job title or a form's heading for a
name: "Thirty-Two Years After A Hanford Clerk Was Killed" gives the PERSON "Hanford Clerk
Was Killed", a caption's "Ana Ferreira, Victim Services Representative" the PERSON "Victim
Services Representative", a call log's "VICTIM SERVICES LINE - RECORDED CALL" another. Such
a span is a run of words the same document writes in lower case in its sentences ("the
clerk", "was killed", "victim services"), which a name's words seldom all are: a name is
the words a text capitalises. Dropping the span matters beyond itself: its words would
make every other mention of them a person (`name_propagation.relabel_known_persons`: each
"in Hanford" of the story).

Only where the document capitalises names (`names_are_capitalised`; in lower-case speech
every word is written in lower case), only NER's guesses (a speaker's tag, a cue or a
title found the others), and never a span one of whose words the document shows as a
person's elsewhere ("Mark Young" beside "Mr. Young"): a person named with two ordinary
words stays a person wherever a title or another name of the document names him.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import _names_are_capitalised as names_are_capitalised
from reviewer_app.core.person_words import personal_titles
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess

_WORD = re.compile(r"[\w'’]+")
# What is no sentence's word: an e-mail address, a web address, a handle, a file's name
# ("darlene.whitacre@example.org" writes a name in lower case).
_ADDRESS = re.compile(r"\S*[@_/]\S*|\w+(?:\.\w+)+")
# The fewest ordinary words that make a phrase of them: one ordinary word is a name's
# ("Denise Long"), two are not, where nothing else of the span is either.
_FEWEST_ORDINARY = 2


def drop_phrases_of_ordinary_words(spans: Sequence[Span], text: str) -> list[Span]:
    """`spans` without each PERSON of the module docstring: an NER guess of two words or
    more whose capitalised words, but one at most, are words the document writes in lower
    case in its sentences, two of them at least. A word of the span in another PERSON
    span, or right after a title only a person takes (`personal_titles`: "Pastor Bishop"
    beside "Pastor Bishop said"; not "Victim", which opens "Victim Services"), saves it."""
    if not names_are_capitalised(text):
        return list(spans)
    ordinary = lowercase_words(_ADDRESS.sub(" ", text))
    candidates = [
        span
        for span in spans
        if span.label == "PERSON"
        and is_ner_guess(span)
        and _is_phrase_of_ordinary_words(span, text, ordinary)
    ]
    if not candidates:
        return list(spans)
    dropped = set(candidates)
    named = {
        word.lower()
        for span in spans
        if span.label == "PERSON" and span not in dropped
        for word in _WORD.findall(span.text_in(text))
    }
    named |= _words_after_titles(text)
    kept = {span for span in candidates if any(w.lower() in named for w in _WORD.findall(span.text_in(text)))}
    return [span for span in spans if span not in dropped or span in kept]


def _is_phrase_of_ordinary_words(span: Span, text: str, ordinary: frozenset[str]) -> bool:
    capitalised = [word for word in _WORD.findall(span.text_in(text)) if word[0].isupper()]
    common = sum(word.lower() in ordinary for word in capitalised)
    return common >= _FEWEST_ORDINARY and common >= len(capitalised) - 1


def _words_after_titles(text: str) -> set[str]:
    """The words right after a personal title in the text, lower case ("Mr. Young", "Officer Long")."""
    titles = personal_titles()
    found: set[str] = set()
    for match in re.finditer(r"(?<![\w'’-])([A-Za-z]+)\.?[ ]+(?=([A-Z][\w'’]*))", text):
        if match.group(1).lower() in titles:
            found.add(match.group(2).lower())
    return found
