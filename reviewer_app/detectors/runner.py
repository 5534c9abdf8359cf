"""Running the enabled detectors over a document.

`run_detection` is a plain function: a Qt worker runs it off the window's
thread, the CLI runs it directly. Long documents are processed in chunks cut
at line ends (spaCy parses a few at a time ahead of the detectors), and chunk
offsets are mapped back to the document. Between chunks it reports progress
(each detector's chunks done of all, so the window can say how long is left)
and checks for cancellation, so a cancel takes effect within about a second.
A detector that is unavailable or raises is reported in the result; the others
still run.
"""

from __future__ import annotations

import bisect
import contextlib
import logging
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from reviewer_app.core.caption_layout import caption_layout_blanked, without_cue_layout_spans
from reviewer_app.core.document import Document
from reviewer_app.core.line_numbers import without_line_numbers
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.ocr_zeros import zeros_read_as_o
from reviewer_app.core.progress import Cancelled, Progress
from reviewer_app.core.spans import Span
from reviewer_app.core.truecasing import (
    case_model,
    cased_view,
    caseless_turns,
    reads_without_case,
    speech_ranges,
)
from reviewer_app.detectors import registry
from reviewer_app.detectors.base import (
    Detector,
    DetectorStatus,
    DetectorUnavailable,
    SharedAnalysis,
    TextChunk,
)
from reviewer_app.detectors.learned_name_labels import DETECTOR as NAME_LABELS
from reviewer_app.detectors.learned_name_labels import learned_name_labels
from reviewer_app.detectors.learned_numbers import DETECTOR as LEARNED_NUMBERS
from reviewer_app.detectors.learned_numbers import learned_number_spans
from reviewer_app.detectors.nlp import load_pipeline, parse_ahead
from reviewer_app.detectors.profiles import profile_table, resolve_profile
from reviewer_app.detectors.read_out_words import read_out_words
from reviewer_app.detectors.recording_stamps import without_recording_stamps
from reviewer_app.detectors.wall_clock_stamps import with_wall_clock_times
from reviewer_app.settings import Settings

log = logging.getLogger(__name__)

# About 1,000 words: spaCy and Presidio together take about half a second on it
# here, so a cancel waits at most that long.
CHUNK_CHARS = 6_000
# Chunks spaCy parses in one batch ahead of the detectors: a batch costs less per word
# (about 7% less for four chunks than for one at a time) and four still take under a
# second, the longest a cancel waits.
PARSE_AHEAD = 4
MERGE_STAGE = "merge"
CASING_STAGE = "truecasing"
LOADING_NOTE = "loading the model"
CHUNK_UNIT = "chunks"
# What NER reads a numbered page's line number as: a sum, a date, a time, an age.
_LINE_NUMBER_LABELS = frozenset({"AMOUNT", "DATE", "TIME", "AGE"})
_OFFLINE_ENV = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}


@dataclass(frozen=True)
class DetectorRun:
    """How one detector fared on one document."""

    name: str
    status: DetectorStatus
    seconds: float = 0.0
    span_count: int = 0
    # Empty when it ran to the end; otherwise what went wrong (no transcript text).
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status.ready and not self.error


@dataclass(frozen=True)
class DetectionResult:
    document_id: str
    # Merged spans: sorted, no two sharing a character.
    spans: tuple[Span, ...]
    # Each detector's own spans in document offsets, before merging (colours by detector).
    raw: dict[str, tuple[Span, ...]] = field(default_factory=dict)
    runs: tuple[DetectorRun, ...] = ()
    seconds: float = 0.0
    # The detection profile the rules came from ("hearing" or "general").
    profile: str = "hearing"
    # How the text was read when not as it is ("caseless text: detected on a truecased view").
    notes: tuple[str, ...] = ()

    def run(self, name: str) -> DetectorRun | None:
        return next((r for r in self.runs if r.name == name), None)


def chunk_text(text: str, max_chars: int = CHUNK_CHARS) -> list[tuple[int, str]]:
    """`(offset, piece)` pieces of `text` that end at line ends and are at most
    `max_chars` long unless one line alone is longer."""
    chunks: list[tuple[int, str]] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + max_chars)
        if end < len(text):
            cut = text.rfind("\n", start, end)
            if cut <= start:
                cut = text.find("\n", end)
                cut = len(text) - 1 if cut < 0 else cut
            end = cut + 1
        chunks.append((start, text[start:end]))
        start = end
    return chunks


