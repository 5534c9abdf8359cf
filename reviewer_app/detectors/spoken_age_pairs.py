"""Two ages a year apart that a speaker gives for one, in a phrase of their own near an age already
found ("Twelve, thirteen.", "Drinking, eleven or twelve, my father's beer"): neither number has a
cue of its own. Read over the words and spans of the spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken_age_forms import age_form_words, near_an_age
from reviewer_app.detectors.spoken_heights import WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder


def pairs_of_ages(f: Finder, found: list[Span]) -> list[Span]:
    """Two ages in words a year apart (from five to 29, no year by its last digits) that a speaker
    gives for one, a phrase of their own near an age already found: "Seventh grade is when I stopped
    going. Twelve, thirteen.", "Drinking, eleven or twelve, my father's beer", "Fourteen, almost
    fifteen.", "Six, going on seven." Neither has a cue; the pair holds itself up by the year between,
    the phrase it makes and the age near it (not "two, three times", a count)."""
    ages = SpanIndex.of(s for s in found if s.label == "AGE")
    out: list[Span] = []
    for i in range(len(f.words)):
        if not ages.spans or (out and f.words[i].start < out[-1].end):
            continue
        first = f.reader.read_cardinal(i) if not f.word(i).isdigit() else None
        if first is None or not 5 <= first.value <= 29 or not _opens_a_pair(f, i):
            continue
        k = first.last
        while k < len(f.words) and k - first.last < 2 and f.word(k) in age_form_words().pair_joins:
            k += 1
        second = f.reader.read_cardinal(k) if k < len(f.words) and not f.word(k).isdigit() else None
        if second is None or second.value != first.value + 1:
            continue
        gaps = "".join(f.gap(n - 1, n) for n in range(first.last, k + 1))
        if re.search(r"[.;:!?\n]", gaps) or not (re.search(r",", gaps) or f.word(first.last) == "or"):
            continue
        if not _closes_a_pair(f, second.last) or not near_an_age(f, i, second.last, ages):
            continue
        if first.value <= 12 and _a_time_of_day_near(f, i, second.last):
            continue  # "home by eleven, twelve at night": hours
        if _answers_a_count_question(f, i):
            continue
        out += [f.span(i, first.last, "AGE", WEAK_SCORE), f.span(k, second.last, "AGE", WEAK_SCORE)]
    return out


def _opens_a_pair(f: Finder, i: int) -> bool:
    """Whether a pair of ages may open at word i: a sentence, a turn or a phrase set off by a comma
    opens there, or a word that dates a life by an age ("at", "by", "like") comes before it; not
    after a number ("five, six, seven" counts) nor after a preposition of a year ("in")."""
    if i == 0:
        return True
    gap = f.gap(i - 1, i)
    if re.search(r"[.;:!?\n]", gap):
        return True
    if f.reader.read_small(i - 1) is not None or re.search(r"[-$#/'’]$", gap):
        return False
    return "," in gap or f.word(i - 1) in age_form_words().pair_openers


# The question a pair answers: the last one before it, and nothing but a speaker's tag or a
# word or two ("A: Maybe", "A. Like,") between it and the pair.
_QUESTION_ANSWERED = re.compile(r"([^.!?\n]*)\?[^.!?\w]*(?:\w+[^.!?\w]*){0,2}$")


def _answers_a_count_question(f: Finder, i: int) -> bool:
    """Whether the pair opening at word i answers a question of a count or of which one ("How many
    beers did you drink? A: Maybe six, seven.", "Which chapter? Nineteen, twenty."): a count."""
    answered = _QUESTION_ANSWERED.search(f.text[max(0, f.words[i].start - 200) : f.words[i].start])
    if answered is None:
        return False
    question = " ".join(re.findall(r"[a-z']+", answered.group(1).lower()))
    return any(re.search(rf"\b{re.escape(asked)}\b", question) for asked in age_form_words().count_questions)


def _closes_a_pair(f: Finder, j: int) -> bool:
    """Whether the pair ending before word j ends its phrase with a mark and no number goes on
    after it (a count or a number read out goes on: "twelve, thirteen, fourteen, fifteen")."""
    if j >= len(f.words):
        return True
    if not re.search(r"[.;:!?,\n]", f.gap(j - 1, j)) or f.reader.read_small(j) is not None:
        return False
    return f.word(j) not in f.v.not_after_age


def _a_time_of_day_near(f: Finder, i: int, j: int, reach: int = 4) -> bool:
    """Whether a word of the time of day is within `reach` words of words i..j-1."""
    near = range(max(0, i - reach), min(len(f.words), j + reach))
    return any(f.word(n) in age_form_words().times_of_day for n in near)


def ages_over_hours(spans: list[Span], pairs: list[Span]) -> list[Span]:
    """`spans` with the ages of `pairs` (two by two) that overlap none of them, or that overlap only
    the bare hours they read as clock times, in their place ("I was drinking by eleven, twelve.";
    `pairs_of_ages` finds no pair near a time of day: "home by eleven, twelve at night")."""
    taken = SpanIndex.of(spans)
    out = list(spans)
    for pair in zip(pairs[::2], pairs[1::2], strict=True):
        under = [s for s in spans if any(s.overlaps(p) for p in pair)]
        read_as_hours = {(s.start, s.end) for s in under if s.label == "TIME"} == {
            (p.start, p.end) for p in pair
        }
        if under and read_as_hours and len(under) == 2:
            out = [s for s in out if s not in under] + list(pair)
        else:
            out += [p for p in pair if not taken.overlaps_any(p)]
    return out
