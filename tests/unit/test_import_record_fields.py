"""A written record's fields read like speaker tags ("From: (559) 555-0187", "Received:
11/12/2026 8:14 AM" in a voicemail log, "Time: 2:20 PM" in a note-taker's export): they are no
speakers, in the text and in PDFs of it; a transcript whose speakers each speak once keeps its
turns (the reverted form-label rule of import8 took those)."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.form_records import record_fields
from reviewer_app.importers.hearing import hearing_layout
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

VOICEMAIL_LOG = """\
Parole Agent Voicemail Log
Agent: Marisol Quintero, Parole Agent II
Exported: 11/14/2026

Message 1
From: (559) 555-0187
Received: 11/12/2026 8:14 AM
Duration: 0:42
Transcription: hi agent quintero this is darnell whitaker my ride fell through call me back

Message 2
From: Fresno County Behavioral Health
Received: 11/12/2026 9:03 AM
Duration: 1:05
Transcription: good morning this is alma ruiz at behavioral health about terrence pike

Message 3
From: Unknown
Received: 11/12/2026 11:47 AM
Duration: 0:18
Transcription: yeah this is for quintero call me back"""

NOTES = """\
Reentry planning call
Date: 11/3/2026
Time: 2:05 PM
Dana Whitfield: Okay, I think it's recording now. Can everyone hear me?
Ravi Castellanos: Yes, loud and clear.
Time: 2:20 PM
Dana Whitfield: Great. The deposit for the unit on Larkspur Court is due Friday.
Ravi Castellanos: I can drop the check off on Thursday.
Time: 2:31 PM
Ravi Castellanos: One more thing, his curfew is at ten.
Dana Whitfield: Noted."""

NOTES_SPEECH = [
    ("Dana Whitfield", "Okay, I think it's recording now. Can everyone hear me?"),
    ("Ravi Castellanos", "Yes, loud and clear."),
    ("Dana Whitfield", "Great. The deposit for the unit on Larkspur Court is due Friday."),
    ("Ravi Castellanos", "I can drop the check off on Thursday."),
    ("Ravi Castellanos", "One more thing, his curfew is at ten."),
    ("Dana Whitfield", "Noted."),
]

# Speakers who each speak once, answering with a date or a time, one named by a name alone: turns.
SHORT_CALL = """\
Ms. Diaz: Can you give me the date of the incident?
Detective Harlan: 11/12/2026.
Ms. Diaz: And the time?
Officer Pike: 2:05 PM.
Ms. Diaz: Thank you.
Harlan: 11/12/2026.
Ms. Diaz: Okay."""


def test_a_voicemail_logs_fields_are_no_speakers():
    document = text_document("voicemail", VOICEMAIL_LOG)
    assert document.utterances == ()


def test_a_time_between_a_note_takers_turns_is_a_line_of_its_own():
    assert utterances(text_document("notes", NOTES)) == NOTES_SPEECH


def test_turns_of_speakers_who_speak_once_stay_turns():
    speakers = [speaker for speaker, _ in utterances(text_document("call", SHORT_CALL))]
    assert speakers == [
        "Ms. Diaz",
        "Detective Harlan",
        "Ms. Diaz",
        "Officer Pike",
        "Ms. Diaz",
        "Harlan",
        "Ms. Diaz",
    ]


@pytest.mark.parametrize("layout", list(layouts()))
def test_the_fields_are_no_speakers_in_pdfs(tmp_path, layout):
    for name, text in (("voicemail", VOICEMAIL_LOG), ("notes", NOTES)):
        reference = text_document(name, text)
        path = tmp_path / f"{name}_{layout}.pdf"
        path.write_bytes(render(text, reference, layouts()[layout], title=name.title()))
        assert utterances(import_file(path)) == utterances(reference), name


def test_a_records_labels_are_fields_where_a_data_field_opens_each_record():
    lines = VOICEMAIL_LOG.split("\n")
    candidates = {
        i: turn
        for i, line in enumerate(lines)
        if line and (turn := hearing_layout().turn_of(line, named=True))
    }
    fields = record_fields(lines, candidates)
    assert {candidates[i].speaker for i in fields} == {
        "From",
        "Received",
        "Duration",
        "Transcription",
    }
    # In one record only, a label is a field where its value is data; its neighbours are not.
    one = [lines[0], "", *lines[4:9]]
    found = record_fields(
        one,
        {i: t for i, line in enumerate(one) if line and (t := hearing_layout().turn_of(line, named=True))},
    )
    assert sorted(one[i].split(":")[0] for i in found) == ["Duration", "From", "Received"]
