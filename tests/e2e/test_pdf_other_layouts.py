"""PDFs in layouts other programs print import to exactly the utterances of the text they
were drawn from (issue 12: hearings will come as PDFs nobody here rendered).

The PDFs are drawn by `tests/fixtures/pdf_layouts.py`, not by the generators' PDF writer:
numbered rows of court-reporting software with an index page and running headers,
pleading paper with vertical rules, a speaker tag on a row of its own, justified
paragraphs with hanging indents, a word processor's TrueType text, condensed sheets of
four pages in two columns, two pages side by side, text in two columns, margin numbers
running on from page to page. The expected
utterances are what the plain-text importer reads from the same text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reviewer_app.core.document import Document
from reviewer_app.importers import import_file
from tests.fixtures.handwritten_gold import DEV_FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

REPO = Path(__file__).resolve().parents[2]
# A typesetter's word broken at a syllable comes back whole only where the document prints
# it whole elsewhere: the benchmark measures that layout (`benchmarks/import_pdf_layouts.py`).
LAYOUTS = sorted(name for name in layouts() if name != "typeset")
NUMBERED = [name for name, layout in layouts().items() if layout.numbered_rows]


def _texts() -> dict[str, str]:
    found = {"sample_hearing": (REPO / "resources" / "sample" / "sample_hearing.txt").read_text("utf-8")}
    for transcript in load_handwritten(DEV_FOLDER):
        if transcript.name in ("police_interview", "deposition"):
            found[transcript.name] = transcript.text
    return {name: text.rstrip("\n") for name, text in found.items()}


TEXTS = _texts()


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layouts")
    cache: dict[tuple[str, str], tuple[Document, Document]] = {}

    def get(layout_name: str, text_name: str) -> tuple[Document, Document]:
        if (layout_name, text_name) not in cache:
            text = TEXTS[text_name]
            reference = text_document(text_name, text)
            pdf = folder / f"{text_name}-{layout_name}.pdf"
            pdf.write_bytes(
                render(text, reference, layouts()[layout_name], text_name.replace("_", " ").title())
            )
            cache[layout_name, text_name] = reference, import_file(pdf)
        return cache[layout_name, text_name]

    return get


@pytest.mark.parametrize("text_name", sorted(TEXTS))
@pytest.mark.parametrize("layout_name", LAYOUTS)
def test_every_utterance_comes_back_exactly(imported, layout_name, text_name):
    reference, document = imported(layout_name, text_name)
    expected = utterances(reference)
    assert len(expected) > 40
    # Every utterance: a heading ("EXAMINATION") or a divider ("---o0o---") is none.
    got = utterances(document)
    for number, (want, have) in enumerate(zip(expected, got, strict=False), 1):
        assert have == want, f"utterance {number} differs:\n expected: {want!r}\n      got: {have!r}"
    assert len(got) == len(expected)


@pytest.mark.parametrize("layout_name", NUMBERED)
def test_the_cover_of_a_numbered_layout_gives_the_hearing_metadata(imported, layout_name):
    reference, document = imported(layout_name, "sample_hearing")
    assert reference.metadata.cdcr_number and reference.metadata.inmate_name
    assert document.metadata == reference.metadata


def test_the_layouts_really_differ_from_the_generators(imported):
    """What the fixes are about is in the PDFs: running headers and footers, a tag glued
    to its speech at a space's width, a tag alone on its row, a compound broken at its hyphen."""
    import pdfplumber

    _, document = imported("pleading", "sample_hearing")
    with pdfplumber.open(document.source_path) as pdf:
        first_body = pdf.pages[1].extract_text(x_tolerance=3)
    assert re.search(r"[A-Z]:[A-Z]", first_body), "the tag is not drawn a space's width from its speech"
    _, document = imported("tag_alone", "police_interview")
    with pdfplumber.open(document.source_path) as pdf:
        pages = len(pdf.pages)
        rows = [row for page in pdf.pages for row in page.extract_text().split("\n")]
    assert pages > 1 and sum(bool(re.fullmatch(r"Page \d+ of \d+", row)) for row in rows) == pages
    assert any(re.fullmatch(r"(?:\[[\d:]+\] )?[A-ZÉÚ. ]+:", row) for row in rows)
    _, document = imported("word_processor", "deposition")
    with pdfplumber.open(document.source_path) as pdf:
        rows = [row for page in pdf.pages for row in page.extract_text().split("\n")]
    assert any(re.search(r"\w-$", row) for row in rows), "no row ends inside a hyphenated word"
