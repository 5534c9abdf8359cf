"""How well a prediction masks what a corpus says must be masked (TAB's measures).

The Text Anonymization Benchmark marks each gold span DIRECT (identifies a
person on its own: a name, an application number), QUASI (identifies in
combination: a date, a place, a nationality) or NO_MASK. Labels do not matter
here: any predicted span, whatever its label, hides the characters it covers.

- **ER_di** (entity recall, direct identifiers): the share of DIRECT gold
  mentions whose letters and digits are all covered by predictions. A mention
  with one character left readable counts as missed.
- **ER_qi**: the same for QUASI mentions.
- **leak rate**: the share of the letters and digits of DIRECT and QUASI gold
  mentions that no prediction covers. Counting characters rather than mentions
  weighs a leaked "Mr Z.M. Necatigil" more than a leaked "1925", and counting
  only letters and digits keeps spaces and punctuation, which reveal nothing,
  out of it.

TAB scores ER per entity (every mention masked); per mention is stricter for
recall of long documents and is what a reviewer sees, so it is used here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.spans import Span

DIRECT = "DIRECT"
QUASI = "QUASI"
IDENTIFYING = (DIRECT, QUASI)


@dataclass(frozen=True)
class MaskedDocument:
    """One text, its gold mentions with their identifier type, and the prediction."""

    id: str
    text: str
    gold: tuple[tuple[Span, str], ...]  # (span, identifier_type)
    predicted: tuple[Span, ...]


@dataclass(frozen=True)
class MaskingScores:
    direct: int = 0
    direct_masked: int = 0
    quasi: int = 0
    quasi_masked: int = 0
    identifying_chars: int = 0
    leaked_chars: int = 0

    @property
    def er_di(self) -> float:
        return self.direct_masked / self.direct if self.direct else 0.0

    @property
    def er_qi(self) -> float:
        return self.quasi_masked / self.quasi if self.quasi else 0.0

    @property
    def leak_rate(self) -> float:
        return self.leaked_chars / self.identifying_chars if self.identifying_chars else 0.0

    def __add__(self, other: MaskingScores) -> MaskingScores:
        return MaskingScores(
            self.direct + other.direct,
            self.direct_masked + other.direct_masked,
            self.quasi + other.quasi,
            self.quasi_masked + other.quasi_masked,
            self.identifying_chars + other.identifying_chars,
            self.leaked_chars + other.leaked_chars,
        )


@dataclass(frozen=True)
class Leak:
    """A DIRECT or QUASI gold mention left (partly) readable."""

    document_id: str
    span: Span
    identifier_type: str
    text: str
    context: str
    leaked_chars: int


def _hidden_mask(text_length: int, predicted: Iterable[Span]) -> bytearray:
    hidden = bytearray(text_length)
    for span in predicted:
        hidden[span.start : span.end] = b"\x01" * (min(span.end, text_length) - span.start)
    return hidden


def _count(span: Span, text: str, hidden: bytearray) -> tuple[int, int]:
    """(letters and digits in the span, of which readable)."""
    total = leaked = 0
    for i in range(span.start, span.end):
        if text[i].isalnum():
            total += 1
            leaked += not hidden[i]
    return total, leaked


def score_document(document: MaskedDocument) -> tuple[MaskingScores, list[Leak]]:
    hidden = _hidden_mask(len(document.text), document.predicted)
    scores, leaks = MaskingScores(), []
    for span, kind in document.gold:
        if kind not in IDENTIFYING:
            continue
        total, leaked = _count(span, document.text, hidden)
        masked = int(total > 0 and leaked == 0)
        if kind == DIRECT:
            scores = scores + MaskingScores(direct=1, direct_masked=masked)
        else:
            scores = scores + MaskingScores(quasi=1, quasi_masked=masked)
        scores = scores + MaskingScores(identifying_chars=total, leaked_chars=leaked)
        if leaked:
            around = document.text[max(0, span.start - 40) : span.end + 40]
            leaks.append(
                Leak(document.id, span, kind, span.text_in(document.text), " ".join(around.split()), leaked)
            )
    return scores, leaks


def score_corpus(documents: Sequence[MaskedDocument]) -> tuple[MaskingScores, list[Leak]]:
    """ER_di, ER_qi and the leak rate over all documents, and every leaked mention."""
    total, leaks = MaskingScores(), []
    for document in documents:
        scores, found = score_document(document)
        total = total + scores
        leaks += found
    return total, leaks
