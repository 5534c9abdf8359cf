import json

import pytest

from reviewer_app.core.interchange import (
    InterchangeError,
    Record,
    SpanRecord,
    read_jsonl,
    write_jsonl,
)
from reviewer_app.core.spans import Span


def test_round_trip_keeps_spans_detectors_and_extra_keys(tmp_path):
    text = "Inmate Kevin Richardson, CDCR number L90314."
    record = Record(
        id="h1",
        text=text,
        spans=(
            SpanRecord(Span(7, 23, "PERSON", ("spacy", "presidio"), 0.85), {"status": "accepted"}),
            SpanRecord(Span(37, 43, "CDCR_ID", ("presidio",), 0.9)),
        ),
        meta={"source": "x.pdf"},
    )
    path = write_jsonl(tmp_path / "out.spans.jsonl", [record])
    line = json.loads(path.read_text(encoding="utf-8"))
    assert line["spans"][0]["text"] == "Kevin Richardson"
    assert line["spans"][0]["status"] == "accepted"
    (back,) = read_jsonl(path)
    assert back == record


def test_reader_accepts_prodigy_style_single_detector_and_names_bad_lines(tmp_path):
    path = tmp_path / "in.jsonl"
    good = {"text": "Hi Ann", "spans": [{"start": 3, "end": 6, "label": "PERSON", "detector": "manual"}]}
    path.write_text(json.dumps(good) + "\n\n", encoding="utf-8")
    (record,) = read_jsonl(path)
    assert record.id == "in-1"
    assert record.spans[0].span.detectors == ("manual",)

    path.write_text(json.dumps(good) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(InterchangeError, match="line 2"):
        list(read_jsonl(path))
    bad_span = {"text": "Hi", "spans": [{"start": 0, "end": 9, "label": "PERSON"}]}
    path.write_text(json.dumps(bad_span) + "\n", encoding="utf-8")
    with pytest.raises(InterchangeError, match="outside the text"):
        list(read_jsonl(path))
