"""Names said as the modifier of a kind of body (issue 12), for `merge.merge_spans`.

"the Pathways Home domestic violence group", "the Paws for Change dog program", "a Circle Stop
market", "the Journeyman Bridge pre-apprenticeship", "the Hebbron Heights guys", "the Bridgeway
open house": a capitalised name between a determiner and a kind of programme, business or group
written in lower case (`kinds`) is the name of that body. It is how a speaker names a programme
or a firm in passing, without defining it ("X is a program", `organisation_names.defined_names`)
or ending its name in a head word ("Keystone Accountability Group"). NER reads such names as
places ("Circle Stop", "Hebbron Heights", "Journeyman Bridge") or misses them; the kind after
them says what they are.

Left alone: names in capitals ("the PTSD clinic", "the ADN program": an acronym before a kind is
as often a condition or a degree) or opening with a letter ("the A Facility clinic"), known
places and groups ("the Vietnamese market", "the Buddhist group", "the English class"), weekdays
and months ("the Thursday group"), holidays ("the Christmas market", "the Cinco de Mayo party"),
numbered stages ("the Facility B program office"), one word the text also writes in lower case,
and a name a span of another label (a person, a date) already covers.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.organisation_names import CALENDAR_WORD, NAME, is_numbered_stage
from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import spoken_words

# Labels a name before a kind may carry from NER and still be the body: NER's reading of
# a body's name as a place is what this rule corrects.
_REPLACEABLE = frozenset({"LOCATION", "ORGANIZATION"})
# The determiners and possessives before a name that modifies the kind after it ("the X program").
_DETERMINERS = "the|a|an|my|his|her|their|our|your"


@functools.cache
def _pattern(kinds: tuple[str, ...], modifiers_not: tuple[str, ...]) -> re.Pattern[str]:
    kind = "|".join(re.escape(k).replace(r"\ ", "[ ]") for k in sorted(kinds, key=len, reverse=True))
    stop = "|".join(re.escape(w) for w in modifiers_not)
    # Up to two lower-case modifiers between the name and its kind ("domestic violence",
    # "dog", "open"), never a function word ("a Kowalski in my class").
    modifier = rf"(?P<modifiers>(?:(?!(?:{stop})\b)[a-z][a-z'’-]*[ ]){{0,2}})"
    return re.compile(rf"\b(?i:{_DETERMINERS})[ ]+(?P<name>{NAME})[ ]+{modifier}(?:{kind})\b")


def label_names_before_kinds(
    spans: Iterable[Span],
    text: str,
    cues: Mapping[str, Sequence[str]],
    heads: frozenset[str],
    known_places: frozenset[str],
    known_groups: frozenset[str],
    function_words: frozenset[str],
) -> list[Span]:
    """`spans` with each name a determiner and a kind of body in lower case (`cues`' `kinds` and
    `modified_kinds`) frame ("the X dog program") as an ORGANIZATION span: a place NER made of it
    relabelled, a span added where none was; and each place NER found right before one of the
    organisation `heads` in lower case widened over it (`extend_names_over_lower_case_heads`, with
    `cues`' `generic_heads` and `phrase_closers`). `known_places` and `known_groups` are lower case;
    `function_words` are no modifiers of a kind ("a Kowalski in my class")."""
    generic = frozenset(w.lower() for w in cues.get("generic_heads", ()))
    closers = frozenset(cues.get("phrase_closers", ()))
    spans = extend_names_over_lower_case_heads(spans, text, heads, generic, closers)
    kinds = (*cues.get("kinds", ()), *cues.get("modified_kinds", ()))
    kinds = tuple(sorted({k.lower() for k in kinds}))
    if not kinds:
        return spans
    lower_words = lowercase_words(text)
    # One search per name, not a pass over every span: a long transcript names many bodies.
    index = SpanIndex.of(spans)
    position = {id(s): i for i, s in enumerate(spans)}
    relabel: dict[int, Span] = {}
    added: list[Span] = []
    for match in _pattern(kinds, tuple(sorted(function_words))).finditer(text):
        start, end = match.span("name")
        name = match.group("name")
        first = re.split(r"[ -]", name)[0]
        if (
            len(first) < 2  # a yard's or a facility's letter ("the A Facility clinic")
            or name.isupper()
            or name.lower() in known_places
            or first.lower() in known_groups
            or re.match(CALENDAR_WORD, name)
            or _is_holiday(name)
            or is_numbered_stage(name, text)
            or (" " not in name and name.lower() in lower_words)
        ):
            continue
        covering = [position[id(s)] for s in index.overlapping(start, end)]
        if not covering:
            added.append(Span(start, end, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE))
            continue
        if len(covering) == 1:
            span = spans[covering[0]]
            # A place NER found before a kind's modifiers stays one: "the Rhineland Westphalia
            # electricity-supply company" is the region's company, "the Hebbron Heights guys" a gang.
            place_modifies = span.label == "LOCATION" and bool(match.group("modifiers"))
            if span.label in _REPLACEABLE and start <= span.start and span.end <= end and not place_modifies:
                # Marked as learnt from context, so that propagation finds the name's other mentions.
                detectors = tuple(dict.fromkeys((*span.detectors, CONTEXT)))
                relabel[covering[0]] = span.with_(
                    start=start, end=end, label="ORGANIZATION", detectors=detectors
                )
    out = [relabel.get(i, s) for i, s in enumerate(spans)]
    return sorted([*out, *added])


def _is_holiday(name: str) -> bool:
    """Whether `name` is, or opens with, a holiday's name (resources' holidays of every calendar)."""
    words = tuple(name.lower().split())
    v = spoken_words()
    return words[0] in v.holidays or any(words[: len(h)] == h for h in v.holiday_names)


def extend_names_over_lower_case_heads(
    spans: Iterable[Span],
    text: str,
    heads: frozenset[str],
    generic_heads: frozenset[str],
    phrase_closers: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with each place NER found right before an organisation's head word in lower case
    (`heads`, lower case) widened over it as an ORGANIZATION span: a speech-to-text product
    capitalises the name and not the word after it ("Hartnell college", "Arbor Gate reentry",
    "seaside high", "a Fresno police officer", "delacroix holdings"). Not one of `generic_heads`,
    which after a town or a name are common nouns ("the Oakland office", "the Shafter court", "a
    Delaware corporation", "the Panorama house", "Mary living in Fresno").

    Never a person: a head word after a name is as often a verb or an adverb of the clause the
    name opens ("Maria stop talking", "I got Carlos high", "Rosa circle back"), and a person's
    mention relabelled leaves its person. The head must end a noun phrase the place modifies: a
    determiner or a possessive before the place, or no verb after the head (a mark, the line's end,
    another head: "Fresno police officer", or one of `phrase_closers`: "Arbor Gate reentry in
    salinas"), not "Fresno police said"."""
    spans = sorted(spans)
    out = []
    for k, span in enumerate(spans):
        following = _LOWER_CASE_WORD.match(text, span.end)
        if span.label == "LOCATION" and following:
            word = following.group(1)
            head = word in heads or word.removesuffix("s") in heads
            end = following.end()
            free = k + 1 == len(spans) or spans[k + 1].start >= end
            after = _LOWER_CASE_WORD.match(text, end)
            ends_phrase = (
                bool(_DETERMINED.search(text, max(0, span.start - 12), span.start))
                or after is None
                or after.group(1) in heads
                or after.group(1) in generic_heads
                or after.group(1) in phrase_closers
            )
            if head and word not in generic_heads and free and ends_phrase:
                detectors = tuple(dict.fromkeys((*span.detectors, CONTEXT)))
                span = span.with_(end=end, label="ORGANIZATION", detectors=detectors)
        out.append(span)
    return out


_LOWER_CASE_WORD = re.compile(r"[ ]([a-z][a-z'’-]*)\b")
# A determiner or a possessive right before a name: the name modifies the noun after it.
_DETERMINED = re.compile(rf"\b(?:(?i:{_DETERMINERS}|its)|\w['’]s)[ ]+\Z")
