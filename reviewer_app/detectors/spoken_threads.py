"""Ages and clock times a turn says by the others around it, where what makes a number an age or a
time is what the turn is telling, not the words before it: no rule of a phrasing reaches these.

- A turn that tells a life by its ages says the early ones as a clock's hours after "at", "by" or
  "from", among the others: "Beer at, like, eleven. Weed by twelve, thirteen."; "I was sixteen. I
  was already drinking by then, started at like twelve"; "when you were four, you were in foster
  care from eight to eleven, you were jumped into the gang at thirteen". A turn that says a clock
  time or a time of day is left alone ("That night we got there at eleven"), and so is an hour far
  in value from the turn's ages ("I'm twenty-eight now. My mom went to pick up my dad at eleven.").
- A turn that tells the hours of a day says its other hours after a cue with no clock word: "he'd
  be home by nine-thirty. at ten a highway patrol officer", "at twelve thirty-eight. Then the
  tamper at two-seventeen", "From eleven forty-one till about -- 12:26", "noon to three", and the
  answer to a turn that said one ("I work in the kitchen, 4 a.m. to noon." "Yes, from four."). A
  turn that says an age is left alone, and so is a number that counts ("seven to ten business
  days").

Read over the words and spans of the spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_table
from reviewer_app.detectors.spoken_age_forms import age_form_words
from reviewer_app.detectors.spoken_clock import time_suffix
from reviewer_app.detectors.spoken_heights import WEAK_SCORE
from reviewer_app.detectors.spoken_series import value_of

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# How many words either side of an hour said after "at" or "by" its turn's ages are looked for.
LIFE_REACH = 30
# How close in value to one of them it must be, when it does not lie between an earlier and a later one.
LIFE_STEP = 4
# How many words either side of an hour said after a cue its turn's clock times are looked for.
DAY_REACH = 20
# A clock time the patterns find in digits: "12:26", "4 a.m.", "2130 hours".
_WRITTEN_CLOCK = re.compile(
    r"\b\d{1,2}:[0-5]\d\b|\b\d{1,2}(?::[0-5]\d)?\s*[ap]\.?m\b|\b[0-2]\d[0-5]\d\s*hours\b", re.IGNORECASE
)


@dataclass(frozen=True)
class ThreadWords:
    # Words before the early age of a life story: "at eleven", "by twelve", "from eight to eleven".
    life_cues: frozenset[str]
    # Words before an hour of a day told by its clock times: "at ten", "from four", "noon to three".
    day_cues: frozenset[str]
    # Words that may follow such an hour, ending its phrase: "at ten a highway patrol officer".
    day_hour_followers: frozenset[str]


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
        if not _after_cue(f, i, cues) or not f._bare_number(i, hour.last):
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


def hours_of_a_timed_turn(f: Finder, found: list[Span]) -> list[Span]:
    """The hours said in words after a cue of the clock (a hedge between), with their minutes or not,
    that no span of `found` covers, in a turn that tells the hours of a day, or that answers one
    (see the module)."""
    words = thread_words()
    out: list[Span] = []
    for i in range(1, len(f.words) - 1):
        if f.word(i).isdigit() or (f.reader.read_small(i - 1) is not None and f.gap(i - 1, i) in (" ", "-")):
            continue  # digits are the patterns'; not the middle of "nine thirty"
        end = _clock_end(f, i)
        if end is None:
            continue
        if not _after_cue(f, i, words.day_cues) or not _ends_an_hours_phrase(f, i, end):
            continue
        span = f.span(i, end, "TIME", WEAK_SCORE)
        if any(span.overlaps(s) for s in found) or (out and span.start < out[-1].end):
            continue
        if _a_timed_turn(f, i, found):
            out.append(span)
    return out


def _after_cue(f: Finder, i: int, cues: frozenset[str]) -> bool:
    """Whether one of `cues` stands before word i, hedges between: "at, like, eleven", "around
    maybe ten", "till about eleven"."""
    k = i - 1
    while k > 0 and f.word(k) not in cues and f.word(k) in f.v.hedges:
        k -= 1
    return f.word(k) in cues


def _clock_end(f: Finder, i: int) -> int | None:
    """The end of an hour in words at word i, with minutes in words after it ("two-seventeen",
    "eleven forty-one") or not, or None."""
    hour = f.reader.read_small(i)
    if hour is None or not 1 <= hour.value <= 12 or hour.last != i + 1:
        return None
    j = hour.last
    if j < len(f.words) and f.gap(j - 1, j) in (" ", "-") and not f.word(j).isdigit():
        minutes = f.reader.read_small(j)
        if minutes is not None and 10 <= minutes.value <= 59:
            return minutes.last
    return j


def _ends_an_hours_phrase(f: Finder, i: int, end: int) -> bool:
    """Whether the hour of words i..end-1 stands alone and ends its phrase: a break, or a word that
    goes on with the sentence (not a noun it counts: "seven to ten business days")."""
    if not f._bare_number(i, end):
        return False
    if end >= len(f.words) or re.search(r"[.;:!?,\n]|--|—", f.gap(end - 1, end)):
        return True
    goes_on = thread_words().day_hour_followers | f.v.function_words | f.v.subjects
    return f.word(end) in goes_on or f._verb_at(end)


def _a_timed_turn(f: Finder, i: int, found: list[Span]) -> bool:
    """Whether the turn of word i (within `DAY_REACH` words) or the turn before it says a clock time
    (a span of `found`, one in digits, "noon", "p.m.") and its own says no age."""
    first, last = _turn_around(f, i, DAY_REACH)
    low, high = f.words[first].start, f.words[last].end
    said = [s for s in found if low <= s.start and s.end <= high]
    if any(s.label == "AGE" for s in said):
        return False
    before, _ = _turn_around(f, max(0, first - 1), DAY_REACH)
    return any(_says_a_clock(f, a, b, found) for a, b in ((first, last), (before, first - 1)))


def _says_a_clock(f: Finder, first: int, last: int, found: list[Span]) -> bool:
    """Whether words first..last say a clock time: a span of `found`, digits, a named hour, "p.m."."""
    if last < first:
        return False
    low, high = f.words[first].start, f.words[last].end
    if any(s.label == "TIME" and low <= s.start and s.end <= high for s in found):
        return True
    if _WRITTEN_CLOCK.search(f.text, low, high):
        return True
    return any(f.word(k) in f.v.named_hours or time_suffix(f, k) for k in range(first, last + 1))


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
