"""Plain-text import: encodings, line ends, and the canonical hearing format."""

from __future__ import annotations

import codecs
import random

import pytest

from reviewer_app.core.document import Participant
from reviewer_app.importers import NotTextError, import_file

HEARING = "\n".join(
    [
        "SUBSEQUENT PAROLE CONSIDERATION HEARING",
        "STATE OF CALIFORNIA",
        "BOARD OF PAROLE HEARINGS",
        "In the matter of the Life Term Parole Consideration Hearing of:",
        "Kevin Richardson",
        "CDCR Number: L90314",
        "San Quentin State Prison",
        "San Quentin, California",
        "September 1, 2021",
        "1:30 p.m.",
        "PANEL PRESENT:",
        "Alyssa Jones, Presiding Commissioner",
        "Tom Holt, Deputy Commissioner",
        "OTHERS PRESENT:",
        "Kevin Richardson, Incarcerated Person",
        "Mary Reed, Attorney for Inmate",
        "Bob Lee, Deputy District Attorney",
        "Ann Lopez, Victim's Sister",
        "Carl Ito, Observer",
        "TRANSCRIBED BY:",
        "Jane Doe, Transcriber",
        "Foothill Transcription Company, Inc.",
        "",
        "PRESIDING COMMISSIONER JONES: Good afternoon. Today's date, September 1st, 2021.",
        "INCARCERATED PERSON RICHARDSON: Yes. R-I-C-H-A-R-D-S-O-N.",
        "ATTORNEY REED: Mary Reed, R-E-E-D, for Mr. Richardson.",
        "",
        "CERTIFICATE AND DECLARATION OF TRANSCRIBER",
        "I, Jane Doe, a duly designated transcriber, do hereby declare",
        "Jane Doe",
    ]
)


def test_canonical_hearing_text_is_read_into_utterances_sections_and_metadata(tmp_path):
    path = tmp_path / "hearing-07.txt"
    path.write_text(HEARING, encoding="utf-8")
    document = import_file(path)
    assert document.id == "hearing-07"
    assert document.text == HEARING
    assert [u.speaker for u in document.utterances] == [
        "PRESIDING COMMISSIONER JONES",
        "INCARCERATED PERSON RICHARDSON",
        "ATTORNEY REED",
    ]
    first = document.utterances[0]
    assert document.text[first.start : first.end].startswith("PRESIDING COMMISSIONER JONES: Good")
    assert document.text[first.speech_start :].startswith("Good afternoon.")
    assert [s.name for s in document.sections] == ["cover", "body", "certificate"]
    certificate = document.section("certificate")
    assert document.text[certificate.start : certificate.end].startswith("CERTIFICATE AND DECLARATION")
    assert document.text[certificate.start : certificate.end].endswith("Jane Doe")
    cover = document.section("cover")
    assert document.text[cover.start : cover.end].endswith("Foothill Transcription Company, Inc.")
    meta = document.metadata
    assert (meta.hearing_type, meta.inmate_name, meta.cdcr_number) == (
        "SUBSEQUENT PAROLE CONSIDERATION HEARING",
        "Kevin Richardson",
        "L90314",
    )
    assert (meta.facility, meta.location, meta.date, meta.time) == (
        "San Quentin State Prison",
        "San Quentin",
        "September 1, 2021",
        "1:30 p.m.",
    )
    assert meta.participants == (
        Participant("Alyssa Jones", "Presiding Commissioner", "panel"),
        Participant("Tom Holt", "Deputy Commissioner", "panel"),
        Participant("Kevin Richardson", "Incarcerated Person", "inmate"),
        Participant("Mary Reed", "Attorney for Inmate", "attorney"),
        Participant("Bob Lee", "Deputy District Attorney", "district_attorney"),
        Participant("Ann Lopez", "Victim's Sister", "victim_family"),
        Participant("Carl Ito", "Observer", "other"),
        Participant("Jane Doe", "Transcriber", "transcriber"),
    )
    # Text lines map to their line in the file.
    assert document.page_map.locate(document.utterances[1].start) == (1, 25)


def test_speaker_lines_alone_are_a_body(tmp_path):
    path = tmp_path / "excerpt.txt"
    path.write_text("COMMISSIONER HOLT: Go ahead.\nMARCUS REED: Thank you.\n", encoding="utf-8")
    document = import_file(path)
    assert [u.speaker for u in document.utterances] == ["COMMISSIONER HOLT", "MARCUS REED"]
    assert [s.name for s in document.sections] == ["body"]
    assert document.metadata.is_empty()


