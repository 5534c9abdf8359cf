"""`reviewer-app selfcheck`: start the real window on the sample, detect, and time it.

Used by `make package-check` on the built bundle, and by anyone who wants to know
whether an installation works on their machine. It opens the bundled sample in a
throw-away project (never the user's), waits for the first painted window, runs
the default detectors through the window's own detection queue, and prints the
timings as JSON. Exit code 0 when the window showed the sample and detection
finished with spans; 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

SAMPLE = ("sample", "sample_hearing.pdf")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "selfcheck", help="open the sample in the window, run detection and print timings (JSON)"
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    parser.set_defaults(func=run)


def seconds_since_process_start() -> float | None:
    """Wall time since the OS started this process (Linux), so a bundle's own
    start-up (unpacking, imports) is counted; None elsewhere."""
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of stat(5), counted after the command name
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, IndexError, ValueError):
        return None
    return uptime - start_ticks / os.sysconf("SC_CLK_TCK")


def run(args: argparse.Namespace) -> int:
    # The throw-away project goes to a temporary data folder, never the user's.
    scratch = tempfile.TemporaryDirectory(prefix="reviewer-app-selfcheck-")
    os.environ["REVIEWER_APP_DATA_DIR"] = scratch.name

    from PySide6.QtCore import QTimer

    from reviewer_app.detectors.registry import available_detectors
    from reviewer_app.paths import resource
    from reviewer_app.settings import load_settings
    from reviewer_app.ui.app import application, build_window

    started = time.perf_counter()
    before_main = seconds_since_process_start()
    offset = before_main if before_main is not None else 0.0
    figures: dict[str, object] = {"clock": "since process start" if before_main is not None else "since main"}

    def mark(name: str) -> None:
        figures[name] = round(offset + time.perf_counter() - started, 3)

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
        figures["error"] = f"no result after {args.timeout:.0f} s"
        app.quit()

    window.document_shown.connect(shown)
    window.error_shown.connect(lambda box: figures.setdefault("error", box.text()))
    QTimer.singleShot(0, lambda: window.open_path(resource(*SAMPLE)))
    QTimer.singleShot(int(args.timeout * 1000), give_up)
    app.exec()
    window.close()
    figures["ok"] = outcome["ok"]
    print(json.dumps(figures, indent=2))
    scratch.cleanup()
    return 0 if outcome["ok"] else 1
