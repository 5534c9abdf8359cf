"""Plain-text transcripts in layouts other than the canonical one (issue 12): the
turns and sections are found without a character of the text changing. The small
texts here are made by hand in the shapes real transcripts have."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer_app.detectors.profiles import is_dialogue
from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import hearing_layout, parse_cover


def _imported(tmp_path, text: str, name: str = "transcript.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = import_file(path)
    assert document.text == text.rstrip("\n")
    return document


def _utterance_texts(document) -> list[str]:
    return [document.text[u.start : u.end] for u in document.utterances]


def _lines_outside_sections(document) -> list[str]:
    outside, offset = [], 0
    for line in document.text.split("\n"):
        # A page's closing form feed may end the line after the text; it is no text to review.
        end = offset + len(line.rstrip("\f"))
        inside = any(s.start <= offset and end <= s.end for s in document.sections)
        if line.strip() and not inside:
            outside.append(line)
        offset += len(line) + 1
    return outside


REAL_HEARING = """\
                 SUBSEQUENT PAROLE CONSIDERATION HEARING
                        BOARD OF PAROLE HEARINGS

In the matter of the Parole          )
Consideration Hearing of:            )     CDCR Number: ZX9001
                                     )
PETER ANSELM                         )
_____________________________________)

                        WASCO STATE PRISON
                         WASCO, CALIFORNIA
                      MONDAY, JANUARY 8, 2024

PANEL PRESENT:
JOAN FERRIS, Presiding Commissioner

OTHERS PRESENT:
PETER ANSELM, Incarcerated Person

CORRECTIONS TO THE DECISION HAVE BEEN MADE
____ No
____ Yes, see Review of Hearing Transcript Memorandum

                              I N D E X
Proceedings ................................................ 3
Decision ................................................... 9

                        P R O C E E D I N G S

PRESIDING COMMISSIONER FERRIS: We are on the record.
PETER ANSELM: Good morning.
PRESIDING COMMISSIONER FERRIS: We will recess now.
(Whereupon, a recess was taken.)
                               DECISION
PRESIDING COMMISSIONER FERRIS: We are back on the record.
THE PANEL FINDS THAT THE INCARCERATED PERSON IS SUITABLE FOR PAROLE.
PETER ANSELM          ZX9001          DECISION PAGE 1          1/8/2024
PRESIDING COMMISSIONER FERRIS: Good luck to you.
PETER ANSELM: Thank you.
(Whereupon, the hearing was concluded.)

                      CERTIFICATE AND
                 DECLARATION OF TRANSCRIBER

     I, LENA VOSS, transcribed the hearing of PETER ANSELM.

Copyright 2024 by Example Transcription. All rights reserved.
"""


def test_decision_heading_index_and_notice_do_not_break_a_hearing(tmp_path):
    document = _imported(tmp_path, REAL_HEARING)
    assert [s.name for s in document.sections] == ["cover", "body", "certificate"]
    assert [u.speaker for u in document.utterances] == [
        "PRESIDING COMMISSIONER FERRIS",
        "PETER ANSELM",
        "PRESIDING COMMISSIONER FERRIS",
        "",
        "PRESIDING COMMISSIONER FERRIS",
        "PRESIDING COMMISSIONER FERRIS",
        "PETER ANSELM",
        "",
    ]
    texts = _utterance_texts(document)
    # The heading, the notice and its footer are lines of the body, glued to no turn.
    assert "PRESIDING COMMISSIONER FERRIS: We are back on the record." in texts
    assert not any("DECISION" in t or "SUITABLE" in t for t in texts)
    assert _lines_outside_sections(document) == []
    body = document.section("body")
    assert "DECISION PAGE 1" in document.text[body.start : body.end]
    certificate = document.section("certificate")
    assert document.text[certificate.start : certificate.end].strip().startswith("CERTIFICATE AND")
    assert document.text[certificate.start : certificate.end].endswith("All rights reserved.")
    meta = document.metadata
    assert (meta.hearing_type, meta.inmate_name, meta.cdcr_number) == (
        "SUBSEQUENT PAROLE CONSIDERATION HEARING",
        "PETER ANSELM",
        "ZX9001",
    )
    assert (meta.facility, meta.location, meta.date) == (
        "WASCO STATE PRISON",
        "WASCO",
        "MONDAY, JANUARY 8, 2024",
    )
    # A box to tick on the cover names nobody.
    assert [p.name for p in meta.participants] == ["JOAN FERRIS", "PETER ANSELM"]


def test_turns_after_a_recorder_timestamp(tmp_path):
    text = (
        "CITY POLICE DEPARTMENT - RECORDED INTERVIEW\n"
        "Case No. 11-2233\n"
        "\n"
        "[09:14:02] DET. ROWE: We're recording. State your name.\n"
        "[09:14:09] OKORO: Chidi Okoro.\n"
        "[09:14:12] DET. ROWE: Thank you.\n"
        "[09:15:40] Recording ends."
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == ["DET. ROWE", "OKORO", "DET. ROWE"]
    # The utterance starts at its tag; the timestamp is no part of it.
    assert _utterance_texts(document)[1] == "OKORO: Chidi Okoro."
    assert document.text[document.utterances[1].speech_start :].startswith("Chidi Okoro.")
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert _lines_outside_sections(document) == []
    assert document.metadata.is_empty()


DEPOSITION = """\
                    UNITED STATES DISTRICT COURT

