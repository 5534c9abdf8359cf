"""Courts named only by their kind, which NER reads as organisations (issue 12).

A caption's "SUPERIOR COURT" over "OF THE STATE OF CALIFORNIA", a judge's "District Court
Judge" or a reporter's "the Superior Court of the State" say what kind of court sits, not which
one: the guidelines make only the caption's place names spans. A court is named by a place in
its name ("Los Angeles County Superior Court", "United States District Court"), so an
organisation made of nothing but the words of a court's kind (`court_kinds`, lower case, with
the words joining them) is no span.

A county's own courts are named by the county alone: the binding annotation decisions (the
held-out README's convention audit of 2026-11-27, night) keep "the [Stanislaus County] Juvenile
Court" said in running text as the county's LOCATION with the court's kind outside, so an
organisation that is a county and one of `county_court_kinds` ("Superior", "Juvenile",
"Municipal") before "Court" becomes the county's place.

A federal caption names its court on one line and the court's district on the next ("UNITED
STATES DISTRICT COURT" / "EASTERN DISTRICT OF CALIFORNIA"): the binding decisions annotate only
the district's state there ("EASTERN DISTRICT OF [CALIFORNIA]"), so neither the court's line nor
the district's words before "OF" is a span, whatever NER read them as.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# The word every such span holds: without it "District" or "the State" is something else.
_COURT = "court"
# A county right after the span names the court NER cut short ("DISTRICT COURT OF ARAPAHOE
# COUNTY"); "OF THE STATE OF CALIFORNIA" names no court of its own.
_OF_A_COUNTY = re.compile(r"[ ]+(?i:of)[ ]+(?:[A-Z][\w'’-]*[ ]+){1,3}(?i:county)\b")
# A capitalised word right after the span, which the court's kind qualifies ("District Court
# Judge", "Juvenile Court Law"), or "of the State" NER left out, also across a reporter's line
# break and line number ("an official reporter of the Superior Court of / 9   the State of
# California"); not "of" and a place, which names the court ("the District Court of Nitra").
_CAPITALISED_AFTER = re.compile(
    r"[ ]+(?:[A-Z][a-z]|(?i:of)(?:[ ]+|[ \t]*\n[ \t]*\d{0,2}[ \t]+)(?i:the[ ]+state)\b)"
)


# "Los Angeles County Superior Court", "SAN JOAQUIN COUNTY JUVENILE COURT": the county, its court's
# kind (checked against `county_court_kinds`) and "Court".
_COUNTY_COURT = re.compile(r"(?P<county>.*?\b(?i:county))[ ]+(?P<kind>[A-Za-z]+)[ ]+(?i:court)\Z")
# A leading article stays outside the county's span ("the Kern County").
_ARTICLE = re.compile(r"(?i:the)[ ]+")


def names_only_a_court_kind(covered: str, court_kinds: frozenset[str]) -> bool:
    """Whether an organisation's words are a court's kind and nothing else ("SUPERIOR COURT")."""
    words = [w.lower().strip(".,") for w in covered.split()]
    return _COURT in words and all(w in court_kinds for w in words)


def _is_a_court_kind(span: Span, text: str, court_kinds: frozenset[str]) -> bool:
    """Whether an organisation names only a court's kind where the text shows it is no court's
    name: a caption in capitals ("SUPERIOR COURT"), a kind joined to "of the State" ("the
    Superior Court of the State", also with "of the State" after it) or one qualifying the name
    after it ("District Court Judge").
    In running text "the District Court" refers to the court of a case (a judgment's "the
    District Court dismissed the appeal"), which other annotations count as a body."""
    covered = span.text_in(text)
    if span.label != "ORGANIZATION" or not names_only_a_court_kind(covered, court_kinds):
        return False
    if _OF_A_COUNTY.match(text, span.end):
        return False
    return covered.isupper() or " of " in covered.lower() or bool(_CAPITALISED_AFTER.match(text, span.end))


def drop_court_kinds(spans: Iterable[Span], text: str, court_kinds: frozenset[str]) -> list[Span]:
    """The spans without organisations that name only a court's kind, and without a federal
    caption's court and its district's name (module docstring)."""
    spans = list(spans)
    captions = _federal_captions(text)
    return [
        s
        for s in spans
        if not _is_a_court_kind(s, text, court_kinds)
        and not any(s.start < b and a < s.end for a, b in captions)
    ]


# A federal caption: the court alone on its line in capitals, then its district on the next line
# ("UNITED STATES DISTRICT COURT" / "EASTERN DISTRICT OF CALIFORNIA"), each after an optional line
# number. The binding decisions leave the caption's court unannotated and make only the district's
# state (and its division's town) a place: the court and the words before "OF" are no span.
_FEDERAL_CAPTION = re.compile(
    r"^[ \t]*(?:\d{1,2}[ \t]+)?(?P<court>[A-Z][A-Z. ]*[ ]COURT)[ \t]*\n"
    r"(?:[ \t]*(?:\d{1,2})?[ \t]*\n)?"
    r"[ \t]*(?:\d{1,2}[ \t]+)?(?P<district>(?:[A-Z]+[ ])?DISTRICT)[ ]OF[ ]",
    re.MULTILINE,
)


def _federal_captions(text: str) -> list[tuple[int, int]]:
    return [span for m in _FEDERAL_CAPTION.finditer(text) for span in (m.span("court"), m.span("district"))]


def county_courts_to_counties(
    spans: Iterable[Span], text: str, county_court_kinds: frozenset[str]
) -> list[Span]:
    """The spans with each organisation that is a county's court of one of `county_court_kinds`
    (lower case) cut to its county as a LOCATION (module docstring), once where a place already
    covers the county."""
    out: list[Span] = []
    for span in spans:
        match = _COUNTY_COURT.match(span.text_in(text)) if span.label == "ORGANIZATION" else None
        if match and match.group("kind").lower() in county_court_kinds:
            article = _ARTICLE.match(match.group("county"))
            start = span.start + (article.end() if article else 0)
            span = span.with_(start=start, end=span.start + match.end("county"), label="LOCATION")
        out.append(span)
    kept = {(s.start, s.end, s.label) for s in out}
    unique = []
    for span in out:
        key = (span.start, span.end, span.label)
        if key in kept:
            kept.discard(key)
            unique.append(span)
    return sorted(unique, key=lambda s: (s.start, s.end))
