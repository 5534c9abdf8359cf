"""The PDF importer on features real transcripts have that the generators' do not
(issue 12): transcripts written here by hand, drawn in the layouts of other programs
(`tests/fixtures/pdf_layouts.py`), must import as the text importer reads them."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

REPO = Path(__file__).resolve().parents[2]
COVER = """SUPERIOR COURT OF THE STATE OF CALIFORNIA
COUNTY OF KERN
REPORTER'S TRANSCRIPT OF PROCEEDINGS
Case No. BF170123A

"""


def _imported(tmp_path, text: str, layout: str):
    """(expected, imported) utterances of `text` drawn in `layout`."""
    reference = text_document("features", text)
    path = tmp_path / f"{layout}.pdf"
    path.write_bytes(render(text, reference, layouts()[layout], title="Features"))
    return utterances(reference), utterances(import_file(path))


MIXED_CASE = COVER + "\n".join(
    [
        "Judge Whitaker: Good morning. We are on the record in the matter of the Alvarez family, and all"
        " the parties are present in the courtroom with their counsel this morning.",
        "Ms. Ko: Jennifer Ko for the agency, Your Honor, with the social worker seated beside me at the"
        " counsel table.",
        "Mr. Webb: Marcus Webb for the mother, who is present and seated next to me.",
        "Judge Whitaker: Thank you. Ms. Ko, the report was filed on Tuesday. Anything to add to it before"
        " we hear from the mother's counsel about the placement?",
        "Ms. Ko: Nothing to add, Your Honor. We submit on the report and its recommendations.",
        "Mr. Webb: We object to the placement, Your Honor, and ask for a contested hearing next month.",
        "Judge Whitaker: So noted. The matter is set for a contested hearing on the fourth. Anything"
        " else from either side before we recess for the morning?",
    ]
    * 3
)


@pytest.mark.parametrize(
    "layout",
    ["court_reporter", "numbered_hanging", "deposition_tag_alone", "condensed", "tag_alone", "plain_dense"],
)
def test_speaker_tags_in_mixed_case_start_turns(tmp_path, layout):
    """ "Judge Whitaker:" and "Ms. Ko:" are tags where they open two rows or more, as the
    text importer takes them, on numbered pages and in paragraphs alike."""
    expected, got = _imported(tmp_path, MIXED_CASE, layout)
    assert len(expected) == 21
    assert got == expected


def test_a_mixed_case_tag_at_the_top_of_a_page_starts_a_turn_in_paragraphs(tmp_path):
    """Without line numbers a paragraph goes on over a page break: a tag in mixed case at
    the top of the next page ("Presiding Commissioner Cardenas:" on a row of its own, the
    row before it full) starts a turn all the same (the sample hearing, its tags in mixed case)."""
    sample = (REPO / "resources" / "sample" / "sample_hearing.txt").read_text(encoding="utf-8").rstrip("\n")
    text = re.sub(
        r"^([A-Z][A-Z' ]+):",
        lambda m: " ".join(w.capitalize() for w in m.group(1).split()) + ":",
        sample,
        flags=re.M,
    )
    expected, got = _imported(tmp_path, text, "tag_alone")
    assert got == expected


# Courier 12 from the court-reporter layout's tag column: "THE WITNESS: " and 47 characters fill the row.
FULL_ROW_SPEECH = "I think that he said something to me like, well"
WRAPPED_PARENTHETICAL = COVER + "\n".join(
    [
        "THE COURT: You may answer the question if you know the answer to it, Detective, and then we"
        " will take our morning recess.",
        f"THE WITNESS: {FULL_ROW_SPEECH} (Inaudible.)",
        "THE COURT: Speak up, please, so the reporter can hear you. Go ahead.",
        "THE WITNESS: He said (Inaudible.) and that he would be back for the rest of it.",
        "(Off the record.)",
        "THE COURT: Back on the record. Anything else, sir?",
        f"THE WITNESS: {FULL_ROW_SPEECH}",
        "(Laughter.)",
        "THE COURT: Back on the record. Let the record show the witness has returned.",
        "THE WITNESS: Thank you, Your Honor.",
    ]
    * 3
)


@pytest.mark.parametrize("layout", ["court_reporter", "condensed"])
def test_a_one_word_parenthetical_wrapped_from_a_full_row_stays_in_the_turn(tmp_path, layout):
    """ "(Inaudible.)" at the end of a turn, pushed onto a row of its own because the row
    above was full, is the turn's speech where the document prints it inside speech
    elsewhere; "(Laughter.)", which it prints only on rows of their own, stays a line of
    its own under a full row, as does "(Off the record.)" under a row that ended short."""
    row = f"THE WITNESS: {FULL_ROW_SPEECH}"
    assert len(row) * 7.2 <= 560 - 126 < len(f"{row} (Inaudible.)") * 7.2
    expected, got = _imported(tmp_path, WRAPPED_PARENTHETICAL, layout)
    assert ("THE WITNESS", f"{FULL_ROW_SPEECH} (Inaudible.)") in expected
    assert ("", "(Off the record.)") in expected and ("", "(Laughter.)") in expected
    assert got == expected


def test_a_one_word_parenthetical_the_document_prints_after_a_tag_is_speech_too(tmp_path):
    # "(Inaudible.)" printed elsewhere only right after a tag ("THE WITNESS: (Inaudible.) He"):
    # inside a turn all the same, so the one wrapped from a full row stays in its turn.
    text = WRAPPED_PARENTHETICAL.replace("He said (Inaudible.) and", "(Inaudible.) He said")
    assert "said (Inaudible.)" not in text
    expected, got = _imported(tmp_path, text, "court_reporter")
    assert ("THE WITNESS", f"{FULL_ROW_SPEECH} (Inaudible.)") in expected
    assert got == expected


ONCE_BEFORE_THE_FIRST_TURN = COVER + "\n".join(
    [
        "THE VIDEOGRAPHER: We are on the record. This is the videotaped deposition of Dale Pruitt in"
        " the matter of Qureshi versus Brightwater. Counsel, please state your appearances.",
        "MR. VASQUEZ: Emilio Vasquez for the plaintiff, Haleema Qureshi, who is here with me today.",
        "MS. RICH: Margaret Rich for the defendant and for the witness.",
        "THE REPORTER: Please raise your right hand.",
        "MS. RICH: He is ready. Go ahead with the oath, please.",
    ]
)


def test_a_speaker_who_speaks_once_right_before_the_first_turn_opens_the_dialogue(tmp_path):
    """ "MR. VASQUEZ:" speaks once, right before the first turn of a speaker who speaks
    twice: the dialogue starts at it, as the text importer reads it, not in the cover."""
    expected, got = _imported(tmp_path, ONCE_BEFORE_THE_FIRST_TURN, "court_reporter")
    assert expected[0][0] == "MR. VASQUEZ"
    assert got == expected


# From the tag column, "[00:06:50] DISPATCH: " and 36 characters leave no room for "[00:06:58]".
STAMPED = COVER + "\n".join(
    [
        "[00:06:41] CALLER: There's a man going through the mailboxes on my street right now, and he"
        " has a bag with him.",
        "[00:06:50] DISPATCH: Copy that, units are on the way now.",
        "[00:06:58] (Radio traffic.)",
        "[00:07:02] CALLER: He's leaving now, he went east on Travis toward the corner store.",
        "[00:07:09] DISPATCH: Okay. Stay on the line with me, please.",
    ]
)


def test_a_timestamp_in_square_brackets_under_a_full_row_starts_a_line(tmp_path):
    assert len("[00:06:50] DISPATCH: Copy that, units are on the way now.") * 7.2 <= 560 - 126
    expected, got = _imported(tmp_path, STAMPED, "court_reporter")
    assert ("DISPATCH", "Copy that, units are on the way now.") in expected
    assert got == expected


def test_a_sheet_in_columns_reads_in_its_own_gutter_where_it_is_the_one_most_sheets_show(tmp_path):
    """A justified row of the left column reaching into the band another sheet's rows leave
    clear ("DEPUTY DISTRICT ATTORNEY PETTIBONE: Stanislaus", spread to the column's edge)
    does not cross the gutter: the sheet reads its left column whole, then its right one."""
    from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten

    hearing = next(t for t in load_handwritten(DEV_FOLDER) if t.name == "parole_hearing_elderly_medical")
    expected, got = _imported(tmp_path, hearing.text, "two_column")
    assert got == expected


def test_capitals_at_the_top_of_a_column_under_speech_start_a_paragraph(tmp_path):
    """The decision read into the record in capitals ("IN THE MATTER OF ...") at the top of
    a column, under a turn in lower case whose row left no room for its first word, is no
    part of the turn: a paragraph goes on over a page break, but not so."""
    from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten

    hearing = next(t for t in load_handwritten(DEV_FOLDER) if t.name == "parole_hearing_interpreter")
    expected, got = _imported(tmp_path, hearing.text, "two_column")
    assert ("INTERPRETER BARRAGÁN", "Yes, Commissioner.") in expected
    assert got == expected


@pytest.mark.parametrize("layout", ["condensed", "two_up"])
def test_a_token_too_long_for_its_row_does_not_break_a_sheet_in_columns(tmp_path, layout):
    """A rule of underscores on the cover, wider than its row, runs out of its page's box
    across the gutter and over the margin number of the page beside it: it stays the left
    column's, and the page beside it keeps its numbered rows (the number it swallowed
    filled in), so the dialogue there is read. The row it was drawn over may lose a word."""
    sample = (REPO / "resources" / "sample" / "sample_hearing.txt").read_text(encoding="utf-8").rstrip("\n")
    text = sample.replace("Hearing of: )", "Hearing of: )\n" + "_" * 80, 1)
    expected, got = _imported(tmp_path, text, layout)
    same = sum(block.size for block in difflib.SequenceMatcher(None, expected, got).get_matching_blocks())
    assert same >= len(expected) - 1 and len(got) == len(expected)


def _line_numbered_text() -> str:
    """A line-numbered transcript saved as text: each page's rows numbered 1-25 before the
    text, the page number on a line of its own after a blank line, turns running over pages."""
    speech = {
        "THE COURT": "Counsel, you may proceed with your next witness when you are ready to do so.",
        "MR. DIAZ": "Thank you, Your Honor. The people call Officer Renata Solis, who was the first officer"
        " on the scene that night and who wrote the report we have marked as exhibit four.",
        "THE WITNESS": "I was on patrol on the east side when the call came in, a little after eleven at"
        " night, and I drove straight there with my partner, who was driving the car that night.",
    }
    rows = []
    for turn in range(12):
        tag = list(speech)[turn % 3]
        words = speech[tag].split()
        first = True
        while words:
            taken = []
            while words and len(" ".join([*taken, words[0]])) <= 56:
                taken.append(words.pop(0))
            rows.append(("       " + tag + ": " if first else "  ") + " ".join(taken))
            first = False
    lines = []
    for page, start in enumerate(range(0, len(rows), 25), 2):
        lines += ["", f"{page:>62}"]
        lines += [f"{n:>2}{row}" for n, row in enumerate(rows[start : start + 25], 1)]
    return COVER + "\n".join(lines[1:])


@pytest.mark.parametrize("layout", ["tag_alone", "hanging_indent", "plain_dense"])
def test_a_line_numbered_transcript_printed_as_text_keeps_its_numbers_in_the_speech(tmp_path, layout):
    """Numbers a word space before a row's text are the text's, not a page's margin numbers
    (the PDF is no line-numbered transcript), and a page number on a row of its own after an
    empty row ends the turn, as the blank line before it does in the text file."""
    expected, got = _imported(tmp_path, _line_numbered_text(), layout)
    assert len(expected) == 12 and any(re.search(r"\b1\d [a-z]", speech) for _, speech in expected)
    assert got == expected


LONG_TAGS = COVER + "\n".join(
    [
        "DEPUTY DISTRICT ATTORNEY ABERNATHY: Objection, Your Honor. The question calls for"
        " speculation about what the officer may have thought that night at the scene.",
        "THE COURT: Overruled. The witness may answer the question if she knows the answer to it.",
        "CERTIFIED INTERPRETER MONTENEGRO: Interpreting for the witness, Your Honor,"
        " she says she did not see him leave the building before the officers came.",
    ]
    * 8
)


def test_a_tag_too_long_for_a_columns_row_leaves_its_speech_to_the_next_row(tmp_path):
    """A word processor puts the first word after a tag that almost fills a column's row on the
    next row rather than draw it over the gutter (the renderer drew it there, and the page read
    across its columns)."""
    import pdfplumber

    expected, got = _imported(tmp_path, LONG_TAGS, "two_column")
    layout = layouts()["two_column"]
    with pdfplumber.open(tmp_path / "two_column.pdf") as pdf:
        words = [w for page in pdf.pages for w in page.extract_words()]
    gutter = (layout.right + 1, layout.right + 36 - 1)
    # (the page number centred under the columns aside)
    crossing = [w["text"] for w in words if w["x0"] < gutter[1] and w["x1"] > gutter[0] + 3]
    assert not [text for text in crossing if not text.isdigit()]
    assert len(expected) == 24 and got == expected


LAST_SPEAKER_ONCE = "\n".join(
    [
        "BOARD OF PAROLE HEARINGS",
        "In the matter of the Life Term Parole Consideration Hearing of:",
        "JONAH WEBB",
        "CDCR Number: K12345",
        "",
        *(
            line
            for n in range(14)
            for line in (
                f"PRESIDING COMMISSIONER HALE: Question {n}, tell the panel about the program you finished.",
                f"INMATE WEBB: Answer {n}, it was the anger management course and I finished it in May.",
            )
        ),
        "(Off the record.)",
        "DEPUTY DISTRICT ATTORNEY LUND: The People submit.",
    ]
)


@pytest.mark.parametrize("layout", ["tag_alone", "word_processor", "plain_dense", "typeset"])
def test_a_last_speaker_who_speaks_once_after_a_parenthetical_keeps_the_turn(tmp_path, layout):
    # A canonical text's every tag in its block of turns is a turn; a PDF without line numbers
    # is read by `turns.py`, where the last speaker's one turn stands next to the turn before
    # it across the parenthetical between them.
    reference = text_document("hearing", LAST_SPEAKER_ONCE)
    assert utterances(reference)[-1] == ("DEPUTY DISTRICT ATTORNEY LUND", "The People submit.")
    pdf = tmp_path / "hearing.pdf"
    pdf.write_bytes(render(LAST_SPEAKER_ONCE, reference, layouts()[layout], "Hearing"))
    assert utterances(import_file(pdf)) == utterances(reference)


@pytest.mark.parametrize(
    ("layout", "before"),
    [
        ("word_processor", range(8)),
        ("hanging_indent", range(6)),
        ("typeset", range(6, 10)),
        ("two_column", range(3, 7)),
    ],
)
def test_captions_in_capitals_go_on_over_a_page_break_after_an_inaudible(tmp_path, layout, before):
    # A turn in capitals with "(inaudible)" in it, broken by a page (or column) after the row
    # holding it: its next row in capitals goes on with it, the row above being in capitals
    # mostly, as on numbered pages (`_mostly_lower`), not speech in lower case over a notice.
    # (`before` short turns move the page break over the turns' rows.)
    from tests.unit.test_import_court_layouts import CAPTIONS_IN_CAPITALS

    for count in before:
        text = "\n".join(["PRESIDING COMMISSIONER ROWE: GO ON."] * count + [CAPTIONS_IN_CAPITALS] * 4)
        reference = text_document("captions", text)
        pdf = tmp_path / f"captions{count}.pdf"
        pdf.write_bytes(render(text, reference, layouts()[layout], "Captions"))
        assert utterances(import_file(pdf)) == utterances(reference), count


def _visit(filler: int) -> str:
    """Short turns with a blank line between them, a few wrapped, the last as long as
    `filler` words make it, and a recorder's note after a blank line."""
    turns = [
        "PA PETTIBONE: Any contact with the victim's family since your release?",
        "LARK: No ma'am. I know the condition and I keep to it.",
        "PA PETTIBONE: Good. My office hours are eight to four-thirty, and the number is on the card I"
        " gave you; call it before you travel, change jobs or move, and keep the receipts from the"
        " testing line.",
        "LARK: The eighth, nine o'clock. Got it.",
    ] * 3
    last = "PA PETTIBONE: I'm going to do the room check now. Stopping the recording" + " now" * filler + "."
    return "\n\n".join(["PAROLE AGENT HOME VISIT, RECORDED", *turns, last, "[END OF RECORDING -- 00:19:07]"])


