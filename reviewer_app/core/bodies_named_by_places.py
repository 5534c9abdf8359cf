"""Bodies named by a place (issue 12).

- Courts named by their county: "convicted in Stanislaus County Superior Court", "A jury in San
  Joaquin County Superior Court". The transcripts' writers mark the county, a LOCATION, and leave
  the court's kind unmarked, as in a caption ("SUPERIOR COURT OF THE STATE OF [CALIFORNIA]",
  "COUNTY OF [SAN JOAQUIN]"), where NER reads the whole as one organisation
  (`label_counties_of_courts`).
- A town's state university: "Sonoma State, class of 2006", "by Sonoma State", "Fresno State in
  '15". A town is in no state of its name, so "State" after one names the state's university
  there; NER reads the two words as a place (`label_universities_named_by_towns`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# A county's name, then capitalised words that end in "Court": "Los Angeles County Superior Court",
# "STANISLAUS COUNTY JUVENILE COURT".
_COUNTY_COURT = re.compile(r"(?P<county>(?:[A-Z][\w'’.-]*[ ])+(?i:county))(?:[ ][A-Z][\w'’-]*)*[ ](?i:court)")


def label_counties_of_courts(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` with each organisation that is a court named by its county cut to the county, a
    LOCATION: the place is what names the court, the court's kind is a common noun's phrase."""
    out = []
    for span in spans:
        match = _COUNTY_COURT.fullmatch(span.text_in(text)) if span.label == "ORGANIZATION" else None
        if match:
            span = span.with_(end=span.start + match.end("county"), label="LOCATION")
        out.append(span)
    return out


_STATE_AFTER = re.compile(r"[ ]State(?![ ]+[A-Z])")


def label_universities_named_by_towns(
    spans: Iterable[Span], text: str, known_places: frozenset[str], states: frozenset[str]
) -> list[Span]:
    """`spans` with each place of the form "X State", X a known town or county (`known_places`,
    lower case) and no state or country (`states`), as an ORGANIZATION: the university. Not a
    prison's short name ("Avenal State" where "Avenal State Prison" is a known place or the text
    writes "Avenal State" before another capitalised word), nor "X State" before a capitalised
    word ("Folsom State Prison")."""
    out = []
    for span in spans:
        covered = span.text_in(text)
        town = covered.removesuffix(" State")
        if (
            span.label == "LOCATION"
            and town != covered
            and town.lower() in known_places
            and town.lower() not in states
            and f"{town.lower()} state prison" not in known_places
            and _STATE_AFTER.match(text, span.start + len(town))
            and not re.search(rf"\b{re.escape(town)}[ ]State[ ]+[A-Z]", text)
        ):
            span = span.with_(label="ORGANIZATION")
        out.append(span)
    return out
