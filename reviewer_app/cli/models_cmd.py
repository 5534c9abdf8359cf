"""`reviewer-app models`: each detector's status and model; `models download stanza`
fetches the official English Stanza models. This is the only place where the
application may download anything, and only when the user asks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from reviewer_app.cli.exit_codes import Exit

if TYPE_CHECKING:
    from reviewer_app.settings import Settings

DOWNLOAD_TARGETS = ("stanza",)
# Stanza's processors the stanza detector uses (tokenization is spaCy's, no model needed).
STANZA_PROCESSORS = "ner"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "models",
        help="show each detector's status and model; download the Stanza models",
        description=(
            "Without an action: print every detector, whether it is ready, the model it uses "
            "or what is missing and how to get it. `models download stanza` fetches the official "
            "English Stanza NER models (needs a network; nothing else ever downloads)."
        ),
    )
    parser.add_argument(
        "action", nargs="?", choices=("status", "download"), default="status", help="default: status"
    )
    parser.add_argument(
        "target", nargs="?", choices=DOWNLOAD_TARGETS, default="stanza", help="what to download"
    )
    parser.add_argument(
        "--dir", type=Path, help="Stanza resources folder to download into (default: settings or Stanza's)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from reviewer_app.settings import load_settings

    settings = load_settings()
    if args.action == "download":
        return download_stanza(args.dir or (Path(settings.stanza_dir) if settings.stanza_dir else None))
    return print_status(settings)


def print_status(settings: Settings) -> int:
    from reviewer_app.detectors.registry import available_detectors

    infos = available_detectors(settings)
    width = max(len(info.name) for info in infos)
    for info in infos:
        state = "ready" if info.status.ready else "MISSING"
        print(f"{info.name:<{width}}  {state:<7}  {info.status.model or '-'}")
        if info.status.message and info.status.message != "ready":
            print(f"{'':<{width}}           {info.status.message}")
    return Exit.OK if all(info.status.ready for info in infos) else Exit.FAILED


def download_stanza(target: Path | None) -> int:
    """Fetch the English NER models into `target` (or Stanza's default folder).
    Fails fast, with a message saying what to do, where there is no network."""
    import stanza
    from stanza.resources.common import DEFAULT_MODEL_DIR

    folder = str(target) if target else DEFAULT_MODEL_DIR
    print(f"Downloading the English Stanza NER models into {folder} ...")
    try:
        stanza.download("en", model_dir=folder, processors=STANZA_PROCESSORS, logging_level="WARN")
    except Exception as exc:  # noqa: BLE001 - any failure: no network, proxy, disk; say so plainly
        print(
            f"Download failed ({type(exc).__name__}): this machine cannot reach Stanza's model server. "
            f"Run `reviewer-app models download stanza` on a machine with internet and copy the folder "
            f"{folder} here (or point `stanza_dir` in settings at it).",
            file=sys.stderr,
        )
        return Exit.FAILED
    print(f"Done. The stanza detector uses {folder}.")
    return Exit.OK
