"""Causes the nine promoted development files (writers 37-39) showed through the PDF layouts,
each on a text of my own: a transcription service's tags on lines of their own with a stamp
opening the speech under them ("Speaker 2:" / "[00:03:48] And was the gun ..."), the same tag
opening many pages and a tag said once; a recorder's elapsed stamps in the margin before each
turn and each transcriber's note, a note under a full row of speech; a sentence broken off at a
line's end that ends in capitals on the next line ("What did you take from" / "16  CGA?"); a
one-word parenthetical wrapped onto a row of its own ("(UI).")."""

from __future__ import annotations

import dataclasses

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.pdf_body import inline_parentheticals, parenthetical_apart
from reviewer_app.importers.pdf_stamps import margin_stamp_rows
from reviewer_app.importers.turns import ends_sentence_in_capitals
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances
from tests.unit.test_import_new_kinds import _lines_outside_sections, _pdf, _text

SERVICE = """\
RIVERBEND TRANSCRIPTION -- Verbatim Audio Transcription

File name: Tran_Hearing_Part2.mp3
Speakers: 4 (named where the audio names them)

Speaker 1:
[00:00:04] Okay, we're back on the record. For this file, I'm Commissioner Abernathy.

Speaker 2:
Deputy Commissioner Solberg.

Commissioner Abernathy:
Mr. Tran, where were you that evening?

Mr. Tran:
At my brother's place on Quarry Road. We watched the game.

Commissioner Abernathy:
And when did you leave?

Mr. Tran:
Around nine. Maybe a little before.

Speaker 2:
[00:02:10] And who drove?

Mr. Tran:
I did. It was my truck.

Commissioner Abernathy:
Thank you. Let's go on.
"""

CAMERA = """\
Body-worn camera transcript, Officer Delgado, unit 4-Lincoln-12
Timestamps in the margin are elapsed time from the start of the file.

00:00:00  [Recording begins. Patrol vehicle stopped behind a grey sedan.]
00:00:41  DELGADO: Evening. Do you know why I stopped you tonight on this road?
00:00:44  DRIVER: No, sir. I was going the limit the whole way, I promise.
00:00:47  [Officer shines a flashlight into the back seat.]
00:00:52  DELGADO: Your tail light is out. License and registration, please.
00:00:55  DRIVER: Sure. Give me one second, it's in the glove box here.
00:01:02  [Driver hands over a license and a folded registration card.]
00:01:10  DELGADO: Stay in the car for me. I'll be right back with these.
00:01:12  DRIVER: Okay.
00:02:30  [Officer returns to the patrol vehicle and runs the license.]
00:02:41  DISPATCH: Unit twelve, that license comes back valid, no wants.
00:02:44  DELGADO: Copy.
"""

NUMBERED = """\
 1         STATE OF CALIFORNIA
 2         BOARD OF PAROLE HEARINGS
 3
 4   In the matter of the Parole
 5   Consideration Hearing of:
 6
 7   DEVON MARCHETTI,    CDCR No. AK2219
 8
 9
                                                      27
 1        DEPUTY COMMISSIONER OYELARAN: Which groups did you
 2   finish on B yard?
 3        INCARCERATED PERSON MARCHETTI: Anger management and the
 4   fathers group. Both with certificates.
 5        DEPUTY COMMISSIONER OYELARAN: And what did you take from
 6   AVP?
 7        INCARCERATED PERSON MARCHETTI: That I can walk away.
 8        DEPUTY COMMISSIONER OYELARAN: Who ran the fathers group?
 9        INCARCERATED PERSON MARCHETTI: A sponsor from outside, every
10   Tuesday night.
"""


def test_a_stamp_under_a_tag_alone_opens_its_speech(tmp_path):
    document = _text(tmp_path, SERVICE)
    said = [(u.speaker, document.text[u.speech_start : u.end]) for u in document.utterances]
    # The tag alone said once opens the dialogue: its speech is the stamped line under it.
    assert said[0] == (
        "Speaker 1",
        "[00:00:04] Okay, we're back on the record. For this file, I'm Commissioner Abernathy.",
    )
    assert ("Speaker 2", "[00:02:10] And who drove?") in said
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


