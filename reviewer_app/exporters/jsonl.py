"""Reviewed spans as gold in the interchange JSONL (see `core/interchange.py`).

Every gold writer and reader in `exporters/` speaks `interchange.Record`: the document
id, its text, its spans (with extra keys such as `status`) and free `meta`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from reviewer_app.core.document import Document
from reviewer_app.core.interchange import Record, SpanRecord, read_jsonl, write_jsonl
from reviewer_app.core.spans import Span


def gold_record(
    document: Document,
    spans: Sequence[Span],
    extras: Sequence[Mapping[str, Any]] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> Record:
    """The gold record of one document; `extras[i]` are extra keys of `spans[i]`."""
    extras = extras or [{}] * len(spans)
    ordered = sorted(zip(spans, extras, strict=True), key=lambda pair: (pair[0].start, pair[0].end))
    base_meta: dict[str, Any] = {"source": document.source_path} if document.source_path else {}
    base_meta.update(meta or {})
    return Record(
        id=document.id,
        text=document.text,
        spans=tuple(SpanRecord(span, dict(extra)) for span, extra in ordered),
        meta=base_meta,
    )


def write_gold_jsonl(path: Path | str, records: Iterable[Record]) -> Path:
    return write_jsonl(path, records)


def read_gold_jsonl(path: Path | str) -> list[Record]:
    return list(read_jsonl(path))
