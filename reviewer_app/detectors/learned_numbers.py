"""The number-context classifier as a step of detection: it fills gaps after the merge.

`core/number_context.py` reads the numbers no detector's span touches and tags those it is
confident about; here detection runs it on the merged spans of a document whose profile
asks for it (`learned_numbers` in `resources/profiles.toml`) and the settings allow it. A
weights file that is missing or unreadable does not stop detection: the other detectors'
spans stand, and the result carries a note that says which file and why. Nor does a fault of
the classifier itself (as a detector's fault does not): the note then names the error's type
only, since its message may quote the transcript.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from reviewer_app.core.number_context import DETECTOR, NumberModelError, fill_gaps, load_model
from reviewer_app.core.spans import Span

log = logging.getLogger(__name__)

__all__ = ["DETECTOR", "LearnedNumbers", "learned_number_spans"]


@dataclass(frozen=True)
class LearnedNumbers:
    spans: tuple[Span, ...]
    # Empty when the classifier ran; otherwise why it did not (a file name, never transcript text).
    problem: str = ""


def learned_number_spans(text: str, merged: Sequence[Span]) -> LearnedNumbers:
    """The spans the classifier adds to `merged` (which it leaves as they are)."""
    try:
        model = load_model()
    except NumberModelError as exc:
        log.warning("number-context classifier skipped: %s", exc)
        return LearnedNumbers((), f"number-context classifier skipped: {exc}")
    try:
        return LearnedNumbers(tuple(fill_gaps(text, merged, model)))
    except Exception as exc:  # noqa: BLE001 - one step's fault must not lose the other spans
        log.warning("number-context classifier failed (%s)", type(exc).__name__)
        return LearnedNumbers((), f"number-context classifier failed ({type(exc).__name__})")
