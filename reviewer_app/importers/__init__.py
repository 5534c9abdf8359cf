"""Turn a transcript file into a Document: `import_file(path, settings)`.

PDF (`pdf.py`), plain text (`text.py`), and captions and ASR output (WebVTT,
SubRip, Whisper-style JSON: `captions.py`). Every failure is a
`TranscriptImportError` (see `errors.py`) whose message a reviewer can act on.
"""

from __future__ import annotations

import hashlib
import stat
from pathlib import Path

from reviewer_app.core.document import Document
from reviewer_app.core.progress import Progress
from reviewer_app.importers.errors import (
    CorruptPdfError,
    EmptyFileError,
    EncryptedPdfError,
    FileTooLargeError,
    MalformedCaptionsError,
    MissingFileError,
    NotAFileError,
    NoTextLayerError,
    NotTextError,
    TranscriptImportError,
    UnreadableFileError,
    UnsupportedFileTypeError,
)
from reviewer_app.settings import Settings

__all__ = [
    "SUPPORTED_SUFFIXES",
    "CorruptPdfError",
    "EmptyFileError",
    "EncryptedPdfError",
    "FileTooLargeError",
    "MalformedCaptionsError",
    "MissingFileError",
    "NoTextLayerError",
    "NotAFileError",
    "NotTextError",
    "TranscriptImportError",
    "UnreadableFileError",
    "UnsupportedFileTypeError",
    "import_bytes",
    "import_file",
    "read_transcript_bytes",
]

SUPPORTED_SUFFIXES = (".pdf", ".txt", ".vtt", ".srt", ".json")


def import_file(
    path: Path | str, settings: Settings | None = None, progress: Progress | None = None
) -> Document:
    """Read a PDF, plain-text, caption or ASR transcript; raises `TranscriptImportError`.

    A PDF reports each page read to `progress` (stage "import") and stops with
    `Cancelled` between pages when asked to."""
    path = Path(path)
    settings = settings or Settings()
    return import_bytes(path, read_transcript_bytes(path, settings), progress)


def read_transcript_bytes(path: Path, settings: Settings) -> bytes:
    """The bytes of the transcript file `path`, after the checks that need no
    parsing (a supported type, a readable regular file, not too large, not empty);
    raises `TranscriptImportError`."""
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        raise UnsupportedFileTypeError(path)
    try:
        info = path.stat()
    except FileNotFoundError as exc:
        raise MissingFileError(path) from exc
    except OSError as exc:
        raise UnreadableFileError(path, exc.strerror or type(exc).__name__) from exc
    if not stat.S_ISREG(info.st_mode):
        # Checked before reading: opening a pipe would wait forever.
        raise NotAFileError(path, "a folder" if stat.S_ISDIR(info.st_mode) else "a pipe or a device")
    if info.st_size > settings.max_file_mb * 1024 * 1024:
        raise FileTooLargeError(path, info.st_size / (1024 * 1024), settings.max_file_mb)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UnreadableFileError(path, exc.strerror or type(exc).__name__) from exc
    if not data:
        raise EmptyFileError(path)
    return data


def import_bytes(path: Path, data: bytes, progress: Progress | None = None) -> Document:
    """The document in `data`, the bytes `read_transcript_bytes(path)` returned,
    parsed where the file itself may not be (a cluster's worker)."""
    from reviewer_app.importers.captions import CAPTION_FORMATS, read_captions
    from reviewer_app.importers.pdf import read_pdf
    from reviewer_app.importers.text import read_text

    sha256 = hashlib.sha256(data).hexdigest()
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return read_pdf(path, data, sha256, progress or Progress())
    if suffix in CAPTION_FORMATS:
        return read_captions(path, data, sha256)
    return read_text(path, data, sha256)
