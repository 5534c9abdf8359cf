"""A word broken at its hyphen at a row end whose next part opens as it does: a restart
("go-" / "going") stays two words, but a number read in parts says a part again and a
prefix English writes with a hyphen may go on with a word that opens as it does."""

from __future__ import annotations

import pytest

from reviewer_app.importers.hearing import hearing_layout, join_wrapped


@pytest.mark.parametrize(
    ("line", "next_line", "joined"),
    [
        # A CDCR number read aloud ("B-N, seven-seven, three-four"), broken after "seven-".
        ("Prentice. B-N, seven-", "seven, three-four.", "Prentice. B-N, seven-seven, three-four."),
        ("it was twenty-", "twenty, the year", "it was twenty-twenty, the year"),
        ("the six-", "sixty bus", "the six-sixty bus"),
    ],
)
def test_a_number_read_in_parts_is_joined_where_a_part_is_said_again(line, next_line, joined):
    assert join_wrapped([line, next_line])[0] == joined


def test_a_prefix_goes_on_with_a_word_that_opens_as_it_does_where_the_two_make_a_word():
    # "re-read" (a word processor breaks at the hyphen): "reread" is an English word.
    assert join_wrapped(["and do a re-", "read. Service order"])[0] == "and do a re-read. Service order"


@pytest.mark.parametrize(
    ("line", "next_line"),
    [
        ("I re-", "really wanted it"),  # "rereally" is no word: the speaker started again
        ("we were go-", "going home"),
        ("it was four-", "four years"),  # a number word said again, going on with the phrase
        ("on the six-", "sixth floor"),  # "sixth" is no part of a number read aloud
    ],
)
def test_a_restart_stays_two_words(line, next_line):
    assert not hearing_layout().joins_without_space(line, next_line)
