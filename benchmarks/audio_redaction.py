"""How long redacting a long recording takes, and how much memory it needs.

    .venv/bin/python -m benchmarks.audio_redaction [--minutes 60] [--intervals 300] [--mode tone]

Writes a sine recording (16 kHz mono 16-bit WAV, `--minutes` long) into a temporary
folder, spreads `--intervals` redaction intervals of 0.9 s (a name of 0.6 s padded by
0.15 s on each side) over it, and redacts it in a child process, which reports its
wall time, the peak of Python's allocations (tracemalloc, numpy's buffers included) and
its peak resident memory (ru_maxrss) before and after the redaction. The output is then
checked: same length, and every sample outside the intervals unchanged. Both files are
deleted at the end. The recording is processed in blocks, so the memory must not grow
with its length (a whole hour of 16-bit audio is 115 MB).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import soundfile as sf

SAMPLERATE = 16000
SPOKEN_S, PAD_S = 0.6, 0.15


def write_recording(path: Path, minutes: float) -> int:
    """A 440 Hz sine at half scale, written in blocks; returns its frames."""
    frames = int(minutes * 60 * SAMPLERATE)
    block = SAMPLERATE * 10
    with sf.SoundFile(str(path), "w", SAMPLERATE, 1, "PCM_16", format="WAV") as sink:
        for first in range(0, frames, block):
            n = np.arange(first, min(first + block, frames))
            sink.write((0.5 * 32767 * np.sin(2 * np.pi * 440 * n / SAMPLERATE)).astype("int16"))
    return frames


def spread_intervals(count: int, seconds: float) -> list[tuple[float, float]]:
    step = seconds / (count + 1)
    return [
        (round(step * (i + 1) - PAD_S, 3), round(step * (i + 1) + SPOKEN_S + PAD_S, 3)) for i in range(count)
    ]


def child(source: str, target: str, intervals_file: str, mode: str) -> None:
    """Redact in this (fresh) process and print the figures as JSON."""
    import resource
    import tracemalloc

    from reviewer_app.exporters.audio import read_audio_info, redact_audio

    read_audio_info(source)  # soundfile's import and libsndfile's loading before measuring
    intervals = [tuple(pair) for pair in json.loads(Path(intervals_file).read_text())]
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    started = time.perf_counter()
    done = redact_audio(read_audio_info(source), target, intervals, mode)
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "seconds": seconds,
                "tracemalloc_peak_mb": peak / 2**20,
                "maxrss_before_mb": rss_before / 1024,
                "maxrss_after_mb": rss_after / 1024,
                "frames_redacted": done.frames_redacted,
            }
        )
    )


def outside_unchanged(source: Path, target: Path, intervals: list[tuple[float, float]]) -> bool:
    from reviewer_app.exporters.audio import sample_ranges

    if sf.info(str(source)).frames != sf.info(str(target)).frames:
        return False
    ranges = sample_ranges(intervals, SAMPLERATE, sf.info(str(source)).frames)
    position = 0
    block = SAMPLERATE * 60
    for a, b in zip(
        sf.blocks(str(source), block, dtype="int16"),
        sf.blocks(str(target), block, dtype="int16"),
        strict=True,
    ):
        keep = np.ones(len(a), dtype=bool)
        for first, last in ranges:
            lo, hi = max(first, position), min(last, position + len(a))
            if lo < hi:
                keep[lo - position : hi - position] = False
        if not np.array_equal(a[keep], b[keep]):
            return False
        position += len(a)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--intervals", type=int, default=300)
    parser.add_argument("--mode", choices=("tone", "silence"), default="tone")
    parser.add_argument("--child", nargs=3, metavar=("SOURCE", "TARGET", "INTERVALS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child, args.mode)
        return
    with tempfile.TemporaryDirectory(prefix="audio-bench-", dir="/tmp") as folder:
        source, target = Path(folder) / "hearing.wav", Path(folder) / "hearing.redacted.wav"
        started = time.perf_counter()
        frames = write_recording(source, args.minutes)
        print(
            f"recording: {args.minutes:g} min, {source.stat().st_size / 2**20:.1f} MB "
            f"(written in {time.perf_counter() - started:.1f} s)"
        )
        intervals = spread_intervals(args.intervals, frames / SAMPLERATE)
        intervals_file = Path(folder) / "intervals.json"
        intervals_file.write_text(json.dumps(intervals))
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.audio_redaction",
                "--mode",
                args.mode,
                "--child",
                str(source),
                str(target),
                str(intervals_file),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        figures = json.loads(run.stdout)
        print(
            f"redaction of {args.intervals} intervals ({figures['frames_redacted'] / SAMPLERATE:.0f} s, "
            f"{args.mode}): {figures['seconds']:.2f} s"
        )
        print(f"peak Python allocations (tracemalloc): {figures['tracemalloc_peak_mb']:.2f} MB")
        print(
            f"peak resident memory of the child: {figures['maxrss_before_mb']:.0f} MB after imports, "
            f"{figures['maxrss_after_mb']:.0f} MB after the redaction"
        )
        print(f"every sample outside the intervals unchanged: {outside_unchanged(source, target, intervals)}")


if __name__ == "__main__":
    main()
