"""Full names that NER labels an organisation or a place, known by their family name.

NER reads a person's full name it does not know as an organisation or a place where the
sentence reads like one ("Harjit Singh Dhillon was my father", "The owner, Harjit Dhillon,
forty-four"), while the document names the same family elsewhere ("Mr. Dhillon",
"Gurpreet Dhillon" as PERSON spans). A name has the shape of two or three capitalised
words; one that ends in the family name of a person of the document is that person's
relative, and a PERSON.

A family name that is also a word of the language ("Ms. Rich" beside "getting rich",
"Commissioner Grove" beside "a little grove") ends names of places and firms too
("Elk Grove", "Holloway Rich"): the document writes such a word in lower case, and its
other words, or the phrase, are places; none of these is relabelled. Nor is what a rule
of context found (an organisation after "works for"), which says more than NER's guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.name_rules import NAME_SUFFIXES, STRUCTURE
from reviewer_app.core.spans import Span

_NAME_WORD = re.compile(r"[A-Z][a-zà-ÿ]+(?:['’-][A-Z][a-zà-ÿ]+)*")
_CAPITAL_WORD = re.compile(r"[A-Z][\w'’-]+")


def relabel_relatives_of_persons(
    spans: Iterable[Span],
    text: str,
    lowercase: frozenset[str],
    known_places: frozenset[str],
    not_names: frozenset[str],
) -> list[Span]:
    """`spans` with each organisation, place or group of two or three capitalised words
    (module docstring) whose last word is the family name of a PERSON span a PERSON.
    `lowercase`: the words the document writes in lower case; `known_places` and
    `not_names` (titles, roles, calendar words), lower case."""
    spans = list(spans)
    family_names = {
        words[-1].lower()
        for s in spans
        if s.label == "PERSON" and (words := _CAPITAL_WORD.findall(s.text_in(text)))
    }
    family_names -= lowercase | not_names | known_places
    if not family_names:
        return spans
    out = []
    for span in spans:
        words = span.text_in(text).split()
        if (
            span.label in ("ORGANIZATION", "LOCATION", "NRP")
            and STRUCTURE not in span.detectors
            and 2 <= len(words) <= 3
            and all(_NAME_WORD.fullmatch(w) for w in words)
            and words[-1].lower() in family_names
            and " ".join(words).lower() not in known_places
            and not any(w.lower() in lowercase | not_names | known_places for w in words[:-1])
        ):
            span = span.with_(label="PERSON")
        out.append(span)
    return out


# What a person has, and a firm or a place has not, after a possessive: "Tyrell Banks's
# name", "I took Lonnie Hackbarth's life".
_PERSONAL_POSSESSION = re.compile(r"['’]s?[ ]+(?P<noun>[a-z-]+)\b")
_PERSONAL_NOUNS = frozenset({"name", "life", "death", "murder", "killing", "body"})


def relabel_names_by_form(
    spans: Iterable[Span], text: str, person_cues: frozenset[str], lowercase: frozenset[str]
) -> list[Span]:
    """`spans` with each organisation or place of two to four capitalised words that only a
    person's name can be a PERSON: one ending in a generational suffix ("Booker Fields
    Jr."), or one in the possessive before what only a person has, a life, a name, a kin
    word of `person_cues` ("Tyrell Banks's name", "Lonnie Hackbarth's life", "Dana Ruiz's
    mother"); there no word of it may be one the document writes in lower case
    (`lowercase`: "Sunrise House's director")."""
    out = []
    for span in spans:
        words = span.text_in(text).split()
        if (
            span.label in ("ORGANIZATION", "LOCATION")
            and 2 <= len(words) <= 4
            and all(_NAME_WORD.fullmatch(w) or _is_suffix(w) for w in words)
            and _NAME_WORD.fullmatch(words[0])
            and (
                _is_suffix(words[-1])
                or (
                    not any(w.lower() in lowercase for w in words)
                    and owns_what_a_person_has(text, span.end, person_cues)
                )
            )
        ):
            span = span.with_(label="PERSON")
        out.append(span)
    return out


def owns_what_a_person_has(text: str, end: int, person_cues: frozenset[str]) -> bool:
    """Whether "'s" and what only a person has follow `end`: "'s name", "'s life", "'s
    sister" (a noun of `person_cues`)."""
    match = _PERSONAL_POSSESSION.match(text, end)
    if match is None:
        return False
    noun = match.group("noun")
    return noun in _PERSONAL_NOUNS or noun in person_cues


# A son named for his father, said in full ("Wendell Junior -- we call him Dell", "Darnell Junior,
# we call him DJ"): "Junior" after a given name ends a person's name as "Jr." does.
_SPELLED_SUFFIXES = frozenset({"junior"})


def _is_suffix(word: str) -> bool:
    """A generational suffix as names write it: "Jr.", "SR", "III", "Junior" (not "jr" in
    lower case)."""
    return word.rstrip(".").lower() in NAME_SUFFIXES | _SPELLED_SUFFIXES and not word.islower()
