"""Choosing the detection profile in the window: the detection dialog's "Rules"
choice reaches the detection run."""

from __future__ import annotations

from reviewer_app.detectors.base import DetectorStatus
from reviewer_app.detectors.registry import DetectorInfo
from reviewer_app.settings import Settings
from reviewer_app.ui.detection import DetectionDialog, DetectionQueue
from reviewer_app.ui.workers import TaskRunner
from tests.gui.test_review_controller import make_project

SPACY = DetectorInfo("spacy", DetectorStatus(True, "ready", "en_core_web_sm"), "#2f6fd6")


def test_the_dialog_starts_at_the_settings_profile_and_reports_the_choice(qtbot):
    dialog = DetectionDialog([SPACY], ("spacy",), 1, profile="general")
    qtbot.addWidget(dialog)
    assert dialog.chosen_profile() == "general"
    dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findData("hearing"))
    assert dialog.chosen_profile() == "hearing"
    assert [dialog.profile_combo.itemData(i) for i in range(dialog.profile_combo.count())] == [
        "auto",
        "hearing",
        "general",
    ]


class RecordingProcess:
    """Stands in for the detector process: records the settings it was given."""

    def __init__(self) -> None:
        self.profiles: list[str] = []

    def run(self, document, detectors, settings, progress):
        from reviewer_app.detectors.runner import DetectionResult

        self.profiles.append(settings.detection_profile)
        return DetectionResult(document.id, (), profile=settings.detection_profile)


def test_the_queue_runs_detection_with_the_chosen_profile(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    runner = TaskRunner()
    queue = DetectionQueue(project, Settings(reviewer="tester", detection_profile="hearing"), runner)
    queue.process = RecordingProcess()
    with qtbot.waitSignal(queue.finished, timeout=30000):
        queue.start([doc_id], ["spacy"], "general")
    with qtbot.waitSignal(queue.finished, timeout=30000):
        queue.start([doc_id], ["spacy"])
    assert queue.process.profiles == ["general", "hearing"]
    runner.wait(5000)
    project.close()
