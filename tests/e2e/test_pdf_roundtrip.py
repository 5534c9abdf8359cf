"""Generated hearing PDFs import back to exactly their canonical text and metadata.

Twenty small transcripts (about 1,500 words of dialogue each) across the layout
variants, and one full-size transcript of about 65 pages. Generation is
deterministic, so each transcript is generated and written once per session.
"""

from __future__ import annotations

import itertools
import re

import pytest

from reviewer_app.core.interchange import read_jsonl
from reviewer_app.importers import import_file
from tests.fixtures.generator import LAYOUT_FEATURES, generate_pages, generate_transcript

SEEDS = range(1, 21)
SMALL_WORDS = 1500
FULL_SIZE_SEED, FULL_SIZE_PAGES = 65, 65


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    """seed -> (GeneratedTranscript, paths of its written files)."""
    out = tmp_path_factory.mktemp("corpus")
    generated = {}
    for seed in SEEDS:
        transcript = generate_transcript(seed, SMALL_WORDS)
        generated[seed] = (transcript, transcript.write(out))
    return generated


@pytest.fixture(scope="session")
def full_size(tmp_path_factory):
    transcript = generate_pages(FULL_SIZE_SEED, FULL_SIZE_PAGES)
    return transcript, transcript.write(tmp_path_factory.mktemp("full_size"))


def assert_same_lines(expected: str, got: str) -> None:
    """Compare line by line, so a failure names the first utterance that differs."""
    expected_lines, got_lines = expected.split("\n"), got.split("\n")
    for number, (want, have) in enumerate(zip(expected_lines, got_lines, strict=False), 1):
        assert have == want, f"line {number} differs:\n expected: {want!r}\n      got: {have!r}"
    assert len(got_lines) == len(expected_lines), "different number of lines"
    assert got == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_pdf_imports_to_the_canonical_text_and_metadata(corpus, seed):
    transcript, paths = corpus[seed]
    document = import_file(paths["pdf"])
    assert_same_lines(transcript.canonical_text, document.text)
    assert document.metadata == transcript.metadata
    assert document.id == transcript.name
    body = document.section("body")
    assert len(document.utterances) == len(document.text[body.start : body.end].split("\n"))
    assert [s.name for s in document.sections] == ["cover", "body", "certificate"]
    # nothing was left out, so the only note names the layout
    assert len(document.notes) == 1 and document.notes[0].endswith("1 index page(s) skipped.")


def test_the_corpus_covers_every_layout_variant(corpus):
    layouts = [t.layout for t, _ in corpus.values()]
    for feature in LAYOUT_FEATURES:
        assert sum(feature in layout.split(",") for layout in layouts) >= 3, feature
    metas = [t.meta for t, _ in corpus.values()]
    assert {m["speaker_style"] for m in metas} == {"role_surname", "full_name"}
    assert {m["role_word"] for m in metas} == {"INMATE", "INCARCERATED PERSON"}


def test_spelled_names_broken_across_lines_rejoin_without_a_space(corpus):
    """The PDFs really hold spelled names broken at a hyphen ("R-E-" / "E-D")."""
    import pdfplumber

    broken = 0
    for transcript, paths in corpus.values():
        if "split_spelled_names" not in transcript.layout:
            continue
        with pdfplumber.open(paths["pdf"]) as pdf:
            for page in pdf.pages[2:]:
                rows = (page.extract_text() or "").split("\n")
                for row, next_row in itertools.pairwise(rows):
                    # the next row starts with its line number, then the rest of the name
                    if re.search(r"\s(?:[A-Z]-)+$", row) and re.match(r"\d+ [A-Z]-", next_row):
                        broken += 1
    assert broken >= 3


def test_headers_footers_and_page_numbers_are_removed(corpus):
    transcript, paths = next((t, p) for t, p in corpus.values() if "decision_footer" in t.layout)
    assert "DECISION PAGE" not in import_file(paths["pdf"]).text
    transcript, paths = next((t, p) for t, p in corpus.values() if "company_footer" in t.layout)
    company = transcript.meta["transcription_company"]
    import pdfplumber

    with pdfplumber.open(paths["pdf"]) as pdf:
        printed = sum((page.extract_text() or "").count(company) for page in pdf.pages)
    assert printed >= transcript.page_count  # a footer on every page
    text = import_file(paths["pdf"]).text
    assert text.count(company) == transcript.canonical_text.count(company) <= 3


