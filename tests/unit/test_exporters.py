import json

import pytest

from reviewer_app.core.interchange import Record, SpanRecord
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.exporters.atomic import atomic_path, atomic_write_text
from reviewer_app.exporters.conll import read_conll, records_to_conll, tokenize, write_conll
from reviewer_app.exporters.docbin import read_docbin, write_docbin
from reviewer_app.exporters.doccano import DoccanoError, read_doccano, write_doccano
from reviewer_app.exporters.jsonl import gold_record, read_gold_jsonl, write_gold_jsonl
from reviewer_app.exporters.mapping import MappingRefused, read_mapping, write_mapping
from reviewer_app.exporters.text import write_pseudonymized_text
from tests.unit.test_pseudonymize import APPENDIX_A, marked

GOLD_SOURCE = (
    "KEVIN RICHARDSON, Inmate\r\n\nPRESIDING COMMISSIONER [[PERSON|JONES]]:  Inmate "
    "[[PERSON|Richardson]]'s ID is [[CDCR_ID|L90314]], born [[DATE|June 5th, 1970]] in "
    "[[CITY|San José]].\nSpell it [[SPELLED_NAME|R-E- E-D]], e-mail [[EMAIL_ADDRESS|kr@example.org]]\n"
)


@pytest.fixture
def gold():
    doc, spans = marked(GOLD_SOURCE, "hearing-7")
    extras = [{"status": "accepted"}] * len(spans)
    return doc, spans, gold_record(doc, spans, extras)


def test_atomic_write_leaves_the_old_file_when_writing_fails(tmp_path):
    path = tmp_path / "out.txt"
    atomic_write_text(path, "old\r\nline")
    assert path.read_bytes() == b"old\r\nline"
    with pytest.raises(RuntimeError), atomic_path(path) as tmp:
        tmp.write_text("half", encoding="utf-8")
        raise RuntimeError("disk full")
    assert path.read_bytes() == b"old\r\nline"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_text_export_keeps_structure_and_unredacted_text_byte_for_byte(tmp_path):
    doc, spans = marked(APPENDIX_A.replace("\n\n", "\r\n\r\n") + "\n")
    result = pseudonymize(doc, spans)
    path = write_pseudonymized_text(tmp_path / "out" / "hearing.txt", result, doc, spans)
    data = path.read_bytes()
    assert data == result.text.encode("utf-8")
    assert data.count(b"\n") == doc.text.count("\n") and b"\r\n\r\n" in data
    assert b"This is the first subsequent parole suitability hearing for inmate [PERSON_7]" in data


def test_mapping_is_refused_beside_the_text_unless_allowed(tmp_path):
    doc, spans = marked(APPENDIX_A, "h1")
    result = pseudonymize(doc, spans)
    text_dir = tmp_path / "published"
    with pytest.raises(MappingRefused, match="sensitive"):
        write_mapping(text_dir / "h1.mapping.json", [result], text_dir=text_dir)
    with pytest.raises(MappingRefused):
        write_mapping(text_dir / "sub" / "h1.mapping.json", [result], text_dir=text_dir)
    assert not text_dir.exists()
    beside = write_mapping(text_dir / "h1.mapping.json", [result], text_dir=text_dir, allow_beside_text=True)
    elsewhere = write_mapping(tmp_path / "private" / "h1.mapping.json", [result], text_dir=text_dir)
    assert beside.read_bytes() == elsewhere.read_bytes()
    mapping = read_mapping(elsewhere)
    assert "SENSITIVE" in mapping["warning"]
    (document,) = mapping["documents"]
    assert document["id"] == "h1"
    kevin = next(e for e in document["entries"] if "Kevin Richardson" in e["originals"])
    assert kevin["tag"] == "[PERSON_7] [PERSON_8]" and kevin["label"] == "PERSON"
    assert {"originals": ["L90314"], "tag": "[CDCR_ID_1]"}.items() <= next(
        e for e in document["entries"] if e["label"] == "CDCR_ID"
    ).items()


def test_interchange_jsonl_round_trip_keeps_status(tmp_path, gold):
    _, _, record = gold
    path = write_gold_jsonl(tmp_path / "gold.jsonl", [record])
    (back,) = read_gold_jsonl(path)
    assert back == record
    assert json.loads(path.read_text(encoding="utf-8"))["spans"][1]["text"] == "Richardson"


