"""Makes and models of cars, which NER reads as organisations or names (issue 12), for
`context_rules.drop_false_tags` (guidelines: make and model are not spans): "a gray Nissan",
"a 2014 Honda", "a Ford pickup", "a black Honda, a Civic", "White Camry, a 2014"."""

from __future__ import annotations

import functools
import re

from reviewer_app.core.spans import Span

# A model year before a make, after an article or a possessive ("a silver 2014 Honda"; "in
# 2014 Honda hired me" names the firm).
_MODEL_YEAR_BEFORE = re.compile(
    r"(?<![\w'’-])(?:a|an|the|my|his|her|their|our|your)[ ]+(?:[a-z]+,?[ ]+)?"
    r"(?:(?:19|20)\d\d|['’]\d\d)[ ]+\Z"
)
# The word right before a make, a colour when it describes a car: "a gray Nissan", and with no
# article in a dispatcher's "eastbound on Travis, gray Nissan".
_LOWER_WORD_BEFORE = re.compile(r"(?<![\w'’-])(?P<word>[a-z]+)[ ]+\Z")
_WORD_AFTER_SPAN = re.compile(r"[ ]+(?P<word>[A-Za-z]+)\b")


def describes_a_vehicle(
    span: Span, text: str, vehicle_words: frozenset[str], colour_words: frozenset[str]
) -> bool:
    """Whether an organisation of one to three words is a vehicle's make: after a colour
    or a model year ("a gray Nissan", "a 2014 Honda Accord"), before a lower-case kind
    of vehicle ("a Ford pickup") or its model year ("White Camry, a 2014"), or in
    apposition to a car just described ("a black Honda, a Civic", "a black truck, like a
    Chevy, a Silverado"). A name takes no colour word or year before it ("the Red Cross"
    holds its colour inside)."""
    covered = span.text_in(text)
    if not vehicle_words or len(covered.split()) > 3 or covered.isupper():
        return False
    colour = _LOWER_WORD_BEFORE.search(text, max(0, span.start - 20), span.start)
    if (colour and colour.group("word") in colour_words) or _MODEL_YEAR_BEFORE.search(
        text, max(0, span.start - 30), span.start
    ):
        return True
    before = text[max(0, span.start - _APPOSITION_REACH) : span.start]
    if _car_described_before(colour_words | vehicle_words).search(before) or _MODEL_YEAR_AFTER.match(
        text, span.end
    ):
        return True
    after = _WORD_AFTER_SPAN.match(text, span.end)
    return bool(after and after.group("word") in vehicle_words)


# How far back a car described in an apposition is looked for.
_APPOSITION_REACH = 40
_MODEL_YEAR_AFTER = re.compile(r",[ ]+an?[ ]+(?:(?:19|20)\d\d|['’]\d\d)\b")


@functools.lru_cache(maxsize=2)
def _car_described_before(words: frozenset[str]) -> re.Pattern[str]:
    """A colour or kind of vehicle, then what may describe it up to a comma and "a" ("a black
    Honda, a ", "a black truck, like a "), right before a span."""
    alternation = "|".join(sorted(words))
    return re.compile(rf"(?i:\b(?:{alternation}))\b[^.\n?!]*,[ ]+(?:like[ ]+)?an?[ ]+\Z")
