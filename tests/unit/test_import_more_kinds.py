"""Kinds of transcript the importers met late (issue 12), written by hand in the shapes real
ones have: a jury trial's witness examination as a court reporter types it, a note-taking
app's export, a focus group's transcript, a podcast's published transcript with inline
stamps. Each is read as text (turns, speakers, sections, every line in a section) and
through the PDF layouts that suit it (the same utterances as the text's)."""

from __future__ import annotations

import pytest

from reviewer_app.importers.hearing import hearing_layout
from tests.fixtures.pdf_layouts import utterances
from tests.unit.test_import_new_kinds import _lines_outside_sections, _pdf, _text

JURY_TRIAL = """\
                    SUPERIOR COURT OF THE STATE OF CALIFORNIA
                          COUNTY OF RIVERBEND

THE PEOPLE OF THE STATE OF CALIFORNIA,  )
                     Plaintiff,         )
          vs.                           )   No. CR-24-08812
TOBIAS HALLORAN,                        )
                     Defendant.         )

                     REPORTER'S TRANSCRIPT OF PROCEEDINGS
                           JURY TRIAL - DAY 3

                        MARISOL TEAGUE,
called as a witness by the People, having been first duly sworn,
was examined and testified as follows:

                          DIRECT EXAMINATION
BY MS. OKAFOR:
     Q.   Good morning. Please tell the jury your name.
     A.   Marisol Teague.
     Q.   Where were you on the night of March 4th?
     A.   At the laundromat on Fenwick Avenue. I work the late shift there.
     Q.   I'm showing you what's been marked as People's 12.
          (Exhibit 12 was marked for identification.)
     Q.   Do you recognize it?
     A.   Yes. That's the receipt book from the counter.
          MR. DRISCOLL: Objection. Foundation.
          THE COURT: Sustained. Lay a foundation, counsel.
     Q.   BY MS. OKAFOR: Who keeps that book?
     A.   I do. Every night.

                           CROSS-EXAMINATION
BY MR. DRISCOLL:
     Q.   Ms. Teague, you didn't see anyone's face that night, did you?
     A.   Not clearly, no.
          MR. DRISCOLL: Nothing further.
          THE COURT: Redirect?
          MS. OKAFOR: No, Your Honor.
          THE COURT: You may step down.
          (Witness excused.)
"""

NOTES_APP = """\
Budget check-in with the housing office
Recorded November 3, 2026

Dana Whitfield  0:04
Okay, I think it's recording now. Can everyone hear me?

Ravi Castellanos  0:09
Yes, loud and clear.

Dana Whitfield  0:12
Great. So the first thing is the deposit for the unit on Larkspur Court. They want it by Friday.

Ravi Castellanos  0:31
Is that the full deposit or just the holding fee?

Dana Whitfield  12:04
Just the holding fee, two hundred dollars. I'll call them after this.

Mona Reyes  12:19
I can drop the check off, I'm near there on Thursday.
"""

FOCUS_GROUP = """\
Focus Group Transcript - Transit Riders, Session 2
Location: Community room, Eastgate Library
Date: October 14, 2026

MODERATOR: Thanks, everyone, for coming. Let's go around and say how you get to work.
P1: I take the 14 bus from Alder Street, usually the 7:10.
P2 (female, 40s): I drive, but my daughter takes the train to the college.
P3 (male, 20s): Bike, mostly. Unless it rains.
[group laughter]
MODERATOR: Fair enough. What would make the bus better for you?
P1: If it came on time. Honestly.
P2 (female, 40s): More shelters. The stop by the clinic has nothing.
[crosstalk]
MODERATOR: One at a time, please.
P3 (male, 20s): Bike racks on the front that aren't always full.
MODERATOR: Thank you all. That's the end of our session.
"""

PODCAST = """\
Episode 41: Starting Over After Prison
Transcript (auto-generated, edited for clarity)

[00:00:04] Host: Welcome back to Second Chances. I'm your host, Leah Montrose.
[00:00:11] Host: Today my guest is Darnell Ruiz, who came home from Soledad in 2023.
[00:00:18] Darnell: Thanks for having me, Leah.
[00:00:21] Host: So tell me about the first week.
[00:00:25] Darnell: The first week was hard. I didn't know how to use the phone they gave me.
[00:12:31] Host: And your parole officer, how was that?
[00:12:36] Darnell: She was fair. Officer Beckett. She gave me a chance.
[00:12:44] Host: We'll be right back after this.
[AD BREAK]
[00:15:02] Host: And we're back with Darnell Ruiz.
[00:15:06] Darnell: Good to be here.
"""


