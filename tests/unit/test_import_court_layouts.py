"""The PDF importer on court reporters' line-numbered pages (issue 12), drawn here by
hand: headings, examination lines, exhibit parentheticals and dividers among the turns,
a notice read into the record under speech, condensed sheets of four pages in two
columns, pages side by side, and line numbers that run on from page to page."""

from __future__ import annotations

import io

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances
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


def _mini_page(pdf, x: float, y: float, number: int, rows: list[str]) -> None:
    """A condensed transcript's page: a box at (x, y) (its top left), "Page N" over it,
    25 numbered rows of small type, the tags indented."""
    pdf.rect(x, y - 330, 270, 330)
    pdf.setFont("Courier-Bold", 6)
    pdf.drawRightString(x + 264, y - 10, f"Page {number}")
    for i in range(25):
        row_y = y - 24 - 12 * i
        pdf.setFont("Courier", 5)
        pdf.drawRightString(x + 16, row_y, str(i + 1))
        if i < len(rows):
            pdf.setFont("Courier", 6)
            text = rows[i]
            pdf.drawString(x + (38 if text[:2] in ("Q.", "A.") else 24), row_y, text)


def _condensed_sheet(pdf, first: int, pages: list[list[str]]) -> None:
    """Four pages to a sheet: the first over the second on the left, the third over
    the fourth on the right; the case over the sheet, the firm and its pages under it."""
    pdf.setFont("Courier", 7)
    pdf.drawCentredString(306, 770, "QURESHI v. BRIGHTWATER LOGISTICS")
    for k, rows in enumerate(pages):
        column, row = divmod(k, 2)
        _mini_page(pdf, 30 + column * 282, 750 - row * 348, first + k, rows)
    pdf.setFont("Courier", 7)
    pdf.drawCentredString(306, 30, f"SUMMIT COURT REPORTERS ({(first + 3) // 4}) Pages {first} - {first + 3}")
    pdf.showPage()


def _answers(number: int) -> list[str]:
    return [
        f"Q. Where were you on the night number {number}, sir, after the shift?",
        f"A. I was at the warehouse on night {number}, on the dock with the crew.",
    ] * 4


def test_a_condensed_sheet_is_read_a_column_at_a_time(tmp_path):
    def draw(pdf):
        _condensed_sheet(pdf, 1, [_answers(n) for n in (1, 2, 3, 4)])
        _condensed_sheet(pdf, 5, [_answers(n) for n in (5, 6, 7, 8)])

    document = _pdf(tmp_path, "condensed.pdf", draw)
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert said == [row for n in range(1, 9) for row in _answers(n)]
    assert "Page 3" not in document.text and "SUMMIT" not in document.text
    # Where each answer is printed: the sheet (the PDF page) and the row on its page.
    third = document.text.index("night number 3")
    assert document.page_map.locate(third) == (2, 1)


def test_margin_numbers_that_run_on_from_page_to_page_make_numbered_pages(tmp_path):
    def draw(pdf):
        for page in (1, 2):
            for i in range(25):
                pdf.setFont("Courier", 10)
                pdf.drawRightString(84, 696 - 20 * i, str(25 * page + i + 1))
                if i < 8:
                    pdf.setFont("Courier", 12)
                    pdf.drawString(144, 696 - 20 * i, _answers(page)[i])
            pdf.showPage()

    document = _pdf(tmp_path, "through.pdf", draw)
    assert [u.speaker for u in document.utterances] == ["Q", "A"] * 8
    assert document.page_map.locate(document.text.index("night number 2")) == (3, 51)


APPELLATE_ARGUMENT = "\n".join(
    [
        "Justice Abernathy: Good morning. We are here on the appeal in the matter of Lindqvist, and we"
        " will hear from counsel for the petitioner first.",
        "Ms. Varga: Thank you. May it please the court, the denial rested on one old rules violation"
        " and nothing more recent than that.",
        "Justice Abernathy: What about the risk assessment, which placed him in the moderate range?",
        "Ms. Varga: The assessment predates the programs he finished, and the panel never weighed that.",
        "Justice Okonkwo-Bell: Counsel, was this argument made to the board, or is it new here?",
        "Ms. Varga: It was made in the written objections, filed two weeks before the hearing.",
        "Justice Abernathy: Thank you. We will hear from the respondent now, if counsel is ready.",
        "Mr. Delacroix: Thank you. The record supports the finding of current dangerousness.",
        "Justice Abernathy: Counsel, what in the record shows current dangerousness, apart from the offense?",
        "Mr. Delacroix: His limited insight, as the panel found after questioning him at length.",
        "",
        "Dated: June 5, 2026",
    ]
)
COURT_LAYOUTS = ["court_reporter", "numbered_hanging", "deposition_tag_alone", "condensed"]


