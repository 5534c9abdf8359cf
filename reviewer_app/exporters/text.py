"""The pseudonymized text: the transcript with every accepted span replaced by its tag.

One utterance per line, as the canonical text has it; everything not replaced is
written byte for byte. The leak guard runs first: on a hit nothing is written.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from pathlib import Path

from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_write_text
from reviewer_app.exporters.leakguard import check_pseudonymized


def write_pseudonymized_text(
    path: Path | str,
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    allow: Iterable[str] = (),
    *,
    undecided: Collection[int] = (),
    rejected: Iterable[Span] = (),
    allowed_at: Iterable[tuple[int, int]] = (),
) -> Path:
    """Check `result` for leaks (raises `LeakFound`), then write it atomically.

    `spans` are the spans `result` was made from; the keywords are the leak guard's
    (`check_pseudonymized`).
    """
    check_pseudonymized(
        result, document, spans, allow, undecided=undecided, rejected=rejected, allowed_at=allowed_at
    )
    return atomic_write_text(path, result.text)
