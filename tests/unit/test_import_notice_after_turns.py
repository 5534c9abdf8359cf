"""The block in capitals after a hearing's last turn (`pdf_body._without_notice`): a
parenthetical under the notice's heading is the notice's, as in the text file; the
transcriber's parenthetical right under the last turn stays an utterance."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

TURNS = "\n".join(
    f"PRESIDING COMMISSIONER ALBRECHT: Question {n} about the plans you have made with your sister.\n"
    f"INMATE DUVALL: Answer {n}, and I went to the groups on the yard every week, sir."
    for n in range(1, 9)
)
COVER = """\
SUBSEQUENT PAROLE CONSIDERATION HEARING
In the matter of the Parole Consideration Hearing of:
MARTIN DUVALL, CDCR Number K12345
"""
STIPULATION = f"""{COVER}
{TURNS}

                                        * * *

                             PAROLE DENIED - THREE YEARS
                                   (BY STIPULATION)

THIS DECISION WILL BE FINAL ON: MARCH 16, 2027
"""
CONCLUDED = f"""{COVER}
{TURNS}
(WHEREUPON, THE HEARING WAS CONCLUDED.)

THIS DECISION WILL BE FINAL ON: MARCH 16, 2027
"""


def _round_trip(tmp_path, text: str, layout: str):
    reference = text_document("hearing", text)
    pdf = tmp_path / f"{layout}.pdf"
    pdf.write_bytes(render(text, reference, layouts()[layout], title="Hearing"))
    return import_file(pdf), reference


@pytest.mark.parametrize("layout", ["court_reporter", "pleading", "deposition_tag_alone"])
def test_a_parenthetical_under_a_notices_heading_is_the_notices(tmp_path, layout):
    document, reference = _round_trip(tmp_path, STIPULATION, layout)
    assert ("", "(BY STIPULATION)") not in utterances(document)
    assert utterances(document) == utterances(reference)
    decision = next(s for s in document.sections if s.name == "decision")
    assert "(BY STIPULATION)" in document.text[decision.start : decision.end]


@pytest.mark.parametrize("layout", ["court_reporter", "pleading"])
def test_the_transcribers_parenthetical_under_the_last_turn_stays_an_utterance(tmp_path, layout):
    document, reference = _round_trip(tmp_path, CONCLUDED, layout)
    assert utterances(document)[-1] == ("", "(WHEREUPON, THE HEARING WAS CONCLUDED.)")
    assert utterances(document) == utterances(reference)
