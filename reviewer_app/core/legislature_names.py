"""How a legislature, a council or a board names its members, which NER misses.

A person named by the title of an office ("Assemblymember Okafor", "Councilmember Ibarra"),
which NER reads as an organisation: a committee says a member's title before every mention
of the member, so every one of them went out readable. An organisation, place or group span
made of such a title (`office_titles`, titles only a person bears) and one to three
capitalised words after it is a PERSON over the words after the title, unless one of them
is a body's or a place's head word ("Mayor's Office", "Justice Building") or a word the
document also writes in lower case ("Chair Yoga" beside "for yoga"): such a word names a
thing, not a person.

A roll call: the secretary says each member's surname and the member answers ("Okafor?
Aye.", in captions "holloway aye okafor aye lindqvist no braddock not voting"). Where a run
of at least `roll_call_length` answers follows one word each, those words are names: in
lower-case speech NER finds few of them, and a surname said alone is what the rest of the
hearing calls the member. A word is taken only where it can be a name: capitalised in a text
that writes capitals, and in lower-case speech one the casing model counted capitalised at
least as often as in lower case, or never ("okafor", not "said" of "i said no he said yes").
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable, Mapping

from reviewer_app.core.name_rules import STRUCTURE
from reviewer_app.core.spans import Span
from reviewer_app.paths import resource

_RELABELLED = frozenset({"ORGANIZATION", "LOCATION", "NRP"})
# Above NER's 0.85, as a cue's label is (name_rules.CUE_SCORE).
_TITLE_SCORE = 0.86
# A capitalised word of a name: letters, a hyphen or an apostrophe inside, no possessive "'s".
_NAME_WORD = re.compile(r"[A-Z][A-Za-z]*(?:[-'’][A-Za-z]+)*(?<!['’]s)")


@functools.cache
def _table() -> dict[str, object]:
    with resource("patterns", "legislature_names.toml").open("rb") as fh:
        return tomllib.load(fh)


@functools.cache
def office_titles() -> frozenset[str]:
    """The titles of offices only a person holds, lower case (`legislature_names.toml`)."""
    return frozenset(str(t).lower() for t in _table()["office_titles"])  # type: ignore[attr-defined]


@functools.cache
def _roll_call_answers() -> frozenset[str]:
    return frozenset(str(a) for a in _table()["roll_call_answers"])  # type: ignore[attr-defined]


@functools.cache
def _roll_call_pair() -> re.Pattern[str]:
    """A word and the answer after it, marks, a caption's `>>` or a line break between."""
    answers = sorted(_roll_call_answers(), key=len, reverse=True)
    answer = "|".join(re.escape(a).replace(r"\ ", "[ ]+") for a in answers)
    return re.compile(
        rf"(?<![\w'’-])(?P<name>[A-Za-z][a-z]*(?:[-'’][A-Za-z][a-z]+)*|[A-Z][A-Z'’-]+)(?![\w'’-])"
        rf"[?.,!:;]?(?:[ \t]*>>)?\s*(?i:{answer})(?![\w'’-])[?.,!;]*"
    )


# What may stand between one answer and the next name: marks, `>>`, blanks, a caption cue's
# number and timing line.
_BETWEEN_PAIRS = re.compile(r"(?:[\s?.,!:;>-]|\d[\d:,.]*)*")


def roll_call_names(
    spans: Iterable[Span], text: str, not_names: frozenset[str], counts: Mapping[str, int] | None
) -> list[Span]:
    """`spans` with a PERSON over each member's name said in a roll call that no span covers
    (module docstring). `not_names` are words no name is (lower case: function words, titles,
    roles); `counts` the casing model's word counts for a text read on its truecased view,
    None for a text that writes capitals."""
    spans = sorted(spans)
    length = int(_table()["roll_call_length"])  # type: ignore[call-overload]
    answers = _roll_call_answers()

    def may_be_name(word: str) -> bool:
        lower = word.lower()
        if lower in not_names or lower in answers or len(word) < 3:
            return False
        if counts is None:
            return word[0].isupper()
        return counts.get(lower, 0) <= counts.get(lower.title(), 0)

    runs: list[list[re.Match[str]]] = []
    for pair in _roll_call_pair().finditer(text):
        last = runs[-1][-1] if runs else None
        if last and _BETWEEN_PAIRS.fullmatch(text, last.end(), pair.start()):
            runs[-1].append(pair)
        else:
            runs.append([pair])
    added = []
    for run in runs:
        names = [pair for pair in run if may_be_name(pair.group("name"))]
        if len(run) < length or len(names) < len(run):
            continue
        for pair in names:
            start, end = pair.span("name")
            if not any(s.start < end and start < s.end for s in spans):
                added.append(Span(start, end, "PERSON", (STRUCTURE,), _TITLE_SCORE))
    return sorted([*spans, *added])


def persons_after_office_titles(
    spans: Iterable[Span], text: str, heads: frozenset[str], lower_words: frozenset[str]
) -> list[Span]:
    """`spans` with each organisation, place or group span that is an office's title and a
    name a PERSON over the name (module docstring). `heads` are the head words of bodies and
    places and `lower_words` the words the document writes in lower case (both lower case);
    in a text written in lower case (the span's own words are) the latter say nothing."""
    titles = office_titles()
    out = []
    for span in spans:
        caseless = text[span.start : span.end].islower()
        if span.label in _RELABELLED and (name := _titled_name(span.text_in(text), titles, caseless)):
            words = [w.lower() for w in name[1].split()]
            if not any(w in heads or (not caseless and w in lower_words) for w in words):
                span = span.with_(
                    start=span.start + name[0], label="PERSON", score=max(span.score, _TITLE_SCORE)
                )
        out.append(span)
    return sorted(out, key=lambda s: (s.start, s.end, s.label))


def _titled_name(covered: str, titles: frozenset[str], caseless: bool) -> tuple[int, str] | None:
    """Where the name starts in `covered` and the name, when `covered` is one of `titles`
    (one or two words, "Vice Chair") and one to three capitalised words (or, `caseless`, in
    lower case as the whole text is); else None."""
    words = list(re.finditer(r"\S+", covered))
    for cut in (2, 1):
        if len(words) <= cut or " ".join(w.group() for w in words[:cut]).lower().rstrip(".") not in titles:
            continue
        rest = words[cut:]
        if len(rest) <= 3 and all(
            _NAME_WORD.fullmatch(w.group().title() if caseless else w.group()) for w in rest
        ):
            return rest[0].start(), covered[rest[0].start() :]
        return None
    return None
