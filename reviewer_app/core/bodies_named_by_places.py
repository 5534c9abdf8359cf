"""Bodies named by a place (issue 12): a town's state university, "Sonoma State, class of 2006",
"by Sonoma State", "Fresno State in '15". A town is in no state of its name, so "State" after one
names the state's university there; NER reads the two words as a place
(`label_universities_named_by_towns`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

# "State" that ends a name: no capitalised word after it ("Folsom State Prison").
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
