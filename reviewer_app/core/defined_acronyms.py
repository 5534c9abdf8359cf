"""Acronyms a document defines: "Lakeview Correctional Facility (LCF)" makes "LCF" take the label
of what it stands for at every mention, and a place list's "VA" is the agency where the document
names the Department of Veterans Affairs (`label_acronyms_as_defined`); and whether a name's head
word is a body's (`holds_an_organisation_head`)."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Iterator

from reviewer_app.core.acronyms import acronyms_of_common_nouns, ending_with_initials, expansions
from reviewer_app.core.organisation_names import NAME
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span
from reviewer_app.paths import resource

# A name and the acronym after it in brackets: "Victims Rights Council (VRC)".
_NAME_AND_ACRONYM = re.compile(rf"(?P<name>{NAME})[ ]+\((?P<acronym>[A-Z]{{2,8}})\)")
_BRACKETED_ACRONYM = re.compile(r"\([A-Z]{2,8}\)")


def names_before_acronyms(text: str) -> Iterator[re.Match[str]]:
    """`_NAME_AND_ACRONYM.finditer(text)`, sooner: the name is sought only up to each acronym in
    brackets (a name holds no bracket, so a match ends at the first one after where the search
    starts), not at every capital of the text."""
    pos = 0
    for acronym in _BRACKETED_ACRONYM.finditer(text):
        if acronym.end() <= pos:
            continue
        match = _NAME_AND_ACRONYM.search(text, pos, acronym.end())
        if match:
            yield match
            pos = match.end()


def label_acronyms_as_defined(
    spans: Iterable[Span], text: str, organisation_heads: frozenset[str] = frozenset()
) -> list[Span]:
    """An acronym the document defines ("Lakeview Correctional Facility (LCF)")
    takes the label of the place or organisation it stands for, at every
    mention: a prison's code is a LOCATION, whatever NER or
    `learn_organisations` made of the letters alone.

    An acronym in capitals that a place list gave a LOCATION ("VA", "PA") is an
    organisation when its letters are the initials of the last capitalised words of
    an organisation the document names ("the Department of Veterans Affairs" ...
    "the VA clinic"), or when the document says it as a body's elsewhere (after "the", or
    inside an organisation's name: "The VA recognized it", "Sacramento VA Medical Center"):
    a state's postal code is no agency, and the document says which it means. Not in an
    address, before a ZIP code ("Richmond, VA 23219"). An acronym of words the text also writes
    in lower case names a role or a thing, no organisation, unless a word of them is one of
    `organisation_heads` (lower case; "the Department of State Hospitals (DSH)" ... "the
    department of state hospitals": still the body)."""
    spans = sorted(spans)
    by_end = {span.end: span for span in spans}
    label_of: dict[str, str] = {}
    of_roles = {
        a
        for a in acronyms_of_common_nouns(text)
        if not any(holds_an_organisation_head(name, organisation_heads) for name in expansions(text)[a])
    }
    for match in names_before_acronyms(text):
        name = ending_with_initials(match.group("name"), match.group("acronym"))
        defined = by_end.get(match.end("name"))
        if (
            name
            and defined is not None
            and defined.label in _DEFINING_LABELS
            and match.group("acronym") not in of_roles
        ):
            label_of.setdefault(match.group("acronym"), defined.label)
    of_bodies = _initials_of_organisations(spans, text) | _acronyms_said_as_bodies(spans, text)
    if not label_of and not of_bodies and not of_roles:
        return spans
    out = []
    for span in spans:
        covered = span.text_in(text)
        if span.label == "ORGANIZATION" and covered in of_roles:  # "the IE report": a role's
            continue
        if span.label in _DEFINING_LABELS and covered in label_of:
            span = span.with_(label=label_of[covered])
        elif (
            span.label == "LOCATION"
            and covered in of_bodies
            and not _ZIP_AFTER.match(text, span.end)
            and not _SAID_AS_A_STATE.search(text, max(0, span.start - 30), span.start)
        ):
            span = span.with_(label="ORGANIZATION")
        out.append(span)
    return out


_ZIP_AFTER = re.compile(r",?[ ]+\d{5}\b")
# A postal code said as the state it is: after a word of place ("moved to PA", "lived in VA") or a
# town and a comma ("Pittsburgh, PA").
_SAID_AS_A_STATE = re.compile(r"(?:(?<![\w'’-])(?:in|to|from|near|outside)|[A-Z][a-z]+,)[ ]+\Z")


def holds_an_organisation_head(name: str, organisation_heads: frozenset[str]) -> bool:
    """Whether the head of `name`, its last word or a word before "of" ("Department of State
    Hospitals"), or its singular, is one of `organisation_heads` (lower case), in any case.
    `merge.relabel_by_head_word` reads the head words otherwise, to give a name the label its
    ending tells ("Sycamore Court Apartments" a place): each head whole ("Sheriff's Office",
    where this rule takes any "Office"), in its case ("SUPERIOR COURT" is no match), no plural,
    and only the words before the first "of" or the whole name."""
    words = [w.lower() for w in name.split()]
    heads = [words[-1], *(w for w, after in itertools.pairwise(words) if after == "of")]
    return any(w in organisation_heads or w.removesuffix("s") in organisation_heads for w in heads)


def _initials_of_organisations(spans: Iterable[Span], text: str) -> frozenset[str]:
    """The initials of the last two or more capitalised words of each organisation of
    mixed case ("Department of Veterans Affairs": "DVA", "VA")."""
    out = set()
    for span in spans:
        covered = span.text_in(text)
        if span.label != "ORGANIZATION" or covered.isupper():
            continue
        capitalised = [w for w in covered.split() if w[:1].isupper()]
        out.update("".join(w[0] for w in capitalised[i:]) for i in range(len(capitalised) - 1))
    return frozenset(out)


_DEFINING_LABELS = ("LOCATION", "ORGANIZATION")


@functools.cache
def state_postal_codes() -> frozenset[str]:
    """The US states' postal codes of the states' gazetteer (places.toml `state_gazetteer`: "CA",
    "VA"): two capitals other than these ("the UK", "the EU", "the US") are no state's code."""
    path = resource("gazetteers", load_table("places.toml")["state_gazetteer"])
    aliases = (
        a.strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        for a in line.split("#", 1)[0].split("|")
    )
    return frozenset(a for a in aliases if len(a) == 2 and a.isupper())


_THE_BEFORE = re.compile(r"(?<![\w'’-])[Tt]he[ ]+\Z")


def _acronyms_said_as_bodies(spans: Iterable[Span], text: str) -> frozenset[str]:
    """Postal codes the document says as a body's: a LOCATION right after "the" ("the VA's
    system"), or a word of an organisation's name of mixed case ("Sacramento VA Medical Center")."""
    codes = state_postal_codes()
    out = set()
    for span in spans:
        covered = span.text_in(text)
        if span.label == "LOCATION" and covered in codes:
            if _THE_BEFORE.search(text, max(0, span.start - 5), span.start):
                out.add(covered)
        elif span.label == "ORGANIZATION" and " " in covered and not covered.isupper():
            out.update(word for word in covered.split() if word in codes)
    return frozenset(out)
