"""A number the speaker broke off and said again (core/number_restarts.py)."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.number_restarts import label_restarted_numbers
from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken import find_spoken_forms


def span_of(text: str, said: str, label: str) -> Span:
    start = text.rindex(said)
    return Span(start, start + len(said), label, ("presidio",))


def added(text: str, said: str, label: str) -> list[tuple[str, str]]:
    spans = label_restarted_numbers([span_of(text, said, label)], text)
    return [(s.label, text[s.start : s.end]) for s in spans if s.detectors != ("presidio",)]


@pytest.mark.parametrize(
    ("text", "said", "label", "expected"),
    [
        ("He's twenty -- twenty-one in December.", "twenty-one", "AGE", [("AGE", "twenty")]),
        ("the lead on the line by twenty -- twenty-twelve.", "twenty-twelve", "DATE", [("DATE", "twenty")]),
        ("at the Walgreens at 9:0 -- 9:07 for four hundred", "9:07", "TIME", [("TIME", "9:0")]),
        ("I was sixteen... sixteen and a half.", "sixteen", "AGE", [("AGE", "sixteen")]),
        # An interpreter's note in brackets, running onto a numbered record's next line.
        ("MAGBANUA: Fifty -- (In\n17  English) fifty-eight, po.", "fifty-eight", "AGE", [("AGE", "Fifty")]),
        # A word that takes the start back or confirms it, and at most two words on to the number.
        ("MABRY: Thirty -- no. Thirty-one. My birthday's in June.", "Thirty-one", "AGE", [("AGE", "Thirty")]),
        ("Twenty -- yeah. I turned twenty-three that May.", "twenty-three", "AGE", [("AGE", "Twenty")]),
        ("Two -- no. Two or three. I was twenty-two then.", "twenty-two", "AGE", []),
        ("Twenty -- yeah, so then I turned twenty-three.", "twenty-three", "AGE", []),
        # Not a piece of the number said after the break: a count, another number, no break at all.
        ("I had two -- twenty-one when he left.", "twenty-one", "AGE", []),
        ("He's twenty, twenty-one in December.", "twenty-one", "AGE", []),
        ("He's twenty -- he's twenty-one in December.", "twenty-one", "AGE", []),
        ("It was the -- the fourteenth of June.", "the fourteenth of June", "DATE", []),
        ("the twenty -- twenty-one of them", "twenty-one", "PERSON", []),
        # review12: digits before a dash are a count or a page as often as a restart.
        ("I was on Count 1 -- 1998 was the year", "1998", "DATE", []),
        ("Page 12 -- 12/14/2019 is the date", "12/14/2019", "DATE", []),
        # review: the house number said before the break was left readable beside its address.
        ("A. 1417 -- yes, 1417 Carver Street.", "1417 Carver Street", "LOCATION", [("LOCATION", "1417")]),
        # Only the whole first word of an address of more words: not a piece of it, not a place alone.
        ("A. 14 -- yes, 1417 Carver Street.", "1417 Carver Street", "LOCATION", []),
        ("A. 1417 -- yes, 1417.", "1417", "LOCATION", []),
        ("A. Two -- yes, Two Rivers.", "Two Rivers", "LOCATION", []),
    ],
)
def test_a_broken_off_number_takes_the_label_of_the_number_said_again(text, said, label, expected):
    assert added(text, said, label) == expected


def test_a_sum_said_again_adds_nothing_and_a_covered_piece_keeps_its_span():
    text = "It was forty -- forty-eight thousand dollars."
    assert added(text, "forty-eight thousand dollars", "AMOUNT") == []
    text = "He's twenty -- twenty-one now."
    spans = [span_of(text, "twenty ", "DATE"), span_of(text, "twenty-one", "AGE")]
    assert label_restarted_numbers(spans, text) == sorted(spans)


def test_the_merge_labels_the_restart_when_it_brings_spans_from_the_text():
    text = "SOTELO: He's twenty -- twenty-one in December."
    age = span_of(text, "twenty-one", "AGE")
    merged = merge_spans([age], text)
    assert [(s.label, text[s.start : s.end]) for s in merged] == [("AGE", "twenty"), ("AGE", "twenty-one")]
    assert merge_spans([age], text, with_propagation=False) == [age]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # review: the number said whole after the restart was left readable.
        ("Q. How old were you?\nA. Twenty -- yeah. I mean twenty-three.", ["Twenty", "twenty-three"]),
        ("Q. How old were you?\nA. Twenty -- sorry. Twenty-three.", ["Twenty", "Twenty-three"]),
        # Without the break the next sentence is another's number; a count after it is no age.
        ("Q. How old were you?\nA. Twenty, yeah. I mean twenty-three.", ["Twenty"]),
        ("Q. How old were you?\nA. Twenty -- yeah. I mean twenty-three dollars.", ["Twenty"]),
    ],
)
def test_the_number_said_whole_after_a_restart_goes_on_from_the_start(text, expected):
    ages = [text[s.start : s.end] for s in find_spoken_forms(text) if s.label == "AGE"]
    assert ages == expected
