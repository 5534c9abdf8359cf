"""Organisations that speech written in lower case names (issue 12).

Speech-recognition text writes a programme or a gang without capitals ("I'm in men of
steadfast purpose, MSP", "you've done path of accountability p o a", "the belmont street
locos, the b s l"), so nothing marks where the name starts or ends, nor that it is one.
The acronym said right after it does both: its letters are the initials of the words
before it; so do the words that introduce an employer or a programme. Three rules, for
`context_rules.learn_organisations` and `merge.merge_spans`:

- `names_after_cues`: after a cue that names an employer, a place of care or a programme
  ("a job offer from", "he died at", "I worked for", "you completed"), the lower-case
  words up to the first word that is no part of a name ("coastline roofing supply in
  castroville", "o'connor hospital thirty years") are a name, of two words or more.

- `names_before_their_acronyms`: after a cue that introduces a body ("I'm in", "you
  completed", "I've done"), the lower-case words whose initials the next word or
  letters spell ("guiding rage into power, grip") are a name, and the letters its
  acronym; both are organisations at every mention.
- `acronyms_of_organisations`: the letters of an organisation found elsewhere, said as
  letters ("brothers keeper circle" ... "the b k c"), or as one lower-case word right
  after it ("san diego code academy, the sdca"), are that organisation too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words
from reviewer_app.core.term_patterns import whole_word_occurrences

# Words an acronym leaves out ("men of steadfast purpose": MSP).
_JOINING = frozenset({"of", "the", "to", "and", "for", "in", "on", "into", "a", "an", "with", "&"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# What may stand between a name and its acronym: a comma, "the", "also called".
_BETWEEN = re.compile(r"(?:,?[ ]+)(?:(?:the|also|called|or)[ ]+)*")
# An acronym: letters in capitals, letters said one by one, or one lower-case word.
_ACRONYM = re.compile(r"(?:[A-Z]{2,6}|[a-z](?:[ ][a-z]){1,5}|[a-z]{3,6})(?![\w'’-])")
_MAX_WORDS = 6
_MIN_LETTERS = 3
_SOURCE = "context"
_SCORE = 0.6


# Words that join the parts of a name in speech ("valley sheet and tube", "community hospital of
# the monterey peninsula", "our lady of guadalupe"), kept where a word of the name follows them.
_NAME_JOINERS = frozenset({"of", "and", "&", "de", "del"})
_NAME_WORD = re.compile(r"[a-z][a-z'’-]*(?![\w'’-])")
_JOINED = re.compile(r"[ ](?:the[ ])?(?=[a-z])")


def names_after_cues(
    text: str,
    cues: str,
    breaks: frozenset[str],
    known_places: frozenset[str],
    kinds: frozenset[str],
    heads: frozenset[str] = frozenset(),
    headed_cues: str = "",
) -> list[tuple[int, int]]:
    """The [start, end) of every mention of each lower-case name of two to six words said right
    after a match of `cues` (a regular expression, matched in any case at a word's start) and a
    "the": its words are one space apart and none is one of `breaks` (function words, pronouns:
    what ends a name in speech) or a number, but for a joining word between two of its words
    ("of the" goes on with a name, "and the" joins two phrases); a known place ends it but after a
    joining word ("community hospital of the monterey peninsula"). A name that is a known place
    ("worked at long beach") or ends in one of `kinds` (lower case: "I'm in the welding program",
    a kind of programme) is none. A name after "the" ("i worked at the car
    wash", "a senior at the time of the crime"), or after one of `headed_cues` (those that may
    introduce any phrase: "I took cold showers", "I go to sleep early"), must end in one of
    `heads` (lower case: "goes to bakersfield college")."""
    names: dict[str, None] = {}
    breaks = breaks | number_words()
    for pattern, headed in ((cues, False), (headed_cues, True)):
        for cue in re.finditer(rf"(?i:\b(?:{pattern}))[ ]+(?P<the>the[ ]+)?", text) if pattern else ():
            words = _name_words(text, cue.end(), breaks, known_places)
            last = words[-1].group() if words else ""
            if len(words) < 2 or ((headed or cue.group("the")) and last not in heads):
                continue
            name = text[words[0].start() : words[-1].end()]
            if name not in known_places and last not in kinds:
                names[name] = None
    # Where the text says it again, without the cue ("he was at valley sheet and tube too").
    mentions = (re.finditer(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", text) for name in names)
    return [m.span() for found in mentions for m in found]


def _name_words(
    text: str, at: int, breaks: frozenset[str], known_places: frozenset[str]
) -> list[re.Match[str]]:
    """The words of the lower-case name from `at` up to the first of `breaks` or a known place
    after a word of the name, a joining word kept only between two of its words."""
    words: list[re.Match[str]] = []
    while len(words) < _MAX_WORDS and (word := _NAME_WORD.match(text, at)):
        joins = word.group() in _NAME_JOINERS and bool(words)
        if word.group() in breaks and not joins:
            break
        if words and word.group() in known_places and words[-1].group() not in _NAME_JOINERS:
            break  # "the security council russia needs": a place after a name, not in it
        words.append(word)
        after = _JOINED.match(text, word.end()) if joins and word.group() == "of" else None
        if text[word.end() : word.end() + 1] != " " and not after:
            break
        at = after.end() if after else word.end() + 1
    while words and words[-1].group() in _NAME_JOINERS:
        words.pop()
    return words


def _initials(words: Sequence[str]) -> set[str]:
    """The initials of all `words`, and of those an acronym keeps (no "of", "the"); none
    where a word does not start with a letter ("& Sons", "(KMC)")."""
    if not all(w[:1].isalpha() for w in words):
        return set()
    every = "".join(w[0] for w in words).lower()
    kept = "".join(w[0] for w in words if w.lower() not in _JOINING).lower()
    return {every, kept}


def _letters(match: re.Match[str]) -> str:
    return match.group().replace(" ", "").lower()


def names_before_their_acronyms(text: str, cues: Iterable[str]) -> list[str]:
    """The lower-case names, and their acronyms as written, that follow one of `cues` and
    are followed by their acronym: "I'm in men of steadfast purpose, MSP" gives "men of
    steadfast purpose" and "MSP". The name's words start with no joining word and end on
    none ("the", "of"), and the acronym has three letters or more."""
    alternation = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in cues)
    if not alternation:
        return []
    out: dict[str, None] = {}
    for cue in re.finditer(rf"(?i:\b(?:{alternation}))[ ]+(?:the[ ]+)?", text):
        words: list[re.Match[str]] = []
        for word in _WORD.finditer(text, cue.end()):
            gap = text[(words[-1].end() if words else cue.end()) : word.start()]
            if len(words) == _MAX_WORDS or gap not in (" ", "") or not word.group().islower():
                break  # the name is lower-case words one space apart
            words.append(word)
        for count in range(len(words), 1, -1):
            name = [w.group() for w in words[:count]]
            if name[0] in _JOINING or name[-1] in _JOINING:
                continue
            between = _BETWEEN.match(text, words[count - 1].end())
            acronym = _ACRONYM.match(text, between.end()) if between else None
            if acronym and len(_letters(acronym)) >= _MIN_LETTERS and _letters(acronym) in _initials(name):
                out[" ".join(name)] = None
                out[acronym.group()] = None
                break
    return list(out)


def acronyms_of_organisations(spans: Sequence[Span], text: str, cased: bool = False) -> list[Span]:
    """`spans` and, where no span is, the mentions of an organisation's acronym said as
    letters one by one ("the b k c" of "brothers keeper circle"), or as one lower-case word
    right after the name ("the san diego code academy, the sdca"): three letters or more, the
    initials of all its words or of those an acronym keeps. A word of four letters or more
    spelling the initials elsewhere is too often a word ("grip" of "Guiding Rage Into Power":
    "I lost my grip"), and in `cased` text (written with care for capitals) an acronym is
    written in capitals, so there no lower-case word is taken. Acronyms in capitals are
    `acronyms.initialisms`'s."""
    letters: set[str] = set()
    words_after: list[tuple[int, int]] = []
    for span in spans:
        words = span.text_in(text).split() if span.label == "ORGANIZATION" else []
        initials = {i for i in _initials(words) if len(i) >= _MIN_LETTERS}
        letters.update(initials)
        between = _BETWEEN.match(text, span.end) if initials and not cased else None
        # One word of three letters is too often a word ("let" of "Lake Erie Terminals").
        word = _WORD.match(text, between.end()) if between else None
        if word and word.group().islower() and len(word.group()) > _MIN_LETTERS and word.group() in initials:
            words_after.append(word.span())
    if not letters:
        return list(spans)
    taken = sorted((s.start, s.end) for s in spans)
    found = [span for i in letters for span in whole_word_occurrences(text, " ".join(i))]
    added = []
    for start, end in sorted({*found, *words_after}):
        if not any(a < end and start < b for a, b in taken):
            added.append(Span(start, end, "ORGANIZATION", (_SOURCE,), _SCORE))
    return sorted([*spans, *added])
