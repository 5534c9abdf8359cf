"""How long importing a full-size hearing PDF takes (target: under 15 s for 65 pages).

    .venv/bin/python -m benchmarks.import_pdf [--seed 65] [--pages 65] [--words 15000] [--repeat 3]

Generates a transcript of `--pages` pages and one of `--words` words of dialogue,
writes their PDFs, imports each `--repeat` times and prints the best and the
median time, pages per second, and whether the text came back exactly. Exits
with 1 if the best time for the `--pages` transcript misses the target.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from reviewer_app.importers import import_file
from tests.fixtures.generator import generate_pages, generate_transcript

TARGET_SECONDS = 15.0


def time_import(transcript, directory: Path, repeat: int) -> float:
    pdf = transcript.write(directory)["pdf"]
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        document = import_file(pdf)
        times.append(time.perf_counter() - started)
    best = min(times)
    print(
        f"{transcript.page_count:4d} pages  {document.word_count:6d} words  "
        f"best {best:6.2f} s  median {statistics.median(times):6.2f} s  "
        f"{transcript.page_count / best:5.1f} pages/s  exact={document.text == transcript.canonical_text}  "
        f"layout={transcript.layout}"
    )
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.import_pdf", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--seed", type=int, default=65)
    parser.add_argument("--pages", type=int, default=65)
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        best = time_import(generate_pages(args.seed, args.pages), Path(tmp), args.repeat)
        time_import(generate_transcript(args.seed + 1, args.words), Path(tmp), args.repeat)
    verdict = "met" if best < TARGET_SECONDS else "MISSED"
    print(f"target: {args.pages} pages in under {TARGET_SECONDS:g} s: {verdict}")
    return 0 if best < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
