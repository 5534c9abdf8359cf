"""Where an utterance's speech starts (`Utterance.speech_start`) when a time stands between
the speaker's name and the speech: "Speaker 1 (00:03): hi", or "speaker 1  0:00:06" on a
line of its own with the speech under it, as meeting software exports its speech
recognition. The importers record it (`Utterance.speech_at`); the project file keeps it,
and files written before it was recorded still open."""

from __future__ import annotations

import json
import sqlite3

import pytest

from reviewer_app.core.document import Document
from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import hearing_layout
from reviewer_app.importers.pdf_body import tag_row
from reviewer_app.importers.text import document_from_text
from reviewer_app.store import Project
from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

MEETING_EXPORT = (
    "automatic transcript - parole consideration hearing - 3 speakers detected\n"
    "speaker 1  0:00:06\n"
    "okay i think we're recording good morning this is a subsequent parole consideration hearing\n"
    "speaker 2  0:00:31\n"
    "good morning i'm the deputy commissioner\n"
    "speaker 1  0:00:35\n"
    "counsel\n"
    "speaker 3  0:00:37\n"
    "good morning for the incarcerated person\n"
    "speaker 1  0:00:45\n"
    "thank you all please state your names for the record and spell your last names\n"
    "speaker 2  0:00:53\n"
    "done\n"
    "speaker 3  0:00:58\n"
    "likewise"
)

# The same export with people's display names as the platform shows them: surname first, a
# note in brackets, and a caller who dialled in shown by the number.
DISPLAY_NAME_EXPORT = (
    "Parole hearing room 3 - Transcript\n"
    "Marsh, Ellen (BPH)   0:03\n"
    "We're on the record.\n"
    "Daniel Okafor (Guest)   0:12\n"
    "Good morning.\n"
    "+1 (916) 555-0143   0:19\n"
    "hi this is his sister can you hear me\n"
    "Marsh, Ellen (BPH)   0:25\n"
    "Yes, we can hear you.\n"
    "Daniel Okafor (Guest)   0:31\n"
    "Thank you for calling in."
)


def _speech(document: Document) -> list[str]:
    return [document.text[u.speech_start : u.end].strip() for u in document.utterances]


def test_a_time_in_brackets_after_the_name_is_no_part_of_the_speech():
    document = document_from_text(
        "t", "Speaker 1 (00:03): hi there\nSpeaker 2 (00:05): hello\nSpeaker 1 (00:09): bye now"
    )
    assert _speech(document) == ["hi there", "hello", "bye now"]


def test_the_speech_under_a_name_and_a_time_starts_on_the_next_line():
    document = document_from_text("t", MEETING_EXPORT)
    assert [u.speaker for u in document.utterances][:3] == ["speaker 1", "speaker 2", "speaker 1"]
    assert _speech(document)[:3] == [
        "okay i think we're recording good morning this is a subsequent parole consideration hearing",
        "good morning i'm the deputy commissioner",
        "counsel",
    ]


def test_display_names_with_a_note_surname_first_or_a_dial_in_number_head_their_speech():
    document = document_from_text("t", DISPLAY_NAME_EXPORT)
    assert [u.speaker for u in document.utterances] == [
        "Marsh, Ellen (BPH)",
        "Daniel Okafor (Guest)",
        "+1 (916) 555-0143",
        "Marsh, Ellen (BPH)",
        "Daniel Okafor (Guest)",
    ]
    assert _speech(document)[2] == "hi this is his sister can you hear me"


def test_a_device_s_display_name_with_a_word_capitalised_inside_heads_its_speech():
    document = document_from_text(
        "t",
        "Marsh, Ellen (BPH)   0:03\nWe're on the record.\nConference Room iPad   0:12\nGood morning.\n"
        "Marsh, Ellen (BPH)   0:25\nThank you.\nConference Room iPad   0:31\nThank you.",
    )
    assert [u.speaker for u in document.utterances][:2] == ["Marsh, Ellen (BPH)", "Conference Room iPad"]
    assert _speech(document)[1] == "Good morning."


