"""Sums of money and percentages said in words (AMOUNT, in the profiles that tag sums).

"four hundred and twelve dollars", "eur forty six million", "sixty percent", "two point
three million": the number is read by the spoken-number grammar
(`core/spoken_numbers.py`) and is a sum of money or a share when a currency or
"percent" is said before or after it. A number of millions or billions said without
one ("the city found two point three million to redo the course") is a sum too,
unless a plural noun follows that it counts ("two million people"). Written sums
("$1,200", "EUR 10,000") are the patterns' (`numbers_general.toml`). The words are
data, in `resources/patterns/read_out.toml` ([amounts]).
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, number_words, spoken_words, words_of
from reviewer_app.detectors.money_slots import slot_words, sums_beside_sums, sums_in_money_slots
from reviewer_app.paths import resource

SCORE = 0.85


@dataclass(frozen=True)
class AmountWords:
    currencies_after: tuple[tuple[str, ...], ...]  # longest first
    currencies_before: frozenset[str]
    large_scales: frozenset[str]
    decimal_point: str
    round_scales: frozenset[str]
    money_nouns: frozenset[str]
    rates: tuple[tuple[str, ...], ...]
    wage_words: frozenset[str] = frozenset()
    not_wage_after: frozenset[str] = frozenset()
    periodic_rates: tuple[tuple[str, ...], ...] = ()
    said_again_after: frozenset[str] = frozenset()
    said_again_confirms: frozenset[str] = frozenset()
    price_words: frozenset[str] = frozenset()
    kin_after_currency: frozenset[str] = frozenset()
    other_quantity_questions: tuple[str, ...] = ()


@functools.cache
def amount_words() -> AmountWords:
    with resource("patterns", "read_out.toml").open("rb") as fh:
        raw = tomllib.load(fh)["amounts"]
    after = sorted({tuple(w.split()) for w in raw["currencies_after"]}, key=len, reverse=True)
    return AmountWords(
        currencies_after=tuple(after),
        currencies_before=frozenset(raw["currencies_before"]),
        large_scales=frozenset(raw["large_scales"]),
        decimal_point=raw["decimal_point"],
        round_scales=frozenset(raw["round_scales"]),
        money_nouns=frozenset(raw["money_nouns"]),
        rates=tuple(tuple(r.split()) for r in raw["rates"]),
        wage_words=frozenset(raw["wage_words"]),
        not_wage_after=frozenset(raw["not_wage_after"]),
        periodic_rates=tuple(tuple(r.split()) for r in raw["periodic_rates"]),
        said_again_after=frozenset(raw["said_again_after"]),
        said_again_confirms=frozenset(raw["said_again_confirms"]),
        price_words=frozenset(raw["price_words"]),
        kin_after_currency=frozenset(raw["kin_after_currency"]),
        other_quantity_questions=tuple(raw["other_quantity_questions"]),
    )


def find_spoken_amounts(
    text: str, nouns: Collection[int] = frozenset(), readings: Sequence[Span] = ()
) -> list[Span]:
    """AMOUNT spans of sums and percentages said in words; `nouns` are the start offsets
    of plural nouns (a number of millions before one counts it); `readings`, the dates, ages and
    times the spoken forms read, in which no wage starts."""
    v = amount_words()
    words = words_of(text)
    reader = Reader(words)

    def word(k: int) -> str:
        return words[k].text if 0 <= k < len(words) else ""

    out = []
    alone: tuple[int, int] | None = None  # the last number read without a currency (first, last word)
    i = 0
    while i < len(words):
        number = reader.read_cardinal(i)
        after_number = (
            i > 0
            and reader.read_cardinal(i - 1) is not None
            # "five, six thousand dollars"; "About forty -- forty-eight thousand dollars" begins again
            and not _NUMBER_BREAK.search(text[words[i - 1].end : words[i].start])
        )
        figures = word(i).isdigit() and number is not None and _figures_end(text, words, number, v)
        if number is None or (word(i).isdigit() and not figures) or after_number:
            i += 1
            continue
        j = figures or number.last
        if word(j) == v.decimal_point and reader.read_small(j + 1, oh=True) is not None:
            j += 2
            while reader.read_small(j, oh=True) is not None and not word(j).isdigit() and len(word(j)) <= 5:
                j += 1  # "two point three five"
        scaled = word(j - 1) in v.large_scales  # "forty six million": read with the number
        if not scaled and word(j) in v.large_scales:  # "two point three million"
            scaled, j = True, j + 1
        first = i - (word(i - 1) in v.currencies_before)
        end = next(
            (
                j + len(c)
                for c in v.currencies_after
                if tuple(word(j + k) for k in range(len(c))) == c and not _kin_at(text, words, j + len(c), v)
            ),
            None,
        )
        if end is None and first == i:
            counted = (j < len(words) and words[j].start in nouns) or word(j) == "of"
            said_before = out[-1].end if out else -1  # "five thousand just to start. Five K retainer."
            round_end = 0 if counted else _round_sum_end(text, words, i, j, v, said_before)
            if round_end:
                scaled, j = True, round_end  # "Bail schedule says fifty thousand.", "Five K retainer"
            if not scaled or counted:
                alone = (i, number.last)
                i = number.last
                continue
            end = j
        if (
            alone is not None
            and end is not None
            and _range_between(text, words, alone[1], first)
            and not _begins_again(words, alone, first)
        ):
            # "eighteen hundred, nineteen hundred dollars", "three or four hundred dollars": the
            # currency said once for both ends of a range
            out.append(Span(words[alone[0]].start, words[alone[1] - 1].end, "AMOUNT", ("presidio",), SCORE))
        out.append(Span(words[first].start, words[(end or j) - 1].end, "AMOUNT", ("presidio",), SCORE))
        i = end or j
    out += _one_unit_and_cents(words, reader, v)
    # A wage said with its currency is found above whole ("a dollar twenty an hour").
    wages = _wages(text, words, reader, v, readings)
    out += [w for w in wages if not any(w.start < s.end and s.start < w.end for s in out)]
    periodic = _periodic_sums(text, words, reader, v, readings, out)
    out += [p for p in periodic if not any(p.start < s.end and s.start < p.end for s in out)]
    out += _said_again(text, words, reader, v, out, readings)
    # Said bare where only a sum stands: "charged me two eighty-five", "My deductible's five hundred".
    out += sums_in_money_slots(text, words, reader, out, readings)
    # Said bare beside a sum, of its size: "like a hundred and forty. A hundred and fifty in August".
    return out + sums_beside_sums(text, words, reader, out, readings)


def _figures_end(text: str, words, number, v: AmountWords) -> int:
    """The end of a sum written in figures and said with a word of its size or currency on the same
    line ("50k", "5 thousand", "1.2k", "2 grand", "50 bucks"), as people text and talk, or 0:
    figures alone are the patterns' (a date, a count, "$1,200"), and a percentage is a sum only in
    some material. The end is that of the number with its written decimals ("1.2k"), before the
    currency or "k" read after it by the rules of spoken sums."""
    end = number.last

    def gap(k: int) -> str:
        return text[words[k - 1].end : words[k].start] if k < len(words) else "\n"

    if end == number.first + 1 and gap(end) == "." and words[end].text.isdigit():
        end += 1
    scaled = any(words[k].text in v.round_scales for k in range(number.first, end))
    after = words[end].text if end < len(words) else ""
    kin = _kin_at(text, words, end + 1, v)  # "2 grand children"
    money_after = after in v.round_scales or (
        (after,) in v.currencies_after and after not in _SHARES and not kin
    )
    return end if (scaled or money_after) and "\n" not in gap(end) else 0


def _kin_at(text: str, words, k: int, v: AmountWords) -> bool:
    """Whether words[k] is a noun of kin said right after the word before it, which is then the
    first half of a word of kin written apart ("2 grand children"), not a currency."""
    return (
        0 < k < len(words)
        and words[k].text in v.kin_after_currency
        and not text[words[k - 1].end : words[k].start].strip()
    )


# Words after a number that make it a share, not a sum of money.
_SHARES = frozenset({"percent"})


# How many words before a round number a word of money is looked for: on the number's line, or
# further in talk of money, where a sum was said with its currency.
_MONEY_REACH = 6
_MONEY_TALK_REACH = 25


def _round_sum_end(text: str, words, first: int, end: int, v: AmountWords, said_before: int = -1) -> int:
    """The end of a round number from words[first:end] ("fifty thousand", "two hundred", "five K")
    said of money, or 0: one that ends its phrase with a mark or a word that is no number, after a
    word of money shortly before it on its line ("the gate money. Two hundred. It's like $140
    now.") or on the line before the turn it opens ("Your gate money?\nA: Two hundred."), or a sum
    said with its currency a few sentences before ("A hundred fifty thousand dollars ... ten
    percent. That's fifteen thousand."), or a sum found shortly before it ending at `said_before`."""
    end += end < len(words) and words[end].text in v.round_scales - number_words()  # "five K"
    if not any(words[k].text in v.round_scales for k in range(first, end)):
        return 0
    if first > 0 and words[first - 1].text in spoken_words().year_prepositions - {"of"}:
        return 0  # "I paid it off in two thousand.": a year ("restitution of ten thousand" is a sum)
    goes_on = end < len(words) and not re.search(r"[.,;?!]", text[words[end - 1].end : words[end].start])
    if goes_on and (words[end].text.isdigit() or words[end].text in number_words()):
        return 0
    if said_before >= words[max(0, first - _MONEY_TALK_REACH)].start:
        return end
    currencies = {c[0] for c in v.currencies_after}
    # Money said in an earlier sentence carries over to a sum that opens its sentence or turn, hedges
    # before it ("the gate money. Two hundred.", "How much he cost?\nNC: Like five thousand"), and a
    # word of money counts on the line before a sum that opens a speaker's turn, the turn it answers
    # (not on the line before a sentence: "Bail was high.\nTwo hundred." may count anything); a sum
    # said inside its sentence needs money in that sentence ("It cost $300 for the fine. The program
    # had two hundred." counts no money).
    opening = first
    while opening > 0 and words[opening - 1].text in slot_words().sum_hedges:
        opening -= 1
    before = text[words[opening - 1].end : words[opening].start] if opening > 0 else ""
    answers = _TURN_OPENS.search(before) is not None and not _asks_another_quantity(
        text, words[opening].start, v
    )
    carries_over = opening == 0 or answers or _SENTENCE_END.search(before)
    on_its_line = in_its_sentence = True
    for k in range(first - 1, max(-1, first - 1 - _MONEY_TALK_REACH), -1):
        gap = text[words[k].end : words[k + 1].start]
        on_its_line = on_its_line and "\n" not in gap
        if in_its_sentence and _SENTENCE_END.search(gap):
            in_its_sentence = False
            carries_over = carries_over or _money_in_sentence(text, words, first, end, v)
        if not (in_its_sentence or carries_over):
            return 0
        near = (on_its_line or answers) and first - k <= _MONEY_REACH
        if (near and words[k].text in v.money_nouns) or words[k].text in currencies or words[k].text == "$":
            return end
    return 0


def _asks_another_quantity(text: str, answer_at: int, v: AmountWords) -> bool:
    """Whether the line before the one of `answer_at` asks for a count or a time, not money ("How
    many hours of service for the fine?", "What year was the bail set?")."""
    line_start = text.rfind("\n", 0, answer_at) + 1
    question = text[text.rfind("\n", 0, max(0, line_start - 1)) + 1 : line_start].lower()
    asks = (r"\s+".join(map(re.escape, q.split())) for q in v.other_quantity_questions)
    return re.search(rf"\b(?:{'|'.join(asks)})\b", question) is not None


_SENTENCE_END = re.compile(r"[.?!]")
# What opens a speaker's turn before a word: the colon after the speaker's tag.
_TURN_OPENS = re.compile(r":\s*$")


def _money_in_sentence(
    text: str, words, first: int, end: int, v: AmountWords, more: frozenset[str] = frozenset()
) -> bool:
    """Whether a word of money (or one of `more`) is said in the sentence of words[first:end]."""
    start = first
    while start > 0 and not _SENTENCE_END.search(text[words[start - 1].end : words[start].start]):
        start -= 1
    stop = end
    while stop < len(words) and not _SENTENCE_END.search(text[words[stop - 1].end : words[stop].start]):
        stop += 1
    return any(words[k].text in v.money_nouns or words[k].text in more for k in range(start, stop))


_RANGE_GAP = re.compile(r"[ ,]*(?:-|–|—|\bor\b|\bto\b|\band\b)?[ ,]*")


# What breaks one number from the next said after it: a comma, a dash, a pause.
_NUMBER_BREAK = re.compile(r",|--|[—–…]|\.\.\.")


def _begins_again(words, alone: tuple[int, int], start: int) -> bool:
    """Whether the number from words[start] begins with the words of the one broken off before it,
    as a speaker begins a sum again ("forty -- forty-eight thousand"), no range's lower end."""
    said = [words[k].text for k in range(alone[0], alone[1])]
    return [words[k].text for k in range(start, start + len(said))] == said


def _range_between(text: str, words, end: int, start: int) -> bool:
    """Whether words[end - 1] and words[start] are joined as the two ends of a range: a comma,
    a dash, "or", "to" or "and" between them and nothing else."""
    if start <= 0 or end < 1 or start - end > 1:
        return False
    return _RANGE_GAP.fullmatch(text[words[end - 1].end : words[start].start]) is not None


def _one_unit_and_cents(words, reader: Reader, v: AmountWords) -> list[Span]:
    """ "a dollar ten an hour", "a dollar forty": one unit of a currency said with "a" and the
    cents after it (a sum, where "a dollar" alone may be a figure of speech)."""
    out = []
    for k in range(len(words) - 2):
        if words[k].text in ("a", "one") and (words[k + 1].text,) in v.currencies_after:
            cents = reader.read_small(k + 2)
            if cents is not None and not words[k + 2].text.isdigit():
                out.append(Span(words[k].start, words[cents.last - 1].end, "AMOUNT", ("presidio",), SCORE))
    return out


# How many words a wage said before its rate may take: "one thousand two hundred forty-nine ninety".
_WAGE_REACH = 8
# A whole number under this before a rate counts things ("two an hour"); dollars and cents are a sum.
_LEAST_WAGE = 5


def _wages(text: str, words, reader: Reader, v: AmountWords, readings: Sequence[Span] = ()) -> list[Span]:
    """A number said in words right before a rate ("an hour", `rates`), a wage: "twenty-four an
    hour", or dollars and cents said as two numbers, "twenty-two fifty an hour". Its longest
    reading that ends at the rate, with no mark inside, that starts inside none of the `readings`
    (dates, ages, times) nor with a date that ends before it: "nineteen ninety nine twenty an
    hour" is a year and the wage "twenty", not "ninety nine twenty" and "nineteen" left over."""
    out = []
    first_words = {r[0] for r in v.rates if r}
    for k in range(1, len(words)):
        if words[k].text not in first_words:
            continue  # most words open no rate: the tuples below are made only where one may
        rate = next((r for r in v.rates if tuple(w.text for w in words[k : k + len(r)]) == r), None)
        if rate is None or (k + len(rate) < len(words) and words[k + len(rate)].text in v.not_wage_after):
            continue  # "twenty an hour away from home", "at ten an hour early": a distance, a time
        # A whole number is a wage where money or work is talked of ("paid", "job"), not "smoking
        # like ten an hour"; dollars and cents are one anyway.
        talk = _money_in_sentence(text, words, k, k + 1, v, v.wage_words)
        for i in range(max(0, k - _WAGE_REACH), k):
            if re.search(r"[.,;:?!\n]", text[words[i].end : words[k].start]) or words[i].text.isdigit():
                continue
            if any(_starts_in(r, words[i].start, words[k - 1].end) for r in readings):
                continue
            number = reader.read_cardinal(i)
            if number is None:
                continue
            cents = reader.read_small(number.last) if number.last < k else None
            whole = number.last == k and number.value >= _LEAST_WAGE and talk
            if whole or (cents is not None and cents.last == k and cents.value >= 10):
                out.append(Span(words[i].start, words[k - 1].end, "AMOUNT", ("presidio",), SCORE))
                break
    return out


def _starts_in(reading: Span, start: int, end: int) -> bool:
    """Whether a wage over text[start:end] would start inside `reading`, or open with it where
    it is a date that ends before the wage does (a year said before the sum)."""
    inside = reading.start < start < reading.end
    return inside or (reading.label == "DATE" and reading.start == start and reading.end < end)


def _periodic_sums(
    text: str, words, reader: Reader, v: AmountWords, readings: Sequence[Span], sums: Sequence[Span]
) -> list[Span]:
    """Dollars and cents said as two numbers right before a rate by the week, month or day
    (`periodic_rates`): "three-fifty a month", "they want two-ten a week", "seven eighty-six for
    the week". None that a date, age or time reads, and only where money, work or a price is talked
    of in its sentence (`money_nouns`, `wage_words`, `price_words`) or a sum was said shortly
    before it: two numbers before a rate are as often a range or a count of things ("ten twelve a
    day", "I was doing five-thirty a day on the yard, push-ups")."""
    out = []
    first_words = {r[0] for r in v.periodic_rates}
    for k in range(1, len(words)):
        if words[k].text not in first_words:
            continue
        rate = next((r for r in v.periodic_rates if tuple(w.text for w in words[k : k + len(r)]) == r), None)
        if rate is None or (k + len(rate) < len(words) and words[k + len(rate)].text in v.not_wage_after):
            continue  # "two-ten a week ago"
        for i in range(max(0, k - _WAGE_REACH), k):
            if re.search(r"[.,;:?!\n]", text[words[i].end : words[k].start]) or words[i].text.isdigit():
                continue
            number = reader.read_cardinal(i)
            if number is None or number.last >= k or words[number.last].text.isdigit():
                continue
            cents = reader.read_small(number.last)
            if cents is None or cents.last != k or cents.value < 10:
                continue
            if any(r.start < words[k - 1].end and words[i].start < r.end for r in readings):
                break  # "at two-ten a day": a clock time
            reach = words[max(0, i - _MONEY_TALK_REACH)].start
            talk = _money_in_sentence(text, words, i, k, v, v.wage_words | v.price_words) or any(
                reach <= s.end <= words[i].start for s in sums
            )
            if talk:
                out.append(Span(words[i].start, words[k - 1].end, "AMOUNT", ("presidio",), SCORE))
            break
    return out


# How many words apart a sum may be said with its currency and again without it.
_AGAIN_REACH = 40
# A whole number of fewer dollars than this said again is left alone: "five" counts too much else.
_LEAST_AGAIN = 10
_CURRENCY_UNITS = frozenset({"dollars", "dollar", "bucks"})


def _said_again(
    text: str, words, reader: Reader, v: AmountWords, sums: Sequence[Span], readings: Sequence[Span]
) -> list[Span]:
    """Numbers said in words alone that a sum said near them with its currency says again: "it's a
    hundred and fifty thousand. A hundred fifty thousand dollars", "They took three ninety-five
    for the fee. Three dollars and ninety-five cents", "twenty-four dollars an hour ... It's
    twenty-four, Commissioner". The number ends its phrase (a mark or one of `said_again_after`
    follows it, not what it counts) and is no date, age or time read. A whole number of dollars
    is also one that counts ("They paid me twelve dollars. My score was twelve."), so it is the sum
    only where said as its confirmation (after one of `said_again_confirms`: "it's", "that's"), in
    answer to it (opening the sentence or turn right after the sum's), or with a word of money in
    its own sentence; dollars and cents ("three ninety-five") are the sum by their form."""
    starts = {w.start: k for k, w in enumerate(words)}
    sentence = _sentence_numbers(text, words)
    said: list[tuple[int, int]] = []  # (value in cents, first word) of each sum said with a currency
    for s in sums:
        first = starts.get(s.start)
        last = next((k for k in range(first or 0, len(words)) if words[k].end >= s.end), None)
        if (
            first is None
            or last is None
            or not any(words[k].text in _CURRENCY_UNITS for k in range(first, last + 1))
        ):
            continue
        # Read on past the span: "Three dollars and ninety-five cents" is found as two.
        value = _value_in_cents(text, words, reader, first, len(words))
        if value is not None:
            said.append((value[0], first))
    out = []
    i = 0
    while i < len(words) and said:
        joined_to_number = (
            i > 0 and reader.read_cardinal(i - 1) is not None and words[i].start - words[i - 1].end <= 1
        )
        if words[i].text.isdigit() or joined_to_number or reader.read_cardinal(i) is None:
            i += 1
            continue
        value = _value_in_cents(text, words, reader, i, len(words))
        if value is None:
            i += 1
            continue
        cents, end = value
        span = Span(words[i].start, words[end - 1].end, "AMOUNT", ("presidio",), SCORE)
        gap = text[words[end - 1].end : words[end].start] if end < len(words) else "."
        ends_phrase = bool(re.search(r"[^\s]", gap)) or words[end].text in v.said_again_after
        taken = any(span.start < s.end and s.start < span.end for s in [*sums, *readings])
        same = [first for c, first in said if c == cents and 0 < abs(first - i) <= _AGAIN_REACH]
        whole = cents % 100 == 0
        if (
            ends_phrase
            and not taken
            and same
            and (
                not whole
                or (cents >= _LEAST_AGAIN * 100 and _whole_said_again(text, words, v, i, end, same, sentence))
            )
        ):
            out.append(span)
        i = end
    return out


def _whole_said_again(
    text: str, words, v: AmountWords, first: int, end: int, sums: Sequence[int], sentence: Sequence[int]
) -> bool:
    """Whether the whole number of dollars words[first:end] is the sum said with its currency from
    one of the words `sums` (of the same value): said after a word that confirms it ("It's
    twenty-four, Commissioner"), opening the sentence or turn right after the sum's ("Forty
    dollars? -- Forty."), or with a word of money in its own sentence ("the rent was forty")."""
    if first > 0 and words[first - 1].text in v.said_again_confirms:
        return True
    opens = first == 0 or re.search(r"[.?!:\n]", text[words[first - 1].end : words[first].start])
    if opens and any(sentence[first] == sentence[s] + 1 for s in sums):
        return True
    return _money_in_sentence(text, words, first, end, v)


def _sentence_numbers(text: str, words) -> list[int]:
    """The number of the sentence (or line: a turn) each word is said in."""
    numbers, n = [], 0
    for k, w in enumerate(words):
        n += k > 0 and re.search(r"[.?!\n]", text[words[k - 1].end : w.start]) is not None
        numbers.append(n)
    return numbers


def _value_in_cents(text: str, words, reader: Reader, first: int, stop: int) -> tuple[int, int] | None:
    """The value in cents of a sum said from words[first] and the end of its words, before `stop`:
    "a hundred fifty thousand dollars", "three dollars and ninety-five cents", "three ninety-five"
    (dollars and cents said as two numbers); None for one said with a decimal point or a scale it
    does not read ("two point three million")."""
    number = reader.read_cardinal(first)
    if number is None:
        return None
    value, j = number.value * 100, number.last

    def joined(k: int) -> bool:
        return (
            k < stop and k < len(words) and not re.search(r"[^\s-]", text[words[k - 1].end : words[k].start])
        )

    if joined(j) and words[j].text in ("point", "million", "billion", "trillion"):
        return None
    if joined(j) and words[j].text in _CURRENCY_UNITS:
        j += 1
        if joined(j) and words[j].text == "and":
            j += 1
        cents = reader.read_small(j) if joined(j) and not words[j].text.isdigit() else None
        if cents is not None and joined(cents.last) and words[cents.last].text == "cents":
            return value + cents.value, cents.last + 1
        return value, j
    cents = reader.read_small(j) if joined(j) and not words[j].text.isdigit() else None
    if cents is not None and cents.value >= 10:
        return value + cents.value, cents.last
    return value, j