@pytest.mark.parametrize("layout", COURT_LAYOUTS)
def test_a_speaker_named_in_mixed_case_who_speaks_once_between_turns_has_a_turn(tmp_path, layout):
    # A justice who asks one question among the others' turns, as the text importer reads it;
    # a name in mixed case said once outside the turns stays none ("Dated:").
    reference = text_document("argument", APPELLATE_ARGUMENT)
    speakers = [speaker for speaker, _ in utterances(reference)]
    assert speakers[4] == "Justice Okonkwo-Bell" and "Dated" not in speakers
    pdf = tmp_path / "argument.pdf"
    pdf.write_bytes(render(APPELLATE_ARGUMENT, reference, layouts()[layout], "Argument"))
    assert utterances(import_file(pdf)) == utterances(reference)


def _recess_and_decision(filler: int, heading: bool) -> str:
    """A hearing whose last turn is followed by a notice in capitals (under a heading), the
    turn's last row as full as `filler` words make it."""
    turns = [
        "PRESIDING COMMISSIONER HALE: We are on the record for the hearing. Please state your name.",
        "INMATE ROURKE: Dominic Rourke, R-O-U-R-K-E.",
        "PRESIDING COMMISSIONER HALE: Thank you. We will recess to deliberate now.",
        "(Whereupon, a recess was taken.)",
        "PRESIDING COMMISSIONER HALE: We are back on the record, and everyone is present"
        + " so" * filler
        + ".",
        *(["DECISION"] if heading else []),
        "IN THE MATTER OF THE PAROLE CONSIDERATION HEARING OF DOMINIC ROURKE, THE PANEL FINDS THAT"
        " THE INCARCERATED PERSON POSES AN UNREASONABLE RISK OF DANGER TO SOCIETY.",
    ]
    return "\n".join(turns * 2)


@pytest.mark.parametrize(
    ("layout", "heading", "fillers"),
    [
        ("deposition_tag_alone", True, range(10)),
        ("pleading", False, range(25, 30)),
        ("court_reporter", False, range(12, 17)),
    ],
)
def test_a_heading_and_a_notice_in_capitals_under_the_last_row_of_a_turn_end_it(
    tmp_path, layout, heading, fillers
):
    # Capitals under speech in lower case end the turn in a text file; on numbered rows too,
    # however full the turn's last row was (some of `fillers` fill it): a heading where the
    # tags stand apart from the wrapped rows, a notice's row that fills its row among them.
    for filler in fillers:
        text = _recess_and_decision(filler, heading)
        reference = text_document("decision", text)
        speech = "We are back on the record, and everyone is present" + " so" * filler + "."
        assert ("PRESIDING COMMISSIONER HALE", speech) in utterances(reference)
        pdf = tmp_path / f"decision{filler}.pdf"
        pdf.write_bytes(render(text, reference, layouts()[layout], "Decision"))
        assert utterances(import_file(pdf)) == utterances(reference), filler


DECISION_READ_ALOUD = "\n".join(
    [
        "PRESIDING COMMISSIONER VOSS: We are on the record. State your name for the record, please.",
        "INMATE KILBRIDE: Tomas Kilbride, K-I-L-B-R-I-D-E.",
        "PRESIDING COMMISSIONER VOSS: Thank you. The panel has reached a decision, and I will read it now.",
        "PRESIDING COMMISSIONER VOSS: Mr. Kilbride, the panel weighed your programming since 2015 and the"
        " letters from your sister in Fresno, and it finds that you pose a current risk.",
        "TOMAS KILBRIDE   CDCR No. AX4410   DECISION PAGE 1   6/14/2026",
        "The denial is for three years. You may petition to advance the hearing, and we encourage you to"
        " keep working with your sponsor. That concludes the hearing.",
        "(Whereupon, the hearing concluded.)",
        "TOMAS ALEJANDRO KILBRIDE-MONTE   CDCR No. AX4410   DECISION PAGE 2   6/14/2026",
    ]
)


