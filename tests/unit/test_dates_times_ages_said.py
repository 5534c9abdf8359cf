"""More of how people say dates, clock times and ages in hearings, interviews and calls (issue 12):
holidays named in more than one word, a second weekday of a list, a month and day written without
a year. Each rule has sentences it must find and sentences it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import load_merge_rules
from reviewer_app.core.number_filters import looks_like_date
from reviewer_app.core.spoken_numbers import names_one_day
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.spoken import find_spoken_forms


def found(text: str, label: str | None = None) -> list[tuple[str, str]]:
    return [
        (s.label, text[s.start : s.end]) for s in find_spoken_forms(text) if label is None or s.label == label
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Right after Labor Day we moved.", [("DATE", "Labor Day")]),
        ("It was Memorial Day weekend.", [("DATE", "Memorial Day")]),
        ("No, I'm sorry, Mother's Day.", [("DATE", "Mother's Day")]),
        ("since new year's eve i haven't had a drink", [("DATE", "new year's eve")]),
        ("On Father's Day of 2009 he called.", [("DATE", "Father's Day of 2009")]),
        # A holiday that names a kind of thing, or every year's, is no date.
        ("I made her a Mother's Day card.", []),
        ("We always liked Labor Day sales.", []),
    ],
)
def test_holidays_named_in_more_than_one_word(text, expected):
    assert found(text, "DATE") == expected


def test_a_holiday_name_looks_like_a_date_to_the_merge():
    rules = load_merge_rules()
    assert looks_like_date("Labor Day", rules)
    assert not looks_like_date("Labor", rules)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'll be there on Thursday and Friday.", [("DATE", "Thursday"), ("DATE", "Friday")]),
        ("Was it Monday or Tuesday?", []),
        ("He works every Thursday and Friday.", []),
    ],
)
def test_the_second_weekday_of_a_list_names_one_day_as_the_first_does(text, expected):
    assert found(text, "DATE") == expected
    if expected:
        start = text.index("Friday")
        assert names_one_day(text, start, start + len("Friday"))


def test_a_month_and_day_without_a_year_survives_the_merge_and_is_no_case_number():
    rules = load_merge_rules()
    assert looks_like_date("8/12", rules)
    assert not looks_like_date("13/40", rules)
    case_numbers = [
        regex
        for spec in load_recognizer_specs()
        if spec.name == "case_number"
        for _, regex in spec.compiled()
    ]

    def case_number(text: str) -> list[str]:
        return sorted({m.group() for r in case_numbers for m in r.finditer(text)})

    assert case_number("You got your copy on 8/12 and signed it.") == []
    assert case_number("See application no. 12/23 and 18403/91.") == ["12/23", "18403/91"]