APPEARANCES OF COUNSEL:
     BY: ANNA BELL, ESQ.
     BY: CARL DUNN, ESQ.

                               EXAMINATION
BY MS. BELL:
     Q.   Please state your name.
     A.   Ezra Quill.
     Q.   I'm handing you Exhibit 3.
          (Exhibit 3 was marked for identification.)
          MR. DUNN: Objection. Form.
BY MS. BELL:
     Q.   Do you recognise it?
     A.   Yes. It is my report, and
     it is dated in May.

                     REPORTER'S CERTIFICATE
     I, Dora Pike, certify that the foregoing is true.
"""


def test_question_and_answer_turns_with_examiner_lines(tmp_path):
    document = _imported(tmp_path, DEPOSITION)
    assert [u.speaker for u in document.utterances] == ["Q", "A", "Q", "", "MR. DUNN", "Q", "A"]
    texts = _utterance_texts(document)
    assert texts[0] == "Q.   Please state your name."
    assert texts[3] == "(Exhibit 3 was marked for identification.)"
    # A wrapped answer is one utterance; "BY MS. BELL:" says who asks and is no turn.
    assert texts[-1] == "A.   Yes. It is my report, and\n     it is dated in May."
    assert not any(t.startswith("BY") for t in texts)
    assert [s.name for s in document.sections] == ["cover", "body", "certificate"]
    body = document.section("body")
    assert document.text[body.start : body.end].lstrip().startswith("BY MS. BELL:")
    assert _lines_outside_sections(document) == []
    assert document.metadata.is_empty()


def test_lower_case_generic_speaker_labels_of_asr_output(tmp_path):
    text = (
        "speaker 1: thank you for calling how can i help\n"
        "speaker 2: hi yes my name is ann\n"
        "speaker 1: hi ann\n"
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == ["speaker 1", "speaker 2", "speaker 1"]
    assert [s.name for s in document.sections] == ["body"]
    assert hearing_layout().speaker_of("SPEAKER_00: okay") == "SPEAKER_00"
    assert hearing_layout().speaker_of("Interviewer: So where were you born?") == "Interviewer"


def test_an_organisation_header_is_no_hearing_cover(tmp_path):
    text = (
        "RIVERSIDE TENANTS UNION\n"
        "Listening session on the rent increase\n"
        "\n"
        "LUZ: Thanks for coming.\n"
        "OMAR: Glad to be here.\n"
        "LUZ: Let's start.\n"
        "\n"
        "Notes taken by the secretary."
    )
    document = _imported(tmp_path, text)
    assert len(document.utterances) == 3
    assert document.metadata.is_empty()
    assert parse_cover(["RIVERSIDE TENANTS UNION", "Listening session"]).hearing_type == ""
    assert parse_cover(["STATE OF CALIFORNIA", "PAROLE SUITABILITY HEARING"]).hearing_type == (
        "PAROLE SUITABILITY HEARING"
    )


def test_cover_headings_with_a_colon_do_not_start_the_body(tmp_path):
    text = (
        "MEETING OF THE BOARD\n"
        "PRESENT:\n"
        "Ann Lee, Chair\n"
        "\n"
        "CHAIR LEE: Come to order.\n"
        "MEMBER RUIZ: Present.\n"
        "CHAIR LEE: Thank you."
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == ["CHAIR LEE", "MEMBER RUIZ", "CHAIR LEE"]
    cover = document.section("cover")
    assert document.text[cover.start : cover.end].endswith("Ann Lee, Chair")


def test_prose_without_turns_stays_one_text_section(tmp_path):
    text = "Summary of the visit.\nNOTE: the door was locked.\nThe rest was fine."
    document = _imported(tmp_path, text)
    assert document.utterances == ()
    assert [s.name for s in document.sections] == ["text"]


def test_an_all_caps_notice_with_a_colon_under_speech_is_no_turn(tmp_path):
    text = (
        "COMMISSIONER HOLT: We are done.\n"
        "MARCUS REED: Thank you.\n"
        "COMMISSIONER HOLT: Good luck.\n"
        "\n"
        "PAROLE DENIED\n"
        "THIS DECISION WILL BE FINAL ON: JUNE 5, 2024."
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == [
        "COMMISSIONER HOLT",
        "MARCUS REED",
        "COMMISSIONER HOLT",
    ]
    decision = document.section("decision")
    assert (
        document.text[decision.start : decision.end]
        == "PAROLE DENIED\nTHIS DECISION WILL BE FINAL ON: JUNE 5, 2024."
    )


# No turns to find: speech recognition output that marks no change of speaker (one run of
# words), a written petition with its written decision, a written appellate opinion and a
# Governor's written decision.
_WITHOUT_SPEAKER_MARKS = {
    "court_of_appeal_opinion_excerpt.marked.txt",
    "governor_reversal_decision.marked.txt",
    "oral_history_asr.marked.txt",
    "oral_history_asr_2.marked.txt",
    "petition_to_advance_review.marked.txt",
}

# Few and long turns: a decision read aloud, closing statements, next of kin's statements, a radio
# feature's host and reporter; a SubRip caption file marks a change of speaker (`>>`, a display
# name) on few of its cues.
# The probation report is written, not spoken: its nine "turns" are form fields ("DOB: 03/22/1994")
# read as speaker tags, which the count pins until the importer tells a form from a transcript (a
# rule that did so by each tag being said once also took the turns of short interviews and calls
# whose tags name people, and was reverted).
_FEW_TURNS = {
    "hearing_closing_statements_sample_layout.marked.txt": 11,
    "hearing_denial_decision_real_layout.marked.txt": 9,
    "hearing_line_numbered_third_firm.marked.txt": 12,
    "hearing_video_captions_srt_export.marked.txt": 12,
    "hearing_victim_next_of_kin_statements_numbered.marked.txt": 15,  # the recess is its own line
    "presentence_probation_report_excerpt.marked.txt": 9,
    "radio_news_parole_story.marked.txt": 17,
}


def test_every_development_transcript_has_turns_and_every_line_a_section():
    from reviewer_app.importers.text import document_from_text
    from tests.fixtures.handwritten_gold import DEV_FOLDER, parse_markup

    paths = sorted(DEV_FOLDER.glob("*.marked.txt"))
    assert len(paths) == 170
    for path in paths:
        text, _ = parse_markup(path.read_text(encoding="utf-8"), str(path))
        document = document_from_text(path.stem, text.rstrip("\n"))
        if path.name in _WITHOUT_SPEAKER_MARKS:
            assert document.utterances == (), path.name
            continue
        if path.name in _FEW_TURNS:
            assert len(document.utterances) == _FEW_TURNS[path.name], path.name
        else:
            assert len(document.utterances) >= 20, path.name
        assert _lines_outside_sections(document) == [], path.name
        assert not document.metadata.hearing_type or "HEARING" in document.metadata.hearing_type.upper(), (
            path.name
        )


def test_a_caption_change_of_speaker_opens_a_turn_named_or_not():
    from reviewer_app.core.document import UNNAMED_SPEAKER
    from reviewer_app.importers.text import document_from_text

    text = (
        ">> good morning we are on the record\n"
        ">> morning\n"
        ">> COMMISSIONER RUIZ: please state your name\n"
        ">>> next item on the agenda\n"
        "and that carries on here\n"
        ">> thank you\n"
        ">> you're welcome"
    )
    document = document_from_text("captions", text)
    speakers = [u.speaker for u in document.utterances]
    assert speakers == [UNNAMED_SPEAKER, UNNAMED_SPEAKER, "COMMISSIONER RUIZ", *[UNNAMED_SPEAKER] * 3]
    speech = [document.text[u.speech_start : u.end] for u in document.utterances]
    assert speech[0] == "good morning we are on the record"
    assert speech[2] == "please state your name"
    assert speech[3] == "next item on the agenda\nand that carries on here"
    assert is_dialogue(document)


def test_a_pdf_without_line_numbers_keeps_its_turns(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 720, "Oral history project, tape 2")
    y = 680
    for text in [
        "Interviewer: Where did you grow up?",
        "Respondent: In a small town near the coast, and we",
        "moved when I was nine.",
        "Interviewer: Why?",
    ]:
        pdf.drawString(72, y, text)
        y -= 14
    pdf.showPage()
    pdf.save()
    path = tmp_path / "interview.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    # A speaker tag starts a paragraph even where no gap or indent does.
    assert document.text.split("\n") == [
        "Oral history project, tape 2",
        "Interviewer: Where did you grow up?",
        "Respondent: In a small town near the coast, and we moved when I was nine.",
        "Interviewer: Why?",
    ]
    assert [u.speaker for u in document.utterances] == ["Interviewer", "Respondent", "Interviewer"]
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert document.metadata.is_empty()
    assert document.notes[0].endswith("3 speaker turns found.")


def test_an_empty_row_under_a_turn_in_a_pdf_without_line_numbers_ends_it(tmp_path):
    """Paragraphs spaced apart; a note after an empty row is no speech of the turn above
    it, and a speaker's second paragraph at the usual spacing still is."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Helvetica", 11)
    y = 720
    for text, gap in [
        ("CASEWORKER: Is now a good time", 13),
        ("to talk about the plan?", 20),
        ("CLIENT: Yes. My brother drives", 13),
        ("me home on Friday.", 20),
        ("He has the car until the", 13),
        ("evening, so that works.", 20),
        ("CASEWORKER: Thank you. I am", 13),
        ("stopping the recording now.", 33),
        ("[End of recording.]", 13),
    ]:
        pdf.drawString(72, y, text)
        y -= gap
    pdf.showPage()
    pdf.save()
    path = tmp_path / "intake.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert said == [
        "CASEWORKER: Is now a good time to talk about the plan?",
        "CLIENT: Yes. My brother drives me home on Friday.\nHe has the car until the evening, so that works.",
        "CASEWORKER: Thank you. I am stopping the recording now.",
    ]
    assert document.text.endswith("now.\n\n[End of recording.]")