@contextlib.contextmanager
def _offline() -> Iterator[None]:
    """Hub libraries offline while detecting, whatever the caller had set."""
    saved = {k: os.environ.get(k) for k in _OFFLINE_ENV}
    os.environ.update(_OFFLINE_ENV)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@dataclass
class _Tracked:
    detector: Detector
    status: DetectorStatus
    seconds: float = 0.0
    spans: list[Span] = field(default_factory=list)
    error: str = ""

    @property
    def active(self) -> bool:
        return self.status.ready and not self.error


def _prepare(names: Sequence[str], settings: Settings) -> tuple[list[_Tracked], list[DetectorRun]]:
    tracked, skipped = [], []
    for name in names:
        try:
            detector = registry.shared_instance(name, settings)
            status = detector.status()
        except (DetectorUnavailable, registry.UnknownDetector) as exc:
            skipped.append(DetectorRun(name, DetectorStatus(False, str(exc))))
            continue
        except Exception as exc:  # noqa: BLE001 - a broken plug-in must not stop the others
            message = f"status check failed: {type(exc).__name__}"
            skipped.append(DetectorRun(name, DetectorStatus(False, message)))
            continue
        if not status.ready:
            skipped.append(DetectorRun(name, status))
            continue
        tracked.append(_Tracked(detector, status))
    return tracked, skipped


def _guarded(entry: _Tracked, action: str, call: Callable[..., Any], *args: Any) -> Any:
    """`call(*args)`, timed; a failure marks the detector failed instead of propagating."""
    started = time.perf_counter()
    try:
        return call(*args)
    except Cancelled:
        raise
    except DetectorUnavailable as exc:
        entry.error = str(exc)
    except Exception as exc:  # noqa: BLE001 - reported in the result; the other detectors go on
        # Only the exception's type: its message may quote the transcript.
        entry.error = f"{action} failed: {type(exc).__name__}"
    finally:
        entry.seconds += time.perf_counter() - started
    return None


def _without_file_extensions(spans: list[Span], text: str) -> list[Span]:
    """Drops the spans that are only a file's extension after its name's dot ("docx" of "exhibit
    448-2091.docx", read_out.toml file_extensions): NER reads one as an organisation; the name's
    code before the dot is read_out's."""
    extensions = frozenset(read_out_words().file_extensions)

    def is_extension(span: Span) -> bool:
        named = span.start >= 2 and text[span.start - 1] == "." and text[span.start - 2].isalnum()
        return named and text[span.start : span.end].lower() in extensions

    return [s for s in spans if not is_extension(s)]


def _spacy_readers(finders: Sequence[_Tracked]) -> dict[str, _Tracked]:
    """Each spaCy pipeline whose Docs the active detectors read, with the first detector
    that reads it (the one that parses ahead)."""
    readers: dict[str, _Tracked] = {}
    for entry in finders:
        model = _guarded(entry, "loading", entry.detector.spacy_pipeline) if entry.active else None
        if model:
            readers.setdefault(model, entry)
    return readers


@dataclass
class _Reading:
    """The finders' pass over the chunks of each text detection reads (the text, or its view
    and the text as written), with one progress count over all of them."""

    document: Document
    profile: str
    finders: list[_Tracked]
    progress: Progress
    chunked: list[list[tuple[int, str]]]
    done: int = 0

    def found(self, source: int) -> list[tuple[_Tracked, Span]]:
        """What each active finder found in the chunks of text `source`, in the text's offsets."""
        total = sum(map(len, self.chunked))
        if self.done == 0:
            for entry in self.finders:
                if entry.active:
                    self.progress.report(entry.detector.name, 0.0, done=0, total=total, unit=CHUNK_UNIT)
        readers = _spacy_readers(self.finders)
        chunks = self.chunked[source]
        out = []
        for first in range(0, len(chunks), PARSE_AHEAD):
            batch = chunks[first : first + PARSE_AHEAD]
            analyses = [SharedAnalysis() for _ in batch]
            self.progress.check()
            for model, entry in readers.items():
                if entry.active:  # charged to it: it would have parsed the chunks first
                    _guarded(entry, "detection", parse_ahead, analyses, model, [piece for _, piece in batch])
            for (offset, piece), shared in zip(batch, analyses, strict=True):
                self.done += 1
                chunk = TextChunk(self.document, piece, offset, self.profile)
                for entry in self.finders:
                    self.progress.check()
                    if not entry.active:
                        continue
                    found = _guarded(entry, "detection", entry.detector.detect, chunk, shared)
                    out.extend((entry, s.shifted(offset)) for s in found or ())
                    self.progress.report(
                        entry.detector.name, self.done / total, done=self.done, total=total, unit=CHUNK_UNIT
                    )
        return out