def test_other_text_is_one_text_section_with_normalised_line_ends(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"First paragraph.\r\nSecond one.\rThird.\r\n\r\n")
    document = import_file(path)
    assert document.text == "First paragraph.\nSecond one.\nThird."
    assert document.utterances == ()
    assert [(s.name, s.start, s.end) for s in document.sections] == [("text", 0, len(document.text))]
    assert document.page_map.locate(document.text.index("Third")) == (1, 3)
    assert document.notes == ()


def test_utf8_with_byte_order_mark(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffJosé said “yes”.".encode())
    document = import_file(path)
    assert document.text == "José said “yes”."
    assert document.notes == ()


def test_cp1252_fallback_is_reported(tmp_path):
    path = tmp_path / "windows.txt"
    path.write_bytes("José said “yes” – twice.".encode("cp1252"))
    document = import_file(path)
    assert document.text == "José said “yes” – twice."
    assert document.notes == ("The file is not UTF-8; it was read as Windows-1252 (cp1252).",)


def test_latin1_fallback_for_bytes_cp1252_leaves_undefined(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes(b"Se\xf1or \x81 Mu\xf1oz")  # 0x81 has no cp1252 character
    document = import_file(path)
    assert document.text == "Señor \x81 Muñoz"
    assert document.notes == ("The file is not UTF-8; it was read as Latin-1 (ISO-8859-1).",)


def test_sha256_and_source_path(tmp_path):
    import hashlib

    path = tmp_path / "a.txt"
    path.write_bytes(b"Some words.")
    document = import_file(path)
    assert document.sha256 == hashlib.sha256(b"Some words.").hexdigest()
    assert document.source_path == str(path)


def test_canonical_hearing_text_with_windows_line_ends(tmp_path):
    path = tmp_path / "windows-hearing.txt"
    path.write_bytes(HEARING.replace("\n", "\r\n").encode("utf-8") + b"\r\n")
    document = import_file(path)
    assert document.text == HEARING
    assert len(document.utterances) == 3
    assert document.metadata.cdcr_number == "L90314"


TURNS = "COMMISSIONER HOLT: Go ahead, Mr. Reed.\nMARCUS REED: Thank you, José."


@pytest.mark.parametrize(
    ("codec", "mark", "expected"),
    [
        ("utf-16-le", codecs.BOM_UTF16_LE, "utf-16-le"),
        ("utf-16-be", codecs.BOM_UTF16_BE, "utf-16-be"),
        ("utf-32-le", codecs.BOM_UTF32_LE, "utf-32-le"),
        ("utf-32-be", codecs.BOM_UTF32_BE, "utf-32-be"),
        ("utf-8", codecs.BOM_UTF8, "utf-8-sig"),
    ],
)
def test_a_byte_order_mark_decides_the_encoding(tmp_path, codec, mark, expected):
    # Windows Notepad's "Unicode" is UTF-16 LE with a mark; read as cp1252 it
    # had NULs between the letters and detection found nothing.
    path = tmp_path / "unicode.txt"
    path.write_bytes(mark + TURNS.encode(codec))
    document = import_file(path)
    assert document.text == TURNS
    assert document.encoding == expected
    assert [u.speaker for u in document.utterances] == ["COMMISSIONER HOLT", "MARCUS REED"]
    assert document.notes == ()


def test_utf16_without_a_mark_is_recognised_by_its_nuls(tmp_path):
    path = tmp_path / "unmarked.txt"
    path.write_bytes(TURNS.encode("utf-16-be"))
    document = import_file(path)
    assert (document.text, document.encoding) == (TURNS, "utf-16-be")
    assert document.notes == ("The file has no byte-order mark; it was read as UTF-16 BE.",)


def test_plain_utf8_and_cp1252_name_their_encoding(tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text(TURNS, encoding="utf-8")
    assert import_file(path).encoding == "utf-8"
    path.write_bytes(TURNS.encode("cp1252"))
    assert import_file(path).encoding == "cp1252"


def test_random_bytes_are_refused_as_not_text(tmp_path):
    path = tmp_path / "binary.txt"
    path.write_bytes(random.Random(7).randbytes(4096))
    with pytest.raises(NotTextError) as info:
        import_file(path)
    message = str(info.value)
    assert message.startswith("binary.txt does not look like text: read as ")
    assert "control characters or NULs" in message and "Save the transcript as plain text" in message


def test_a_mark_followed_by_bytes_that_do_not_fit_is_refused(tmp_path):
    path = tmp_path / "odd.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + "Reed".encode("utf-16-le") + b"\x00")  # odd length
    with pytest.raises(NotTextError, match="UTF-16 LE byte-order mark but is not valid UTF-16 LE"):
        import_file(path)


def test_nul_padded_utf8_is_refused_not_imported_as_garbage(tmp_path):
    path = tmp_path / "padded.txt"
    path.write_bytes(b"Mr. Reed" + b"\x00" * 64 + b"said yes.")
    with pytest.raises(NotTextError):
        import_file(path)