@pytest.mark.parametrize("seed", [1, 2])
def test_canonical_text_is_read_alike_by_either_reader(seed):
    """The reader of other layouts finds in a canonical transcript what the canonical
    reader finds: the same utterances, sections and metadata."""
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.importers.turns import read_structure
    from tests.fixtures.generator import generate_transcript
    from tests.fixtures.generator_style2 import generate_style2

    for text in (generate_transcript(seed, 2000).canonical_text, generate_style2(seed).canonical_text):
        document = document_from_text("hearing", text)
        structure = read_structure(text)
        assert [s.name for s in document.sections][:2] == ["cover", "body"]
        assert structure.utterances == document.utterances
        assert structure.sections == document.sections
        assert structure.metadata == document.metadata


_LINES = [
    "",
    "   ",
    "JUDGE HALE: Go on.",
    "WITNESS: I was there.",
    "  [10:02:03] speaker 1: okay",
    "     Q.   Where?",
    "     A.   Home.",
    "BY MR. ROSS:",
    "(Recess taken.)",
    "(Whereupon, a recess",
    "was taken.)",
    "                DECISION",
    "PAROLE DENIED: FIVE YEARS",
    "and then we left.",
    "CERTIFICATE OF REPORTER",
    "PANEL PRESENT:",
    "Host: hello there",
    "Note: see above",
]


