"""The PDF importer on the layout of real Board of Parole Hearings transcripts
(issue 12), drawn here by hand rather than by the generator: a cover that says
"In the matter of the Parole Consideration Hearing of:" with the name and the
CDCR number side by side, the incarcerated person's turns tagged with his full
name, parentheticals on rows of their own, words hyphenated at a row end, an
ALL-CAPS decision notice with "DECISION PAGE" footers after the last turn, and a
copyright line on the last page."""

from __future__ import annotations

import io

from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import join_wrapped, printed_words

ROW_Y0, LEADING = 696, 20
TAG_X, TEXT_X = 144, 108


def _numbered_page(pdf, rows: list[tuple[int, str]], footer: str = "") -> None:
    """25 numbered rows; `rows` are (x, text) from row 1 down."""
    pdf.setFont("Courier", 12)
    for i in range(25):
        pdf.drawRightString(84, ROW_Y0 - LEADING * i, str(i + 1))
    for i, (x, text) in enumerate(rows):
        pdf.drawString(x, ROW_Y0 - LEADING * i, text)
    if footer:
        pdf.drawString(TEXT_X, 96, footer)
    pdf.drawCentredString(306, 40, "Precision Court Reporters")
    pdf.showPage()


def _real_layout_pdf(tmp_path, notice_on_numbered_rows: bool = True):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Courier", 12)
    cover = [
        (200, "BOARD OF PAROLE HEARINGS"),
        (210, "STATE OF CALIFORNIA"),
        (TEXT_X, "In the matter of the Parole Consideration Hearing of:"),
    ]
    y = 700
    for x, text in cover:
        pdf.drawString(x, y, text)
        y -= 24
    pdf.drawString(TEXT_X, y, "DANIEL OKAFOR")  # the name and the number side by side
    pdf.drawString(360, y, "CDCR No. BK4471")
    y -= 36
    for text in [
        "CALIFORNIA MEN'S COLONY",
        "SAN LUIS OBISPO, CALIFORNIA",
        "FEBRUARY 6, 2024",
        "9:04 AM",
        "PANEL PRESENT:",
        "LENA MARSH, Presiding Commissioner",
        "OWEN FIELD, Deputy Commissioner",
        "OTHERS PRESENT:",
        "RITA PRICE, Attorney for Incarcerated Person",
    ]:
        pdf.drawString(TEXT_X, y, text)
        y -= 22
    pdf.showPage()
    pdf.setFont("Courier", 12)
    pdf.drawString(TEXT_X, 700, "INDEX")
    pdf.drawString(TEXT_X, 670, "Proceedings ........................... 3")
    pdf.drawString(TEXT_X, 650, "Closing Statements .................... 4")
    pdf.showPage()
    _numbered_page(
        pdf,
        [
            (TAG_X, "PRESIDING COMMISSIONER MARSH: We are on the record."),
            (TEXT_X, "Please state your name and spell your last name."),
            (TAG_X, "DANIEL OKAFOR: Daniel Okafor, O-K-A-F-O-R. I am sixty-"),
            (TEXT_X, "two now and it is a well-"),
            (TEXT_X, "known program, the one I did for my--"),
            (TEXT_X, "my anger. I went to the-"),
            (TEXT_X, "the yard."),
            (TAG_X, "PRESIDING COMMISSIONER MARSH: Let's take a break."),
            (TAG_X, "(Off the record.)"),
            (TAG_X, "(Whereupon, a recess was taken"),
            (TEXT_X, "at 10:12 a.m.)"),
            (TAG_X, "DEPUTY COMMISSIONER FIELD: We are back on the record."),
        ],
    )
    last_turn = [
        (TAG_X, "PRESIDING COMMISSIONER MARSH: The panel has reached a"),
        (TEXT_X, "decision. Good luck to you, Mr. Okafor."),
        (TAG_X, "(Whereupon, the hearing was adjourned.)"),
    ]
    notice = [
        (TEXT_X, "PAROLE DENIED - THREE YEARS"),
        (TEXT_X, "THIS DECISION WILL BE FINAL ON: JUNE 5, 2024."),
        (TEXT_X, "THE FULL BOARD, SITTING EN BANC, MAY REVIEW IT."),
    ]
    footer = "DANIEL OKAFOR BK4471 DECISION PAGE 1 2/6/2024"
    if notice_on_numbered_rows:
        _numbered_page(pdf, last_turn + notice, footer)
    else:
        _numbered_page(pdf, last_turn)
        pdf.setFont("Courier", 12)
        for i, (x, text) in enumerate(notice):
            pdf.drawString(x, 696 - 24 * i, text)
        pdf.drawString(TEXT_X, 96, footer)
        pdf.showPage()
    pdf.setFont("Courier", 12)
    pdf.drawString(TEXT_X, 700, "CERTIFICATE AND DECLARATION OF TRANSCRIBER")
    pdf.drawString(TEXT_X, 676, "I, Ann Lee, transcribed the hearing of DANIEL OKAFOR.")
    pdf.drawString(TEXT_X, 60, "Copyright 2024 Precision Court Reporters")
    pdf.showPage()
    pdf.save()
    path = tmp_path / "okafor.pdf"
    path.write_bytes(buffer.getvalue())
    return import_file(path)


