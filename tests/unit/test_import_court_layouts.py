"""The PDF importer on court reporters' line-numbered pages (issue 12), drawn here by
hand: headings, examination lines, exhibit parentheticals and dividers among the turns,
a notice read into the record under speech, condensed sheets of four pages in two
columns, pages side by side, and line numbers that run on from page to page."""

from __future__ import annotations

import io

from reviewer_app.importers import import_file
from tests.unit.test_import_bph_layout import TAG_X, TEXT_X, _numbered_page


def _pdf(tmp_path, name: str, draw) -> object:
    """`draw`'s pages after a cover page."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    _numbered_page(pdf, [(180, "REPORTER'S TRANSCRIPT OF PROCEEDINGS"), (250, "VOLUME 1")])
    draw(pdf)
    pdf.save()
    path = tmp_path / name
    path.write_bytes(buffer.getvalue())
    return import_file(path)


def test_headings_dividers_and_exhibit_notes_are_no_speech(tmp_path):
    def draw(pdf):
        _numbered_page(
            pdf,
            [
                (250, "EXAMINATION"),
                (TEXT_X, "BY MR. VASQUEZ:"),
                (TAG_X, "Q. Did you see it?"),
                (TAG_X, "A. Yes."),
                (TAG_X, "(Exhibit 4 was marked for identification.)"),
                (TAG_X, "Q. Is this it?"),
                (TAG_X, "A. It is."),
                (TEXT_X, ""),
                (200, "CROSS-EXAMINATION BY MR. SMITH"),
                (TAG_X, "Q. Who wrote it?"),
                (TAG_X, "A. I did."),
                (TEXT_X, ""),
                (260, "--o0o--"),
            ],
        )

    document = _pdf(tmp_path, "examination.pdf", draw)
    lines = document.text.split("\n")
    assert "EXAMINATION" in lines and "CROSS-EXAMINATION BY MR. SMITH" in lines and "--o0o--" in lines
    said = [(u.speaker, document.text[u.start : u.end]) for u in document.utterances]
    assert said == [
        ("Q", "Q. Did you see it?"),
        ("A", "A. Yes."),
        ("", "(Exhibit 4 was marked for identification.)"),
        ("Q", "Q. Is this it?"),
        ("A", "A. It is."),
        ("Q", "Q. Who wrote it?"),
        ("A", "A. I did."),
    ]


def test_a_notice_read_into_the_record_is_no_wrapped_row_of_the_turn_before(tmp_path):
    """Tags flush left, wrapped rows indented (a hanging indent): capitals at the tags'
    column under speech in lower case start a line of their own."""

    def draw(pdf):
        _numbered_page(
            pdf,
            [
                (TEXT_X, "PRESIDING COMMISSIONER MARSH: We are back on the record and all"),
                (TAG_X, "parties have returned. This is the decision."),
                (TEXT_X, "IN THE MATTER OF THE PAROLE CONSIDERATION HEARING OF DANIEL"),
                (TEXT_X, "OKAFOR, THE PANEL FINDS HIM NOT SUITABLE FOR PAROLE."),
                (TEXT_X, "PRESIDING COMMISSIONER MARSH: That concludes the hearing for"),
                (TAG_X, "today. Good luck to you, sir."),
                (TEXT_X, "DEPUTY COMMISSIONER FIELD: Thank you."),
            ],
        )

    document = _pdf(tmp_path, "notice.pdf", draw)
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert said[0] == (
        "PRESIDING COMMISSIONER MARSH: We are back on the record and all parties have returned."
        " This is the decision."
    )
    assert not any("IN THE MATTER" in s for s in said)
    assert "IN THE MATTER OF THE PAROLE CONSIDERATION HEARING OF DANIEL OKAFOR" in document.text
