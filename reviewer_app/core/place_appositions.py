"""A name the text calls a place in an apposition right after it (issue 12).

"you did a few weeks at Kearny Mesa, the juvenile hall", "and then the Youth Center, the county
camp, for nine months", "Then Phanat Nikhom, the transit camp": the noun phrase after the comma
says what kind of thing the name is. NER reads such names as bodies (a hall, a centre) or misses
them. A kind of place (place_mentions.toml `place_kinds_in_apposition`) after "the", "a" or "an"
and at most two lower-case words, ending its noun phrase (a mark or a joining word after it, not
a noun: "Maria, the camp counselor" is a person) and heading it (no preposition before it: "Tony,
the kid from town" is a person), makes the name a LOCATION: a span on the name
is relabelled, or one is added where nothing covers it. A sentence's opening adverb ("Then") is
no part of the name; a name the document shows as a person's (a PERSON span of two words or more
holding its words) is left as it is. The apposition naming a body instead ("Holly Sugar, the
sugar plant") is `organisation_names.defined_names`'.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span

_RELABELLED = frozenset({"ORGANIZATION", "PERSON", "NRP"})
# Words after the kind that close its noun phrase: a mark, the line's end, or a joining word.
_PHRASE_END = (
    r"(?=[ ]*[,.;:!?)\n]|[ ]*$|[ ]+(?:for|in|at|on|by|near|where|that|which|until|till|and|or|then)\b)"
)


@functools.cache
def _apposition() -> re.Pattern[str]:
    table = load_table("place_mentions.toml")
    kinds = table["place_kinds_in_apposition"]
    kind = "|".join(re.escape(k).replace(r"\ ", "[ ]") for k in sorted(kinds, key=len, reverse=True))
    not_modifier = "|".join(re.escape(w) for w in table["apposition_not_modifiers"])
    return re.compile(
        r"(?<![\w'’-])(?P<name>[A-Z][\w'’-]*(?:[ ][A-Z][\w'’-]*){0,3}),[ ](?:the|a|an)[ ]"
        rf"(?:(?!(?:{not_modifier})[ ])[a-z][a-z-]*[ ]){{0,2}}(?:{kind}){_PHRASE_END}",
        re.M,
    )


def label_places_in_apposition(spans: Iterable[Span], text: str, openers: frozenset[str]) -> list[Span]:
    """`spans` with each name an apposition calls a kind of place (module docstring) a LOCATION.
    `openers`: lower-case words that open a sentence without being part of a name ("then")."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    matches = list(_apposition().finditer(text))
    if not matches:
        return spans
    person_words = {
        w
        for s in spans
        if s.label == "PERSON" and " " in s.text_in(text).strip()
        for w in s.text_in(text).split()
    }
    index = SpanIndex.of(spans)
    relabelled: dict[tuple[int, int], Span] = {}
    added: list[Span] = []
    for match in matches:
        start, end = match.span("name")
        words = match.group("name").split()
        if words[0].lower() in openers:
            start += len(words.pop(0)) + 1
        if not words or person_words.intersection(words):
            continue
        over = index.overlapping(start, end)
        if not over:
            added.append(Span(start, end, "LOCATION", (CONTEXT,), CONTEXT_SCORE))
        for span in over:
            if span.label in _RELABELLED and start <= span.start and span.end <= end:
                relabelled[(span.start, span.end)] = span.with_(label="LOCATION")
    if not added and not relabelled:
        return spans
    out = [relabelled.get((s.start, s.end), s) for s in spans]
    return sorted([*out, *added], key=lambda s: (s.start, s.end))