def test_cover_with_name_and_number_side_by_side_fills_the_metadata(tmp_path):
    document = _real_layout_pdf(tmp_path)
    assert document.metadata.inmate_name == "DANIEL OKAFOR"
    assert document.metadata.cdcr_number == "BK4471"
    assert document.metadata.location == "SAN LUIS OBISPO"
    assert "DANIEL OKAFOR" in document.metadata.names()


def test_body_lines_of_the_real_layout(tmp_path):
    document = _real_layout_pdf(tmp_path)
    body = document.section("body")
    assert document.text[body.start : body.end].split("\n") == [
        "PRESIDING COMMISSIONER MARSH: We are on the record. Please state your name and spell your "
        "last name.",
        "DANIEL OKAFOR: Daniel Okafor, O-K-A-F-O-R. I am sixty-two now and it is a well-known program, "
        "the one I did for my-- my anger. I went to the- the yard.",
        "PRESIDING COMMISSIONER MARSH: Let's take a break.",
        "(Off the record.)",
        "(Whereupon, a recess was taken at 10:12 a.m.)",
        "DEPUTY COMMISSIONER FIELD: We are back on the record.",
        "PRESIDING COMMISSIONER MARSH: The panel has reached a decision. Good luck to you, Mr. Okafor.",
        "(Whereupon, the hearing was adjourned.)",
    ]
    assert [u.speaker for u in document.utterances] == [
        "PRESIDING COMMISSIONER MARSH",
        "DANIEL OKAFOR",
        "PRESIDING COMMISSIONER MARSH",
        "",
        "",
        "DEPUTY COMMISSIONER FIELD",
        "PRESIDING COMMISSIONER MARSH",
        "",
    ]
    parenthetical = document.utterances[3]
    assert parenthetical.speech_start == parenthetical.start


def test_decision_notice_is_a_section_of_its_own(tmp_path):
    for on_numbered_rows in (True, False):
        document = _real_layout_pdf(tmp_path, on_numbered_rows)
        assert [s.name for s in document.sections] == ["cover", "body", "decision", "certificate"]
        decision = document.section("decision")
        lines = document.text[decision.start : decision.end].split("\n")
        assert lines[:3] == [
            "PAROLE DENIED - THREE YEARS",
            "THIS DECISION WILL BE FINAL ON: JUNE 5, 2024.",
            "THE FULL BOARD, SITTING EN BANC, MAY REVIEW IT.",
        ]
        # the footer names the inmate: on a page of its own it is kept, on body pages it is furniture
        assert ("DANIEL OKAFOR BK4471 DECISION PAGE 1 2/6/2024" in lines) is not on_numbered_rows
        assert not any("left out" in note for note in document.notes)


def test_copyright_line_on_the_last_page_is_a_line_of_its_own(tmp_path):
    document = _real_layout_pdf(tmp_path)
    certificate = document.section("certificate")
    lines = document.text[certificate.start : certificate.end].split("\n")
    assert lines[-1] == "Copyright 2024 Precision Court Reporters"


