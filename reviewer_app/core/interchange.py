"""The spans JSONL interchange format (the shape Prodigy uses).

One JSON object per line::

    {"id": "hearing-01", "text": "...", "spans": [{"start": 0, "end": 5,
     "label": "PERSON", "detectors": ["spacy"], "score": 0.85, ...}], "meta": {...}}

`start`/`end` are character offsets into `text`. Keys a span carries beyond
start, end, label, detectors (or a single `detector`) and score are kept in
`SpanRecord.extra` (for instance `status`, `reviewer`, `cluster`) and written back.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reviewer_app.core.spans import Span

_SPAN_KEYS = {"start", "end", "label", "detectors", "detector", "score", "text"}


class InterchangeError(ValueError):
    """A line of a spans file that cannot be read; the message names the line."""


@dataclass(frozen=True)
class SpanRecord:
    span: Span
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Record:
    id: str
    text: str
    spans: tuple[SpanRecord, ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def plain_spans(self) -> tuple[Span, ...]:
        return tuple(r.span for r in self.spans)


def span_to_json(span: Span, text: str | None = None, extra: Mapping[str, Any] | None = None) -> dict:
    out: dict[str, Any] = {"start": span.start, "end": span.end, "label": span.label}
    if text is not None:
        out["text"] = span.text_in(text)
    if span.detectors:
        out["detectors"] = list(span.detectors)
    out["score"] = round(span.score, 4)
    if extra:
        out.update(extra)
    return out


def record_to_json(record: Record) -> dict:
    return {
        "id": record.id,
        "text": record.text,
        "spans": [span_to_json(r.span, record.text, r.extra) for r in record.spans],
        "meta": dict(record.meta),
    }


def _span_from_json(obj: Mapping[str, Any], text: str, where: str) -> SpanRecord:
    try:
        start, end, label = int(obj["start"]), int(obj["end"]), str(obj["label"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InterchangeError(f"{where}: a span needs integer start, end and a label") from exc
    if not (0 <= start < end <= len(text)):
        raise InterchangeError(f"{where}: span [{start}, {end}) lies outside the text")
    detectors = obj.get("detectors")
    if detectors is None:
        detectors = [obj["detector"]] if obj.get("detector") else []
    span = Span(start, end, label, tuple(str(d) for d in detectors), float(obj.get("score", 1.0)))
    extra = {k: v for k, v in obj.items() if k not in _SPAN_KEYS}
    return SpanRecord(span, extra)


def record_from_json(obj: Mapping[str, Any], where: str = "record") -> Record:
    if not isinstance(obj, Mapping) or not isinstance(obj.get("text"), str):
        raise InterchangeError(f"{where}: expected an object with a 'text' string")
    text = obj["text"]
    spans = tuple(
        _span_from_json(s, text, f"{where}, span {i + 1}") for i, s in enumerate(obj.get("spans") or [])
    )
    return Record(
        id=str(obj.get("id") or obj.get("meta", {}).get("id") or ""),
        text=text,
        spans=spans,
        meta=dict(obj.get("meta") or {}),
    )


def read_jsonl(path: Path | str) -> Iterator[Record]:
    path = Path(path)
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path.name} line {lineno}"
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InterchangeError(f"{where}: not valid JSON ({exc.msg})") from exc
            record = record_from_json(obj, where)
            if not record.id:
                record = Record(f"{path.stem}-{lineno}", record.text, record.spans, record.meta)
            yield record


def write_jsonl(path: Path | str, records: Iterable[Record]) -> Path:
    """Write atomically: a temporary file in the same folder, then a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for record in records:
                fh.write(json.dumps(record_to_json(record), ensure_ascii=False) + "\n")
        Path(tmp).replace(path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
