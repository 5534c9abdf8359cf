"""A caption transcript in the window: the span table's Time column sorts by when a span
was said, and the inspector shows the span's time range."""

from __future__ import annotations

import dataclasses
import json

from PySide6.QtCore import Qt

from reviewer_app.core.document import PageMap
from reviewer_app.importers import import_file
from reviewer_app.ui.inspector import Inspector
from reviewer_app.ui.span_table import SpanTablePanel
from reviewer_app.ui.span_table_model import SPAN_ID_ROLE, Column
from reviewer_app.ui.time_text import clock
from tests.gui.helpers import SAMPLE_LINES, Row, find, transcript

# The cues are out of time order in the file: text order and time order differ.
SEGMENTS = [
    {
        "start": 83.4,
        "end": 86.0,
        "text": " I met Maria Lopez there.",
        "words": [
            {"word": " I", "start": 83.4, "end": 83.5},
            {"word": " met", "start": 83.6, "end": 83.9},
            {"word": " Maria", "start": 84.0, "end": 84.4},
            {"word": " Lopez", "start": 84.5, "end": 84.9},
            {"word": " there.", "start": 85.0, "end": 85.5},
        ],
    },
    {"start": 10.0, "end": 20.0, "text": " Then Fresno came up."},
    {"start": 3725.0, "end": 3726.0, "text": " Ana said it."},
]


def caption_document(tmp_path):
    path = tmp_path / "call.json"
    path.write_text(json.dumps({"segments": SEGMENTS}), encoding="utf-8")
    document = import_file(path)
    rows = [
        Row(1, find(document, "Maria Lopez", "PERSON")),
        Row(2, find(document, "Fresno", "LOCATION")),
        Row(3, find(document, "Ana", "PERSON")),
    ]
    return document, rows


def shown_ids(panel):
    proxy = panel.proxy
    return [proxy.data(proxy.index(r, 0), SPAN_ID_ROLE) for r in range(proxy.rowCount())]


def test_time_column_shows_and_sorts_by_time(qtbot, tmp_path):
    document, rows = caption_document(tmp_path)
    panel = SpanTablePanel()
    qtbot.addWidget(panel)
    panel.model.set_rows(document, rows)
    assert not panel.table.isColumnHidden(Column.TIME)
    model = panel.model
    assert model.headerData(Column.TIME, Qt.Orientation.Horizontal) == "Time"
    assert [model.data(model.index(i, Column.TIME)) for i in range(3)] == [
        "00:01:24.0 – 00:01:24.9",  # from the word times: exact
        "≈ 00:00:12.5 – 00:00:15.5",  # "Fresno": characters 5-11 of a 20-character cue over 10 s
        "≈ 01:02:05.0 – 01:02:05.2",
    ]
    assert shown_ids(panel) == [1, 2, 3]  # document order until a header is clicked
    panel.table.sortByColumn(Column.TIME, Qt.SortOrder.AscendingOrder)
    assert shown_ids(panel) == [2, 1, 3]
    panel.table.sortByColumn(Column.TIME, Qt.SortOrder.DescendingOrder)
    assert shown_ids(panel) == [3, 1, 2]


def test_time_column_is_empty_without_a_time_map(qtbot):
    document = transcript(SAMPLE_LINES)
    panel = SpanTablePanel()
    qtbot.addWidget(panel)
    panel.model.set_rows(document, [Row(1, find(document, "Kevin Richardson", "PERSON"))])
    assert panel.model.data(panel.model.index(0, Column.TIME)) == ""
    assert panel.table.isColumnHidden(Column.TIME)


def test_inspector_where_says_the_time_range_exact_or_approximate(qtbot, tmp_path):
    """A caption has no pages: Where says when the span was said, not "character 142"."""
    document, rows = caption_document(tmp_path)
    inspector = Inspector()
    qtbot.addWidget(inspector)
    inspector.show()
    inspector.show_span(document, rows[0])
    assert inspector.where.text() == "00:01:24.0 – 00:01:24.9"
    assert not inspector.time.isVisible()  # the same time twice would be noise
    inspector.show_span(document, rows[1])
    assert inspector.where.text() == "≈ 00:00:12.5 – 00:00:15.5"
    plain = transcript(SAMPLE_LINES)
    inspector.show_span(plain, Row(1, find(plain, "Kevin Richardson", "PERSON")))
    assert inspector.where.text() == f"character {plain.text.index('Kevin Richardson')}"
    assert inspector.time.text() == "" and not inspector.time.isVisible()


def test_inspector_shows_page_and_time_for_a_timed_document_with_pages(qtbot, tmp_path):
    document, rows = caption_document(tmp_path)
    paged = dataclasses.replace(document, page_map=PageMap(((0, 3, 7),)))
    inspector = Inspector()
    qtbot.addWidget(inspector)
    inspector.show()
    inspector.show_span(paged, rows[0])
    assert inspector.where.text() == "page 3, line 7"
    assert inspector.time.text() == "00:01:24.0 – 00:01:24.9" and inspector.time.isVisible()


def test_span_table_hides_page_line_for_a_caption_without_pages(qtbot, tmp_path):
    document, rows = caption_document(tmp_path)
    panel = SpanTablePanel()
    qtbot.addWidget(panel)
    panel.model.set_rows(document, rows)
    assert panel.table.isColumnHidden(Column.WHERE) and not panel.table.isColumnHidden(Column.TIME)
    plain = transcript(SAMPLE_LINES)
    panel.model.set_rows(plain, [Row(1, find(plain, "Kevin Richardson", "PERSON"))])
    assert not panel.table.isColumnHidden(Column.WHERE) and panel.table.isColumnHidden(Column.TIME)
    panel.model.set_rows(dataclasses.replace(document, page_map=PageMap(((0, 1, 1),))), rows)
    assert not panel.table.isColumnHidden(Column.WHERE) and not panel.table.isColumnHidden(Column.TIME)


def test_clock_rounds_to_tenths_across_minutes_and_hours():
    assert clock(0) == "00:00:00.0"
    assert clock(59.96) == "00:01:00.0"
    assert clock(3725.04) == "01:02:05.0"
