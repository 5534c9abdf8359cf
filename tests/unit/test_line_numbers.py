"""A court reporter's numbered lines read past (core/line_numbers.py) by the spoken-form finder."""

from __future__ import annotations

import re

from reviewer_app.core.line_numbers import blank_line_numbers, without_line_numbers
from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken import find_spoken_forms

PAGE = """                                                              4
 1       MR. OKAFOR: How old were you then?
 2       INMATE DELACROIX: I was nineteen. I'd turned nineteen
 3  that spring. My daughter was born when I was
 4  twenty-two. She's
 5  thirty now.
 6       MR. OKAFOR: And the time?
 7  It was around
 8  ten forty at night.
 9       (Whereupon, a recess was taken.)
"""


def found(text: str) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text)]


def test_line_numbers_and_wrapped_line_breaks_become_spaces():
    blanked = blank_line_numbers(PAGE)
    assert len(blanked) == len(PAGE)
    assert re.search(r"nineteen {2,}that spring", blanked)  # a wrapped line goes on
    assert "\n         INMATE DELACROIX:" in blanked  # a speaker's line stays a line of its own
    assert "\n         (Whereupon" in blanked
    assert not any(ch.isdigit() for ch in blanked.split("\n")[0])  # the page number


def test_ages_and_times_across_numbered_lines():
    assert found(PAGE) == [
        ("AGE", "nineteen"),
        ("AGE", "nineteen"),
        ("AGE", "twenty-two"),
        ("AGE", "thirty"),
        ("TIME", "ten forty at night"),
    ]


def test_text_without_numbered_lines_is_unchanged():
    text = "1  apple\n2  pears\nShe was 12  when we met.\n"
    assert blank_line_numbers(text) == text
    # Numbers that open lines but do not count them are no line numbers.
    listed = "".join(f"{n}  items\n" for n in (12, 40, 7, 33, 90, 15))
    assert blank_line_numbers(listed) == listed


def test_a_line_number_read_into_a_number_is_taken_off_it():
    lines = [
        "PRESIDING COMMISSIONER: What happened?",
        "INMATE X: we argued about money that I owed him, two hundred",
        "dollars, and I took out the knife. He'd be fifty this",
        "February.",
        "six hundred pesos.",
        "LUZ PACHECO (Tagalog)",
        "Certified Court Interpreter No. 301862",
        "It was at 9:30.",
    ]
    text = "".join(f"{n:2}  {line}\n" for n, line in enumerate(lines, 20))

    def at(piece: str, label: str) -> Span:
        start = text.index(piece)
        return Span(start, start + len(piece), label, ("spacy",), 0.8)

    spans = [
        at("22  dollars", "AMOUNT"),  # NER's sum of the line number and the word after it: none
        at("23  February", "DATE"),  # a month alone is a date
        at("24  six hundred pesos", "AMOUNT"),  # a number in words stays
        at("25", "AMOUNT"),
        at("two hundred", "AMOUNT"),
        at("9:30", "TIME"),
        at("26  Certified", "ORGANIZATION"),  # not a number's label: left to the rules of names
    ]
    kept = without_line_numbers(spans, text, {"AMOUNT", "DATE", "TIME"})
    assert sorted(s.text_in(text) for s in kept) == sorted(
        ["February", "six hundred pesos", "two hundred", "9:30", "26  Certified"]
    )
    # Where the lines are not numbered, a number at a line's start is what it says.
    plain = "20  dollars, he said.\n"
    assert without_line_numbers([Span(0, 11, "AMOUNT", ("spacy",), 0.8)], plain, {"AMOUNT"}) != []
