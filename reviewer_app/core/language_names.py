"""Languages named as languages are NRP.

The language a person speaks or is interpreted in points to where they come from, as a
nationality does ("through a Punjabi interpreter", "Language: Tigrinya", "she speaks Hmong"):
the annotation guidelines of the hand-written sets and TAB's demographic attributes count it.
NER calls such a word a person, an organisation or a place ("Punjabi Interpreter" as ORG,
"Afaan Oromo" as PERSON); where it is a language's name (`resources/patterns/languages.txt`)
and the words around it say it is a language, it is NRP, and so are the other mentions of the
same words (a speaker's tag excepted); where no detector found such a language, it is added.
The languages of `resources/whitelist.txt` (English, and the common interpreter languages a
reader needs) stay readable through the whitelist in written text (a judgment's "translated into
English" is nobody's).

In a hearing or another conversation (`Profile.language_mentions`) the annotation decisions make
a language NRP in every mention, English and Spanish included: what the speakers speak and are
interpreted in tells where they come from. There a language the document names as one anywhere
("Spanish Interpreter" on the cover) is NRP at each mention ("in Spanish", "my Spanish"), and
what something is said in or a class in it ("(In English)", "the English class") names a
language where no detector found a place or a name there ("born in Tonga" stays a place).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from reviewer_app.core.context_rules import CONTEXT
from reviewer_app.core.spans import Span
from reviewer_app.core.term_patterns import term_alternation
from reviewer_app.paths import resource

# A language named as one: "Language: Afaan Oromoo", "the language is Tigrinya", "speaks Mam",
# or the interpreter's ("Interpreter: Afaan Oromo", "certified court interpreter, Punjabi,") ...
LANGUAGE_BEFORE = re.compile(
    r"(?i:\blanguages?(?:[ ]+(?:is|was|will[ ]be|used|spoken))?|\bspeaks?|\bspeaking|\bspoke|\binterpreter)"
    r"[:,]?[ \t]+\Z"
)
# ... or before "interpreter" or "speaker" ("a Tagalog interpreter").
LANGUAGE_AFTER = re.compile(r"[ ]+(?i:interpreters?|interpretation|language|speakers?)\b")
# Weaker cues, which also fit a place ("in Tonga", "from Lao Cai"): what something is said in or
# turned into ("(In English)", "from English into Spanish") and a class in it ("the English
# class"). They name a language only where no other detector found a place or name there.
LANGUAGE_IN = re.compile(r"(?<![\w'’-])(?i:in|into|from)[ \t]+\Z")
LANGUAGE_CLASS = re.compile(r"[ ]+(?i:class(?:es)?)\b")
# NER's "Punjabi Interpreter": the role word ends the span.
_ROLE_AT_END = re.compile(r"[ ]+(?i:interpreters?|interpretation|speakers?)\Z")
_RELABELLED = frozenset({"PERSON", "ORGANIZATION", "LOCATION"})
# How far before a span a language cue is looked for.
_REACH = 40
# A language found by its name and the words around it where no detector found anything.
_FOUND_SCORE = 0.9


@functools.cache
def language_names() -> frozenset[str]:
    """The names of `resources/patterns/languages.txt`, lower case."""
    lines = resource("patterns", "languages.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().lower() for line in lines if line.strip() and not line.startswith("#"))


@functools.cache
def _language_name_pattern() -> re.Pattern[str]:
    return re.compile(rf"(?<![\w'’-])(?i:{term_alternation(language_names(), re.IGNORECASE)})(?![\w'’-])")


def _names_a_language(text: str, start: int, end: int) -> bool:
    return (
        LANGUAGE_BEFORE.search(text, max(0, start - _REACH), start) is not None
        or LANGUAGE_AFTER.match(text, end) is not None
    )


def _weakly_names_a_language(text: str, start: int, end: int) -> bool:
    return LANGUAGE_IN.search(text, max(0, start - _REACH), start) is not None or bool(
        LANGUAGE_CLASS.match(text, end)
    )


def _overlaps(span: tuple[int, int], others: Sequence[tuple[int, int]]) -> bool:
    return any(a < span[1] and span[0] < b for a, b in others)


def label_languages(
    spans: Sequence[Span],
    text: str,
    speaker_tags: Sequence[tuple[int, int]] = (),
    whitelist: frozenset[str] = frozenset(),
    every_mention: bool = False,
) -> list[Span]:
    """`spans` with a person, organisation or place that is a language's name and that the
    words around it name as a language relabelled NRP (a role word NER took in cut off), the
    other mentions of the same words too (not a speaker's tag, `Document.speaker_tags`), and a
    language so named that no span covers and `whitelist` (lower case) does not keep readable
    added. With `every_mention` (a hearing, a conversation) the whitelist keeps no language
    readable, every mention of a language named as one is added, and the weaker cues count."""
    known = language_names()
    if every_mention:
        whitelist = whitelist - known
    languages: set[str] = set()
    out = []
    for span in spans:
        if span.label in _RELABELLED or span.label == "NRP":
            role = _ROLE_AT_END.search(span.text_in(text))
            end = span.start + role.start() if role else span.end
            named = role is not None or _names_a_language(text, span.start, end)
            if named and text[span.start : end].lower() in known:
                span = span.with_(end=end, label="NRP")
                languages.add(span.text_in(text).lower())
        out.append(span)
    everywhere = [m for m in _language_name_pattern().finditer(text) if m.group().lower() not in whitelist]
    mentions = everywhere
    if every_mention:
        # A language is NRP in every mention once the document names it as a language anywhere,
        # a speaker's tag included ("SPANISH INTERPRETER:"), though the tag itself keeps its label.
        named_spans = [(s.start, s.end) for s in out if s.label != "NRP"]
        languages.update(
            m.group().lower()
            for m in everywhere
            if _names_a_language(text, *m.span())
            or (_weakly_names_a_language(text, *m.span()) and not _overlaps(m.span(), named_spans))
        )
        mentions = [
            m for m in everywhere if not any(a <= m.start() and m.end() <= b for a, b in speaker_tags)
        ]
    covered = [(s.start, s.end) for s in out]
    for match in mentions:
        start, end = match.span()
        said = match.group().lower() in languages if every_mention else _names_a_language(text, start, end)
        if said and not _overlaps((start, end), covered):
            out.append(Span(start, end, "NRP", (CONTEXT,), _FOUND_SCORE))
            covered.append((start, end))
    return sorted(
        (
            s.with_(label="NRP")
            if s.label in _RELABELLED
            and s.text_in(text).lower() in languages
            and not any(a <= s.start and s.end <= b for a, b in speaker_tags)
            else s
            for s in out
        ),
        key=lambda s: (s.start, s.end),
    )


_TITLE_BEFORE = re.compile(r"(?<![\w'’-])(?P<title>[A-Za-z]+)\.?[ \t]+\Z")


def surnames_named_like_languages(
    spans: Sequence[Span], text: str, speaker_tags: Sequence[tuple[int, int]], titles: frozenset[str]
) -> list[Span]:
    """`spans` with a language's NRP span that is a surname made PERSON again: right after a title
    or a role ("Mrs. English", "Officer Welsh", lower case `titles`) or inside a speaker's tag
    ("ATTORNEY ENGLISH:"). Where a language is NRP at every mention, such a surname would share the
    language's tag, which the text around the language gives away."""
    out = []
    for span in spans:
        if span.label == "NRP" and span.text_in(text).lower() in language_names():
            before = _TITLE_BEFORE.search(text, max(0, span.start - 20), span.start)
            # A title is written with its capital ("Mrs.", "Officer", "ATTORNEY"); "a", "certified"
            # before "Korean interpreter" are no titles.
            title = before.group("title") if before else ""
            titled = title[:1].isupper() and title.lower() in titles
            tagged = any(a <= span.start and span.end <= b for a, b in speaker_tags)
            if titled or tagged:
                span = span.with_(label="PERSON")
        out.append(span)
    return out
