"""A clock time said again in words: the same hour and minutes as a time just given.

A speaker who answers, confirms or corrects a time says it again in words ("And you go in at
11:40." "Eleven-forty."; "The report says 9:30 in the evening." "It was evening yard. Twenty-one
thirty is right."; a dispatcher reading back "fifteen thirty-one"). Alone, an hour and its minutes
in words have no cue and are as often a count, a price or a number read out ("Two-forty-one, low
bunk"); said within the same exchange as a TIME span of the same hour and minutes, they are that
time. The evidence is the document's own: the hour (on the 12- or 24-hour clock) and the minutes
of a span already labelled TIME, a few turns away at most.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from reviewer_app.core.name_rules import STRUCTURE
from reviewer_app.core.number_context import Candidate, number_candidates, values_said
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, Word, spoken_words, words_of

# How far, either side, a time said again may stand from the time it repeats: the same exchange
# (a question and its answer, a broadcast and its read-back), not the same document; a value
# said again pages away is as often another thing that happens to share the number.
_REACH = 400


def _clock(words: Sequence[Word], candidate: Candidate, reader: Reader) -> tuple[int, int] | None:
    """The hour (on the 12-hour clock) and minutes of a number said as two values, an hour and
    its minutes ("eleven-forty", "twenty-one thirty", "9:30"); None for any other number (one
    value, a whole hour, minutes past 59)."""
    values = values_said(words, candidate, reader)
    if len(values) == 2 and 0 <= values[0] <= 23 and 1 <= values[1] <= 59:
        return values[0] % 12, values[1]
    return None


def label_times_said_again(spans: Iterable[Span], text: str) -> list[Span]:
    """Adds a TIME span on each hour and minutes said in words that no span covers, where a TIME
    span within reach holds the same hour and minutes ("at 11:40." ... "Eleven-forty."). Digits
    are left alone (a recording's stamp "06:44" repeats a clock as often as it tells one), and so
    are ordinals ("the first thirty days")."""
    spans = list(spans)
    times = [s for s in spans if s.label == "TIME"]
    if not times:
        return spans
    words = words_of(text)
    vocabulary = spoken_words()
    reader = Reader(words, vocabulary)
    candidates = number_candidates(text, words)
    said: list[tuple[int, tuple[int, int], Span]] = []
    for candidate in candidates:
        clock = _clock(words, candidate, reader)
        for span in times:
            if clock is not None and span.start <= candidate.start and candidate.end <= span.end:
                said.append((candidate.start, clock, span))
    taken = sorted((s.start, s.end) for s in spans)
    added = []
    for candidate in candidates:
        parts = [w.text for w in words[candidate.first : candidate.last]]
        if any(c.isdigit() for c in text[candidate.start : candidate.end]) or any(
            part in vocabulary.ordinals for part in parts
        ):
            continue
        if any(s < candidate.end and candidate.start < e for s, e in taken):
            continue
        clock = _clock(words, candidate, reader)
        if clock is None:
            continue
        same = [span for at, held, span in said if held == clock and abs(at - candidate.start) <= _REACH]
        if same:
            added.append(Span(candidate.start, candidate.end, "TIME", (STRUCTURE,), same[0].score))
    return sorted([*spans, *added], key=lambda s: (s.start, s.end, s.label))
