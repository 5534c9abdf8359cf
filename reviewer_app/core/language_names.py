"""Languages named as languages are NRP.

The language a person speaks or is interpreted in points to where they come from, as a
nationality does ("through a Punjabi interpreter", "Language: Tigrinya", "she speaks Hmong"):
the annotation guidelines of the hand-written sets and TAB's demographic attributes count it.
NER calls such a word a person, an organisation or a place ("Punjabi Interpreter" as ORG,
"Afaan Oromo" as PERSON); where it is a language's name (`resources/patterns/languages.txt`)
and the words around it say it is a language, it is NRP, and so are NER's other guesses of the
same words. The languages of `resources/whitelist.txt` (English, and the common interpreter
languages a reader needs) stay readable through the whitelist, as before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import NER_DETECTORS
from reviewer_app.paths import resource

# A language named as one: "Language: Afaan Oromoo", "the language is Tigrinya", "speaks Mam" ...
LANGUAGE_BEFORE = re.compile(
    r"(?i:\blanguages?(?:[ ]+(?:is|was|will[ ]be|used|spoken))?|\bspeaks?|\bspeaking|\bspoke)[:]?[ \t]+\Z"
)
# ... or before "interpreter" or "speaker" ("a Tagalog interpreter").
LANGUAGE_AFTER = re.compile(r"[ ]+(?i:interpreters?|interpretation|language|speakers?)\b")
# NER's "Punjabi Interpreter": the role word ends the span.
_ROLE_AT_END = re.compile(r"[ ]+(?i:interpreters?|interpretation|speakers?)\Z")
_RELABELLED = frozenset({"PERSON", "ORGANIZATION", "LOCATION"})
# How far before a span a language cue is looked for.
_REACH = 40


@functools.cache
def language_names() -> frozenset[str]:
    """The names of `resources/patterns/languages.txt`, lower case."""
    lines = resource("patterns", "languages.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().lower() for line in lines if line.strip() and not line.startswith("#"))


def label_languages(spans: Sequence[Span], text: str) -> list[Span]:
    """`spans` with a person, organisation or place that is a language's name and that the
    words around it name as a language relabelled NRP (a role word NER took in cut off), and
    NER's other guesses of the same words too."""
    known = language_names()
    languages: set[str] = set()
    out = []
    for span in spans:
        if span.label in _RELABELLED or span.label == "NRP":
            role = _ROLE_AT_END.search(span.text_in(text))
            end = span.start + role.start() if role else span.end
            named = (
                role is not None
                or LANGUAGE_BEFORE.search(text, max(0, span.start - _REACH), span.start) is not None
                or LANGUAGE_AFTER.match(text, end) is not None
            )
            if named and text[span.start : end].lower() in known:
                span = span.with_(end=end, label="NRP")
                languages.add(span.text_in(text).lower())
        out.append(span)
    return [
        s.with_(label="NRP")
        if s.label in _RELABELLED
        and set(s.detectors) <= NER_DETECTORS
        and s.text_in(text).lower() in languages
        else s
        for s in out
    ]
