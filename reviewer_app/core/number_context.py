"""Numbers no rule tagged, read by the words around them: a classifier learned from gold.

The spoken-form recognizers (`detectors/spoken*.py`, `read_out*.py`) find ages, clock times
and dates one phrasing at a time, and every new writer phrases them anew ("a sophomore,
fifteen", "back around ten-ish", "the twelfth, I think"). This module reads every number
expression of a text that no detector's span touches (`number_candidates`: digits and
numbers in words, read with the grammar of `core/spoken_numbers.py`), describes it by its form,
the kind of value it can be (an hour, a minute, a day of the month, a year, an age...) and the
words around it within its sentence, plus the question its turn answers (`features`), and
scores it with a multinomial logistic regression (`NumberModel`) whose weights are data in
`resources/models/number_context.json`, made by `reviewer-app train-numbers` from reviewed
gold (`training/numbers.py`). A candidate becomes an AGE, TIME, DATE or AMOUNT span only
when the model is confident (the weights file's threshold, chosen on writers it was not
trained on); `fill_gaps` never changes or drops another span.

Features are words, never the text's names: a lower-cased context word or the shape of the
number, so what is learned from one writer's hearings can hold in another's.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, SpokenWords, Word, spoken_words, words_of
from reviewer_app.paths import resource

DETECTOR = "learned_numbers"
NONE = "NONE"
# Words either side that are features, within the sentence.
CONTEXT_WORDS = 5
# Of them, the nearest ones are also features by position ("the word right before is 'age'").
POSITIONAL_WORDS = 3
# A turn's answer: the question of the line before counts for numbers this near the line's start.
ANSWER_REACH_WORDS = 8
QUESTION_WORDS = 8
# What may stand between two parts of one number: "forty-two", "10:30", "2/17/95", "1,500".
_JOINERS = frozenset({"", " ", "-", ":", "/", ".", ","})
# A sentence ends between two words: a question or exclamation mark, or a full stop then space;
# a colon then space ends a speaker tag, whose words (often a name) say nothing of the number.
_SENTENCE_END = re.compile(r"[?!]|[.:]\s")
_DIGIT_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)")


class NumberModelError(RuntimeError):
    """The weights file is missing or unreadable; the message says which file and why."""


@dataclass(frozen=True)
class Candidate:
    """A number expression: words[first:last] of the text, at [start, end)."""

    start: int
    end: int
    first: int
    last: int


def _is_number_word(word: str, v: SpokenWords) -> bool:
    # Decimal digits only: `isdigit` also holds for "²", "①", "⑴", which `int` cannot read.
    return (
        word.isdecimal()
        or word in v.units
        or word in v.teens
        or word in v.tens
        or word in v.scales
        or word in v.ordinals
        or _DIGIT_ORDINAL.fullmatch(word) is not None
    )


def number_candidates(text: str, words: Sequence[Word] | None = None) -> list[Candidate]:
    """Every run of number words and digit groups in `text` that reads as one number: its
    parts joined by a space, a hyphen or a clock's, date's or thousands' sign, never across a
    line; "oh" only inside a number ("nineteen oh five"), "and" only after a scale word
    ("two thousand and five")."""
    v = spoken_words()
    words = words_of(text) if words is None else words
    found: list[Candidate] = []
    i = 0
    while i < len(words):
        if not _is_number_word(words[i].text, v) or words[i].text in ("oh", "o"):
            i += 1
            continue
        j = i + 1
        while j < len(words) and text[words[j - 1].end : words[j].start] in _JOINERS:
            word = words[j].text
            if word == "and" and words[j - 1].text in v.scales:
                if j + 1 < len(words) and _is_number_word(words[j + 1].text, v):
                    j += 1
                    continue
                break
            if not _is_number_word(word, v):
                break
            j += 1
        found.append(Candidate(words[i].start, words[j - 1].end, i, j))
        i = j
    return found


def _value_class(value: int) -> str:
    """The kinds of value a number can be: an hour, a minute, a day of the month, an age, a year."""
    for top, name in ((0, "0"), (12, "1-12"), (19, "13-19"), (23, "20-23"), (31, "24-31"), (59, "32-59")):
        if value <= top:
            return name
    if value < 100:
        return "60-99"
    if value < 1000:
        return "100-999"
    if 1900 <= value <= 2099:
        return "year"
    return "big"


def values_said(words: Sequence[Word], candidate: Candidate, reader: Reader) -> list[int]:
    """The values said one after the other in the candidate ("ten thirty": 10, 30)."""
    values = []
    i = candidate.first
    while i < candidate.last:
        word = words[i].text
        if word.isdecimal():
            values.append(int(word))
            i += 1
            continue
        reading = reader.read_year(i) or reader.read_cardinal(i) or reader.read_ordinal(i)
        if reading is None or reading.last > candidate.last:
            if word in ("oh", "o"):
                values.append(0)
            i += 1
            continue
        values.append(reading.value)
        i = reading.last
    return values


def _context_word(word: str, v: SpokenWords) -> str:
    """A context word as a feature: numbers are one word, whatever their value."""
    return "<num>" if _is_number_word(word, v) else word


def _sentence_bounds(text: str, words: Sequence[Word], candidate: Candidate) -> tuple[int, int]:
    """The first and last+1 word of the candidate's sentence within reach of it."""
    first = candidate.first
    while first > 0 and candidate.first - first < CONTEXT_WORDS:
        if _SENTENCE_END.search(text[words[first - 1].end : words[first].start]):
            break
        first -= 1
    last = candidate.last
    while last < len(words) and last - candidate.last < CONTEXT_WORDS:
        if _SENTENCE_END.search(text[words[last - 1].end : words[last].start]):
            break
        last += 1
    return first, last


