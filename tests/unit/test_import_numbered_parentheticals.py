"""A line-numbered transcript saved as text: a transcriber's parenthetical after its line number
("12   (Off the record.)", "(Whereupon, a recess was taken.)") is a line of its own (speaker
""), not the end of the turn above it, in the text and in PDFs of it in every layout; the
numbered lines after the last one (the page's empty lines, a divider) stay in the body."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import hearing_layout
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances


def _page(lines: list[str], first: int = 1) -> list[str]:
    return [f"{n:2d}   {line}".rstrip() for n, line in enumerate(lines, first)]


# Two numbered pages of a reporter's transcript, with the page number between them.
TRANSCRIPT = "\n".join(
    [
        "              STATE OF CALIFORNIA",
        "          BOARD OF PAROLE HEARINGS",
        "",
        *_page(
            [
                "          COMMISSIONER OYELARAN: We are on the record. The",
                "interpreter will be sworn.",
                "          THE INTERPRETER: Halima Siddiqui, S-I-D-D-I-Q-U-I,",
                "certified Urdu interpreter.",
                "                 (Interpreter sworn.)",
                "          COMMISSIONER OYELARAN: Thank you. Mr. Nasser,",
                "please state your name.",
                "          INMATE NASSER: (Through the interpreter) Tariq",
                "Nasser.",
                "          COMMISSIONER OYELARAN: Let's take ten minutes.",
                "It's 10:41.",
                "                 (Whereupon, a recess was taken.)",
                "          COMMISSIONER OYELARAN: Back on the record. Mr.",
                "Nasser, where will you live?",
                "          INMATE NASSER: (Through the interpreter) With my",
                "brother in Fremont, on Mowry Avenue.",
                "          COMMISSIONER OYELARAN: Thank you. Ms. Pryce?",
                "          MS. PRYCE: Nothing further.",
                "          COMMISSIONER OYELARAN: We're adjourned at",
                "11:02.",
                "              (Off the record.)",
                "                      --o0o--",
                "",
                "",
                "",
            ]
        ),
        "",
        "                                                     14",
        "",
        "                   REPORTER'S CERTIFICATE",
        " I, Dana Whitcombe, certify that the foregoing is a true record.",
    ]
)

PARENTHETICALS = ["(Interpreter sworn.)", "(Whereupon, a recess was taken.)", "(Off the record.)"]


def test_a_parenthetical_after_a_line_number_is_a_line_of_its_own():
    document = text_document("hearing", TRANSCRIPT)
    said = utterances(document)
    assert [speech for speaker, speech in said if not speaker] == PARENTHETICALS
    # The turn above ends before it, its line number aside.
    assert ("COMMISSIONER OYELARAN", "Let's take ten minutes. 11 It's 10:41.") in said
    assert said[-1] == ("", "(Off the record.)")
    # The page's empty lines and the divider under the last one are the body's, not the certificate's.
    body = next(s for s in document.sections if s.name == "body")
    certificate = next(s for s in document.sections if s.name == "certificate")
    assert "--o0o--" in document.text[body.start : body.end]
    assert document.text[certificate.start : certificate.end].lstrip().startswith("REPORTER'S CERTIFICATE")


@pytest.mark.parametrize("layout", list(layouts()))
def test_a_numbered_parenthetical_reads_back_from_every_layout(tmp_path, layout):
    reference = text_document("hearing", TRANSCRIPT)
    path = tmp_path / f"{layout}.pdf"
    path.write_bytes(render(TRANSCRIPT, reference, layouts()[layout], title="Hearing"))
    assert utterances(import_file(path)) == utterances(reference)


@pytest.mark.parametrize(
    ("line", "at"),
    [
        ("(Off the record.)", 0),
        ("12   (Off the record.)", 5),
        ("25 (Whereupon, a recess was taken from 11:38 a.m.", 3),
        ("19   (Pause.) He had two babies.", None),  # speech goes on after it
        ("21   (626) 555-0154, extension 3.", None),
        ("12   Off the record.", None),
    ],
)
def test_where_a_parenthetical_starts(line, at):
    assert hearing_layout().parenthetical_at(line) == at
