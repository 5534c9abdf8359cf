"""A spelling asked for or introduced as a thing is a SPELLED_OUT_ITEM (core/spelled_referents.py,
applied by referent_labels.label_spelled_items)."""

from __future__ import annotations

import pytest

from reviewer_app.core.referent_labels import label_spelled_items
from reviewer_app.core.spans import Span


def label_of_spelling(text: str, spelled: str, before: list[tuple[str, str]] = ()) -> str:
    spans = [Span(text.index(w), text.index(w) + len(w), label, ("x",), 0.9) for w, label in before]
    start = text.rindex(spelled)
    spans.append(Span(start, start + len(spelled), "SPELLED_NAME", ("x",), 0.9))
    return next(s.label for s in label_spelled_items(spans, text) if s.start == start)


@pytest.mark.parametrize(
    ("text", "spelled"),
    [
        ("AGENT: Could you spell the street?\nCALLER: Yes, it's P-A-L-O-V-E-R-D-E.", "P-A-L-O-V-E-R-D-E"),
        ("Q: What town was that?\nA: Orick. O-R-I-C-K.", "O-R-I-C-K"),
        ("The pharmacy gave me the medication, it's M-E-T-O-P-R-O-L-O-L.", "M-E-T-O-P-R-O-L-O-L"),
    ],
)
def test_a_spelling_asked_for_as_a_thing_is_a_spelled_out_item(text, spelled):
    assert label_of_spelling(text, spelled) == "SPELLED_OUT_ITEM"


@pytest.mark.parametrize(
    ("text", "spelled"),
    [
        # A name asked for, or a person talked about, beside the thing
        ("AGENT: Your last name, and then the street?\nCALLER: P-A-L-O-V-E-R-D-E.", "P-A-L-O-V-E-R-D-E"),
        ("Q: Who ran the program?\nA: Ms. Orick. O-R-I-C-K.", "O-R-I-C-K"),
        # Nothing said of what it spells
        ("A: That's it. O-R-I-C-K.", "O-R-I-C-K"),
    ],
)
def test_a_spelling_of_a_name_or_of_nothing_said_stays_a_spelled_name(text, spelled):
    assert label_of_spelling(text, spelled) == "SPELLED_NAME"


def test_a_spelling_of_a_place_said_right_after_it_is_a_spelled_out_item():
    text = "A: With my uncle, on -- G-A-R-E-Y -- Garey Avenue. My name is S-T-R-O-U-D -- Stroud."
    assert label_of_spelling(text, "G-A-R-E-Y", [("Garey Avenue", "LOCATION")]) == "SPELLED_OUT_ITEM"
    # A name said after its spelling keeps it a name's, also where NER read the name as a place.
    assert label_of_spelling(text, "S-T-R-O-U-D", [("Stroud", "PERSON")]) == "SPELLED_NAME"
    named = "A: My name is S-T-R-O-U-D, Emmanuel Stroud."
    assert label_of_spelling(named, "S-T-R-O-U-D", [("Emmanuel Stroud", "LOCATION")]) == "SPELLED_NAME"
