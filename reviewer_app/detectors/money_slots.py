"""Sums of money said without their currency, found by the place they fill in the sentence.

A number said bare is a sum where only a sum can stand: as what is paid, charged, owed or cost
("The tow guy charged me two eighty-five up front", "My mom can pay the, the forty-five", "If you
pay one-fifty today"), or as what a word of money is ("My deductible's five hundred", "bail's still
seventy-five thousand", "the fee is forty-five"). Verbs that move other things as well as money
("I put forty on Tuesday", "The app took three ninety-five off the top") fill the slot only where
money is talked of just before: a word of money or a sum found in the sentence or the one before.
The number must end its phrase (a mark or one of `slot_ends` after it), or it counts what follows
("paid two visits", "the fine was two days' pay"). The words are data in
`resources/patterns/read_out.toml` ([amounts]); the sums said with a currency are
`detectors/spoken_amounts.py`'s, which calls this module.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, Word
from reviewer_app.paths import resource

SCORE = 0.85


@dataclass(frozen=True)
class SlotWords:
    paying_verbs: frozenset[str]
    moving_verbs: frozenset[str]
    paid_persons: frozenset[str]
    money_subjects: frozenset[str]
    subject_links: frozenset[str]
    sum_hedges: frozenset[str]
    slot_ends: frozenset[str]
    money_nouns: frozenset[str]


@functools.cache
def slot_words() -> SlotWords:
    with resource("patterns", "read_out.toml").open("rb") as fh:
        raw = tomllib.load(fh)["amounts"]
    return SlotWords(
        paying_verbs=frozenset(raw["paying_verbs"]),
        moving_verbs=frozenset(raw["moving_verbs"]),
        paid_persons=frozenset(raw["paid_persons"]),
        money_subjects=frozenset(raw["money_subjects"]),
        subject_links=frozenset(raw["subject_links"]),
        sum_hedges=frozenset(raw["sum_hedges"]),
        slot_ends=frozenset(raw["slot_ends"]),
        money_nouns=frozenset(raw["money_nouns"]),
    )


# A whole number under this fills no slot: "I owe him one", "paid two" count as often as they pay.
_LEAST_SUM = 5
# How many words before the number money must be talked of for a verb that moves other things too.
_TALK_REACH = 25
# What may stand between the words before the number: spaces, a comma, a restart ("the, the").
_LEAD_GAP = re.compile(r"[\s,]*")
_SENTENCE_END = re.compile(r"[.?!]")
# What ends the number's phrase right after it (a hyphen joins it to what it measures).
_PHRASE_MARK = re.compile(r"[.,;:?!)\]\"—–]|--")


def sums_in_money_slots(
    text: str, words: Sequence[Word], reader: Reader, found: Sequence[Span], readings: Sequence[Span]
) -> list[Span]:
    """AMOUNT spans of numbers said in words where a sum of money stands; none inside `found`
    (the sums already found) nor inside a date, age or time of `readings` ("We paid two-ten a day"
    read as a clock time stays one)."""
    v = slot_words()
    written = _written_sums(text)
    out: list[Span] = []
    i = 0
    while i < len(words):
        joined = i > 0 and reader.read_cardinal(i - 1) is not None and words[i].start - words[i - 1].end <= 1
        number = None if words[i].text.isdigit() or joined else reader.read_cardinal(i)
        if number is None:
            i += 1
            continue
        end = number.last
        cents = reader.read_small(end) if end < len(words) and not words[end].text.isdigit() else None
        joined_cents = cents is not None and words[end].start - words[end - 1].end <= 1 and cents.value >= 10
        if joined_cents and cents is not None:
            end = cents.last  # "two eighty-five", "one-fifty": dollars and cents
        span = Span(words[i].start, words[end - 1].end, "AMOUNT", ("presidio",), SCORE)
        if (
            (joined_cents or number.value >= _LEAST_SUM)
            and _ends_phrase(text, words, end, v)
            and not any(span.start < s.end and s.start < span.end for s in found)
            and not any(span.start < r.end and r.start < span.end for r in readings)
            and _in_money_slot(text, words, i, v, [*found, *written, *out])
        ):
            out.append(span)
        i = end
    return out


# How many words after a sum a bare number of its size is taken for another sum said beside it.
_BESIDE_REACH = 10
# How many times larger or smaller than the sum such a number may be.
_BESIDE_RATIO = 3
# A number of fewer dollars than this beside a sum is left alone: "seventeen fifty an hour. That's six."
_LEAST_BESIDE = 10
_WRITTEN_SUM = re.compile(r"\d[\d,]*(?:\.\d+)?")
# A sum written with its currency sign, which the patterns find (`numbers_general.toml`).
_SIGNED_SUM = re.compile(r"[$€£][ ]?\d[\d,]*(?:\.\d+)?(?:[ ](?:million|billion))?")


def _written_sums(text: str) -> list[Span]:
    return [Span(m.start(), m.end(), "AMOUNT", ("presidio",), SCORE) for m in _SIGNED_SUM.finditer(text)]


def sums_beside_sums(
    text: str, words: Sequence[Word], reader: Reader, found: Sequence[Span], readings: Sequence[Span]
) -> list[Span]:
    """AMOUNT spans of numbers said bare on a sum's line shortly after it, of about its size: the
    same bill another month, the wage it was raised to, the sum the speaker doubts it was ("My
    bills are like a hundred and forty. A hundred and fifty in August", "Started at twenty-four an
    hour, I'm at twenty-nine fifty now", "he said twenty-four, could be twenty-two"). The number opens
    its phrase or follows a link, ends it, is no date, age or time read and has no other number
    between it and the sum."""
    v = slot_words()
    said = [*found, *_written_sums(text)]
    sums = sorted((s for s in said if "%" not in text[s.start : s.end]), key=lambda s: s.start)
    starts = {w.start: k for k, w in enumerate(words)}
    out: list[Span] = []
    for s in sums:
        size = _dollars(text, words, reader, starts.get(s.start), s)
        k = next((k for k, w in enumerate(words) if w.start >= s.end), len(words))
        if not size or "percent" in text[s.start : s.end].lower():
            continue
        for i in range(k, min(len(words), k + _BESIDE_REACH)):
            if "\n" in text[s.end : words[i].start] or any(x.start <= words[i].start < x.end for x in said):
                break
            number = None if words[i].text.isdigit() else reader.read_cardinal(i)
            if number is None:
                continue
            end, dollars = _extent(words, reader, number)
            span = Span(words[i].start, words[end - 1].end, "AMOUNT", ("presidio",), SCORE)
            if (
                size / _BESIDE_RATIO <= dollars <= size * _BESIDE_RATIO
                and dollars >= _LEAST_BESIDE
                and _ends_phrase(text, words, end, v)
                and reader.read_cardinal(end) is None  # "Forty, fifty hours": a range of what it counts
                and _said_as_a_sum(text, words, i, v)
                and not any(span.start < r.end and r.start < span.end for r in [*readings, *out])
            ):
                out.append(span)
            break  # the first number after the sum decides
    return out


# Words right before a number said beside a sum that say what it is, as a link does ("I'm at",
# "could be", "it's", "Not four hundred").
_BESIDE_LEADS = frozenset({"it's", "that's", "i'm", "not"})


def _said_as_a_sum(text: str, words: Sequence[Word], first: int, v: SlotWords) -> bool:
    """Whether the number from words[first] opens its phrase (after a mark, hedges between) or
    follows a link ("I'm at twenty-nine fifty", "could be twenty-two"), not the object of a verb
    that tells what else it is ("I had forty", "I served forty", "The program had two hundred")."""
    k = first - 1
    while k >= 0 and words[k].text in v.sum_hedges:
        k -= 1
    if k < 0 or _PHRASE_MARK.search(text[words[k].end : words[k + 1].start]):
        return True
    return words[k].text in v.subject_links or words[k].text in _BESIDE_LEADS


def _extent(words: Sequence[Word], reader: Reader, number) -> tuple[int, float]:
    """The end of a number read from words and its value in dollars, dollars and cents said as two
    numbers ("twenty-nine fifty") read together."""
    end = number.last
    cents = reader.read_small(end) if end < len(words) and not words[end].text.isdigit() else None
    if cents is not None and words[end].start - words[end - 1].end <= 1 and cents.value >= 10:
        return cents.last, number.value + cents.value / 100
    return end, float(number.value)


def _dollars(text: str, words: Sequence[Word], reader: Reader, first: int | None, span: Span) -> float:
    """The size of the sum `span` in dollars (or other units), 0 where it is not read."""
    written = _WRITTEN_SUM.search(text, span.start, span.end)
    if written is not None:
        value = float(written.group().replace(",", ""))
        scale = text[written.end() : span.end].lower()
        return value * (1_000_000 if "million" in scale else 1_000_000_000 if "billion" in scale else 1)
    number = reader.read_cardinal(first) if first is not None else None
    return _extent(words, reader, number)[1] if number is not None else 0.0


def _ends_phrase(text: str, words: Sequence[Word], end: int, v: SlotWords) -> bool:
    if end >= len(words):
        return True
    gap = text[words[end - 1].end : words[end].start]
    return bool(_PHRASE_MARK.search(gap)) or ("-" not in gap and words[end].text in v.slot_ends)


def _in_money_slot(text: str, words: Sequence[Word], first: int, v: SlotWords, sums: Sequence[Span]) -> bool:
    """Whether the number from words[first] stands where a sum does: after a paying verb (and its
    person), after a word of money and its link ("is", "'s", "came to"), or after a verb that
    moves money where money was talked of just before; hedges ("like", "about", "the") between."""
    k = first - 1
    while (
        k >= 0
        and words[k].text in v.sum_hedges
        and _LEAD_GAP.fullmatch(text[words[k].end : words[k + 1].start])
    ):
        k -= 1
    if k < 0 or not _LEAD_GAP.fullmatch(text[words[k].end : words[k + 1].start]):
        return False
    head = words[k].text
    if head in v.paid_persons and k > 0 and text[words[k - 1].end : words[k].start] == " ":
        verb = words[k - 1].text  # "charged me", "owed him"
        if verb in v.paying_verbs or verb in v.moving_verbs:
            head, k = verb, k - 1
    if head in v.paying_verbs:
        return True
    if head in v.moving_verbs:
        return _money_talked_of(text, words, k, v, sums)
    return _after_money_subject(words, k, v)


def _after_money_subject(words: Sequence[Word], k: int, v: SlotWords) -> bool:
    """Whether words up to words[k] are a word of money and its link: "the fee is", "My
    deductible's", "bail is set at", "the bill came to"."""
    if words[k].text.endswith("'s") and words[k].text[:-2] in v.money_subjects:
        return True
    links = 0
    while k >= 0 and words[k].text in v.subject_links:
        links, k = links + 1, k - 1
    return links > 0 and k >= 0 and words[k].text in v.money_subjects


def _money_talked_of(text: str, words: Sequence[Word], verb: int, v: SlotWords, sums: Sequence[Span]) -> bool:
    """Whether a word of money or a sum is said in the sentence of words[verb] or the one before it."""
    sentences = 0
    for k in range(verb, max(-1, verb - _TALK_REACH), -1):
        if k < verb and _SENTENCE_END.search(text[words[k].end : words[k + 1].start]):
            sentences += 1
            if sentences > 1:
                return False
        if words[k].text in v.money_nouns:
            return True
        if any(s.start <= words[k].start < s.end for s in sums):
            return True
    return False
