"""Detection from the main window: the detector check, the Run detection dialog,
progress and results per document, and asking before a quit would cut a run off.

Part of `MainWindow` (a mixin: it uses the window's widgets, project and tasks).
"""

from __future__ import annotations

from reviewer_app.detectors.registry import default_names
from reviewer_app.ui.detection import DetectionDialog, ask_before_quitting
from reviewer_app.ui.detection_process import shared_process
from reviewer_app.ui.errors import show_error
from reviewer_app.ui.workers import Task


class DetectionMixin:
    def choose_detection(self) -> None:
        """Open the detection dialog; detector statuses are checked once, off the
        UI thread (the check imports the NLP libraries, which takes seconds)."""
        if self.project is None or self.detection is None:
            return
        if self.detector_infos is not None:
            self._open_detection_dialog()
            return
        self.detection_label.setText("Checking detectors…")
        settings = self.settings
        task = Task(lambda progress: shared_process().statuses(settings), name="detector status")
        task.signals.succeeded.connect(self._detectors_checked)
        task.signals.failed.connect(
            lambda exc: self.report_error("Could not check the detectors", exc, "checking them")
        )
        self.tasks.start(task)

    def _detectors_checked(self, infos) -> None:
        self.detector_infos = infos
        self.detection_label.setText("")
        self._open_detection_dialog()

    def _open_detection_dialog(self) -> None:
        dialog = DetectionDialog(
            self.detector_infos or [],
            default_names(self.settings),
            len(self.documents.selected_ids()),
            self,
            profile=self.settings.detection_profile,
        )
        dialog.accepted.connect(lambda: self._run_chosen_detection(dialog))
        dialog.models_requested.connect(self.open_models_dialog)
        self.detection_dialog = dialog
        dialog.open()

    def _run_chosen_detection(self, dialog) -> None:
        scope = dialog.scope()
        if scope == "all":
            ids = self.documents.all_ids()
        elif scope == "selected":
            ids = self.documents.selected_ids()
        else:
            ids = [self.review.document_id] if self.review and self.review.document_id else []
        self.start_detection(ids, dialog.chosen_detectors(), dialog.chosen_profile())

    def start_detection(
        self, document_ids: list[str], detectors: list[str], profile: str | None = None
    ) -> None:
        if self.detection is None or not document_ids:
            return
        if not detectors:
            self.message_label.setText("No detector is available: see Tools > Run detection.")
            return
        self.detection.start(document_ids, detectors, profile)
        self.cancel_button.setVisible(True)
        self.detection_label.setText("Detecting…")

    def _detection_progress(self, document_id: str, step, words: str) -> None:
        self.documents.show_progress(document_id, step.fraction, words)
        self.detection_label.setText(f"Detecting {document_id}: {words}")

    def _detection_done(self, document_id: str, outcome) -> None:
        self.documents.end_progress(document_id)
        failed = [r for r in outcome.result.runs if not r.ok]
        if failed:
            # A detector that crashed or lacks its model is reported; the others' spans are kept.
            text = "These detectors did not run; the others' spans were kept:\n" + "\n".join(
                f"• {r.name}: {r.error or r.status.message}" for r in failed
            )
            self.error_shown.emit(show_error(self, "Some detectors did not run", text))
        if self.review is not None and self.review.document_id == document_id:
            self.review.undo_stack.clear()  # detection rewrote the rows: older steps no longer apply
            self.review.reload(outcome.stored)
        self.refresh_documents()

    def _detection_failed(self, document_id: str, exc: BaseException) -> None:
        self.documents.end_progress(document_id)
        self.report_error("Detection failed", exc, f"detecting {document_id}")
        self.refresh_documents()

    def _detection_finished(self, completed: bool) -> None:
        self.cancel_button.setVisible(False)
        self.detection_label.setText("Detection done" if completed else "Detection cancelled")
        self.refresh_documents()

    def _ask_before_quitting(self) -> None:
        if self.quit_box is None:
            self.quit_box = ask_before_quitting(self, self._quit_anyway)
            self.quit_box.finished.connect(lambda: setattr(self, "quit_box", None))

    def _quit_anyway(self) -> None:
        self._quit_confirmed = True
        self.close()