def test_page_map_points_at_the_printed_page_and_line(corpus):
    transcript, paths = corpus[1]
    document = import_file(paths["pdf"])
    # The cover is page 1, the index page 2, the body starts on page 3, line 1.
    assert document.page_map.locate(0) == (1, 1)
    assert document.page_map.locate(document.utterances[0].start) == (3, 1)
    assert document.page_map.locate(document.utterances[0].end - 1)[0] == 3
    certificate = document.section("certificate")
    assert document.page_map.locate(certificate.start) == (transcript.page_count, 1)


def test_canonical_text_file_imports_like_the_pdf(corpus):
    transcript, paths = corpus[2]
    from_pdf = import_file(paths["pdf"])
    from_text = import_file(paths["txt"])
    assert from_text.text == from_pdf.text
    assert from_text.utterances == from_pdf.utterances
    assert from_text.sections == from_pdf.sections
    assert from_text.metadata == from_pdf.metadata == transcript.metadata


def test_gold_file_holds_the_gold_spans(corpus):
    transcript, paths = corpus[3]
    (record,) = read_jsonl(paths["gold"])
    assert record.id == transcript.name
    assert record.text == transcript.canonical_text
    assert record.plain_spans == transcript.gold_spans
    labelled = {(s.label, s.text_in(record.text)) for s in record.plain_spans}
    meta = transcript.metadata
    cover_pii = {
        ("PERSON", meta.inmate_name),
        ("CDCR_ID", meta.cdcr_number),
        ("LOCATION", meta.facility),
        ("LOCATION", meta.location),
        ("DATE", meta.date),
        ("TIME", meta.time),
        *(("PERSON", p.name) for p in meta.participants),
    }
    assert cover_pii <= labelled
    for span in transcript.gold_spans:
        covered = span.text_in(transcript.canonical_text)
        assert covered == covered.strip(), span
    certificate = transcript.canonical_text.split("\n\n")[-1]
    certificate_start = len(transcript.canonical_text) - len(certificate)
    in_certificate = [s for s in transcript.gold_spans if s.start >= certificate_start]
    assert {s.text_in(transcript.canonical_text) for s in in_certificate} >= {
        meta.inmate_name,
        meta.cdcr_number,
    }


@pytest.mark.slow
def test_full_size_transcript_of_65_pages(full_size):
    transcript, paths = full_size
    assert 62 <= transcript.page_count <= 68
    assert transcript.page_count * 150 <= len(transcript.canonical_text.split())
    document = import_file(paths["pdf"])
    assert_same_lines(transcript.canonical_text, document.text)
    assert document.metadata == transcript.metadata


def test_gold_spans_follow_the_guidelines(corpus):
    """Spans never overlap and never include surrounding spaces."""
    for transcript, _ in corpus.values():
        text = transcript.canonical_text
        for before, after in itertools.pairwise(transcript.gold_spans):
            assert before.end <= after.start, (transcript.name, before, after)
        for span in transcript.gold_spans:
            covered = span.text_in(text)
            assert covered == covered.strip() and covered, (transcript.name, span)


def test_layout_can_be_chosen():
    plain = generate_transcript(4, 300, layout="")
    assert plain.layout == ""
    chosen = generate_transcript(4, 300, layout="company_footer,page_number_top")
    assert chosen.layout == "page_number_top,company_footer"
    assert chosen.canonical_text == plain.canonical_text
    assert chosen.pdf_bytes != plain.pdf_bytes
    with pytest.raises(ValueError, match="unknown layout features"):
        generate_transcript(4, 300, layout="sideways")


def test_every_certificate_span_stays_on_one_line(corpus):
    """The certificate names the transcriber and the company twice, the facility,
    city, state, inmate, CDCR number, date and time once: 11 spans, none broken."""
    for transcript, _ in corpus.values():
        certificate_start = transcript.canonical_text.rindex("\n\n") + 2
        spans = [s for s in transcript.gold_spans if s.start >= certificate_start]
        assert len(spans) == 11, transcript.name
        assert all("\n" not in s.text_in(transcript.canonical_text) for s in spans)


def test_no_gold_span_of_the_dialogue_is_lost(corpus):
    import random

    from tests.fixtures.cast import make_cast
    from tests.fixtures.dialogue import make_dialogue

    for seed in (1, 2, 3):
        transcript, _ = corpus[seed]
        rng = random.Random(seed)
        cast = make_cast(rng)
        lines = [line for line in make_dialogue(rng, cast, SMALL_WORDS) if line.text.strip()]
        in_dialogue = sum(len(line.spans) + len(line.speaker_spans) for line in lines)
        # cover: state, inmate, CDCR number, facility, city, state, date, time, company, participants
        on_cover = 9 + len(transcript.metadata.participants)
        assert len(transcript.gold_spans) == in_dialogue + on_cover + 11