@given(st.lists(st.sampled_from(_LINES), max_size=30))
@settings(max_examples=200, deadline=None)
def test_any_mix_of_lines_gives_ordered_utterances_inside_the_body(lines):
    from reviewer_app.importers.turns import read_structure

    text = "\n".join(lines)
    structure = read_structure(text)
    if structure is None:
        return
    names = [s.name for s in structure.sections]
    assert "body" in names and names == sorted(names, key=["cover", "body", "decision", "certificate"].index)
    assert all(a.end < b.start for a, b in zip(structure.sections, structure.sections[1:], strict=False))
    body = structure.sections[names.index("body")]
    ends = [0]
    for utterance in structure.utterances:
        assert body.start <= utterance.start < utterance.end <= body.end
        assert utterance.start > ends[-1] or ends == [0]
        assert not text[utterance.start].isspace() and not text[utterance.end - 1].isspace()
        ends.append(utterance.end)


def test_speakers_named_in_mixed_case_count_where_they_speak_again(tmp_path):
    text = (
        "Morning Call, radio, episode 12\n"
        "For Plaintiff: none\n"
        "\n"
        "Host: Welcome back. With me is Ms. Diaz.\n"
        "Ms. Diaz: Thanks for having me.\n"
        "Host: Tell us about the shelter.\n"
        "Ms. Diaz: It opened in May.\n"
        "\n"
        "Dated: June 2, 2024"
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == ["Host", "Ms. Diaz", "Host", "Ms. Diaz"]
    # A label said once ("For Plaintiff:", "Dated:") is no speaker.
    assert [s.name for s in document.sections] == ["cover", "body", "certificate"]
    assert hearing_layout().speaker_of("Host: Welcome back.") is None  # the canonical reader's rule


def test_tags_with_the_time_after_the_name(tmp_path):
    rev = "Speaker 1 (00:03): Thanks for calling.\nSpeaker 2 (00:05): Hi, it's about my bill.\n"
    assert [u.speaker for u in _imported(tmp_path, rev, "rev.txt").utterances] == ["Speaker 1", "Speaker 2"]
    otter = (
        "Board meeting, March\n"
        "\n"
        "Nadia Petrov  0:03\n"
        "Okay, let's start.\n"
        "\n"
        "Tom Reyes  0:15\n"
        "Sure. The first item\n"
        "is the budget.\n"
        "\n"
        "Nadia Petrov  0:31\n"
        "Go on."
    )
    document = _imported(tmp_path, otter, "otter.txt")
    assert [u.speaker for u in document.utterances] == ["Nadia Petrov", "Tom Reyes", "Nadia Petrov"]
    # The name's line and the speech under it are one utterance.
    assert _utterance_texts(document)[1] == "Tom Reyes  0:15\nSure. The first item\nis the budget."
    assert [s.name for s in document.sections] == ["cover", "body"]


def test_a_generic_label_and_a_time_on_a_line_of_their_own_in_lower_case(tmp_path):
    # Meeting software exporting its speech recognition: no capitals anywhere.
    teams = (
        "automatic transcript - board meeting\n"
        "speaker 1  0:00:06\n"
        "okay we are recording\n"
        "speaker 2  0:00:31\n"
        "good morning\n"
        "speaker 1  0:00:35\n"
        "counsel\n"
        "okay  0:00:40\n"
        "that was a pause"
    )
    document = _imported(tmp_path, teams, "teams.txt")
    assert [u.speaker for u in document.utterances] == ["speaker 1", "speaker 2", "speaker 1"]
    # A word in lower case before a time is no label: it goes on with the speech.
    assert _utterance_texts(document)[2] == "speaker 1  0:00:35\ncounsel\nokay  0:00:40\nthat was a pause"


def test_question_and_answer_before_a_tab_or_two_spaces():
    layout = hearing_layout()
    assert layout.speaker_of("Q\tWhere were you?") == "Q"
    assert layout.speaker_of("A  At home.") == "A"
    assert layout.speaker_of("A lot of it was lost.") is None


def test_a_tag_alone_on_its_line_speaks_on_the_lines_under_it(tmp_path):
    text = "THE COURT:\nGood morning.\nPlease sit.\n\nMR. COLE:\nThank you.\n\nTHE COURT:\nProceed."
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == ["THE COURT", "MR. COLE", "THE COURT"]
    assert _utterance_texts(document)[1] == "MR. COLE:\nThank you."


def test_a_court_caption_gives_no_facility_but_the_people_present_are_kept():
    from reviewer_app.importers.hearing import cover_metadata

    caption = ["UNITED STATES DISTRICT COURT", "DEPOSITION OF DALE PRUITT", "Los Angeles, California"]
    assert parse_cover(caption).facility == "DEPOSITION OF DALE PRUITT"
    assert cover_metadata(caption).is_empty()
    present = cover_metadata(["BOARD MEETING", "PANEL PRESENT:", "ANN LEE, Chair"])
    assert [p.name for p in present.participants] == ["ANN LEE"]


def test_turns_after_a_line_number_of_a_numbered_page_saved_as_text(tmp_path):
    """A line-numbered transcript page saved as text: the number before a tag is no part
    of the speaker, whose turns then count as one speaker's."""
    text = (
        "                                                              2\n"
        " 1                          P R O C E E D I N G S\n"
        " 2       DEPUTY COMMISSIONER MASON: We're on the record.\n"
        " 3       PRESIDING COMMISSIONER PARK: Good morning. This is an initial\n"
        " 4  parole consideration hearing.\n"
        " 5       DEPUTY COMMISSIONER MASON: Elliot Mason, Deputy\n"
        " 6  Commissioner.\n"
        " 7       PRESIDING COMMISSIONER PARK: Thank you."
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == [
        "DEPUTY COMMISSIONER MASON",
        "PRESIDING COMMISSIONER PARK",
        "DEPUTY COMMISSIONER MASON",
        "PRESIDING COMMISSIONER PARK",
    ]
    assert _utterance_texts(document)[0] == "DEPUTY COMMISSIONER MASON: We're on the record."
    assert hearing_layout().speaker_of("10 MS. KO: Yes.") == "MS. KO"
    assert hearing_layout().speaker_of("1990 was the year.") is None


def test_an_exports_turns_count_where_each_speaker_speaks_once():
    """A name and a time over the speech, or a recorder's timestamp before a name, is how a
    program exports speech: each such line opens a turn, however often its speaker speaks,
    where the text holds two or more; detection then knows the tags."""
    from reviewer_app.importers.text import document_from_text

    timed = "Priya Venkataraman  0:04\nthanks for making the time today\nOwen Castellano  0:11\nhappy to help"
    stamped = "[00:00:02] Priya: can you hear me all right\n[00:00:06] Owen: yes loud and clear"
    for text, speakers in ((timed, ["Priya Venkataraman", "Owen Castellano"]), (stamped, ["Priya", "Owen"])):
        document = document_from_text("export", text)
        assert [u.speaker for u in document.utterances] == speakers
        assert [document.text[a:b] for a, b in document.speaker_tags()] == speakers
    # One such line, lines that are times under one another (an agenda), and names in mixed
    # case each said once without a time ("Priya: ..."): no turns.
    for text in (
        "[00:00:02] Priya: can you hear me all right",
        "Registration  9:00\nOpening Remarks  9:30\nLunch  12:00",
        "Priya: can you hear me all right\nOwen: yes loud and clear",
    ):
        assert document_from_text("other", text).utterances == ()


def test_a_speaker_who_speaks_once_after_a_parenthetical_among_the_turns_has_a_turn(tmp_path):
    # The line next to a turn, a parenthetical between them in one block of lines, confirms a
    # speaker who says one thing; after a blank line it does not: a transcriber's note under
    # the closing parenthetical is no turn.
    turns = "\n".join(f"  MS. ORTIZ: Question {n}, please.\n  MR. BELL: Answer {n}, yes." for n in range(3))
    document = _imported(
        tmp_path, f"{turns}\n  (Off the record.)\n  MR. DUNN: The defense rests, Your Honor."
    )
    assert [u.speaker for u in document.utterances][-2:] == ["", "MR. DUNN"]
    assert _utterance_texts(document)[-1] == "MR. DUNN: The defense rests, Your Honor."
    noted = _imported(
        tmp_path,
        f"{turns}\n  (Whereupon, the proceedings concluded.)\n\n"
        "  TRANSCRIBER'S NOTE: Prepared from the recording by a transcriber.",
    )
    assert [u.speaker for u in noted.utterances][-2:] == ["MR. BELL", ""]
    assert [s.name for s in noted.sections] == ["body", "certificate"]


SURNAME_FIRST = (
    "Parole hearing - video meeting\n"
    "Recorded March 4, 2026\n"
    "\n"
    "Lindqvist, Maria (BPH): Good morning. We are on the record for Mr. Reyes.\n"
    "Okafor, Daniel (Guest): Good morning, Daniel Okafor for Mr. Reyes.\n"
    "Lindqvist, Maria (BPH): Thank you. Mr. Reyes, can you hear me?\n"
    "Reyes, Tomas: Yes ma'am, I can hear you.\n"
    "Lindqvist, Maria (BPH): Good. Let's begin with the offense.\n"
    "Okafor, Daniel (Guest): Before we begin, the packet is at pages 44 through 51.\n"
)


def test_display_names_written_surname_first_before_a_colon_are_tags(tmp_path):
    # A meeting's export writes the display name surname first, a comma after it.
    document = _imported(tmp_path, SURNAME_FIRST)
    assert [u.speaker for u in document.utterances] == [
        "Lindqvist, Maria (BPH)",
        "Okafor, Daniel (Guest)",
        "Lindqvist, Maria (BPH)",
        "Reyes, Tomas",
        "Lindqvist, Maria (BPH)",
        "Okafor, Daniel (Guest)",
    ]
    assert [s.name for s in document.sections] == ["cover", "body"]


def test_a_line_with_a_comma_said_once_is_no_tag_where_no_tag_is_written_surname_first(tmp_path):
    text = (
        "Maria Lindqvist: Good morning. We are on the record.\n"
        "Daniel Okafor: Good morning.\n"
        "Yes, Sir: that is what he wrote to the board.\n"
        "Maria Lindqvist: Thank you.\n"
        "However, Mr. Lee: the packet is late.\n"
        "Daniel Okafor: Understood.\n"
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == [
        "Maria Lindqvist",
        "Daniel Okafor",
        "Maria Lindqvist",
        "Daniel Okafor",
    ]


@pytest.mark.parametrize("layout", ["numbered_through", "deposition_tag_alone", "tag_alone"])
def test_display_names_written_surname_first_are_tags_in_a_pdf_too(tmp_path, layout):
    from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

    reference = text_document("meeting", SURNAME_FIRST.rstrip("\n"))
    pdf = tmp_path / "meeting.pdf"
    pdf.write_bytes(render(SURNAME_FIRST.rstrip("\n"), reference, layouts()[layout], "Meeting"))
    got = utterances(import_file(pdf))
    assert got == utterances(reference)
    assert [speaker for speaker, _ in got].count("Okafor, Daniel (Guest)") == 2


def test_an_examiner_line_after_its_line_number_is_no_turn(tmp_path):
    # A deposition's line-numbered page saved as text: "BY MS. ACHEBE:" says who asks the
    # questions under it, after its number as after none; neither a turn nor the objection's speech.
    text = (
        "  1        Q.   Please state your full name for the record.\n"
        "  2        A.   Dale Everett Fenwick.\n"
        "  3             MR. OYELARAN:  Objection, vague.\n"
        "  4   BY MS. ACHEBE:\n"
        "  5        Q.   Where are you employed?\n"
        "  6        A.   California State Prison, Sacramento, in Folsom.\n"
    )
    document = _imported(tmp_path, text)
    assert [u.speaker for u in document.utterances] == ["Q", "A", "MR. OYELARAN", "Q", "A"]
    assert _utterance_texts(document)[2] == "MR. OYELARAN:  Objection, vague."
    assert _lines_outside_sections(document) == []
