"""A file that is not a transcript gets its message and leaves nothing behind:
no project file (nor its -wal, -shm or lock files) in the data folder, the same
window title, and the reviewer where they were (the welcome page, or the
project and document they had open)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from reviewer_app.paths import data_dir
from reviewer_app.settings import Settings
from reviewer_app.ui.about_dialog import window_title
from reviewer_app.ui.main_window import MainWindow
from tests.gui.helpers import SAMPLE_LINES


def data_files() -> set[Path]:
    root = data_dir()
    return {p.relative_to(root) for p in root.rglob("*")} if root.exists() else set()


def image_only_pdf(path: Path) -> Path:
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    scan = Image.new("RGB", (200, 100), "white")
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.drawImage(ImageReader(scan), 72, 500, width=400, height=200)
    pdf.showPage()
    pdf.save()
    path.write_bytes(buffer.getvalue())
    return path


@pytest.fixture
def bad_files(tmp_path) -> dict[str, Path]:
    docx = tmp_path / "notes.docx"
    docx.write_bytes(b"PK\x03\x04" + bytes(64))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    return {"docx": docx, "empty": empty, "scan": image_only_pdf(tmp_path / "scan.pdf")}


EXPECTED_WORDS = {"docx": "cannot be imported", "empty": "is empty", "scan": "no text layer"}


def make_window(qtbot) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.welcome is not None, timeout=10000)
    return window


def assert_welcome_untouched(window: MainWindow, before: set[Path]) -> None:
    assert window.project is None and window.review is None
    assert window.windowTitle() == window_title()
    assert window.pages.currentWidget() is window.welcome_page
    assert not any(dock.isVisible() for dock in window.docks)
    assert data_files() == before


def dismiss(box: QMessageBox) -> None:
    QTest.keyClick(box, Qt.Key.Key_Return)  # OK, as the reviewer would
    assert not box.isVisible()


@pytest.mark.parametrize("kind", ["docx", "empty", "scan"])
def test_open_dialog_with_a_bad_file_leaves_the_welcome_and_the_data_folder_as_they_were(
    qtbot, monkeypatch, bad_files, kind
):
    window = make_window(qtbot)
    before = data_files()
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(bad_files[kind]), ""))
    )
    with qtbot.waitSignal(window.error_shown, timeout=10000) as blocker:
        qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # File > Open
    box = blocker.args[0]
    assert EXPECTED_WORDS[kind] in box.text() and bad_files[kind].name in box.text()
    dismiss(box)
    assert_welcome_untouched(window, before)


def test_dropping_a_bad_file_leaves_nothing_behind(qtbot, bad_files):
    window = make_window(qtbot)
    before = data_files()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(bad_files["empty"]))])
    drop = QDropEvent(
        QPointF(QPoint(20, 20)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.error_shown, timeout=10000) as blocker:
        window.dropEvent(drop)
    assert "empty.txt is empty" in blocker.args[0].text()
    dismiss(blocker.args[0])
    assert_welcome_untouched(window, before)


def test_a_bad_file_from_the_command_line_opens_the_welcome_and_no_project(qtbot, monkeypatch, bad_files):
    """`reviewer-app open notes.docx`: the window starts on the welcome page with
    the message over it, and the data folder stays empty."""
    from reviewer_app.cli.main import main
    from reviewer_app.ui import app as app_module

    seen = {}
    build_window = app_module.build_window

    def built(*args, **kwargs) -> MainWindow:
        seen["window"] = build_window(*args, **kwargs)
        qtbot.addWidget(seen["window"])
        return seen["window"]

    class Loop:
        """Stands in for the event loop of `app.exec()`: lets the window run until
        the message is up, then closes it as the reviewer would."""

        def exec(self) -> int:
            window = seen["window"]
            qtbot.waitUntil(lambda: window.welcome is not None, timeout=10000)
            qtbot.waitUntil(lambda: window.findChild(QMessageBox) is not None, timeout=10000)
            seen["message"] = window.findChild(QMessageBox).text()
            dismiss(window.findChild(QMessageBox))
            assert_welcome_untouched(window, set())
            window.close()
            return 0

    monkeypatch.setattr(app_module, "application", Loop)
    monkeypatch.setattr(app_module, "build_window", built)
    assert main(["open", str(bad_files["docx"])]) == 0
    assert "notes.docx: files of type .docx cannot be imported" in seen["message"]
    assert data_files() == set()


def test_a_bad_file_keeps_the_open_project_and_document(qtbot, tmp_path, bad_files):
    window = make_window(qtbot)
    good = tmp_path / "hearing.txt"
    good.write_text("\n".join(SAMPLE_LINES) + "\n", encoding="utf-8")
    with qtbot.waitSignal(window.document_shown, timeout=10000):
        window.open_path(good)
    project, document_id, title = window.project, window.review.document_id, window.windowTitle()
    before = data_files()
    assert Path("projects/hearing.db") in before
    for kind in ("docx", "empty", "scan"):
        with qtbot.waitSignal(window.error_shown, timeout=10000) as blocker:
            window.open_path(bad_files[kind])
        assert EXPECTED_WORDS[kind] in blocker.args[0].text()
        dismiss(blocker.args[0])
        assert window.project is project and window.review.document_id == document_id
        assert window.windowTitle() == title
        assert project.document_ids() == [document_id]
        assert "Kevin Richardson" in window.transcript.toPlainText()
        assert data_files() == before


def test_a_transcript_opened_before_reopens_from_its_project_without_import(qtbot, monkeypatch, tmp_path):
    good = tmp_path / "hearing.txt"
    good.write_text("\n".join(SAMPLE_LINES) + "\n", encoding="utf-8")
    first = make_window(qtbot)
    with qtbot.waitSignal(first.document_shown, timeout=10000):
        first.open_path(good)
    document_id = first.review.document_id
    first.close()
    second = make_window(qtbot)
    monkeypatch.setattr(second, "import_into_project", lambda *a: pytest.fail("imported again"))
    with qtbot.waitSignal(second.document_shown, timeout=10000):
        second.open_path(good)
    assert second.review.document_id == document_id
    assert second.project.path == data_dir() / "projects" / "hearing.db"


def test_dropping_several_transcripts_on_the_welcome_puts_them_in_one_project(qtbot, tmp_path):
    window = make_window(qtbot)
    paths = []
    for name in ("first.txt", "second.txt"):
        path = tmp_path / name
        path.write_text("\n".join(SAMPLE_LINES) + f"\nJUDGE: {name}\n", encoding="utf-8")
        paths.append(path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    drop = QDropEvent(
        QPointF(QPoint(20, 20)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.document_shown, timeout=10000):
        window.dropEvent(drop)
    qtbot.waitUntil(lambda: window.documents.count() == 2, timeout=10000)
    assert window.project.path == data_dir() / "projects" / "first.db"
    assert window.review.document.source_path.endswith("first.txt")
    assert Path("projects/second.db") not in data_files()
