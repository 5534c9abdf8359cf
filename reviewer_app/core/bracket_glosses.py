"""A name's gloss in brackets right after it is part of the mention.

Written text names a body, a place or a sum and glosses it at once, in brackets: its
name in the original language ("the Częstochowa Regional Court (Sąd Wojewódzki w
Częstochowie)", "the Braunau District Authority (Bezirkshauptmannschaft)"), what an
acronym stands for ("the PKK (the Kurdistan Workers' Party)"), its short name ("the
Municipalities of Mattighofen and Schalchen (“the Municipalities”)"), the region of a
town or a prison ("Muret Prison (Haute-Garonne)"), the code of a currency ("141 Deutsch
Mark (DEM)") or the sum in another currency ("PLN 552.21 [approx. EUR 138]"). NER finds
the name and leaves the gloss, or finds a piece of it, and the gloss then tells the
reader what was hidden: the mention is the name and its gloss.

`take_in_bracketed_glosses` widens such a span over the brackets when what they hold
reads as a name (its first word, after an optional determiner, capitalised: "(the Kurdistan
Workers' Party)" but not "(The mayor, ...)") or, after a sum, holds
a sum; when it is no cross-reference ("(see paragraph 12 above)", "(Article 6)": no digits
unless the span is a sum); and when it is not already wholly tagged: an acronym the document
defines keeps a span of its own ("Lakeview Correctional Facility (LCF)",
`defined_acronyms.label_acronyms_as_defined`). Brackets holding a mention of another kind than
the span's ("the Warsaw Regional Court (Judge Anna Nowak presiding)") are no gloss: a mention
inside is taken in only when it is of the span's own kind (a sum's converted sum, an acronym's
expansion). Persons are left alone: what follows a name in brackets is a role ("(“the
applicant”)") or a transcriber's note ("(phonetic)"). The profile
decides where it applies (`Profile.bracketed_glosses`): not in a conversation, whose brackets
are the transcriber's ("(Inaudible)", "(Crosstalk)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.labels import catalog
from reviewer_app.core.spans import Span

# The labels whose mention a gloss completes (coarse labels).
GLOSSED_LABELS = frozenset({"ORGANIZATION", "LOCATION", "AMOUNT"})
# At most this many characters between the brackets: a gloss, not a sentence.
_MAX_GLOSS = 80
# Brackets right after a span (one space at most), on its line, nothing bracketed inside.
_INSIDE = rf"[^()\[\]\n]{{1,{_MAX_GLOSS}}}"
_BRACKETS = re.compile(rf"[ ]?(?:\(({_INSIDE})\)|\[({_INSIDE})\])")
_QUOTES = "“”\"‘’'"
# A name's word: capitalised (a capital after any letters, "McKenzie", "eBay" alike).
_CAPITALISED = re.compile(r"[^\W\d_]*[A-Z]")
_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"[^\W\d_]+")


def take_in_bracketed_glosses(
    spans: Iterable[Span], text: str, note_words: frozenset[str], determiners: frozenset[str]
) -> list[Span]:
    """`spans` with each place, organisation or sum widened over the gloss in brackets
    right after it (module docstring); spans inside the brackets go, the widened span
    keeps its label. `note_words` (lower case): a gloss made of nothing but these is a
    note or a role, no name ("(Inaudible)", "(Interpreter)"); `determiners` (lower case):
    words a gloss may open with before its name, in either case ("(the Kurdistan Workers'
    Party)"), but that are no name themselves ("(The mayor, ...)")."""
    spans = sorted(spans)
    out: list[Span] = []
    skip_until = -1
    for i, span in enumerate(spans):
        if span.start < skip_until:
            continue  # inside a gloss taken in
        widened = _widened(span, spans, i + 1, text, note_words, determiners)
        out.append(widened)
        skip_until = widened.end if widened is not span else -1
    return out


def _widened(
    span: Span,
    spans: list[Span],
    after: int,
    text: str,
    note_words: frozenset[str],
    determiners: frozenset[str],
) -> Span:
    """`span` over its gloss, when the brackets right after it hold one; `spans[after:]` are
    the spans that follow it, by start."""
    label = catalog().coarse(span.label)
    if label not in GLOSSED_LABELS:
        return span
    brackets = _BRACKETS.match(text, span.end)
    if brackets is None:
        return span
    gloss = brackets.group(1) or brackets.group(2)
    stop = after
    while stop < len(spans) and spans[stop].start < brackets.end():
        stop += 1
    inside = spans[after:stop]
    if any(s.end > brackets.end() for s in inside):
        return span  # a span runs on past the brackets: not a gloss of this one
    if any(catalog().coarse(s.label) != label for s in inside):
        # A mention of another kind ("(Judge Anna Nowak presiding)", "(Maria Schmidt's share)")
        # is no gloss of this one: folding it in would hide a person under a court's label.
        return span
    # A sum's conversion into another currency ("PLN 552.21 [approx. EUR 138]") glosses it too.
    converted = label == "AMOUNT" and bool(inside)
    if not converted and (
        not _opens_with_a_name(gloss, determiners) or (label != "AMOUNT" and _DIGIT.search(gloss))
    ):
        return span
    words = [w.lower() for w in _WORD.findall(gloss)]
    if all(w in note_words for w in words):
        return span
    start = brackets.start(1) if brackets.group(1) is not None else brackets.start(2)
    covered = {k for s in inside for k in range(s.start, s.end)}
    if all(k in covered for k in range(start, start + len(gloss)) if text[k].isalnum()):
        return span  # "(LCF)", "(Turkey)": already a span of its own
    return span.with_(end=brackets.end())


def _opens_with_a_name(gloss: str, determiners: frozenset[str]) -> bool:
    """The gloss's first word after quotes and a determiner is capitalised: a capital that
    only opens the phrase ("(The mayor, Franz Huber)", "(His share)") makes no name."""
    words = [w.strip(_QUOTES) for w in gloss.split()]
    if words and words[0].lower() in determiners:
        words = words[1:]
    return bool(words) and bool(_CAPITALISED.match(words[0]))
