"""Transcripts of kinds the importers met late (issue 12), made by hand in the shapes real
ones have: a deposition's caption over its turns, a dispatcher's call, a camera's
transcript, a transcription service's output, an arraignment calendar, a parole office
interview. Each is read as text and, where a PDF suits it, through the PDF layouts."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances


def _text(tmp_path, text: str):
    path = tmp_path / "transcript.txt"
    path.write_text(text, encoding="utf-8")
    document = import_file(path)
    assert document.text == text.rstrip("\n")
    return document


def _pdf(tmp_path, text: str, layout: str):
    reference = text_document("transcript", text)
    path = tmp_path / f"{layout}.pdf"
    path.write_bytes(render(text, reference, layouts()[layout], title="Transcript"))
    return reference, import_file(path)


def _said(document) -> list[tuple[str, str]]:
    return [(u.speaker, document.text[u.start : u.end]) for u in document.utterances]


def _lines_outside_sections(document) -> list[str]:
    outside, offset = [], 0
    for line in document.text.split("\n"):
        inside = any(s.start <= offset and offset + len(line) <= s.end for s in document.sections)
        if line.strip() and not inside:
            outside.append(line)
        offset += len(line) + 1
    return outside


DEPOSITION = """\
 1                   UNITED STATES DISTRICT COURT
 2                  EASTERN DISTRICT OF CALIFORNIA
 3
 4   ROSALIND FENWICK,                    )
 5                Plaintiff,              )  Case No. 2:25-cv-00411
 6          vs.                           )
 7   B. OKONJO, A. VARGAS-LEE, et al.,    )
 8   A. TREMBLAY, et al.,                 )
 9                Defendants.             )
10   ____________________________________ )
11
12            DEPOSITION OF BRENDAN OKONJO

 1       BY MR. HALVERSEN:
 2       Q.    Would you state your name for the record?
 3       A.    Brendan Okonjo.
 4       Q.    Where do you work?
 5       A.    At the county jail, second watch.
"""


def test_an_initial_in_a_caption_row_is_no_answer(tmp_path):
    # "A. TREMBLAY, et al.,   )" is a caption's party, not the witness's answer: the body
    # opens at the examination, and the caption stays in the cover.
    document = _text(tmp_path, DEPOSITION)
    assert [speaker for speaker, _ in _said(document)] == ["Q", "A", "Q", "A"]
    assert _said(document)[1] == ("A", "A.    Brendan Okonjo.")
    cover = next(s for s in document.sections if s.name == "cover")
    assert "A. TREMBLAY" in document.text[cover.start : cover.end]
    assert not _lines_outside_sections(document)


@pytest.mark.parametrize("layout", ["court_reporter", "pleading", "deposition_tag_alone"])
def test_an_initial_in_a_caption_row_is_no_answer_in_a_pdf(tmp_path, layout):
    reference, document = _pdf(tmp_path, DEPOSITION, layout)
    assert utterances(document) == utterances(reference)
    assert [speaker for speaker, _ in utterances(document)] == ["Q", "A", "Q", "A"]
