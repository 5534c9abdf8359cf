"""The bundle check must fail on a leaked identifier and on a broken structure."""

import importlib.util
from pathlib import Path

from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.core.spans import Span

ROOT = Path(__file__).resolve().parents[2]


def load_checker():
    spec = importlib.util.spec_from_file_location("check_export", ROOT / "packaging" / "check_export.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_check_export_passes_a_clean_export_and_catches_leaks_and_lost_lines(tmp_path):
    checker = load_checker()
    text = "INMATE REED: My name is Marcus Reed.\nCOMMISSIONER HOLT: CDCR number L90314.\n"

    def span(needle: str, label: str) -> SpanRecord:
        start = text.index(needle)
        return SpanRecord(Span(start, start + len(needle), label))

    spans = (span("REED", "PERSON"), span("Marcus Reed", "PERSON"), span("L90314", "CDCR_ID"))
    gold = write_jsonl(tmp_path / "g.jsonl", [Record("s", text, spans)])
    clean = (
        "INMATE [PERSON_1]: My name is [PERSON_2] [PERSON_1].\nCOMMISSIONER HOLT: CDCR number [CDCR_ID_1].\n"
    )
    assert checker.problems(clean, gold) == []
    leaked = clean.replace("[CDCR_ID_1]", "L90314")
    assert checker.problems(leaked, gold) == ["1 of 3 gold direct identifiers left in the export"]
    assert "lines exported" in checker.problems(clean.replace("\n", " ", 1), gold)[0]
