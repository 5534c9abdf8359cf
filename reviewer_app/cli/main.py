"""`reviewer-app`: the command line. Each command group lives in its own module.

Modules are imported only for the command that runs, so `reviewer-app import`
does not pay for loading torch or Qt.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from reviewer_app import __version__

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


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if args.command is None:
        args = parser.parse_args(["open", *argv])
    return int(args.func(args) or 0)
