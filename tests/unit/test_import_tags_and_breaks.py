"""Speaker tags and line breaks of layouts in the development hand-written set (issue 12):
a remark in brackets between a tag's name and its colon, a parenthetical standing apart
whose blank row fell at a page's end."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import SourceLine, join_wrapped
from reviewer_app.importers.pdf_body import BodyRow, body_lines
from reviewer_app.importers.text import document_from_text
from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

SPEAKERPHONE = (
    "LT. ACHTERBERG: I'm going to call him now. He'll be on the speakerphone.\n"
    "(Telephone dialing.)\n"
    "OFFICER MAHONEY (via speakerphone): A-Yard program, Mahoney.\n"
    "LT. ACHTERBERG: Lieutenant Achterberg on B, I'm calling for your I/P Basa.\n"
    "OFFICER MAHONEY (via speakerphone): Yeah, hold on, he's right here.\n"
    "I/P BASA (via speakerphone): Hello? Hello.\n"
    "LT. ACHTERBERG: Mr. Basa, state your name and number.\n"
    "I/P BASA (via speakerphone): Teodoro Basa, B-A-S-A."
)


def test_a_remark_in_brackets_between_the_name_and_the_colon_is_a_tag():
    document = document_from_text("t", SPEAKERPHONE)
    assert [u.speaker for u in document.utterances] == [
        "LT. ACHTERBERG",
        "",
        "OFFICER MAHONEY",
        "LT. ACHTERBERG",
        "OFFICER MAHONEY",
        "I/P BASA",
        "LT. ACHTERBERG",
        "I/P BASA",
    ]
    assert document.text[document.utterances[2].speech_start :].startswith("A-Yard program")


@pytest.mark.parametrize("layout", ["court_reporter", "plain_dense"])
def test_a_remark_tag_printed_as_a_pdf_imports_to_the_same_utterances(tmp_path, layout):
    reference = text_document("call", SPEAKERPHONE)
    pdf = tmp_path / "call.pdf"
    pdf.write_bytes(render(SPEAKERPHONE, reference, layouts()[layout], "Call"))
    assert utterances(import_file(pdf)) == utterances(reference)


def test_nothing_goes_on_with_a_parenthetical_standing_apart_at_a_page_end():
    # "(End of recording.)" after a blank row, the last row of its page; the next page
    # opens with a note that is no turn: the blank row after the parenthetical fell at
    # the page break.
    texts = [
        "LT. ACHTERBERG: Stopping the recording.",
        "",
        "(End of recording.)",
        "NOTE: Prepared from audio.",
    ]
    rows = [BodyRow(SourceLine(text, 1, n), n == 1, False, False) for n, text in enumerate(texts, 1)]
    lines, _, _ = body_lines(rows, ())
    assert [[source.text for source in line] for line in lines] == [texts[:1], texts[2:3], texts[3:]]


@pytest.mark.parametrize(
    ("rows", "joined"),
    [
        (["There is one 128-", "A from last January"], "There is one 128-A from last January"),
        (["I'm Rosalind Treviño-", "Marsh, Presiding"], "I'm Rosalind Treviño-Marsh, Presiding"),
        (["Mr. García-", "López is here"], "Mr. García-López is here"),
        (["and 5-", "I mean five"], "and 5- I mean five"),
        (["the señora-", "Correction, the nurse"], "the señora- Correction, the nurse"),
    ],
)
def test_a_form_number_with_its_letter_and_a_name_with_accents_broken_at_a_hyphen(rows, joined):
    assert join_wrapped(rows)[0] == joined


def test_a_timestamped_note_in_brackets_under_speech_in_an_unnumbered_pdf_is_a_line_of_its_own(tmp_path):
    # "[00:04:15] [video connection to the institution lost ...]" under the last words of a
    # turn that fill their row: a line of its own, as on numbered rows and in the text.
    transcript = next(t for t in load_handwritten(DEV_FOLDER) if t.name == "parole_hearing_video_captions")
    reference = text_document(transcript.name, transcript.text)
    pdf = tmp_path / "captions.pdf"
    pdf.write_bytes(render(transcript.text, reference, layouts()["plain_dense"], "Captions"))
    assert utterances(import_file(pdf)) == utterances(reference)


@pytest.mark.parametrize("layout", ["plain_dense", "word_processor"])
def test_a_double_spaced_transcript_printed_without_line_numbers_keeps_its_blank_lines(tmp_path, layout):
    # An empty row between every paragraph: a speaker's next paragraph after one stands
    # apart from the turn, as the blank line in the text has it, not glued to it.
    transcript = next(t for t in load_handwritten(DEV_FOLDER) if t.name == "hearing_victim_statements")
    reference = text_document(transcript.name, transcript.text)
    pdf = tmp_path / "statements.pdf"
    pdf.write_bytes(render(transcript.text, reference, layouts()[layout], "Statements"))
    assert utterances(import_file(pdf)) == utterances(reference)
