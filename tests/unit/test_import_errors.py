"""Each kind of bad input gets its own exception and a message a reviewer can act on."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from reviewer_app.importers import (
    CorruptPdfError,
    EmptyFileError,
    EncryptedPdfError,
    FileTooLargeError,
    MissingFileError,
    NotAFileError,
    NoTextLayerError,
    TranscriptImportError,
    UnreadableFileError,
    UnsupportedFileTypeError,
    import_file,
)
from reviewer_app.settings import Settings


def _text_pdf(**canvas_options) -> bytes:
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True, **canvas_options)
    for page in range(3):
        pdf.drawString(72, 700, f"Page {page + 1} of a perfectly ordinary document.")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _import_error(path, settings=None) -> TranscriptImportError:
    with pytest.raises(TranscriptImportError) as info:
        import_file(path, settings or Settings())
    return info.value


def test_encrypted_pdf(tmp_path):
    path = tmp_path / "locked.pdf"
    path.write_bytes(_text_pdf(encrypt="secret"))
    error = _import_error(path)
    assert isinstance(error, EncryptedPdfError)
    assert str(error) == (
        "locked.pdf is an encrypted (password-protected) PDF. Save an unprotected copy, then import that."
    )


def test_truncated_pdf(tmp_path):
    path = tmp_path / "half.pdf"
    data = _text_pdf()
    path.write_bytes(data[: len(data) // 2])
    error = _import_error(path)
    assert isinstance(error, CorruptPdfError)
    assert str(error).startswith("half.pdf could not be read as a PDF: it ends too early, as if truncated")


def test_pdf_with_damaged_structure(tmp_path):
    path = tmp_path / "damaged.pdf"
    data = _text_pdf()
    # Keep the header and the end-of-file marker, scramble everything between.
    middle = bytes(b ^ 0x5A for b in data[9:-7])
    path.write_bytes(data[:9] + middle + data[-7:])
    error = _import_error(path)
    assert isinstance(error, CorruptPdfError)
    assert "damaged.pdf could not be read as a PDF" in str(error)
    assert "Get a fresh copy" in str(error)


def test_file_named_pdf_that_is_not_one(tmp_path):
    path = tmp_path / "notes.pdf"
    path.write_text("PRESIDING COMMISSIONER HOLT: Good morning.\n", encoding="utf-8")
    error = _import_error(path)
    assert isinstance(error, CorruptPdfError)
    assert "it does not start like a PDF file" in str(error)


def test_image_only_pdf(tmp_path):
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    scan = Image.new("RGB", (200, 100), "white")
    for x in range(20, 180):
        scan.putpixel((x, 50), (0, 0, 0))
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, invariant=True)
    pdf.drawImage(ImageReader(scan), 72, 500, width=400, height=200)
    pdf.showPage()
    pdf.save()
    path = tmp_path / "scan.pdf"
    path.write_bytes(buffer.getvalue())
    error = _import_error(path)
    assert isinstance(error, NoTextLayerError)
    assert str(error) == (
        "scan.pdf has no text layer (its pages are images, as in a scan); "
        "run OCR first, then import the result."
    )


@pytest.mark.parametrize("name", ["empty.pdf", "empty.txt"])
def test_empty_file(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"")
    error = _import_error(path)
    assert isinstance(error, EmptyFileError)
    assert str(error) == f"{name} is empty: there is no text to review."


def test_text_file_of_blank_lines_is_empty(tmp_path):
    path = tmp_path / "blank.txt"
    path.write_bytes(b"\r\n \n\t\n")
    assert isinstance(_import_error(path), EmptyFileError)


@pytest.mark.parametrize("name", ["hearing.docx", "hearing"])
def test_unsupported_file_type(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"PK\x03\x04 not a transcript")
    error = _import_error(path)
    assert isinstance(error, UnsupportedFileTypeError)
    suffix = ".docx" if name.endswith(".docx") else "(no extension)"
    assert str(error) == (
        f"{name}: files of type {suffix} cannot be imported. "
        "Open a PDF transcript (.pdf), a plain-text transcript (.txt), captions (.vtt, .srt) "
        "or a Whisper-style JSON transcript (.json)."
    )


def test_file_over_the_size_limit(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"word " * 60_000)  # 0.29 MB
    error = _import_error(path, Settings(max_file_mb=0.25))
    assert isinstance(error, FileTooLargeError)
    assert str(error) == (
        "big.txt is 0.3 MB, larger than the limit of 0.25 MB. "
        "Split the file, or raise the limit (max_file_mb in the settings)."
    )
    assert import_file(path, Settings(max_file_mb=1)).word_count == 60_000


def test_missing_file(tmp_path):
    error = _import_error(tmp_path / "gone.pdf")
    assert isinstance(error, MissingFileError)
    assert str(error) == "gone.pdf does not exist (was it moved or renamed?)."


def test_pdf_restricted_only_by_an_owner_password_imports(tmp_path):
    from reportlab.lib.pdfencrypt import StandardEncryption

    path = tmp_path / "restricted.pdf"
    path.write_bytes(_text_pdf(encrypt=StandardEncryption("", ownerPassword="owner", canModify=0)))
    document = import_file(path, Settings())
    assert document.text.startswith("Page 1 of a perfectly ordinary document.")


@pytest.mark.parametrize("name", ["x.txt", "x.pdf"])
def test_a_folder_with_a_transcript_name(tmp_path, name):
    (tmp_path / name).mkdir()
    error = _import_error(tmp_path / name)
    assert isinstance(error, NotAFileError)
    assert str(error) == f"{name} is a folder, not a file. Choose the transcript file itself."


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    assert isinstance(_import_error(path), NotAFileError)


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux /proc")
def test_a_file_that_cannot_be_read(tmp_path):
    # Reading /proc/self/mem from offset 0 fails with EIO for every user, root
    # included (permission bits do not stop root, so chmod 000 would not do).
    path = tmp_path / "unreadable.txt"
    path.symlink_to("/proc/self/mem")
    error = _import_error(path)
    assert isinstance(error, UnreadableFileError)
    assert str(error).startswith("unreadable.txt could not be read (Input/output error).")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_a_file_without_read_permission(tmp_path):
    path = tmp_path / "locked.txt"
    path.write_text("Mr. Reed said yes.", encoding="utf-8")
    path.chmod(0)
    assert str(_import_error(path)).startswith("locked.txt could not be read (Permission denied).")
