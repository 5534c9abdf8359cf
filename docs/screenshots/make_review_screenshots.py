"""Screenshots of the review window for the README (run under a display or xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python docs/screenshots/make_review_screenshots.py

A generated transcript is imported, detected with the offline detectors, partly
reviewed, and the window, the persons panel, the whitelist manager and the
export dialog are saved as PNGs beside this script.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))


def wait(app, condition, timeout: float = 300.0) -> None:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise TimeoutError
        app.processEvents()
        time.sleep(0.01)


def main() -> int:
    tmp = Path(tempfile.mkdtemp())
    os.environ["REVIEWER_APP_DATA_DIR"] = str(tmp / "data")
    os.environ["REVIEWER_APP_CONFIG_DIR"] = str(tmp / "config")
    from PySide6.QtWidgets import QApplication

    from reviewer_app.core.spans import Status
    from reviewer_app.settings import Settings
    from reviewer_app.ui.app import application
    from reviewer_app.ui.main_window import MainWindow
    from tests.fixtures.generator import generate_transcript

    app: QApplication = application()
    files = generate_transcript(21, target_words=2500).write(tmp / "generated")
    window = MainWindow(Settings(reviewer="reviewer", detectors=("presidio", "spacy", "zeroshot")))
    window.resize(1600, 1000)
    window.show()
    window.open_path(files["pdf"])
    wait(app, lambda: window.review is not None and window.review.document is not None)
    window.start_detection([window.review.document_id], ["presidio", "spacy"])
    wait(app, lambda: window.detection.task is None and not window.detection.queue and window.review.rows)
    review = window.review
    # Decide the first spans the way a reviewer would, leave the rest pending.
    window.actions.next_pending.trigger()
    for step in range(14):
        row = review.current
        if row is None:
            break
        if row.span.label in ("PERSON", "CDCR_ID", "DATE", "LOCATION", "SPELLED_NAME") or step % 5:
            review.accept()
        else:
            review.reject()
    window.actions.toggle_preview.trigger()
    window.preview.schedule()
    wait(app, lambda: window.preview.result is not None)
    for _ in range(50):
        app.processEvents()
        time.sleep(0.01)
    window.grab().save(str(HERE / "review-window.png"))

    window.focus_persons()
    window.clusters.tree.expandAll()
    for _ in range(20):
        app.processEvents()
    window.side_tabs.grab().save(str(HERE / "persons-panel.png"))

    pending_org = next((r for r in review.rows if r.status is Status.PENDING), None)
    if pending_org is not None:
        review.set_current(pending_org.id)
        review.whitelist_current()
    window.open_whitelist_manager()
    dialog = window.whitelist_dialog
    dialog.add_term("Comprehensive Risk Assessment")
    dialog.add_term("Board of Parole Hearings")
    for _ in range(20):
        app.processEvents()
    dialog.grab().save(str(HERE / "whitelist-dialog.png"))
    dialog.close()

    # A finished review with one slip: every span accepted but one mention of a
    # person rejected, so the leak guard has a finding to settle (Tag it / Not identifying here).
    project, doc_id = review.project, review.document_id
    stored = project.spans(doc_id)
    slip = [s for s in stored if s.span.label == "PERSON"][3]
    project.decide_many([s.id for s in stored if s.id != slip.id], Status.ACCEPTED, "reviewer")
    project.decide(slip.id, Status.REJECTED, who="reviewer")
    review.reload()
    window.open_export()
    export = window.export_dialog
    wait(app, lambda: export.plan is not None and export.findings.count() > 0)
    export.findings.setCurrentRow(0)
    for _ in range(20):
        app.processEvents()
    export.grab().save(str(HERE / "export-dialog.png"))
    export.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
