"""The export dialog: allowed only when no span is pending unless the reviewer
asks for a draft; the leak guard runs first and its findings link into the text.

Every finding is settled here: **Tag it** adds an accepted span over it (with the
finding's label), **Not identifying here** records an allow decision for that place
(stored and audited at once, `store/allowances.py`). The list shows the decisions too,
and **Take decision back** removes one. With the window's review, each is one step of
its undo stack, and the dialog checks again whenever that stack moves (Ctrl+Z in the
window or here): a finding undone is open again. Export is enabled once no finding is
open."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.exporters.gold import GOLD_SUFFIXES
from reviewer_app.exporters.leakguard import LeakHit
from reviewer_app.paths import data_dir
from reviewer_app.store import commands
from reviewer_app.store.allowances import Allowance
from reviewer_app.store.project import Project
from reviewer_app.ui.export_plan import (
    ExportPlan,
    export_file_names,
    plan_export,
    source_offset,
    write_export,
)
from reviewer_app.ui.focus import frame_current_row
from reviewer_app.ui.review_controller import ReviewController
from reviewer_app.ui.workers import Task, TaskRunner

OFFSET_ROLE = Qt.ItemDataRole.UserRole + 1
HIT_ROLE = Qt.ItemDataRole.UserRole + 2
ALLOWANCE_ROLE = Qt.ItemDataRole.UserRole + 3
# After the review's undo stack moves, the guard runs again once the reviewer pauses.
RECHECK_DELAY_MS = 250
# The label a tagged finding gets when its kind says more than its label.
_TAG_LABEL_OF_KIND = {"spelled name": "SPELLED_NAME"}

# The person-tag choices (settings.person_tags) as the dialog names them.
PERSON_TAG_CHOICES = (
    ("part", "One per name part: [PERSON_1] [PERSON_2] (the paper's)"),
    ("person", "One per person: [PERSON_1] for every variant of the name"),
)

# Does a core command as one review step; True when it was done.
CommandRunner = Callable[[commands.Command], bool]


class ExportDialog(QDialog):
    finding_activated = Signal(int, int)  # start, end in the original text
    exported = Signal(list)  # written paths
    failed = Signal(object)  # exception
    checked = Signal(object)  # ExportPlan
    person_tags_changed = Signal(str)  # the reviewer chose another person-tag mode

    def __init__(
        self,
        project: Project,
        document_id: str,
        runner: TaskRunner,
        parent: QWidget | None = None,
        review: ReviewController | None = None,
        person_tags: str = "part",
    ):
        """With the window's `review`, Tag it, Not identifying here and Take decision
        back are steps of its undo stack; without one they run on the project directly.
        `person_tags` is the mode chosen so far (the settings')."""
        super().__init__(parent)
        self.review = review
        self.setObjectName("exportDialog")
        self.setWindowTitle("Export")
        self.project = project
        self.document_id = document_id
        self.runner = runner
        self.plan: ExportPlan | None = None
        # Checks run on a pool of two threads and may finish out of order: only the
        # newest one's plan is shown, so the list never goes back to findings settled since.
        self._newest_check: Task | None = None
        self._recheck = QTimer(self)
        self._recheck.setSingleShot(True)
        self._recheck.setInterval(RECHECK_DELAY_MS)
        self._recheck.timeout.connect(self.check)
        if review is not None:
            # A bound method, not a lambda: Qt drops the connection when the dialog goes.
            review.undo_stack.indexChanged.connect(self._review_changed)
        self.summary = QLabel("Checking…", self)
        self.summary.setWordWrap(True)
        self.draft = QCheckBox("Draft export: replace the pending spans too (not reviewed!)", self)
        self.out_dir = QLineEdit(str(data_dir() / "exports"), self)
        browse = QPushButton("Browse…", self)
        browse.clicked.connect(self._browse)
        out_row = QHBoxLayout()
        out_row.addWidget(self.out_dir, 1)
        out_row.addWidget(browse)
        self.gold_boxes = {name: QCheckBox(name, self) for name in GOLD_SUFFIXES}
        gold_row = QHBoxLayout()
        for box in self.gold_boxes.values():
            gold_row.addWidget(box)
        gold_row.addStretch(1)
        self.person_tags = QComboBox(self)
        for mode, text in PERSON_TAG_CHOICES:
            self.person_tags.addItem(text, mode)
        self.person_tags.setCurrentIndex(max(0, self.person_tags.findData(person_tags)))
        self.person_tags.setToolTip("How names are tagged in this export and in the preview (a setting)")
        self.mapping = QLineEdit(self)
        self.mapping.setPlaceholderText("optional: where to keep the SENSITIVE original → tag mapping")
        form = QFormLayout()
        form.addRow("Text to folder", out_row)
        form.addRow("Gold annotations", gold_row)
        form.addRow("Person tags", self.person_tags)
        form.addRow("Mapping file", self.mapping)
        self.findings = QListWidget(self)
        frame_current_row(self.findings)
        self.findings.itemActivated.connect(self._activated)
        self.findings.currentItemChanged.connect(lambda *_: self._enable_finding_buttons())
        self.tag_button = QPushButton("&Tag it", self)
        self.tag_button.setToolTip("Add an accepted span over this finding, with its label")
        self.allow_button = QPushButton("&Not identifying here", self)
        self.allow_button.setToolTip(
            "Record that this text, at this place, identifies nobody (stored, audited and listed "
            "in the export report and the gold)"
        )
        self.remove_button = QPushButton("Ta&ke decision back", self)
        self.remove_button.setToolTip("Remove this not-identifying decision: the place is a finding again")
        self.tag_button.clicked.connect(self.tag_finding)
        self.allow_button.clicked.connect(self.allow_finding)
        self.remove_button.clicked.connect(self.remove_decision)
        finding_buttons = QHBoxLayout()
        finding_buttons.addWidget(self.tag_button)
        finding_buttons.addWidget(self.allow_button)
        finding_buttons.addWidget(self.remove_button)
        finding_buttons.addStretch(1)
        self.check_button = QPushButton("Check again", self)
        self.export_button = QPushButton("Export", self)
        self.export_button.setDefault(True)
        close = QPushButton("Close", self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.draft)
        layout.addLayout(form)
        layout.addWidget(
            QLabel(
                "Leak guard findings, then your decisions (Enter or double-click: see it in the text):", self
            )
        )
        layout.addWidget(self.findings, 1)
        layout.addLayout(finding_buttons)
        layout.addLayout(buttons)
        self.draft.toggled.connect(lambda _: self.check())
        self.person_tags.currentIndexChanged.connect(self._person_tags_chosen)
        self.check_button.clicked.connect(self.check)
        self.export_button.clicked.connect(self.export)
        close.clicked.connect(self.reject)
        self.resize(760, 560)
        self.check()

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export to folder", self.out_dir.text())
        if folder:
            self.out_dir.setText(folder)

    def _person_tags_chosen(self, _index: int) -> None:
        self.person_tags_changed.emit(self.person_tags.currentData())
        self.check()

    # -- checking ------------------------------------------------------------------
    def check(self) -> Task:
        """Plan the export off the UI thread: pseudonymize and run the leak guard."""
        self._recheck.stop()
        self.export_button.setEnabled(False)
        self.tag_button.setEnabled(False)
        self.allow_button.setEnabled(False)
        self.remove_button.setEnabled(False)
        self.summary.setText("Running the leak guard…")
        project, document_id, draft = self.project, self.document_id, self.draft.isChecked()
        person_tags = self.person_tags.currentData()
        task = Task(
            lambda progress: plan_export(project, document_id, draft, person_tags=person_tags), "export check"
        )
        # Bound methods, not lambdas: Qt drops the connections if the dialog goes first.
        task.signals.succeeded.connect(self._show_plan)
        task.signals.failed.connect(self._check_failed)
        self._newest_check = task
        return self.runner.start(task)

    def _from_newest_check(self) -> bool:
        return self._newest_check is not None and self.sender() is self._newest_check.signals

    def _review_changed(self, _index: int) -> None:
        if self.isVisible():  # a closed dialog shows no plan: nothing to check again
            self._recheck.start()

    def hideEvent(self, event) -> None:
        # Closed: a pending check would run on a project that may be closing, and the
        # plan or error of one still running has nowhere to go (it popped up an error
        # dialog over the next window).
        self._recheck.stop()
        self._newest_check = None
        super().hideEvent(event)

    def _check_failed(self, exc: BaseException) -> None:
        if self._from_newest_check():
            self.failed.emit(exc)

    def _show_plan(self, plan: ExportPlan) -> None:
        if not self._from_newest_check():
            return  # a later check is running: this plan may list findings settled since
        self.plan = plan
        self.findings.clear()
        lines = [f"{len(plan.spans):,} spans will be replaced."]
        if plan.open_count and not plan.draft:
            lines.append(
                f"{plan.open_count:,} span(s) are still pending: review them first, or tick the draft export."
            )
        elif plan.open_count:
            lines.append(f"DRAFT: {plan.open_count:,} pending span(s) are replaced without a decision.")
        if plan.problem:
            lines.append(f"Cannot export: {plan.problem}")
        if plan.leaks and plan.result is not None:
            lines.append(f"The leak guard found {len(plan.leaks)} known identifier(s) left in the text.")
            for hit in plan.leaks:
                item = QListWidgetItem(f"{hit.describe(plan.result.text)}: “{hit.found}”", self.findings)
                start = source_offset(plan.result, hit.start)
                item.setData(OFFSET_ROLE, (start, start + len(hit.found)))
                item.setData(HIT_ROLE, hit)
            lines.append("Tag each one, or say it is not identifying there.")
        elif plan.result is not None:
            lines.append("The leak guard found nothing.")
        if plan.result is not None:
            lines.append("Will write into the export folder: " + ", ".join(export_file_names(plan)))
        if plan.allowances:
            lines.append(f"{len(plan.allowances)} place(s) marked not identifying (listed in the report).")
            text = plan.document.text
            for allowance, where in zip(plan.allowances, plan.report(), strict=True):
                found = text[allowance.start : allowance.end]
                item = QListWidgetItem(f"Decided — {where}: “{found}”", self.findings)
                item.setData(OFFSET_ROLE, (allowance.start, allowance.end))
                item.setData(ALLOWANCE_ROLE, allowance)
        if self.findings.count():
            self.findings.setCurrentRow(0)
        self.summary.setText("\n".join(lines))
        self.export_button.setEnabled(plan.clean)
        self._enable_finding_buttons()
        self.checked.emit(plan)

    def _enable_finding_buttons(self) -> None:
        item = self.findings.currentItem()
        usable = item is not None and self.plan is not None and not self.project.read_only
        has_finding = usable and item.data(HIT_ROLE) is not None
        self.tag_button.setEnabled(has_finding)
        self.allow_button.setEnabled(has_finding)
        self.remove_button.setEnabled(usable and item.data(ALLOWANCE_ROLE) is not None)

    def _current_finding(self) -> tuple[int, int, LeakHit] | None:
        item = self.findings.currentItem()
        if item is None or item.data(HIT_ROLE) is None:
            return None
        start, end = item.data(OFFSET_ROLE)
        return start, end, item.data(HIT_ROLE)

    def _run(self, command: commands.Command) -> bool:
        """Do a command as a step of the review's undo stack, or on the project."""
        if self.review is not None:
            return self.review.run(command)
        try:
            command.do(self.project)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self.failed.emit(exc)
            return False
        return True

    def _settled(self) -> None:
        """A finding was settled: it leaves the list, and the guard runs again."""
        self.findings.takeItem(self.findings.currentRow())
        self.check()

    def tag_finding(self) -> None:
        """Add an accepted span over the current finding, with its label."""
        finding = self._current_finding()
        if finding is None:
            return
        start, end, hit = finding
        label = _TAG_LABEL_OF_KIND.get(hit.kind, hit.label)
        if self.review is not None and self.review.document_id == self.document_id:
            # The review trims the selection and makes the new span its current one.
            done = self.review.add_span(start, end, label) is not None
        else:
            done = self._run(commands.AddSpan(self.document_id, start, end, label))
        if done:
            self._settled()

    def allow_finding(self) -> None:
        """Record "not identifying here" for the current finding's place."""
        finding = self._current_finding()
        if finding is None:
            return
        start, end, hit = finding
        if self._run(commands.AllowHere(self.document_id, start, end, hit.kind, hit.label)):
            self._settled()

    def remove_decision(self) -> None:
        """Take the current "not identifying here" decision back: the place is a finding again."""
        item = self.findings.currentItem()
        allowance: Allowance | None = item.data(ALLOWANCE_ROLE) if item is not None else None
        if allowance is not None and self._run(commands.RemoveAllowance(allowance.id)):
            self._settled()

    def _activated(self, item: QListWidgetItem) -> None:
        self.finding_activated.emit(*item.data(OFFSET_ROLE))

    # -- writing -------------------------------------------------------------------
    def export(self) -> None:
        plan = self.plan
        if plan is None or not plan.clean:
            return
        gold = [name for name, box in self.gold_boxes.items() if box.isChecked()]
        mapping = Path(self.mapping.text()) if self.mapping.text().strip() else None
        try:
            written = write_export(plan, Path(self.out_dir.text()), gold, None, mapping)
            self.project.record_export(self.document_id, "document", plan.person_tags, plan.draft)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self.failed.emit(exc)
            return
        report = plan.report()
        allowed = ["", "Not identifying here (reviewer's decisions):", *report] if report else []
        self.summary.setText("Exported:\n" + "\n".join([*(str(p) for p in written), *allowed]))
        self.exported.emit(written)
