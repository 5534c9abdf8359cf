"""Ablation by running detection again (the paper's Tables 7 and 8).

Leaving out the cover-page deny-list cannot be read from a prediction file:
the deny-list runs inside the presidio detector and its spans carry presidio's
name. So the documents are rebuilt from the gold texts as the importer would
build them (cover page parsed into `HearingMetadata`), the metadata is emptied,
and detection runs again. A detector is left out the same way when the merged
spans' provenance is not enough (`metrics.without_detector` approximates it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from reviewer_app.core.document import Document, HearingMetadata
from reviewer_app.core.interchange import Record
from reviewer_app.core.progress import Progress
from reviewer_app.evaluation.metrics import DocumentPair, without_detector
from reviewer_app.settings import Settings

DENY_LIST = "deny_list"
# The progress stage whose fraction is the share of documents done.
ABLATION_STAGE = "ablation"


def document_from_record(record: Record) -> Document:
    """The document the text importer makes of the record's text (cover page
    included), with the record's id: `importers.text.document_from_text`."""
    from reviewer_app.importers.text import document_from_text

    return document_from_text(record.id, record.text)


def detection_names(pairs: Sequence[DocumentPair], settings: Settings) -> list[str]:
    """The registered detectors the prediction names, in registry order, or
    the settings' detectors when it names none."""
    from reviewer_app.detectors.registry import DETECTORS

    named = {d for p in pairs for s in p.predicted for d in s.detectors}
    found = [name for name in DETECTORS if name in named]
    return found or list(settings.detectors)


@dataclass(frozen=True)
class Redetection:
    """A fresh detection run over gold texts."""

    merged: list[DocumentPair]
    # Each find-stage detector's own spans, cleaned up by the same merging rules
    # but without propagation (the paper's "run by each tool separately", Table 5).
    alone: dict[str, list[DocumentPair]]


def redetect_all(
    gold: Sequence[Record],
    detectors: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    *,
    cover_page: bool = True,
) -> Redetection:
    """Gold paired with a fresh detection run of `detectors` over each gold text;
    without the cover page's names and places when `cover_page` is False."""
    from reviewer_app.core.merge import merge_spans
    from reviewer_app.detectors.profiles import profile_table, resolve_profile
    from reviewer_app.detectors.registry import detector_class
    from reviewer_app.detectors.runner import run_detection

    # A refine-stage detector's raw spans are only those it relabelled: not a run of its own.
    finders = {name for name in detectors if detector_class(name).stage == "find"}

    progress = progress or Progress()
    merged: list[DocumentPair] = []
    alone: dict[str, list[DocumentPair]] = {}
    for i, record in enumerate(gold):
        progress.report(ABLATION_STAGE, i / max(1, len(gold)))
        document = document_from_record(record)
        # The profile is the document's own, with or without its cover page.
        profile = resolve_profile(document, settings.detection_profile)
        if not cover_page:
            document = dataclasses.replace(document, metadata=HearingMetadata())
        result = run_detection(document, detectors, settings, progress, profile=profile)
        merged.append(DocumentPair(record.id, record.text, record.plain_spans, result.spans))
        for run in result.runs:
            if run.ok and run.name in finders and run.name in result.raw:
                own = tuple(
                    merge_spans(
                        result.raw[run.name],
                        record.text,
                        with_propagation=False,
                        person_names=document.metadata.names(),
                        speaker_tags=document.speaker_tags(),
                        **profile_table().get(profile).for_document(document).merge_options(),
                    )
                )
                alone.setdefault(run.name, []).append(
                    DocumentPair(record.id, record.text, record.plain_spans, own)
                )
    progress.report(ABLATION_STAGE, 1.0)
    # A detector that failed on some document is left out rather than scored on part of the corpus.
    complete = {name: pairs for name, pairs in alone.items() if len(pairs) == len(gold)}
    return Redetection(merged, complete)


def redetect(
    gold: Sequence[Record],
    detectors: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    *,
    cover_page: bool = True,
) -> list[DocumentPair]:
    return redetect_all(gold, detectors, settings, progress, cover_page=cover_page).merged


@dataclass(frozen=True)
class AblationRun:
    """The standard prediction and the prediction without one component, over the same gold."""

    component: str
    standard: Sequence[DocumentPair]
    without: Sequence[DocumentPair]
    # How `without` was made: "provenance" (spans the component alone found dropped)
    # or "redetection" (detection run again, the standard too, with the same code).
    method: str


def ablate_by_provenance(component: str, pairs: Sequence[DocumentPair]) -> AblationRun:
    return AblationRun(component, pairs, without_detector(pairs, component), "provenance")


def ablate(
    component: str,
    gold: Sequence[Record],
    pairs: Sequence[DocumentPair],
    settings: Settings,
    progress: Progress | None = None,
    *,
    standard: Sequence[DocumentPair] | None = None,
) -> AblationRun:
    """Detection run again without `component` (a detector's name or "deny_list").

    The standard run is made again too (or taken from `standard`, an earlier
    `redetect` of the same detectors), so that both sides come from the same
    code and settings whatever produced the prediction file.
    """
    names = detection_names(pairs, settings)
    if component != DENY_LIST and component not in names:
        raise ValueError(f"{component!r} is not among the detectors run: {', '.join(names)}")
    if standard is None:
        standard = redetect(gold, names, settings, progress)
    if component == DENY_LIST:
        without = redetect(gold, names, settings, progress, cover_page=False)
    else:
        without = redetect(gold, [n for n in names if n != component], settings, progress)
    return AblationRun(component, standard, without, "redetection")
