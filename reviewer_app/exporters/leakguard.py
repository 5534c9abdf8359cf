"""The leak guard: refuse an export whose text still contains a known identifier.

Known identifiers are the texts of the accepted spans, the parts of every accepted
name, the names on the cover page (`document.metadata.names()`) and their parts, every
variant of a name cluster, and the spelled forms of all of these names ("R-I-C-H...").
Matching is on whole words, case-insensitive, with punctuation and hyphens read as
spaces, so "RICHARDSON", "Richardson's" and "R, I, C, H, A, R, D, S, O, N" all hit.

A name that is also a common word is still a leak: if "Will" is an accepted PERSON,
every "will" left in the text is reported; a reviewer who decides otherwise passes the
word in `allow`, explicitly.

Deliberately not terms: single characters and numbers of one or two digits (an age of
"33" cannot be told from "33" pages); the texts of quantity labels (`unguarded_labels`
in `resources/tags.toml`: an AGE of "nine" is not "step nine"); a name part on its own that is a function word
(`[leak_guard]` in `resources/tags.toml`: the "In" of a cut-off "Andrew In--"); the
replaced stretches of the output themselves.
"""

from __future__ import annotations

import bisect
import functools
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.clusters import Cluster, name_parts
from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.spans import Span
from reviewer_app.paths import resource

MIN_SPELLED_LETTERS = 3


@dataclass(frozen=True)
class LeakTerm:
    words: tuple[str, ...]  # normalised words
    kind: str  # "span", "name part", "cover page", "cluster variant", "spelled name"
    label: str


@dataclass(frozen=True)
class LeakHit:
    """A known identifier found at `output[start:end]`."""

    start: int
    end: int
    kind: str
    label: str
    found: str  # the leaked text itself: show it to the reviewer, never log it

    def describe(self, output: str) -> str:
        """Where the hit is, without its text (safe to log)."""
        line = output.count("\n", 0, self.start) + 1
        column = self.start - (output.rfind("\n", 0, self.start) + 1) + 1
        return f"line {line}, column {column} (offset {self.start}): {self.kind} ({self.label})"


class LeakFound(Exception):
    """The export was refused: `hits` lists what was found where."""

    def __init__(self, hits: Sequence[LeakHit], output: str) -> None:
        self.hits = tuple(hits)
        lines = [h.describe(output) for h in self.hits[:20]]
        more = f"\n... and {len(self.hits) - 20} more" if len(self.hits) > 20 else ""
        super().__init__(
            f"export refused: {len(self.hits)} known identifier(s) remain in the text:\n"
            + "\n".join(lines)
            + more
        )


def normalise(text: str) -> tuple[list[str], list[tuple[int, int]]]:
    """Lower-cased words of `text` (runs of letters and digits) and where each lies."""
    words: list[str] = []
    positions: list[tuple[int, int]] = []
    start = -1
    for i, ch in enumerate(text):
        if ch.isalnum():
            if start < 0:
                start = i
        elif start >= 0:
            words.append(text[start:i].lower())
            positions.append((start, i))
            start = -1
    if start >= 0:
        words.append(text[start:].lower())
        positions.append((start, len(text)))
    return words, positions


@functools.cache
def _guard_settings() -> dict:
    with resource("tags.toml").open("rb") as fh:
        return tomllib.load(fh).get("leak_guard", {})


def function_words() -> frozenset[str]:
    return frozenset(w.casefold() for w in _guard_settings().get("function_words", []))


def unguarded_labels() -> frozenset[str]:
    return frozenset(_guard_settings().get("unguarded_labels", []))


def _worth_guarding(words: tuple[str, ...]) -> bool:
    joined = "".join(words)
    if len(joined) < 2 or (len(words) == 1 and joined in function_words()):
        return False
    return not (joined.isdigit() and len(joined) <= 2)


def _spelled(words: tuple[str, ...]) -> tuple[str, ...] | None:
    letters = "".join(words)
    if len(letters) < MIN_SPELLED_LETTERS or not letters.isalpha():
        return None
    return tuple(letters)


