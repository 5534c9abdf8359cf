"""A street said by its short name after a home or premises, whether or not NER saw it (issue 12).

People give where a home or a business is by the street alone: "It was her place, on Pershing",
"I'm at my auntie's, on Noble", "the VA clinic out on Travis", "Valley Pallet Recycling off Crows
Landing". NER reads such a word as a surname or a body, or not at all. `referent_labels.
label_streets_by_context` relabels a name NER found right after "<premises word> on"; this rule
reads the wider ways of saying it, where the premises and "on" or "off" are apart:

- a premises or dwelling word (merge.toml `street_cues`: "place", "clinic", "house"), then a comma
  or a word of place_mentions.toml `street_gap_words` ("out", "over", "right"), then "on" or "off";
- a possessive that stands for someone's home after a determiner ("her friend's", "my auntie's"),
  then "on" or "off";
- a place or an organisation span, then "off" ("Valley Pallet Recycling off Crows Landing").

What follows must be one or two capitalised words that end the name (no capitalised word or digit
after them), none a calendar word ("on Sundays"), a title or a person cue, nor a word the document
shows in a person's name (a PERSON span of two words or more, "put my hands on Carla" beside
"Carla Ruiz"). A span NER made of the name is relabelled LOCATION; where no span covers it, one
is added.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span

STREET_DETECTOR = "context"
STREET_SCORE = 0.85

_NAME_WORD = r"[A-Z][a-z]{2,}"
# One or two capitalised words after "on" or "off", ending the name: no capital, digit or
# apostrophe after them ("on Crows Landing", not "on Crows Landing Road" nor "on Maria's").
_STREET_AFTER = re.compile(
    rf"(?<![\w'’-])(?:on|off|On|Off)[ ]+(?P<name>{_NAME_WORD}(?:[ ]{_NAME_WORD})?)"
    r"(?![\w'’-]|[ ]+[A-Z0-9])"
)
_POSSESSIVE_HOME = re.compile(r"(?<![\w'’-])(?i:my|his|her|their|our|your|the|a)[ ]+[a-z]+['’]s,?[ ]+\Z")
_NAME_PART = re.compile(r"[A-Za-z]+")
# "across from" says where, whatever comes before it; "by", "near", "next to" and "behind" only
# after a comma ("on Zoom by the time he called" is no street), and never before a time or a manner.
_LANDMARK_AFTER = re.compile(
    r"(?:,[ ]+(?:by|near|next[ ]to|behind)|,?[ ]+across[ ]from)[ ]+"
    r"(?!the[ ]+(?:way|time|end)\b|then\b|now\b)(?:the[ ]+)?[A-Za-z]"
)
# How far before "on" the premises word may be.
_REACH = 40


@functools.cache
def _premises_before() -> re.Pattern[str]:
    """A premises word (merge.toml `street_cues`), then a comma or a gap word, ending the text."""
    cues = load_table("merge.toml")["organisation_cues"]["street_cues"]
    gaps = load_table("place_mentions.toml")["street_gap_words"]
    words = "|".join(re.escape(c) for c in sorted(cues, key=len, reverse=True))
    gap = "|".join(re.escape(g) for g in gaps)
    return re.compile(rf"(?<![\w'’-])(?:{words})(?:,[ ]+|[ ]+(?:{gap})[ ]+)\Z")


def _landmark_after(text: str, end: int) -> bool:
    """Whether a landmark near the street follows its name: "on Noble, by the Walmart", "on Main
    across from the courthouse", "Off Snyder, by Sonoma State" (not ", by the way", "by the time")."""
    return _LANDMARK_AFTER.match(text, end) is not None


def _home_before(text: str, start: int, spans: SpanIndex) -> bool:
    """Whether what ends right before `start` (the "on" or "off") is a home or premises."""
    window = max(0, start - _REACH)
    if _premises_before().search(text, window, start) or _POSSESSIVE_HOME.search(text, window, start):
        return True
    # "Valley Pallet Recycling off Crows Landing": a place or body right before "off".
    if text[start : start + 3].lower() != "off":
        return False
    before = text[:start].rstrip(" ,")
    return any(
        s.end == len(before) and s.label in ("LOCATION", "ORGANIZATION")
        for s in spans.overlapping(len(before) - 1, len(before))
    )


def label_short_street_names(spans: Iterable[Span], text: str, not_streets: frozenset[str]) -> list[Span]:
    """`spans` with each street said by its short name after a home or premises (module
    docstring) a LOCATION: a PERSON, ORGANIZATION or NRP span on exactly its words relabelled,
    a LOCATION span added where no span touches them. `not_streets`: lower-case words no street's
    name holds here (calendar words, titles, person cues)."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    index = SpanIndex.of(spans)
    person_words = {
        w.lower()
        for s in spans
        if s.label == "PERSON" and " " in s.text_in(text).strip()
        for w in _NAME_PART.findall(s.text_in(text))
    }
    # Where a name is a PERSON: a name that is one at another mention is a person's here too
    # ("my cousin's on Tyrone ... lived with Tyrone").
    persons_at: dict[str, set[int]] = {}
    for s in spans:
        if s.label == "PERSON":
            persons_at.setdefault(s.text_in(text).lower(), set()).add(s.start)
    relabelled: dict[tuple[int, int], Span] = {}
    added: list[Span] = []
    for match in _STREET_AFTER.finditer(text):
        start, end = match.span("name")
        words = [w.lower() for w in match.group("name").split()]
        if any(w in not_streets or w.rstrip("s") in not_streets or w in person_words for w in words):
            continue
        if persons_at.get(match.group("name").lower(), set()) - {start}:
            continue
        home = _home_before(text, match.start(), index)
        if not (home or _landmark_after(text, end)):
            continue
        over = index.overlapping(start, end)
        if not over:
            added.append(Span(start, end, "LOCATION", (STREET_DETECTOR,), STREET_SCORE))
        elif (
            len(over) == 1
            and (over[0].start, over[0].end) == (start, end)
            and over[0].label in ("PERSON", "ORGANIZATION", "NRP")
            # A landmark alone does not unmake a person: "my hands on Carla, across from the store".
            and (home or over[0].label != "PERSON")
        ):
            relabelled[(start, end)] = over[0].with_(label="LOCATION")
    if not added and not relabelled:
        return spans
    out = [relabelled.get((s.start, s.end), s) for s in spans]
    return sorted([*out, *added], key=lambda s: (s.start, s.end))
