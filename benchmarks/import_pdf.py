"""How long importing a full-size hearing PDF takes (target: under 15 s for 65 pages).

    .venv/bin/python -m benchmarks.import_pdf [--seed 65] [--words 9200 15000] [--repeat 3]

Generates one transcript per `--words` value (9,200 words of dialogue make about
65 pages with the test generator), writes its PDF, imports it `--repeat` times and
prints the best and the median time, pages per second, and whether the text came
back exactly.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from reviewer_app.importers import import_file
from tests.fixtures.generator import generate_transcript

TARGET_SECONDS = 15.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.import_pdf", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--seed", type=int, default=65)
    parser.add_argument("--words", type=int, nargs="+", default=[9200, 15000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    slow = False
    with tempfile.TemporaryDirectory() as tmp:
        for words in args.words:
            transcript = generate_transcript(args.seed, words)
            pdf = transcript.write(Path(tmp))["pdf"]
            times = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                document = import_file(pdf)
                times.append(time.perf_counter() - started)
            exact = document.text == transcript.canonical_text
            best = min(times)
            slow |= best > TARGET_SECONDS
            print(
                f"{transcript.page_count:4d} pages  {document.word_count:6d} words  "
                f"best {best:6.2f} s  median {statistics.median(times):6.2f} s  "
                f"{transcript.page_count / best:5.1f} pages/s  exact={exact}  layout={transcript.layout}"
            )
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
