"""A role written after a person's name is no second person (issue 12).

An appearance list, a call log's header or a signature gives each one present with a role after
a comma: "Ana Ruiz, Victim Services Representative (via video)", "Mei Tran, Deputy Probation
Officer". NER reads the capitalised role as a person's name, and a title at its front ("Victim")
may already have been cut from the span, leaving "Services Representative". What decides is the
layout and the words: after a name and a comma on the same line, a phrase that ends in a role,
followed by a comma, a note in brackets or the line's end, says who the one named is, where each
word before its last is a title or a role too ("Deputy Probation Officer") or the whole phrase
opens one of the document's speaker tags before a name ("VICTIM SERVICES REPRESENTATIVE
FERREIRA:"). A person named there opens with a first name ("Ana Ruiz, Jane Guest", "Tom Reyes,
Officer Dan Guest": "Dan" is neither a role nor a tag's role), its last word may follow a title of
address ("Officer Cross") or a courtesy title elsewhere ("Mr. Cross"), or close a speaker tag a
title opens ("OFFICER CROSS:"), and a single word after the comma ("Ruiz, Mason") is a surname
written first; none of them is taken.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reviewer_app.core.person_words import personal_titles
from reviewer_app.core.spans import Span

# A name, a comma and the words between it and a span on one line: "Ana Ruiz, Victim " before
# "Services Representative". Words of the lead hold no comma, so only the last comma counts.
_AFTER_NAME = re.compile(r"\w[.]?,[ ]+(?P<lead>(?:[\w'’.]+[ ]+)*)\Z")
# What follows a role in a list: a comma, a note in brackets ("(via video)") or the line's end.
_ROLE_END = re.compile(r"[ \t]*(?:,|\(|\n|\Z)")
_POSSESSIVE = re.compile(r"['’]s$")
# A courtesy title, before a surname: "Mr. Cross", "MS. GUEST".
_COURTESY = r"\b(?:mr|mrs|ms|mx|miss|dr)\.?[ ]+"
# What follows a name in an appearance list: a comma and the first word of a role.
_COMMA_AND_WORD = re.compile(r",[ ]+(?P<word>[\w'’.]+)")
# A role phrase is at most this many words ("Deputy Probation Officer", "Senior Claims Adjuster").
_MOST_WORDS = 4


def _bare(word: str) -> str:
    """`word` in lower case without a full stop or a possessive, as the role lists have it."""
    return _POSSESSIVE.sub("", word.lower().strip("."))


def tag_roles(text: str, speaker_tags: Sequence[tuple[int, int]]) -> frozenset[str]:
    """What each speaker tag of more than one word says before its last word, in lower case:
    "victim services representative" of "VICTIM SERVICES REPRESENTATIVE FERREIRA"."""
    return frozenset(
        " ".join(words[:-1]).lower() for a, b in speaker_tags if len(words := text[a:b].split()) > 1
    )


def surnames_in_tags(
    text: str, speaker_tags: Sequence[tuple[int, int]], titles: frozenset[str]
) -> frozenset[str]:
    """The last word of each speaker tag that a title opens, in lower case: "cross" of "OFFICER
    CROSS", a surname however much it looks like a role."""
    return frozenset(
        _bare(words[-1])
        for a, b in speaker_tags
        if len(words := text[a:b].split()) > 1 and _bare(words[0]) in titles
    )


def role_after_name(
    span: Span,
    text: str,
    openers: frozenset[str],
    heads: frozenset[str],
    roles_in_tags: frozenset[str],
    tag_surnames: frozenset[str],
) -> bool:
    """Whether the PERSON `span` is the role of the one named before it on its line (module
    docstring): `openers` the titles and roles a role phrase may be made of, `heads` the roles it
    may end in (lower case), `roles_in_tags` as `tag_roles` gives them. A last word the document
    shows as a surname is none of them: one of `tag_surnames` (`surnames_in_tags`), or one after a
    courtesy title ("Mr. Cross"); nor is one after a title of address ("Officer Cross"), nor a
    phrase with an initial ("Officer N. Cross")."""
    words = text[span.start : span.end].split()
    if (
        span.label != "PERSON"
        or not words
        or _bare(words[-1]) not in heads
        or _bare(words[-1]) in tag_surnames
    ):
        return False
    if any(len(_bare(w)) < 2 for w in words) or re.search(
        _COURTESY + re.escape(words[-1]) + r"\b", text, re.I
    ):
        return False
    line_start = text.rfind("\n", 0, span.start) + 1
    before = _AFTER_NAME.search(text, line_start, span.start)
    if not before:
        return False
    lead = before.group("lead").split()
    phrase = [*lead, *words]
    return (
        1 < len(phrase) <= _MOST_WORDS
        # "Officer Cross": a title one is addressed by, then a surname.
        and _bare(phrase[-2]) not in personal_titles()
        and (
            all(_bare(w) in openers for w in phrase[:-1])
            or " ".join(w.lower() for w in phrase) in roles_in_tags
        )
        and bool(_ROLE_END.match(text, span.end))
    )


def named_before_role(span: Span, text: str, roles: frozenset[str]) -> bool:
    """Whether `span` stands where an appearance list names one present: opening its line, before
    a comma and a role (its first word one of `roles`, lower case), as in "SUMMER CROSS, Deputy
    Commissioner", "HOPE MERCY, Attorney for Inmate". The place says it is a name however
    ordinary its words ("every summer", "cross paths")."""
    after = _COMMA_AND_WORD.match(text, span.end)
    # The name opens its line: "Victim Services Representative, Unidentified" is a role's line.
    opens_line = not text[text.rfind("\n", 0, span.start) + 1 : span.start].strip()
    return bool(after) and opens_line and _bare(after.group("word")) in roles
