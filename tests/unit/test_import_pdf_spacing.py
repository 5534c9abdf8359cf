"""Empty rows between paragraphs of PDFs without line numbers (`importers/pdf_spacing.py`):
where a text file has a blank line, which ends a turn, the PDF import must have one too
(issue 12: `benchmarks/import_pdf_layouts.py`)."""

from __future__ import annotations

import dataclasses
import functools

import pdfplumber
import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.pdf_body import bare_tag
from reviewer_app.importers.pdf_spacing import after_empty_rows, row_gap
from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances


@functools.cache
def _development_texts() -> dict[str, str]:
    return {transcript.name: transcript.text for transcript in load_handwritten(DEV_FOLDER)}


def _round_trip(tmp_path, name: str, text: str, layout: str) -> tuple[list, list, list[str]]:
    """(imported, expected) utterances of `text` drawn in `layout`, and each page's first row."""
    reference = text_document(name, text)
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], name))
    with pdfplumber.open(pdf) as document:
        tops = [page.extract_text().split("\n")[1] for page in document.pages]  # under the header
    return utterances(import_file(pdf)), utterances(reference), tops


def test_a_page_of_a_few_rows_takes_the_documents_distance_between_rows():
    # A last page of three rows a blank row apart shows no distance of a paragraph's rows.
    assert row_gap([27.0, 27.0], [12.0] * 30 + [27.0] * 10) == 12.0
    assert row_gap([12.0] * 5 + [27.0] * 2, [27.0] * 30) == 12.0


def test_a_note_a_blank_row_under_the_last_turn_on_a_short_last_page_is_no_speech(tmp_path):
    # "[END OF RECORDING -- 00:19:07]" under a turn whose last row is full, on a last page of three
    # rows with blank rows between: the blank line is seen by the document's distance of rows.
    text = _development_texts()["parole_agent_home_visit_interview"]
    got, expected, tops = _round_trip(tmp_path, "home_visit", text, "typeset")
    assert tops[-1].startswith("LARK:")
    assert got == expected


def _letter(questions: int) -> str:
    turns = [
        f"PRESIDING COMMISSIONER HAWTHORNE: Question {k}, about the program you finished in the year after"
        f" your transfer?\n\nINMATE ECHEVERRIA: Answer {k}. I finished it, and I went on to the next one.\n"
        for k in range(questions)
    ]
    letter = [
        'INMATE ECHEVERRIA: "To the family of Marisol Fuentes:',
        "I have wanted to write to you for many years, and I know that nothing I say can bring her back"
        " to you.",
        "I think about her every day, and about her children, who grew up without their mother because of"
        " what I did.",
        "I was drunk and angry that night, and I took out on her what I felt about my own life.",
        "I have spent these years learning why I did it, so that no other family loses someone to me.",
        'Sincerely,\nLuis Echeverria"',
        "PRESIDING COMMISSIONER HAWTHORNE: Thank you.",
    ]
    return "\n".join(turns) + "\n" + "\n\n".join(letter)


@pytest.mark.parametrize(
    ("layout", "questions", "page_top"),
    [
        ("typeset", 9, "I have wanted"),  # the letter's first paragraph at a page's top
        ("plain_dense", 12, "I have spent"),  # a later one: the first stands a blank row under the tag's row
    ],
)
def test_a_letter_read_into_the_record_keeps_its_blank_lines_over_a_page_break(
    tmp_path, layout, questions, page_top
):
    # The letter's paragraphs stand a blank line apart, outside the turn in a text file; one at a
    # page's top shows no distance and is read as the others on the pages are, and the one under
    # the turn's row ('"To the family of Marisol Fuentes:', no tag alone) stands apart from it.
    got, expected, tops = _round_trip(tmp_path, "letter", _letter(questions), layout)
    assert any(top.startswith(page_top) for top in tops)
    assert got == expected
    assert expected[-2] == ("INMATE ECHEVERRIA", '"To the family of Marisol Fuentes:')


