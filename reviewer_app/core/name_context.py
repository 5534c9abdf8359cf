"""Which kind of name a found name is, read from the document: a classifier learned from gold.

Detection finds most names and still calls many of them by the wrong kind: a town tagged as
a person, a department as a place, a county as an organisation. A relabelling never changes
what is redacted, only its tag. This module describes each merged span labelled PERSON,
LOCATION, ORGANIZATION or NRP by what the document says of it (`features`): its words and
head word, their capitals, the words around it within its line and sentence, whether it
stands in a speaker tag, a header or a list, how the pipeline and spaCy label the other
mentions of the same words, which detectors found it, whether a gazetteer the detectors read
knows it. A multinomial logistic regression (`core.number_context.NumberModel`, the same
model as the numbers') scores the four labels; its weights are data in
`resources/models/name_labels.json`, made by `reviewer-app train-name-labels` from reviewed
gold (`training/name_labels.py`). `relabel` gives a span another of the four labels only when
the model's probability for it reaches the weights file's threshold (chosen on writers the
model was not trained on), and never where the label comes from the document's structure,
which the model does not see: a name in a speaker tag or one of the cover page's names.
"""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

from reviewer_app.core.context_rules import CONTEXT, NAMING_SCORE
from reviewer_app.core.labels import catalog
from reviewer_app.core.merge import default_rules
from reviewer_app.core.number_context import NumberModel, NumberModelError, model_from_json
from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.paths import resource

DETECTOR = "name_labels"
NAME_LABELS = ("PERSON", "LOCATION", "ORGANIZATION", "NRP")
# Words either side that are features, by position, within the line and sentence.
CONTEXT_WORDS = 3
# Words further out that still say something (a preposition or verb before the name).
REACH_WORDS = 6
# A probability no model gives: the threshold of a model whose relabellings never gained.
NEVER = 2.0
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?|[^\w\s]")
_SENTENCE_END = frozenset({".", "?", "!", ";"})
# A line that is a list's item: a bullet, a number or letter then a stop or bracket.
_LIST_ITEM = re.compile(r"\s*(?:[-*•·]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])\s")


class NameModelError(NumberModelError):
    """The name-label weights file is missing or unreadable; the message says which and why."""


def _coarse(label: str) -> str:
    return catalog().coarse(label)


def _shape(word: str) -> str:
    if word.isupper() and len(word) > 1:
        return "X"
    if word[:1].isupper():
        return "Xx"
    if word[:1].isdigit():
        return "d"
    return "x"


