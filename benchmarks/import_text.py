"""How long importing a plain-text hearing takes in each encoding, and refusing
random bytes of the same size as not text.

    .venv/bin/python -m benchmarks.import_text [--words 15000] [--repeat 5]

Writes the generated transcript as UTF-8, UTF-8 with a byte-order mark, UTF-16
(with a mark), UTF-16 BE without one and cp1252, imports each `--repeat` times
and prints the best time and the encoding the importer named; then the same
transcript in a layout of its own (timestamped, indented turns, a heading among
them), which `importers/turns.py` reads.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from reviewer_app.importers import NotTextError, import_file
from tests.fixtures.generator import generate_transcript


def best_of(repeat: int, action) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - started)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    # Curly apostrophes: non-ASCII, so cp1252 is not also valid UTF-8.
    text = generate_transcript(1, args.words).canonical_text.replace("'", "\u2019")
    print(f"{args.words} words, {len(text):,} characters")
    with tempfile.TemporaryDirectory() as folder:
        for codec, data in (
            ("utf-8", text.encode("utf-8")),
            ("utf-8-sig", text.encode("utf-8-sig")),
            ("utf-16", text.encode("utf-16")),
            ("utf-16-be, no mark", text.encode("utf-16-be")),
            ("cp1252", text.encode("cp1252")),
        ):
            path = Path(folder) / "hearing.txt"
            path.write_bytes(data)
            seconds, document = best_of(args.repeat, lambda p=path: import_file(p))
            print(f"{codec:<20} {seconds * 1000:7.1f} ms  read as {document.encoding}")
        path = Path(folder) / "binary.txt"
        path.write_bytes(random.Random(1).randbytes(len(text.encode("utf-8"))))

        def refuse(p=path):
            try:
                import_file(p)
            except NotTextError:
                return "refused"
            return "accepted"

        seconds, outcome = best_of(args.repeat, refuse)
        print(f"{'random bytes':<20} {seconds * 1000:7.1f} ms  {outcome}")
        # The same transcript in a layout of its own (a heading among the turns, each turn
        # indented and timestamped): read by `importers/turns.py`, not as canonical text.
        cover, body = text.split("\n\n", 1)
        turns = body.split("\n")
        half = len(turns) // 2
        free = "\n".join(
            [cover, "", *(f"  [10:{n % 60:02d}:00] {t}" for n, t in enumerate(turns[:half])), "   DECISION"]
            + [f"  [11:{n % 60:02d}:00] {t}" for n, t in enumerate(turns[half:])]
        )
        path = Path(folder) / "free.txt"
        path.write_text(free, encoding="utf-8")
        seconds, document = best_of(args.repeat, lambda p=path: import_file(p))
        print(f"{'own layout':<20} {seconds * 1000:7.1f} ms  {len(document.utterances)} utterances")


if __name__ == "__main__":
    main()