T = TypeVar("T")
# The labels NER gives by how words are written: read on the view where it changed the words.
_VIEW_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "NRP"})
_PLACES_AND_BODIES = frozenset({"LOCATION", "ORGANIZATION"})
_YEAR = re.compile(r"(?:19|20)\d\d")
# A word or a number of a span, letters and digits apart: "4", "KXR", "221".
_TOKEN = re.compile(r"[^\W\d_]+|\d+")


def kept_as_written(
    found: Sequence[tuple[T, Span]], text: str, view: str, on_view: Sequence[Span] = ()
) -> list[tuple[T, Span]]:
    """Of what was found on the text as written beside its truecased view, what the view may
    have lost:
    - a number's, a code's or a date's span ("CDCR AK 6093" is "Cdcr Ak 6093" on the view),
      without the words at its edges that the view made ordinary words in lower case ("WAS 4
      KXR 221" is the plate "4 KXR 221", "IS AT 5521893" the number); a year alone left so
      ("IN 1979" of a text in capitals) is no code;
    - any span over words the view left as they were (a speaker's tag over turns in lower case);
    - an organisation or a place of several words where nothing was found on the view
      (`on_view`): "THE CENTER FOR FAMILY SERVICES" read in capitals; one word NER calls a body
      in capitals is most often none ("TIME"), and a name the view capitalises NER finds there.
      A person NER read in capitals where the view changed the words is left to the view
      ("APPROXIMATELY" of a text in capitals is no one)."""
    starts = sorted(s.start for s in on_view)
    ends = sorted(s.end for s in on_view)

    def overlaps_view(span: Span) -> bool:
        # Some span on the view starts before this one ends and ends after it starts.
        return bisect.bisect_left(starts, span.end) > bisect.bisect_right(ends, span.start)

    kept = []
    for owner, span in found:
        if span.label in _VIEW_LABELS:
            same = text[span.start : span.end] == view[span.start : span.end]
            named = span.label in _PLACES_AND_BODIES and len(text[span.start : span.end].split()) > 1
            if same or (named and not overlaps_view(span)):
                kept.append((owner, span))
            continue
        words = [
            w
            for w in _TOKEN.finditer(text, span.start, span.end)
            if not (view[w.start() : w.end()].islower() and not w.group().islower())
        ]
        if not words:
            continue
        start, end = words[0].start(), words[-1].end()
        if (start, end) != (span.start, span.end):
            if _YEAR.fullmatch(text[start:end]) and any(c.isalpha() for c in text[span.start : span.end]):
                continue
            span = span.with_(start=start, end=end)
        kept.append((owner, span))
    return kept


def _written_in(settings: Settings) -> Callable[[str], bool] | None:
    """Whether the spaCy pipeline's word vectors hold a word in exactly that case (for the
    truecased view); None when the pipeline is missing or has no vectors (en_core_web_sm)."""
    try:
        vocab = load_pipeline(settings.spacy_model).vocab
    except DetectorUnavailable:
        return None
    if not len(vocab.vectors):
        return None
    return vocab.has_vector


def _casing_counts() -> dict[str, int] | None:
    """The casing model's word counts (loaded already: the view was read with it)."""
    model = case_model()
    return getattr(model, "uni_dist", None) if model else None


