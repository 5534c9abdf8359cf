"""Tools > Train from reviewed documents, and trained models in the Models dialog."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("spacy")

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings, load_settings
from reviewer_app.store.project import Project
from reviewer_app.ui.models_dialog import ModelsDialog
from reviewer_app.ui.train_dialog import TrainDialog, models_folder
from tests.unit.test_training import tiny_records


def reviewed_project(path):
    """Six short documents, every span decided: names and places accepted, "the court" rejected."""
    project = Project.create(path)
    for record in tiny_records(6):
        doc_id = project.add_document(Document(record.id, record.text))
        found = [r.span.with_(detectors=("spacy",)) for r in record.spans]
        project.record_detection(doc_id, found, ("spacy",))
        for stored in project.spans(doc_id):
            rejected = stored.label == "ORGANIZATION"
            project.decide(stored.id, Status.REJECTED if rejected else Status.ACCEPTED)
    project.close()
    return path


def test_train_in_background_show_scores_use_model_then_switch_back(qtbot, tmp_path):
    project = reviewed_project(tmp_path / "p.db")
    settings_file = tmp_path / "settings.toml"
    out = models_folder() / "court"
    dialog = TrainDialog(project, Settings(reviewer="t"), 6, settings_file=settings_file, out=out)
    qtbot.addWidget(dialog)
    dialog.epochs.setValue(1)
    dialog.held_out.setValue(0.34)
    with qtbot.waitSignal(dialog.finished_training, timeout=180_000) as finished:
        started = time.monotonic()
        dialog.start_button.click()
        # The window is not blocked: starting returns at once, training goes on in the child.
        assert time.monotonic() - started < 2.0
        assert dialog.process is not None and not dialog.start_button.isEnabled()
    assert finished.args == [True], dialog.status.text()
    labels = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert labels == ["LOCATION", "PERSON", "Leak rate"]
    # Base NER, the detectors of the settings, and the trained model, on the held-out documents.
    assert all(dialog.table.item(r, c).text() != "–" for r in range(3) for c in (2, 3, 4))
    assert dialog.use_button.isEnabled()
    with qtbot.waitSignal(dialog.settings_changed):
        dialog.use_button.click()
    assert load_settings(settings_file).trained_model == str(out)

    models = ModelsDialog(load_settings(settings_file), settings_file=settings_file)
    qtbot.addWidget(models)
    assert [m.path for m in models.trained_models] == [out]
    assert not models.use_buttons[str(out)].isEnabled()  # in use
    assert "ready" in models.detector_labels["trained"].text()
    with qtbot.waitSignal(models.settings_changed):
        models.no_trained_button.click()
    assert load_settings(settings_file).trained_model == ""
    assert models.use_buttons[str(out)].isEnabled()
    with qtbot.waitSignal(models.settings_changed):
        models.use_buttons[str(out)].click()
    assert load_settings(settings_file).trained_model == str(out)


def test_a_project_without_reviewed_documents_says_why_in_the_dialog(qtbot, tmp_path):
    project = Project.create(tmp_path / "empty.db")
    project.add_document(Document("d", "Nothing decided here."))
    project.close()
    dialog = TrainDialog(tmp_path / "empty.db", Settings(reviewer="t"), 0, out=tmp_path / "m")
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.finished_training, timeout=120_000) as finished:
        dialog.start_button.click()
    assert finished.args == [False]
    assert "no fully reviewed document" in dialog.status.text()
    assert not (tmp_path / "m").exists() and not dialog.use_button.isEnabled()


def test_tools_menu_train_opens_the_dialog_on_the_open_project(qtbot, tmp_path):
    from reviewer_app.ui.main_window import MainWindow

    reviewed_project(tmp_path / "p.db")
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    titles = [a.text() for a in window.menus["Tools"].actions()]
    assert "&Train from reviewed documents…" in titles
    window.train_action.trigger()
    dialog = window.train_dialog
    assert (
        dialog.project_path == tmp_path / "p.db"
        and "<b>6</b>" in dialog.findChildren(type(dialog.status))[0].text()
    )
    dialog.reject()
    window.close()
