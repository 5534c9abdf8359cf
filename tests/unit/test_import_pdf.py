"""The PDF importer on hand-made transcripts that pin down one layout rule each."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.cast import Cast, Person
from tests.fixtures.dialogue import GoldSpan, Line
from tests.fixtures.generator import LAYOUT_FEATURES, ROW_CHARS, _wrap_utterance, render_transcript

INMATE = Person("Kevin", "Reed", "Inmate", "inmate")
CAST = Cast(
    hearing_type="SUBSEQUENT PAROLE CONSIDERATION HEARING",
    inmate=INMATE,
    cdcr_id="L90314",
    facility="San Quentin State Prison",
    facility_city="San Quentin",
    hearing_date=datetime.date(2021, 9, 1),
    hearing_time="1:30 PM",
    panel=(
        Person("Alyssa", "Jones", "Presiding Commissioner", "panel"),
        Person("Tom", "Holt", "Deputy Commissioner", "panel"),
    ),
    others=(Person("Mary", "Stone", "Attorney for Inmate", "attorney"),),
    transcriber=Person("Jane", "Doe", "Transcriber", "transcriber"),
    transcription_company="Foothill Transcription Company, Inc.",
    role_word="INCARCERATED PERSON",
    speaker_style="role_surname",
)
FILLER = "and so that is what I told them at the time, "


def _line(speaker: str, text: str) -> Line:
    return Line(speaker, text, (), ())


def _round_trip(tmp_path, lines, features=LAYOUT_FEATURES):
    transcript = render_transcript("hand-made", CAST, lines, features)
    paths = transcript.write(tmp_path)
    return transcript, import_file(paths["pdf"])


def test_spelled_name_broken_at_the_line_end_rejoins_without_a_space(tmp_path):
    speech = FILLER + "my name is Kevin Reed, R-I-C-H-A-R-D-S-O-N-R-E-E-D, yes."
    rows = _wrap_utterance("INCARCERATED PERSON REED", speech, split_spelled=True)
    assert rows[1].endswith("-E-E-") and rows[2].startswith("D, yes."), rows
    transcript, document = _round_trip(tmp_path, [_line("INCARCERATED PERSON REED", speech)])
    assert document.text == transcript.canonical_text
    assert "R-I-C-H-A-R-D-S-O-N-R-E-E-D, yes." in document.text


def test_a_repair_at_the_line_end_is_never_joined_to_the_next_word(tmp_path):
    # "I- I" must stay two tokens: the generator keeps them off a line break.
    for cut in range(30, 62):
        speech = ("x" * cut) + " I- I went home, I- I- I did."
        rows = _wrap_utterance("ATTORNEY STONE", speech, split_spelled=True)
        assert not any(row.endswith(("I-", "I- I-")) for row in rows[:-1]), rows
    lines = [_line("ATTORNEY STONE", ("x" * cut) + " I- I went home.") for cut in range(30, 62)]
    transcript, document = _round_trip(tmp_path, lines)
    assert document.text == transcript.canonical_text


def test_rows_starting_with_numbers_or_tags_are_continuations(tmp_path):
    speech = "x" * 26 + " 1990 was the year. " + "y" * 40 + " NOTE: it was cold."
    rows = _wrap_utterance("PRESIDING COMMISSIONER JONES", speech, split_spelled=False)
    assert rows[1].startswith("1990") and rows[2].startswith("NOTE:"), rows
    transcript, document = _round_trip(tmp_path, [_line("PRESIDING COMMISSIONER JONES", speech)])
    assert document.text == transcript.canonical_text
    assert [u.speaker for u in document.utterances] == ["PRESIDING COMMISSIONER JONES"]


def test_utterance_speaker_offsets_and_page_map(tmp_path):
    lines = [_line("PRESIDING COMMISSIONER JONES", FILLER * 3), _line("INCARCERATED PERSON REED", "Yes.")]
    transcript, document = _round_trip(tmp_path, lines, ("page_number_top",))
    first, second = document.utterances
    assert document.text[first.start : first.speech_start] == "PRESIDING COMMISSIONER JONES: "
    assert document.text[second.start : second.end] == "INCARCERATED PERSON REED: Yes."
    # the second printed row of the first utterance is line 2 of page 3 (after cover and index)
    second_row = document.text.index("at the time,", first.start + ROW_CHARS - 10)
    assert document.page_map.locate(second_row) == (3, 2)
    assert document.page_map.locate(second.start) == (3, 4)
    assert document.metadata == transcript.metadata
    assert document.metadata.participants[2].role == "Incarcerated Person"


@pytest.mark.parametrize("features", [(), ("double_spacing", "company_footer", "decision_footer")])
def test_many_pages_with_and_without_furniture(tmp_path, features):
    lines = [
        _line("DEPUTY COMMISSIONER HOLT" if i % 2 else "ATTORNEY STONE", FILLER * (i % 4 + 1))
        for i in range(80)
    ]
    transcript, document = _round_trip(tmp_path, lines, features)
    assert transcript.page_count > 8
    assert document.text == transcript.canonical_text
    assert len(document.utterances) == 80


def test_pdf_without_line_numbers_is_read_as_paragraphs(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Helvetica", 11)
    page_lines = [
        ["Minutes of the meeting held on", "the second day. The commit-", "tee agreed."],
        ["Second page, one paragraph", "over two lines."],
    ]
    for lines in page_lines:
        y = 720
        for text in lines:
            pdf.drawString(72, y, text)
            y -= 14
        pdf.showPage()
    # a third page with two paragraphs separated by a gap
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 720, "First paragraph.")
    pdf.drawString(72, 706, "Still the first.")
    pdf.drawString(72, 670, "Second paragraph.")
    pdf.showPage()
    pdf.save()
    path = tmp_path / "minutes.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text == (
        "Minutes of the meeting held on the second day. The commit-tee agreed.\n"
        "Second page, one paragraph over two lines.\n"
        "First paragraph. Still the first.\n"
        "Second paragraph."
    )
    assert [s.name for s in document.sections] == ["text"]
    assert document.utterances == ()
    assert document.metadata.is_empty()
    assert document.page_map.locate(document.text.index("tee agreed")) == (1, 3)
    assert document.page_map.locate(document.text.index("Second paragraph")) == (3, 3)
    assert document.notes == (
        "No hearing transcript layout (line numbers) found: imported as plain paragraphs.",
    )


def test_gold_spans_of_speaker_tags_and_speech_land_in_canonical_offsets(tmp_path):
    speech = "I  was born in   Fresno."  # runs of spaces collapse in the canonical text
    line = Line(
        "INCARCERATED PERSON REED",
        speech,
        (GoldSpan(speech.index("Fresno"), speech.index("Fresno") + 6, "LOCATION", "CITY"),),
        (GoldSpan(20, 24, "PERSON"),),
    )
    transcript = render_transcript("spans", CAST, [line], ())
    text = transcript.canonical_text
    body = [(s.label, s.text_in(text)) for s in transcript.gold_spans if s.start > text.index("\n\n")]
    assert ("PERSON", "REED") in body and ("LOCATION", "Fresno") in body
    assert "INCARCERATED PERSON REED: I was born in Fresno." in text
    fine = dict(zip(transcript.gold_spans, transcript.gold_fine_labels, strict=True))
    assert "CITY" in fine.values() and "PRISON" in fine.values()


def test_pdf_import_reports_progress_and_can_be_cancelled(tmp_path):
    from reviewer_app.core.progress import Cancelled, Progress

    lines = [_line("ATTORNEY STONE", FILLER * 3) for _ in range(30)]
    transcript = render_transcript("progress", CAST, lines, ())
    pdf = transcript.write(tmp_path)["pdf"]
    reports = []
    import_file(pdf, progress=Progress(lambda stage, fraction: reports.append((stage, fraction))))
    assert len(reports) == transcript.page_count
    assert reports[0] == ("import", 0.0) and all(stage == "import" for stage, _ in reports)
    assert [f for _, f in reports] == sorted(f for _, f in reports)

    cancelling = Progress(lambda stage, fraction: fraction > 0.3 and cancelling.cancel())
    with pytest.raises(Cancelled):
        import_file(pdf, progress=cancelling)


def test_a_column_of_numbers_is_not_taken_for_line_numbers(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Helvetica", 11)
    for i, (amount, item) in enumerate(
        [(12, "pens"), (40, "paper"), (7, "ink"), (95, "desks"), (3, "lamps")]
    ):
        pdf.drawRightString(90, 720 - 14 * i, str(amount))
        pdf.drawString(110, 720 - 14 * i, f"units of {item}")
    pdf.showPage()
    pdf.save()
    path = tmp_path / "inventory.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert [s.name for s in document.sections] == ["text"]
    assert document.text.startswith("12 units of pens 40 units of paper")


def test_line_numbers_in_smaller_type_on_the_same_baseline(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    rows = [
        "PRESIDING COMMISSIONER HOLT: We are on the record.",
        "MARCUS REED: Thank you, sir. I was born",
        "in 1990 in Fresno.",
    ]
    for i in range(25):
        y = 700 - 24 * i
        pdf.setFont("Helvetica", 6)
        pdf.drawRightString(80, y, str(i + 1))
        if i < len(rows):
            pdf.setFont("Courier", 13)
            pdf.drawString(108 if i == 2 else 144, y, rows[i])
    pdf.showPage()
    pdf.save()
    path = tmp_path / "excerpt.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text.split("\n") == [
        "PRESIDING COMMISSIONER HOLT: We are on the record.",
        "MARCUS REED: Thank you, sir. I was born in 1990 in Fresno.",
    ]
    assert [u.speaker for u in document.utterances] == ["PRESIDING COMMISSIONER HOLT", "MARCUS REED"]


def test_cover_lines_outside_the_rows_are_kept_unless_body_pages_print_them_too(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Courier", 12)
    # cover: one line above the band the body rows use, one company footer
    pdf.drawString(108, 760, "ORIGINAL - KEVIN REED - L90314")
    pdf.drawString(108, 696, "SUBSEQUENT PAROLE CONSIDERATION HEARING")
    pdf.drawString(108, 676, "CDCR Number: L90314")
    pdf.drawString(108, 40, "Foothill Transcription Company")
    pdf.showPage()
    for page in (1, 2):
        pdf.setFont("Courier", 12)
        pdf.drawString(108, 750, "SUBSEQUENT PAROLE CONSIDERATION HEARING")
        for i in range(25):
            pdf.drawRightString(84, 696 - 20 * i, str(i + 1))
        pdf.drawString(144, 696, f"MARCUS REED: Page {page} words.")
        pdf.drawString(108, 40, "Foothill Transcription Company")
        pdf.drawCentredString(306, 24, str(page))
        pdf.showPage()
    pdf.save()
    path = tmp_path / "cover.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text == (
        "ORIGINAL - KEVIN REED - L90314\n"
        "SUBSEQUENT PAROLE CONSIDERATION HEARING\n"
        "CDCR Number: L90314\n"
        "\n"
        "MARCUS REED: Page 1 words.\n"
        "MARCUS REED: Page 2 words."
    )


def test_bold_by_overprinting_reads_once(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Courier", 12)
    rows = [("MARCUS REED:", "Good morning, all."), ("COMMISSIONER HOLT:", "Good morning.")]
    for i in range(25):
        y = 696 - 20 * i
        pdf.drawRightString(84, y, str(i + 1))
        if i < len(rows):
            tag, speech = rows[i]
            pdf.drawString(144, y, f"{tag} {speech}")
            pdf.drawString(144.4, y, tag)  # the tag again, a hair to the right: bold
    pdf.showPage()
    pdf.save()
    path = tmp_path / "bold.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text == "MARCUS REED: Good morning, all.\nCOMMISSIONER HOLT: Good morning."


def test_an_unnumbered_page_inside_the_body_is_reported(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)

    def body_page(row: str) -> None:
        pdf.setFont("Courier", 12)
        for i in range(25):
            pdf.drawRightString(84, 696 - 20 * i, str(i + 1))
        pdf.drawString(144, 696, row)
        pdf.showPage()

    pdf.setFont("Courier", 12)
    pdf.drawString(108, 696, "PAROLE SUITABILITY HEARING")
    pdf.showPage()
    body_page("MARCUS REED: Before the letter.")
    pdf.setFont("Courier", 12)
    pdf.drawString(108, 696, "EXHIBIT A: a letter from Ann Lopez")
    pdf.showPage()
    body_page("MARCUS REED: After the letter.")
    pdf.save()
    path = tmp_path / "exhibit.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text == (
        "PAROLE SUITABILITY HEARING\n\nMARCUS REED: Before the letter.\nMARCUS REED: After the letter."
    )
    assert document.notes == (
        "Read as a Board of Parole Hearings transcript: 2 body pages, no transcriber's certificate found.",
        "PDF page(s) 3 inside the transcript have no line numbers and were left out: check them in the PDF.",
    )


def test_notes_of_a_generated_transcript(tmp_path):
    transcript, document = _round_trip(tmp_path, [_line("ATTORNEY STONE", FILLER * 40)], ())
    body_pages = transcript.page_count - 3
    assert document.notes == (
        f"Read as a Board of Parole Hearings transcript: {body_pages} body pages, 1 index page(s) skipped.",
    )


def test_text_between_the_rows_of_a_body_page_is_reported(tmp_path):
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("Courier", 12)
    for i in range(25):
        pdf.drawRightString(84, 696 - 20 * i, str(i + 1))
    pdf.drawString(144, 696, "MARCUS REED: A row.")
    pdf.drawString(300, 666, "(handwritten: Ann Lopez)")  # between rows 2 and 3
    pdf.showPage()
    pdf.save()
    path = tmp_path / "note.pdf"
    path.write_bytes(buffer.getvalue())
    document = import_file(path)
    assert document.text == "MARCUS REED: A row."
    assert document.notes[-1] == (
        "Some text on PDF page(s) 1 stands beside no line number and was left out: "
        "check those pages in the PDF."
    )


def test_ligatures_a_typesetter_draws_read_as_their_letters(tmp_path):
    """Typeset PDFs draw "fi", "ffi", "fl" as one glyph; the text has the letters (as the
    transcript's text file has them, and as detection and search look for them): pdfplumber's
    word extraction expands them, which the importer relies on."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.exists():
        pytest.skip("DejaVu Sans is not installed")
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(font)))
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.setFont("DejaVuSans", 11)
    pdf.drawString(72, 720, "The \ufb01rst o\ufb03cer \ufb02ed the sta\ufb00 room.")
    pdf.showPage()
    pdf.save()
    path = tmp_path / "typeset.pdf"
    path.write_bytes(buffer.getvalue())
    assert import_file(path).text == "The first officer fled the staff room."
