"""UI benchmarks (offscreen): first paint, accept-and-next, UI stalls during detection.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m benchmarks.ui [--words 15000] [--spans 2000] [--astral]

Targets (issue 6): first paint of a 15,000-word transcript with 2,000 spans
< 1 s; accept-and-move-to-next p95 < 50 ms; longest UI-thread stall during
detection < 100 ms. Prints one line per figure and exits non-zero on a miss.

With --astral every full stop of the transcript is an emoji (two Qt positions,
one character: the offsets stay the same), so every conversion between Qt
positions and document offsets has work to do; the conversion itself is timed too.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def build_project(path: Path, words: int, span_count: int, seed: int = 11, astral: bool = False):
    """A project with one generated transcript and `span_count` pending spans:
    the gold spans plus extra one-word spans (several detectors each) up to the count."""
    import dataclasses

    from reviewer_app.core.spans import Span
    from reviewer_app.importers import import_file
    from reviewer_app.settings import Settings
    from reviewer_app.store.project import Project
    from tests.fixtures.generator import generate_transcript

    transcript = generate_transcript(seed, target_words=words)
    files = transcript.write(path.parent / "generated")
    document = import_file(files["txt"], Settings())
    if astral:
        document = dataclasses.replace(document, text=document.text.replace(".", "😀"))
    project = Project.create(path)
    doc_id = project.add_document(document)
    spans = {(s.start, s.end): s for s in transcript.gold_spans}
    taken = [False] * (len(document.text) + 1)
    for s in spans.values():
        for i in range(s.start, s.end):
            taken[i] = True
    rng = random.Random(seed)
    words_found = [
        m for m in re.finditer(r"[A-Za-z]{4,}", document.text) if not any(taken[m.start() : m.end()])
    ]
    rng.shuffle(words_found)
    detectors = (("spacy",), ("presidio",), ("spacy", "presidio"), ("stanza", "spacy"))
    for m in words_found[: max(0, span_count - len(spans))]:
        spans[(m.start(), m.end())] = Span(m.start(), m.end(), "PERSON", rng.choice(detectors), 0.7)
    chosen = sorted(spans.values())[:span_count]
    project.record_detection(doc_id, chosen, ["presidio", "spacy"])
    project.close()
    return doc_id, document.word_count, len(chosen), document.text


def position_conversion(text: str, calls: int = 100_000) -> tuple[float, float]:
    """Seconds to build the table for `text`, and per conversion (both ways)."""
    from reviewer_app.ui.text_positions import TextPositions

    started = time.perf_counter()
    positions = TextPositions(text)
    built = time.perf_counter() - started
    rng = random.Random(5)
    offsets = [rng.randrange(len(text) + 1) for _ in range(calls)]
    started = time.perf_counter()
    for offset in offsets:
        positions.to_document(positions.to_qt(offset))
    return built, (time.perf_counter() - started) / (2 * calls)


def dispose(window) -> None:
    """Close and delete the window now, not at interpreter exit (PySide's
    teardown order at exit is not to be relied on)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


class PaintWatch:
    def __init__(self, widget):
        from PySide6.QtCore import QEvent, QObject

        class Filter(QObject):
            def eventFilter(inner, obj, event):
                if event.type() == QEvent.Type.Paint and self.painted_at is None:
                    self.painted_at = time.perf_counter()
                return False

        self.painted_at: float | None = None
        self.filter = Filter()
        widget.installEventFilter(self.filter)


def first_paint(project_path: Path) -> float:
    from PySide6.QtWidgets import QApplication

    from reviewer_app.settings import Settings
    from reviewer_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    started = time.perf_counter()
    window = MainWindow(Settings(reviewer="bench"))
    watch = PaintWatch(window.transcript.viewport())
    window.open_path(project_path)
    window.show()
    while watch.painted_at is None and time.perf_counter() - started < 30:
        app.processEvents()
    elapsed = (watch.painted_at or time.perf_counter()) - started
    dispose(window)
    return elapsed


def accept_and_next(project_path: Path, repeats: int) -> list[float]:
    from PySide6.QtWidgets import QApplication

    from reviewer_app.settings import Settings
    from reviewer_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Settings(reviewer="bench"))
    window.open_path(project_path)
    window.show()
    app.processEvents()
    window.actions.next_pending.trigger()
    app.processEvents()
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        window.actions.accept.trigger()  # the store write, the views, the move to the next span
        app.processEvents()  # and the repaint
        times.append(time.perf_counter() - started)
    dispose(window)
    return times


def detection_stall(project_path: Path, detectors: list[str]) -> tuple[float, float]:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from reviewer_app.settings import Settings
    from reviewer_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Settings(reviewer="bench"))
    window.open_path(project_path)
    window.show()
    app.processEvents()
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    done = []
    window.detection.finished.connect(done.append)
    started = time.perf_counter()
    timer.start()
    window.start_detection([window.review.document_id], detectors)
    while not done and time.perf_counter() - started < 600:
        app.processEvents()
        time.sleep(0.001)
    timer.stop()
    total = time.perf_counter() - started
    gaps = sorted(((b - a, a - started) for a, b in itertools.pairwise(ticks)), reverse=True)
    if os.environ.get("BENCH_VERBOSE"):
        print("longest gaps (ms at s):", [(round(g * 1000), round(t, 2)) for g, t in gaps[:8]])
    dispose(window)
    return (gaps[0][0] if gaps else total), total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--spans", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--detectors", default="presidio,spacy")
    parser.add_argument("--skip-detection", action="store_true")
    parser.add_argument("--astral", action="store_true", help="every full stop an emoji")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["REVIEWER_APP_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["REVIEWER_APP_CONFIG_DIR"] = str(Path(tmp) / "config")
        path = Path(tmp) / "bench.db"
        _, words, spans, text = build_project(path, args.words, args.spans, astral=args.astral)
        astral = sum(ord(c) > 0xFFFF for c in text)
        print(
            f"transcript: {words:,} words, {len(text):,} characters "
            f"({astral:,} outside the BMP), {spans:,} spans"
        )
        built, per_call = position_conversion(text)
        print(f"position table: built in {built * 1000:.1f} ms; {per_call * 1e6:.2f} µs per conversion")
        misses = 0
        paint = first_paint(path)
        print(f"first paint: {paint * 1000:.0f} ms (target < 1000 ms)")
        misses += paint >= 1.0
        times = sorted(accept_and_next(path, args.repeats))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"accept and next: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {times[-1] * 1000:.1f} ms over {len(times)} (target p95 < 50 ms)"
        )
        misses += p95 >= 0.05
        if not args.skip_detection:
            stall, total = detection_stall(path, args.detectors.split(","))
            print(
                f"detection ({args.detectors}) took {total:.1f} s; longest UI stall {stall * 1000:.0f} ms "
                "(target < 100 ms)"
            )
            misses += stall >= 0.1
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
