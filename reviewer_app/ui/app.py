"""Start the application: one QApplication, one main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from reviewer_app.paths import resource
from reviewer_app.settings import Settings, load_settings
from reviewer_app.ui.main_window import MainWindow


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName("reviewer_app")
        app.setOrganizationName("reviewer-app")
        app.setWindowIcon(QIcon(str(resource("icons", "reviewer-app-256.png"))))
    return app  # type: ignore[return-value]


def build_window(path: Path | None = None, settings: Settings | None = None) -> MainWindow:
    window = MainWindow(settings or load_settings())
    if path is not None:
        window.open_path(path)
    return window


def run(path: Path | None = None) -> int:
    app = application()
    window = build_window(path)
    window.show()
    return app.exec()
