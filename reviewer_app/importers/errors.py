"""Why a file could not be imported, in words a reviewer understands.

Every importer failure is a `TranscriptImportError`; the window shows its
message as it is, so messages name the file and say what to do, and never
quote the transcript.
"""

from __future__ import annotations

from pathlib import Path


class TranscriptImportError(Exception):
    """A file that cannot be turned into a Document; `str()` is the reviewer's message."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        super().__init__(message)


class UnsupportedFileTypeError(TranscriptImportError):
    def __init__(self, path: Path | str) -> None:
        suffix = Path(path).suffix or "(no extension)"
        super().__init__(
            path,
            f"{Path(path).name}: files of type {suffix} cannot be imported. "
            "Open a PDF transcript (.pdf), a plain-text transcript (.txt), captions (.vtt, .srt) "
            "or a Whisper-style JSON transcript (.json).",
        )


class EmptyFileError(TranscriptImportError):
    def __init__(self, path: Path | str) -> None:
        super().__init__(path, f"{Path(path).name} is empty: there is no text to review.")


class FileTooLargeError(TranscriptImportError):
    def __init__(self, path: Path | str, size_mb: float, limit_mb: float) -> None:
        super().__init__(
            path,
            f"{Path(path).name} is {size_mb:.1f} MB, larger than the limit of {limit_mb:g} MB. "
            "Split the file, or raise the limit (max_file_mb in the settings).",
        )


class EncryptedPdfError(TranscriptImportError):
    def __init__(self, path: Path | str) -> None:
        super().__init__(
            path,
            f"{Path(path).name} is an encrypted (password-protected) PDF. "
            "Save an unprotected copy, then import that.",
        )


class CorruptPdfError(TranscriptImportError):
    def __init__(self, path: Path | str, why: str) -> None:
        super().__init__(
            path,
            f"{Path(path).name} could not be read as a PDF: {why}. "
            "Get a fresh copy of the file and import that.",
        )


class NoTextLayerError(TranscriptImportError):
    def __init__(self, path: Path | str) -> None:
        super().__init__(
            path,
            f"{Path(path).name} has no text layer (its pages are images, as in a scan); "
            "run OCR first, then import the result.",
        )


class MissingFileError(TranscriptImportError):
    def __init__(self, path: Path | str) -> None:
        super().__init__(path, f"{Path(path).name} does not exist (was it moved or renamed?).")


class NotAFileError(TranscriptImportError):
    """A folder, a pipe or a device that carries a transcript's name."""

    def __init__(self, path: Path | str, kind: str) -> None:
        super().__init__(path, f"{Path(path).name} is {kind}, not a file. Choose the transcript file itself.")


class UnreadableFileError(TranscriptImportError):
    def __init__(self, path: Path | str, why: str) -> None:
        super().__init__(
            path,
            f"{Path(path).name} could not be read ({why}). Check that you may read it "
            "(its permissions) and that its disk is available.",
        )


class NotTextError(TranscriptImportError):
    """Bytes that decode to no readable text: a binary file, random data."""

    def __init__(self, path: Path | str, why: str) -> None:
        super().__init__(
            path,
            f"{Path(path).name} does not look like text: {why}. Is it a binary file with a .txt "
            "name? Save the transcript as plain text (UTF-8) and import that.",
        )


class MalformedCaptionsError(TranscriptImportError):
    """A caption or ASR file (WebVTT, SubRip, Whisper-style JSON) whose structure is broken."""

    def __init__(self, path: Path | str, fmt: str, why: str) -> None:
        from reviewer_app.importers.captions import FORMAT_NAMES

        name = FORMAT_NAMES.get(fmt, fmt)
        super().__init__(
            path,
            f"{Path(path).name} could not be read as {name}: {why}. Correct the file (or export it "
            "again from the captioning or speech-recognition tool) and import it again.",
        )
