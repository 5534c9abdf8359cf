"""Check what the bundle exported for the sample (`make package-check`).

    python packaging/check_export.py EXPORTED.txt resources/sample/sample_hearing.gold.jsonl

Passes when the export keeps the transcript's structure (the same lines), carries
tags, and at most 2% of the sample's distinct gold direct identifiers (names,
spelled names, CDCR numbers, phone numbers, e-mails) are left in it. The export was
made with --accept-all, so what is left is what detection alone missed, which a
reviewer catches; more than 2% means a detector is not working in the bundle.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from reviewer_app.core.interchange import read_jsonl

DIRECT = {"PERSON", "SPELLED_NAME", "CDCR_ID", "PHONE_NUMBER", "EMAIL_ADDRESS"}
MAX_MISSED_SHARE = 0.02


def problems(exported: str, gold_path: Path) -> list[str]:
    (gold,) = read_jsonl(gold_path)
    found = []
    if exported.count("\n") != gold.text.count("\n"):
        found.append(
            f"{exported.count(chr(10))} lines exported, the transcript has {gold.text.count(chr(10))}"
        )
    if "[PERSON_" not in exported:
        found.append("no [PERSON_n] tag in the export")
    direct = {r.span.text_in(gold.text) for r in gold.spans if r.span.label in DIRECT}
    left = [t for t in direct if re.search(rf"(?<!\w){re.escape(t)}(?!\w)", exported, re.IGNORECASE)]
    # Counts, never the strings: this output may end up in a CI log.
    print(f"package-check: {len(left)} of {len(direct)} distinct gold direct identifiers left")
    if len(left) > MAX_MISSED_SHARE * len(direct):
        found.append(f"{len(left)} of {len(direct)} gold direct identifiers left in the export")
    return found


def main(argv: list[str]) -> int:
    exported_path, gold_path = Path(argv[0]), Path(argv[1])
    found = problems(exported_path.read_text(encoding="utf-8"), gold_path)
    for problem in found:
        print(f"package-check: {problem}", file=sys.stderr)
    print("package-check: export ok" if not found else "package-check: export FAILED")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
