"""Sums of money and percentages said in words (detectors/spoken_amounts.py)."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken_amounts import find_spoken_amounts


def found(text: str, nouns: tuple[str, ...] = ()) -> list[str]:
    """`nouns`: the words of `text` a tagger would call plural nouns."""
    starts = {text.index(f" {n} ") + 1 for n in nouns}
    return [text[s.start : s.end] for s in find_spoken_amounts(text, starts)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the bill came to three hundred and sixty dollars in march", ["three hundred and sixty dollars"]),
        ("they wanted ninety bucks for it", ["ninety bucks"]),
        ("roughly forty percent of the budget", ["forty percent"]),
        ("a fund of eur twelve million for farmers", ["eur twelve million"]),
        ("the county set aside four point five million for the bridge", ["four point five million"]),
        # Money named in the currency of another country, as through an interpreter.
        ("my mother sold it, six hundred thousand pesos, and", ["six hundred thousand pesos"]),
        ("i sent home three thousand riyals a year", ["three thousand riyals"]),
    ],
)
def test_sums_and_shares_said_in_words(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "nouns"),
    [
        ("some four point five million people voted", ("people",)),  # counts people
        ("three million of them came", ()),
        ("she was seventeen years old", ()),
        ("millions of euros were lost", ()),
    ],
)
def test_counts_are_no_sums(text, nouns):
    assert found(text, nouns) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'd start him at twenty-one fifty an hour, that's what", ["twenty-one fifty"]),
        ("Started at twenty-four an hour, I'm at more now.", ["twenty-four"]),
        ("Entry-level welder, twenty-two fifty per hour to start.", ["twenty-two fifty"]),
        ("I made fifteen dollars an hour", ["fifteen dollars"]),
        # What the employer pays and what the worker gets (a review's sentences).
        ("They were paying twenty an hour.", ["twenty"]),
        ("I was getting twenty two an hour at the plant.", ["twenty two"]),
        ("Costco gives like eighteen an hour now.", ["eighteen"]),
        ("I was bringing home like sixteen an hour.", ["sixteen"]),
        ("The union got us twenty one an hour.", ["twenty one"]),
    ],
)
def test_a_number_said_before_a_rate_is_a_wage(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "he was doing sixty miles an hour",  # a unit between: a speed
        "it took half an hour",
        "we got maybe two an hour, three at most",  # a small whole number counts things
        "at eleven, an hour later",  # a mark between
    ],
)
def test_no_wage_without_a_number_right_before_the_rate(text):
    assert found(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I was twenty an hour away from home",  # a distance
        "We got there at ten an hour early",  # a time
        "He was smoking like ten an hour back then.",  # no money nor work talked of
    ],
)
def test_a_whole_number_before_a_rate_is_no_wage_without_talk_of_pay(text):
    assert found(text) == []
    # Talk of pay makes it one; dollars and cents are one without it.
    assert found("He was making like ten an hour back then.") == ["ten"]
    assert found("Back then it was twenty-two fifty an hour.") == ["twenty-two fifty"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A sum begun again after a dash is the one said in full, not a range from the broken-off start.
        ("I took money. About forty -- forty-eight thousand dollars.", ["forty-eight thousand dollars"]),
        ("It was forty... forty-five dollars.", ["forty-five dollars"]),
        ("About forty—forty-eight thousand dollars.", ["forty-eight thousand dollars"]),
        # The number after a break is read alone; a range's two ends are different numbers.
        ("It was three -- four hundred dollars.", ["four hundred dollars"]),
        (
            "It was eighteen hundred, nineteen hundred dollars.",
            ["eighteen hundred", "nineteen hundred dollars"],
        ),
    ],
)
def test_a_sum_begun_again_after_a_dash_is_one_sum(text, expected):
    assert found(text) == expected
