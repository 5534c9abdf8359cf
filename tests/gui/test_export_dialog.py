"""The export dialog: refused while spans are pending (unless draft), leak guard
findings that point into the original text, and the reviewer's merges applied."""

from __future__ import annotations

from reviewer_app.core.spans import Status
from reviewer_app.store.project import ClusterProposal
from reviewer_app.ui.export_dialog import ExportDialog
from reviewer_app.ui.export_plan import output_offset, plan_export, source_offset
from reviewer_app.ui.workers import TaskRunner
from tests.gui.test_review_controller import make_project


def test_pending_spans_block_export_until_draft_and_leaks_link_into_text(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    # The name is decided; a draft's pending spans add no leak-guard term (issue 11).
    project.accept(project.spans(doc_id)[0].id)
    runner = TaskRunner()
    dialog = ExportDialog(project, doc_id, runner)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    assert "4 span(s) are still pending" in dialog.summary.text()
    assert not dialog.export_button.isEnabled()
    with qtbot.waitSignal(dialog.checked, timeout=10000) as blocker:
        dialog.draft.setChecked(True)
    plan = blocker.args[0]
    assert plan.draft and len(plan.spans) == 5
    # "RICHARDSON" in the speaker tags was never a span: the guard finds it.
    assert plan.leaks and not dialog.export_button.isEnabled()
    text = plan.document.text
    with qtbot.waitSignal(dialog.finding_activated) as found:
        dialog.findings.setCurrentRow(0)
        dialog._activated(dialog.findings.currentItem())
    start, end = found.args
    assert text[start:end].casefold() == plan.leaks[0].found.casefold()
    runner.wait()
    project.close()


def test_offsets_map_between_original_and_output(tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    for span in project.spans(doc_id):
        project.accept(span.id)
    plan = plan_export(project, doc_id, draft=False)
    result = plan.result
    original = plan.document.text
    after = original.index("CDCR number") + len("CDCR number ")
    out = output_offset(result, after)
    assert result.text[out:].startswith("[CDCR_ID")
    said = original.index("Good morning. R-I")
    assert source_offset(result, output_offset(result, said)) == said
    project.close()


def test_merged_persons_share_a_tag(tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    text = project.document(doc_id).text
    first = text.index("HOLT")
    second = text.index("SMITH")
    a = project.add_span(doc_id, first, first + 4, "PERSON")
    b = project.add_span(doc_id, second, second + 5, "PERSON")
    ids = [project.added_span_id(a), project.added_span_id(b)]
    for span in project.spans(doc_id, [Status.PENDING]):
        project.reject(span.id)
    keep, absorb = project.set_clusters(
        doc_id, [ClusterProposal("PERSON", "HOLT", (ids[0],)), ClusterProposal("PERSON", "SMITH", (ids[1],))]
    )
    before = plan_export(project, doc_id, draft=False).result.text
    assert before.count("[PERSON_1]") == 1 and "[PERSON_2]" in before
    project.merge_clusters(keep, absorb)
    after = plan_export(project, doc_id, draft=False).result.text
    assert after.count("[PERSON_1]") == 2 and "[PERSON_2]" not in after
    project.close()