def test_a_note_after_a_blank_line_under_a_full_last_row_ends_the_turn(tmp_path):
    # On a page of one-row turns with blank lines between them, the distance between a
    # paragraph's rows is the few wrapped rows', not the median's half: the note under the
    # last turn, whose row is full, stands a blank row lower and is no part of the turn.
    for filler in range(12):
        text = _visit(filler)
        reference = text_document("visit", text)
        assert utterances(reference)[-1][1].endswith("recording" + " now" * filler + ".")
        pdf = tmp_path / f"visit{filler}.pdf"
        pdf.write_bytes(render(text, reference, layouts()["word_processor"], "Visit"))
        assert utterances(import_file(pdf)) == utterances(reference), filler


PROGRAMS = [
    "anger",
    "victim",
    "narcotics",
    "college",
    "dog",
    "welding",
    "choir",
    "hospice",
    "braille",
    "carpentry",
]


def _adjourned() -> str:
    """A hearing whose last turn has a divider centred under it."""
    return "\n".join(
        [
            *(
                f"PRESIDING COMMISSIONER VANG: Tell the panel about the {name} program, and what you"
                " learned in it and who ran it."
                f"\nDARNELL PAGE: Yes, sir. The {name} program was my second year, and the facilitator"
                " was a lifer who paroled in the spring."
                for name in PROGRAMS[:8]
            ),
            "PRESIDING COMMISSIONER VANG: Mr. Page, good luck to you. We are adjourned.",
            " " * 36 + "--oOo--",
            "",
            "CERTIFICATE OF TRANSCRIBER",
            "I, Lucinda Thornbury, certify that the foregoing is a true transcription.",
        ]
    )


