"""`reviewer-app`: the command line. Each command group lives in its own module.

Modules are imported only for the command that runs, so `reviewer-app import`
does not pay for loading torch or Qt.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

from reviewer_app import __version__
from reviewer_app.cli.exit_codes import Exit

APP_LOGGER = "reviewer_app"

# command name -> module that defines `add_parser(subparsers)`; the parser it
# adds sets `func` to the function that runs the command and returns an exit code.
COMMAND_MODULES: dict[str, str] = {
    "detect": "reviewer_app.cli.detect_cmd",
    "project": "reviewer_app.cli.project_cmd",
    "whitelist": "reviewer_app.cli.whitelist_cmd",
    "open": "reviewer_app.cli.open_cmd",
    "selfcheck": "reviewer_app.cli.selfcheck_cmd",
    "evaluate": "reviewer_app.cli.evaluate_cmd",
    "models": "reviewer_app.cli.models_cmd",
    "import": "reviewer_app.cli.import_cmd",
    "export": "reviewer_app.cli.export_cmd",
    "train": "reviewer_app.cli.train_cmd",
    "train-numbers": "reviewer_app.cli.train_numbers_cmd",
    "train-name-labels": "reviewer_app.cli.train_name_labels_cmd",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reviewer-app",
        description="Review and pseudonymize transcripts. Without a command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"reviewer-app {__version__}")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="log debug messages (ids and labels only)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMAND_MODULES.values():
        importlib.import_module(module_name).add_parser(sub)
    return parser


class _OwnDebugOnly(logging.Filter):
    """Below WARNING, only the application's own records pass: libraries'
    debug and info logs quote the text they work on (Presidio prints the
    context words around each match), and ours carry span ids and labels only."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.WARNING or record.name.split(".")[0] == APP_LOGGER


def configure_logging(verbose: bool) -> None:
    """Warnings and errors on stderr; with `verbose`, the application's debug
    messages too, never a library's."""
    root = logging.getLogger()
    root.setLevel(logging.WARNING)
    if not root.handlers:  # a host (a test runner) keeps its own
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.addFilter(_OwnDebugOnly())
        root.addHandler(handler)
    logging.getLogger(APP_LOGGER).setLevel(logging.DEBUG if verbose else logging.NOTSET)


def quiet_library_progress(verbose: bool) -> None:
    """Without `verbose`, no progress bars of the model libraries on stderr: transformers
    draws "Loading weights 0%|…" each time a model loads, on every command that detects.
    Set in the environment, so the detector processes started from here inherit it; a
    value the user set is kept."""
    if not verbose:
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    configure_logging(args.verbose)
    quiet_library_progress(args.verbose)
    if args.command is None:
        args = parser.parse_args(["open", *argv])
    try:
        return int(args.func(args) or 0)
    except OSError as exc:
        # A file or folder the command could not read or write, found late (disk
        # full, a path that became a file): its name and the reason, no traceback.
        where = f"{exc.filename}: " if exc.filename else ""
        print(
            f"reviewer-app {args.command}: {where}{exc.strerror or type(exc).__name__}",
            file=sys.stderr,
        )
        return Exit.FAILED
