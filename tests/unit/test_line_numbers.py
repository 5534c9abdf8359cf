"""A court reporter's numbered lines read past (core/line_numbers.py) by the spoken-form finder."""

from __future__ import annotations

import re

from reviewer_app.core.line_numbers import blank_line_numbers
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
