"""Exporting a caption document from the window: the dialog says beforehand which files it
writes (the text, the captions in their own format, the redaction intervals), and the
status bar names the files written."""

from __future__ import annotations

from PySide6.QtCore import Qt

from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.export_plan import export_file_names, plan_export
from reviewer_app.ui.main_window import MainWindow
from tests.gui.helpers import SAMPLE_LINES, find, transcript
from tests.gui.test_caption_times import caption_document


def _caption_project(tmp_path):
    document, rows = caption_document(tmp_path)
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        doc_id = project.add_document(document, "tester")
        project.record_detection(doc_id, [r.span for r in rows], ["spacy"])
        for span in project.spans(doc_id):
            project.accept(span.id, "tester")
    return path, doc_id


def test_the_dialog_lists_the_caption_files_and_the_status_bar_names_those_written(qtbot, tmp_path):
    path, doc_id = _caption_project(tmp_path)
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    window.open_path(path)
    qtbot.waitUntil(lambda: window.review is not None and window.review.document_id == doc_id)
    window.open_export()
    dialog = window.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    expected = [f"{doc_id}.txt", f"{doc_id}.json", f"{doc_id}.redactions.json", f"{doc_id}.redactions.csv"]
    assert f"Will write into the export folder: {', '.join(expected)}" in dialog.summary.text()
    out = tmp_path / "out"
    dialog.out_dir.setText(str(out))
    qtbot.waitUntil(dialog.export_button.isEnabled, timeout=10000)
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: out.is_dir() and any(out.iterdir()), timeout=10000)
    assert sorted(p.name for p in out.iterdir()) == sorted(expected)  # what the dialog said
    message = window.message_label.text()
    assert message.startswith("Exported 4 file(s): ") and all(name in message for name in expected)
    assert all(str(out / name) in window.message_label.toolTip() for name in expected)


def test_a_plain_transcript_writes_its_text_only_and_a_draft_says_so(tmp_path):
    document = transcript(SAMPLE_LINES)
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(document, "tester")
        project.record_detection(doc_id, [find(document, "Kevin Richardson", "PERSON")], ["spacy"])
        assert export_file_names(plan_export(project, doc_id, draft=True)) == [f"{doc_id}.DRAFT.txt"]
