"""Bodies named by a place (issue 12).

- Courts named by their county: "convicted in Stanislaus County Superior Court", "A jury in San
  Joaquin County Superior Court". The transcripts' writers mark the county, a LOCATION, and leave
  the court's kind unmarked, as in a caption ("SUPERIOR COURT OF THE STATE OF [CALIFORNIA]",
  "COUNTY OF [SAN JOAQUIN]"), where NER reads the whole as one organisation
  (`label_counties_of_courts`)."""

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
