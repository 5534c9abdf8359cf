"""The export dialog: allowed only when no span is pending unless the reviewer
asks for a draft; the leak guard runs first and its findings link into the text.

Every finding is settled here: **Tag it** adds an accepted span over it (with the
finding's label, through the window's undo stack when there is one), **Not identifying
here** records an allow decision for that place (stored and audited at once,
`store/allowances.py`). Export is enabled once no finding is open."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
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

from reviewer_app.core import commands
from reviewer_app.exporters.gold import GOLD_SUFFIXES
from reviewer_app.exporters.leakguard import LeakHit
from reviewer_app.paths import data_dir
from reviewer_app.store.allowances import allow_here
from reviewer_app.store.project import Project
from reviewer_app.ui.export_plan import ExportPlan, plan_export, source_offset, write_export
from reviewer_app.ui.workers import Task, TaskRunner

OFFSET_ROLE = Qt.ItemDataRole.UserRole + 1
HIT_ROLE = Qt.ItemDataRole.UserRole + 2
# The label a tagged finding gets when its kind says more than its label.
_TAG_LABEL_OF_KIND = {"spelled name": "SPELLED_NAME"}

# Adds an accepted span (start, end, label) to the exported document.
SpanAdder = Callable[[int, int, str], object]


class ExportDialog(QDialog):
    finding_activated = Signal(int, int)  # start, end in the original text
    exported = Signal(list)  # written paths
    failed = Signal(object)  # exception
    checked = Signal(object)  # ExportPlan

    def __init__(
        self,
        project: Project,
        document_id: str,
        runner: TaskRunner,
        parent: QWidget | None = None,
        add_span: SpanAdder | None = None,
    ):
        """`add_span` tags a finding (the window passes its review's, so the tag is one
        undo step there); by default the core command runs on the project directly."""
        super().__init__(parent)
        self.add_span = add_span or (
            lambda start, end, label: commands.AddSpan(document_id, start, end, label).do(project)
        )
        self.setObjectName("exportDialog")
        self.setWindowTitle("Export")
        self.project = project
        self.document_id = document_id
        self.runner = runner
        self.plan: ExportPlan | None = None
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
        self.mapping = QLineEdit(self)
        self.mapping.setPlaceholderText("optional: where to keep the SENSITIVE original → tag mapping")
        form = QFormLayout()
        form.addRow("Text to folder", out_row)
        form.addRow("Gold annotations", gold_row)
        form.addRow("Mapping file", self.mapping)
        self.findings = QListWidget(self)
        self.findings.itemActivated.connect(self._activated)
        self.findings.currentItemChanged.connect(lambda *_: self._enable_finding_buttons())
        self.tag_button = QPushButton("&Tag it", self)
        self.tag_button.setToolTip("Add an accepted span over this finding, with its label")
        self.allow_button = QPushButton("&Not identifying here", self)
        self.allow_button.setToolTip(
            "Record that this text, at this place, identifies nobody (stored, audited and listed "
            "in the export report and the gold)"
        )
        self.tag_button.clicked.connect(self.tag_finding)
        self.allow_button.clicked.connect(self.allow_finding)
        finding_buttons = QHBoxLayout()
        finding_buttons.addWidget(self.tag_button)
        finding_buttons.addWidget(self.allow_button)
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
        layout.addWidget(QLabel("Leak guard findings (Enter or double-click to see it in the text):", self))
        layout.addWidget(self.findings, 1)
        layout.addLayout(finding_buttons)
        layout.addLayout(buttons)
        self.draft.toggled.connect(lambda _: self.check())
        self.check_button.clicked.connect(self.check)
        self.export_button.clicked.connect(self.export)
        close.clicked.connect(self.reject)
        self.resize(760, 560)
        self.check()

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Export to folder", self.out_dir.text())
        if folder:
            self.out_dir.setText(folder)

    # -- checking ------------------------------------------------------------------
    def check(self) -> Task:
        """Plan the export off the UI thread: pseudonymize and run the leak guard."""
        self.export_button.setEnabled(False)
        self.tag_button.setEnabled(False)
        self.allow_button.setEnabled(False)
        self.summary.setText("Running the leak guard…")
        project, document_id, draft = self.project, self.document_id, self.draft.isChecked()
        task = Task(lambda progress: plan_export(project, document_id, draft), "export check")
        task.signals.succeeded.connect(self._show_plan)
        task.signals.failed.connect(self.failed.emit)
        return self.runner.start(task)

    def _show_plan(self, plan: ExportPlan) -> None:
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
            self.findings.setCurrentRow(0)
            lines.append("Tag each one, or say it is not identifying there.")
        elif plan.result is not None:
            lines.append("The leak guard found nothing.")
        if plan.allowances:
            lines.append(f"{len(plan.allowances)} place(s) marked not identifying (listed in the report).")
        self.summary.setText("\n".join(lines))
        self.export_button.setEnabled(plan.clean)
        self._enable_finding_buttons()
        self.checked.emit(plan)

    def _enable_finding_buttons(self) -> None:
        has_finding = self.findings.currentItem() is not None and self.plan is not None
        writable = not self.project.read_only
        self.tag_button.setEnabled(has_finding and writable)
        self.allow_button.setEnabled(has_finding and writable)

    def _current_finding(self) -> tuple[int, int, LeakHit] | None:
        item = self.findings.currentItem()
        if item is None:
            return None
        start, end = item.data(OFFSET_ROLE)
        return start, end, item.data(HIT_ROLE)

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
        try:
            self.add_span(start, end, _TAG_LABEL_OF_KIND.get(hit.kind, hit.label))
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self.failed.emit(exc)
            return
        self._settled()

    def allow_finding(self) -> None:
        """Record "not identifying here" for the current finding's place."""
        finding = self._current_finding()
        if finding is None:
            return
        start, end, hit = finding
        try:
            allow_here(self.project, self.document_id, start, end, hit.kind, hit.label)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self.failed.emit(exc)
            return
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
            if not plan.draft:
                self.project.mark_exported(self.document_id)
        except Exception as exc:  # noqa: BLE001 - shown as a dialog by the window
            self.failed.emit(exc)
            return
        report = plan.report()
        allowed = ["", "Not identifying here (reviewer's decisions):", *report] if report else []
        self.summary.setText("Exported:\n" + "\n".join([*(str(p) for p in written), *allowed]))
        self.exported.emit(written)
