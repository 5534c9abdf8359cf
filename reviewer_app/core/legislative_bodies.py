"""A legislature's own bodies, which NER reads as organisations (issue 12).

A committee hearing names its chamber and committees at every turn ("The Assembly Committee on
Public Safety will come to order", "re-refer to the Committee on Appropriations", "The Assembly
stands at ease"). The binding annotation decisions leave the hearing's own body unannotated, as
the Board and a caption's court are ("the Assembly, its Committee on Public Safety and the
Committee on Appropriations the bill goes to"; "the Legislature ... not annotated"), and keep a
state before a chamber as LOCATION ("[CALIFORNIA] STATE ASSEMBLY").

So an organisation made of a chamber's words, a committee's and their qualifiers
(`resources/patterns/body_mentions.toml`), with a state before them at most, is no span when it
holds a chamber ("the Assembly", "Senate Committee") or names a committee by its subject after
"on" ("Committee on Appropriations"); "the Committee" alone may be any body's (a treaty's), and
"the Senate of the Republic" is named by what follows it. The
state keeps a LOCATION span, and a span on the subject after "Committee on" goes too. A
committee named for a cause without "on" ("American Friends Service Committee") holds words that
are neither a chamber's nor a qualifier, and stays. The hearing's bills are measures
(`numbered_measures`), its members named by title persons (`persons_after_titles`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span

_ARTICLE = re.compile(r"(?i:the)[ ]+")
# "Committee on Public Safety": the subject a standing committee is named by.
_COMMITTEE_ON = re.compile(r"(?i:committee)[ ]+(?i:on)[ ]+\Z")


@dataclass(frozen=True)
class LegislativeWords:
    """The words of body_mentions.toml, lower case where compared so."""

    chambers: tuple[str, ...]
    qualifiers: frozenset[str]
    committees: frozenset[str]


@functools.cache
def legislative_words() -> LegislativeWords:
    table = load_table("body_mentions.toml")
    return LegislativeWords(
        chambers=tuple(w.lower() for w in table["chamber_words"]),
        qualifiers=frozenset(w.lower() for w in table["chamber_qualifiers"]),
        committees=frozenset(w.lower() for w in table["committee_words"]),
    )


def _body_part(words: list[str], vocabulary: LegislativeWords) -> int:
    """How many of `words` (lower case) from the start are a chamber's, a committee's or their
    qualifiers' words: "state assembly committee" is 3, "assembly" 1."""
    at = 0
    while at < len(words):
        rest = " ".join(words[at:])
        chamber = next((c for c in vocabulary.chambers if rest == c or rest.startswith(c + " ")), None)
        if chamber:
            at += len(chamber.split())
        elif words[at] in vocabulary.committees or words[at] in vocabulary.qualifiers:
            at += 1
        else:
            break
    return at


def _legislative_body(
    covered: str, known_places: frozenset[str], vocabulary: LegislativeWords, legislature: bool
) -> tuple[int, int] | None:
    """Where the state is in an organisation that names a legislative body ((0, 0) for none),
    or None when the organisation is no legislative body (module docstring)."""
    article = _ARTICLE.match(covered)
    offset = article.end() if article else 0
    words = covered[offset:].split()
    lower = [w.lower().strip(".,;:") for w in words]
    for state_words in (2, 1, 0):  # "New Mexico State Senate", "California State Assembly"
        if state_words and " ".join(lower[:state_words]) not in known_places:
            continue
        body = lower[state_words:]
        end = _body_part(body, vocabulary)
        if end == 0:
            continue
        rest = body[end:]
        # A chamber's word, or a committee named by its subject ("Committee on Appropriations"):
        # "the Committee" alone may be any body's (a treaty's, a union's).
        named = f" {' '.join(body[:end])} "
        has_chamber = any(f" {chamber} " in named for chamber in vocabulary.chambers)
        has_subject = bool(rest) and rest[0] == "on" and any(w in vocabulary.committees for w in body[:end])
        # A committee by its subject only where the text names a chamber ("the Committee on
        # Homeless Veterans" of a town's is no legislature's), and a subject that names a place
        # keeps it ("Assembly Committee on Fresno County Jails").
        if not ((has_subject and (has_chamber or legislature)) or (has_chamber and not rest)):
            continue
        if _names_a_place(rest, known_places):
            continue
        if not state_words:
            return (0, 0)
        state_end = offset + len(" ".join(words[:state_words]))
        return (offset, state_end)
    return None


def _names_a_place(words: list[str], known_places: frozenset[str]) -> bool:
    return any(
        " ".join(words[i : i + n]) in known_places for n in (1, 2, 3) for i in range(len(words) - n + 1)
    )


def settle_legislative_mentions(spans: Iterable[Span], text: str, known_places: frozenset[str]) -> list[Span]:
    """`spans` without a legislature's own bodies (module docstring).
    `known_places`: lower-case place names (a state before a chamber)."""
    vocabulary = legislative_words()
    chambers = "|".join(re.escape(c) for c in vocabulary.chambers)
    legislature = re.search(rf"\b(?:{chambers})\b", text, re.IGNORECASE) is not None
    out: list[Span] = []
    dropped_ends: set[int] = set()
    for span in sorted(spans, key=lambda s: (s.start, s.end)):
        covered = span.text_in(text)
        if span.label != "ORGANIZATION":
            # "Committee on [Housing]": a subject NER read as a place, after a committee dropped
            # just before; a known place stays ("Senate Committee on [Tulare Lake Basin]").
            after_committee = _COMMITTEE_ON.search(text, max(0, span.start - 20), span.start)
            subject = [w.lower().strip(".,;:") for w in covered.split()]
            if (
                span.label in ("LOCATION", "NRP")
                and after_committee
                and span.start - 4 in dropped_ends
                and not _names_a_place(subject, known_places)
            ):
                continue
            out.append(span)
            continue
        state = _legislative_body(covered, known_places, vocabulary, legislature)
        if state is not None:
            dropped_ends.add(span.end)
            if state != (0, 0):
                out.append(
                    span.with_(start=span.start + state[0], end=span.start + state[1], label="LOCATION")
                )
            continue
        out.append(span)
    return sorted(out, key=lambda s: (s.start, s.end))
