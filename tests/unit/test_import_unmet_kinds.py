"""Kinds of transcript the importers had not met, written for it (short, invented names): a state
legislature committee's hearing with a roll call, an immigration court hearing in the EOIR layout
("JUDGE FOR THE RECORD", "JUDGE TO MR. SOLIS", Q./A., "(Through interpreter)"), a grand jury's
reporter's transcript with line numbers, a 1990s hearing typed in capitals with OCR slips
("1NMATE", "0" for "O"). Each is read as text (turns, speakers, sections, every line in a section)
and through the PDF layouts that suit it (the same utterances as the text's)."""

from __future__ import annotations

import pytest

from tests.fixtures.pdf_layouts import utterances
from tests.unit.test_import_new_kinds import _lines_outside_sections, _pdf, _text

LEGISLATURE = """\
CALIFORNIA STATE ASSEMBLY
COMMITTEE ON PUBLIC SAFETY
INFORMATIONAL HEARING: HOUSING AFTER RELEASE
TUESDAY, MARCH 3, 2026
STATE CAPITOL, ROOM 126

CHAIR OKAFOR: Good afternoon. The Committee on Public Safety will come to order. Will the secretary please call the roll?
SECRETARY: Okafor?
OKAFOR: Aye.
SECRETARY: Lindqvist?
LINDQVIST: Here.
SECRETARY: Barrientos?
(No response.)
SECRETARY: Tamura?
TAMURA: Here.
CHAIR OKAFOR: We have a quorum. Our first witness is Delphine Achterberg of the Valley Reentry Housing Coalition. Ms. Achterberg, welcome.
MS. ACHTERBERG: Thank you, Madam Chair. I run two houses in Stockton with fourteen beds between them.
ASSEMBLYMEMBER LINDQVIST: How many of those beds go to people on parole?
MS. ACHTERBERG: About ten, most months. The rest are probation.
ASSEMBLYMEMBER LINDQVIST: Thank you.
CHAIR OKAFOR: Next we will hear from Ruben Castellanos, who lived in one of those houses.
MR. CASTELLANOS: Thank you. I paroled in 2021 and stayed a year on Lincoln Street before I found my own place.
ASSEMBLYMEMBER TAMURA: What made the difference?
MR. CASTELLANOS: A job at the cannery and a landlord who would rent to me.
CHAIR OKAFOR: Thank you both. Seeing no further business, the hearing is adjourned.

(Whereupon, at 3:47 p.m., the hearing was adjourned.)
"""  # noqa: E501 (a transcript's paragraph on one line, as typed)

IMMIGRATION_COURT = """\
UNITED STATES DEPARTMENT OF JUSTICE
EXECUTIVE OFFICE FOR IMMIGRATION REVIEW
IMMIGRATION COURT
SAN FRANCISCO, CALIFORNIA

File: A212-448-903                                    March 9, 2026

In the Matter of

ESTEBAN SOLIS MARROQUIN,            )    IN REMOVAL PROCEEDINGS
                                    )
          Respondent                )

TRANSCRIPT OF HEARING

Before: CORDELIA VANTERPOOL, Immigration Judge

JUDGE FOR THE RECORD

This is Immigration Judge Cordelia Vanterpool in removal proceedings for Esteban Solis Marroquin. The respondent is present with counsel, Ngozi Abernathy. The Department is represented by Walter Fenn. The interpreter is Pilar Ochoa, Spanish.

JUDGE TO MR. SOLIS

Q. Sir, is your name Esteban Solis Marroquin?

A. (Through interpreter) Yes.

Q. And where were you born?

A. (Through interpreter) In Quetzaltenango, Guatemala.

Q. When did you enter the United States?

A. (Through interpreter) In April of 2019, near Sasabe.

JUDGE TO MS. ABERNATHY

Q. Counsel, do you concede proper service of the Notice to Appear?

A. Yes, Your Honor. We concede service and admit the allegations.

JUDGE FOR THE RECORD

The next hearing is set for June 4, 2026, at 8:30 a.m., for the individual hearing.

HEARING CLOSED
"""  # noqa: E501 (a transcript's paragraph on one line, as typed)

GRAND_JURY = """\
 1                SUPERIOR COURT OF THE STATE OF CALIFORNIA
 2                           COUNTY OF ALDER
 3
 4                       GRAND JURY PROCEEDINGS
 5                     Thursday, February 12, 2026
 6
 7   WITNESS:  TOMAS REINHOLT
 8
 9                           TOMAS REINHOLT,
10   having been first duly sworn, testified as follows:
11
12                             EXAMINATION
13   BY MS. HALVERSEN:
14        Q.   Please state your name for the grand jury.
15        A.   Tomas Reinholt.
16        Q.   Where do you work?
17        A.   At the Ridgeline storage yard on Pell Road, nights.
18        Q.   Did you see anyone at the yard on January 9th?
19        A.   A man in a grey truck, around two in the morning.
20             MS. HALVERSEN:  Does any juror have a question?
21             A JUROR:  Yes. How far is the yard from the highway?
22             THE WITNESS:  About a mile, maybe less.
23             A JUROR:  Thank you.
24             THE FOREPERSON:  The witness is excused.
25                          (Witness excused.)
"""