def test_a_jury_trials_examination_keeps_its_questions_answers_and_objections(tmp_path):
    document = _text(tmp_path, JURY_TRIAL)
    speakers = [u.speaker for u in document.utterances]
    assert speakers == [
        *["Q", "A"] * 2,
        "Q",
        "",
        "Q",
        "A",
        "MR. DRISCOLL",
        "THE COURT",
        "Q",
        "A",
        "Q",
        "A",
        "MR. DRISCOLL",
        "THE COURT",
        "MS. OKAFOR",
        "THE COURT",
        "",
    ]
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert "(Exhibit 12 was marked for identification.)" in said
    assert "THE COURT: Sustained. Lay a foundation, counsel." in said
    # The headings and the examiner lines are lines of the body, no turns.
    body = next(s for s in document.sections if s.name == "body")
    assert "CROSS-EXAMINATION" in document.text[body.start : body.end]
    assert not _lines_outside_sections(document)


def test_a_question_that_names_its_examiner_again_is_the_questions():
    # After an objection the reporter writes "Q.   BY MS. OKAFOR: Who keeps that book?": the
    # question's turn, not a speaker "Q.   BY MS. OKAFOR".
    turn = hearing_layout().turn_of("     Q.   BY MS. OKAFOR: Who keeps that book?")
    assert (turn.speaker, turn.tag_start) == ("Q", 5)
    assert hearing_layout().turn_of("BY MS. OKAFOR:") is not None  # alone it is an examiner line


@pytest.mark.parametrize(
    "layout",
    ["court_reporter", "pleading", "deposition_tag_alone", "numbered_hanging", "condensed", "two_up"],
)
def test_a_jury_trials_examination_through_line_numbered_layouts(tmp_path, layout):
    # deposition_tag_alone prints "Q." on a row of its own and "BY MS. OKAFOR: Who keeps that
    # book?" under it: the question's speech, not an examiner line standing apart.
    reference, document = _pdf(tmp_path, JURY_TRIAL, layout)
    assert utterances(document) == utterances(reference)
    assert ("Q", "BY MS. OKAFOR: Who keeps that book?") in utterances(document)


def test_a_note_taking_apps_export_names_each_speaker_and_time_over_the_speech(tmp_path):
    document = _text(tmp_path, NOTES_APP)
    assert [u.speaker for u in document.utterances] == [
        "Dana Whitfield",
        "Ravi Castellanos",
        "Dana Whitfield",
        "Ravi Castellanos",
        "Dana Whitfield",
        "Mona Reyes",  # speaks once: the export's layout makes it a turn
    ]
    last = document.utterances[-1]
    assert document.text[last.start : last.end].endswith("I'm near there on Thursday.")
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


def test_a_focus_groups_participants_and_the_groups_reactions(tmp_path):
    document = _text(tmp_path, FOCUS_GROUP)
    assert [u.speaker for u in document.utterances] == [
        "MODERATOR",
        "P1",
        "P2",
        "P3",
        "MODERATOR",
        "P1",
        "P2",
        "MODERATOR",
        "P3",
        "MODERATOR",
    ]
    # The participant's description in brackets is no part of the speaker's name.
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert said[2].startswith("P2 (female, 40s): I drive")
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


def test_a_podcasts_inline_stamps_open_each_turn(tmp_path):
    document = _text(tmp_path, PODCAST)
    assert [u.speaker for u in document.utterances] == [
        "Host",
        "Host",
        "Darnell",
        "Host",
        "Darnell",
        "Host",
        "Darnell",
        "Host",
        "Host",
        "Darnell",
    ]
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert said[0] == "Host: Welcome back to Second Chances. I'm your host, Leah Montrose."
    # "[AD BREAK]" in capitals under speech is no part of the host's turn.
    assert not any("AD BREAK" in text for text in said)
    assert not _lines_outside_sections(document)


@pytest.mark.parametrize(
    ("text", "layout"),
    [
        (text, layout)
        for text in (NOTES_APP, FOCUS_GROUP, PODCAST)
        for layout in (
            "tag_alone",
            "hanging_indent",
            "word_processor",
            "plain_dense",
            "two_column",
            "typeset",
        )
    ],
)
def test_exports_and_group_transcripts_through_paragraph_layouts(tmp_path, text, layout):
    reference, document = _pdf(tmp_path, text, layout)
    assert utterances(document) == utterances(reference)
    assert [s.name for s in document.sections] == ["cover", "body"]
