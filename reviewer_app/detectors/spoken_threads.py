"""Ages a turn says by the others around it, where what makes a number an age is what the turn is
telling, not the words before it: no rule of a phrasing reaches these.

A turn that tells a life by its ages says the early ones as a clock's hours after "at", "by" or
"from", among the others: "Beer at, like, eleven. Weed by twelve, thirteen."; "I was sixteen. I was
already drinking by then, started at like twelve"; "when you were four, you were in foster care from
eight to eleven, you were jumped into the gang at thirteen". A turn that says a clock time or a time
of day is left alone ("That night we got there at eleven"), and so is an hour far in value from the
turn's ages ("I'm twenty-eight now. My mom went to pick up my dad at eleven.").

Read over the words and spans of the spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_table
from reviewer_app.detectors.spoken_age_forms import age_form_words
from reviewer_app.detectors.spoken_heights import WEAK_SCORE
from reviewer_app.detectors.spoken_series import value_of

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# How many words either side of an hour said after "at" or "by" its turn's ages are looked for.
LIFE_REACH = 30
# How close in value to one of them it must be, when it does not lie between an earlier and a later one.
LIFE_STEP = 4


@dataclass(frozen=True)
class ThreadWords:
    # Words before the early age of a life story: "at eleven", "by twelve", "from eight to eleven".
    life_cues: frozenset[str]


@functools.cache
def thread_words() -> ThreadWords:
    raw = load_table("spoken.toml")["threads"]
    return ThreadWords(**{name: frozenset(words) for name, words in raw.items()})


def early_ages_of_a_life(f: Finder, found: list[Span]) -> list[Span]:
    """The hours said alone after "at", "by", "around" or "from" (a hedge between) that no span of
    `found` covers, in a turn that tells a life by its ages (see the module)."""
    if not any(s.label == "AGE" for s in found):
        return []
    cues = thread_words().life_cues
    out: list[Span] = []
    for i in range(1, len(f.words) - 1):
        hour = f.reader.read_small(i)
        if hour is None or not 1 <= hour.value <= 12 or f.word(i).isdigit() or hour.last != i + 1:
            continue
        k = i - 1
        while k > 0 and f.word(k) not in cues and f.word(k) in f.v.hedges:
            k -= 1  # "at, like, eleven", "around maybe ten"
        if f.word(k) not in cues or not f._bare_number(i, hour.last):
            continue
        span = f.span(i, hour.last, "AGE", WEAK_SCORE)
        if any(span.overlaps(s) for s in found) or (out and span.start < out[-1].end):
            continue
        if not _among_the_ages_of_its_turn(f, i, hour.value, found):
            continue
        out.append(span)  # the end of its range ("from eight to eleven") follows it (`find_series`)
    return out


def _among_the_ages_of_its_turn(f: Finder, i: int, value: int, found: list[Span]) -> bool:
    """Whether the turn of word i, within `LIFE_REACH` words, says ages of `found`, one within
    `LIFE_STEP` of `value` or one below it before and one above it after, and no clock time nor time
    of day."""
    first, last = _turn_around(f, i, LIFE_REACH)
    low, high = f.words[first].start, f.words[last].end
    said = [s for s in found if low <= s.start and s.end <= high and s.start != f.words[i].start]
    times_of_day = age_form_words().times_of_day
    if any(s.label == "TIME" for s in said) or any(f.word(k) in times_of_day for k in range(first, last + 1)):
        return False
    before, after = [], []
    for age in (s for s in said if s.label == "AGE"):
        said_value = value_of(f, age)
        if said_value is not None:
            (before if age.end <= f.words[i].start else after).append(said_value)
    if any(abs(v - value) <= LIFE_STEP for v in before + after):
        return True
    return any(v <= value for v in before) and any(v >= value for v in after)


def _turn_around(f: Finder, i: int, reach: int) -> tuple[int, int]:
    """The first and last words of the turn of word i, within `reach` words of it."""
    first, last = i, i
    while first > 0 and i - first < reach and not _turn_break(f, first):
        first -= 1
    while last < len(f.words) - 1 and last - i < reach and not _turn_break(f, last + 1):
        last += 1
    return first, last


def _turn_break(f: Finder, k: int) -> bool:
    """Whether word k opens a turn: a speaker's tag, or a line after a blank one."""
    return f.words[k].start in f.tag_starts or (k > 0 and re.search(r"\n\s*\n", f.gap(k - 1, k)) is not None)
