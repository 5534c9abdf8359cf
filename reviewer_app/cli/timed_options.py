"""The options `export` and `project export` share for time-aligned transcripts."""

from __future__ import annotations

import argparse


def add_redaction_options(parser: argparse.ArgumentParser) -> None:
    """`--pad` and `--audio-mode`; each command adds how it is given the recordings."""
    from reviewer_app.core.redaction import DEFAULT_PAD_S
    from reviewer_app.exporters.audio import AUDIO_MODES

    parser.add_argument(
        "--pad",
        type=float,
        default=DEFAULT_PAD_S,
        metavar="SECONDS",
        help="time-aligned transcripts: seconds added before and after each redaction interval "
        f"(default {DEFAULT_PAD_S})",
    )
    parser.add_argument(
        "--audio-mode",
        choices=AUDIO_MODES,
        default=AUDIO_MODES[0],
        help="what replaces a redacted stretch of audio: a tone (settings redaction_tone_hz and "
        "redaction_tone_dbfs) or silence",
    )
