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

from reviewer_app.cli.exit_codes import Exit


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "selfcheck",
        help="open the sample in the window, run detection and print timings (JSON)",
        description=__doc__.split("\n\n", 1)[1],
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
    started = time.perf_counter()
    before_main = seconds_since_process_start()

    from reviewer_app.ui.selfcheck import time_window_on_sample

    offset = (before_main or 0.0) + time.perf_counter() - started
    figures = {"clock": "since process start" if before_main is not None else "since main"}
    figures.update(time_window_on_sample(args.timeout, offset))
    print(json.dumps(figures, indent=2))
    scratch.cleanup()
    return Exit.OK if figures["ok"] else Exit.FAILED