def test_speech_whose_paragraphs_follow_each_other_goes_on_over_a_page_break(tmp_path):
    # "... on December 29th." at a page's foot, "Count one is ..." at the next one's top: the text
    # has no blank line between, as the document's other paragraphs of speech have none.
    text = _development_texts()["juvenile_probation_violation"]
    got, expected, tops = _round_trip(tmp_path, "juvenile", text, "plain_dense")
    assert any(top.startswith("Count one is") for top in tops)
    assert got == expected


def test_a_page_top_paragraph_has_an_empty_row_over_it_only_where_most_speech_paragraphs_have():
    # Paragraph -> (points under the one before, row height): 1, 6 and 7 turns, 2 and 3 speech a
    # blank row under the paragraph over them, 4 speech right under; 5 at a page's top.
    row = 12.0
    spacing = {
        1: (row, row),
        2: (2 * row, row),
        3: (2 * row, row),
        4: (row, row),
        6: (row, row),
        7: (row, row),
    }
    assert 5 in after_empty_rows(spacing, {5}, {2, 3, 4, 5}, 0)
    assert 5 not in after_empty_rows(spacing, {5}, {2, 4, 5}, 0)  # one of two: no habit


def test_speech_ending_in_a_colon_after_a_tag_is_no_tag_alone():
    # An empty row under it is a blank line, as under any speech (not a tag's speech under it).
    assert not bare_tag('INMATE ECHEVERRIA: "To the family of Marisol Fuentes:')
    assert bare_tag("INCARCERATED PERSON TRUONG (Through Interpreter):")
    assert bare_tag("[00:01:02] DET. HARLAN:")


def _small_type(tmp_path, name: str) -> tuple[list, list]:
    """(imported, expected) utterances of a development transcript in plain_dense a point smaller,
    where rows break at other words (`benchmarks/import_pdf_layouts.py --variants`)."""
    dense = layouts()["plain_dense"]
    layout = dataclasses.replace(dense, size=dense.size - 1, leading=dense.leading - 1)
    text = _development_texts()[name]
    reference = text_document(name, text)
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render(text, reference, layout, name))
    return utterances(import_file(pdf)), utterances(reference)


def test_an_export_whose_blocks_stand_a_blank_row_apart_keeps_its_last_blank_line(tmp_path):
    # Every other paragraph is a name and a time a blank row under the speech over it, the other
    # its speech right under it: the median distance lies between the two, the low quarter is a
    # row's. "Transcribed by https://clearnote.example" a blank row under the last turn is none of it.
    got, expected = _small_type(tmp_path, "hearing_speech_to_text_export")
    assert got == expected


def test_blank_rows_are_measured_from_the_paragraphs_usual_distance_not_the_median():
    # Names and times 20 points under the speech over them, their speech 10 under them.
    row = 9.6
    spacing = {i: (20.0 if i % 2 else 10.0, row) for i in range(1, 21)}
    assert after_empty_rows(spacing, set(), set(), 0) == set(range(1, 21, 2))


def test_a_notice_in_capitals_right_under_a_full_row_of_speech_ends_the_turn(tmp_path):
    # "... the family is still with us by video." fills its row; "IN THE MATTER OF THE PAROLE
    # CONSIDERATION HEARING OF ..." starts the row under it with no space between paragraphs.
    got, expected = _small_type(tmp_path, "hearing_next_of_kin_by_video")
    assert got == expected


def test_a_parenthetical_row_under_speech_broken_off_is_a_line_of_its_own(tmp_path):
    # "... Marisol, let me --" / "(Whereupon, the video connection to Ms. Carvalho-Bettencourt was
    # lost at 10:58 a.m.)": a sentence broken off ends where one ending in a period does.
    got, expected = _small_type(tmp_path, "victim_next_of_kin_statement_video")
    assert got == expected