def run_detection(
    document: Document,
    detector_names: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    *,
    chunk_chars: int = CHUNK_CHARS,
    profile: str | None = None,
) -> DetectionResult:
    """Run the named detectors over `document` and merge their spans, with the
    rules of `profile` ("hearing", "general" or "auto"; default: the settings').

    Raises `Cancelled` if `progress` is cancelled, `UnknownProfile` for a profile
    name that does not exist; nothing else escapes from a detector."""
    progress = progress or Progress()
    started = time.perf_counter()
    profile = resolve_profile(document, profile or settings.detection_profile)
    tracked, skipped = _prepare(detector_names, settings)
    finders = [t for t in tracked if t.detector.stage == "find"]
    refiners = [t for t in tracked if t.detector.stage == "refine"]
    with _offline():
        for entry in tracked:
            progress.check()
            # Loading takes seconds (a model from disk): said as such, not as "0%".
            progress.report(entry.detector.name, 0.0, note=LOADING_NOTE)
            _guarded(entry, "loading", entry.detector.load)
        # Speech-recognition output in lower case, or a transcript typed in capitals, is read
        # with its case restored (the view has the text's length, so spans found on it hold
        # for the text); a text in capitals, or one whose turns only are in lower case, also as
        # written (`kept_as_written`). The merge reads the text itself: its rules for names in
        # lower case must see it caseless.
        # A captions file's signature and voice tags are read as spaces (its cue timings are
        # read, and what is found on them dropped after the merge).
        # A word whose O the scan read as a zero ("DELGAD0") is read with its letter, by the
        # finders and the merge alike (the same length: offsets hold for the text as written).
        written = zeros_read_as_o(document.text)
        view = None
        read = caption_layout_blanked(written)
        tags = document.speaker_tags()
        whole = bool(finders) and reads_without_case(read, tags)
        # Or only its turns are said in lower case, under a cased header and cased names.
        lower_case_turns = caseless_turns(document) if finders and not whole else []
        if whole or lower_case_turns:
            progress.check()
            progress.report(CASING_STAGE, 0.0, note=LOADING_NOTE)  # the first time: tens of seconds
            view = cased_view(
                read,
                speech_ranges(document),
                written=_written_in(settings),
                speaker_tags=tags,
                lower_case_turns=lower_case_turns,
            )
            progress.report(CASING_STAGE, 1.0)
        sources = [view.text if view else read]
        if view is not None and view.changed and view.with_text:
            sources.append(read)
        chunked = [chunk_text(source, chunk_chars) for source in sources]
        reading = _Reading(document, profile, finders, progress, chunked)
        on_view = reading.found(0)
        for entry, span in on_view:
            entry.spans.append(span)
        if len(sources) > 1:
            for entry, span in kept_as_written(reading.found(1), read, sources[0], [s for _, s in on_view]):
                entry.spans.append(span)
        progress.check()
        progress.report(MERGE_STAGE, 0.0)
        raw_spans = [s for entry in finders if entry.active for s in entry.spans]
        rules = profile_table().get(profile).for_document(document)
        merged = merge_spans(
            raw_spans,
            written,
            person_names=document.metadata.names(),
            speaker_tags=tags,
            casing_counts=_casing_counts() if view and view.changed else None,
            **rules.merge_options(),
        )
        merged = without_cue_layout_spans(without_recording_stamps(merged, document), document.text)
        merged = with_wall_clock_times(merged, document.text)  # a recorder's or a CAD log's clock
        merged = _without_file_extensions(merged, document.text)
        merged = without_line_numbers(merged, document.text, _LINE_NUMBER_LABELS)
        learned = None
        if finders and rules.learned_numbers and settings.learned_numbers:
            learned = learned_number_spans(document.text, merged)
            merged = sorted([*merged, *learned.spans])
        named = None
        if finders and rules.name_labels and settings.name_labels:
            # spaCy's own labels are one of the classifier's features (how it reads the names).
            spacy = [s for e in finders if e.active and e.detector.name == "spacy" for s in e.spans]
            named = learned_name_labels(document.text, merged, spacy, tags, document.metadata.names())
            merged = sorted(named.spans)
        progress.report(MERGE_STAGE, 1.0)
        for entry in refiners:
            progress.check()
            if not entry.active:
                continue
            before = set(merged)
            refined = _guarded(entry, "refinement", entry.detector.refine, document, merged, progress)
            if refined is not None:
                merged = sorted(refined)
                entry.spans = [s for s in merged if s not in before]
            progress.report(entry.detector.name, 1.0)
    runs = [
        DetectorRun(e.detector.name, e.status, e.seconds, len(e.spans) if e.active else 0, e.error)
        for e in tracked
    ]
    raw = {e.detector.name: tuple(sorted(e.spans)) for e in tracked if e.active}
    if learned is not None and learned.spans:
        raw[LEARNED_NUMBERS] = learned.spans
    if named is not None and named.changed:
        raw[NAME_LABELS] = named.changed
    for entry in tracked:
        if entry.error:
            log.warning("detector %s failed on %s: %s", entry.detector.name, document.id, entry.error)
    notes = (view.note,) if view and view.note else ()
    if learned is not None and learned.problem:
        notes += (learned.problem,)
    if named is not None and named.problem:
        notes += (named.problem,)
    for note in notes:
        log.info("%s: %s", document.id, note)
    return DetectionResult(
        document_id=document.id,
        spans=tuple(merged),
        raw=raw,
        runs=(*runs, *skipped),
        seconds=time.perf_counter() - started,
        profile=profile,
        notes=notes,
    )
