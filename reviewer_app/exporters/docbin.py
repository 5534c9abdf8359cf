"""Gold spans as a spaCy DocBin (`.spacy`), the training-data format of `spacy train`.

Docs are built from our own tokens (cut at span boundaries, see `conll.tokenize`) so
that every span is a whole number of tokens and `doc.text` is the document's text
exactly; the spans are `doc.ents`, the document id is `doc.user_data["id"]`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

from reviewer_app.core.interchange import Record, SpanRecord
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_path
from reviewer_app.exporters.conll import tokenize


def _words_and_spaces(text: str, tokens: list[tuple[int, int]]) -> tuple[list[str], list[bool]]:
    """spaCy words and trailing-space flags that spell `text` exactly."""
    words: list[str] = []
    spaces: list[bool] = []
    cursor = 0
    for start, end in tokens:
        gap = text[cursor:start]
        if gap:
            if words and not spaces[-1] and gap[0] == " ":
                spaces[-1] = True
                gap = gap[1:]
                cursor += 1
            if gap:
                words.append(gap)
                spaces.append(False)
        words.append(text[start:end])
        spaces.append(False)
        cursor = end
    tail = text[cursor:]
    if tail:
        if words and tail[0] == " ":
            spaces[-1] = True
            tail = tail[1:]
            cursor += 1
        if tail:
            words.append(tail)
            spaces.append(False)
    return words, spaces


@functools.cache
def _vocab():
    """A bare vocabulary: the docs carry our own tokens, so no language data is needed
    (loading `spacy.blank("en")` costs seconds on a busy machine)."""
    from spacy.vocab import Vocab

    return Vocab()


def records_to_docbin(records: Iterable[Record]):
    from spacy.tokens import Doc, DocBin

    vocab = _vocab()
    docbin = DocBin(store_user_data=True)
    for record in records:
        spans = record.plain_spans
        words, spaces = _words_and_spaces(record.text, tokenize(record.text, spans))
        doc = Doc(vocab, words=words, spaces=spaces)
        ents = []
        for span in spans:
            ent = doc.char_span(span.start, span.end, label=span.label)
            if ent is None:
                raise ValueError(f"span [{span.start}, {span.end}) {span.label} does not fall on tokens")
            ents.append(ent)
        doc.ents = ents
        doc.user_data["id"] = record.id
        docbin.add(doc)
    return docbin


def write_docbin(path: Path | str, records: Iterable[Record]) -> Path:
    path = Path(path)
    docbin = records_to_docbin(records)
    with atomic_path(path) as tmp:
        docbin.to_disk(tmp)
    return path


def read_docbin(path: Path | str) -> list[Record]:
    from spacy.tokens import DocBin

    vocab = _vocab()
    records = []
    for n, doc in enumerate(DocBin().from_disk(path).get_docs(vocab), 1):
        spans = tuple(SpanRecord(Span(e.start_char, e.end_char, e.label_)) for e in doc.ents)
        doc_id = str(doc.user_data.get("id") or f"{Path(path).stem}-{n}")
        records.append(Record(id=doc_id, text=doc.text, spans=spans))
    return records
