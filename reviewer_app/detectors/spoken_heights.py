"""Heights said in feet and inches ("five-eleven", "six foot two", "5-10 tall"), read
over the words of the spoken-form finder (`detectors/spoken.py`) with its reader and cue words."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

SCORE = 0.85
WEAK_SCORE = 0.6
# Between two numbers, what makes them two sayings, not feet and inches ("six? Seven.", "six --
# seven"); a comma or a pause stays a height ("about six, one", "six... two").
_TWO_SAYINGS = re.compile(r"[?!]|--")


def find_heights(f: Finder) -> list[Span]:
    """Feet and inches said of a person, with "tall", or near a cue word."""
    out = []
    for i in range(len(f.words)):
        feet = f.reader.read_small(i)
        if feet is None or not 4 <= feet.value <= 7:
            continue
        j = feet.last
        inches = f.reader.read_small(j)
        if inches is None or inches.value > 11 or _TWO_SAYINGS.search(f.gap(i, j)):
            continue  # "I was -- six? Seven.": a question or a dash between says two numbers
        end = inches.last + (f.word(inches.last) in f.v.inch_words)
        hyphen = f.gap(i, j) == "-"
        tall = f.word(end) in f.v.tall_words
        if f.word(i).isdigit() or f.word(j).isdigit():
            # In digits only "he's 5-9", "5-10 tall": "5 10" or "at 5-9" may be anything.
            digits = f.word(i).isdigit() and f.word(j).isdigit()
            after_cue = f.word(i - 1) in f.v.height_cues  # "Height: 5-11."
            if hyphen and digits and f.clause_end(end) and (tall or after_cue or f.person_is(i)):
                out.append(f.span(i, end, "HEIGHT", WEAK_SCORE))
            continue
        if tall or (f.person_is(i) and (hyphen or f.clause_end(end))):
            out.append(f.span(i, end, "HEIGHT"))
        elif f.gap(i, j) in ("-", " ") and f.clause_end(end) and _cue_near(f, i, end, f.v.height_cues):
            out.append(f.span(i, end, "HEIGHT", WEAK_SCORE))  # "The report says five-eleven."
        elif (
            (hyphen or _set_off_after_a_description(f, i))
            and f.clause_end(end)
            and f.word(i - 1) not in f.v.time_prepositions - f.v.hedges
        ):
            # "She's small, maybe five-one": feet-inches of a person described nearby.
            one_person = {"i", "he", "she", "who", "i'm", "im", "he's", "she's"} | f.v.person_nouns
            if _cue_near(f, i, end, one_person):  # "we lost six-four" is a score
                out.append(f.span(i, end, "HEIGHT", WEAK_SCORE))
    return out


def _set_off_after_a_description(f: Finder, i: int) -> bool:
    """Whether the feet and inches at word i follow a comma after a word that describes a person's
    build, said of the person, or the person ("She's little, like five two", "a big guy, six two"),
    a hedge or not."""
    k = i - 1 - (f.word(i - 1) in f.v.hedges)
    if k < 1 or "," not in f.gap(k, k + 1):
        return False
    one_person = f.word(k) in f.v.person_nouns and not f.word(k).endswith(
        ("s", "children", "men")
    )  # "kids, six two"
    described = f.word(k) in f.v.age_adjectives | f.v.tall_words | f.v.build_words
    return one_person or (described and f.person_is(k))  # "She's little", not "the cell was small"


def _weight_after(height: Span, time: Span, text: str, hedges: Collection[str], reach: int = 80) -> str:
    """How `time` is a weight said after a height, not a clock time: "set off" after a comma and at
    most a hedge ("six-four, maybe two-fifty"; not "two-twenty, at nine forty-five"), "asked" after a
    height that answers a question of both ("Height and weight?" "Five eleven. Two-ten."), or ""
    (no weight: something else between, or "p.m." or a part of the day in it)."""
    between = text[height.end : time.start]
    if _of_the_day(text[time.start : time.end]):
        return ""
    hedged = re.fullmatch(r",[ ]*(?:([a-z]+)[ ]+)?", between)
    if hedged and (hedged.group(1) is None or hedged.group(1) in hedges):
        return "set off"
    asked = re.search(r"\bweight\b", text[max(0, height.start - reach) : height.start], re.IGNORECASE)
    return "asked" if asked and re.fullmatch(r"\.[ ]+", between) else ""


def _of_the_day(said: str) -> bool:
    return re.search(r"[ap]\.?[ ]?m\b|clock|morning|afternoon|evening|night", said.lower()) is not None


def _cue_near(f: Finder, first: int, end: int, cues: Collection[str], reach: int = 30) -> bool:
    """One of `cues` in the sentence of words first..end or in the sentence before it
    (a question and its answer)."""
    boundaries = 0
    for k in range(first - 1, max(-1, first - 1 - reach), -1):
        if re.search(r"[.!?\n]", f.gap(k, k + 1)):
            boundaries += 1
            if boundaries > 1:
                break
        if f.word(k) in cues:
            return True
    for k in range(end, min(len(f.words), end + reach)):
        if k > end and re.search(r"[.!?\n]", f.gap(k - 1, k)):
            break
        if f.word(k) in cues:
            return True
    return False


def no_weights(times: list[Span], heights: list[Span], text: str, hedges: Collection[str]) -> list[Span]:
    """`times` without the weight said right after a height (`_weight_after`), and without a second
    weight said after an asked one as its range ("Height and weight?" "Five eleven. Two-ten,
    two-fifteen."). Nothing chains further: "six-two, maybe two-twenty, nine forty-five he ran"
    keeps its clock time."""
    kept, asked = [], []
    for t in sorted(times):
        how = {_weight_after(h, t, text, hedges) for h in heights} if t.label == "TIME" else set()
        range_of_asked = any(re.fullmatch(r",[ ]*", text[w.end : t.start]) for w in asked)
        if "asked" in how:
            asked.append(t)
        elif "set off" not in how and not (range_of_asked and not _of_the_day(text[t.start : t.end])):
            kept.append(t)
    return kept
