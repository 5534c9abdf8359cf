"""The gold formats an export can write, by name: one table for every exporter
(`reviewer-app export`, `project export`, the window's export dialog)."""

from __future__ import annotations

from pathlib import Path

from reviewer_app.core.interchange import Record

# name -> file suffix
GOLD_SUFFIXES = {"jsonl": ".gold.jsonl", "conll": ".conll", "doccano": ".doccano.jsonl", "spacy": ".spacy"}


def write_gold(name: str, folder: Path, stem: str, record: Record) -> Path:
    """Write `record` in the gold format `name` as `folder/<stem><suffix>`."""
    from reviewer_app.exporters.conll import write_conll
    from reviewer_app.exporters.docbin import write_docbin
    from reviewer_app.exporters.doccano import write_doccano
    from reviewer_app.exporters.jsonl import write_gold_jsonl

    writers = {
        "jsonl": write_gold_jsonl,
        "conll": write_conll,
        "doccano": write_doccano,
        "spacy": write_docbin,
    }
    return writers[name](folder / f"{stem}{GOLD_SUFFIXES[name]}", [record])
