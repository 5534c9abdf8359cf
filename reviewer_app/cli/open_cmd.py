"""`reviewer-app open [FILE|PROJECT.db]`: the review window (also a bare `reviewer-app`).

Without a path, the window opens on the welcome screen. A project (.db) opens
where its reviewer left it; a transcript (PDF, TXT) is imported into a project
of its own in the data folder (or reopened there, with every decision, when it
was opened before).
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "open",
        help="open the review window, optionally on a transcript or project",
        description=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("path", nargs="?", type=Path, help="a transcript (PDF, TXT) or a project (.db)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from reviewer_app.ui.app import run as run_window

    return run_window(args.path)