TYPED_1994 = """\
STATE 0F CALIFORNIA
B0ARD 0F PRISON TERMS

IN THE MATTER 0F THE LIFE TERM PAR0LE C0NSIDERATI0N HEARING 0F:
WENDELL PR1TCHARD                 CDC N0. D-48213

CORRECTIONAL TRAINING FACILITY
SOLEDAD, CALIFORNIA
OCTOBER 17, 1994

PRESIDING COMMISSIONER ALVORD: WE ARE ON THE RECORD. THIS IS A LIFE PRISONER HEARING FOR 1NMATE PR1TCHARD.
1NMATE PR1TCHARD: YES SIR.
PRESIDING COMMISSIONER ALVORD: STATE Y0UR NAME F0R THE REC0RD AND SPELL THE LAST.
1NMATE PR1TCHARD: WENDELL PR1TCHARD, P-R-I-T-C-H-A-R-D.
DEPUTY COMMISSIONER KOVAC: H0W L0NG HAVE Y0U BEEN AT CTF?
1NMATE PR1TCHARD: SINCE 1989. I W0RK IN THE LAUNDRY.
PRESIDING COMMISSIONER ALVORD: THANK Y0U. WE WILL RECESS F0R DELIBERATI0NS.
(RECESS)
"""


def test_a_committee_hearings_roll_call_and_witnesses(tmp_path):
    document = _text(tmp_path, LEGISLATURE)
    speakers = [u.speaker for u in document.utterances]
    # The roll call: each member answers once under the secretary's call.
    assert speakers[:9] == [
        "CHAIR OKAFOR",
        *["SECRETARY", "OKAFOR", "SECRETARY", "LINDQVIST", "SECRETARY", "", "SECRETARY", "TAMURA"],
    ]
    assert {"ASSEMBLYMEMBER LINDQVIST", "ASSEMBLYMEMBER TAMURA", "MS. ACHTERBERG", "MR. CASTELLANOS"} <= set(
        speakers
    )
    # The closing parenthetical a blank line under the dialogue is the body's, no certificate.
    assert utterances(document)[-1] == ("", "(Whereupon, at 3:47 p.m., the hearing was adjourned.)")
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


def test_an_immigration_courts_record_headings_open_the_judges_turns(tmp_path):
    document = _text(tmp_path, IMMIGRATION_COURT)
    said = utterances(document)
    assert said[0] == (
        "JUDGE",
        "This is Immigration Judge Cordelia Vanterpool in removal proceedings for Esteban Solis Marroquin. "
        "The respondent is present with counsel, Ngozi Abernathy. The Department is represented by Walter "
        "Fenn. The interpreter is Pilar Ochoa, Spanish.",
    )
    assert [speaker for speaker, _ in said[1:-1]] == ["Q", "A"] * 4
    assert said[2] == ("A", "(Through interpreter) Yes.")
    assert said[-1][0] == "JUDGE" and said[-1][1].startswith("The next hearing is set for June 4, 2026")
    # "JUDGE TO MR. SOLIS" heads the questions: a line of the body, no turn.
    body = next(s for s in document.sections if s.name == "body")
    assert "JUDGE TO MR. SOLIS" in document.text[body.start : body.end]
    assert document.sections[0].name == "cover"
    assert not _lines_outside_sections(document)


def test_a_grand_jurys_jurors_and_foreperson_speak(tmp_path):
    document = _text(tmp_path, GRAND_JURY)
    speakers = [u.speaker for u in document.utterances]
    assert speakers == [
        *["Q", "A"] * 3,
        "MS. HALVERSEN",
        "A JUROR",
        "THE WITNESS",
        "A JUROR",
        "THE FOREPERSON",
        "",  # "25   (Witness excused.)": the transcriber's line, after its line number
    ]
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


def test_a_hearing_typed_in_capitals_with_ocr_slips(tmp_path):
    document = _text(tmp_path, TYPED_1994)
    assert [u.speaker for u in document.utterances] == [
        "PRESIDING COMMISSIONER ALVORD",
        "1NMATE PR1TCHARD",
        "PRESIDING COMMISSIONER ALVORD",
        "1NMATE PR1TCHARD",
        "DEPUTY COMMISSIONER KOVAC",
        "1NMATE PR1TCHARD",
        "PRESIDING COMMISSIONER ALVORD",
        "",
    ]
    # A zero read for the letter O in the cover's "0F" and "N0." still gives its name and number.
    assert (document.metadata.inmate_name, document.metadata.cdcr_number) == ("WENDELL PR1TCHARD", "D-48213")
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


NUMBERED_LAYOUTS = ["court_reporter", "pleading", "deposition_tag_alone", "numbered_hanging", "condensed"]
PARAGRAPH_LAYOUTS = ["tag_alone", "hanging_indent", "word_processor", "plain_dense", "two_column", "typeset"]


@pytest.mark.parametrize(
    ("text", "layout"),
    [
        *[(LEGISLATURE, layout) for layout in [*NUMBERED_LAYOUTS, "two_up", *PARAGRAPH_LAYOUTS]],
        # (two_up reads a document of two sheets' columns wrong, whatever its kind: left open)
        *[(IMMIGRATION_COURT, layout) for layout in [*NUMBERED_LAYOUTS, *PARAGRAPH_LAYOUTS]],
        *[(GRAND_JURY, layout) for layout in [*NUMBERED_LAYOUTS, "two_up", "plain_dense", "typeset"]],
        *[(TYPED_1994, layout) for layout in [*NUMBERED_LAYOUTS, "two_up", *PARAGRAPH_LAYOUTS]],
    ],
)
def test_new_kinds_through_pdf_layouts(tmp_path, text, layout):
    reference, document = _pdf(tmp_path, text, layout)
    assert utterances(document) == utterances(reference)
