"""The whitelist: terms of the domain never to redact (`resources/whitelist.txt`, paper §4.3),
read, found in a text and applied to spans: the merge's second step (`merge.py`) and the
export's leak guard (`exporters/leakguard.py`) both ask here."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from pathlib import Path

from reviewer_app.core.span_edges import POSSESSIVE, THE
from reviewer_app.core.spans import Span
from reviewer_app.core.term_patterns import whole_terms_pattern
from reviewer_app.paths import resource


def normalise_term(text: str) -> str:
    """How whitelist entries and span texts are compared."""
    text = " ".join(text.split()).lower()
    text = THE.sub("", text)
    return POSSESSIVE.sub("", text)


def load_whitelist(path: Path | None = None) -> frozenset[str]:
    path = path or resource("whitelist.txt")
    terms = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            terms.add(normalise_term(line))
    return frozenset(terms)


def whitelist_occurrences(text: str, whitelist: frozenset[str]) -> list[tuple[int, int]]:
    """Where whitelisted terms occur in `text`, as [start, end) ranges."""
    if not whitelist:
        return []
    return [(m.start(), m.end()) for m in whole_terms_pattern(whitelist).finditer(text)]


def apply_whitelist(
    spans: Iterable[Span],
    text: str,
    whitelist: frozenset[str],
    occurrences: Sequence[tuple[int, int]] | None = None,
) -> list[Span]:
    """Drop a span whose text is a whitelisted term (case-insensitive, "the" and
    's aside) or that lies inside an occurrence of one ("Parole Hearings" in
    "Board of Parole Hearings"); `occurrences` are `whitelist_occurrences`, when known."""
    occurrences = whitelist_occurrences(text, whitelist) if occurrences is None else occurrences
    starts = [o[0] for o in occurrences]
    out = []
    for span in spans:
        if normalise_term(span.text_in(text)) in whitelist:
            continue
        i = bisect.bisect_right(starts, span.start) - 1
        # Occurrences do not overlap each other, so the nearest one before is the only candidate.
        if i >= 0 and occurrences[i][1] >= span.end:
            continue
        out.append(span)
    return sorted(out, key=lambda s: (s.start, s.end, s.label))
