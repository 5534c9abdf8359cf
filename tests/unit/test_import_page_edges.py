"""What a PDF without line numbers prints by its pages' edges (`pdf_furniture.py`, `pdf.py`):
a page number of the text's own is kept where the sheet numbers itself in a running header,
and a divider alone on the last page is centred by the text's left edge, not its own."""

from __future__ import annotations

import dataclasses
import functools

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.pdf_furniture import edge_furniture
from reviewer_app.importers.pdf_pages import PdfPage, PrintedLine, Word
from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances


@functools.cache
def _development_texts() -> dict[str, str]:
    return {transcript.name: transcript.text for transcript in load_handwritten(DEV_FOLDER)}


def _line(text: str, top: float, x0: float = 72.0) -> PrintedLine:
    words, x = [], x0
    for word in text.split():
        words.append(Word(word, x, x + 6 * len(word), top, top + 9))
        x += 6 * len(word) + 3
    return PrintedLine(tuple(words), None, top, top + 9)


_WORDS = ("we", "talked", "about", "the", "job", "and", "my", "sister", "there")


def _speech_rows(sheet: int) -> list[PrintedLine]:
    """Twenty rows of speech, other words on each sheet (no running line among them)."""
    return [
        _line(" ".join(_WORDS[(n + sheet) % 9 :] + _WORDS[: (n * sheet) % 9]), 80.0 + 11 * n)
        for n in range(20)
    ]


def _pages(header: str, foot_of_first: str) -> list[PdfPage]:
    pages = []
    for sheet in range(1, 5):
        rows = [_line(header.format(page=sheet), 44.0), *_speech_rows(sheet)]
        if sheet == 1:
            rows.append(_line(foot_of_first, 700.0, 300.0))
        pages.append(PdfPage(sheet, tuple(rows), False, sheet))
    return pages


def test_a_number_alone_by_the_foot_is_the_texts_where_a_running_header_numbers_the_sheet():
    # A reporter's numbered pages saved as text print their page number ("53") on a line of its
    # own; where it falls at a sheet's foot and the sheet's header says "page 1", it is text.
    furniture = edge_furniture(_pages("Hearing Transcript - page {page}", "53"))
    assert {line for page, line in furniture if page == 1} == {1}  # the header only
    # Where nothing else numbers the sheet, a number alone at its foot is its page number.
    furniture = edge_furniture(_pages("Hearing Transcript", "1"))
    assert (1, 22) in furniture


def test_a_header_whose_number_stays_does_not_number_the_sheets():
    # "Case 2024" repeats one number on every sheet: no page number, so "53" is the sheet's.
    furniture = edge_furniture(_pages("Case 2024 Hearing", "53"))
    assert (1, 22) in furniture


def _round_trip(tmp_path, name: str, layout: str):
    text = _development_texts()[name]
    reference = text_document(name, text)
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], name))
    return import_file(pdf), reference


def test_a_page_number_of_the_text_at_a_sheets_foot_keeps_the_blank_line_over_it(tmp_path):
    # "25 INCARCERATED PERSON DARDENNE: ... the" / "" / "53" / " 1 first thirty days": the
    # turn ends at the blank line as in the text, not glued to the next page's first row.
    document, reference = _round_trip(tmp_path, "hearing_reentry_plans_reporter_numbered", "plain_dense")
    assert "\n\n          53\n" in document.text
    assert utterances(document) == utterances(reference)


@pytest.mark.parametrize("layout", ["tag_alone"])
def test_a_divider_alone_on_the_last_page_is_centred_by_the_texts_left_edge(tmp_path, layout):
    # "* * *" under the last turn falls alone on the last page: centred, it is no speech.
    document, reference = _round_trip(tmp_path, "hearing_rules_violations_history_real_layout", layout)
    assert document.text.endswith("programming.\n          * * *")
    assert utterances(document) == utterances(reference)
    assert [s.name for s in document.sections] == [s.name for s in reference.sections]


def _sheets_with(top: str, foot: str) -> list[PdfPage]:
    pages = []
    for sheet in range(1, 5):
        rows = [_line(top.format(page=sheet, text_page=sheet + 86), 44.0, 300.0), *_speech_rows(sheet)]
        rows.append(_line(foot.format(page=sheet), 740.0, 280.0))
        pages.append(PdfPage(sheet, tuple(rows), False, sheet))
    return pages


def test_numbers_alone_counting_on_beside_the_sheets_page_number_are_the_texts():
    # A reporter's pages saved as text whose pages fall with the sheets: "89", "90"... at each
    # sheet's top count on as a page number does, but the sheet is "Page 3 of 4" at its foot.
    furniture = edge_furniture(_sheets_with("{text_page}", "Page {page} of 4"))
    assert {line for _, line in furniture} == {22}
    # Two running lines that both say the sheet's number are both furniture.
    furniture = edge_furniture(_sheets_with("Transcript - Page {page}", "{page}"))
    assert {line for _, line in furniture} == {1, 22}
    # A number alone at the top, on sheets nothing else numbers, is their page number.
    furniture = edge_furniture(_sheets_with("{text_page}", "Summit Reporters"))
    assert {line for _, line in furniture} == {1, 22}


def test_a_page_number_of_the_text_at_a_sheets_top_keeps_the_turn_apart(tmp_path):
    # tag_alone in 10-point type: the text's pages ("89" over " 1 asking you, please") fall
    # with the sheets; "89" is the text's, and the turn over it ends at the text's page end.
    name = "hearing_victim_next_of_kin_statements_numbered"
    text = _development_texts()[name]
    reference = text_document(name, text)
    layout = layouts()["tag_alone"]
    small = dataclasses.replace(layout, size=layout.size - 1, leading=layout.leading - 1)
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render(text, reference, small, name))
    document = import_file(pdf)
    assert "          89\n" in document.text
    assert utterances(document) == utterances(reference)


def test_a_note_in_brackets_at_a_pages_top_stood_a_blank_line_apart(tmp_path):
    # "... At Granite Hills." ends page 3 short; "[... 00:07:40 to 01:04:10 not ordered ...]"
    # opens page 4: the empty row between them fell at the page break. The note is no speech.
    document, reference = _round_trip(tmp_path, "hearing_service_timestamps", "hanging_indent")
    assert "At Granite Hills.\n\n[... 00:07:40 to 01:04:10 not ordered ...]" in document.text
    assert utterances(document) == utterances(reference)
