"""merge._previous_word reads the word before a span backwards, as a search from the left found it."""

from __future__ import annotations

import re

from reviewer_app.core.merge import _previous_word

TEXT = (
    "raised in   Arvin, then the St. Mary's clinic\n"
    "a lawyer practising in Tarnów; Dr.  Lee -- x  O'Neil-Smith_2   y\tz  " + "a" * 50 + "  Long"
)
# The search it replaces: the word before spaces that end where the span starts, within 40 characters.
_SEARCHED = re.compile(r"([\w.'-]+)[ ]+\Z")


def test_the_same_word_as_the_search_from_the_left_at_every_position():
    for start in range(len(TEXT) + 1):
        found = _SEARCHED.search(TEXT, max(0, start - 40), start)
        assert _previous_word(TEXT, start) == (found.group(1) if found else ""), start


def test_examples():
    assert _previous_word("raised in   Arvin", 12) == "in"
    assert _previous_word("Dr.  Lee", 5) == "Dr."
    assert _previous_word("comma, Lee", 7) == ""  # a comma before the space
    assert _previous_word("x\tLee", 2) == ""  # a tab is no space
