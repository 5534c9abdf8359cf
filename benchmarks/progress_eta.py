"""How good the detection progress's "about N s left" is: for each chunk report
after the first, the time left it predicted against the time the chunks really
took from then on; and the longest time the progress said nothing new.

    .venv/bin/python -m benchmarks.progress_eta [--words 6000] [--seed 15] [--detectors presidio,spacy]

The first run loads the models (its "loading the model" steps are timed too);
the figures are of a second run, as in a window where the models stay loaded.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path

from reviewer_app.core.progress import Progress, ProgressWords, Step
from reviewer_app.detectors.runner import CHUNK_UNIT, chunk_text, run_detection
from reviewer_app.importers import import_file
from reviewer_app.settings import Settings
from tests.fixtures.generator import generate_transcript


def timed_steps(document, detectors: list[str]) -> list[tuple[float, Step, float | None]]:
    """(time, step, predicted seconds left) of each report of one detection."""
    words = ProgressWords()
    seen: list[tuple[float, Step, float | None]] = []

    def record(step: Step) -> None:
        seen.append((time.monotonic(), step, words.seconds_left(step)))

    run_detection(document, detectors, Settings(), Progress(on_step=record))
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--detectors", default="presidio,spacy")
    args = parser.parse_args(argv)
    detectors = [d for d in args.detectors.split(",") if d]
    files = generate_transcript(args.seed, target_words=args.words).write(Path(tempfile.mkdtemp()))
    document = import_file(files["pdf"], Settings())
    chunks = len(chunk_text(document.text))
    print(f"transcript: {document.word_count:,} words, {len(document.text):,} characters, {chunks} chunks")
    first = timed_steps(document, detectors)
    loading = [t for t, s, _ in first if s.note]
    silent = max(
        ((b[0] - a[0], a[1]) for a, b in itertools.pairwise(first)), key=lambda gap: gap[0], default=(0, None)
    )
    said = ProgressWords().describe(silent[1]) if silent[1] else ""
    print(
        f"first run (models loading): {first[-1][0] - first[0][0]:.1f} s, {len(loading)} loading steps; "
        f"longest silence {silent[0]:.1f} s after '{said}'"
    )
    steps = timed_steps(document, detectors)
    # The chunk phase ends at the last chunk report of any detector.
    counted = [(t, s, left) for t, s, left in steps if s.unit == CHUNK_UNIT]
    end = max(t for t, _, _ in counted)
    errors = []
    for t, step, left in counted:
        if left is not None and step.done < step.total:
            actual = end - t
            errors.append(left - actual)
            print(f"  {step.stage} {step.done}/{step.total}: said {left:5.1f} s left, took {actual:5.1f} s")
    if errors:
        print(
            f"time-left error over {len(errors)} reports: median {statistics.median(errors):+.2f} s, "
            f"worst {max(errors, key=abs):+.2f} s"
        )
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(steps)]
    print(
        f"longest time without a new report: {max(gaps):.2f} s (detection {steps[-1][0] - steps[0][0]:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
