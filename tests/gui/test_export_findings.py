"""The export dialog settles every leak-guard finding (issue 11 §3): Tag it adds an
accepted span there (one undo step in the window), Not identifying here stores an
audited allow decision; Export is enabled once no finding is open, and the report and
the gold list the decisions."""

from __future__ import annotations

from PySide6.QtCore import Qt

from reviewer_app.core.spans import Status
from reviewer_app.exporters.jsonl import read_gold_jsonl
from reviewer_app.settings import Settings
from reviewer_app.store.allowances import allowances
from reviewer_app.ui.export_dialog import ALLOWANCE_ROLE, HIT_ROLE, ExportDialog
from reviewer_app.ui.export_plan import source_offset
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.review_controller import ReviewController
from reviewer_app.ui.workers import TaskRunner
from tests.gui.test_review_controller import make_project


def _tag_the_panel(project, doc_id):
    """The commissioners' names in the speaker tags, accepted: the guard knows every tag's name,
    so only the inmate's name in his tags and its spelling are left to find."""
    text = project.document_text(doc_id)
    project.add_spans(doc_id, [(text.index(n), text.index(n) + len(n), "PERSON") for n in ("HOLT", "SMITH")])


def _press(qtbot, dialog, button):
    with qtbot.waitSignal(dialog.checked, timeout=10000) as blocker:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return blocker.args[0]