def test_a_display_name_s_note_is_part_of_a_speaker_named_in_mixed_case_and_a_number_is_not():
    lines = [
        "Helen Park (BPH): on the record",
        "Exhibit 3 (Redacted): letter from the warden",
        "Officer Ruiz 2: we found him",
        "Helen Park (BPH): thank you",
        "Exhibit 3 (Redacted): letter from the warden",
        "Officer Ruiz 2: yes",
    ]
    document = document_from_text("t", "\n".join(lines))
    assert [u.speaker for u in document.utterances] == ["Helen Park (BPH)"] * 2


def test_a_date_and_a_time_on_a_line_are_no_dial_in_speaker():
    layout = hearing_layout()
    assert layout.turn_of("2025-11-03  9:14", named=True) is None
    assert layout.turn_of("916-555-0143  1:02:03", named=True).speaker == "916-555-0143"


def test_a_plain_tag_keeps_its_speech_after_the_colon():
    document = document_from_text("t", "MS. DIAZ: Good morning.\nMR. LEE: Morning.\nMS. DIAZ: Let's begin.")
    assert all(u.speech_at is None for u in document.utterances)
    assert _speech(document) == ["Good morning.", "Morning.", "Let's begin."]


def test_the_turn_says_whether_its_speech_is_on_the_lines_under_it():
    """A name and a time alone on a line head the speech under it (`Turn.speech_below`), which a
    PDF keeps a line of its own; a tag whose row broke after it ("MS. RICH:") has its speech
    on its line, the row under joined to it (`pdf_body.tag_row`)."""
    layout = hearing_layout()
    assert layout.turn_of("Deepa Raghunathan  0:03", named=True).speech_below
    assert layout.turn_of("speaker 2  0:00:31", ("speaker 2",)).speech_below
    assert layout.turn_of(">> speaker 2  0:00:31", ("speaker 2",)).speech_below
    assert not layout.turn_of("speaker 2  0:00:31  good morning", ("speaker 2",)).speech_below
    assert not layout.turn_of("Speaker 1 (00:03):").speech_below
    assert not layout.turn_of("MS. RICH:").speech_below
    assert tag_row("speaker 2  0:00:31", ("speaker 2",)).speech_below
    assert not tag_row("MS. RICH:").speech_below
    assert not tag_row(">>").speech_below
    assert tag_row("MS. RICH: Yes.") is None
    assert tag_row("speaker 2  0:00:31  good morning", ("speaker 2",)) is None


@pytest.mark.parametrize("layout", ["court_reporter", "numbered_hanging", "tag_alone", "plain_dense"])
def test_a_meeting_export_printed_as_a_pdf_imports_to_the_same_utterances(tmp_path, layout):
    reference = text_document("meeting", MEETING_EXPORT)
    pdf = tmp_path / "meeting.pdf"
    pdf.write_bytes(render(MEETING_EXPORT, reference, layouts()[layout], "Meeting"))
    assert utterances(import_file(pdf)) == utterances(reference)


@pytest.mark.parametrize("layout", ["court_reporter", "tag_alone", "plain_dense"])
def test_display_names_printed_as_a_pdf_import_to_the_same_utterances(tmp_path, layout):
    reference = text_document("meeting", DISPLAY_NAME_EXPORT)
    pdf = tmp_path / "meeting.pdf"
    pdf.write_bytes(render(DISPLAY_NAME_EXPORT, reference, layouts()[layout], "Meeting"))
    assert utterances(import_file(pdf)) == utterances(reference)


def test_the_project_file_keeps_where_the_speech_starts(tmp_path):
    document = document_from_text("t", MEETING_EXPORT)
    with Project.create(tmp_path / "p.db") as project:
        back = project.document(project.add_document(document))
    assert back.utterances == document.utterances
    assert _speech(back) == _speech(document)