def leak_terms(
    document: Document,
    spans: Iterable[Span],
    clusters: Iterable[Cluster] = (),
    extra_names: Iterable[str] = (),
) -> list[LeakTerm]:
    """Everything that must not appear in the published text of `document`."""
    text = document.text
    terms: dict[tuple[str, ...], LeakTerm] = {}

    def add(surface: str, kind: str, label: str) -> None:
        words = tuple(normalise(surface)[0])
        if _worth_guarding(words):
            terms.setdefault(words, LeakTerm(words, kind, label))

    def add_name(name: str, kind: str) -> None:
        add(name, kind, "PERSON")
        for part in name_parts(name):
            if not part.is_title:
                add(name[part.start : part.end], "name part", "PERSON")
                spelled = _spelled(tuple(normalise(part.key)[0]))
                if spelled:
                    terms.setdefault(spelled, LeakTerm(spelled, "spelled name", "PERSON"))

    skip = unguarded_labels()
    for span in spans:
        surface = span.text_in(text)
        if span.label == "PERSON":
            add_name(surface, "span")
        elif span.label not in skip:
            add(surface, "span", span.label)
    for name in (*document.metadata.names(), *extra_names):
        add_name(name, "cover page")
    for cluster in clusters:
        for variant in cluster.variants:
            add_name(variant, "cluster variant")
    return list(terms.values())


def find_leaks(
    output: str,
    terms: Iterable[LeakTerm],
    masked: Iterable[tuple[int, int]] = (),
    allow: Iterable[str] = (),
) -> list[LeakHit]:
    """Every place in `output` where a term occurs as whole words, outside `masked`.

    `masked` are the stretches the pseudonymizer wrote (the tags); `allow` are words or
    phrases a reviewer explicitly accepted as not identifying.
    """
    allowed = {tuple(normalise(a)[0]) for a in allow}
    by_first: dict[str, list[LeakTerm]] = {}
    for term in terms:
        if term.words not in allowed:
            by_first.setdefault(term.words[0], []).append(term)
    for candidates in by_first.values():
        candidates.sort(key=lambda t: len(t.words), reverse=True)

    chars = list(output)
    for start, end in masked:
        chars[start:end] = " " * (end - start)
    words, positions = normalise("".join(chars))

    hits: list[LeakHit] = []
    i = 0
    while i < len(words):
        for term in by_first.get(words[i], ()):
            n = len(term.words)
            if tuple(words[i : i + n]) == term.words:
                start, end = positions[i][0], positions[i + n - 1][1]
                hits.append(LeakHit(start, end, term.kind, term.label, output[start:end]))
                i += n - 1
                break
        i += 1
    return hits


def leak_hits(
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    allow: Iterable[str] = (),
) -> list[LeakHit]:
    """What the leak guard finds in `result` (what `check_pseudonymized` refuses on).

    Whitelisted terms (`resources/whitelist.txt`, "California Code of Regulations") are
    not sensitive by definition, so a known word inside one is not a hit.
    """
    terms = leak_terms(document, spans, result.clusters)
    masked = [(r.out_start, r.out_end) for r in result.replacements]
    return _outside_whitelist(result.text, find_leaks(result.text, terms, masked, allow))


def _outside_whitelist(text: str, hits: list[LeakHit]) -> list[LeakHit]:
    """The hits that do not lie inside a whitelisted term; a hit larger than the term
    ("San Quentin State Prison" around a whitelisted "State") stays."""
    from reviewer_app.core.merge import load_whitelist, whitelist_occurrences

    if not hits:
        return hits
    occurrences = whitelist_occurrences(text, load_whitelist())
    starts = [o[0] for o in occurrences]
    kept = []
    for hit in hits:
        i = bisect.bisect_right(starts, hit.start) - 1
        if i >= 0 and occurrences[i][1] >= hit.end:
            continue
        kept.append(hit)
    return kept


def check_pseudonymized(
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    allow: Iterable[str] = (),
) -> None:
    """Raise `LeakFound` when the pseudonymized text still holds a known identifier."""
    hits = leak_hits(result, document, spans, allow)
    if hits:
        raise LeakFound(hits, result.text)


_LABEL_OF_KIND = {"spelled name": "SPELLED_NAME"}


def unannotated_occurrences(
    document: Document, spans: Sequence[Span], clusters: Iterable[Cluster] = ()
) -> list[Span]:
    """New spans over every place in the original text where a known identifier occurs
    outside `spans`: what the paper's dictionary does when it replaces "reappearing
    entities" consistently. The detector is `propagation`; the label is the identifier's
    (PERSON for names and their parts, SPELLED_NAME for spelled forms)."""
    terms = leak_terms(document, spans, clusters)
    hits = _outside_whitelist(
        document.text, find_leaks(document.text, terms, [(s.start, s.end) for s in spans])
    )
    return [Span(h.start, h.end, _LABEL_OF_KIND.get(h.kind, h.label), ("propagation",), 1.0) for h in hits]