def test_tag_it_and_not_identifying_here_settle_the_findings(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    for span in project.spans(doc_id):
        project.accept(span.id)
    _tag_the_panel(project, doc_id)
    review = ReviewController(project, Settings(reviewer="tester"))
    review.open_document(doc_id)
    text = project.document_text(doc_id)
    runner = TaskRunner()
    dialog = ExportDialog(project, doc_id, runner, review=review)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    # "RICHARDSON" in two speaker tags and the spelled name were never spans.
    assert [h.found for h in dialog.plan.leaks] == ["RICHARDSON", "R-I-C-H-A-R-D-S-O-N", "RICHARDSON"]
    assert not dialog.export_button.isEnabled()
    assert dialog.tag_button.isEnabled() and dialog.allow_button.isEnabled()

    # Enter on a finding shows it in the text and settles nothing.
    dialog.show()
    dialog.findings.setCurrentRow(0)
    dialog.findings.setFocus()
    before = len(project.spans(doc_id))
    with qtbot.waitSignal(dialog.finding_activated, timeout=5000):
        qtbot.keyClick(dialog.findings, Qt.Key.Key_Return)
    assert len(project.spans(doc_id)) == before and dialog.findings.count() == 3

    first_tag = text.index("RICHARDSON")
    dialog.findings.setCurrentRow(0)
    plan = _press(qtbot, dialog, dialog.tag_button)
    added = [s for s in project.spans(doc_id) if s.start == first_tag]
    assert [(s.end - s.start, s.label, s.status) for s in added] == [(10, "PERSON", Status.ACCEPTED)]
    assert len(plan.leaks) == 2 and dialog.findings.count() == 2

    dialog.findings.setCurrentRow(0)  # the spelled name
    plan = _press(qtbot, dialog, dialog.tag_button)
    spelled = text.index("R-I-C-H")
    assert [s.label for s in project.spans(doc_id) if s.start == spelled] == ["SPELLED_NAME"]
    assert len(plan.leaks) == 1
    assert not dialog.export_button.isEnabled()

    plan = _press(qtbot, dialog, dialog.allow_button)
    second_tag = text.index("RICHARDSON", first_tag + 1)
    assert [(a.start, a.end, a.reviewer) for a in allowances(project, doc_id)] == [
        (second_tag, second_tag + 10, project.reviewer)
    ]
    assert project.audit_log(1)[0].action == "leak_allow"
    assert plan.leaks == () and dialog.findings.count() == 1  # the decision, listed
    assert dialog.findings.item(0).text().startswith("Decided")
    assert dialog.export_button.isEnabled()
    assert "1 place(s) marked not identifying" in dialog.summary.text()

    dialog.out_dir.setText(str(tmp_path / "out"))
    dialog.gold_boxes["jsonl"].setChecked(True)
    with qtbot.waitSignal(dialog.exported, timeout=10000) as done:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert "allowed as not identifying by" in dialog.summary.text()
    gold_path = next(p for p in done.args[0] if p.name.endswith(".gold.jsonl"))
    (gold,) = read_gold_jsonl(gold_path)
    assert gold.meta["leak_guard_allowed"][0]["start"] == second_tag
    exported = (tmp_path / "out" / f"{doc_id}.txt").read_text()
    assert "RICHARDSON" in exported  # the reviewer allowed it there, and only there
    assert exported.count("RICHARDSON") == 1

    # Both went through the window's undo stack: the allow decision, then the spelled span.
    review.undo_stack.undo()
    assert allowances(project, doc_id) == []
    review.undo_stack.undo()
    assert [s for s in project.spans(doc_id) if s.start == spelled] == []
    runner.wait()
    project.close()


def _rows(dialog, role):
    return [i for i in range(dialog.findings.count()) if dialog.findings.item(i).data(role) is not None]


def _key(qtbot, dialog, key, modifier):
    with qtbot.waitSignal(dialog.checked, timeout=10000) as blocker:
        qtbot.keyClick(dialog.findings, key, modifier)
    return blocker.args[0]


def test_not_identifying_here_is_undone_with_ctrl_z_and_taken_back_in_the_dialog(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    for span in project.spans(doc_id):
        project.accept(span.id)
    _tag_the_panel(project, doc_id)
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    window.open_path(tmp_path / "p.db")
    qtbot.waitUntil(lambda: window.review is not None and window.review.document_id == doc_id)
    window.open_export()
    dialog = window.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    assert len(dialog.plan.leaks) == 3
    for _ in range(3):  # every finding: not identifying here
        dialog.findings.setCurrentRow(_rows(dialog, HIT_ROLE)[0])
        plan = _press(qtbot, dialog, dialog.allow_button)
    assert plan.clean and dialog.export_button.isEnabled()
    assert len(allowances(window.project, doc_id)) == 3 and len(_rows(dialog, ALLOWANCE_ROLE)) == 3

    # Ctrl+Z in the dialog undoes the last decision: its finding is open again.
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.findings.setFocus()
    ctrl = Qt.KeyboardModifier.ControlModifier
    plan = _key(qtbot, dialog, Qt.Key.Key_Z, ctrl)
    assert len(plan.leaks) == 1 and not dialog.export_button.isEnabled()
    assert len(allowances(window.project, doc_id)) == 2 and len(_rows(dialog, HIT_ROLE)) == 1
    assert window.project.audit_log(1)[0].action == "undo"
    plan = _key(qtbot, dialog, Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier)  # redo
    assert plan.clean and dialog.export_button.isEnabled()

    # Take decision back: the place is a finding again, and that too is one undo step.
    dialog.findings.setCurrentRow(_rows(dialog, ALLOWANCE_ROLE)[0])
    assert dialog.remove_button.isEnabled() and not dialog.allow_button.isEnabled()
    taken_back = dialog.findings.currentItem().data(ALLOWANCE_ROLE)
    plan = _press(qtbot, dialog, dialog.remove_button)
    assert [(source_offset(plan.result, h.start), h.found) for h in plan.leaks] == [
        (taken_back.start, "RICHARDSON")
    ]
    assert not dialog.export_button.isEnabled()
    assert taken_back.id not in {a.id for a in allowances(window.project, doc_id)}
    assert window.project.audit_log(1)[0].action == "leak_allow_remove"
    dialog.findings.setFocus()
    plan = _key(qtbot, dialog, Qt.Key.Key_Z, ctrl)
    assert plan.clean and taken_back in allowances(window.project, doc_id)
    dialog.close()
    window.close()


def test_a_check_that_finishes_after_a_newer_one_is_not_shown(qtbot, tmp_path, monkeypatch):
    """The keyboard review's rare "spans overlap" export: checks run on two threads, an
    older check's plan (still listing a finding tagged since) arrived last and replaced
    the list, and the reviewer tagged that finding a second time. Here the older check
    is held until the reviewer has tagged a finding and the newer plan is shown."""
    import threading

    import reviewer_app.ui.export_dialog as export_dialog

    project, doc_id = make_project(tmp_path / "p.db")
    for span in project.spans(doc_id):
        project.accept(span.id)
    _tag_the_panel(project, doc_id)
    review = ReviewController(project, Settings(reviewer="tester"))
    review.open_document(doc_id)
    runner = TaskRunner()
    dialog = ExportDialog(project, doc_id, runner, review=review)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    assert len(dialog.plan.leaks) == 3

    planned, release = threading.Event(), threading.Event()
    real_plan = export_dialog.plan_export

    def slow_plan(*args, **kwargs):
        plan = real_plan(*args, **kwargs)  # made before the tag below
        planned.set()
        release.wait(60)
        return plan

    monkeypatch.setattr(export_dialog, "plan_export", slow_plan)
    stale = dialog.check()
    assert planned.wait(10)
    monkeypatch.setattr(export_dialog, "plan_export", real_plan)
    with qtbot.waitSignal(dialog.checked, timeout=10000):  # a second check, shown at once
        dialog.check()
    dialog.findings.setCurrentRow(0)
    fresh = _press(qtbot, dialog, dialog.tag_button)
    assert len(fresh.leaks) == 2 and dialog.findings.count() == 2
    release.set()
    # The runner forgets a task when its `finished` arrives, after its plan was delivered.
    qtbot.waitUntil(lambda: stale not in runner.running, timeout=10000)
    assert dialog.plan is fresh and dialog.findings.count() == 2
    runner.wait()
    project.close()


def test_a_closed_export_dialog_checks_nothing_when_the_review_goes_on(qtbot, tmp_path):
    """Closed with a decision undone meanwhile, it used to check again on its timer,
    against the project the window had closed since: a "Could not export" error then
    popped up over the next window and took its activation."""
    from reviewer_app.ui.export_dialog import RECHECK_DELAY_MS

    project, doc_id = make_project(tmp_path / "p.db")
    review = ReviewController(project, Settings(reviewer="tester"))
    review.open_document(doc_id)
    runner = TaskRunner()
    dialog = ExportDialog(project, doc_id, runner, review=review)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    dialog.close()
    failures = []
    dialog.failed.connect(failures.append)
    checks = []
    dialog.checked.connect(checks.append)
    review.go_to_pending()
    assert review.accept()  # the review goes on in the window
    project.close()
    qtbot.wait(RECHECK_DELAY_MS * 3)
    assert runner.running == [] and failures == [] and checks == []


def test_closing_the_project_closes_its_export_dialog(qtbot, tmp_path):
    from tests.gui.test_window_memory import start_window

    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = start_window(qtbot)
    window.open_path(tmp_path / "p.db")
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    dialog = window.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    window.close_project()
    assert not dialog.isVisible() and window.export_dialog is None
    window.close()