def test_real_layout_round_trips_through_the_text_importer(tmp_path):
    document = _real_layout_pdf(tmp_path)
    path = tmp_path / "okafor.txt"
    path.write_text(document.text, encoding="utf-8")
    again = import_file(path)
    assert again.text == document.text
    assert again.sections == document.sections
    assert again.utterances == document.utterances
    assert again.metadata == document.metadata


def test_line_end_hyphens_join_inside_words_only():
    assert join_wrapped(["I was sixty-", "two then."])[0] == "I was sixty-two then."
    assert join_wrapped(["a well-", "known one"])[0] == "a well-known one"
    assert join_wrapped(["I went to the-", "the store"])[0] == "I went to the- the store"
    assert join_wrapped(["we were go-", "going home"])[0] == "we were go- going home"
    assert join_wrapped(["it was--", "no, wait"])[0] == "it was-- no, wait"
    # Spelled letters with accents.
    assert (
        join_wrapped(["E-C-H-E-V-E-R-R-", "Í-A, with the accent"])[0]
        == "E-C-H-E-V-E-R-R-Í-A, with the accent"
    )
    assert join_wrapped(["and M-O-N-T-A-", "Ñ-O, with the tilde"])[0] == "and M-O-N-T-A-Ñ-O, with the tilde"
    # A dash of two hyphens broken between them.
    assert join_wrapped(["It was-", "- it was four"])[0] == "It was-- it was four"
    assert join_wrapped(["a list:", "- the first"])[0] == "a list: - the first"
    assert join_wrapped(["in nineteen sixty-", "six"])[0] == "in nineteen sixty-six"
    assert join_wrapped(["the Post-", "Commitment Factors"])[0] == "the Post-Commitment Factors"
    assert join_wrapped(["in Fres-", "Fresno"])[0] == "in Fres- Fresno"
    assert join_wrapped(["during COVID-", "19 we"])[0] == "during COVID-19 we"
    # A code of letters and digits broken at its hyphen ("B5-" / "124L", a cell).
    assert join_wrapped(["housed in B5-", "124L since"])[0] == "housed in B5-124L since"
    assert join_wrapped(["I was seventeen-", "18 then"])[0] == "I was seventeen- 18 then"
    assert join_wrapped(["for inmate-", "Correction."])[0] == "for inmate- Correction."


def test_a_word_a_typesetter_broke_loses_the_hyphen_it_does_not_have():
    words = printed_words(["we took your recommendation seriously", "a well-known sixty-two"])
    assert (
        join_wrapped(["the panel's recom-", "mendation stands"], words)[0]
        == "the panel's recommendation stands"
    )
    assert (
        join_wrapped(["the panel's recom\u00ad", "mendation stands"])[0]
        == "the panel's recommendation stands"
    )
    # A compound the document prints with its hyphen keeps it; a word it never prints whole too.
    assert join_wrapped(["a well-", "known place"], words)[0] == "a well-known place"
    assert join_wrapped(["sixty-", "two then"], words | {"sixtytwo"})[0] == "sixty-two then"
    assert join_wrapped(["an incarcera-", "ted person"], words)[0] == "an incarcera-ted person"
    assert join_wrapped(["Cardenas, C-", "A-R-D-E-N-A-S"], words | {"ca"})[0] == "Cardenas, C-A-R-D-E-N-A-S"
    text, starts = join_wrapped(["the recom-", "mendation"], words)
    assert text[starts[1] :] == "mendation"


def test_a_compound_that_opens_a_sentence_joins_across_the_row_end():
    assert (
        join_wrapped(["He is thirty-nine. Twenty-", "three years."])[0]
        == "He is thirty-nine. Twenty-three years."
    )
    assert join_wrapped(["Self-", "help groups."])[0] == "Self-help groups."
    # A capital letter alone before the hyphen is a restart, not a compound.
    assert join_wrapped(["and I-", "went home"])[0] == "and I- went home"
    assert join_wrapped(["The-", "the car."])[0] == "The- the car."


