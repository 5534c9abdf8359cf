"""The per-label quality gate's figures (issue 17) on every material, pipeline beside bare spaCy.

    .venv/bin/python -m benchmarks.quality_gate [--only generator,style2,handwritten_dev,handwritten,tab]
        [--tab N] [--json FILE]

The same measurement as the e2e quality tests (`tests/fixtures/quality_gate.py`), on
all of TAB by default (the tests take a slice). `--json` writes the figures, so that
two builds (or a build with a rule removed, through $REVIEWER_APP_RESOURCES) can be
compared label by label.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
import time
from pathlib import Path

from tests.fixtures import quality_gate as gate

MATERIALS = ("generator", "style2", "handwritten_dev", "handwritten", "tab")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(MATERIALS))
    parser.add_argument("--tab", type=int, default=None, help="first N TAB judgments (default: all)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only.split(","):
            started = time.perf_counter()
            if name == "tab":
                texts = gate.tab_texts(args.tab)
                if not texts:
                    print(f"no {gate.TAB}")
                    continue
                measured = gate.measure(name, texts, gate.tab_label)
            else:
                texts = getattr(gate, f"{name}_texts")(Path(folder))
                measured = gate.measure(name, texts)
            print(f"\n{len(texts)} documents, {time.perf_counter() - started:.1f} s")
            print(gate.table(measured))
            out[name] = dataclasses.asdict(measured)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
