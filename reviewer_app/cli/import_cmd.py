"""`reviewer-app import FILE [--json]`: print what the importer makes of a file.

Prints the transcript's text as the review window shows it (one utterance per
line, cover and certificate as printed), or with `--json` the whole document.
Nothing is stored: use it to check how a file will be read before adding it to a
project. A file that cannot be imported is named with the reason (exit code 2).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reviewer_app.cli.exit_codes import Exit


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "import",
        help="import a transcript (PDF, TXT, VTT, SRT, Whisper JSON) and print its text, or the whole "
        "document as JSON",
        description=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", type=Path, help="a transcript: .pdf, .txt, .vtt, .srt or Whisper-style .json")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the document as JSON: text, utterances, sections, page map, metadata, notes and "
        "the encoding a text file was read in",
    )
    parser.set_defaults(func=run)


def document_to_json(document) -> dict:
    """The Document as plain JSON values (tuples become lists)."""
    import dataclasses

    return dataclasses.asdict(document)


def run(args: argparse.Namespace) -> int:
    import json

    from reviewer_app.importers import TranscriptImportError, import_file
    from reviewer_app.settings import load_settings

    try:
        document = import_file(args.file, load_settings())
    except TranscriptImportError as exc:
        print(f"reviewer-app import: {exc}", file=sys.stderr)
        return Exit.BAD_INPUT
    if args.json:
        json.dump(document_to_json(document), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(document.text + "\n")
    return Exit.OK
