"""Names in a text written without capitals (speech recognition), read on its truecased view.

A full name's words said alone later ("walter fenske" ... "mr. fenske, you may speak"): with
capitals NER and `name_propagation.propagate` find them; without, nothing does. The casing model
of the truecased view (`core/truecasing.py`, which counted how English writes each word) tells a
name's word ("fenske", "marisol") from an ordinary one ("house" of "barnaby oyster house").

Ordinary words NER read as persons in such a text ("dated", "report") are left to the reviewer:
a rule that drops a one-word person by how common its word is drops real persons whose names are
common words ("bill", "hope", "will"), which an export would then publish.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Mapping

from reviewer_app.core.name_rules import PROPAGATION, PROPAGATION_SCORE, after_word
from reviewer_app.core.spans import Span


def propagate_caseless_name_words(
    spans: Iterable[Span],
    text: str,
    counts: Mapping[str, int],
    not_names: frozenset[str],
    determiners: frozenset[str],
) -> list[Span]:
    """`spans` with each word of a PERSON span of several words a PERSON where it is said
    alone and no span covers it ("walter fenske" ... "mr. fenske, you may"), in a text without
    capitals: there the capitals that make the later mention a name for NER and for
    `name_propagation.propagate` are missing. A word is taken only where the casing model
    (`counts`) counted it capitalised at least as often as in lower case or never ("fenske",
    "marisol"; not "house" of "barnaby oyster house"), it is none of `not_names` (titles, roles,
    kin: "sergeant", "aunt") and no determiner stands before the mention ("the bishop", "a crane")."""
    spans = list(spans)
    words = {
        word
        for s in spans
        if s.label == "PERSON" and len(parts := s.text_in(text).split()) > 1
        for word in parts
        if len(word) >= 3
        and word.isalpha()
        and word.islower()
        and word not in not_names
        and counts.get(word, 0) <= counts.get(word.title(), 0)
    }
    if not words:
        return spans
    taken = sorted(spans)
    starts = [s.start for s in taken]
    ends = list(itertools.accumulate((s.end for s in taken), max))
    added = []
    for match in re.finditer(r"(?<![\w'’-])[a-z]+(?![\w-])", text):
        if match.group() not in words or after_word(text, match.start(), determiners):
            continue
        i = bisect.bisect_left(starts, match.end()) - 1
        if i >= 0 and ends[i] > match.start():
            continue  # a span covers it
        added.append(Span(match.start(), match.end(), "PERSON", (PROPAGATION,), PROPAGATION_SCORE))
    return sorted([*spans, *added])
