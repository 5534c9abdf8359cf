"""The window half of `reviewer-app selfcheck`: open the sample, detect, time it.

Drives the real main window as a user would: the first painted window, the bundled
sample opened, the ready detectors run through the window's own detection queue.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer

from reviewer_app.detectors.registry import available_detectors
from reviewer_app.paths import resource
from reviewer_app.settings import load_settings
from reviewer_app.ui.app import application, build_window

SAMPLE = ("sample", "sample_hearing.pdf")


def time_window_on_sample(timeout: float, clock_offset: float) -> dict[str, object]:
    """Timings in seconds (each plus `clock_offset`, the time before this was called),
    the detectors run, the span count, any error shown, and `ok`."""
    started = time.perf_counter()
    figures: dict[str, object] = {}

    def mark(name: str) -> None:
        figures[name] = round(clock_offset + time.perf_counter() - started, 3)

    app = application()
    settings = load_settings()
    # As a user would: the ready detectors among those the settings enable.
    ready = {info.name for info in available_detectors(settings) if info.status.ready}
    detectors = [name for name in settings.detectors if name in ready]
    figures["detectors"] = detectors
    window = build_window(None, settings)
    window.show()
    app.processEvents()
    window.grab()  # forces a full paint of the window as it is now
    mark("first_paint_s")

    outcome = {"ok": False}

    def shown(document) -> None:
        window.grab()
        mark("sample_shown_s")
        figures["words"] = document.word_count
        window.detection.finished.connect(detected)
        window.start_detection(window.project.document_ids(), detectors)

    def detected(completed: bool) -> None:
        mark("detection_done_s")
        rows = window.review.rows if window.review is not None else []
        figures["spans"] = len(rows)
        outcome["ok"] = completed and len(rows) > 0
        app.quit()

    def give_up() -> None:
        figures["error"] = f"no result after {timeout:.0f} s"
        app.quit()

    window.document_shown.connect(shown)
    window.error_shown.connect(lambda box: figures.setdefault("error", box.text()))
    QTimer.singleShot(0, lambda: window.open_path(resource(*SAMPLE)))
    QTimer.singleShot(int(timeout * 1000), give_up)
    app.exec()
    window.close()
    figures["ok"] = outcome["ok"]
    return figures
