"""Screenshots of the review window for the README (run under a display or xvfb).

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python docs/screenshots/make_review_screenshots.py

A generated transcript is imported and detected with the offline detectors (the
window is saved once while detection runs, when its progress says the time left),
partly reviewed, and the window, the persons panel, the whitelist manager, the
window in the colour-blind palette, the find bar (Ctrl+F) with its matches, the
export dialog with one tag per person, the banner of an interrupted detection and
the bundled caption file (resources/sample/sample_interview.vtt) with its times are
saved as PNGs beside this script. Fresh settings and data folders; the standard
palette, colour by detector.

Each screenshot is made on its own: one that fails (a panel renamed, a dialog that
no longer opens) is reported with its reason and the others are still made; the
exit code is 1 when any failed. `--only NAME...` remakes some of them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

SHOTS = (
    "detection-progress",
    "review-window",
    "persons-panel",
    "whitelist-dialog",
    "export-dialog",
    "colour-blind-palette",
    "find-bar",
    "interrupted-banner",
    "caption-transcript",
)
SAMPLE = HERE.parent.parent / "resources" / "sample"


def wait(app, condition: Callable[[], object], what: str, timeout: float = 300.0) -> None:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"waited {timeout:.0f} s for {what}")
        app.processEvents()
        time.sleep(0.01)


def settle(app, seconds: float = 0.5) -> None:
    """Let queued events, sliced repaints and timers run before a grab."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        app.processEvents()
        time.sleep(0.01)