HEADED_COVER = (
    "PAROLE CONSIDERATION HEARING\n\nPANEL PRESENT:\nAda Quill, Presiding Commissioner\n\n"
    "OTHERS PRESENT:\nBo Tran, Incarcerated Person\n\n"
    "PRESIDING COMMISSIONER QUILL: We're on the record.\nINMATE TRAN: Good morning.\n"
    "PRESIDING COMMISSIONER QUILL: Please state your name.\nINMATE TRAN: Bo Tran.\n"
)


def test_a_speaker_label_alone_opens_the_dialogue_where_named_tags_are_inline(tmp_path):
    # A PDF's paragraphs join a named tag alone with its speech ("Commissioner Abernathy: Mr.
    # Tran, ..."); the label "Speaker 1:" alone over its stamped speech still opens the dialogue.
    text = SERVICE.replace("Abernathy:\n", "Abernathy: ").replace("Mr. Tran:\n", "Mr. Tran: ")
    document = _text(tmp_path, text)
    assert [u.speaker for u in document.utterances][:3] == [
        "Speaker 1",
        "Speaker 2",
        "Commissioner Abernathy",
    ]


def test_a_heading_alone_over_a_list_stays_in_the_cover_of_inline_turns(tmp_path):
    # Only where the turns put their tags on lines of their own is the text under a tag alone
    # its speech; over a list of names in a transcript of inline turns it is a heading.
    document = _text(tmp_path, HEADED_COVER)
    assert [u.speaker for u in document.utterances] == ["PRESIDING COMMISSIONER QUILL", "INMATE TRAN"] * 2
    cover = document.sections[0]
    assert cover.name == "cover" and "OTHERS PRESENT:" in document.text[cover.start : cover.end]


@pytest.mark.parametrize("layout", ["numbered_hanging", "deposition_tag_alone"])
def test_a_heading_alone_over_a_list_stays_in_the_cover_on_numbered_pages(tmp_path, layout):
    reference, document = _pdf(tmp_path, HEADED_COVER, layout)
    assert utterances(document) == utterances(reference)
    assert utterances(document)[0][0] == "PRESIDING COMMISSIONER QUILL"


@pytest.mark.parametrize(
    "layout",
    [
        "court_reporter",
        "numbered_hanging",
        "deposition_tag_alone",
        "two_up",
        "tag_alone",
        "hanging_indent",
        "word_processor",
        "plain_dense",
        "two_column",
    ],
)
def test_a_service_transcripts_tags_alone_through_pdf_layouts(tmp_path, layout):
    reference, document = _pdf(tmp_path, SERVICE, layout)
    assert utterances(document) == utterances(reference)


# Tags alone over each answer, page after page: the same tag opens many pages, and a speaker who
# answers once ("Ms. Vang:") stands between the others' turns. (Each row's words differ from the
# others', numbers aside, as a transcript's do: rows alike at one height are a running header.)
_PLACES = ["the chapel", "the yard", "the library", "the kitchen", "the gym", "the classroom"]
_DOINGS = [
    "read",
    "cooked",
    "argued",
    "painted",
    "prayed",
    "wrote letters",
    "ran laps",
    "played chess",
    "sang",
    "sat",
]
LONG_SERVICE = (
    "RIVERBEND TRANSCRIPTION -- Verbatim Audio Transcription\n\nFile name: Tran_Part3.mp3\n\n"
    + "".join(
        f"Commissioner Abernathy:\nWhat did you do in {place} when the group {doing}?\n\n"
        f"Mr. Tran:\nIn {place} we {doing}"
        + (
            f" and talked about {place} again, the visits, the letters from home and what each of us"
            f" {doing} for, one at a time around the table.\n\n"
            if len(doing) % 3
            else ".\n\n"
        )
        + ("Ms. Vang:\nI was there that day too.\n\n" if (place, doing) == ("the gym", "sang") else "")
        for place in _PLACES
        for doing in _DOINGS
    )
)


@pytest.mark.parametrize("layout", ["tag_alone", "hanging_indent", "word_processor", "plain_dense"])
def test_tags_alone_at_the_tops_of_pages_and_a_tag_said_once(tmp_path, layout):
    # The tag that opens many pages is the speaker's, no running header; the one said once heads
    # its speech over the empty row the layout prints under a tag alone.
    reference, document = _pdf(tmp_path, LONG_SERVICE, layout)
    assert ("Ms. Vang", "I was there that day too.") in utterances(reference)
    assert utterances(document) == utterances(reference)