def test_utterances_stored_before_speech_starts_were_recorded_still_open(tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        doc_id = project.add_document(document_from_text("t", MEETING_EXPORT))
    # A file written before: [speaker, start, end] a row.
    conn = sqlite3.connect(path)
    structure = json.loads(conn.execute("SELECT structure FROM documents").fetchone()[0])
    assert any(len(row) == 4 for row in structure["utterances"])
    structure["utterances"] = [row[:3] for row in structure["utterances"]]
    conn.execute("UPDATE documents SET structure = ?", (json.dumps(structure),))
    conn.commit()
    conn.close()
    with Project.open(path) as project:
        back = project.document(doc_id)
    first = back.utterances[0]
    assert (first.speaker, first.start, first.end, first.speech_at) == ("speaker 1", 74, 184, None)


@pytest.mark.parametrize("layout", ["plain_dense", "word_processor"])
def test_a_name_and_a_time_at_the_top_of_pages_is_no_running_header(tmp_path, layout):
    # Over many pages, "speaker 1  1:38:58" stands at the top of several: a turn, not a
    # header that repeats (numbers aside) at the same height.
    transcript = next(t for t in load_handwritten(DEV_FOLDER) if t.name == "hearing_remote_asr_lowercase")
    reference = text_document(transcript.name, transcript.text)
    pdf = tmp_path / "asr.pdf"
    pdf.write_bytes(render(transcript.text, reference, layouts()[layout], "Hearing"))
    assert utterances(import_file(pdf)) == utterances(reference)


SPEECH_SERVICE_EXPORT = """Hearing audio - transcribed by speech service

Speaker A  0:03
okay we are recording this is the subsequent parole hearing of mr castillo

Speaker B  0:09
good morning everyone

Speaker A  0:12
good morning can you state your name for the record and spell your last name

Speaker C  0:18
rafael castillo c a s t i l l o

Speaker A  0:25
thank you and counsel please

Speaker D  0:29
good morning anita bhatt for mr castillo

Speaker A  0:34
thank you lets start"""


@pytest.mark.parametrize("layout", ["tag_alone", "plain_dense", "court_reporter", "numbered_hanging"])
def test_a_name_and_a_time_of_a_speaker_who_speaks_once_heads_a_turn_in_a_pdf(tmp_path, layout):
    # Speakers B, C and D speak once, between speaker A's turns: the text importer takes their
    # lines for turns, and so does the PDF importer, with and without line numbers.
    reference = text_document("service", SPEECH_SERVICE_EXPORT)
    assert [speaker for speaker, _ in utterances(reference)][:4] == [
        "Speaker A",
        "Speaker B",
        "Speaker A",
        "Speaker C",
    ]
    pdf = tmp_path / "service.pdf"
    pdf.write_bytes(render(SPEECH_SERVICE_EXPORT, reference, layouts()[layout], "Hearing"))
    assert utterances(import_file(pdf)) == utterances(reference)


PAPERWORK = " and we will also need the letters from the program and the pay stubs from the job" * 40
TIMED_EXPORT = [
    "Intake call - automatic transcript",
    "",
    "Priya Venkataraman  0:04",
    f"thanks for making the time today i need to go over the housing application before friday{PAPERWORK}",
    "Owen Castellano  0:11",
    "happy to help i have my paperwork right here",
    "Daniel Cho  0:19",
    "and i am the case manager on the line too",
]
STAMPED_EXPORT = [
    "Call recording",
    "",
    f"[00:00:02] Priya: can you hear me, I need to go over the application before friday{PAPERWORK}",
    "[00:00:06] Owen: yes loud and clear, I have my paperwork here",
    "[00:00:12] Daniel: and this is the case manager joining the call as well",
]
EXPORTS = {"timed": "\n".join(TIMED_EXPORT), "stamped": "\n".join(STAMPED_EXPORT)}


@pytest.mark.parametrize("export", sorted(EXPORTS))
@pytest.mark.parametrize("layout", ["pleading", "numbered_hanging", "plain_dense", "tag_alone"])
def test_an_export_where_each_speaker_speaks_once_keeps_its_turns_in_a_pdf(tmp_path, layout, export):
    # Three speakers who speak once each, over three pages: turns in the text (an export's
    # layout), and the same turns from the PDF, the first one on the first page too.
    text = EXPORTS[export]
    reference = text_document(export, text)
    assert len(utterances(reference)) == 3
    pdf = tmp_path / "export.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], "Export"))
    assert utterances(import_file(pdf)) == utterances(reference)
