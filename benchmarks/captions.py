"""How long a 2-hour ASR transcript takes to import and to export in its own format.

    .venv/bin/python -m benchmarks.captions [--minutes 120] [--repeat 3]

Builds a Whisper-style JSON (a segment every 4 s, a word every 0.4 s with times) and
the same cues as WebVTT and SubRip, with a name in every fifth segment; imports each,
pseudonymizes with a span over every name, and writes the file back through the leak
guard (`caption_output` + `check_derived`). Prints the best time of each step.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.exporters.captions import caption_output
from reviewer_app.exporters.leakguard import check_derived
from reviewer_app.importers import import_file

WORDS = [
    "so",
    "we",
    "went",
    "over",
    "to",
    "the",
    "house",
    "and",
    "then",
    "I",
    "asked",
    "about",
    "the",
    "report",
]
NAME = "Marisol Quintero"


def segments(minutes: int) -> list[dict]:
    found = []
    for n in range(minutes * 15):
        start = n * 4.0
        words = list(WORDS[:9])
        if n % 5 == 0:
            words[3:5] = NAME.split()
        found.append(
            {
                "id": n,
                "start": start,
                "end": start + 3.8,
                "text": " " + " ".join(words),
                "words": [
                    {"word": " " + w, "start": start + i * 0.4, "end": start + i * 0.4 + 0.35}
                    for i, w in enumerate(words)
                ],
            }
        )
    return found


def stamp(seconds: float, comma: bool) -> str:
    ms = round(seconds * 1000)
    text = f"{ms // 3_600_000:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"
    return text.replace(".", ",") if comma else text


def best_of(repeat: int, action):
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - started)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cues = segments(args.minutes)
    vtt = "WEBVTT\n\n" + "".join(
        f"{stamp(c['start'], False)} --> {stamp(c['end'], False)}\n{c['text'].strip()}\n\n" for c in cues
    )
    srt = "".join(
        f"{n}\n{stamp(c['start'], True)} --> {stamp(c['end'], True)}\n{c['text'].strip()}\n\n"
        for n, c in enumerate(cues, 1)
    )
    with tempfile.TemporaryDirectory() as folder:
        for name, content in (
            ("asr.json", json.dumps({"segments": cues})),
            ("captions.vtt", vtt),
            ("captions.srt", srt),
        ):
            path = Path(folder) / name
            path.write_text(content, encoding="utf-8")
            read_s, document = best_of(args.repeat, lambda p=path: import_file(p))
            spans, at = [], document.text.find(NAME)
            while at >= 0:
                spans.append(Span(at, at + len(NAME), "PERSON", ("bench",), 1.0))
                at = document.text.find(NAME, at + 1)
            result = pseudonymize(document, spans)

            def export(document=document, result=result, spans=spans):
                output = caption_output(document, result)
                check_derived([(p.text, p.copied) for p in output.pieces], result, document, spans)
                return output

            write_s, output = best_of(args.repeat, export)
            words = sum(len(c.words) for c in document.time_map.cues)
            print(
                f"{name:<13} {len(document.time_map.cues):5d} cues, {words:6d} timed words, "
                f"{len(spans):4d} names: import {read_s * 1000:7.1f} ms, export + leak guard "
                f"{write_s * 1000:7.1f} ms ({len(output.content):,} characters)"
            )


if __name__ == "__main__":
    main()
