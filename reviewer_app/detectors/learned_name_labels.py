"""The name-label classifier as a step of detection: it relabels found names after the merge.

`core/name_context.py` reads each merged name span (PERSON, LOCATION, ORGANIZATION, NRP) and
gives another of those labels to those it is confident are of that kind; here detection runs
it on the merged spans of a document whose profile asks for it (`name_labels` in
`resources/profiles.toml`) and the settings allow it. Spans are never added or dropped, so
the step cannot change what is redacted. A weights file that is missing or unreadable, or a
fault of the classifier, leaves the merged spans as they were, with a note that says which
file and why (or the error's type only, since its message may quote the transcript).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.name_context import DETECTOR, NameModelError, load_model, relabel
from reviewer_app.core.spans import Span

log = logging.getLogger(__name__)

__all__ = ["DETECTOR", "LearnedNameLabels", "learned_name_labels"]


@dataclass(frozen=True)
class LearnedNameLabels:
    spans: tuple[Span, ...]
    # The spans as relabelled (those whose detectors name this step).
    changed: tuple[Span, ...] = ()
    # Empty when the classifier ran; otherwise why it did not (a file name, never transcript text).
    problem: str = ""


def learned_name_labels(
    text: str,
    merged: Sequence[Span],
    spacy: Sequence[Span],
    speaker_tags: Sequence[tuple[int, int]],
    person_names: Iterable[str],
) -> LearnedNameLabels:
    """`merged` with the names the classifier is confident about relabelled."""
    try:
        model = load_model()
    except NameModelError as exc:
        log.warning("name-label classifier skipped: %s", exc)
        return LearnedNameLabels(tuple(merged), (), f"name-label classifier skipped: {exc}")
    try:
        spans = relabel(text, merged, spacy, model, speaker_tags, person_names)
    except Exception as exc:  # noqa: BLE001 - one step's fault must not lose the other spans
        log.warning("name-label classifier failed (%s)", type(exc).__name__)
        return LearnedNameLabels(tuple(merged), (), f"name-label classifier failed ({type(exc).__name__})")
    before = set(merged)
    changed = tuple(s for s in spans if s not in before)
    for span in changed:
        log.debug("name-label classifier: span %d-%d relabelled %s", span.start, span.end, span.label)
    return LearnedNameLabels(tuple(spans), changed)
