"""The span table model: Qt's model contract, filters, and row updates."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from reviewer_app.core.spans import Status
from reviewer_app.ui.span_table_model import SPAN_ID_ROLE, Column, SpanFilterProxy, SpanTableModel
from tests.gui.helpers import SAMPLE_LINES, Row, find, transcript


def sample():
    doc = transcript(SAMPLE_LINES)
    rows = [
        Row(1, find(doc, "Kevin Richardson", "PERSON", "presidio", "spacy")),
        Row(2, find(doc, "L90314", "CDCR_ID", "presidio"), Status.ACCEPTED),
        Row(3, find(doc, "Fresno", "CITY", "stanza")),
        Row(4, find(doc, "Fresno", "LOCATION", "spacy", nth=1), Status.REJECTED),
        Row(5, find(doc, "June 3rd, 1975", "DATE", "presidio")),
    ]
    return doc, rows


def test_model_passes_qt_model_tester(qtmodeltester):
    doc, rows = sample()
    model = SpanTableModel()
    model.set_rows(doc, rows)
    qtmodeltester.check(model, force_py=True)
    proxy = SpanFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_filters(label="LOCATION")
    qtmodeltester.check(proxy, force_py=True)


def test_columns_show_text_label_status():
    doc, rows = sample()
    model = SpanTableModel()
    model.set_rows(doc, rows)
    assert model.rowCount() == 5
    assert model.data(model.index(0, Column.TEXT)) == "Kevin Richardson"
    assert model.data(model.index(0, Column.DETECTORS)) == "presidio, spacy"
    assert model.data(model.index(1, Column.STATUS)) == "accepted"
    assert model.data(model.index(1, 0), SPAN_ID_ROLE) == 2


def visible_ids(proxy):
    return [proxy.data(proxy.index(r, 0), SPAN_ID_ROLE) for r in range(proxy.rowCount())]


def test_filters_by_label_detector_status_and_text():
    doc, rows = sample()
    model = SpanTableModel()
    model.set_rows(doc, rows)
    proxy = SpanFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_filters(label="LOCATION")  # the fine CITY rolls up to LOCATION
    assert visible_ids(proxy) == [3, 4]
    proxy.set_filters(label="", detector="presidio")
    assert visible_ids(proxy) == [1, 2, 5]
    proxy.set_filters(status=Status.PENDING)
    assert visible_ids(proxy) == [1, 5]
    proxy.set_filters(detector="", status=None, search="fres")
    assert visible_ids(proxy) == [3, 4]


def test_sorting_by_score_and_place():
    doc, rows = sample()
    rows[0] = replace(rows[0], span=rows[0].span.with_(score=0.3))
    model = SpanTableModel()
    model.set_rows(doc, rows)
    proxy = SpanFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(Column.SCORE, Qt.SortOrder.AscendingOrder)
    assert visible_ids(proxy)[0] == 1
    proxy.sort(Column.WHERE, Qt.SortOrder.DescendingOrder)
    assert visible_ids(proxy) == [4, 5, 3, 2, 1]  # document order, reversed


def test_update_rows_repaints_only_changed_rows(qtbot):
    doc, rows = sample()
    model = SpanTableModel()
    model.set_rows(doc, rows)
    rows[2] = replace(rows[2], status=Status.ACCEPTED)
    with qtbot.waitSignal(model.dataChanged) as blocker:
        model.update_rows(rows, changed=[3])
    assert blocker.args[0].row() == 2 == blocker.args[1].row()
    assert model.data(model.index(2, Column.STATUS)) == "accepted"
    with qtbot.waitSignal(model.modelReset):
        model.update_rows(rows[:4])
    assert model.rowCount() == 4
