"""Libraries with native extensions are imported on the UI thread before a task
uses them: pdfplumber's first import (cryptography) on a worker thread beside
Qt's event loop killed a test run with SIGSEGV."""

from __future__ import annotations

import threading

from reviewer_app.core.clusters import FUZZY_LIBRARIES
from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.evaluation.charts import CHART_LIBRARIES
from reviewer_app.importers.pdf import PDF_LIBRARIES
from reviewer_app.paths import resource
from reviewer_app.settings import Settings
from reviewer_app.ui import evaluation_view, main_window, window_opening
from reviewer_app.ui.main_window import MainWindow
from tests.unit.test_metrics import GOLD, PRED, TEXT


def record_imports(monkeypatch, *modules) -> list[tuple[bool, tuple[str, ...]]]:
    """The calls of `import_on_ui_thread` from these modules, in order, with whether
    each was on the UI thread."""
    calls: list[tuple[bool, tuple[str, ...]]] = []
    real = modules[0].import_on_ui_thread

    def recording(*names: str) -> None:
        calls.append((threading.current_thread() is threading.main_thread(), names))
        real(*names)

    for module in modules:
        monkeypatch.setattr(module, "import_on_ui_thread", recording)
    return calls


def test_the_window_imports_the_libraries_its_tasks_use_on_the_ui_thread_first(qtbot, monkeypatch):
    calls = record_imports(monkeypatch, main_window, window_opening)
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.document_shown, timeout=60000):
        window.open_path(resource("sample", "sample_hearing.pdf"))
    # the fuzzy matching the preview and export-check tasks use, when the window is made
    assert calls == [(True, FUZZY_LIBRARIES), (True, PDF_LIBRARIES)]


def test_the_evaluation_imports_the_chart_libraries_on_the_ui_thread_first(qtbot, monkeypatch, tmp_path):
    calls = record_imports(monkeypatch, evaluation_view)
    view = evaluation_view.EvaluationView()
    qtbot.addWidget(view)
    records = [Record("hearing", TEXT, tuple(SpanRecord(s) for s in spans)) for spans in (GOLD, PRED)]
    gold = write_jsonl(tmp_path / "gold.jsonl", records[:1])
    pred = write_jsonl(tmp_path / "pred.jsonl", records[1:])
    assert view.load_files(gold, pred)
    with qtbot.waitSignal(view.evaluated, timeout=30_000):
        assert view.evaluate() is not None
    assert calls == [(True, CHART_LIBRARIES)]
