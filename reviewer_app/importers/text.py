"""Plain-text import.

Decoding: by the byte-order mark where there is one (UTF-8, UTF-16 LE/BE,
UTF-32 LE/BE, as Windows "Unicode text" saves); UTF-16 without a mark where every
other byte is NUL; else UTF-8; a file that is not valid UTF-8 is decoded as cp1252,
or as latin-1 where cp1252 leaves bytes undefined, and `Document.notes` says so.
`Document.encoding` names the codec used. Whatever the decoding, a result in
which many characters are controls or NULs (random bytes, a binary file) is
refused as not text rather than shown as garbage that detection cannot read.
Line ends become "\\n" and trailing blank lines are dropped.

A text in the canonical hearing format of `core/document.py` (a cover block, a
block of `SPEAKER: text` lines and parentheticals, then a decision notice block
in capitals and a certificate block, either of them optional, separated by
single blank lines; the cover and the speaker lines alone when the cover names
the inmate or the CDCR number; or only the block of speaker lines) is read into utterances,
sections and cover metadata, exactly as the PDF importer would give them.
Anything else is one section "text".
"""

from __future__ import annotations

import codecs
import dataclasses
import hashlib
import unicodedata
from pathlib import Path

from reviewer_app.core.document import Document, HearingMetadata, PageMap, Section
from reviewer_app.importers.errors import EmptyFileError, NotTextError
from reviewer_app.importers.hearing import (
    SourceLine,
    build_hearing_document,
    cover_metadata,
    hearing_layout,
    is_notice_row,
    parse_cover,
)
from reviewer_app.importers.turns import read_structure

# Byte-order marks, longest first: the UTF-32 LE mark begins with the UTF-16 LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# How each encoding is named to a reviewer (the window, `import --json` has the codec name).
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 (with byte-order mark)",
    "utf-16-le": "UTF-16 LE",
    "utf-16-be": "UTF-16 BE",
    "utf-32-le": "UTF-32 LE",
    "utf-32-be": "UTF-32 BE",
    "cp1252": "Windows-1252 (cp1252)",
    "latin-1": "Latin-1 (ISO-8859-1)",
}

# Text is refused as "not text" when more than this share of its characters (and
# at least _MIN_CONTROL of them) are control characters, NULs or unassigned code
# points: what random bytes or a wrongly decoded file look like, never prose.
_MAX_CONTROL_SHARE = 0.02
_MIN_CONTROL = 3
_WHITESPACE_CONTROLS = frozenset("\t\n\r\f\v")


def describe_encoding(encoding: str) -> str:
    """The reviewer's name of a codec `read_text` used ("" stays "")."""
    return ENCODING_NAMES.get(encoding, encoding)


