"""Speaker tags and line breaks of layouts in the development hand-written set (issue 12):
a remark in brackets between a tag's name and its colon, a parenthetical standing apart
whose blank row fell at a page's end."""

from __future__ import annotations

import pytest

from reviewer_app.core.progress import Progress
from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import SourceLine, join_wrapped
from reviewer_app.importers.pdf_body import BodyRow, body_lines
from reviewer_app.importers.pdf_pages import extract_pages
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
        # A letter's compound; a letter the next word starts again with is a restart.
        (["he lives on C-", "block, upstairs"], "he lives on C-block, upstairs"),
        (["a white T-", "shirt and jeans"], "a white T-shirt and jeans"),
        (["and S-", "so I left"], "and S- so I left"),
        (["and I-", "because of it"], "and I- because of it"),
        # A number read digit by digit goes on as a compound on the next row; a word said
        # again alone is a restart.
        (["it's four-", "four-one-two, sir"], "it's four-four-one-two, sir"),
        (["it was four-", "four years"], "it was four- four years"),
        (["I said the-", "the-"], "I said the- the-"),
        # A code goes on with capitals after a hyphen inside it.
        (
            ["the incident number, 26-4471-", "OF, and she said"],
            "the incident number, 26-4471-OF, and she said",
        ),
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


SPELLED_ACROSS_ROWS = [
    "MS. KOH: Good morning. Please state your name and spell your last name for the record.",
    "INMATE VOSS: Good morning.",
    "INMATE VOSS: My name is Hendrik {filler}Voss-Barra, B-A-R-R-A. That is my mother's name.",
    "MS. KOH: Thank you. How long have you been at this institution, and where were you before it?",
    "INMATE VOSS: About six years here, and before that I was at another yard for a while, sir.",
    "MS. KOH: And what programs have you taken part in during the last few years you were here?",
    "INMATE VOSS: Anger management, a writing class, and the college courses they offer at night.",
    "MS. KOH: Thank you. We will go on to the next part of the hearing now if nobody objects.",
]


@pytest.mark.parametrize(
    ("layout", "filler"), [("hanging_indent", 20), ("plain_dense", 13), ("typeset", 6), ("two_column", 10)]
)
def test_a_spelled_name_broken_before_its_last_letter_is_no_answers_tag(tmp_path, layout, filler):
    # "B-A-R-R-" / "A. That is ...": the row goes on with the spelling, not a turn of "A".
    text = "\n".join(SPELLED_ACROSS_ROWS).replace("{filler}", "very " * filler)
    reference = text_document("spelled", text)
    pdf = tmp_path / "spelled.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], "Spelled"))
    rows = [line.text for page in extract_pages(pdf, pdf.read_bytes(), Progress()) for line in page.lines]
    assert any(row.endswith("B-A-R-R-") for row in rows) and any(row.startswith("A. That") for row in rows)
    assert utterances(import_file(pdf)) == utterances(reference)


def test_on_numbered_rows_flush_left_a_spelling_going_on_opens_no_turn():
    # A body without indented rows takes a tag on any row; "A." under a row that ends inside
    # a spelled name is its last letter.
    texts = [
        "MS. KOH: Spell it, please.",
        "INMATE VOSS: Voss-Barra, B-A-R-R-",
        "A. That's all.",
        "MS. KOH: Thanks.",
    ]
    rows = [BodyRow(SourceLine(text, 1, n), True, False, False) for n, text in enumerate(texts, 1)]
    lines, _, _ = body_lines(rows, ())
    assert [[source.text for source in line] for line in lines] == [texts[:1], texts[1:3], texts[3:]]