@pytest.mark.parametrize("layout", COURT_LAYOUTS)
def test_a_decision_page_footer_inside_a_decision_read_aloud_stays_in_the_turn(tmp_path, layout):
    # A text file goes on with the turn over a footer line in mixed case ("CDCR No."); the
    # PDF reads it so too, and the footer after the closing parenthetical, its date wrapped
    # onto a row of its own, stays out of the turns.
    reference = text_document("decision", DECISION_READ_ALOUD)
    assert "DECISION PAGE 1" in utterances(reference)[3][1]
    pdf = tmp_path / "decision.pdf"
    pdf.write_bytes(render(DECISION_READ_ALOUD, reference, layouts()[layout], "Decision"))
    assert utterances(import_file(pdf)) == utterances(reference)


CAPTIONS_IN_CAPITALS = "\n".join(
    [
        "PRESIDING COMMISSIONER ROWE: GOOD MORNING. WE ARE ON THE RECORD FOR THE HEARING OF MR. ABADI.",
        "DEPUTY DISTRICT ATTORNEY LUND: THANK YOU. THE PEOPLE OPPOSE. MR. ABADI HAD A RULES VIOLATION IN"
        " THE SPRING, A FIGHT ON THE (inaudible) YARD, AND HIS RECORD STARTS AT FOURTEEN IN POMONA, AND HE"
        " WAS ON PROBATION WHEN THE OFFENSE HAPPENED, AND HE HAS NOT DONE ANY SELF-HELP SINCE THEN AT ALL.",
        "PRESIDING COMMISSIONER ROWE: THANK YOU. MR. ABADI, ANYTHING TO ADD BEFORE WE GO ON?",
        "DEPUTY DISTRICT ATTORNEY LUND: NOTHING FURTHER FROM THE PEOPLE AT THIS TIME.",
    ]
    * 3
)


@pytest.mark.parametrize("layout", ["numbered_hanging", "court_reporter", "pleading"])
def test_full_rows_of_captions_in_capitals_are_no_notice_under_an_inaudible(tmp_path, layout):
    # A turn in capitals with "(inaudible)" in it wraps onto full rows in capitals: its
    # speech, not a notice read under speech in lower case.
    reference = text_document("captions", CAPTIONS_IN_CAPITALS)
    pdf = tmp_path / "captions.pdf"
    pdf.write_bytes(render(CAPTIONS_IN_CAPITALS, reference, layouts()[layout], "Captions"))
    assert utterances(import_file(pdf)) == utterances(reference)


def _oral_argument(exchanges: int) -> str:
    return "\n".join(
        [
            "COURT OF APPEAL, STATE OF CALIFORNIA",
            "In re MARTIN OSTROWSKI on Habeas Corpus, No. C104417",
            "REPORTER'S TRANSCRIPT OF ORAL ARGUMENT",
            "",
            "--- --- ---",
            "",
            "THE CLERK: Calling case number C104417, In re Ostrowski on habeas corpus.",
            "",
            *(
                line
                for n in range(exchanges)
                for line in (
                    f"PRESIDING JUSTICE HALVORSEN: Counsel, question {n}: the record shows the Board relied"
                    " on the 2019 report alone.",
                    "",
                    f"MR. QUILLAN: It did, Your Honor, and point {n} is that the report found a low risk.",
                    "",
                )
            ),
        ]
    ).rstrip("\n")


@pytest.mark.parametrize("exchanges", [3, 12])
@pytest.mark.parametrize("layout", ["court_reporter", "deposition_tag_alone", "numbered_hanging"])
def test_a_speaker_who_speaks_once_before_the_first_turn_across_a_blank_row_has_a_turn(
    tmp_path, layout, exchanges
):
    # The clerk calls the case once, a blank line before the justices' turns: the text importer
    # takes the turn (the line next to a turn, blank lines aside), and so does the PDF's first
    # body page, where the cover ends, or the cover's page, where the dialogue starts on it
    # (in a transcript of a page, or going on over more).
    text = _oral_argument(exchanges)
    reference = text_document("argument", text)
    assert utterances(reference)[0][0] == "THE CLERK"
    pdf = tmp_path / "argument.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], "Argument"))
    assert utterances(import_file(pdf)) == utterances(reference)
