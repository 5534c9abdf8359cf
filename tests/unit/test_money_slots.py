"""Sums said without a currency where only a sum stands (detectors/money_slots.py)."""

from __future__ import annotations

import pytest

from reviewer_app.core.spans import Span
from reviewer_app.detectors.spoken_amounts import find_spoken_amounts


def found(text: str, readings: tuple[Span, ...] = ()) -> list[str]:
    return [text[s.start : s.end] for s in find_spoken_amounts(text, (), readings)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What is paid, charged, owed or cost, the person paid between.
        ("The tow guy charged me two eighty-five up front, I have the receipt.", ["two eighty-five"]),
        ("My mom can pay the, the forty-five, she already said.", ["forty-five"]),
        ("If you pay one-fifty today, I can split the rest.", ["one-fifty"]),
        ("He still owed him about sixty, and he wanted it.", ["sixty"]),
        # What a word of money is, with its link.
        ("My deductible's five hundred on my side, if that matters.", ["five hundred"]),
        ("She said bail's still seventy-five thousand, and", ["seventy-five thousand"]),
        ("The fee is forty-five, sliding scale.", ["forty-five"]),
        ("The bill came to two ninety.", ["two ninety"]),
    ],
)
def test_a_number_where_only_a_sum_stands(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # The number counts what follows it.
        "I paid two visits to her. It cost him twenty years. The fine was forty days' pay.",
        # Too small to tell a sum from a count; joined by a hyphen to what it measures.
        "I owe him one. He paid a forty-five-minute visit.",
        # Nothing that pays or is money before it.
        "He was twenty-five on the day. They talked for forty, then left.",
        # A verb that moves other things too, with no money talked of.
        "He put forty on the shelf. They took twenty to the yard.",
        # A criminal charge is no sum.
        "The charge was one eighty-seven.",
    ],
)
def test_no_sum_where_the_slot_is_not_one(text):
    assert found(text) == []


def test_a_verb_that_moves_money_where_money_is_talked_of():
    text = (
        "Did you put money on my books?\nFEMALE: I put forty on Tuesday. The app took three ninety-five off."
    )
    assert found(text) == ["forty", "three ninety-five"]


def test_a_date_age_or_time_read_there_is_left_alone():
    text = "He paid nineteen ninety, the year he moved."
    year = Span(text.index("nineteen"), text.index(","), "DATE", ("spoken",), 0.85)
    assert found(text, (year,)) == []
    assert found(text) == ["nineteen ninety"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My bills are like a hundred and forty. A hundred and fifty in August with the AC.",
            ["a hundred and forty", "A hundred and fifty"],
        ),
        (
            "Started at twenty-four an hour, I'm at twenty-nine fifty now.",
            ["twenty-four", "twenty-nine fifty"],
        ),
        ("I think it was twenty-four dollars, could be twenty-two.", ["twenty-four dollars", "twenty-two"]),
    ],
)
def test_a_number_of_its_size_said_beside_a_sum(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "It's $19.75 an hour. Forty, fifty hours a week.",  # a range of what it counts
        "They took about $400. Two days later he was arrested.",  # counts what follows
        "They took about $400. Fifteen, I was.",  # far smaller than the sum
        "Sewing work at $17.50 an hour. That's six.",  # too few dollars to tell from a count
        "They took about $400.\nForty.",  # another line, another turn
        "They took about $400. The program had two hundred.",  # what a verb tells it counts
    ],
)
def test_no_sum_beside_a_sum_of_another_size_or_kind(text):
    assert found(text) == []  # the written sums are the patterns'


def test_a_number_beside_a_written_sum():
    assert found("The amount due is $412.87. Not four hundred, I said.") == ["four hundred"]
