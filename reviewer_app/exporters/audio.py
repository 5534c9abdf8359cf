"""The redacted recording: every redaction interval replaced by a tone or by silence.

The audio is read and written in blocks (`BLOCK_FRAMES` at a time), so a two-hour
recording needs no more memory than a short one. Samples are read in the integer
width of the file's own encoding (16-bit PCM as int16, 24- and 32-bit as int32) and
written back in the same format, subtype and byte order: outside the intervals
every sample is bit for bit what it was, and sample rate, channels and length are
unchanged. Lossy encodings (Ogg Vorbis or Opus, MP3) cannot promise that: they are
decoded and encoded again, and the report says so.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

AUDIO_MODES = ("tone", "silence")
# Frames per block: 64 Ki frames is 256 KiB of 16-bit stereo, 4 s at 16 kHz.
BLOCK_FRAMES = 1 << 16
# How far a span's time may lie past the end of the audio and still be taken as the
# end of the same recording (rounded ASR end times); further means another, shorter
# recording, whose redaction would miss what was said after its end.
END_TOLERANCE_S = 0.25
# The dtype samples are read and written in, per libsndfile subtype, so that an
# unchanged sample is written back exactly: libsndfile widens 8-bit and µ-/A-law to
# int16 and 24-bit to int32 losslessly, and narrows them back the same way.
_EXACT_DTYPES = {
    "PCM_S8": "int16",
    "PCM_U8": "int16",
    "PCM_16": "int16",
    "ULAW": "int16",
    "ALAW": "int16",
    "PCM_24": "int32",
    "PCM_32": "int32",
    "FLOAT": "float32",
    "DOUBLE": "float64",
}
_FULL_SCALE = {"int16": 32767, "int32": 2147483647}


class AudioExportError(Exception):
    """Audio that cannot be redacted (unreadable, unsupported, corrupt, shorter than
    the transcript, or given for a transcript without times); the message says why."""


@dataclass(frozen=True)
class AudioInfo:
    path: Path
    frames: int
    samplerate: int
    channels: int
    format: str
    subtype: str
    endian: str

    @property
    def duration_s(self) -> float:
        return self.frames / self.samplerate

    @property
    def exact(self) -> bool:
        """Whether unchanged samples are written back bit for bit (not a lossy encoding)."""
        return self.subtype in _EXACT_DTYPES


@dataclass(frozen=True)
class Tone:
    """The tone that replaces speech: frequency in Hz, peak level in dBFS."""

    hz: float = 1000.0
    dbfs: float = -20.0


@dataclass(frozen=True)
class AudioRedaction:
    path: Path
    frames_redacted: int
    info: AudioInfo


def read_audio_info(path: Path | str) -> AudioInfo:
    """What the audio file is; raises `AudioExportError` when it cannot be read or
    cannot be written back in its own format."""
    import soundfile

    path = Path(path)
    if path.is_dir():
        raise AudioExportError(f"{path} is a folder, not an audio file")
    if not path.exists():
        raise AudioExportError(f"{path}: no such file")
    try:
        info = soundfile.info(str(path))
    except (soundfile.LibsndfileError, RuntimeError) as exc:
        raise AudioExportError(
            f"{path.name}: not an audio file that can be read (WAV, FLAC or OGG expected): "
            f"{getattr(exc, 'error_string', '') or exc}"
        ) from exc
    if not soundfile.check_format(info.format, info.subtype, info.endian):
        raise AudioExportError(f"{path.name}: {info.format} {info.subtype} audio cannot be written back")
    if info.frames <= 0 or info.samplerate <= 0:
        raise AudioExportError(f"{path.name}: the audio holds no samples")
    return AudioInfo(
        path,
        int(info.frames),
        int(info.samplerate),
        int(info.channels),
        info.format,
        info.subtype,
        info.endian,
    )


def check_covers(info: AudioInfo, last_spoken_s: float) -> None:
    """Refuse audio that ends before the last redacted span was said: it is not the
    recording of this transcript, or not all of it."""
    if last_spoken_s > info.duration_s + END_TOLERANCE_S:
        raise AudioExportError(
            f"{info.path.name} lasts {info.duration_s:.2f} s but the transcript has a span to redact "
            f"at {last_spoken_s:.2f} s; is it the recording of this transcript, and all of it?"
        )


def sample_ranges(
    intervals: Sequence[tuple[float, float]], samplerate: int, frames: int
) -> list[tuple[int, int]]:
    """The frames `[first, last)` of each interval, widened to whole samples (a sample
    partly inside is hidden), clamped to the file and merged where they meet."""
    ranges: list[tuple[int, int]] = []
    for start_s, end_s in sorted(intervals):
        # Rounded first so that 10.35 s * 16000 is frame 165600, not 165599.99999.
        first = max(math.floor(round(start_s * samplerate, 6)), 0)
        last = min(math.ceil(round(end_s * samplerate, 6)), frames)
        if last <= first:
            continue
        if ranges and first <= ranges[-1][1]:
            ranges[-1] = (ranges[-1][0], max(ranges[-1][1], last))
        else:
            ranges.append((first, last))
    return ranges


def tone_samples(tone: Tone, samplerate: int, first: int, count: int, dtype: str) -> np.ndarray:
    """`count` samples of the tone from sample `first` of its interval, in `dtype`."""
    phase = 2 * np.pi * tone.hz / samplerate * np.arange(first, first + count)
    wave = 10 ** (tone.dbfs / 20) * np.sin(phase)
    if dtype in _FULL_SCALE:
        return np.round(wave * _FULL_SCALE[dtype]).astype(dtype)
    return wave.astype(dtype)


def check_tone(tone: Tone, samplerate: int) -> None:
    if not (0 < tone.hz < samplerate / 2):
        raise AudioExportError(
            f"the redaction tone of {tone.hz:g} Hz cannot be played at {samplerate} Hz "
            f"(it must lie between 0 and {samplerate / 2:g} Hz; setting redaction_tone_hz)"
        )
    if not (-120 <= tone.dbfs <= 0):
        raise AudioExportError(
            f"the redaction tone level {tone.dbfs:g} dBFS must lie between -120 and 0 "
            "(setting redaction_tone_dbfs)"
        )


def redact_audio(
    info: AudioInfo,
    target: Path | str,
    intervals: Sequence[tuple[float, float]],
    mode: str = "tone",
    tone: Tone = Tone(),
    block_frames: int = BLOCK_FRAMES,
) -> AudioRedaction:
    """Write `target`: the audio of `info` with every interval replaced. Raises
    `AudioExportError` when the audio turns out unreadable on the way (a corrupt or
    truncated file) and `OSError` when `target` cannot be written; the caller writes
    into a staging folder, so nothing half-written is published."""
    import soundfile

    if mode not in AUDIO_MODES:
        raise AudioExportError(f"unknown audio mode {mode!r}; use one of {', '.join(AUDIO_MODES)}")
    if mode == "tone":
        check_tone(tone, info.samplerate)
    ranges = sample_ranges(intervals, info.samplerate, info.frames)
    dtype = _EXACT_DTYPES.get(info.subtype, "float64")
    buffer = np.empty((block_frames, info.channels), dtype=dtype)
    position = 0
    try:
        source = soundfile.SoundFile(str(info.path))
    except (soundfile.LibsndfileError, RuntimeError) as exc:
        raise AudioExportError(f"{info.path.name}: cannot be read any more: {exc}") from exc
    with source, _open_target(target, info) as sink:
        while True:
            try:
                block = source.read(block_frames, dtype=dtype, always_2d=True, out=buffer)
            except (soundfile.LibsndfileError, RuntimeError) as exc:
                raise AudioExportError(
                    f"{info.path.name}: unreadable after {position / info.samplerate:.2f} s "
                    f"(a damaged file?): {exc}"
                ) from exc
            if not len(block):
                break
            _replace(block, position, ranges, mode, tone, info.samplerate)
            try:
                sink.write(block)
            except (soundfile.LibsndfileError, RuntimeError) as exc:
                raise OSError(f"could not write {Path(target).name}: {exc}") from exc
            position += len(block)
    if position != info.frames:
        raise AudioExportError(
            f"{info.path.name}: ends after {position} of the {info.frames} samples its header announces "
            "(a truncated file?)"
        )
    return AudioRedaction(Path(target), sum(last - first for first, last in ranges), info)


def _open_target(target: Path | str, info: AudioInfo):
    import soundfile

    try:
        return soundfile.SoundFile(
            str(target), "w", info.samplerate, info.channels, info.subtype, info.endian, info.format
        )
    except (soundfile.LibsndfileError, RuntimeError) as exc:
        raise OSError(f"could not write {Path(target).name}: {exc}") from exc


def _replace(
    block: np.ndarray,
    position: int,
    ranges: Sequence[tuple[int, int]],
    mode: str,
    tone: Tone,
    samplerate: int,
) -> None:
    """Overwrite, in place, the frames of `block` (which starts at frame `position`)
    that fall inside `ranges`."""
    end = position + len(block)
    # The ranges are sorted and disjoint: start at the first that ends inside or after the block.
    for first, last in ranges[bisect.bisect_right(ranges, position, key=lambda r: r[1]) :]:
        if first >= end:
            break
        lo, hi = max(first, position), min(last, end)
        if mode == "silence":
            block[lo - position : hi - position] = 0
        else:
            # The tone starts at phase 0 at each interval's first frame, whatever the blocks.
            wave = tone_samples(tone, samplerate, lo - first, hi - lo, block.dtype.name)
            block[lo - position : hi - position] = wave[:, None]
