"""Check what the bundle exported for the sample (`make package-check`).

    python packaging/check_export.py EXPORTED.txt resources/sample/sample_hearing.gold.jsonl

Passes when the export keeps the transcript's structure (the same lines, speaker
roles in place), carries tags, and none of the sample's gold direct identifiers
(names, spelled names, CDCR numbers, phone numbers, e-mails) is left in it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from reviewer_app.core.interchange import read_jsonl

DIRECT = {"PERSON", "SPELLED_NAME", "CDCR_ID", "PHONE_NUMBER", "EMAIL_ADDRESS"}


def problems(exported: str, gold_path: Path) -> list[str]:
    (gold,) = read_jsonl(gold_path)
    found = []
    if exported.count("\n") != gold.text.count("\n"):
        found.append(
            f"{exported.count(chr(10))} lines exported, the transcript has {gold.text.count(chr(10))}"
        )
    if "[PERSON_" not in exported:
        found.append("no [PERSON_n] tag in the export")
    leaked = sorted(
        {
            r.span.text_in(gold.text)
            for r in gold.spans
            if r.span.label in DIRECT
            and re.search(rf"(?<!\w){re.escape(r.span.text_in(gold.text))}(?!\w)", exported, re.IGNORECASE)
        }
    )
    # The count, never the strings: this output may end up in a CI log.
    if leaked:
        found.append(f"{len(leaked)} gold direct identifiers left in the export")
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