@pytest.mark.parametrize("layout", ["tag_alone", "word_processor", "plain_dense", "two_column"])
def test_a_divider_centred_under_the_last_turn_is_none_of_it(tmp_path, layout):
    # A text file centres "--oOo--" under the last turn, and `turns.py` ends the turn over a
    # line indented so; a PDF without line numbers centres it on the page, and its paragraph
    # is indented in the text too.
    text = _adjourned()
    reference = text_document("hearing", text)
    assert utterances(reference)[-1][1] == "Mr. Page, good luck to you. We are adjourned."
    pdf = tmp_path / "hearing.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], "Hearing"))
    assert utterances(import_file(pdf)) == utterances(reference)


@pytest.mark.parametrize("layout", ["court_reporter", "tag_alone", "typeset"])
def test_letters_the_built_in_fonts_lack_are_drawn_and_read_back(tmp_path, layout):
    # The layouts' built-in fonts cannot encode "ầ" (reportlab would draw "Thny"); the fixture
    # draws such a word in a TrueType stand-in at the built-in font's width, as a program
    # that prints the text embeds a font that has it, and the importer reads it back.
    text = "\n".join(
        f"INTERPRETER DAO: Thầy Minh Quang comes on Saturday {n}, from Chùa Phước Huệ in Chula Vista."
        f"\nINCARCERATED PERSON TRUONG: Yes, and I go to every service there, month {n}."
        for n in range(4)
    )
    reference = text_document("hearing", text)
    pdf = tmp_path / "hearing.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], "Hearing"))
    assert utterances(import_file(pdf)) == utterances(reference)


