"""The persons panel across documents, for the README (run under a display or xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python docs/screenshots/make_corpus_screenshots.py

Three short hand-made hearings that share people (one of them misspelt in one document)
go into a project with every span accepted; the window matches their persons across the
documents and the panel is saved as persons-across-documents.png beside this script.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))


def main() -> int:
    tmp = Path(tempfile.mkdtemp())
    os.environ["REVIEWER_APP_DATA_DIR"] = str(tmp / "data")
    os.environ["REVIEWER_APP_CONFIG_DIR"] = str(tmp / "config")
    from reviewer_app.settings import Settings
    from reviewer_app.store import Project
    from reviewer_app.ui.app import application
    from reviewer_app.ui.main_window import MainWindow
    from tests.unit.test_corpus_tags import add

    path = tmp / "corpus.db"
    with Project.create(path) as project:
        for doc_id in ("d1", "d2", "d3"):
            add(project, doc_id)
    app = application()
    window = MainWindow(Settings(reviewer="screenshots"))
    window.resize(1500, 900)
    window.show()
    window.open_path(path)
    started = time.monotonic()
    while window.review is None or window.review.document_id is None:
        if time.monotonic() - started > 60:
            raise TimeoutError
        app.processEvents()
        time.sleep(0.01)
    window.focus_persons()
    panel = window.clusters
    panel.across.setChecked(True)
    panel.match_action.trigger()
    for item in panel.cluster_items():
        item.setExpanded(True)
    panel.tree.setColumnWidth(0, 300)
    panel.tree.setCurrentItem(panel.cluster_items()[2])
    app.processEvents()
    window.side_tabs.resize(720, 420)
    window.side_tabs.grab().save(str(HERE / "persons-across-documents.png"))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
