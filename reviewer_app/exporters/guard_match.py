"""Finding known identifiers among the words of a folded text (see `guard_text`).

A term is compared on its letters and digits (`key`, its words run together) against
consecutive words of the text whose keys, run together, give the same string. Where
the text may split the key depends on the term:

- a name or phrase (`words`): between its words, or not at all ("JohnSmith"); any
  separator ("Kevin Richardson", "kevin-richardson", "Kevin⏎Richardson"). The last
  word may carry a plural "s" / "es" ("Smiths");
- a spelled name (`letters`): one letter per word, any short separator
  ("R, I, C, H", "F-E-R- G-U-S-O-N");
- an identifier with a digit (`compact`): anywhere, across short separators without a
  line break, so "C12345", "C-12345" and "C 12345" are one identifier.

Matching runs twice, on `pieces` and on `joined_words`, so "Smith-Jones" finds
"Smith" and "Smi-⏎th" finds "Smith". A word made of two or more name parts with
nothing between them ("JohnSmith", "SmithJohns") is found too.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.exporters.guard_text import Token, joined_words, pieces

MAX_SHORT_SEPARATOR = 3
MIN_JOINED_PART = 3


@dataclass(frozen=True)
class Pattern:
    key: str
    mode: str  # "words", "letters", "compact"
    bounds: frozenset[int]  # where the text may split `key`
    payload: object  # what the caller gets back for a match


@dataclass(frozen=True)
class Match:
    start: int  # folded offsets
    end: int
    payload: object


def pattern_for(words: Sequence[str], mode: str, payload: object) -> Pattern:
    key = "".join(words)
    if mode == "words":
        ends, total = set(), 0
        for word in words[:-1]:
            total += len(word)
            ends.add(total)
        bounds = frozenset(ends)
    else:
        bounds = frozenset(range(1, len(key)))
    return Pattern(key, mode, bounds, payload)


def _plural_of(word: str, rest: str) -> bool:
    return word in (rest + "s", rest + "es")


class Matcher:
    def __init__(self, patterns: Iterable[Pattern], joinable_parts: Iterable[str] = (), joined_payload=None):
        # prefix of a key that a first word may be -> (pattern, length of that prefix)
        self.index: dict[str, list[tuple[Pattern, int]]] = {}
        self.longest = 1  # the most words a match of a name or phrase may take
        for pattern in patterns:
            if pattern.mode == "words":
                self.longest = max(self.longest, len(pattern.bounds) + 1)
            cuts = [1] if pattern.mode == "letters" else [*sorted(pattern.bounds), len(pattern.key)]
            for cut in cuts:
                self.index.setdefault(pattern.key[:cut], []).append((pattern, cut))
        self.parts = frozenset(p for p in joinable_parts if len(p) >= MIN_JOINED_PART)
        self.part_lengths = sorted({len(p) for p in self.parts})
        self.joined_payload = joined_payload

    def find(self, folded: str) -> list[Match]:
        """Non-overlapping matches, on pieces first, then on joined words."""
        split = pieces(folded)
        found = self._scan(split, folded)
        words = joined_words(folded, split)
        taken = _Ranges(found)
        # Joined words give new matches only at or just before a word that was joined.
        joined = [i for i, w in enumerate(words) if w.end - w.start != len(w.key)]
        near = sorted({s for i in joined for s in range(max(0, i - self.longest + 1), i + 1)})
        found += [m for m in self._scan(words, folded, near) if taken.add(m)]
        if self.parts:
            for word in words:
                if len(word.key) >= 2 * MIN_JOINED_PART and self._made_of_parts(word.key):
                    match = Match(word.start, word.end, self.joined_payload)
                    if taken.add(match):
                        found.append(match)
        return sorted(found, key=lambda m: m.start)

    def _scan(self, tokens: list[Token], folded: str, starts: Iterable[int] | None = None) -> list[Match]:
        matches: list[Match] = []
        after = 0  # a match may not start inside the previous one
        for i in range(len(tokens)) if starts is None else starts:
            if i < after:
                continue
            spelled = i + 1 < len(tokens) and len(tokens[i].key) == 1 and len(tokens[i + 1].key) == 1
            best: tuple[int, Pattern] | None = None
            for pattern, cut, complete in self._starts(tokens[i], spelled):
                j = i if complete else self._complete(pattern, cut, tokens, i, folded)
                if j >= 0 and (best is None or (j, len(pattern.key)) > (best[0], len(best[1].key))):
                    best = (j, pattern)
            if best is not None:
                j, pattern = best
                matches.append(Match(tokens[i].start, tokens[j].end, pattern.payload))
                after = j + 1
        return matches

    def _starts(self, token: Token, spelled: bool):
        """(pattern, cut, complete) for every pattern the token may start; complete
        when the token is the whole key, else more words must follow. Spelled names
        only where this word and the next are single letters."""
        key = token.key
        for pattern, cut in self.index.get(key, ()):
            if pattern.mode == "letters" and not spelled:
                continue
            yield pattern, cut, cut == len(pattern.key)
        # A plural of a whole one-word key ("Smiths", "Joneses").
        if len(key) > 3 and key.endswith("s"):
            for stem in {key[:-1], key[:-2]} if key.endswith("es") else {key[:-1]}:
                for pattern, cut in self.index.get(stem, ()):
                    if pattern.mode == "words" and cut == len(pattern.key):
                        yield pattern, cut, True

    def _complete(self, pattern: Pattern, cut: int, tokens: list[Token], i: int, folded: str) -> int:
        """The index of the last token of a match of `pattern` starting at token i
        (whose key is `pattern.key[:cut]`), or -1."""
        key, pos, j = pattern.key, cut, i + 1
        while pos < len(key):
            if j >= len(tokens):
                return -1
            token = tokens[j]
            if pattern.mode != "words":
                gap = folded[tokens[j - 1].end : token.start]
                if len(gap) > MAX_SHORT_SEPARATOR or (pattern.mode == "compact" and "\n" in gap):
                    return -1
                if pattern.mode == "letters" and len(token.key) != 1:
                    return -1
            end = pos + len(token.key)
            if key.startswith(token.key, pos) and (end == len(key) or end in pattern.bounds):
                pos = end
            elif pattern.mode == "words" and pos in pattern.bounds and _plural_of(token.key, key[pos:]):
                pos = len(key)
            else:
                return -1
            j += 1
        return j - 1

    def _made_of_parts(self, key: str) -> bool:
        """`key` is two or more known name parts run together (with a plural ending)."""
        stems = [key] + ([key[:-1]] if key.endswith("s") else []) + ([key[:-2]] if key.endswith("es") else [])
        for stem in stems:
            if not any(stem[:n] in self.parts for n in self.part_lengths):
                continue
            most: list[int] = [0] + [-1] * len(stem)  # most parts that end at each position
            for start in range(len(stem)):
                if most[start] < 0:
                    continue
                for n in self.part_lengths:
                    if start + n <= len(stem) and stem[start : start + n] in self.parts:
                        most[start + n] = max(most[start + n], most[start] + 1)
            if most[len(stem)] >= 2:
                return True
        return False


class _Ranges:
    """Ranges taken so far; `add` refuses an overlapping one."""

    def __init__(self, matches: Iterable[Match]) -> None:
        self.ranges = sorted((m.start, m.end) for m in matches)

    def add(self, match: Match) -> bool:
        i = bisect.bisect_left(self.ranges, (match.start, match.end))
        for neighbour in self.ranges[max(0, i - 1) : i + 1]:
            if neighbour[0] < match.end and match.start < neighbour[1]:
                return False
        self.ranges.insert(i, (match.start, match.end))
        return True