def decode_text(path: Path, data: bytes) -> tuple[str, str, str | None]:
    """(text, codec, note): the text decoded by its byte-order mark, else as
    UTF-8, else (UTF-16 without a mark aside) as cp1252 or latin-1, with a note
    naming the fallback. Raises `NotTextError` when the result is not text."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            body = data if codec == "utf-8-sig" else data[len(bom) :]
            try:
                return _checked(path, body.decode(codec), codec), codec, None
            except UnicodeDecodeError as exc:
                raise NotTextError(
                    path,
                    f"it starts with a {describe_encoding(codec)} byte-order mark but is not valid "
                    f"{describe_encoding(codec)} (byte {exc.start + len(bom)})",
                ) from exc
    unmarked_utf16 = _unmarked_utf16(data)
    if unmarked_utf16:
        try:
            text = data.decode(unmarked_utf16)
        except UnicodeDecodeError:
            pass
        else:
            note = f"The file has no byte-order mark; it was read as {describe_encoding(unmarked_utf16)}."
            return _checked(path, text, unmarked_utf16), unmarked_utf16, note
    try:
        return _checked(path, data.decode("utf-8"), "utf-8"), "utf-8", None
    except UnicodeDecodeError:
        pass
    codec = "cp1252"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        codec = "latin-1"
        text = data.decode(codec)
    note = f"The file is not UTF-8; it was read as {describe_encoding(codec)}."
    return _checked(path, text, codec), codec, note


def _unmarked_utf16(data: bytes) -> str | None:
    """ "utf-16-le"/"utf-16-be" when `data` has the NUL pattern of mostly-Latin
    UTF-16 text (every other byte zero), else None."""
    if len(data) < 4 or len(data) % 2:
        return None
    pairs = len(data) // 2
    even_nuls, odd_nuls = data[0::2].count(0), data[1::2].count(0)
    if odd_nuls > 0.3 * pairs and even_nuls < 0.05 * pairs:
        return "utf-16-le"
    if even_nuls > 0.3 * pairs and odd_nuls < 0.05 * pairs:
        return "utf-16-be"
    return None


def _checked(path: Path, text: str, codec: str) -> str:
    """`text`, unless too many of its characters are controls (random bytes,
    a binary file, an encoding misread): then `NotTextError`."""
    # Categories of the distinct characters only, then counted in C: fast at any length.
    suspects = [
        ch
        for ch in set(text)
        if ch not in _WHITESPACE_CONTROLS and unicodedata.category(ch) in ("Cc", "Cn", "Cs")
    ]
    bad = sum(text.count(ch) for ch in suspects)
    if bad >= _MIN_CONTROL and bad > _MAX_CONTROL_SHARE * len(text):
        raise NotTextError(
            path,
            f"read as {describe_encoding(codec)}, {bad / len(text):.0%} of its characters are control "
            "characters or NULs",
        )
    return text


def read_text(path: Path, data: bytes, sha256: str) -> Document:
    text, encoding, encoding_note = decode_text(path, data)
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
                metadata=cover_metadata([line.text for line in cover]),
                notes=notes,
                encoding=encoding,
            )
    entries, offset = [], 0
    for n, line in enumerate(text.split("\n"), 1):
        entries.append((offset, 1, n))
        offset += len(line) + 1
    structure = read_structure(text)
    return Document(
        id=path.stem,
        text=text,
        source_path=str(path),
        sha256=sha256,
        utterances=structure.utterances if structure else (),
        sections=structure.sections if structure else (Section("text", 0, len(text)),),
        page_map=PageMap(tuple(entries)),
        metadata=structure.metadata if structure else HearingMetadata(),
        notes=notes,
        encoding=encoding,
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
    except (EmptyFileError, NotTextError):
        # Already decoded: a record is kept as it is, never refused as binary.
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
    cover_fields = parse_cover([line.text for line in blocks[0]])
    known = cover_fields.names() if len(blocks) > 1 else ()

    def turn(line: SourceLine) -> bool:
        # "BY MR. VASQUEZ:" says who examines: a deposition's, read by `read_structure`.
        return layout.speaker_of(line.text, known) is not None and not layout.examiner_line.match(
            line.text.lstrip()
        )

    def speaker_block(block: list[SourceLine]) -> bool:
        turns = [turn(line) for line in block]
        return any(turns) and all(
            t or layout.is_parenthetical(line.text) for t, line in zip(turns, block, strict=True)
        )

    def notice_block(block: list[SourceLine]) -> bool:
        return all(is_notice_row(line.text) for line in block)

    if len(blocks) == 1:
        return ([], [[line] for line in blocks[0]], [], []) if speaker_block(blocks[0]) else None
    if len(blocks) > 4 or not speaker_block(blocks[1]) or speaker_block(blocks[0]):
        return None
    cover, body, *rest = blocks
    if any(sum(map(turn, block)) * 2 > len(block) for block in rest):
        return None  # mostly turns after a blank line: more of the dialogue, no certificate
    if rest and all(layout.is_parenthetical(line.text) for line in rest[-1]):
        return None  # "(Whereupon, the hearing was adjourned.)" a blank line under the dialogue: the body's
    if not rest:
        # Without a certificate, only a cover that names a hearing's inmate makes a hearing.
        if not (cover_fields.inmate_name or cover_fields.cdcr_number):
            return None
        decision, certificate = [], []
    elif len(rest) == 2:
        decision, certificate = rest
    elif notice_block(rest[0]) and not layout.certificate_heading.match(rest[0][0].text):
        decision, certificate = rest[0], []
    else:
        decision, certificate = [], rest[0]
    return cover, [[line] for line in body], decision, certificate
