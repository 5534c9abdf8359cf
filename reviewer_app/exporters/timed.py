"""The time-based outputs of an export: redaction intervals and the redacted audio.

For a document with a time map (captions, ASR output), the export writes beside the
text `<name>.redactions.json` and `<name>.redactions.csv`: one interval per replaced
span, padded and merged (`core/redaction.py`), with the tag the text shows for it.
Given the recording, it also writes `<audio-stem>.redacted.<ext>` (`exporters/audio.py`).
Both commands (`export`, `project export`) stage these through `stage_timed_outputs`
into the export's staging folder, so they are published with the text or not at all.

The files hold labels, tags and times, never the original text.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.redaction import DEFAULT_PAD_S, RedactionPlan, plan_redactions
from reviewer_app.exporters.atomic import atomic_write_text
from reviewer_app.exporters.audio import (
    AudioExportError,
    Tone,
    check_covers,
    read_audio_info,
    redact_audio,
)
from reviewer_app.exporters.staging import safe_file_stem

# What `--audio-dir` matches a document's recording by (the stem is the document's).
AUDIO_SUFFIXES = (".wav", ".flac", ".ogg", ".oga", ".opus", ".mp3", ".aif", ".aiff")
# Several labels or tags of one merged interval, in the CSV's single cell.
CSV_JOIN = " | "


@dataclass(frozen=True)
class TimedOptions:
    pad: float = DEFAULT_PAD_S
    audio_mode: str = "tone"
    tone: Tone = field(default_factory=Tone)


def tone_from_settings(settings) -> Tone:
    return Tone(settings.redaction_tone_hz, settings.redaction_tone_dbfs)


def pad_problem(pad: float) -> str | None:
    """Why `pad` cannot be a padding in seconds, or None."""
    if not (pad >= 0 and pad < 60):  # also refuses NaN
        return f"--pad must be a number of seconds from 0 to 60, not {pad:g}"
    return None


def redactions_json(plan: RedactionPlan, pad: float) -> dict[str, Any]:
    return {
        "pad": pad,
        "intervals": len(plan.intervals),
        "approximate": plan.approximate,
        "seconds": plan.seconds,
        "unspoken_spans": plan.unspoken,
        "redactions": [
            {
                "start": r.start_s,
                "end": r.end_s,
                "label": list(r.labels),
                "tag": list(r.tags),
                "approximate": r.approximate,
            }
            for r in plan.intervals
        ],
    }


def redactions_csv(plan: RedactionPlan) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["start", "end", "label", "tag", "approximate"])
    for r in plan.intervals:
        writer.writerow(
            [r.start_s, r.end_s, CSV_JOIN.join(r.labels), CSV_JOIN.join(r.tags), str(r.approximate).lower()]
        )
    return out.getvalue()


def write_redactions(folder: Path, stem: str, plan: RedactionPlan, pad: float) -> tuple[Path, Path]:
    """`<stem>.redactions.json` and `<stem>.redactions.csv` in `folder`."""
    json_path = atomic_write_text(
        folder / f"{stem}.redactions.json", json.dumps(redactions_json(plan, pad), indent=1) + "\n"
    )
    csv_path = atomic_write_text(folder / f"{stem}.redactions.csv", redactions_csv(plan))
    return json_path, csv_path


def redacted_audio_name(audio: Path, draft: bool = False) -> str:
    """`<audio-stem>.redacted.<ext>` (`.DRAFT.redacted` for a draft), made safe."""
    stem = safe_file_stem(audio.stem) + (".DRAFT" if draft else "")
    return f"{stem}.redacted{audio.suffix}"


def stage_timed_outputs(
    folder: Path,
    stem: str,
    document: Document,
    result: PseudonymizedText,
    options: TimedOptions,
    audio: Path | None = None,
    draft: bool = False,
) -> list[str]:
    """Write the redaction intervals (and, given `audio`, the redacted audio) of one
    document into `folder`; returns the report's lines. A document without a time
    map writes nothing, and refuses `audio` (`AudioExportError`)."""
    if not document.time_map:
        if audio is not None:
            raise AudioExportError(_no_times(audio))
        return []
    info = read_audio_info(audio) if audio is not None else None
    spans = [r.span for r in result.replacements]
    tags = [r.tag for r in result.replacements]
    plan = plan_redactions(
        document.time_map, spans, tags, pad=options.pad, end_s=info.duration_s if info else None
    )
    if info is not None:
        check_covers(info, plan.last_spoken_s)
    json_path, _ = write_redactions(folder, stem, plan, options.pad)
    lines = [
        f"{len(plan.intervals)} redaction intervals, {plan.seconds:.2f} s "
        f"({plan.approximate} approximate: timed inside a cue by character share, no word times); "
        f"{plan.unspoken} replaced spans have no time (not said) -> {json_path.stem}.json, .csv"
    ]
    if info is not None:
        target = folder / redacted_audio_name(audio, draft)
        done = redact_audio(
            info, target, [(r.start_s, r.end_s) for r in plan.intervals], options.audio_mode, options.tone
        )
        how = (
            "silence"
            if options.audio_mode == "silence"
            else f"a {options.tone.hz:g} Hz tone at {options.tone.dbfs:g} dBFS"
        )
        kept = (
            "every other sample unchanged"
            if info.exact
            else f"the rest re-encoded ({info.subtype} is lossy: not bit-identical)"
        )
        lines.append(
            f"audio {audio.name}: {done.frames_redacted / info.samplerate:.2f} s replaced by {how}, "
            f"{kept} -> {target.name}"
        )
    return lines


def stage_project_timed_outputs(
    folder: Path,
    stem: str,
    document: Document,
    result: PseudonymizedText,
    options: TimedOptions,
    audio_dir: Path | None,
    draft: bool = False,
) -> list[str]:
    """`stage_timed_outputs` for a project's document, whose recording (if any) is
    the audio file in `audio_dir` named like the transcript it was imported from,
    or like the document id."""
    names = [Path(document.source_path).stem if document.source_path else "", document.id]
    audio = find_audio(audio_dir, names) if audio_dir is not None else None
    lines = stage_timed_outputs(folder, stem, document, result, options, audio, draft)
    if audio_dir is not None and audio is None and document.time_map:
        lines.append(f"no recording named {names[0] or names[1]}.wav (or .flac, .ogg) in {audio_dir}")
    return lines


def audio_dir_problem(folder: Path | None) -> str | None:
    if folder is not None and not folder.is_dir():
        return f"--audio-dir {folder} is not a folder"
    return None


def audio_problem(document: Document, audio: Path | None) -> str | None:
    """Why `audio` cannot be redacted for `document` (checked before any work), or None."""
    if audio is None:
        return None
    if not document.time_map:
        return _no_times(audio)
    try:
        read_audio_info(audio)
    except AudioExportError as exc:
        return str(exc)
    return None


def _no_times(audio: Path) -> str:
    return (
        f"{audio.name} was given, but the transcript has no times: import a WebVTT, SRT or Whisper "
        "JSON transcript of the recording to redact its audio"
    )


def find_audio(folder: Path, names: Iterable[str]) -> Path | None:
    """The recording in `folder` whose stem is one of `names` (case-blind), or None;
    raises `AudioExportError` when several would do."""
    wanted = {name.casefold() for name in names if name}
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise AudioExportError(f"the audio folder {folder}: {exc.strerror or type(exc).__name__}") from exc
    found = [
        p
        for p in entries
        if p.suffix.lower() in AUDIO_SUFFIXES and p.stem.casefold() in wanted and not p.is_dir()
    ]
    if len(found) > 1:
        raise AudioExportError(
            f"several recordings in {folder} fit one transcript ({', '.join(p.name for p in found)}); "
            "keep one"
        )
    return found[0] if found else None
