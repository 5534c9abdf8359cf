"""Number spans that identify no one (`core.number_filters`): dates that are only the
clock times and ages inside them, and weekdays that repeat a day named just before."""

from __future__ import annotations

import pytest

from reviewer_app.core import merge, number_filters
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import names_one_day


def at(text: str, phrase: str, label: str, detector: str = "spacy", nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(phrase, start + 1)
    return Span(start, start + len(phrase), label, (detector,), 0.85)


@pytest.fixture(scope="module")
def rules():
    return merge.load_merge_rules()


def kept(spans, text, rules):
    # Where durations are kept (the general profile), "six fifteen every day" looks like one.
    found = number_filters.drop_non_sensitive_numbers(spans, text, rules, keep_durations=True)
    return [(s.label, s.text_in(text)) for s in found]


@pytest.mark.parametrize(
    ("text", "date", "inside"),
    [
        (
            "We got to the party around nine, nine forty.",
            "nine, nine forty",
            [("TIME", "nine"), ("TIME", "nine forty")],
        ),
        ("You start by six fifteen every day.", "six fifteen every day", [("TIME", "six fifteen")]),
        ("She tried to calm a seven-year-old.", "seven-year-old", [("AGE", "seven")]),
    ],
)
def test_a_date_made_of_times_and_ages_goes(rules, text, date, inside):
    spans = [at(text, date, "DATE")] + [at(text, phrase, label, "presidio") for label, phrase in inside]
    assert kept(sorted(spans), text, rules) == inside


def test_a_date_with_a_date_of_its_own_around_a_time_stays(rules):
    text = "It happened on June 3rd at nine forty."
    spans = [at(text, "June 3rd at nine forty", "DATE"), at(text, "nine forty", "TIME", "presidio")]
    assert kept(spans, text, rules) == [("DATE", "June 3rd at nine forty"), ("TIME", "nine forty")]


def test_a_weekday_repeating_one_day_named_before_names_it():
    text = "You saw the doctor on Monday, the 4th? Monday, right. And every Friday since."
    answer = text.index("Monday, right")
    assert names_one_day(text, answer, answer + len("Monday"))
    again = "Every Monday we meet. Monday is the busiest day."
    second = again.index("Monday is")
    assert not names_one_day(again, second, second + len("Monday"))


@pytest.mark.parametrize(
    ("said", "relative"),
    [
        ("today", True),
        ("next week", True),
        ("later this year", True),
        ("recent months", True),
        ("this morning", True),
        ("last June", False),  # a month: a date as any other
        ("two years ago", False),  # a number: a duration or a date
        ("2019", False),
        ("annual", False),  # NER's date that names no time
        ("the past", False),
        ("the summer", False),
        ("every morning", False),  # every day's
        ("New Year's Day", False),  # a holiday: a date as any other
    ],
)
def test_a_relative_date_has_no_number_and_no_month(said, relative, rules):
    assert number_filters.is_relative_date(said, rules.calendar_words, rules.duration_words) is relative


def test_relative_dates_and_times_stay_only_where_they_are_kept(rules):
    text = "Yesterday the Council met, and this morning it voted on 3 March 2021."
    spans = [at(text, "Yesterday", "DATE"), at(text, "this morning", "TIME")]
    spans.append(at(text, "3 March 2021", "DATE"))
    kept_all = number_filters.drop_non_sensitive_numbers(spans, text, rules, keep_relative_dates=True)
    assert [s.text_in(text) for s in kept_all] == ["Yesterday", "this morning", "3 March 2021"]
    dropped = number_filters.drop_non_sensitive_numbers(spans, text, rules)
    assert [s.text_in(text) for s in dropped] == ["3 March 2021"]


@pytest.mark.parametrize(
    ("text", "holiday"),
    [
        # "around", "over" and "past" are hedges and cues of one day at once
        ("I was arrested around Christmas.", "Christmas"),
        ("I relapsed over Christmas.", "Christmas"),
        ("He got out around Halloween.", "Halloween"),
        ("We drove to Fresno over Thanksgiving and came back.", "Thanksgiving"),
        # a hedge after a cue still names the day
        ("We were there from about Halloween to the end.", "Halloween"),
    ],
)
def test_a_holiday_after_a_cue_that_is_also_a_hedge_stays_a_date(rules, text, holiday):
    assert kept([at(text, holiday, "DATE")], text, rules) == [("DATE", holiday)]


def test_a_holiday_after_a_hedge_alone_is_no_date(rules):
    text = "I bought about Christmas lights."
    assert kept([at(text, "Christmas", "DATE")], text, rules) == []


@pytest.mark.parametrize(
    ("text", "pair", "year"),
    [
        ("The app took three ninety-five off the top.", "ninety-five", False),
        ("My check stub, seven eighty-six for the week.", "eighty-six", False),
        # A year by its last two digits stays: after a teen, a comma, a word that is no unit.
        ("Born in nineteen ninety-five.", "ninety-five", True),
        ("It was June, three, ninety-five.", "ninety-five", True),
        ("Someone ninety-five, maybe.", "ninety-five", True),
        ("We moved in ninety-five.", "ninety-five", True),
    ],
)
def test_a_pair_after_a_unit_is_a_number_of_three_digits_not_a_year(rules, text, pair, year):
    assert kept([at(text, pair, "DATE")], text, rules) == ([("DATE", pair)] if year else [])