def _appearances(turns: int) -> str:
    """A reporter's transcript whose dialogue starts on its first page, under the caption."""
    said = [
        "THE COURT: We are on the record in the matter of People versus Dominguez. Counsel, state"
        " your appearances.",
        "MS. ORTIZ: Lena Ortiz for the People, Your Honor.",
        "MR. HALE: Victor Hale for Mr. Dominguez, who is present in custody.",
        "THE COURT: Thank you. We are here for the preliminary hearing. Are the People ready to call"
        " the first witness?",
        "MS. ORTIZ: We are, Your Honor. The People call Detective Ruth Amsel.",
        "THE COURT: Detective, please come forward and raise your right hand to be sworn by the clerk.",
    ]
    return COVER + "\n".join((said * 3)[:turns])


@pytest.mark.parametrize("layout", ["pleading", "numbered_hanging"])
@pytest.mark.parametrize("turns", [16, 17, 18])
def test_a_last_page_of_a_few_numbered_rows_after_a_cover_holding_the_dialogue_is_read(
    tmp_path, layout, turns
):
    """The dialogue starts on the first page, under the caption, and its last turns run onto a
    second page of one to four numbered rows: too few for a line-numbered page on its own, but
    they count 1, 2, 3 as the first page did, so they are the body's and nothing is lost."""
    expected, got = _imported(tmp_path, _appearances(turns), layout)
    assert got == expected


def test_a_speaker_only_the_first_page_shows_twice_opens_the_dialogue_there(tmp_path):
    """On a first page holding the caption and most of the dialogue, THE COURT speaks three
    times but the one row carried to page 2 is MR. HALE's: the dialogue starts at THE COURT's
    first turn, not at the turn before MR. HALE's first, which left it in the cover."""
    expected, got = _imported(tmp_path, _appearances(9), "deposition_tag_alone")
    assert expected[0][0] == "THE COURT"
    assert got == expected