def _line_of(text: str, start: int, end: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return line_start, len(text) if line_end < 0 else line_end


def _context(text: str, span: Span) -> tuple[list[str], list[str]]:
    """The words before (nearest first) and after the span, within its line and sentence."""
    line_start, line_end = _line_of(text, span.start, span.end)
    left = [m.group().lower() for m in _WORD.finditer(text, line_start, span.start)][::-1]
    right = [m.group().lower() for m in _WORD.finditer(text, span.end, line_end)]
    for n, word in enumerate(left):
        if word in _SENTENCE_END:
            left = left[:n]
            break
    for n, word in enumerate(right):
        if word in _SENTENCE_END:
            right = right[:n]
            break
    return left[:REACH_WORDS], right[:REACH_WORDS]


def in_ranges(span: Span, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(start <= span.start and span.end <= end for start, end in ranges)


def _layout(text: str, span: Span) -> list[str]:
    """Where the span's line stands in the document's layout."""
    line_start, line_end = _line_of(text, span.start, span.end)
    line = text[line_start:line_end]
    out = []
    before = text[line_start : span.start]
    if ":" not in before and text[span.end : line_end].lstrip().startswith(":") and len(before.split()) <= 3:
        out.append("tag-like")
    if line.isupper():  # every cased letter a capital, and at least one
        out.append("line=upper")
    if len(line.split()) <= 6:
        out.append("line=short")
    if _LIST_ITEM.match(line):
        out.append("line=list")
    if not before.strip():
        out.append("line=opens")
    if span.start < 600:
        out.append("top")
    return out


def _gazetteers(phrase: str) -> list[str]:
    rules = default_rules()
    lowered = " ".join(phrase.lower().split())
    out = []
    for name, known in (
        ("place", rules.known_places),
        ("body", rules.known_bodies),
        ("group", rules.known_groups),
        ("country", rules.countries),
    ):
        if lowered in known:
            out.append(f"gaz={name}")
        elif any(w in known for w in lowered.split() if len(w) > 3):
            out.append(f"gazword={name}")
    return out


def _by_words(spans: Iterable[Span], text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for span in spans:
        out[" ".join(span.text_in(text).lower().split())].add(_coarse(span.label))
    return out


class DocumentView:
    """What `features` reads of the whole document, computed once for all its spans."""

    def __init__(self, text: str, spans: Sequence[Span], spacy: Sequence[Span]) -> None:
        self.text = text
        self.spacy_by_words = _by_words(spacy, text)
        self.spacy = SpanIndex.of(spacy)
        self.pipeline_by_words: dict[str, set[str]] = defaultdict(set)
        self.pipeline_by_head: dict[str, set[str]] = defaultdict(set)
        self.mentions: dict[str, int] = defaultdict(int)
        for span in spans:
            label = _coarse(span.label)
            words = span.text_in(text).lower().split()
            if label not in NAME_LABELS or not words:
                continue
            key = " ".join(words)
            self.pipeline_by_words[key].add(label)
            self.pipeline_by_head[words[-1]].add(label)
            self.mentions[key] += 1

    def spacy_labels(self, span: Span) -> set[str]:
        return {_coarse(s.label) for s in self.spacy.overlapping(span.start, span.end)}


def features(view: DocumentView, span: Span) -> list[str]:
    """What the model knows of one name span."""
    text = view.text
    covered = span.text_in(text)
    words = [m.group() for m in _WORD.finditer(covered)]
    lowered = [w.lower() for w in words]
    label = _coarse(span.label)
    out = ["bias", f"pl={label}", f"n={min(len(words), 4)}"]
    if lowered:
        out += [f"head={lowered[-1]}", f"first={lowered[0]}", f"pl+head={label}+{lowered[-1]}"]
        out += [f"w:{w}" for w in set(lowered)]
        out.append("shape=" + " ".join(dict.fromkeys(_shape(w) for w in words)))
    out.append("det=" + "+".join(sorted(set(span.detectors))))
    out += [f"d:{d}" for d in set(span.detectors)]
    if span.label != label:
        out.append(f"fine={span.label}")
    left, right = _context(text, span)
    if not left:
        out.append("L=start")
    if not right:
        out.append("R=end")
    for n, word in enumerate(left[:CONTEXT_WORDS], start=1):
        out.append(f"L{n}={word}")
    for n, word in enumerate(right[:CONTEXT_WORDS], start=1):
        out.append(f"R{n}={word}")
    if left:
        out.append(f"pl+L1={label}+{left[0]}")
    if right:
        out.append(f"pl+R1={label}+{right[0]}")
    out += [f"L:{w}" for w in set(left)] + [f"R:{w}" for w in set(right)]
    out += _layout(text, span)
    key = " ".join(covered.lower().split())
    others = view.pipeline_by_words.get(key, set()) - {label}
    out += [f"other={o}" for o in sorted(others)]
    if view.mentions.get(key, 0) > 1:
        out.append("mentions>1")
    if lowered:
        out += [f"samehead={o}" for o in sorted(view.pipeline_by_head.get(lowered[-1], set()) - {label})]
    out += [f"sp={o}" for o in sorted(view.spacy_labels(span))] or ["sp=none"]
    out += [f"spother={o}" for o in sorted(view.spacy_by_words.get(key, set()))]
    out += _gazetteers(covered)
    return out


def default_weights() -> Path:
    return resource("models", "name_labels.json")


def name_model_from_json(data: object, source: str) -> NumberModel:
    """The model a name-label weights file holds; NameModelError naming `source` if it is not one."""
    try:
        model = model_from_json(data, source, required=None)
    except NumberModelError as exc:
        raise NameModelError(str(exc).replace("number-context", "name-label")) from exc
    if set(model.labels) != set(NAME_LABELS):
        raise NameModelError(f"{source}: its labels are not {', '.join(NAME_LABELS)}")
    return model


def load_model(path: Path | None = None) -> NumberModel:
    """The weights file (`resources/models/name_labels.json` by default), read again only when
    it changed."""
    path = path or default_weights()
    try:
        stat = path.stat()
    except OSError as exc:
        raise NameModelError(
            f"{path}: no name-label weights (make them with reviewer-app train-name-labels)"
        ) from exc
    return _read_model(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=4)
def _read_model(path: Path, modified_ns: int, size: int) -> NumberModel:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise NameModelError(f"{path}: unreadable name-label weights ({type(exc).__name__})") from exc
    return name_model_from_json(data, str(path))


def fixed_by_structure(
    text: str, span: Span, speaker_tags: Sequence[tuple[int, int]], person_names: Iterable[str]
) -> bool:
    """Whether the span's label comes from a rule of the merge that reads what the model does
    not weigh as the rule does: it stands in a speaker tag, it is one of the cover page's names,
    a naming cue or the layout labelled it (`context_rules.NAMING_SCORE`, which the merge lets
    no other rule override), or it is a one-word person in the possessive ("Kapoor's family",
    the merge's `possessive_persons`)."""
    if in_ranges(span, speaker_tags):
        return True
    if CONTEXT in span.detectors and span.score >= NAMING_SCORE:
        return True
    one_word_person = _coarse(span.label) == "PERSON" and len(span.text_in(text).split()) == 1
    if one_word_person and text.startswith(("'s", "’s"), span.end):
        return True
    covered = " ".join(span.text_in(text).lower().split())
    return any(covered == " ".join(n.lower().split()) for n in person_names)


def scored(
    text: str, spans: Sequence[Span], spacy: Sequence[Span], model: NumberModel
) -> list[tuple[Span, str, float]]:
    """Each name span of `spans` with the model's best label and its probability."""
    view = DocumentView(text, spans, spacy)
    out = []
    for span in spans:
        if _coarse(span.label) in NAME_LABELS:
            out.append((span, *model.predict(features(view, span))))
    return out


def relabel(
    text: str,
    spans: Sequence[Span],
    spacy: Sequence[Span],
    model: NumberModel,
    speaker_tags: Sequence[tuple[int, int]] = (),
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with the name spans the model is confident are of another of the four labels
    relabelled (their detectors name this step); every other span as it was."""
    names = tuple(person_names)
    changed = {}
    for span, label, probability in scored(text, spans, spacy, model):
        if label == _coarse(span.label) or probability < model.threshold:
            continue
        if fixed_by_structure(text, span, speaker_tags, names):
            continue
        changed[span] = span.with_(
            label=label, detectors=(*span.detectors, DETECTOR), score=round(probability, 3)
        )
    return [changed.get(s, s) for s in spans]
