"""One name that NER read as a place at one mention and as a body or a person at another (issue 12).

NER reads each mention of a name from its own sentence. A town, a street or a neighbourhood it
does not know is a place in one sentence ("she lives ten minutes away in Denair") and a body or
a surname in the next ("outside Turlock and Denair without his agent's approval", "And the car,
okay? Hegenberger."). `referent_labels.label_mentions_by_majority` gives such a name the label
most of its mentions have; a tie says nothing there, and a mention read as a person is left out.

`places_win_ties` decides such a tie from the document: where a mention NER read as a place
stands right after a word that says one is in or at a place (`locative_cues`: "in Denair", "at
blackstone", "on Hegenberger"), the sentence backs the place reading, while NER's reading of an
unknown capitalised word as a body or a person is its default. The name is then a place at every
mention, unless the other readings are as many more (a tie or fewer is enough) or the document
says otherwise: a rule of context, the layout or propagation found a mention (not NER's guess
alone), the name follows a title or role ("Mr. Merced"), or its words are in a longer person's
name. A name only read as a body after "from" or "the" ("from del rey", "across from the
Northgate") has no such backing and keeps its labels.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable

from reviewer_app.core.context_rules import previous_word
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess

_READINGS = ("LOCATION", "ORGANIZATION", "PERSON")
# The word right before a mention, past spaces and a full stop or comma ("Mr. Merced"), read backwards.
_WORD_BACKWARDS = re.compile(r"[ ]+[.,]?([\w'’-]+)")
_WORD = re.compile(r"[\w'’-]+")


def places_win_ties(
    spans: Iterable[Span], text: str, locative_cues: frozenset[str], person_words: frozenset[str]
) -> list[Span]:
    """`spans` with every mention of a name that NER alone read as a place at least as often as
    as anything else, once right after one of `locative_cues` (lower case) or of place_mentions.toml's
    `place_tie_cues`, relabelled LOCATION (module docstring). `person_words`: lower case titles and
    role nouns that make the next word a person's name."""
    spans = list(spans)
    locative_cues = locative_cues | _tie_cues()
    readings: dict[str, Counter[str]] = {}
    backed: set[str] = set()
    person_name_words: set[str] = set()
    for span in spans:
        if span.label not in _READINGS:
            continue
        name = " ".join(span.text_in(text).split()).lower()
        before = previous_word(text, span.start, _WORD_BACKWARDS, 30).lower()
        if span.label == "PERSON" and (" " in name or before in person_words):
            person_name_words.update(_WORD.findall(name))
        counts = readings.setdefault(name, Counter())
        counts[span.label if is_ner_guess(span) else "found by a rule"] += 1
        if span.label == "LOCATION" and is_ner_guess(span) and before in locative_cues:
            backed.add(name)
    settled = {
        name
        for name in backed
        if len(counts := readings[name]) > 1
        and "found by a rule" not in counts
        and counts["LOCATION"] >= max(counts.values())
        and not person_name_words & set(_WORD.findall(name))
    }
    if not settled:
        return spans
    return [
        span.with_(label="LOCATION")
        if span.label in _READINGS and " ".join(span.text_in(text).split()).lower() in settled
        else span
        for span in spans
    ]


@functools.cache
def _tie_cues() -> frozenset[str]:
    """place_mentions.toml's `place_tie_cues`, lower case."""
    return frozenset(w.lower() for w in load_table("place_mentions.toml").get("place_tie_cues", ()))
