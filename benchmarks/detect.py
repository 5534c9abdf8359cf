"""How long detection takes on a 15,000-word hearing, per detector, and how it
compares with one bare spaCy pass over the same text (goal: full default
pipeline <= 1.6 x bare spaCy, on a document the zero-shot step has not seen).

    .venv/bin/python -m benchmarks.detect [--words 15000] [--seed 15] [--repeat 2] [--caseless]

Models are loaded by a warm-up run first, so the figures are detection only.
Each detector is timed alone (presidio alone pays for the spaCy parse it then
shares), then spacy + presidio together, then the default pipeline from the
settings (detectors that are not installed are reported and skipped), and
with `--model MODEL_DIR` the trained detector alone and beside the default pipeline. With
`--caseless` the transcript is in lower case, as speech recognition writes it: detection
then reads its truecased view (`core/truecasing.py`), whose model load and making are
timed apart. Peak memory is the process's maximum resident set size at the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import tempfile
import time
from pathlib import Path

from reviewer_app.core.truecasing import case_model, cased_view, speech_ranges
from reviewer_app.detectors.nlp import load_pipeline
from reviewer_app.detectors.registry import default_names, shared_instance
from reviewer_app.detectors.runner import DetectionResult, chunk_text, run_detection
from reviewer_app.detectors.zeroshot import ZeroShotDetector
from reviewer_app.importers import import_file
from reviewer_app.settings import Settings
from tests.fixtures.generator import generate_transcript


def best_of(repeat: int, work) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        value = work()
        best = min(best, time.perf_counter() - started)
    return best, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument(
        "--model", help="a model folder from `reviewer-app train`: also time default + trained"
    )
    parser.add_argument("--spacy-model", help="a spaCy pipeline (package or folder); default: the setting")
    parser.add_argument("--caseless", action="store_true", help="the transcript in lower case (ASR output)")
    args = parser.parse_args()

    settings = Settings(trained_model=args.model or "")
    if args.spacy_model:
        settings = dataclasses.replace(settings, spacy_model=args.spacy_model)
    generated = generate_transcript(args.seed, args.words)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{generated.name}.txt"
        text = generated.canonical_text.lower() if args.caseless else generated.canonical_text
        path.write_text(text, encoding="utf-8")
        document = import_file(path, settings)
    words = document.word_count
    print(f"transcript: {words} words, {len(document.text)} characters")

    nlp = load_pipeline(settings.spacy_model)
    if args.caseless:
        started = time.perf_counter()
        case_model()
        print(f"casing model load: {time.perf_counter() - started:.1f} s")
        seconds, view = best_of(
            args.repeat,
            lambda: cased_view(document.text, speech_ranges(document), speaker_tags=document.speaker_tags()),
        )
        print(f"truecased view: {seconds:.2f} s ({view.note or 'not caseless'})")
    # warm-up: loads every model once (the zero-shot step's too, and its labels' vectors)
    warm_up = dict.fromkeys(["spacy", "presidio", *settings.detectors, *(["trained"] if args.model else [])])
    run_detection(document, list(warm_up), settings)

    chunks = chunk_text(document.text)
    bare_whole, _ = best_of(args.repeat, lambda: nlp(document.text))
    bare_chunks, _ = best_of(args.repeat, lambda: [nlp(piece) for _, piece in chunks])
    print(f"bare spaCy ({settings.spacy_model}), whole text: {bare_whole:.2f} s, ", end="")
    print(f"{words / bare_whole:,.0f} words/s")
    print(f"bare spaCy in the runner's {len(chunks)} chunks: {bare_chunks:.2f} s")
    bare = min(bare_whole, bare_chunks)

    rows = []
    for label, names in (
        ("spacy", ["spacy"]),
        ("presidio", ["presidio"]),
        ("spacy + presidio", ["spacy", "presidio"]),
        ("default pipeline", list(settings.detectors)),
        ("default, answers kept", list(settings.detectors)),
        *(
            [("trained", ["trained"]), ("default + trained", list(default_names(settings)))]
            if args.model
            else []
        ),
    ):
        # The zero-shot step keeps its answers from one document to the next; a repeat of the
        # same text would find them all and time no model. The budget is for a document the
        # step has not seen; "answers kept" is a session's later documents.
        forget = label == "default pipeline" and ZeroShotDetector.name in names
        zeroshot = shared_instance(ZeroShotDetector.name, settings) if forget else None

        def detect(names: list[str] = names, zeroshot: object = zeroshot) -> DetectionResult:
            if isinstance(zeroshot, ZeroShotDetector):
                zeroshot.forget_answers()
            return run_detection(document, names, settings)

        seconds, result = best_of(args.repeat, detect)
        skipped = [r.name for r in result.runs if not r.ok]
        rows.append((label, seconds, len(result.spans), skipped))

    print(f"\n{'detectors':18} {'seconds':>8} {'words/s':>9} {'x bare':>7} {'spans':>6}  not run")
    for label, seconds, spans, skipped in rows:
        print(
            f"{label:18} {seconds:8.2f} {words / seconds:9,.0f} {seconds / bare:7.2f} {spans:6}"
            f"  {', '.join(skipped) or '-'}"
        )
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory (max RSS): {peak_mb:,.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
