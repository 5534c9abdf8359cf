"""The pseudonymized text: the transcript with every accepted span replaced by its tag.

One utterance per line, as the canonical text has it; everything not replaced is
written byte for byte. The leak guard runs first: on a hit nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reviewer_app.core.document import Document
from reviewer_app.core.guard_exemptions import NO_EXEMPTIONS, GuardExemptions
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_write_text
from reviewer_app.exporters.leakguard import check_pseudonymized


def write_pseudonymized_text(
    path: Path | str,
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    exemptions: GuardExemptions = NO_EXEMPTIONS,
) -> Path:
    """Check `result` for leaks (raises `LeakFound`), then write it atomically.

    `spans` are the spans `result` was made from; `exemptions` what the leak guard
    lets through (`check_pseudonymized`).
    """
    check_pseudonymized(result, document, spans, exemptions)
    return atomic_write_text(path, result.text)
