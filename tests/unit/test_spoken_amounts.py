"""Sums of money and percentages said in words (detectors/spoken_amounts.py)."""

from __future__ import annotations

import pytest

from reviewer_app.core.spans import Span
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She said three-fifty a month, if somebody cosigns.", ["three-fifty"]),
        ("The daycare's going up too, they want two-ten a week now.", ["two-ten"]),
        ("I got my check stub right here, seven eighty-six for the week.", ["seven eighty-six"]),
        # A whole part of ten or more is a sum where money is talked of, or a sum was said before.
        ("The rent is twelve fifty a month.", ["twelve fifty"]),
        (
            "It was fifteen hundred dollars down. Then twelve fifty a month.",
            ["fifteen hundred dollars", "twelve fifty"],
        ),
    ],
)
def test_dollars_and_cents_before_a_rate_by_the_week_are_a_sum(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "He was smoking like ten twelve a day back then.",  # a range of counted things
        "I saw him two-ten a week ago.",  # a time
        "We had three a week, four at most.",  # a whole number alone counts things
    ],
)
def test_no_periodic_sum_without_dollars_and_cents_or_talk_of_money(text):
    assert found(text) == []


def test_a_periodic_sum_is_no_time_a_reading_took():
    text = "We paid two-ten a day."
    readings = [Span(text.index("two-ten"), text.index("two-ten") + 7, "TIME", ("spoken",), 0.8)]
    assert find_spoken_amounts(text, (), readings) == []
    assert found(text) == ["two-ten"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "It's a hundred and fifty thousand. A hundred fifty thousand dollars, Tavion.",
            ["A hundred fifty thousand dollars", "a hundred and fifty thousand"],
        ),
        (
            "They took three ninety-five for the fee. Three dollars and ninety-five cents to send it.",
            ["Three dollars", "ninety-five cents", "three ninety-five"],
        ),
        (
            "He offered twenty-four dollars an hour to start.\n[I think he said twenty-four, could be more.]",
            ["twenty-four dollars", "twenty-four"],
        ),
    ],
)
def test_a_sum_said_again_without_its_currency_is_the_sum(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I paid twenty-four dollars. We had twenty-four people there.",  # counts
        # another value, far from the sum's size (one of about its size is a sum said beside it:
        # tests/unit/test_money_slots.py)
        "I paid twenty-four dollars. It was two, no more.",
        "I paid five dollars. Then five, six of them came.",  # too small a number to tell
        "I paid twenty-four dollars. Then twenty-four hour care.",  # it goes on
    ],
)
def test_a_number_is_no_sum_said_again_unless_alone_and_the_same(text):
    assert found(text) == [text[: text.index(".")].split("paid ")[1]]


def test_a_number_said_again_far_from_its_sum_is_left_alone():
    far = " ".join(["and then we went"] * 12)
    assert found(f"I paid twenty-four dollars. {far} it was twenty-four.") == ["twenty-four dollars"]


def test_a_number_a_reading_took_is_no_sum_said_again():
    text = "I paid twenty-four dollars. He was twenty-four."
    age = text.rindex("twenty-four")
    readings = [Span(age, age + len("twenty-four"), "AGE", ("spoken",), 0.8)]
    assert [text[s.start : s.end] for s in find_spoken_amounts(text, (), readings)] == ["twenty-four dollars"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # review14: numbers that count, said after the same whole sum with its currency
        ("Rent is forty dollars a day. I had forty. I served forty, then more.", ["forty dollars"]),
        ("They paid me twelve dollars. My score was twelve. Twelve, that's the points.", ["twelve dollars"]),
    ],
)
def test_a_whole_sum_said_again_needs_a_confirmation_an_answer_or_money_talk(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # in answer to the sum: opening the sentence right after it
        ("Was it forty dollars? Forty, yes.", ["forty dollars", "Forty"]),
        # a word of money in its own sentence
        ("She sent forty dollars. The rent was forty, and she paid it.", ["forty dollars", "forty"]),
        # after a word that confirms it
        (
            "He offered twenty-four dollars an hour. It was good work. It's twenty-four, Commissioner.",
            ["twenty-four dollars", "twenty-four"],
        ),
    ],
)
def test_a_whole_sum_said_again_as_its_answer_confirmation_or_in_money_talk(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # review14: counts by the day or week said as two numbers, with no talk of money or work
        "I was doing five-thirty a day on the yard, push-ups.",
        "We ran four-twenty a week.",
        "I was doing five-thirty a day on the yard, push-ups. We ran four-twenty a week.",
    ],
)
def test_a_periodic_sum_under_ten_needs_talk_of_money_too(text):
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Figures with the word of their size or currency, as people text and talk.
        ("he said the bail is still 50k and aladdin wants the rest", ["50k"]),
        ("the bail is 50k. i dont have 5 thousand babe", ["50k", "5 thousand"]),
        ("the bondsman said its 2 grand for the old warrant", ["2 grand"]),
        ("the restitution is 1.2k and the fine on top", ["1.2k"]),
        ("my cousin gave me 50 bucks for the bus pass", ["50 bucks"]),
        ("carla owes me like 2k anyway", ["2k"]),
    ],
)
def test_a_sum_in_figures_with_its_size_or_currency_said_in_a_word(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I ran a 5k on Saturday.",  # no money talked of
        "we were 5 hundred yards away from the car",
        "the money ran out in 2 thousand and I was arrested",  # a year
        "the bail bondsman wants 10 percent of it",  # a share: a sum only in some material
        "the bail on count 2\ngrand theft was set later",  # the next line's word is no currency
    ],
)
def test_figures_are_no_sum_without_money_a_word_of_size_or_on_another_line(text):
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She has 2 grand children in Fresno.", []),
        ("she has two grand kids now", []),
        ("He owes me 2 grand.", ["2 grand"]),
        ("He paid 2 grand, children and all.", ["2 grand"]),  # a mark between: the sum's currency
    ],
)
def test_grand_before_a_noun_of_kin_is_no_money(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A round sum opening the turn that answers talk of money on the line before.
        (
            "AGENT: And you got your gate money?\nBAÑUELOS: Two hundred. I got like sixty left.",
            ["Two hundred"],
        ),
        ("TM: How much he cost?\nNC: Like five thousand just to start.", ["five thousand"]),
    ],
)
def test_a_round_sum_answering_talk_of_money_in_the_turn_before(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Q: How many hours of service for the fine?\nA: Two hundred.",
        "Q: What year was the bail set?\nA: Two thousand.",
    ],
)
def test_a_round_number_answering_a_question_of_a_count_or_a_year_is_no_sum(text):
    assert found(text) == []
    # Asked for the money itself, the same answer is a sum.
    assert found("Q: What was the bail?\nA: Two thousand.") == ["Two thousand"]


def test_a_round_number_inside_the_next_turn_answers_no_money():
    assert (
        found("AGENT: And you got your gate money?\nBAÑUELOS: Yes, and we walked two hundred, maybe more.")
        == []
    )
