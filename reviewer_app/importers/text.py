"""Plain-text import.

Decoding: UTF-8 (a byte-order mark is dropped); a file that is not valid UTF-8
is decoded as cp1252, or as latin-1 where cp1252 leaves bytes undefined, and
`Document.notes` says so. Line ends become "\\n" and trailing blank lines are
dropped.

A text in the canonical hearing format of `core/document.py` (a cover block, a
block of `SPEAKER: text` lines and parentheticals, then a decision notice block
in capitals and a certificate block, either of them optional, separated by
single blank lines; the cover and the speaker lines alone when the cover names
the inmate or the CDCR number; or only the block of speaker lines) is read into utterances,
sections and cover metadata, exactly as the PDF importer would give them.
Anything else is one section "text".
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from reviewer_app.core.document import Document, PageMap, Section
from reviewer_app.importers.errors import EmptyFileError
from reviewer_app.importers.hearing import (
    SourceLine,
    build_hearing_document,
    hearing_layout,
    is_notice_row,
    parse_cover,
)


def decode_text(data: bytes) -> tuple[str, str | None]:
    """The text and, when UTF-8 did not fit, a note naming the encoding used."""
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "The file is not UTF-8; it was read as Windows-1252 (cp1252)."
    except UnicodeDecodeError:
        return data.decode("latin-1"), "The file is not UTF-8; it was read as Latin-1 (ISO-8859-1)."


def read_text(path: Path, data: bytes, sha256: str) -> Document:
    text, encoding_note = decode_text(data)
    text = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    if not text.strip():
        raise EmptyFileError(path)
    notes = (encoding_note,) if encoding_note else ()
    hearing = _as_hearing(text)
    if hearing is not None:
        cover, utterances, decision, certificate = hearing
        known = parse_cover([line.text for line in cover]).names()
        parts = build_hearing_document(cover, utterances, certificate, decision, known)
        if parts.text == text:
            return Document(
                id=path.stem,
                text=text,
                source_path=str(path),
                sha256=sha256,
                utterances=parts.utterances,
                sections=parts.sections,
                page_map=parts.page_map,
                metadata=parse_cover([line.text for line in cover]),
                notes=notes,
            )
    entries, offset = [], 0
    for n, line in enumerate(text.split("\n"), 1):
        entries.append((offset, 1, n))
        offset += len(line) + 1
    return Document(
        id=path.stem,
        text=text,
        source_path=str(path),
        sha256=sha256,
        sections=(Section("text", 0, len(text)),),
        page_map=PageMap(tuple(entries)),
        notes=notes,
    )


def document_from_text(document_id: str, text: str, source_path: str = "") -> Document:
    """The document `read_text` makes of an already decoded text (utterances,
    sections, cover-page metadata), with the given id: how a record of a spans
    JSONL file becomes a document. A text the importer would change (line ends,
    trailing blank lines) or that is empty stays a plain document, so that
    offsets keep meaning the same characters."""
    data = text.encode("utf-8")
    path = Path(source_path or f"{document_id}.txt")
    try:
        document = read_text(path, data, hashlib.sha256(data).hexdigest())
    except EmptyFileError:
        return Document(document_id, text, source_path=source_path)
    if document.text != text:
        return Document(document_id, text, source_path=source_path)
    return dataclasses.replace(document, id=document_id, source_path=source_path)


def _as_hearing(text: str):
    """(cover, utterances, decision, certificate) source lines if `text` is in
    the canonical hearing format, else None. Source lines are numbered by file line."""
    layout = hearing_layout()
    blocks: list[list[SourceLine]] = [[]]
    for n, line in enumerate(text.split("\n"), 1):
        if line:
            blocks[-1].append(SourceLine(line, 1, n))
        else:
            blocks.append([])
    if any(not block for block in blocks):
        return None
    cover_metadata = parse_cover([line.text for line in blocks[0]])
    known = cover_metadata.names() if len(blocks) > 1 else ()

    def speaker_block(block: list[SourceLine]) -> bool:
        return all(
            layout.speaker_of(line.text, known) is not None or layout.is_parenthetical(line.text)
            for line in block
        ) and any(layout.speaker_of(line.text, known) is not None for line in block)

    def notice_block(block: list[SourceLine]) -> bool:
        return all(is_notice_row(line.text) for line in block)

    if len(blocks) == 1:
        return ([], [[line] for line in blocks[0]], [], []) if speaker_block(blocks[0]) else None
    if len(blocks) > 4 or not speaker_block(blocks[1]) or speaker_block(blocks[0]):
        return None
    cover, body, *rest = blocks
    if not rest:
        # Without a certificate, only a cover that names a hearing's inmate makes a hearing.
        if not (cover_metadata.inmate_name or cover_metadata.cdcr_number):
            return None
        decision, certificate = [], []
    elif len(rest) == 2:
        decision, certificate = rest
    elif notice_block(rest[0]) and not layout.certificate_heading.match(rest[0][0].text):
        decision, certificate = rest[0], []
    else:
        decision, certificate = [], rest[0]
    return cover, [[line] for line in body], decision, certificate
