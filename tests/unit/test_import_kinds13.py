"""Kinds of transcript that may now come, each written here: a note-taking app's export (a
display name and an elapsed stamp over each turn, "Speaker 3", "Unknown Speaker"), a police
radio transcript under its CAD log (unit call signs as speakers), a reporter's numbered pages
through an interpreter, and a jail tablet's message export (sender, recipient and time fields
over each message: a record, no speakers). Each imports into its turns, in text and in PDFs of
it in every layout."""

from __future__ import annotations

import re

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

NOTES_APP = """\
Parole planning meeting - export
November 20, 2026  ·  38 min

Dana Whitfield  0:03
Okay, we're recording. This is the pre-release planning meeting for Mr. Castellanos.

Speaker 3  0:11
Hi, yes, this is Ruth from the Fresno Reentry Center. Can you hear me?

Dana Whitfield  0:16
We can. Thanks for joining, Ruth.

Unknown Speaker  0:19
Sorry, I'm on the road, I'll mute.

Ravi Castellanos  0:24
Good morning. I have the bed at the house on Belmont lined up.

Speaker 3  0:31
That's right, we're holding bed twelve for him until December fifth.

Ravi Castellanos  1:05
My cousin Hector has me at his tire shop in Selma, starting the eighth.

Unknown Speaker  1:12
This is Hector, yeah, I can confirm that.

Transcribed by the meeting assistant"""

RADIO = """\
STOCKTON POLICE DEPARTMENT
RADIO TRANSCRIPT - CHANNEL 2 (NORTH)
Incident: 26-118342   Date: 11/09/2026

CAD EVENT LOG
21:14:07  CALL RECEIVED  415 FAMILY  1418 E FREMONT ST APT 6
21:14:52  DISPATCHED  2A12, 2A14
21:31:05  CLEARED  2A12  CODE 4

RADIO TRAFFIC
[21:14:52] DISPATCH: 2-ADAM-12, 2-ADAM-14, 415 family, 1418 East Fremont, apartment 6, callback 209-555-0163.
[21:15:03] 2-ADAM-12: 2-Adam-12 copy, en route from Wilson Way.
[21:15:06] 2-ADAM-14: Adam-14 copy, I'll be about six out.
[21:19:34] DISPATCH: 2-Adam-12 on scene, 21:19.
[21:24:11] 2-ADAM-12: Can you run a name for me, Renteria, Dominick, date of birth 3-22-94.
[21:24:40] DISPATCH: 2-Adam-12, Renteria comes back with a misdemeanor warrant, bail 5,000.
[21:31:05] 2-ADAM-12: 2-Adam-12, we're code 4, clear."""

# The body starts under the cover on the cover's page, at line 2.
REPORTER = """\
 1                    SUPERIOR COURT OF CALIFORNIA
 2                       COUNTY OF TULARE
 3   THE PEOPLE OF THE STATE OF CALIFORNIA,   )   Case No. VCF-26-4471
 4        vs.                                 )
 5   ALEJANDRO MENDOZA PULIDO,                )
 6                 REPORTER'S TRANSCRIPT OF PROCEEDINGS
 7   Interpreter:       LUCIA FERNANDEZ, Certified Court Interpreter
 8
                                                                  2
 1                       P R O C E E D I N G S
 2             THE COURT: We're on the record in People versus
 3   Mendoza Pulido. The defendant is present with
 4   Mr. Anaya, and assisted by the Spanish interpreter.
 5             THE INTERPRETER: Lucia Fernandez, F-E-R-N-A-N-D-E-Z,
 6   certified court interpreter, number 300417.
 7                   (Interpreter previously sworn.)
 8             THE COURT: Mr. Mendoza, do you understand the
 9   interpreter?
10             THE DEFENDANT: (Through the interpreter) Yes, I
11   understand her.
12             THE COURT: You were born on May 2nd, 1991?
13             THE DEFENDANT: (Through the interpreter) Yes.
14             THE COURT: Ms. Ostrowski?
15             MS. OSTROWSKI: The People would ask for a continuance
16   to November 12th.
17             MR. ANAYA: No objection.
18             THE COURT: So ordered. November 12th at 8:30 in
19   Department 4.
20                   (Off the record.)
21             THE DEFENDANT: (In English) Thank you, Judge.
22             THE COURT: You're welcome.
23                   (Proceedings concluded at 9:12 a.m.)
24
25"""

TABLET = """\
Fresno County Jail - Inmate Tablet Messaging Export
Account: 2026-031177   Inmate: RENTERIA, DOMINICK A.

From: RENTERIA, DOMINICK A. (2026-031177)
To: Yolanda Renteria
Sent: 10/02/2026 07:41 PM
Message: Hey mom can you put money on my books, the commissary closes friday.

From: Yolanda Renteria
To: RENTERIA, DOMINICK A. (2026-031177)
Sent: 10/03/2026 09:12 AM
Message: I put $40 on it this morning. Your court date is the 18th right?

From: Alicia Brandvold
To: RENTERIA, DOMINICK A. (2026-031177)
Sent: 10/05/2026 02:30 PM
Message: Mr. Renteria, this is your attorney. Please do not discuss your case here."""

SPEAKERS = {
    "notes": (
        NOTES_APP,
        [
            *["Dana Whitfield", "Speaker 3", "Dana Whitfield", "Unknown Speaker", "Ravi Castellanos"],
            *["Speaker 3", "Ravi Castellanos", "Unknown Speaker"],
        ],
    ),
    "radio": (
        RADIO,
        ["DISPATCH", "2-ADAM-12", "2-ADAM-14", "DISPATCH", "2-ADAM-12", "DISPATCH", "2-ADAM-12"],
    ),
    "reporter": (
        REPORTER,
        [
            *["THE COURT", "THE INTERPRETER", "", "THE COURT", "THE DEFENDANT", "THE COURT", "THE DEFENDANT"],
            *["THE COURT", "MS. OSTROWSKI", "MR. ANAYA", "THE COURT", "", "THE DEFENDANT", "THE COURT", ""],
        ],
    ),
    # A record's fields, no speakers: the messages stay text that detection reads whole.
    "tablet": (TABLET, []),
}


@pytest.mark.parametrize("kind", list(SPEAKERS))
def test_each_kind_reads_into_its_turns(kind):
    text, speakers = SPEAKERS[kind]
    said = utterances(text_document(kind, text))
    assert [speaker for speaker, _ in said] == speakers
    # No stamp or line number is left at the head of the speech.
    assert not any(re.match(r"\[?\d{1,2}:\d{2}|\d{1,2} ", speech) for _, speech in said)


@pytest.mark.parametrize("layout", list(layouts()))
def test_each_kind_reads_back_from_pdfs(tmp_path, layout):
    for kind, (text, _) in SPEAKERS.items():
        reference = text_document(kind, text)
        path = tmp_path / f"{kind}.pdf"
        path.write_bytes(render(text, reference, layouts()[layout], title=kind.title()))
        assert utterances(import_file(path)) == utterances(reference), kind
