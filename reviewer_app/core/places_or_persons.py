"""Where NER read a person's name as a place or a place as a person's name (issue 12).

- `relabel_place_names_read_as_persons`: known places of several words read as a name.

NER reads a town of two words as a first name and a surname ("Then Pico Rivera with Lalo"),
and so it reads a place said short, by its first words ("I can't drive to San Luis" for San
Luis Obispo, "You came through Deuel Vocational in Tracy" for Deuel Vocational Institution).
The gazetteer's places (`known_places`) say what such words are: a PERSON of two words or
more that is a known place, or the first words of one, is a LOCATION where the document
never shows it as a person's name. A town of one word is no such evidence (a town may be a
surname, "Davis"): `name_rules.relabel_places_named_alone` asks its context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.name_rules import after_word
from reviewer_app.core.spans import Span

_WORD = re.compile(r"[\w'’-]+")
# A place named after a person holds an initial ("Richard J. Donovan Correctional
# Facility"): its first words are that person's name, so they say nothing.
_INITIAL = re.compile(r"(?<![\w'’-])[a-z]\.")


def place_names_and_openings(known_places: Iterable[str]) -> frozenset[str]:
    """The known places of several words (lower case) and their first words, two or more:
    "pico rivera"; "san luis" and "san luis obispo"; none of a place holding an initial."""
    out: set[str] = set()
    for place in known_places:
        words = place.split()
        if len(words) < 2 or _INITIAL.search(place):
            continue
        out.update(" ".join(words[:k]) for k in range(2, len(words) + 1))
    return frozenset(out)


def relabel_place_names_read_as_persons(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with each PERSON of two words or more that is a known place or its first
    words (`place_names_and_openings` of `known_places`, lower case) a LOCATION, unless
    the document shows it as a person's: after one of `titles` ("Mr. San Luis", at any of
    its mentions), or a word
    of it in another person's name (a span of other words, or one of the cover's
    `person_names`: "Pico" of "Pico Alvarez")."""
    places = place_names_and_openings(known_places)
    candidates = {
        s.text_in(text).lower()
        for s in spans
        if s.label == "PERSON" and s.text_in(text).lower() in places
    }
    if not candidates:
        return list(spans)
    named = {w for n in person_names if n.lower() not in candidates for w in _WORD.findall(n.lower())}
    titled: set[str] = set()
    for span in spans:
        covered = span.text_in(text).lower()
        if span.label == "PERSON" and covered not in candidates:
            named.update(_WORD.findall(covered))
        elif span.label == "PERSON" and after_word(text, span.start, titles):
            titled.add(covered)
    out = []
    for span in spans:
        covered = span.text_in(text).lower()
        if (
            covered in candidates
            and covered not in titled
            and span.label == "PERSON"
            and not any(w in named for w in _WORD.findall(covered))
        ):
            span = span.with_(label="LOCATION")
        out.append(span)
    return out

