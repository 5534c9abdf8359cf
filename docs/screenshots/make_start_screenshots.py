"""Screenshots of the first start for the README (run under a display or xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python docs/screenshots/make_start_screenshots.py

The window opened on nothing (the welcome screen, with this machine's detector
statuses), the About dialog and the Models dialog are saved as PNGs beside this
script. Fresh settings and data folders, as on a first start. Then the bundled
sample and a project are opened and the window is started again: the welcome
lists them as recent (welcome-recent.png).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))


def settle(app, seconds: float = 0.3) -> None:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        app.processEvents()
        time.sleep(0.01)


def save(widget, name: str) -> None:
    from make_review_screenshots import shrink

    path = HERE / f"{name}.png"
    widget.grab().save(str(path))
    shrink(path)


def wait_for_welcome(app, window) -> None:
    started = time.monotonic()
    while window.welcome is None:
        if time.monotonic() - started > 120:
            raise TimeoutError("the welcome screen did not appear")
        app.processEvents()
        time.sleep(0.01)
    settle(app)


def main() -> int:
    # A fixed folder, emptied first: its path shows in the pictures (export folder, recent
    # projects), the same at every run.
    tmp = Path(tempfile.gettempdir()) / "reviewer-app-start-screenshots"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    os.environ["REVIEWER_APP_DATA_DIR"] = str(tmp / "data")
    os.environ["REVIEWER_APP_CONFIG_DIR"] = str(tmp / "config")
    from reviewer_app.settings import Settings
    from reviewer_app.store.project import Project
    from reviewer_app.ui.about_dialog import AboutDialog
    from reviewer_app.ui.app import application
    from reviewer_app.ui.main_window import MainWindow

    app = application()
    window = MainWindow(Settings(reviewer="reviewer"))
    window.resize(1280, 860)
    window.show()
    wait_for_welcome(app, window)
    save(window, "welcome")

    about = AboutDialog(window)
    about.show()
    settle(app)
    save(about, "about")
    about.close()

    models = window.open_models_dialog()
    settle(app)
    save(models, "models-dialog")
    models.close()

    # A day's work: the sample opened on its own, a corpus project opened; the next
    # start lists both.
    window.open_sample()
    started = time.monotonic()
    while window.review is None or window.review.document is None:
        if time.monotonic() - started > 120:
            raise TimeoutError("the sample did not open")
        app.processEvents()
        time.sleep(0.01)
    window.close_project()
    corpus = tmp / "data" / "projects" / "bph-2021-hearings.db"
    Project.create(corpus).close()
    window.open_path(corpus)
    window.close()
    settle(app)
    again = MainWindow(Settings(reviewer="reviewer"))
    again.resize(1280, 860)
    again.show()
    wait_for_welcome(app, again)
    save(again, "welcome-recent")
    again.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
