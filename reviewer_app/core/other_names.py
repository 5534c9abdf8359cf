"""A name the document says is another name of a body or a place takes that label (issue 12).

An interpreter or a witness explains a word of their language that names something:
`Interpreter notes that "Shene" is the name the government uses for the OLA`, `"Shene" is the
name the government uses for the Oromo Liberation Army`. NER has never seen the word and reads
it, capitalised and alone, as a person's name at every mention ("he joined Shene", "they say
you are Shene"); the sentence that defines it says what it names. Its label is that of the span
the definition points to ("the OLA": an organisation), and every mention of the word takes it.

The definition is a quoted name, "is" or "was", a noun of naming (`_NAMING_NOUNS`: "the name",
"another word", "a nickname") with up to five words after it, then "for" or "of" and the
referent right after, a span of a body, a place or a group (NRP). A name defined as another
person's ('"Chato" is the name we used for Juan') stays a person; so does a mention a cue, a
speaker's tag or the cover page found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.name_rules import PROPAGATION
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import NER_DETECTORS

_NAMING_NOUNS = r"(?:name|names|word|term|nickname)"
# '"Shene" is the name the government uses for the ', '"X," was another word for a ': the
# quoted name (group "name") and the words up to where the referent starts.
_DEFINITION = re.compile(
    r"[\"“](?P<name>[A-Z][\w'’-]*(?:[ ][A-Z][\w'’-]*){0,2})[.,]?[\"”],?[ ]+(?:is|was)[ ]+"
    rf"(?:the|a|an|another|our|their|just[ ]the)[ ]+(?:[a-z]+[ ]+)?{_NAMING_NOUNS}"
    r"(?:[ ]+[a-z'’]+){0,5}?[ ]+(?:for|of)[ ]+(?:the[ ]+|a[ ]+|an[ ]+)?"
)
_REFERENT_LABELS = frozenset({"ORGANIZATION", "LOCATION", "NRP"})
_GUESSED = NER_DETECTORS | {PROPAGATION}


def label_names_defined_as_others(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` with every PERSON mention NER guessed or propagation copied of a name the text
    defines as another name of a body, a place or a group relabelled to the label of the span
    the definition points to (module docstring)."""
    spans = sorted(spans)
    by_start = {s.start: s for s in spans if s.label in _REFERENT_LABELS}
    labels: dict[str, str] = {}
    for definition in _DEFINITION.finditer(text):
        referent = by_start.get(definition.end())
        if referent is not None:
            labels.setdefault(definition.group("name"), referent.label)
    if not labels:
        return spans
    return [
        span.with_(label=labels[covered])
        if span.label == "PERSON"
        and set(span.detectors) <= _GUESSED
        and (covered := span.text_in(text)) in labels
        else span
        for span in spans
    ]
