"""The window remembers the reviewer's colour mode, docks, size and folders from
one start to the next, and the welcome screen lists the recent transcripts and
projects. Everything is kept under the test's own config folder (conftest points
REVIEWER_APP_CONFIG_DIR there), never in the real reviewer's."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from reviewer_app.core.spans import Span
from reviewer_app.paths import config_dir
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.colors import ColourBy
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.window_memory import WindowMemory
from tests.gui.helpers import SAMPLE_LINES, transcript
from tests.gui.test_review_controller import make_project


def activate(qtbot, window) -> None:
    """The offscreen platform does not always activate a window by itself, as a desktop does."""
    QApplication.setActiveWindow(window)
    qtbot.waitUntil(window.isActiveWindow)


def start_window(qtbot) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    activate(qtbot, window)
    qtbot.waitUntil(lambda: window.welcome is not None, timeout=10000)
    return window


def test_the_memory_lives_in_the_tests_config_folder(isolated_user_dirs):
    memory = WindowMemory()
    assert memory.path == config_dir() / "window.ini"
    assert memory.path.is_relative_to(isolated_user_dirs)


def test_colour_mode_and_size_come_back_after_a_restart(qtbot):
    first = start_window(qtbot)
    qtbot.keyClick(first, Qt.Key.Key_F7)  # colour by label
    assert first.transcript.highlighter.colour_by is ColourBy.LABEL
    first.resize(700, 650)  # smaller than the 1500 x 950 of a first start (and than the test screen)
    size = first.size()
    first.close()

    second = start_window(qtbot)
    assert second.legend.by_label.isChecked()
    assert second.transcript.highlighter.colour_by is ColourBy.LABEL
    assert second.size() == size and size.width() < 800 and size.height() < 800
    qtbot.keyClick(second, Qt.Key.Key_F7)  # back to detector colours, remembered as well
    second.close()
    third = start_window(qtbot)
    assert third.legend.by_detector.isChecked()
    assert third.transcript.highlighter.colour_by is ColourBy.DETECTOR


def test_the_docks_come_back_where_the_reviewer_put_them(qtbot, tmp_path):
    project, _ = make_project(tmp_path / "p.db")
    project.close()
    first = start_window(qtbot)
    first.open_path(tmp_path / "p.db")
    assert first.dockWidgetArea(first.docks[0]) == Qt.DockWidgetArea.LeftDockWidgetArea
    first.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, first.docks[0])  # dropped on the right
    first.close()

    second = start_window(qtbot)
    assert not any(dock.isVisible() for dock in second.docks)  # the welcome stands alone
    second.open_path(tmp_path / "p.db")
    assert all(dock.isVisible() for dock in second.docks)
    assert second.dockWidgetArea(second.docks[0]) == Qt.DockWidgetArea.RightDockWidgetArea


def test_the_open_dialog_starts_in_the_last_folder_used(qtbot, monkeypatch, tmp_path):
    folder = tmp_path / "hearings"
    folder.mkdir()
    good = folder / "hearing.txt"
    good.write_text("\n".join(SAMPLE_LINES) + "\n", encoding="utf-8")
    asked_in = []

    def open_name(parent, caption, start, file_filter):
        asked_in.append(start)
        return str(good), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(open_name))
    first = start_window(qtbot)
    with qtbot.waitSignal(first.document_shown, timeout=10000):
        qtbot.keyClick(first, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    first.close()
    second = start_window(qtbot)
    qtbot.mouseClick(second.welcome.buttons["transcript"], Qt.MouseButton.LeftButton)
    assert asked_in == ["", str(folder)]


def test_the_export_dialog_starts_in_the_folder_exported_to_last(qtbot, tmp_path):
    doc = transcript(["JUDGE: The witness today is Anna Bellweather."])
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(doc)
        start = doc.text.index("Anna")
        project.record_detection(
            doc_id, [Span(start, start + len("Anna Bellweather"), "PERSON", ("spacy",), 0.9)], ["spacy"]
        )
        project.accept(project.spans(doc_id)[0].id)
    out = tmp_path / "published"
    first = start_window(qtbot)
    first.open_path(tmp_path / "p.db")
    qtbot.keyClick(first, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    dialog = first.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None and dialog.export_button.isEnabled(), timeout=10000)
    dialog.out_dir.setText(str(out))
    with qtbot.waitSignal(dialog.exported, timeout=10000):
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert any(out.iterdir())
    dialog.close()
    first.close()
    second = start_window(qtbot)
    second.open_path(tmp_path / "p.db")
    activate(qtbot, second)  # the first window's dialog closing took the activation along
    qtbot.keyClick(second, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert second.export_dialog.out_dir.text() == str(out)
    second.export_dialog.close()


def test_welcome_lists_recent_transcripts_and_projects_and_opens_them(qtbot, tmp_path):
    transcripts = []
    for name in ("first.txt", "second.txt", "gone.txt"):
        path = tmp_path / name
        path.write_text("\n".join(SAMPLE_LINES) + f"\nJUDGE: {name}\n", encoding="utf-8")
        transcripts.append(path)
    project, _ = make_project(tmp_path / "corpus.db")
    project.close()
    first = start_window(qtbot)
    for path in transcripts:
        with qtbot.waitSignal(first.document_shown, timeout=10000):
            first.open_path(path)
        first.close_project()  # each on its own, as from the welcome
    first.open_path(transcripts[0])  # again: moves to the top, listed once
    first.open_path(tmp_path / "corpus.db")
    first.close()
    transcripts[2].unlink()

    second = start_window(qtbot)
    recent = second.welcome.recent
    listed = [recent["transcripts"].item(i) for i in range(recent["transcripts"].count())]
    assert [Path(i.data(Qt.ItemDataRole.UserRole)).name for i in listed] == [
        "first.txt",
        "gone.txt",
        "second.txt",
    ]
    gone = listed[1]
    assert not gone.flags() & Qt.ItemFlag.ItemIsEnabled and "Not found" in gone.toolTip()
    assert [recent["projects"].item(i).text().split()[0] for i in range(recent["projects"].count())] == [
        "corpus.db"
    ]
    # A click on the greyed one does nothing; a click on "second.txt" opens it.
    qtbot.mouseClick(
        recent["transcripts"].viewport(),
        Qt.MouseButton.LeftButton,
        pos=recent["transcripts"].visualItemRect(gone).center(),
    )
    assert second.project is None
    with qtbot.waitSignal(second.document_shown, timeout=10000):
        qtbot.mouseClick(
            recent["transcripts"].viewport(),
            Qt.MouseButton.LeftButton,
            pos=recent["transcripts"].visualItemRect(listed[2]).center(),
        )
    assert second.review.document.source_path.endswith("second.txt")
    second.close()

    third = start_window(qtbot)
    projects = third.welcome.recent["projects"]
    projects.setFocus()
    qtbot.keyClick(projects, Qt.Key.Key_Return)  # Enter opens the current (most recent) one
    assert third.project is not None and third.project.path == tmp_path / "corpus.db"
    assert not third.project.read_only
    third.close()

    # A double click (a click, then a double click to Qt) opens the project once, for writing.
    fourth = start_window(qtbot)
    projects = fourth.welcome.recent["projects"]
    centre = projects.visualItemRect(projects.item(0)).center()
    qtbot.mouseClick(projects.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    opened = fourth.project
    qtbot.mouseDClick(projects.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert fourth.project is opened and not opened.read_only
