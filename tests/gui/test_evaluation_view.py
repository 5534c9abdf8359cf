"""The Evaluation view and the whitelist curation view, opened on small data."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QTableWidget

from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.core.spans import Status
from reviewer_app.evaluation.curation import DecidedSpan, add_to_whitelist, read_whitelist
from reviewer_app.evaluation.metrics import DocumentPair
from reviewer_app.ui.curation_view import CurationView
from reviewer_app.ui.evaluation_view import EvaluationView
from tests.unit.test_metrics import GOLD, PRED, TEXT


def tab_tables(view: EvaluationView, name: str) -> list[QTableWidget]:
    index = next(i for i in range(view.tabs.count()) if view.tabs.tabText(i) == name)
    return view.tabs.widget(index).findChildren(QTableWidget)


def cells(table: QTableWidget, row: int) -> list[str]:
    return [table.item(row, c).text() for c in range(table.columnCount())]


def run_evaluation(qtbot, view: EvaluationView) -> None:
    with qtbot.waitSignal(view.evaluated, timeout=30_000):
        assert view.evaluate() is not None


def test_evaluation_view_shows_tables_risk_misses_and_charts(qtbot, tmp_path):
    view = EvaluationView()
    qtbot.addWidget(view)
    assert not view.run_button.isEnabled()
    gold = write_jsonl(tmp_path / "gold.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in GOLD))])
    pred = write_jsonl(tmp_path / "pred.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in PRED))])
    assert view.load_files(gold, pred)
    assert view.run_button.isEnabled()
    run_evaluation(qtbot, view)

    names = [view.tabs.tabText(i) for i in range(view.tabs.count())]
    assert names == ["Scores", "Confusions", "Detectors", "Residual risk", "Misses", "Agreement", "Charts"]
    (scores,) = tab_tables(view, "Scores")
    micro = next(r for r in range(scores.rowCount()) if scores.item(r, 0).text() == "OVERALL (micro)")
    assert cells(scores, micro) == [
        "OVERALL (micro)",
        "8",
        "0.500",
        "0.500",
        "0.500",
        "0.750",
        "0.750",
        "0.750",
    ]
    (confusions,) = tab_tables(view, "Confusions")
    assert cells(confusions, 0) == ["LOCATION | PERSON", "1"]
    summary, per_document = tab_tables(view, "Residual risk")
    assert cells(summary, 0)[-2:] == ["3.0", "passes"]
    assert cells(per_document, 0)[:2] == ["hearing", "3"]
    (misses,) = tab_tables(view, "Misses")
    assert misses.rowCount() == 3 and cells(misses, 0)[1] == "AGE"
    (disagreements,) = tab_tables(view, "Agreement")
    # the two files as two annotators: P8 over G7 is one disagreement on the label
    kinds = [
        (cells(disagreements, r)[1], cells(disagreements, r)[-1]) for r in range(disagreements.rowCount())
    ]
    assert ("label", "Richardson") in kinds and ("only pred", "Board of Parole Hearings") in kinds
    charts = view.chart_labels()
    assert len(charts) == 2 and all(not c.pixmap().isNull() for c in charts)
    assert "F1 0.500" in view.status.text() and "passes" in view.status.text()

    md, page = view.save_report(tmp_path / "saved")
    assert md.exists() and page.exists() and (tmp_path / "saved" / "residual_risk.png").exists()


def test_evaluation_view_reads_conll_gold(qtbot, tmp_path):
    from reviewer_app.exporters.conll import write_conll

    view = EvaluationView()
    qtbot.addWidget(view)
    gold = write_conll(tmp_path / "gold.conll", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in GOLD))])
    pred = write_jsonl(tmp_path / "pred.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in PRED))])
    assert view.load_files(gold, pred)
    run_evaluation(qtbot, view)
    assert "P 0.500, R 0.500, F1 0.500" in view.status.text()


def test_evaluation_view_reports_a_bad_file(qtbot, tmp_path):
    view = EvaluationView()
    qtbot.addWidget(view)
    gold = tmp_path / "gold.jsonl"
    gold.write_text("{not json\n", encoding="utf-8")
    with qtbot.waitSignal(view.failed):
        assert not view.load_files(gold, gold)
    assert "not valid JSON" in view.status.text()
    assert not view.run_button.isEnabled()


def test_evaluation_view_takes_pairs_without_detector_tables(qtbot):
    view = EvaluationView()
    qtbot.addWidget(view)
    view.per_detector.setChecked(False)
    view.set_pairs([DocumentPair("hearing", TEXT, GOLD, GOLD)])
    run_evaluation(qtbot, view)
    assert "Detectors" not in [view.tabs.tabText(i) for i in range(view.tabs.count())]
    assert "F1 1.000" in view.status.text()


def decided(doc: str, text: str, status: Status, label: str = "ORGANIZATION") -> DecidedSpan:
    return DecidedSpan(doc, 0, len(text), label, status, text, f"…the [{text}] said…")


CORPUS = [
    *(decided(f"h{i}", "CBA", Status.REJECTED) for i in range(4)),
    *(decided(f"h{i}", "Georgia", Status.REJECTED, "LOCATION") for i in range(3)),
    decided("h9", "Georgia", Status.ACCEPTED, "PERSON"),
    decided("h1", "Penal Code", Status.REJECTED),
]


def test_curation_view_lists_candidates_and_whitelists_the_safe_ones(qtbot, tmp_path, monkeypatch):
    whitelist = tmp_path / "whitelist.txt"
    view = CurationView(CORPUS, add_terms=lambda terms: add_to_whitelist(whitelist, terms))
    qtbot.addWidget(view)
    assert [c.term for c in view.candidates] == ["CBA", "Georgia"]
    assert cells(view.table, 1)[:4] == ["Georgia", "3", "1", "3"]
    # the risky term is not checked; the safe one is
    assert view.table.item(0, 0).checkState() == Qt.CheckState.Checked
    assert view.table.item(1, 0).checkState() == Qt.CheckState.Unchecked

    view.table.selectRow(1)
    assert view.term_edit.text() == "Georgia"
    assert "suppress 4 decided spans in 4 documents (3 rejected, 1 accepted as PII)" in view.impact.text()
    assert "would leak" in view.warning.text()
    view.term_edit.setText("penal code")
    assert view.warning.text() == ""

    view.min_rejections.setValue(1)
    assert [c.term for c in view.candidates] == ["CBA", "Georgia", "Penal Code"]
    view.min_rejections.setValue(3)

    # Checking the risky term too: declining the warning whitelists only the safe one.
    view.table.item(1, 0).setCheckState(Qt.CheckState.Checked)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.No)
    with qtbot.waitSignal(view.terms_added) as signal:
        view.whitelist_checked()
    assert signal.args == [["CBA"]]
    assert read_whitelist(whitelist) == ["CBA"]
    assert [c.term for c in view.candidates] == ["Georgia"]


def reviewed_hearing_project(path):
    """The metrics fixture as a project: detectors proposed PRED; the reviewer
    accepted, resized, relabelled and rejected until the accepted spans are GOLD."""
    from reviewer_app.core.document import Document
    from reviewer_app.store.project import Project

    project = Project.create(path)
    doc_id = project.add_document(Document("hearing", TEXT))
    project.record_detection(doc_id, PRED)
    gold_by_start = {g.start: g for g in GOLD}
    for stored in project.spans(doc_id):
        gold = gold_by_start.get(stored.start)
        if gold is None:  # "Board of Parole Hearings"
            project.decide(stored.id, Status.REJECTED)
        else:
            project.decide(stored.id, Status.ACCEPTED, gold.label, gold.start, gold.end)
    age = GOLD[-1]
    project.add_span(doc_id, age.start, age.end, age.label)
    return project


def test_evaluation_and_curation_views_on_a_small_project(qtbot, tmp_path):
    from reviewer_app.evaluation.sources import (
        decided_spans_from_project,
        pairs_from_project,
        project_whitelist,
        project_whitelist_adder,
    )

    with reviewed_hearing_project(tmp_path / "p.db") as project:
        (pair,) = pairs_from_project(project)
        assert sorted((s.start, s.end, s.label) for s in pair.gold) == sorted(
            (s.start, s.end, s.label) for s in GOLD
        )
        view = EvaluationView()
        qtbot.addWidget(view)
        view.set_pairs([pair])
        run_evaluation(qtbot, view)
        # the same figures as from the files: the project holds the same gold and prediction
        assert "P 0.500, R 0.500, F1 0.500" in view.status.text()

        curation = CurationView(
            decided_spans_from_project(project),
            whitelisted=project_whitelist(project),
            add_terms=project_whitelist_adder(project),
        )
        qtbot.addWidget(curation)
        curation.min_rejections.setValue(1)
        assert [c.term for c in curation.candidates] == ["Board of Parole Hearings"]
        assert curation.whitelist_checked() == ["Board of Parole Hearings"]
        assert "Board of Parole Hearings" in project_whitelist(project)
        assert curation.candidates == []
