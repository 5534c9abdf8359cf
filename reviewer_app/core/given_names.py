"""The given name before a surname NER found alone: "That's right, Tremaine Whitfield" where NER
read only "Whitfield" a person. The given name went out readable, there and at every mention said
alone ("Tremaine, you're the case manager"): propagation spreads the words of the names found,
and "Tremaine" was in none.

A capitalised word right before a person's name is a given name where the document writes it
so: it never writes the word in lower case (a sentence's word: "Then Whitfield left" beside
"then"), it is no title, role, kinship, function or calendar word, nor such a word's plural, and
no known place ("Officer", "Uncle", "Defendants", "Fresno"), and nothing else covers it. A word
opening a sentence is capitalised whatever it is ("Hey Whitfield"): there it is taken only where
another person's name of the document holds it too."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# A name's word in mixed case, with an apostrophe or a hyphen inside ("D'Andre", "Mary-Kate");
# not a possessive ("Maria's Whitfield" names two people).
_GIVEN_NAME = re.compile(r"[A-Z][a-zà-ÿ]+(?:['’-][A-Z]?[a-zà-ÿ]+)*(?<!['’]s)")
# What stands before a word that opens a sentence or a line (after a speaker's tag too).
_SENTENCE_OPENING = re.compile(r"(?:\A|\n|[.!?…][\"”)]?[ ]+|:[ ]+|--[ ]*|[-–—][ ]+)\Z")
_OPENING_CHARS = 8  # how far back a sentence's opening is looked for
_WORD = re.compile(r"[\w'’-]+")


def take_in_given_names(
    spans: Iterable[Span], text: str, lower_words: frozenset[str], not_names: frozenset[str]
) -> list[Span]:
    """`spans` with each PERSON widened over the given name written right before it (module
    docstring). `lower_words`: the words the document writes in lower case
    (`casing.lowercase_words`); `not_names`: titles, roles, kinship, function and calendar words
    and known places, in lower case."""
    spans = sorted(spans)
    name_words = {w.lower() for s in spans if s.label == "PERSON" for w in _WORD.findall(s.text_in(text))}
    out: list[Span] = []
    for k, span in enumerate(spans):
        given = _given_name_before(span, text, lower_words, not_names, name_words)
        previous_end = spans[k - 1].end if k else 0
        if given is not None and given >= previous_end:
            span = Span(given, span.end, span.label, span.detectors, span.score)
        out.append(span)
    return out


def _given_name_before(
    span: Span, text: str, lower_words: frozenset[str], not_names: frozenset[str], name_words: set[str]
) -> int | None:
    """Where the given name before `span` starts, or None where no given name stands there."""
    if span.label != "PERSON" or span.start < 3 or text[span.start - 1] != " ":
        return None
    first = _WORD.match(text, span.start)
    if not text[span.start].isupper() or first is None or first.group().lower().rstrip(".") in not_names:
        return None  # a name with its title ("Judge Morales" in the general profile) opens there
    start = span.start - 1
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] in "'’-"):
        start -= 1
    word = text[start : span.start - 1]
    if not _GIVEN_NAME.fullmatch(word):
        return None
    key = word.lower()
    if key in lower_words or any(part in not_names for part in re.split(r"['’-]", key)):
        return None
    if key.endswith("s") and (key[:-1] in not_names or key[:-1] in lower_words):
        return None  # a plural: "For Defendants Mercer and Lamb"
    if key not in name_words and _SENTENCE_OPENING.search(text, max(0, start - _OPENING_CHARS), start):
        return None
    return start
