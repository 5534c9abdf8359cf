"""A line-numbered transcript saved as text and printed again in paragraphs
(`importers/pdf_text_lines.py`): each row that counts on with the text's line numbers is a
line of the text, and a number alone among them is the text's page number, so the turns
end where the text file ends them."""

from __future__ import annotations

import functools

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.pdf_text_lines import text_line_rows
from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances


@functools.cache
def _development_texts() -> dict[str, str]:
    return {transcript.name: transcript.text for transcript in load_handwritten(DEV_FOLDER)}


def _page(first: int = 1) -> list[str]:
    return [f"{n} the speech of the hearing goes on here" for n in range(first, 26)]


def test_rows_counting_on_open_the_texts_lines_and_a_number_alone_is_its_page_number():
    rows = ["Hearing - page 1", *_page(), "64", "1", "2 REPORTER'S CERTIFICATE", "3 I, the reporter"]
    opening, page_numbers = text_line_rows(rows)
    assert opening == frozenset({*range(1, 26), 27, 28, 29})
    assert page_numbers == frozenset({26})


def test_a_row_wrapped_onto_the_next_opens_no_line():
    rows = _page()
    rows[3:4] = ["4 a line of the text too long for the row it is", "printed on, wrapped"]
    opening, _ = text_line_rows(rows)
    assert 4 not in opening and 5 in opening  # "printed on" no line; "5 ..." the next one


def test_text_whose_numbers_do_not_count_on_is_no_line_numbered_text():
    rows = [f"{n % 7 + 2} people came, and then {n} more" for n in range(40)]
    assert text_line_rows(rows) == (frozenset(), frozenset())
    assert text_line_rows(_page()[:10]) == (frozenset(), frozenset())  # too few rows


def _round_trip(tmp_path, name: str, layout: str):
    text = _development_texts()[name]
    reference = text_document(name, text)
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], name))
    return import_file(pdf), reference


@pytest.mark.parametrize("layout", ["hanging_indent", "plain_dense", "word_processor"])
def test_a_page_number_of_the_text_ends_the_turn_over_it(tmp_path, layout):
    # "25 INCARCERATED PERSON ARRIAGA: Ten -- I think" / "64" / "1": the page number is no
    # speech, as in the text file (it was glued on: "Ten -- I think 64 1").
    document, reference = _round_trip(tmp_path, "hearing_support_letters_read_numbered", layout)
    assert ("INCARCERATED PERSON ARRIAGA", "Ten -- I think") in utterances(document)
    assert utterances(document) == utterances(reference)


@pytest.mark.parametrize("layout", ["hanging_indent", "plain_dense"])
def test_a_line_in_capitals_under_speech_ends_the_turn_as_in_the_text(tmp_path, layout):
    # "16 INMATE QUINTERO: Luis Quintero, Q-U-I-N-T-E-R-O," / "17 AM6371.": the text file
    # reads the line in capitals apart from the turn, and so does its PDF.
    document, reference = _round_trip(tmp_path, "hearing_line_numbered_third_firm", layout)
    assert ("INMATE QUINTERO", "Luis Quintero, Q-U-I-N-T-E-R-O,") in utterances(document)
    assert utterances(document) == utterances(reference)


def test_a_number_the_row_above_wrapped_is_no_page_number():
    rows = _page()
    # "... I lived in apartment" / "12": a number wrapped inside the page's lines, not its number.
    rows[1:2] = ["2 INMATE QUIROGA: I lived in apartment", "12"]
    _, page_numbers = text_line_rows([*rows, "64", "1 the next page"])
    assert page_numbers == frozenset({len(rows)})  # "64" between line 25 and line 1 only
