"""Gold spans as doccano sequence-labelling JSONL.

One object a line: `{"id": ..., "text": ..., "label": [[start, end, "PERSON"], ...]}`,
the shape doccano imports and exports for sequence labelling. The reader also takes
the shape of newer doccano exports, `"entities": [{"start_offset", "end_offset", "label"}]`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from reviewer_app.core.interchange import Record, SpanRecord
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_write_text


class DoccanoError(ValueError):
    """A doccano line that cannot be read; the message names the line."""


def record_to_doccano(record: Record) -> dict:
    return {
        "id": record.id,
        "text": record.text,
        "label": [[s.start, s.end, s.label] for s in record.plain_spans],
    }


def write_doccano(path: Path | str, records: Iterable[Record]) -> Path:
    lines = [json.dumps(record_to_doccano(r), ensure_ascii=False) for r in records]
    return atomic_write_text(path, "".join(line + "\n" for line in lines))


def read_doccano(path: Path | str) -> list[Record]:
    path = Path(path)
    records = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path.name} line {lineno}"
        try:
            obj = json.loads(line)
            text = obj["text"]
            if "entities" in obj:
                triples = [(e["start_offset"], e["end_offset"], e["label"]) for e in obj["entities"]]
            else:
                triples = [tuple(t) for t in obj.get("label", obj.get("labels", []))]
            spans = tuple(SpanRecord(Span(int(s), int(e), str(lab))) for s, e, lab in triples)
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise DoccanoError(f"{where}: not a doccano sequence-labelling record ({exc})") from exc
        if any(s.span.end > len(text) for s in spans):
            raise DoccanoError(f"{where}: a span lies outside the text")
        records.append(Record(id=str(obj.get("id") or f"{path.stem}-{lineno}"), text=text, spans=spans))
    return records