def test_a_numbered_index_page_under_another_heading_is_skipped(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Courier", 12)
    pdf.drawString(TEXT_X, 700, "PAROLE CONSIDERATION HEARING")
    pdf.showPage()
    _numbered_page(
        pdf,
        [
            (200, "I N D E X"),
            (TEXT_X, "Proceedings ............................ 3"),
            (TEXT_X, "Post-Commitment Factors ................ 9"),
            (TEXT_X, "Closing Statements ..................... 14"),
            (TEXT_X, "Decision ............................... --"),
        ],
    )
    _numbered_page(pdf, [(TAG_X, "PRESIDING COMMISSIONER MARSH: We are on the record.")])
    pdf.save()
    path = tmp_path / "index.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text == (
        "PAROLE CONSIDERATION HEARING\n\nPRESIDING COMMISSIONER MARSH: We are on the record."
    )


def test_the_full_name_tag_of_the_incarcerated_person_is_a_speaker_tag_in_any_case(tmp_path):
    text = (
        "PAROLE CONSIDERATION HEARING\n"
        "In the matter of the Parole Consideration Hearing of:\n"
        "DANIEL McCOY CDCR No. BK4471\n"
        "\n"
        "PRESIDING COMMISSIONER MARSH: Your name?\n"
        "DANIEL McCOY: Daniel McCoy, M-C-C-O-Y.\n"
        "(Off the record.)\n"
        "Daniel McCoy: Thank you."
    )
    path = tmp_path / "mccoy.txt"
    path.write_text(text, encoding="utf-8")
    document = import_file(path)
    assert document.metadata.inmate_name == "DANIEL McCOY"
    assert [u.speaker for u in document.utterances] == [
        "PRESIDING COMMISSIONER MARSH",
        "DANIEL McCOY",
        "",
        "Daniel McCoy",
    ]


def test_a_heading_over_speaker_lines_is_no_hearing_cover(tmp_path):
    path = tmp_path / "interview.txt"
    path.write_text("Interview notes, spring\n\nQ: Where were you?\nA: At home.", encoding="utf-8")
    document = import_file(path)
    # The turns are read, the heading stands before them, but it is no hearing's cover.
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert [u.speaker for u in document.utterances] == ["Q", "A"]
    assert document.metadata.is_empty()


