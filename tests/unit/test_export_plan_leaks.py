"""The window's export preview must find exactly what the export's leak guard refuses
on: a known word inside a whitelisted term ("California" in "California Code of
Regulations") is no leak there, so the preview must not list it either."""

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.store import Project
from reviewer_app.ui.export_plan import plan_export


def test_export_plan_leaks_skip_whitelisted_terms_but_keep_real_leaks(tmp_path):
    text = (
        "He moved to California. Title 15 of the California Code of Regulations applies. "
        "Ann said so. Ann left.\n"
    )
    place = text.index("California")
    ann = text.index("Ann")
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(Document("d", text))
        project.record_detection(doc_id, [Span(place, place + 10, "LOCATION", ("spacy",))], ["spacy"])
        (span,) = project.spans(doc_id)
        project.accept(span.id)
        plan = plan_export(project, doc_id, draft=False)
        assert plan.leaks == ()

        # A real leak stays listed: the second "Ann" was never annotated.
        project.add_span(doc_id, ann, ann + 3, "PERSON")
        (leak,) = plan_export(project, doc_id, draft=False).leaks
        assert (leak.kind, leak.label) == ("span", "PERSON")
