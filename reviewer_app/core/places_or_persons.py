"""Where NER read a person's name as a place or a place as a person's name (issue 12).

- `split_persons_off_streets`: a street's address and the person named right after it,
  read as one place ("at 4410 Whittier Boulevard, Victor Almanza, who was twenty-four");
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

import functools
import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.family_names import owns_what_a_person_has
from reviewer_app.core.name_rules import CUE_SCORE, STRUCTURE, after_word
from reviewer_app.core.person_words import person_words
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


# How far before a name the words of a person's context may begin.
_CUE_REACH = 40


@functools.cache
def _person_follows() -> re.Pattern[str]:
    """Words right before a name that only a person's follows: talking with or meeting
    someone ("spoke with", "met": `talk_cues`), a relation ("engaged to": `relation_cues`)."""
    cues = sorted(person_words("talk_cues") | person_words("relation_cues"), key=len, reverse=True)
    return re.compile(rf"(?<![\w'’-])(?i:{'|'.join(re.escape(c) for c in cues)})[ ]+\Z")


def follows_person_words(text: str, start: int) -> bool:
    """Whether words only a person's name follows (`_person_follows`) end right before `start`."""
    return _person_follows().search(text, max(0, start - _CUE_REACH), start) is not None


def shown_as_a_person(text: str, span: Span, titles: frozenset[str], person_cues: frozenset[str]) -> bool:
    """Whether the words around `span` make it a person's name: one of `titles` before it,
    words only a person's name follows (`_person_follows`), or "'s" and what only a person
    has after it ("'s name", "'s sister": `owns_what_a_person_has` of `person_cues`)."""
    return (
        after_word(text, span.start, titles)
        or follows_person_words(text, span.start)
        or owns_what_a_person_has(text, span.end, person_cues)
    )


def relabel_place_names_read_as_persons(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
    person_cues: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with each PERSON of two words or more that is a known place or its first
    words (`place_names_and_openings` of `known_places`, lower case) a LOCATION, unless
    the document shows it as a person's: at any of its mentions, after one of `titles`
    ("Mr. San Luis") or in a person's context (`shown_as_a_person`: "I spoke with Dana
    Point"), or a word of it in another person's name (a span of other words, or one of
    the cover's `person_names`: "Pico" of "Pico Alvarez")."""
    places = place_names_and_openings(known_places)
    candidates = {
        s.text_in(text).lower() for s in spans if s.label == "PERSON" and s.text_in(text).lower() in places
    }
    if not candidates:
        return list(spans)
    named = {w for n in person_names if n.lower() not in candidates for w in _WORD.findall(n.lower())}
    titled: set[str] = set()
    for span in spans:
        covered = span.text_in(text).lower()
        if span.label == "PERSON" and covered not in candidates:
            named.update(_WORD.findall(covered))
        elif span.label == "PERSON" and shown_as_a_person(text, span, titles, person_cues):
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


# A relative pronoun for a person after the place: ", who was twenty-four", " who was twenty".
_WHO_AFTER = re.compile(r",?[ ]+who\b")


def split_persons_off_streets(
    spans: Sequence[Span],
    text: str,
    street_words: frozenset[str],
    known_places: frozenset[str],
    unit_words: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with each LOCATION that holds a street's word (`street_words`, lower case:
    "boulevard", "lane") and then, up to its end, two or three words, and that "who"
    follows, cut after the street's word: the words after it name the person "who" is
    about, a PERSON ("4410 Whittier Boulevard, Victor Almanza, who was twenty-four",
    "on cherokee lane adrian ibarrola who was twenty"). A town after the street ("Elm
    Street, Santa Rosa, who ...": `known_places`), a number or a unit's word (`unit_words`,
    lower case: "Elm Street Unit Four who ...") keeps the span whole."""
    out: list[Span] = []
    for span in spans:
        covered = span.text_in(text)
        tail = _street_then_name(covered, street_words) if span.label == "LOCATION" else None
        if tail is None or not _WHO_AFTER.match(text, span.end):
            out.append(span)
            continue
        name = covered[tail:]
        words = [w.lower() for w in name.split()]
        if any(w in known_places or w in unit_words for w in words) or name.lower() in known_places:
            out.append(span)
            continue
        street_end = span.start + len(covered[:tail].rstrip(" ,"))
        out.append(span.with_(end=street_end))
        out.append(Span(span.start + tail, span.end, "PERSON", (STRUCTURE,), CUE_SCORE))
    return sorted(out, key=lambda s: (s.start, s.end))


def _street_then_name(covered: str, street_words: frozenset[str]) -> int | None:
    """Where the two or three words after the last street word of `covered` begin (after a
    comma, if any), when they end it and are written alike (capitalised or all lower case);
    None otherwise."""
    words = list(_WORD.finditer(covered))
    for k in range(len(words) - 3, max(-1, len(words) - 5), -1):
        if words[k].group().lower() not in street_words:
            continue
        name = [w.group() for w in words[k + 1 :]]
        if all(w[:1].isupper() and w[1:].islower() for w in name) or all(w.islower() for w in name):
            return words[k + 1].start()
    return None