def test_tokens_are_cut_at_span_boundaries():
    text = "ab-cd Richardson's"
    tokens = tokenize(text, [Span(3, 5, "X"), Span(6, 16, "PERSON")])
    assert [text[s:e] for s, e in tokens] == ["ab", "-", "cd", "Richardson", "'", "s"]
    other = "V12345x"
    assert [other[s:e] for s, e in tokenize(other, [Span(0, 6, "CDCR_ID")])] == ["V12345", "x"]


def test_conll_bio_round_trip_and_spacy_reads_it(tmp_path, gold):
    doc, spans, record = gold
    path = write_conll(tmp_path / "gold.conll", [record, record])
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "-DOCSTART- -X- -X- O"
    assert "R -X- _ B-SPELLED_NAME" in lines and "E -X- _ I-SPELLED_NAME" in lines
    assert "Richardson -X- _ B-PERSON" in lines and "' -X- _ O" in lines
    assert "José -X- _ I-CITY" in lines
    # Without the original the text is rebuilt from tokens; the spans keep their words.
    first, second = read_conll(path)
    assert [first.text[s.span.start : s.span.end] for s in first.spans] == [
        "JONES",
        "Richardson",
        "L90314",
        "June 5th , 1970",
        "San José",
        "R - E - E - D",
        "kr @ example . org",
    ]
    assert (first.id, second.id) == ("gold-1", "gold-2")
    assert (first.text, first.spans) == (second.text, second.spans)
    # With the original, offsets and spans come back exactly.
    (aligned,) = read_conll(tmp_path / "gold.conll", texts=[doc.text])[:1]
    assert aligned.text == doc.text
    assert aligned.plain_spans == tuple(spans)

    from spacy.training.converters import conll_ner_to_docs

    docs = list(conll_ner_to_docs(path.read_text(encoding="utf-8"), n_sents=1, no_print=True))
    ents = [(e.text, e.label_) for d in docs for e in d.ents]
    assert ("Richardson", "PERSON") in ents and ("L90314", "CDCR_ID") in ents
    assert len(ents) == 2 * len(spans)


def test_doccano_round_trip_and_newer_entities_shape(tmp_path, gold):
    _, spans, record = gold
    path = write_doccano(tmp_path / "gold.doccano.jsonl", [record])
    line = json.loads(path.read_text(encoding="utf-8"))
    assert line["label"][0] == [spans[0].start, spans[0].end, "PERSON"]
    (back,) = read_doccano(path)
    assert (back.id, back.text, back.plain_spans) == (record.id, record.text, tuple(spans))

    newer = {
        "id": 3,
        "text": "Hi Ann",
        "entities": [{"id": 1, "start_offset": 3, "end_offset": 6, "label": "PERSON"}],
    }
    path.write_text(json.dumps(newer) + "\n", encoding="utf-8")
    (back,) = read_doccano(path)
    assert back.plain_spans == (Span(3, 6, "PERSON"),)
    path.write_text('{"text": "Hi", "label": [[0, 9, "PERSON"]]}\n', encoding="utf-8")
    with pytest.raises(DoccanoError, match="line 1"):
        read_doccano(path)


def test_docbin_loads_in_spacy_with_the_exact_text_and_entities(tmp_path, gold):
    import spacy
    from spacy.tokens import DocBin

    doc, spans, record = gold
    other = Record("plain", "  Ann  Lee\n", (SpanRecord(Span(2, 10, "PERSON")),))
    path = write_docbin(tmp_path / "gold.spacy", [record, other])
    nlp = spacy.blank("en")
    loaded = list(DocBin().from_disk(path).get_docs(nlp.vocab))
    assert loaded[0].text == doc.text
    assert [(e.start_char, e.end_char, e.label_) for e in loaded[0].ents] == [
        (s.start, s.end, s.label) for s in spans
    ]
    assert loaded[1].text == "  Ann  Lee\n" and [e.text for e in loaded[1].ents] == ["Ann  Lee"]
    back = read_docbin(path)
    assert [(r.id, r.text, r.plain_spans) for r in back] == [
        (record.id, record.text, record.plain_spans),
        (other.id, other.text, other.plain_spans),
    ]


def test_conll_writer_separates_utterances_as_sentences(gold):
    _, _, record = gold
    blocks = records_to_conll([record]).split("\n\n")
    assert blocks[0] == "-DOCSTART- -X- -X- O"
    assert blocks[1].splitlines()[:2] == ["KEVIN -X- _ O", "RICHARDSON -X- _ O"]
    assert blocks[2].splitlines()[0] == "PRESIDING -X- _ O"
