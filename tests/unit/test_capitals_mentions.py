"""A name the document settled in mixed case, said again in capitals (core/capitals_mentions.py).
The texts are written for these tests; their names are invented."""

from __future__ import annotations

from reviewer_app.core.capitals_mentions import label_names_said_in_capitals
from reviewer_app.core.spans import Span

_HEADS = frozenset({"general", "hospital"})


def _span(text: str, piece: str, label: str = "ORGANIZATION") -> Span:
    start = text.index(piece)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def test_a_settled_name_of_two_words_is_found_in_capitals_but_not_a_word_alone_nor_a_longer_name():
    text = (
        "01:14:10 STOCKTON PD ADVISED, SUSP NB ON WILSON WAY TWD FILBERT\n"
        "01:19:20 VICT TO SAN JOAQUIN GENERAL\n"
        "DISPATCH: Stockton PD copies, he's on Wilson Way toward Filbert. Born in San Joaquin."
    )
    spans = [
        _span(text, "Stockton PD"),
        _span(text, "Wilson Way", "LOCATION"),
        _span(text, "Filbert", "LOCATION"),
        _span(text, "San Joaquin", "LOCATION"),
    ]
    found = {(s.text_in(text), s.label) for s in label_names_said_in_capitals(spans, text, _HEADS)}
    assert ("STOCKTON PD", "ORGANIZATION") in found
    assert ("WILSON WAY", "LOCATION") in found
    assert ("FILBERT", "LOCATION") not in found
    assert ("SAN JOAQUIN", "LOCATION") not in found


def test_a_mention_in_capitals_under_a_span_is_left_as_it_is():
    text = "Stockton PD came. STOCKTON PD REPORT"
    spans = [_span(text, "Stockton PD"), _span(text, "STOCKTON PD REPORT")]
    assert label_names_said_in_capitals(spans, text, _HEADS) == spans