def shrink(path: Path) -> None:
    """Rewrite a screenshot with at most 256 colours, undithered (a window has few):
    a third of the size. Max coverage keeps the legend's small swatches their colour
    (median cut turned some grey); no pixel moves by more than a few levels.
    Pillow comes with matplotlib."""
    from PIL import Image

    with Image.open(path) as image:
        rgb = image.convert("RGB")
    small = rgb.quantize(256, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


class Shots:
    def __init__(self, app, only: set[str]) -> None:
        self.app, self.only = app, only
        self.made: list[str] = []
        self.failed: dict[str, str] = {}

    def wanted(self, name: str) -> bool:
        return not self.only or name in self.only

    def save(self, name: str, widget) -> None:
        settle(self.app)
        path = HERE / f"{name}.png"
        if not widget.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        shrink(path)
        self.made.append(name)

    def make(self, name: str, steps: Callable[[], None]) -> None:
        """Run `steps` (which ends with `save`); a failure is reported, not fatal."""
        if not self.wanted(name):
            return
        try:
            steps()
        except Exception as exc:  # noqa: BLE001 - the other screenshots are still made
            self.failed[name] = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()
        settle(self.app, 0.2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=SHOTS, default=[], help="make only these")
    args = parser.parse_args(argv)
    # A fixed folder, emptied first: its path shows in the pictures (export folder, recent
    # projects), the same at every run.
    tmp = Path(tempfile.gettempdir()) / "reviewer-app-review-screenshots"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    os.environ["REVIEWER_APP_DATA_DIR"] = str(tmp / "data")
    os.environ["REVIEWER_APP_CONFIG_DIR"] = str(tmp / "config")
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from reviewer_app.core.spans import Status
    from reviewer_app.detectors.registry import available_detectors
    from reviewer_app.settings import Settings
    from reviewer_app.ui.app import application
    from reviewer_app.ui.main_window import MainWindow
    from tests.fixtures.generator import generate_transcript

    app: QApplication = application()
    shots = Shots(app, set(args.only))
    # About 17,000 characters: three chunks of detection, so its progress moves.
    files = generate_transcript(21, target_words=2500).write(tmp / "generated")
    window = MainWindow(
        Settings(reviewer="reviewer", detectors=("presidio", "spacy", "zeroshot"), palette="standard")
    )
    window.resize(1600, 1000)
    window.show()
    window.open_path(files["pdf"])
    wait(app, lambda: window.review is not None and window.review.document is not None, "the transcript")

    # While detecting: grab the window once its progress says how long is left.
    progress_shot: dict[str, str] = {}

    def during_detection(_document_id, _step, words: str) -> None:
        if "left" in words and not progress_shot and shots.wanted("detection-progress"):
            progress_shot["words"] = words
            shots.make("detection-progress", lambda: shots.save("detection-progress", window))

    window.detection.progress.connect(during_detection)
    # The zero-shot step gives the fine labels (STATE, PRISON…) the legend lists; only
    # ready detectors run, so a machine without a model gets no error dialog in a picture.
    ready = [d.name for d in available_detectors(window.settings) if d.status.ready]
    window.start_detection(
        [window.review.document_id], [d for d in ("presidio", "spacy", "zeroshot") if d in ready]
    )

    def detection_done() -> bool:
        return window.detection.task is None and not window.detection.queue and bool(window.review.rows)

    wait(app, detection_done, "detection to finish")
    window.detection.progress.disconnect(during_detection)
    if shots.wanted("detection-progress") and not progress_shot:
        shots.failed["detection-progress"] = "detection ended before its progress said the time left"
    review = window.review

    def review_window() -> None:
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
        wait(app, lambda: window.preview.result is not None, "the preview")
        window.transcript.setFocus()
        shots.save("review-window", window)
        window.actions.toggle_preview.trigger()

    def persons_panel() -> None:
        window.focus_persons()
        window.clusters.tree.expandAll()
        # Wide enough for the Open column.
        window.resizeDocks([window.docks[1]], [560], Qt.Orientation.Horizontal)
        shots.save("persons-panel", window.side_tabs)

    def whitelist_dialog() -> None:
        pending = next((r for r in review.rows if r.status is Status.PENDING), None)
        if pending is not None:
            review.set_current(pending.id)
            review.whitelist_current()
        window.open_whitelist_manager()
        dialog = window.whitelist_dialog
        dialog.add_term("Comprehensive Risk Assessment")
        dialog.add_term("Board of Parole Hearings")
        try:
            shots.save("whitelist-dialog", dialog)
        finally:
            dialog.close()

    def export_dialog() -> None:
        # A finished review with one slip: every span accepted but one mention of a
        # person rejected, so the leak guard has a finding to settle (Tag it / Not identifying here).
        project, doc_id = review.project, review.document_id
        stored = project.spans(doc_id)
        people = [s for s in stored if s.span.label == "PERSON"]
        slip = people[min(3, len(people) - 1)]
        project.decide_many([s.id for s in stored if s.id != slip.id], Status.ACCEPTED, "reviewer")
        project.decide(slip.id, Status.REJECTED, who="reviewer")
        review.reload()
        window.open_export()
        export = window.export_dialog
        try:
            wait(app, lambda: export.plan is not None and export.findings.count() > 0, "a leak-guard finding")
            # One tag per person, as some publishers want: the preview follows the choice.
            export.person_tags.setCurrentIndex(export.person_tags.findData("person"))
            wait(app, lambda: export.plan is not None and export.findings.count() > 0, "the check again")
            export.findings.setCurrentRow(0)
            shots.save("export-dialog", export)
        finally:
            export.close()
            window.choose_person_tags("part")

    def find_bar() -> None:
        # Ctrl+F, a regular expression, whole words; every match marked, the current one
        # apart; Tag all would tag those no span covers yet as LOCATION.
        # Shortcuts reach only the active window (the dialogs before took it).
        window.activateWindow()
        wait(app, window.isActiveWindow, "the window to be active", timeout=10)
        window.transcript.setFocus()
        QTest.keyClick(window.transcript, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
        bar = window.find_bar
        wait(app, bar.isVisible, "the find bar", timeout=10)
        bar.regex_box.setChecked(True)
        bar.word_box.setChecked(True)
        bar.case_box.setChecked(True)
        bar.label_combo.setCurrentText("LOCATION")
        QTest.keyClicks(bar.field, r"[A-Z]\w+ County")
        QTest.keyClick(bar.field, Qt.Key.Key_Return)
        wait(app, lambda: len(bar.matches) > 1, "two matches or more", timeout=10)
        try:
            shots.save("find-bar", window)
        finally:
            QTest.keyClick(bar.field, Qt.Key.Key_Escape)

    def interrupted_banner() -> None:
        # What quitting mid-detection leaves (the queue writes it when the window closes).
        project, doc_id = review.project, review.document_id
        before = project.document_summary(doc_id).detection_status
        project.set_detection_status(doc_id, "interrupted")
        window.refresh_documents()
        window.open_document(doc_id)
        try:
            wait(app, window.interrupted_banner.isVisible, "the banner", timeout=10)
            shots.save("interrupted-banner", window)
        finally:
            project.set_detection_status(doc_id, before)
            window.refresh_documents()

    def caption_transcript() -> None:
        # The bundled WebVTT captions: a Time column in the span table, the time in the inspector.
        window.open_path(SAMPLE / "sample_interview.vtt")
        wait(app, lambda: review.document is not None and review.document.time_map, "the captions", 60)
        caption_id = review.document_id
        window.start_detection([caption_id], [d for d in ("presidio", "spacy") if d in ready])
        wait(
            app,
            lambda: window.detection.task is None and not window.detection.queue and review.rows,
            "detection",
        )
        window.actions.next_pending.trigger()
        window.actions.next_pending.trigger()
        review.accept()
        window.side_tabs.setCurrentWidget(window.inspector)
        window.transcript.setFocus()
        shots.save("caption-transcript", window)

    def colour_blind_palette() -> None:
        # By label, in the colour-blind palette, the legend showing the fine labels.
        window.apply_palette("colour_blind")
        window.legend.by_label.setChecked(True)
        window.side_tabs.setCurrentWidget(window.legend)
        window.transcript.setFocus()
        wait(app, lambda: not window.transcript._dirty_blocks, "the repaint", timeout=30)
        try:
            shots.save("colour-blind-palette", window)
        finally:
            window.apply_palette("standard")
            window.legend.by_detector.setChecked(True)

    shots.make("review-window", review_window)
    shots.make("persons-panel", persons_panel)
    shots.make("whitelist-dialog", whitelist_dialog)
    shots.make("colour-blind-palette", colour_blind_palette)
    shots.make("find-bar", find_bar)
    shots.make("interrupted-banner", interrupted_banner)
    shots.make("export-dialog", export_dialog)
    shots.make("caption-transcript", caption_transcript)
    window.close()
    print(f"made: {', '.join(shots.made) or 'none'}")
    for name, why in shots.failed.items():
        print(f"FAILED {name}: {why}", file=sys.stderr)
    return 1 if shots.failed else 0


if __name__ == "__main__":
    sys.exit(main())
