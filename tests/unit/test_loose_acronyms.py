"""An acronym whose letters loosely stand for one organisation the document names is it."""

from __future__ import annotations

from reviewer_app.core.loose_acronyms import label_loose_acronyms
from reviewer_app.core.spans import Span


def _org(text: str, name: str) -> Span:
    start = text.index(name)
    return Span(start, start + len(name), "ORGANIZATION", ("spacy",), 0.85)


def _found(spans, text: str) -> list[str]:
    return [s.text_in(text) for s in spans if s.detectors == ("context",)]


def test_a_compound_or_a_word_left_out_still_gives_the_organisations_acronym():
    text = (
        "A. The Meadowview Norte. MVN, from fourteen. Then Criminals and Gang Members Anonymous; "
        "CGA helped. The Eastside Crips? Thirteen, yes. ESC."
    )
    names = ("Meadowview Norte", "Criminals and Gang Members Anonymous", "Eastside Crips")
    spans = [_org(text, name) for name in names]
    assert _found(label_loose_acronyms(spans, text), text) == ["MVN", "CGA", "ESC"]


def test_no_acronym_that_fits_no_name_two_names_or_a_word_of_the_text():
    text = (
        "Sierra Youth Center and Sunset Yard Center sent the SYC. The Golden Eagle Diner is where "
        "the GED class met; ged is what the kids say. The MRN unit, Meadowview Norte. NA and AA.\n"
        "We ate at the GD diner by the GEO office and the XED room. PRESENT: ANNA GLD KIM"
    )
    names = ("Sierra Youth Center", "Sunset Yard Center", "Golden Eagle Diner", "Meadowview Norte")
    spans = [_org(text, name) for name in names]
    # SYC fits two names, GED is a word the text writes in lower case, MRN has a letter not in the
    # name, GEO does not end in the initial of its last word, XED does not start with that of its
    # first; two letters are too few (GD); GLD stands among words in capitals only.
    assert _found(label_loose_acronyms(spans, text), text) == []
