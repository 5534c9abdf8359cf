"""Acronyms and the names they stand for (issue 12), for `context_rules`.

- `initialisms`: capitalised names of two words or more whose initials the document also
  writes as an acronym ("Anger Replacement Training" ... "ART", "Bridges to Accountability" ...
  "B2A"), both at every mention; not a personal title and one name, which names a person
  ("Officer Cashman" beside "my OC", pepper spray).
- `ending_with_initials`: the end of a name that an acronym in brackets after it stands for.
- `expansions`: the names each acronym of the text may stand for.
- `acronyms_of_common_nouns` / `is_common_noun`: an acronym of words the text also writes in
  lower case ("Investigative Employee" ... "IE" ... "an investigative employee") names a
  role or a thing, not a body.
- `lowercase_text`: the text's lower-case words, to look phrases up in.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from reviewer_app.core.organisation_names import NAME
from reviewer_app.core.person_words import personal_titles

# Letters in capitals, and a 2 or a 4 between two of them, said for "to" and "for" ("B2A" of
# "Bridges to Accountability", "C2C" of "Combat to Community").
_ACRONYM = re.compile(r"\b[A-Z](?:[A-Z]|[24](?=[A-Z])){1,5}\b")
_NUMBER_WORDS = {"to": "2", "two": "2", "too": "2", "for": "4", "four": "4"}


@functools.lru_cache(maxsize=4)  # asked for by several rules of one merge
def lowercase_text(text: str) -> str:
    """The text's words, those with a capital blanked, one space apart, to look
    phrases up in: "closing statements" is there, "Closing Statements" is not."""
    tokens = re.findall(r"[A-Za-z][A-Za-z'’-]*|[^\sA-Za-z]+", text)
    return " " + " ".join(t if not any(c.isupper() for c in t) else "|" for t in tokens) + " "


def initials_of(words: Sequence[str]) -> tuple[str, str, str]:
    """The initials of the capitalised words, of all words ("WS", "WFS"), and of all words with a
    digit for "to" or "for" ("B2A" of "Bridges to Accountability")."""
    return (
        "".join(w[0] for w in words if w[0].isupper()),
        "".join(w[0] for w in words).upper(),
        "".join(_NUMBER_WORDS.get(w.lower(), w[0]) for w in words).upper(),
    )


def ending_with_initials(name: str, acronym: str) -> str:
    """The end of `name` whose words' initials are `acronym`, or ""."""
    words = name.split()
    for first in range(len(words)):
        if words[first][0].isupper() and acronym in initials_of(words[first:]):
            return " ".join(words[first:])
    return ""


def initialisms(text: str) -> list[tuple[int, int]]:
    """Capitalised names of two or more words whose initials the document also
    writes as an acronym ("Anger Replacement Training" ... "ART"): both, everywhere."""
    acronyms = set(_acronym_occurrences(text))
    if not acronyms:
        return []
    lowercase_phrases = lowercase_text(text)
    # "BY MR. VASQUEZ:": a word the text also writes in lower case is no acronym.
    # The look-up first: `stands_out` reads every place the acronym stands.
    acronyms = {a for a in acronyms if f" {a.lower()} " not in lowercase_phrases and stands_out(a, text)}
    out = []
    for name_start, name_end, name in _names(text):
        if " " not in name:
            continue  # one word: no initials of several
        words = list(re.finditer(r"\S+", name))
        for first in range(len(words) - 1):
            if not words[first].group()[0].isupper():
                continue
            if len(words) - first == 2 and words[first].group().lower().rstrip(".") in personal_titles():
                continue  # "Officer Cashman" beside "my OC" (pepper spray): a person named by title
            initials = next(
                (i for i in initials_of([w.group() for w in words[first:]]) if len(i) >= 2 and i in acronyms),
                "",
            )
            if initials and not name.isupper():
                if is_common_noun(text[name_start + words[first].start() : name_end], text):
                    break
                out.append((name_start + words[first].start(), name_end))
                out.extend(_occurrences(initials, text))
                break
    return out


# Indexes of one text that several rules of a merge read: its acronyms (where each stands) and
# its capitalised names, each found by one scan of the text instead of one per rule or acronym.
@functools.lru_cache(maxsize=4)
def _acronym_occurrences(text: str) -> dict[str, tuple[tuple[int, int], ...]]:
    found: dict[str, list[tuple[int, int]]] = {}
    for match in _ACRONYM.finditer(text):
        found.setdefault(match.group(), []).append(match.span())
    return {acronym: tuple(spans) for acronym, spans in found.items()}


def _occurrences(acronym: str, text: str) -> Sequence[tuple[int, int]]:
    """Where `acronym` stands as a word (`\\bACRONYM\\b`): for one of `_ACRONYM`'s shape, the
    matches of `_ACRONYM` that are it, which are exactly those."""
    if _ACRONYM.fullmatch(acronym):
        return _acronym_occurrences(text).get(acronym, ())
    return [m.span() for m in re.finditer(rf"\b{acronym}\b", text)]


@functools.lru_cache(maxsize=4)
def _names(text: str) -> tuple[tuple[int, int, str], ...]:
    """Each match of `NAME` in the text: start, end and the name."""
    return tuple((m.start(), m.end(), m.group()) for m in re.finditer(NAME, text))


@functools.lru_cache(maxsize=4)
def expansions(text: str) -> dict[str, frozenset[str]]:
    """The names of two words or more (not in capitals) that each acronym of the text may stand
    for, by the initials of their last words: {"IE": {"Investigative Employee"}}."""
    acronyms = set(_acronym_occurrences(text))
    out: dict[str, set[str]] = {}
    for _, _, name in _names(text):
        words = [] if name.isupper() else name.split()
        for first in range(len(words) - 1):
            found = [i for i in initials_of(words[first:]) if i in acronyms]
            for acronym in found:
                out.setdefault(acronym, set()).add(" ".join(words[first:]))
            if found:
                break
    return {acronym: frozenset(names) for acronym, names in out.items()}


def acronyms_of_common_nouns(text: str) -> frozenset[str]:
    """The text's acronyms of words it also writes in lower case (`is_common_noun`): "IE"."""
    return frozenset(
        a for a, names in expansions(text).items() if any(is_common_noun(n, text) for n in names)
    )


def is_common_noun(name: str, text: str) -> bool:
    """Whether the text also writes `name` in lower case: a role or a thing capitalised for its
    acronym ("Investigative Employee (IE)", "an investigative employee"), not a body's name."""
    return f" {' '.join(name.lower().split())} " in lowercase_text(text)


def stands_out(acronym: str, text: str) -> bool:
    """Whether `acronym` is somewhere written as one: in mixed-case text, not
    right after a number ("9:04 AM") and not among words in capitals ("JOSEPH NG:"; a speaker's
    tag before it is none: "YAZZIE: C2C, yes")."""
    for start, end in _occurrences(acronym, text):
        before = text[max(0, start - 30) : start].split()
        after = text[end : end + 30].split()
        # A speaker's tag before it is no neighbour: "YAZZIE: C2C, yes" opens a turn.
        tag = bool(before) and before[-1].endswith(":")
        neighbours = [w for w in ([] if tag else before[-1:]) + after[:1] if any(c.isalpha() for c in w)]
        if before and re.search(r"\d$", before[-1]):
            continue  # "9:04 AM"; not after a sentence that ends in a number ("Since '18. SBF.")
        if neighbours and all(w.isupper() for w in neighbours):
            continue
        return True
    return False
