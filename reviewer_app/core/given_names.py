"""The given name before a surname NER found alone: "That's right, Tremaine Whitfield" where NER
read only "Whitfield" a person. The given name went out readable, there and at every mention said
alone ("Tremaine, you're the case manager"): propagation spreads the words of the names found,
and "Tremaine" was in none.

A capitalised word right before a person's name is a given name where the document writes it
so: it never writes the word in lower case (a sentence's word: "Then Whitfield left" beside
"then"; "Juvenile Court" beside "a juvenile"), it is no title, role, kinship, function or calendar
word, nor such a word's plural, and no known place ("Officer", "Uncle", "Defendants", "Fresno"),
and nothing else covers it. A word opening a sentence is capitalised whatever it is ("Hey
Whitfield"): there it is taken only where another person's name of the document holds it, or
where a speaker says her own name at her turn's opening ("ATTORNEY MERCY: Hope Mercy for Ms.
Rivers")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.spans import Span

# A name's word in mixed case, with an apostrophe or a hyphen inside ("D'Andre", "Mary-Kate");
# not a possessive ("Maria's Whitfield" names two people).
_GIVEN_NAME = re.compile(r"[A-Z][a-zà-ÿ]+(?:['’-][A-Z]?[a-zà-ÿ]+)*(?<!['’]s)")
# What stands before a word that opens a sentence or a line (after a speaker's tag too).
_SENTENCE_OPENING = re.compile(r"(?:\A|\n|[.!?…][\"”)]?[ ]+|:[ ]+|--[ ]*|[-–—][ ]+)\Z")
# What follows a speaker's tag before the speech: its colon and blanks.
_TURN_OPENING = re.compile(r"[ \t]*:[ \t]+")
# A given name and a surname opening a turn ("Hope Mercy for Ms. Rivers").
_GIVEN_THEN_SURNAME = re.compile(
    r"(?P<given>[A-Z][a-zà-ÿ'’-]+)[ ](?P<surname>[A-Z][\w'’-]*[a-zà-ÿ])(?![\w'’-])"
)
_OPENING_CHARS = 8  # how far back a sentence's opening is looked for
_WORD = re.compile(r"[\w'’-]+")


def take_in_given_names(
    spans: Iterable[Span],
    text: str,
    lower_words: frozenset[str],
    not_names: frozenset[str],
    speaker_tags: Sequence[tuple[int, int]] = (),
) -> list[Span]:
    """`spans` with each PERSON widened over the given name written right before it (module
    docstring). `lower_words`: the words the document writes in lower case
    (`casing.lowercase_words`); `not_names`: titles, roles, kinship, function and calendar words
    and known places, in lower case; `speaker_tags` as `Document.speaker_tags`."""
    openings = _turn_openings(text, speaker_tags)
    spans = sorted([*spans, *_own_surnames(spans, text, openings, not_names)])
    names = _Names(
        lower_words,
        not_names,
        frozenset(w.lower() for s in spans if s.label == "PERSON" for w in _WORD.findall(s.text_in(text))),
        openings,
    )
    out: list[Span] = []
    for k, span in enumerate(spans):
        given = _given_name_before(span, text, names)
        previous_end = spans[k - 1].end if k else 0
        if given is not None and given >= previous_end:
            span = Span(given, span.end, span.label, span.detectors, span.score)
        out.append(span)
    return out


@dataclass(frozen=True)
class _Names:
    """What the document tells of its names."""

    lower_words: frozenset[str]
    not_names: frozenset[str]
    name_words: frozenset[str]  # the words of its PERSON spans, lower case
    turn_openings: dict[int, str]  # where a turn's speech opens -> its tag's last word, lower case


def _turn_openings(text: str, speaker_tags: Sequence[tuple[int, int]]) -> dict[int, str]:
    out = {}
    for start, end in speaker_tags:
        words = _WORD.findall(text, start, end)
        opening = _TURN_OPENING.match(text, end)
        if words and opening:
            out[opening.end()] = words[-1].lower()
    return out


def _own_surnames(
    spans: Sequence[Span], text: str, openings: dict[int, str], not_names: frozenset[str]
) -> list[Span]:
    """A PERSON over the surname a speaker says after a given name at her turn's opening, where
    it is her tag's ("ATTORNEY MERCY: Hope Mercy for ..."), and no span covers it yet; neither
    word one of `not_names` (lower case: "THE COURT: The Court finds")."""
    out = []
    for at, surname in openings.items():
        said = _GIVEN_THEN_SURNAME.match(text, at)
        if (
            said
            and said.group("surname").lower() == surname
            and surname not in not_names
            and said.group("given").lower() not in not_names
        ):
            start, end = said.span("surname")
            if not any(s.start < end and start < s.end for s in spans):
                out.append(Span(start, end, "PERSON", (CONTEXT,), CONTEXT_SCORE))
    return out


def _given_name_before(span: Span, text: str, names: _Names) -> int | None:
    """Where the given name before `span` starts, or None where no given name stands there."""
    if span.label != "PERSON" or span.start < 3 or text[span.start - 1] != " ":
        return None
    first = _WORD.match(text, span.start)
    if (
        not text[span.start].isupper()
        or first is None
        or first.group().lower().rstrip(".") in names.not_names
    ):
        return None  # a name with its title ("Judge Morales" in the general profile) opens there
    start = span.start - 1
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] in "'’-"):
        start -= 1
    word = text[start : span.start - 1]
    if not _GIVEN_NAME.fullmatch(word):
        return None
    key = word.lower()
    if any(part in names.not_names for part in re.split(r"['’-]", key)):
        return None
    if key.endswith("s") and (key[:-1] in names.not_names or key[:-1] in names.lower_words):
        return None  # a plural: "For Defendants Mercer and Lamb"
    if _SENTENCE_OPENING.search(text, max(0, start - _OPENING_CHARS), start):
        # "ATTORNEY MERCY: Hope Mercy for Ms. Rivers": the speaker says her own name.
        own_name = names.turn_openings.get(start) == first.group().lower()
        return start if key in names.name_words or own_name else None
    return None if key in names.lower_words else start
