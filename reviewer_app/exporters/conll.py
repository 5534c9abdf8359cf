"""Gold spans as CoNLL-2003 BIO: `token POS chunk NER`, one token a line.

Each document starts with `-DOCSTART- -X- -X- O`; each line of the text (an utterance,
a cover-page line) is one sentence, followed by a blank line. POS and chunk columns
are placeholders (`-X-`, `_`); tags are `B-LABEL`/`I-LABEL`/`O`. Tokens are split at
span boundaries so every span is a whole number of tokens.

CoNLL keeps no offsets: `read_conll` rebuilds the text with single spaces, or, given
the original texts, finds each token in them and returns the original offsets.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from reviewer_app.core.interchange import Record, SpanRecord
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_write_text

DOCSTART = "-DOCSTART- -X- -X- O"
_TOKEN_RE = re.compile(r"\w+|[^\w\s]")


class ConllError(ValueError):
    """A CoNLL file that cannot be read; the message names the line."""


def tokenize(text: str, spans: Iterable[Span] = ()) -> list[tuple[int, int]]:
    """Token offsets: words and single punctuation marks, cut at every span boundary."""
    cuts = sorted({b for s in spans for b in (s.start, s.end)})
    tokens: list[tuple[int, int]] = []
    j = 0
    for m in _TOKEN_RE.finditer(text):
        start, end = m.start(), m.end()
        while j < len(cuts) and cuts[j] <= start:
            j += 1
        k = j
        while k < len(cuts) and cuts[k] < end:
            tokens.append((start, cuts[k]))
            start = cuts[k]
            k += 1
        tokens.append((start, end))
    return tokens


def bio_tags(tokens: Sequence[tuple[int, int]], spans: Iterable[Span]) -> list[str]:
    tags = ["O"] * len(tokens)
    starts = [t[0] for t in tokens]
    for span in spans:
        i = bisect.bisect_left(starts, span.start)
        first = True
        while i < len(tokens) and tokens[i][1] <= span.end:
            tags[i] = ("B-" if first else "I-") + span.label
            first = False
            i += 1
    return tags


def records_to_conll(records: Iterable[Record]) -> str:
    out: list[str] = []
    for record in records:
        out.append(DOCSTART)
        out.append("")
        spans = record.plain_spans
        tokens = tokenize(record.text, spans)
        tags = bio_tags(tokens, spans)
        previous_end = None
        for (start, end), tag in zip(tokens, tags, strict=True):
            if previous_end is not None and "\n" in record.text[previous_end:start]:
                out.append("")
            out.append(f"{record.text[start:end]} -X- _ {tag}")
            previous_end = end
        if previous_end is not None:
            out.append("")
    return "\n".join(out) + "\n"


def write_conll(path: Path | str, records: Iterable[Record]) -> Path:
    return atomic_write_text(path, records_to_conll(records))


def read_conll(path: Path | str, texts: Sequence[str] | None = None) -> list[Record]:
    """The documents of a CoNLL file; `texts[i]`, if given, is the original of document i."""
    path = Path(path)
    documents: list[list[list[tuple[str, str]]]] = []
    sentence: list[tuple[str, str]] = []

    def end_sentence() -> None:
        if not documents:  # a file without -DOCSTART- holds one document
            documents.append([])
        documents[-1].append(list(sentence))
        sentence.clear()

    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        columns = line.split()
        if not columns:
            if sentence:
                end_sentence()
            continue
        if columns[0] == "-DOCSTART-":
            if sentence:
                end_sentence()
            documents.append([])
            continue
        if len(columns) < 2:
            raise ConllError(f"{path.name} line {lineno}: expected a token and a tag")
        tag = columns[-1]
        if tag != "O" and not re.fullmatch(r"[BIES]-\S+", tag):
            raise ConllError(f"{path.name} line {lineno}: {tag!r} is not a BIO tag")
        sentence.append((columns[0], tag))
    if sentence:
        end_sentence()

    records = []
    for n, sentences in enumerate(documents):
        original = texts[n] if texts is not None and n < len(texts) else None
        records.append(_record(f"{path.stem}-{n + 1}", sentences, original, path.name))
    return records


def _record(doc_id: str, sentences: list[list[tuple[str, str]]], original: str | None, name: str) -> Record:
    offsets: list[tuple[int, int]] = []
    tags: list[str] = []
    if original is None:
        pieces: list[str] = []
        cursor = 0
        for s_index, sentence in enumerate(sentences):
            if s_index:
                pieces.append("\n")
                cursor += 1
            for t_index, (token, tag) in enumerate(sentence):
                if t_index:
                    pieces.append(" ")
                    cursor += 1
                offsets.append((cursor, cursor + len(token)))
                pieces.append(token)
                cursor += len(token)
                tags.append(tag)
        text = "".join(pieces)
    else:
        text = original
        cursor = 0
        for sentence in sentences:
            for token, tag in sentence:
                start = text.find(token, cursor)
                if start < 0:
                    raise ConllError(f"{name}: token {len(offsets) + 1} is not in the given text")
                offsets.append((start, start + len(token)))
                cursor = start + len(token)
                tags.append(tag)
    spans: list[SpanRecord] = []
    current: list[int] | None = None
    label = ""
    for (start, end), tag in zip(offsets, tags, strict=True):
        prefix, _, tag_label = tag.partition("-")
        continues = current is not None and prefix in ("I", "E") and tag_label == label
        if continues and current is not None:
            current[1] = end
        else:
            if current is not None:
                spans.append(SpanRecord(Span(current[0], current[1], label)))
            current, label = ([start, end], tag_label) if prefix != "O" else (None, "")
        if prefix in ("E", "S") and current is not None:
            spans.append(SpanRecord(Span(current[0], current[1], label)))
            current, label = None, ""
    if current is not None:
        spans.append(SpanRecord(Span(current[0], current[1], label)))
    return Record(id=doc_id, text=text, spans=tuple(spans))
