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


GOOD_SPAN = {"start": 3, "end": 6, "label": "PERSON", "detectors": ["spacy"], "score": 0.5}


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {"text": "Hi Ann", "spans": [{**GOOD_SPAN, "score": "abc"}]},
            "the score must be a number, not 'abc'",
        ),
        ({"text": "Hi Ann", "spans": 5}, "'spans' must be a list of spans, not 5"),
        ({"text": "Hi Ann", "meta": "x"}, "'meta' must be an object, not 'x'"),
        ({"text": "Hi Ann", "spans": [{**GOOD_SPAN, "detectors": 5}]}, "detectors must be a list of names"),
        ({"text": "Hi Ann", "spans": [{**GOOD_SPAN, "detectors": [1]}]}, "detectors must be a list of names"),
        ({"text": "Hi Ann", "spans": ["PERSON"]}, "a span must be an object"),
        ({"text": "Hi Ann", "spans": [{**GOOD_SPAN, "start": 2.5}]}, "start and end must be whole numbers"),
        ({"text": "Hi Ann", "spans": [{**GOOD_SPAN, "end": "6"}]}, "start and end must be whole numbers"),
        ({"text": "Hi Ann", "spans": [{**GOOD_SPAN, "label": 7}]}, "the label must be a name"),
        ({"text": "Hi Ann", "id": {"a": 1}}, "'id' must be a string"),
    ],
)
def test_wrong_types_are_named_not_tracebacks(tmp_path, record, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with pytest.raises(InterchangeError) as info:
        list(read_jsonl(path))
    assert str(info.value).startswith("bad.jsonl line 1")
    assert message in str(info.value)


def test_a_whole_float_offset_is_still_an_offset(tmp_path):
    path = tmp_path / "floats.jsonl"
    path.write_text(json.dumps({"text": "Hi Ann", "spans": [{**GOOD_SPAN, "start": 3.0}]}) + "\n")
    (record,) = read_jsonl(path)
    assert record.spans[0].span.start == 3


def test_a_file_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "latin.jsonl"
    good = json.dumps({"text": "Hi Ann"}).encode()
    latin = json.dumps({"text": "Se\u00f1or"}, ensure_ascii=False).encode("latin-1")
    path.write_bytes(good + b"\n" + latin + b"\n")
    with pytest.raises(InterchangeError, match=r"latin.jsonl line 2: not UTF-8 text"):
        list(read_jsonl(path))


def test_unknown_labels_are_refused_when_labels_are_given(tmp_path):
    path = tmp_path / "labels.jsonl"
    evil = {**GOOD_SPAN, "label": "'; DROP TABLE spans;--"}
    path.write_text(json.dumps({"text": "Hi Ann", "spans": [evil]}) + "\n", encoding="utf-8")
    (record,) = read_jsonl(path)
    assert record.spans[0].span.label == evil["label"]  # gold corpora keep their own labels
    with pytest.raises(InterchangeError) as info:
        list(read_jsonl(path, ("PERSON", "LOCATION")))
    assert str(info.value) == (
        'labels.jsonl line 1, span 1: unknown label "\'; DROP TABLE spans;--"; known labels: PERSON, LOCATION'
    )
