"""A PDF whose dialogue opens on the cover's page with the one turn of a speaker who says one
thing (the presiding commissioner's opening), the next speaker's first turn overleaf: the
opening is the body's first utterance, not a part of the cover (smaller pages, as two_up
prints them, or a deposition's, break before the second turn)."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

COVER = (
    "SUBSEQUENT PAROLE CONSIDERATION HEARING\n"
    "STATE OF CALIFORNIA\n"
    "BOARD OF PAROLE HEARINGS\n"
    "In the matter of the Life ) CDCR Number: BK4471\n"
    "Term Parole Consideration )\n"
    "Hearing of: )\n"
    "Marcus Delane Ortiz )\n"
    "Valley State Prison\n"
    "Chowchilla, California\n"
    "June 2, 2026\n"
    "1:10 PM\n"
    "PANEL PRESENT:\n"
    "Ruth Calloway, Presiding Commissioner\n"
    "Ivan Mercer, Deputy Commissioner\n"
    "OTHERS PRESENT:\n"
    "Marcus Ortiz, Incarcerated Person\n"
    "Lena Haddad, Attorney for Inmate\n"
    "TRANSCRIBED BY:\n"
    "Tom Bright, Transcriber\n"
)
OPENING = (
    "PRESIDING COMMISSIONER CALLOWAY: We're on the record for the hearing of Marcus Ortiz. "
    + " ".join(f"Item {n} of the file was read and is in the record before the panel." for n in range(1, 12))
    + " Deputy Commissioner Mercer will start."
)
TURNS = "\n".join(
    f"DEPUTY COMMISSIONER MERCER: Question {n}, did you take the class?\n"
    f"INCARCERATED PERSON ORTIZ: Yes, I took class {n}."
    for n in range(1, 6)
)
TEXT = f"{COVER}\n{OPENING}\n{TURNS}"


@pytest.mark.parametrize("layout", ["two_up", "deposition_tag_alone", "numbered_through"])
def test_a_single_speakers_opening_on_the_cover_page_is_the_first_utterance(tmp_path, layout):
    reference = text_document("hearing", TEXT)
    pdf = tmp_path / "hearing.pdf"
    pdf.write_bytes(render(TEXT, reference, layouts()[layout], "Hearing"))
    document = import_file(pdf)
    assert utterances(document) == utterances(reference)
    assert document.utterances[0].speaker == "PRESIDING COMMISSIONER CALLOWAY"
    assert document.metadata.cdcr_number == "BK4471"