def test_margin_stamps_are_the_turns_when_turns_open_with_them():
    rows = [
        "00:00:41 DELGADO: Evening. Do you know why",
        "I stopped you?",
        "00:00:44 DRIVER: No, sir.",
        "00:00:47 [Officer shines a flashlight.]",
        "00:00:52 DELGADO: The time is",
        "10:17 now.",  # a time said in speech: not written as the stamps are
        "00:00:55 DRIVER: Okay.",
    ]
    # Only a stamp before a note in brackets starts a line apart from the turns' own rows: a
    # time the speech wraps onto ("at" / "00:00:58.") is written as the stamps are too.
    rows.insert(5, "00:00:58.")
    assert margin_stamp_rows(rows) == {3}
    # Two stamped turns make no layout of stamps.
    assert margin_stamp_rows(rows[:4]) == frozenset()
    assert margin_stamp_rows([*rows, "00:01:30"]) == {3, 8}  # a stamp alone on its row


@pytest.mark.parametrize("layout", ["court_reporter", "pleading", "numbered_hanging", "condensed", "two_up"])
def test_a_transcribers_note_under_a_full_row_keeps_its_stamp_and_line(tmp_path, layout):
    reference, document = _pdf(tmp_path, CAMERA, layout)
    assert utterances(document) == utterances(reference)
    said = [document.text[u.speech_start : u.end] for u in document.utterances]
    assert not any("[Officer" in text or "[Driver" in text for text in said)


def test_a_sentence_broken_off_ends_in_capitals_on_the_next_line(tmp_path):
    document = _text(tmp_path, NUMBERED)
    said = [document.text[u.speech_start : u.end] for u in document.utterances]
    assert said[2] == "And what did you take from\n 6   AVP?"
    assert ends_sentence_in_capitals("what did you take from", "AVP?")
    assert not ends_sentence_in_capitals("that's the end of it.", "DECISION.")
    assert not ends_sentence_in_capitals("we'll be right back after this", "[AD BREAK]")


@pytest.mark.parametrize(
    "layout", ["court_reporter", "pleading", "deposition_tag_alone", "two_up", "plain_dense"]
)
def test_a_sentence_ending_in_capitals_through_pdf_layouts(tmp_path, layout):
    reference, document = _pdf(tmp_path, NUMBERED, layout)
    assert utterances(document) == utterances(reference)


def test_a_one_word_parenthetical_wrapped_after_a_sentence_stays_the_speechs():
    # The camera transcript prints "(UI)" inside speech after a dash ("It's -- (UI) in my
    # wallet."); "(UI)." wrapped alone onto the row under "Center console." is that speech's end.
    inline = inline_parentheticals(["DRIVER: Yeah. Hold on. It's -- (UI) in my", "wallet."])
    assert inline == {"(ui)"}
    rows = [(4, 30, "BRANDVOLD: [Quietly] Center console."), (4, 31, "(UI).")]
    assert parenthetical_apart(rows, inline) == [rows]
    # A parenthetical of several words is a line of its own after a sentence.
    closing = [*rows[:1], (4, 31, "(Whereupon, the recording ended.)")]
    assert parenthetical_apart(closing, inline) == [closing[:1], closing[1:]]


@pytest.mark.parametrize("layout", ["tag_alone", "hanging_indent", "word_processor", "plain_dense"])
@pytest.mark.parametrize("size", [-2, -1, 0, 1])
def test_a_transcribers_note_under_a_full_row_in_paragraphs(tmp_path, layout, size):
    # In paragraphs too (other type sizes break the rows at other words): the stamped note under a
    # row of speech that filled its row starts a line of its own.
    drawn = layouts()[layout]
    drawn = dataclasses.replace(drawn, size=drawn.size + size, leading=drawn.leading + size)
    reference = text_document("camera", CAMERA)
    path = tmp_path / "camera.pdf"
    path.write_bytes(render(CAMERA, reference, drawn, title="Camera"))
    assert utterances(import_file(path)) == utterances(reference)
