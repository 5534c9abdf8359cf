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
import math
import os
import tempfile
from collections.abc import Collection, Iterable, Iterator, Mapping
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


def _offset(value: Any) -> int | None:
    """A JSON number that is a whole character offset, else None (3.5, "3", true)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not value.is_integer():
        return None
    return int(value)


def _short(value: Any) -> str:
    """A value from the file for a message, cut short (it may be anything)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _span_from_json(obj: Any, text: str, where: str, labels: Collection[str] | None = None) -> SpanRecord:
    if not isinstance(obj, Mapping):
        raise InterchangeError(f"{where}: a span must be an object with start, end and label")
    if "start" not in obj or "end" not in obj or "label" not in obj:
        raise InterchangeError(f"{where}: a span needs integer start, end and a label")
    start, end, label = _offset(obj["start"]), _offset(obj["end"]), obj["label"]
    if start is None or end is None:
        raise InterchangeError(
            f"{where}: start and end must be whole numbers (character offsets), "
            f"not {_short(obj['start'])} and {_short(obj['end'])}"
        )
    if not isinstance(label, str) or not label:
        raise InterchangeError(f"{where}: the label must be a name such as PERSON, not {_short(label)}")
    if labels is not None and label not in labels:
        raise InterchangeError(f"{where}: unknown label {_short(label)}; known labels: {', '.join(labels)}")
    if not (0 <= start < end <= len(text)):
        raise InterchangeError(f"{where}: span [{start}, {end}) lies outside the text")
    detectors = obj.get("detectors")
    if detectors is None:
        detector = obj.get("detector")
        detectors = [detector] if detector else []
    if not isinstance(detectors, list) or not all(isinstance(d, str) for d in detectors):
        raise InterchangeError(f"{where}: detectors must be a list of names, not {_short(detectors)}")
    score = obj.get("score", 1.0)
    if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score):
        raise InterchangeError(f"{where}: the score must be a number, not {_short(score)}")
    span = Span(start, end, label, tuple(detectors), float(score))
    extra = {k: v for k, v in obj.items() if k not in _SPAN_KEYS}
    return SpanRecord(span, extra)


def record_from_json(obj: Any, where: str = "record", labels: Collection[str] | None = None) -> Record:
    """A record of the spans format; raises `InterchangeError` naming what is wrong.
    With `labels`, a span whose label is not one of them is refused."""
    if not isinstance(obj, Mapping) or not isinstance(obj.get("text"), str):
        raise InterchangeError(f"{where}: expected an object with a 'text' string")
    text = obj["text"]
    spans, meta = obj.get("spans") or [], obj.get("meta") or {}
    if not isinstance(spans, list):
        raise InterchangeError(f"{where}: 'spans' must be a list of spans, not {_short(spans)}")
    if not isinstance(meta, Mapping):
        raise InterchangeError(f"{where}: 'meta' must be an object, not {_short(meta)}")
    record_id = obj.get("id") or meta.get("id") or ""
    if not isinstance(record_id, str | int) or isinstance(record_id, bool):
        raise InterchangeError(f"{where}: 'id' must be a string, not {_short(record_id)}")
    return Record(
        id=str(record_id),
        text=text,
        spans=tuple(_span_from_json(s, text, f"{where}, span {i + 1}", labels) for i, s in enumerate(spans)),
        meta=dict(meta),
    )


def read_jsonl(path: Path | str, labels: Collection[str] | None = None) -> Iterator[Record]:
    """The records of a spans file. Raises `InterchangeError` on a line that is
    not UTF-8, not JSON or not a valid record (with `labels`: a span with another
    label), and `OSError` when the file cannot be read."""
    path = Path(path)
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            where = f"{path.name} line {lineno}"
            try:
                line = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                raise InterchangeError(
                    f"{where}: not UTF-8 text (byte {exc.start + 1} of the line); save the file as UTF-8"
                ) from exc
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InterchangeError(f"{where}: not valid JSON ({exc.msg})") from exc
            record = record_from_json(obj, where, labels)
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
