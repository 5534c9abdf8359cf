"""Find in the transcript (offscreen): how long a search takes as the reviewer
types (the matching, then marking every match in the transcript), a step to the
next match, and a repaint with every match marked, on a long transcript.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m benchmarks.find [--words 15000] [--spans 2000]

Target: a search, a step and a repaint each well under 100 ms, so typing in
the find field never stalls. Prints one line per figure; exits non-zero on a miss.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_S = 0.1
# (query, regex, whole word): a name, a common word, one letter (the worst case
# while typing), and a regular expression for numbers.
QUERIES = (("Richardson", False, True), ("the", False, True), ("e", False, False), (r"\d+", True, True))


def timed(work, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--spans", type=int, default=2000)
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from benchmarks.ui import build_project
    from reviewer_app.core.find import find_all
    from reviewer_app.settings import Settings
    from reviewer_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    missed = False
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.db"
        build_project(path, args.words, args.spans)  # closes the project
        window = MainWindow(Settings(reviewer="bench"))
        window.resize(1400, 900)
        window.show()
        window.open_path(path)
        app.processEvents()
        text = window.review.document.text
        bar = window.find_bar
        print(f"transcript: {len(text):,} characters, {len(window.review.rows):,} spans")
        baseline = timed(lambda: window.transcript.viewport().repaint())
        print(f"repaint without find: {baseline * 1000:.1f} ms")
        bar.open_bar()
        for query, regex, whole in QUERIES:
            core = timed(lambda q=query, r=regex, w=whole: find_all(text, q, regex=r, whole_word=w))
            bar.regex_box.setChecked(regex)
            bar.word_box.setChecked(whole)

            def search(q=query) -> None:
                bar.field.setText("")
                bar.field.setText(q)

            searched = timed(search)
            step = timed(lambda: bar.step(True), repeat=20)
            repaint = timed(lambda: window.transcript.viewport().repaint())
            worst = max(searched, step, repaint)
            missed |= worst > TARGET_S
            print(
                f"{query!r:14} {len(bar.matches):6,} matches: find {core * 1000:6.1f} ms, "
                f"search and mark {searched * 1000:6.1f} ms, next {step * 1000:5.1f} ms, "
                f"repaint {repaint * 1000:5.1f} ms{'  MISS' if worst > TARGET_S else ''}"
            )
        window.close()
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
