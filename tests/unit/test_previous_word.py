"""context_rules.previous_word reads the word before an offset backwards, as a search from the left
(or, for `_LAST_WORD_BACKWARDS`, the last of all words) found it."""

from __future__ import annotations

import re

from reviewer_app.core.context_rules import _LAST_WORD_BACKWARDS, previous_word
from reviewer_app.core.name_rules import _PREVIOUS_WORD_BACKWARDS

TEXT = (
    "raised in   Arvin, then the St. Mary's clinic\n"
    "a lawyer practising in Tarnów; Dr.  Lee -- x  O'Neil-Smith_2   y\tz  " + "a" * 50 + "  Long"
    " lives in, um, 'Maissau' -- ab-  my brother, Salvador. Dr. Winters 42 ’tis"
)


def _searched(pattern: re.Pattern[str], start: int, reach: int) -> str:
    found = pattern.search(TEXT, max(0, start - reach), start)
    return found.group(1) if found else ""


def test_the_same_word_as_the_search_from_the_left_at_every_position():
    # What each backwards pattern replaces: a search from the left ending at the offset.
    by_default = re.compile(r"([\w.'-]+)[ ]+\Z")
    with_stop_or_comma = re.compile(r"([\w'’-]+)[.,]?[ ]+\Z")
    for start in range(len(TEXT) + 1):
        assert previous_word(TEXT, start) == _searched(by_default, start, 40), start
        assert previous_word(TEXT, start, _PREVIOUS_WORD_BACKWARDS, 30) == _searched(
            with_stop_or_comma, start, 30
        ), start


def test_the_last_word_as_all_words_found_from_the_left():
    for start in range(len(TEXT) + 1):
        words = re.findall(r"[A-Za-z][A-Za-z'’-]*", TEXT[max(0, start - 30) : start])
        assert previous_word(TEXT, start, _LAST_WORD_BACKWARDS, 30) == (words[-1] if words else ""), start


def test_examples():
    assert previous_word("raised in   Arvin", 12) == "in"
    assert previous_word("Dr.  Lee", 5) == "Dr."
    assert previous_word("comma, Lee", 7) == ""  # a comma before the space
    assert previous_word("x\tLee", 2) == ""  # a tab is no space
    assert previous_word("my brother, Salvador", 12, _PREVIOUS_WORD_BACKWARDS, 30) == "brother"
    assert previous_word("lives in, um, Maissau", 14, _LAST_WORD_BACKWARDS, 30) == "um"
