"""What the plain-text importer makes of transcripts in layouts nobody here wrote:
per file the number of utterances, distinct speakers and sections, and how many
non-blank lines land in no section.

    .venv/bin/python -m benchmarks.import_structure tests/fixtures/handwritten [more folders or files]

A folder is read for `*.marked.txt` (hand-annotated transcripts, markup removed
with `tests.fixtures.handwritten_gold.parse_markup`) and `*.txt` files.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

from reviewer_app.importers.text import read_text
from tests.fixtures.handwritten_gold import parse_markup


def transcripts(paths: list[Path]) -> list[tuple[str, str]]:
    found = []
    for path in paths:
        files = sorted(path.glob("*.txt")) if path.is_dir() else [path]
        for file in files:
            text = file.read_text(encoding="utf-8")
            if file.name.endswith(".marked.txt"):
                text = parse_markup(text, str(file))[0]
            found.append((file.name.removesuffix(".txt").removesuffix(".marked"), text))
    return found


def lines_outside_sections(text: str, sections) -> int:
    outside, offset = 0, 0
    for line in text.split("\n"):
        inside = any(s.start <= offset and offset + len(line) <= s.end for s in sections)
        outside += bool(line.strip()) and not inside
        offset += len(line) + 1
    return outside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    args = parser.parse_args()
    print(f"{'file':<32} {'utt':>4} {'spk':>4} {'out':>4} {'ms':>6}  sections / metadata")
    for name, text in transcripts(args.paths):
        data = text.encode("utf-8")
        started = time.perf_counter()
        document = read_text(Path(f"{name}.txt"), data, hashlib.sha256(data).hexdigest())
        elapsed = (time.perf_counter() - started) * 1000
        speakers = {u.speaker for u in document.utterances if u.speaker}
        sections = " ".join(s.name for s in document.sections)
        meta = document.metadata
        filled = [f"{k}={v!r}" for k, v in vars(meta).items() if v and k != "participants"]
        if meta.participants:
            filled.append(f"participants={len(meta.participants)}")
        outside = lines_outside_sections(document.text, document.sections)
        print(
            f"{name:<32} {len(document.utterances):>4} {len(speakers):>4} {outside:>4} {elapsed:6.1f}  "
            f"{sections} | {', '.join(filled)}"
        )


if __name__ == "__main__":
    main()
