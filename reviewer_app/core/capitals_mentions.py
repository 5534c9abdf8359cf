"""A name the document settled, said again in capitals (issue 12).

A dispatch log, a caption or a form prints in capitals what the talk around it writes in mixed case
("Stockton PD copies." beside "01:14:10 STOCKTON PD ADVISED"; "the Lucky 7 Liquor" beside
"BUSINESS NAME: LUCKY 7 LIQUOR"). NER reads little in a line of capitals, and rules that read
capitals as a sentence typed in them drop what it finds. Where the document has named an
organisation or a place in mixed case, its mention in capitals is the same name: it takes the
settled label where no span covers it. Only names of two words or more are taken: a word alone is
read less surely ("Filbert" after "cross of" may have been taken for a firm) and may be a common
word in capitals ("MAIN" of "MAIN JAIL"). A mention that an organisation's head follows is part of
a longer name ("SAN JOAQUIN GENERAL" is the hospital, not the county) and is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.spans import Span

_LABELS = ("ORGANIZATION", "LOCATION")
_NEXT_WORD = re.compile(r"[ ]+([A-Z][\w'’]*)")


def label_names_said_in_capitals(
    spans: Iterable[Span], text: str, organisation_heads: frozenset[str]
) -> list[Span]:
    """`spans` with each mention in capitals of an organisation or a place the document names in
    mixed case, where no span covers it, labelled as that name (module docstring).
    `organisation_heads`: the lower-case last words of organisations' heads ("general")."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    settled: dict[str, str] = {}
    for span in spans:
        name = " ".join(span.text_in(text).split())
        if span.label in _LABELS and _settles(name):
            settled.setdefault(name.upper(), span.label)
    if not settled:
        return spans
    taken = [(s.start, s.end) for s in spans]
    added = []
    # Longer names first, so that "SAN JOAQUIN GENERAL" is not cut to "SAN JOAQUIN".
    for capitals in sorted(settled, key=len, reverse=True):
        pattern = r"[ ]+".join(map(re.escape, capitals.split()))
        for match in re.finditer(rf"(?<![\w'’-]){pattern}(?![\w'’-])", text):
            start, end = match.span()
            head = _NEXT_WORD.match(text, end)
            if any(a < end and start < b for a, b in taken) or (
                head and head[1].lower() in organisation_heads
            ):
                continue
            taken.append((start, end))
            added.append(Span(start, end, settled[capitals], detectors=("propagation",), score=0.6))
    return sorted([*spans, *added], key=lambda s: (s.start, s.end))


def _settles(name: str) -> bool:
    """Whether a span's words settle a name to look for in capitals: two words or more, written in
    mixed case."""
    return len(name.split()) > 1 and not name.isupper() and not name.islower()
