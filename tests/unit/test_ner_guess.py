"""What counts as NER's guess, which rules of context may relabel (spoken_false_names.is_ner_guess,
used by person_context and place_mentions)."""

import pytest

from reviewer_app.core.name_rules import PROPAGATION, STRUCTURE
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess


@pytest.mark.parametrize(
    ("detectors", "guess"),
    [
        (("spacy",), True),
        (("spacy", "presidio", "stanza"), True),
        (("trained", "zeroshot"), True),
        # A cue, the layout or propagation found it too, or nothing says who found it.
        (("spacy", STRUCTURE), False),
        ((PROPAGATION,), False),
        ((), False),
    ],
)
def test_only_a_span_ner_alone_found_is_its_guess(detectors, guess):
    assert is_ner_guess(Span(0, 5, "LOCATION", detectors)) is guess
