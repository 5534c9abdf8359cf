"""Screenshots of the first start for the README (run under a display or xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python docs/screenshots/make_start_screenshots.py

The window opened on nothing (the welcome screen, with this machine's detector
statuses), the About dialog and the Models dialog are saved as PNGs beside this
script. Fresh settings and data folders, as on a first start.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))


def settle(app, seconds: float = 0.3) -> None:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        app.processEvents()
        time.sleep(0.01)


def main() -> int:
    tmp = Path(tempfile.mkdtemp())
    os.environ["REVIEWER_APP_DATA_DIR"] = str(tmp / "data")
    os.environ["REVIEWER_APP_CONFIG_DIR"] = str(tmp / "config")
    from reviewer_app.settings import Settings
    from reviewer_app.ui.about_dialog import AboutDialog
    from reviewer_app.ui.app import application
    from reviewer_app.ui.main_window import MainWindow

    app = application()
    window = MainWindow(Settings(reviewer="reviewer"))
    window.resize(1280, 860)
    window.show()
    started = time.monotonic()
    while window.welcome is None:
        if time.monotonic() - started > 120:
            raise TimeoutError("the welcome screen did not appear")
        app.processEvents()
        time.sleep(0.01)
    settle(app)
    window.grab().save(str(HERE / "welcome.png"))

    about = AboutDialog(window)
    about.show()
    settle(app)
    about.grab().save(str(HERE / "about.png"))
    about.close()

    models = window.open_models_dialog()
    settle(app)
    models.grab().save(str(HERE / "models-dialog.png"))
    models.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
