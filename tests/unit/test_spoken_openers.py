"""The spoken forms turn away at once a word that opens no date and no age (issue 12: detection
time): every reading of a date or an age still finds what it found when each word was read
through all of them."""

from __future__ import annotations

import pytest

from reviewer_app.core.spoken_numbers import spoken_words
from reviewer_app.detectors import spoken
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.detectors.spoken_openers import openers_of, opens_nothing

# One sentence for each reading that may open a date or an age, by the kind of first word it reads.
SENTENCES = [
    "She got out in the late seventies.",  # a decade's stage
    "That was back in the seventies, I think.",  # a decade
    "The nineteen-eighties were hard on us.",  # a decade of a century said by its teens
    "We moved there in the two thousands.",  # "two"
    "It was a Saturday.",  # a weekday
    "Right after Labor Day we moved.",  # a holiday named in more than one word
    "It was at Christmas of 2005.",  # a holiday
    "Date of birth, three, fourteen, seventy-nine.",  # a month by its number
    "Born oh three fourteen nineteen seventy-nine.",  # "oh"
    "He came home on the twelfth of May.",  # an ordinal
    "He came home on the twenty-first of June.",  # an ordinal of tens
    "It was on eighteen March that year.",  # a day by its number, then the month
    "I left from Bole in Ginbot.",  # a month of another calendar
    "That was the summer of ninety-eight.",  # a season
    "It was in April of this year.",  # a month
    "He was born in nineteen eighty-one.",  # a year by its century
    "That was in twenty ten.",  # "twenty"
    "We married in two thousand and five.",  # a year in thousands
    "She passed in ninety-three.",  # a year by its last two digits
    "He left since oh five, yeah.",  # a year by "oh" and its last digit
    "He has been clean since o six, yeah.",  # "o", as captions write it
    "I retired in ninety, and moved.",  # a round year
    "I'm forty-two.",  # an age of tens
    "My son is twelve.",  # an age of teens
    "My daughter is five.",  # an age of units
    "She is in her sixties now.",  # a decade of life
    "She was still in her teens.",  # "teens"
    "White male, late twenties.",  # a decade said of someone
    "He's a teenager, like sixteen.",  # a noun of a stage of life
    "It was my fifteenth birthday.",  # a birthday's ordinal
    "My grandmother turned a hundred and two.",  # "a hundred"
]


def read_through_every_reading(text: str, monkeypatch: pytest.MonkeyPatch) -> list:
    with monkeypatch.context() as patched:
        patched.setattr(spoken, "opens_nothing", lambda word, openers: False)
        return find_spoken_forms(text)


@pytest.mark.parametrize("text", SENTENCES)
def test_every_reading_finds_what_it_found_with_every_word_read(text, monkeypatch):
    everything = read_through_every_reading(text, monkeypatch)
    assert everything, "the sentence exercises a reading"
    assert find_spoken_forms(text) == everything


def test_a_word_of_letters_that_opens_nothing_is_turned_away_and_one_with_digits_is_read():
    openers = openers_of(spoken_words())
    for word in ("the", "parole", "said", "board"):
        assert opens_nothing(word, openers.dates) and opens_nothing(word, openers.ages)
    for word in ("1979", "5th", "20s", "don't"):
        assert not opens_nothing(word, openers.dates) and not opens_nothing(word, openers.ages)
    assert not opens_nothing("seventies", openers.dates) and not opens_nothing("teenager", openers.ages)
