"""A name said right after a title, which NER reads as an organisation (issue 12).

"Assemblymember Lindqvist-Moreau", "Officer / 10  Thibodeaux", "facilitator / 16  Obadiah
Renfro", "Chaplain / 25  Ruiz-Oyelowo": a title of address or an elected member's title names the
person after it, also where a reporter's page breaks the line and numbers the next. NER, reading
the name without the title, or reading a title and a name together as a body's name
("Assemblymember Petrakian"), calls it an organisation.

An organisation of one to three capitalised names, none an organisation's head word ("Officer
Park Clinic" stays a body), right after one of the titles (`resources/patterns/body_mentions.toml`
`member_titles` and `address_titles`, any case), or made of such a title and the names, is the
PERSON named, the title outside (the guidelines keep titles outside PERSON spans).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

_NAME = re.compile(r"[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)*")
_MAX_NAME_WORDS = 3
# The title's word ending right before the name: after a space, or before a line break and the
# next line's number ("Officer\n10  Thibodeaux").
_TITLE_BEFORE = re.compile(r"(?P<title>[A-Za-z][A-Za-z.]*)(?:[ ]+|[ \t]*\n[ \t]*\d{1,2}[ \t]+)\Z")
_REACH = 30


def _is_name(words: list[str], organisation_heads: frozenset[str], titles: frozenset[str]) -> bool:
    return (
        0 < len(words) <= _MAX_NAME_WORDS
        and all(_NAME.fullmatch(w) for w in words)
        and not any(w.lower() in organisation_heads or w.lower() in titles for w in words)
    )


def relabel_persons_after_titles(
    spans: Iterable[Span], text: str, titles: frozenset[str], organisation_heads: frozenset[str]
) -> list[Span]:
    """`spans` with each organisation that is a name after a title, or a title and a name, the
    PERSON named (module docstring). `titles`: lower-case titles; `organisation_heads`: the
    lower-case last words of organisations' heads."""
    out = []
    for span in spans:
        if span.label == "ORGANIZATION":
            covered = span.text_in(text)
            words = covered.split()
            before = _TITLE_BEFORE.search(text, max(0, span.start - _REACH), span.start)
            if (
                before
                and before.group("title").lower() in titles
                and _is_name(words, organisation_heads, titles)
            ):
                span = span.with_(label="PERSON")
            elif (
                len(words) > 1
                and words[0].lower() in titles
                and _is_name(words[1:], organisation_heads, titles)
            ):
                name_at = len(covered) - len(covered[len(words[0]) :].lstrip())
                span = span.with_(start=span.start + name_at, label="PERSON")
        out.append(span)
    return out