def test_a_parenthetical_left_open_ends_at_the_next_turn(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    _numbered_page(
        pdf,
        [
            (TAG_X, "PRESIDING COMMISSIONER MARSH: Let's pause."),
            (TAG_X, "(Pause in the proceedings"),
            (TAG_X, "DANIEL OKAFOR: I am ready."),
            (TEXT_X, "(Inaudible)"),
            (TEXT_X, "and then I left."),
        ],
    )
    pdf.save()
    path = tmp_path / "open.pdf"
    path.write_bytes(buffer.getvalue())
    assert import_file(path).text.split("\n") == [
        "PRESIDING COMMISSIONER MARSH: Let's pause.",
        "(Pause in the proceedings",
        "DANIEL OKAFOR: I am ready. (Inaudible) and then I left.",
    ]


def test_a_numbered_deposition_page_keeps_examiner_lines_and_questions_apart(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    _numbered_page(
        pdf,
        [
            (TAG_X, "MS. RICH: Objection. Form."),
            (TEXT_X, "BY MR. VASQUEZ:"),
            (TAG_X, "Q. Did you see it?"),
            (TAG_X, "A. I heard it and I was there in maybe"),
            (TEXT_X, "thirty seconds."),
        ],
    )
    pdf.save()
    path = tmp_path / "deposition.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text.split("\n") == [
        "MS. RICH: Objection. Form.",
        "BY MR. VASQUEZ:",
        "Q. Did you see it?",
        "A. I heard it and I was there in maybe thirty seconds.",
    ]
    assert [u.speaker for u in document.utterances] == ["MS. RICH", "Q", "A"]


def test_a_typeset_document_loses_the_hyphens_of_words_it_prints_once():
    """Where rows end in words broken at syllables ("asse-" / "ssment": neither piece a
    word the document prints), its typesetter hyphenates: a word printed only broken
    ("incarcera-" / "ted") loses its hyphen too; a compound whose first part is a word it
    prints or a prefix or a tens word keeps it."""
    rows = [
        "the risk asse-",
        "ssment was filed and the ele-",
        "ctronic copy sent to my great grandson",
        "an incarcera-",
        "ted person",
        "my great-",
        "grandfather was seventy-",
        "one and a pre-",
        "commitment factor",
    ]
    words = printed_words(rows)
    assert words.hyphenates
    assert join_wrapped(rows[3:5], words)[0] == "an incarcerated person"
    assert join_wrapped(rows[5:7], words)[0] == "my great-grandfather was seventy-"
    assert join_wrapped(rows[6:9], words)[0] == "grandfather was seventy-one and a pre-commitment factor"
    # A syllable goes on in lower case: a name's second part is no syllable.
    assert join_wrapped(["Tomas Reyes-", "Whitfield, Videographer"], words)[0] == (
        "Tomas Reyes-Whitfield, Videographer"
    )
    assert not printed_words(["a Reyes-", "Whitfield and a Carranza-", "Beltran"]).hyphenates
    # Rows that break words only at their hyphens show no hyphenation: the word stays as printed.
    plain = printed_words(["a lauda-", "tory chrono", "a well-", "known place, well", "known to all"])
    assert not plain.hyphenates
    assert join_wrapped(["a lauda-", "tory chrono"], plain)[0] == "a lauda-tory chrono"


def test_a_compound_the_document_prints_whole_or_a_name_particle_joins_across_the_row_end():
    words = printed_words(["the form 128-A was filed", "Omar al-Noor"])
    assert join_wrapped(["a form 128-", "A for it"], words)[0] == "a form 128-A for it"
    assert join_wrapped(["Detective al-", "Noor said"])[0] == "Detective al-Noor said"
    assert join_wrapped(["for inmate-", "Correction."])[0] == "for inmate- Correction."
    assert join_wrapped(["I was 5-", "A lot of it"], words)[0] == "I was 5- A lot of it"


def test_a_typeset_word_printed_once_is_told_from_a_compound_by_english_word_counts():
    """A word printed only broken, in a typeset document: one English word where the whole
    is a common word ("house-" / "keeping", "you-" / "rself"; after a prefix English also
    writes with a hyphen, a very common one: "inter-" / "view"); a compound where both
    pieces are words and the whole is none, or a rare one after such a prefix ("well-" /
    "known", "pre-" / "trial"). One common word broken where its rest is no word ("sta-" /
    "tements") shows the typesetter's hyphenation; compounds alone do not."""
    rows = [
        "Closing sta-",
        "tements now, please. She did the house-",
        "keeping and said you-",
        "rself that the inter-",
        "view was a well-",
        "known pre-",
        "trial step.",
    ]
    words = printed_words(rows)
    assert words.hyphenates
    assert join_wrapped(rows, words)[0] == (
        "Closing statements now, please. She did the housekeeping and said yourself that the"
        " interview was a well-known pre-trial step."
    )
    compounds = ["a well-", "known pre-", "trial step and the house-", "keeping"]
    assert not printed_words(compounds).hyphenates
    assert join_wrapped(compounds, printed_words(compounds))[0] == (
        "a well-known pre-trial step and the house-keeping"
    )


def test_the_rest_of_a_broken_word_may_hold_capitals():
    """ "Qui-" / "ckRide": the row below goes on with letters in any case, in lower case first."""
    words = printed_words(["the sta-", "tements were read", "I drive for Qui-", "ckRide at night"])
    assert words.hyphenates
    assert join_wrapped(["I drive for Qui-", "ckRide at night"], words)[0] == "I drive for QuickRide at night"


def test_a_common_word_broken_after_a_first_piece_that_is_no_word_shows_a_typesetter_alone():
    # "diffe-" / "rent": the rest is an English word ("rent"), but no writer breaks "different"
    # after "diffe", which is none: one such break is proof enough that the document hyphenates.
    rows = ["What's diffe-", "rent this time, and what has changed"]
    words = printed_words(rows)
    assert words.hyphenates
    assert join_wrapped(rows, words)[0] == "What's different this time, and what has changed"
    # A first piece that is a word or a prefix may be a compound's ("any-" / "thing", "re-" / "entry").
    assert not printed_words(["we did not say any-", "thing about the re-", "entry plan"]).hyphenates