def _question_before(text: str, words: Sequence[Word], candidate: Candidate) -> list[str]:
    """The words of the question the candidate's line answers: the last words of the nearest
    line before it that has text, when that line ends with "?" and the candidate opens its own
    line (within a speaker tag or a few words)."""
    line_start = text.rfind("\n", 0, candidate.start) + 1
    if line_start == 0:
        return []
    first = candidate.first
    while first > 0 and words[first - 1].start >= line_start:
        first -= 1
        if candidate.first - first > ANSWER_REACH_WORDS:
            return []
    mark = line_start - 1
    while mark >= 0 and text[mark].isspace():
        mark -= 1
    if mark < 0 or text[mark] != "?":
        return []
    question_start = text.rfind("\n", 0, mark) + 1
    taken = []
    last = first - 1
    while last >= 0 and len(taken) < QUESTION_WORDS and words[last].start >= question_start:
        taken.append(words[last].text)
        last -= 1
    return taken


def features(
    text: str, words: Sequence[Word], candidate: Candidate, reader: Reader | None = None
) -> list[str]:
    """What the model knows of one candidate: form, values and the words around it."""
    v = spoken_words()
    reader = reader or Reader(words, v)
    said = [w.text for w in words[candidate.first : candidate.last]]
    digits = [w for w in said if w.isdecimal()]
    form = "digits" if len(digits) == len(said) else "words" if not digits else "mixed"
    if any(_DIGIT_ORDINAL.fullmatch(w) or w in v.ordinals for w in said):
        form += "+ordinal"
    out = ["bias", f"form={form}", f"parts={min(len(said), 4)}"]
    if digits:
        out.append(f"digits={min(len(digits[0]), 5)}")
    inside = text[candidate.start : candidate.end]
    out += [f"sep={sign}" for sign in sorted(set(re.sub(r"[\w ]", "", inside)))]
    if form.startswith("words"):
        out.append(f"first={said[0]}")
    values = values_said(words, candidate, reader)
    out.append(f"values={min(len(values), 3)}")
    for n, value in enumerate(values[:2], start=1):
        out.append(f"v{n}={_value_class(value)}")
    if len(values) >= 2:
        out.append(f"v1v2={_value_class(values[0])}+{_value_class(values[1])}")
    char_before = text[candidate.start - 1] if candidate.start else "\n"
    char_after = text[candidate.end] if candidate.end < len(text) else "\n"
    out += [f"before_char={char_before if not char_before.isspace() else '_'}"]
    out += [f"after_char={char_after if not char_after.isspace() else '_'}"]
    first, last = _sentence_bounds(text, words, candidate)
    left = [_context_word(w.text, v) for w in words[first : candidate.first]][::-1]
    right = [_context_word(w.text, v) for w in words[candidate.last : last]]
    if not left:
        out.append("L=start")
    if not right:
        out.append("R=end")
    for n, word in enumerate(left[:POSITIONAL_WORDS], start=1):
        out.append(f"L{n}={word}")
    for n, word in enumerate(right[:POSITIONAL_WORDS], start=1):
        out.append(f"R{n}={word}")
    if left and right:
        out.append(f"L1R1={left[0]}_{right[0]}")
    out += [f"L:{w}" for w in set(left)] + [f"R:{w}" for w in set(right)]
    out += [f"Q:{w}" for w in set(_question_before(text, words, candidate))]
    return out


