"""A clock time or an age said again in words: the same value as a time or an age just given.

A speaker who answers, confirms or corrects a time says it again in words ("And you go in at
11:40." "Eleven-forty."; "The report says 9:30 in the evening." "It was evening yard. Twenty-one
thirty is right."; a dispatcher reading back "fifteen thirty-one"). Alone, an hour and its minutes
in words have no cue and are as often a count, a price or a number read out ("Two-forty-one, low
bunk"); said within the same exchange as a TIME span of the same hour and minutes, they are that
time. The evidence is the document's own: the hour (on the 12- or 24-hour clock) and the minutes
of a span already labelled TIME, a few turns away at most.

An age is said again the same way ("she's seventeen. That's -- seventeen.", "You were eight?"
"It was right after my birthday, so eight, yeah."), but a number alone is far more often a count
than a clock time with its minutes is: an age said again is one only where it stands as a phrase
of its own (opening its sentence, after a dash or a word that takes up what was said, and ending
at a mark) near an AGE span of the same value.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Hashable, Iterable, Sequence

from reviewer_app.core.name_rules import STRUCTURE
from reviewer_app.core.number_context import Candidate, number_candidates, values_said
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, Word, spoken_words, words_of

# How far, either side, a time said again may stand from the time it repeats: the same exchange
# (a question and its answer, a broadcast and its read-back), not the same document; a value
# said again pages away is as often another thing that happens to share the number.
_REACH = 400
# An age is said again in the next sentence or turn: a shorter reach than a time's read-back.
_AGE_REACH = 300
# Words after which a speaker says again a number said shortly before: "so eight", "you said
# thirteen", "right thirty-nine".
SAID_AGAIN_CUES = frozenset({"said", "so", "then", "right", "okay", "yes", "yeah"})
# What ends a phrase of its own: a mark, a dash, the line's end.
_ENDS_A_PHRASE = re.compile(r"[ \t]*(?:[.,?!;)]|--|—|\n|\Z)")
# What opens one: the text's or a line's start, a sentence's end, a tag's colon, a dash.
_OPENS_A_PHRASE = re.compile(r"(?:\A|[.?!:][ \t]+|--[ \t]*|—[ \t]*|\n[ \t]*)\Z")


def _clock(words: Sequence[Word], candidate: Candidate, reader: Reader) -> tuple[int, int] | None:
    """The hour (on the 12-hour clock) and minutes of a number said as two values, an hour and
    its minutes ("eleven-forty", "twenty-one thirty", "9:30"); None for any other number (one
    value, a whole hour, minutes past 59)."""
    values = values_said(words, candidate, reader)
    if len(values) == 2 and 0 <= values[0] <= 23 and 1 <= values[1] <= 59:
        return values[0] % 12, values[1]
    return None


def _in_words(text: str, words: Sequence[Word], candidate: Candidate) -> bool:
    """Whether the number is said in words, no digit and no ordinal in it ("eleven-forty", not
    "11:40" nor "the first thirty")."""
    ordinals = spoken_words().ordinals
    return not any(c.isdigit() for c in text[candidate.start : candidate.end]) and not any(
        w.text in ordinals for w in words[candidate.first : candidate.last]
    )


def _label_said_again(
    spans: Iterable[Span],
    text: str,
    label: str,
    value_of: Callable[[Sequence[Word], Candidate, Reader], Hashable | None],
    reach: int,
    said_so: Callable[[Sequence[Word], Candidate], bool] = lambda words, candidate: True,
) -> list[Span]:
    """`spans` and a `label` span on each number said in words (`_in_words`) that no span covers,
    that `said_so` accepts and whose value (`value_of`, None for none) a `label` span within
    `reach` characters holds."""
    spans = list(spans)
    held = [s for s in spans if s.label == label]
    if not held:
        return spans
    words = words_of(text)
    reader = Reader(words, spoken_words())
    candidates = number_candidates(text, words)
    said = []  # where a span's value is said, the value, the span
    for candidate in candidates:
        value = value_of(words, candidate, reader)
        if value is not None:
            inside = [s for s in held if s.start <= candidate.start and candidate.end <= s.end]
            said += [(candidate.start, value, s) for s in inside]
    # Whether a span overlaps a candidate: of the spans that start before its end (sorted by
    # start), the furthest end goes past its start. A walk over every span for every number
    # of a long hearing cost more than the rest of the step.
    taken = sorted((s.start, s.end) for s in spans)
    starts = [s for s, _ in taken]
    furthest = list(itertools.accumulate((e for _, e in taken), max))
    added = []
    for candidate in candidates:
        before = bisect.bisect_left(starts, candidate.end)
        if not _in_words(text, words, candidate) or (before and furthest[before - 1] > candidate.start):
            continue
        value = value_of(words, candidate, reader)
        if value is None or not said_so(words, candidate):
            continue
        near = [s for at, v, s in said if v == value and abs(at - candidate.start) <= reach]
        if near:
            added.append(Span(candidate.start, candidate.end, label, (STRUCTURE,), near[0].score))
    return sorted([*spans, *added], key=lambda s: (s.start, s.end, s.label))


def label_times_said_again(spans: Iterable[Span], text: str) -> list[Span]:
    """Adds a TIME span on each hour and minutes said in words that no span covers, where a TIME
    span within reach holds the same hour and minutes ("at 11:40." ... "Eleven-forty."). Digits
    are left alone (a recording's stamp "06:44" repeats a clock as often as it tells one), and so
    are ordinals ("the first thirty days")."""
    return _label_said_again(spans, text, "TIME", _clock, _REACH)


def _stands_alone(text: str, words: Sequence[Word], candidate: Candidate) -> bool:
    """Whether the number is a phrase of its own: it ends at a mark and opens its sentence, or
    follows a dash or a word that takes up what was said ("That's -- seventeen.", "so eight,")."""
    if not _ENDS_A_PHRASE.match(text, candidate.end):
        return False
    before = text[max(0, candidate.start - 12) : candidate.start]
    if _OPENS_A_PHRASE.search(before):
        return True
    if candidate.first == 0:
        return False
    cue = words[candidate.first - 1]
    between = text[cue.end : candidate.start]
    return cue.text in SAID_AGAIN_CUES and re.fullmatch(r",?[ \t]+", between) is not None


def _one_value(words: Sequence[Word], candidate: Candidate, reader: Reader) -> int | None:
    """The value of a number said as one ("seventeen"), None for two or more ("ten thirty")."""
    values = values_said(words, candidate, reader)
    return values[0] if len(values) == 1 else None


def label_ages_said_again(spans: Iterable[Span], text: str) -> list[Span]:
    """Adds an AGE span on each number in words that no span covers, stands as a phrase of its own
    (`_stands_alone`) and has the value of an AGE span within reach ("she's seventeen. That's --
    seventeen."). Digits are left alone (a line or cue number at a line's start stands alone as
    often), and so are ordinals ("Give me a second.")."""

    def stands_alone(words: Sequence[Word], candidate: Candidate) -> bool:
        return _stands_alone(text, words, candidate)

    return _label_said_again(spans, text, "AGE", _one_value, _AGE_REACH, stands_alone)
