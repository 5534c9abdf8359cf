"""Caption-service transcripts (">>" marks a change of speaker) drawn as line-numbered PDFs
in other programs' layouts (`tests/fixtures/pdf_layouts.py`) must import as the text importer
reads them (issue 12). The transcripts are written here, in the shapes captioners produce:
lower-case automatic captions with timestamps on rows of their own, captions in capitals that
name a speaker once, ">>" alone on a row with the speech under it, a transcript of one page."""

from __future__ import annotations

import pytest

from reviewer_app.core.document import UNNAMED_SPEAKER
from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import hearing_layout
from reviewer_app.importers.turns import read_structure
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

NUMBERED = ["court_reporter", "pleading", "deposition_tag_alone", "numbered_hanging", "numbered_through"]


def _imported(tmp_path, text: str, layout: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(expected, imported) utterances of `text` drawn in `layout`."""
    reference = text_document("captions", text)
    path = tmp_path / f"{layout}.pdf"
    path.write_bytes(render(text, reference, layouts()[layout], title="Captions"))
    return utterances(reference), utterances(import_file(path))


# Automatic captions copied with their timestamps, each on a line of its own over the caption.
TIMED = "\n".join(
    [
        "0:00",
        ">> okay i think we're live can the people on the video link hear us all right",
        "0:06",
        ">> yes we can hear you",
        "0:09",
        ">> good afternoon this is the review of the classification for mister abernathy we are doing"
        " this by video today and the time is about two fifteen in the afternoon",
        "0:21",
        ">> good afternoon",
        "[MUSIC]",
        ">> can you tell the committee how long you have been at this facility",
        "0:30",
        ">> about six years since they closed the other yard",
        "0:36 (audio cuts out)",
        ">> you cut out there can you say that again",
        "0:41",
        ">> six years since they closed the other yard and moved all of us over here",
    ]
    * 4
)


@pytest.mark.parametrize("layout", NUMBERED)
def test_timestamps_on_rows_of_their_own_are_no_part_of_the_caption_above(tmp_path, layout):
    """A row that opens with a time after a row that ended short ("0:21", "0:36 (audio cuts
    out)") ends the turn above it, and so do capitals under captions in lower case
    ("[MUSIC]"), as the text importer reads the lines. (Under a full row, where the time
    would not have fitted, it is taken for the speech's: "back on the record at" / "10:32.")"""
    expected, got = _imported(tmp_path, TIMED, layout)
    assert (UNNAMED_SPEAKER, "yes we can hear you") in expected
    assert (UNNAMED_SPEAKER, "good afternoon") in expected
    assert got == expected


CAPITALS = "\n".join(
    [
        ">> GOOD MORNING. WE ARE ON THE RECORD IN THE MATTER OF THE APPEAL.",
        ">> GOOD MORNING.",
        ">> PRESIDING COMMISSIONER HALVORSEN: PLEASE STATE YOUR NAME FOR THE RECORD AND SPELL YOUR"
        " LAST NAME FOR THE CAPTIONER.",
        ">> MARCUS ALLEN TREMBLAY. T-R-E-M-B-L-A-Y.",
        ">> THANK YOU. >> DEPUTY COMMISSIONER LINDQVIST: AND YOUR NUMBER, SIR?",
        ">> AB1234.",
        ">> OKAY. >> MS. DORAN: OBJECTION. THE QUESTION WAS ANSWERED IN THE FILE ALREADY, AND TWICE.",
        ">> [ INAUDIBLE ]",
        ">> 10 YEARS AGO I WAS IN A DIFFERENT PLACE. I STARTED THE PROGRAM IN 2014 AND I HAVE BEEN IN IT"
        " EVER SINCE, EVERY WEEK, EXCEPT DURING THE LOCKDOWN.",
        ">> (LAUGHTER)",
        ">> THE PANEL WILL NOW RECESS FOR DELIBERATIONS.",
    ]
)


def test_a_caption_mark_opens_a_turn_however_its_speaker_is_named():
    """Every line that opens with ">>" is a turn in a captioned text: one naming its speaker
    once in capitals (">> PRESIDING COMMISSIONER HALVORSEN:") too; and ">>" is no part of a
    speaker's tag (">> OKAY. >> MS. DORAN:" is a turn of a speaker not named)."""
    layout = hearing_layout()
    assert layout.speaker_of(">> OKAY. >> MS. DORAN: OBJECTION.") == UNNAMED_SPEAKER
    assert layout.speaker_of("OKAY. >> MS. DORAN: OBJECTION.") is None
    assert layout.speaker_of(">> MS. DORAN: OBJECTION.") == "MS. DORAN"
    structure = read_structure(CAPITALS)
    assert len(structure.utterances) == len(CAPITALS.split("\n"))
    assert [u.speaker for u in structure.utterances][2:5] == [
        "PRESIDING COMMISSIONER HALVORSEN",
        UNNAMED_SPEAKER,
        UNNAMED_SPEAKER,
    ]


@pytest.mark.parametrize("layout", ["court_reporter", "deposition_tag_alone", "numbered_hanging"])
def test_captions_in_capitals_import_as_the_text_reads(tmp_path, layout):
    """Captions in capitals: a speaker named once, several marks on a line, a parenthetical
    after the mark, and the last caption in capitals, which is no decision notice. With the
    mark on a row of its own (`deposition_tag_alone`), the rows under it are its speech."""
    text = "\n".join([CAPITALS] * 3)
    expected, got = _imported(tmp_path, text, layout)
    assert expected[-1] == (UNNAMED_SPEAKER, "THE PANEL WILL NOW RECESS FOR DELIBERATIONS.")
    assert got == expected


UNDER_THE_MARK = "\n".join(
    [
        ">> all right can everybody hear me on the line this morning before we start because the"
        " connection to the institution dropped twice already and we had to call them back",
        ">> [ laughter ]",
        ">> (inaudible)",
        ">> yes we can hear you",
        ">> [no audio]",
        ">> okay",
    ]
    * 3
)


def test_speech_under_a_caption_mark_on_a_row_of_its_own_is_the_marks(tmp_path):
    """ ">>" printed alone on its row, as a tag is, with a note or a parenthetical under it:
    the note is the caption's speech, not a line of its own nor dropped."""
    expected, got = _imported(tmp_path, UNDER_THE_MARK, "deposition_tag_alone")
    assert (UNNAMED_SPEAKER, "[ laughter ]") in expected
    assert got == expected


ONE_PAGE = "\n".join(
    [
        "AUTOMATIC CAPTIONS",
        "Board meeting, March 3",
        "",
        ">> okay we are starting now",
        "",
        ">> thank you",
        ">> so we began with the introductions of everybody in the room and on the video link",
        ">> next",
        "and this goes on without a mark",
        ">> yes",
    ]
)


@pytest.mark.parametrize("layout", ["pleading", "deposition_tag_alone", "numbered_hanging"])
def test_a_transcript_of_one_page_has_its_turns(tmp_path, layout):
    """A numbered transcript of one page is a cover and the dialogue under it: the dialogue
    starts at the first turn of a speaker who speaks twice on the page (there are no body
    pages to show which speakers speak)."""
    expected, got = _imported(tmp_path, ONE_PAGE, layout)
    assert len(expected) == 5
    assert got == expected


def test_a_notice_in_capitals_with_a_colon_far_into_it_is_no_turn():
    """A tag is a few words: a notice read in capitals whose colon comes late ("... THE
    PAROLE FACTORS: HIS AGE") names no speaker, and a row of it in the tags' column that opens
    with capitals and a colon is a turn only of a speaker who speaks twice or more."""
    from reviewer_app.importers.hearing import SourceLine
    from reviewer_app.importers.pdf_body import BodyRow, body_lines

    layout = hearing_layout()
    notice = "IN THE MATTER OF THE HEARING OF JOHN ROE, THE PANEL GAVE CONSIDERATION TO THE FACTORS: HIS AGE"
    assert layout.speaker_of(notice) is None
    assert layout.speaker_of("DEPUTY DISTRICT ATTORNEY ABERNATHY: Objection.") == (
        "DEPUTY DISTRICT ATTORNEY ABERNATHY"
    )
    texts = [
        "PRESIDING COMMISSIONER STROUD: Back on the record at 3:02.",
        "IN THE MATTER OF THE HEARING OF JOHN ROE, THE PANEL GAVE",
        "CONSIDERATION TO THE FACTORS: HIS AGE OF 77 AND HIS HEALTH.",
        "PRESIDING COMMISSIONER STROUD: We're adjourned.",
    ]
    rows = [BodyRow(SourceLine(text, 1, n), True, False, n == 2, False) for n, text in enumerate(texts, 1)]
    lines, _, _ = body_lines(rows, ())
    assert [[source.text for source in line] for line in lines] == [texts[:1], texts[1:3], texts[3:]]


LINE_NUMBERED_END = "\n".join(
    [
        "SUPERIOR COURT OF THE STATE OF CALIFORNIA",
        "",
        *[
            f"{n:>2}       THE COURT: Counsel, you may call your next witness when you are ready, and"
            f" then we will see how far we get before the lunch recess today."
            for n in range(1, 7)
        ],
        " 7       THE COURT: We will take a short recess now and come back at",
        " 8  eleven.",
        " 9",
        "10                      DIRECT EXAMINATION",
        "11       THE COURT: Go ahead, counsel, whenever you are ready with the witness.",
    ]
)


def test_capitals_under_a_number_row_after_speech_end_the_turn(tmp_path):
    """A line-numbered transcript saved as text and printed again: a heading in capitals
    ("10 DIRECT EXAMINATION") under a row holding only a line number ("9"), under the
    turn's speech in lower case, is no part of the turn, as in the text file."""
    expected, got = _imported(tmp_path, LINE_NUMBERED_END, "court_reporter")
    assert expected[-2] == ("THE COURT", "We will take a short recess now and come back at 8 eleven. 9")
    assert got == expected


UNNUMBERED = ["tag_alone", "hanging_indent", "word_processor", "plain_dense", "two_column"]
ROLL_CALL = "\n".join(
    [
        "0:00",
        ">> good morning we'll start with the roll please",
        "0:04",
        ">> commissioner abara >> here >> commissioner bello >> present >> commissioner cruz >> here"
        " >> commissioner dunmore >> here >> commissioner eskridge >> present >> commissioner fong >> here"
        " >> commissioner garibay >> here >> commissioner holt >> present >> chair ingram >> here",
        "0:31",
        ">> thank you all a quorum is present and we'll go to the first item which is the minutes from"
        " the last meeting held in the spring",
        "0:40",
        ">> move to approve >> second >> all in favor >> aye >> aye >> aye >> any opposed >> hearing none"
        " the minutes are approved and we'll move on to the next item on the agenda this morning",
        "0:58",
    ]
    * 2
)


@pytest.mark.parametrize("layout", UNNUMBERED)
def test_a_caption_line_of_many_marks_wraps_and_a_time_alone_ends_the_turn(tmp_path, layout):
    """A row that opens with ">>" under a row its mark would not have fitted on goes on with a
    line of many marks; a row that is only a time, where many are, ends the turn, without
    line numbers as with them."""
    expected, got = _imported(tmp_path, ROLL_CALL, layout)
    assert expected[1][1].startswith("commissioner abara >> here") and expected[1][1].endswith(
        "chair ingram >> here"
    )
    assert got == expected