@dataclass(frozen=True)
class NumberModel:
    """A multinomial logistic regression over `features`: one weight per feature and label."""

    labels: tuple[str, ...]
    bias: tuple[float, ...]
    weights: dict[str, tuple[float, ...]]
    # The least probability of its label for which a candidate becomes a span.
    threshold: float

    def probabilities(self, feats: Sequence[str]) -> list[float]:
        scores = list(self.bias)
        for name in feats:
            row = self.weights.get(name)
            if row is not None:
                scores = [s + w for s, w in zip(scores, row, strict=True)]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def predict(self, feats: Sequence[str]) -> tuple[str, float]:
        probabilities = self.probabilities(feats)
        best = max(range(len(probabilities)), key=probabilities.__getitem__)
        return self.labels[best], probabilities[best]

    def to_json(self, **about: object) -> dict[str, object]:
        return {
            "labels": list(self.labels),
            "threshold": self.threshold,
            "bias": [round(b, 4) for b in self.bias],
            "weights": {k: [round(w, 4) for w in row] for k, row in sorted(self.weights.items())},
            **about,
        }


def model_from_json(data: object, source: str, required: str | None = NONE) -> NumberModel:
    """The model a weights file holds; NumberModelError naming `source` if it is not one (or
    if `required` is not among its labels)."""
    try:
        labels = tuple(str(label) for label in data["labels"])  # type: ignore[index]
        bias = tuple(float(b) for b in data["bias"])  # type: ignore[index]
        weights = {str(k): tuple(float(w) for w in row) for k, row in data["weights"].items()}  # type: ignore[index]
        threshold = float(data["threshold"])  # type: ignore[index]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise NumberModelError(f"{source}: not a number-context weights file ({type(exc).__name__})") from exc
    missing = required is not None and required not in labels
    if missing or len(bias) != len(labels) or any(len(r) != len(labels) for r in weights.values()):
        raise NumberModelError(f"{source}: its labels, bias and weights do not agree")
    return NumberModel(labels, bias, weights, threshold)


def default_weights() -> Path:
    return resource("models", "number_context.json")


def _no_weights(path: Path) -> NumberModelError:
    return NumberModelError(f"{path}: no number-context weights (make them with reviewer-app train-numbers)")


def load_model(path: Path | None = None) -> NumberModel:
    """The weights file (`resources/models/number_context.json` by default), read again only
    when it changed: train-numbers may rewrite it while the app runs."""
    path = path or default_weights()
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise _no_weights(path) from None
    except OSError as exc:
        raise NumberModelError(f"{path}: unreadable number-context weights ({type(exc).__name__})") from exc
    return _read_model(path, stat.st_mtime_ns, stat.st_size)


# Keyed by the file's modification time and size as well as its path, so a rewritten file is
# read anew; a few entries, as retraining leaves the old keys behind.
@functools.lru_cache(maxsize=4)
def _read_model(path: Path, modified_ns: int, size: int) -> NumberModel:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _no_weights(path) from None
    except (OSError, ValueError) as exc:
        raise NumberModelError(f"{path}: unreadable number-context weights ({type(exc).__name__})") from exc
    return model_from_json(data, str(path))


def classify(text: str, covered: Sequence[Span], model: NumberModel) -> list[tuple[Candidate, str, float]]:
    """Each candidate no span in `covered` touches, with the model's label and probability."""
    words = words_of(text)
    reader = Reader(words, spoken_words())
    taken = SpanIndex.of(covered)
    out = []
    for candidate in number_candidates(text, words):
        if taken.overlapping(candidate.start, candidate.end):
            continue
        label, probability = model.predict(features(text, words, candidate, reader))
        out.append((candidate, label, probability))
    return out


def fill_gaps(text: str, spans: Sequence[Span], model: NumberModel) -> list[Span]:
    """The spans the model adds to `spans`: confident AGE/TIME/DATE/AMOUNT readings of numbers
    no span touches. `spans` themselves are not changed."""
    return [
        Span(c.start, c.end, label, (DETECTOR,), round(p, 3))
        for c, label, p in classify(text, spans, model)
        if label != NONE and p >= model.threshold
    ]
