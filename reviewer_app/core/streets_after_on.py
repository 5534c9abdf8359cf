"""A street said by its name alone after "on", which NER reads as an organisation (issue 12).

"I'm on Linwood now" (beside "2215 South Linwood"), "My grandmother's house was on Tenth Street",
"a drugstore on Base Line", "I grew up on Casa Loma", "The truck broke on I-225": a place one is
on is a street, and NER, seeing a capitalised name it does not know, calls it a body. A body is
seldom said to be something one is *on*; the exceptions are the media and medicines a person is
reached or kept on ("found me on Facebook", "told me on WhatsApp", "got me on Haldol", "She is on
Suboxone now", "we talked on Telegram", "I didn't order anything on Amazon"), whose names are one
word, often written with an inner capital ("FaceTime"), and where "on" often follows the person
acted on or an indefinite thing.

So an ORGANIZATION span right after "on" becomes a LOCATION when its words are one to three
capitalised names, or a road's number ("I-225"), none an organisation's head word ("on Kaiser
Hospital" stays a body) nor written with an inner capital, the word before "on" is none of
`medium_openers` (an object pronoun or an indefinite: "me", "him", "anything"), and a name of one
word is shown a place's by the document: the word is part of a LOCATION span elsewhere ("2215
South Linwood").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# "on" ending the text before the span, with one space: "lives on Linwood", "On Tenth Street".
_ON_BEFORE = re.compile(r"(?:^|(?<=[^\w'’-]))(?P<on>[Oo]n)[ ]+\Z")
_WORD_BEFORE = re.compile(r"(?P<word>[A-Za-z]+)[ ]+\Z")
# A word of a street's name: a capitalised word ("Base", "Tenth"), a road's number ("I-225").
_NAME_WORD = re.compile(r"(?:[A-Z][a-z'’]+(?:-[A-Z][a-z]+)?|[A-Z]{1,2}-?\d{1,4})")
_MAX_WORDS = 3
_ROAD_NUMBER = re.compile(r"[A-Z]{1,2}-?\d{1,4}")
_WORD = re.compile(r"[\w'’-]+")
# How far back "on" and the word before it are looked for.
_REACH = 40


def _is_street_shaped(covered: str, organisation_heads: frozenset[str]) -> bool:
    """Whether an organisation's words could be a street's name: one to three capitalised
    words or a road's number, none an organisation's head word (lower case)."""
    words = covered.split()
    return (
        0 < len(words) <= _MAX_WORDS
        and all(_NAME_WORD.fullmatch(w) for w in words)
        and not any(w.lower().strip("'’") in organisation_heads for w in words)
    )


def _follows_on(text: str, start: int, medium_openers: frozenset[str]) -> bool:
    """Whether "on" stands right before `start`, and not after one of `medium_openers`
    ("found me on", "anything on")."""
    window = text[max(0, start - _REACH) : start]
    match = _ON_BEFORE.search(window)
    if match is None:
        return False
    before = _WORD_BEFORE.search(window, 0, match.start("on"))
    return before is None or before.group("word").lower() not in medium_openers


def _shown_a_place(covered: str, place_words: frozenset[str]) -> bool:
    """Whether a name could only be a street here: two words or more, a road's number, or a
    word the document has in a LOCATION span elsewhere."""
    words = covered.split()
    return len(words) > 1 or bool(_ROAD_NUMBER.fullmatch(covered)) or covered.lower() in place_words


def relabel_streets_after_on(
    spans: Iterable[Span], text: str, organisation_heads: frozenset[str], medium_openers: frozenset[str]
) -> list[Span]:
    """`spans` with each organisation said as a street after "on" a LOCATION (module docstring).
    `organisation_heads`: the lower-case last words of organisations' heads ("hospital");
    `medium_openers`: lower-case words after which "on" names a medium ("me", "anything")."""
    spans = list(spans)
    place_words = frozenset(
        w.lower() for s in spans if s.label == "LOCATION" for w in _WORD.findall(s.text_in(text))
    )
    return [
        span.with_(label="LOCATION")
        if span.label == "ORGANIZATION"
        and _is_street_shaped(span.text_in(text), organisation_heads)
        and _shown_a_place(span.text_in(text), place_words)
        and _follows_on(text, span.start, medium_openers)
        else span
        for span in spans
    ]
