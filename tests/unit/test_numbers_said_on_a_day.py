"""Hours, ages and heights whose meaning the words right around them give (issue 12): an hour after an
hour noun joined to its "is" ("Curfew's nine"). Each rule has sentences it must find and sentences
it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms


def said(text: str, label: str) -> list[str]:
    return [text[s.start : s.end] for s in find_spoken_forms(text) if s.label == label]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MR. WHITACRE: Curfew's nine the first ninety days. House meetings.", ["nine"]),
        ("Bedtime's ten on weekends.", ["ten"]),
        ("The curfew's ten days late.", []),
        # "is" joined to another noun says nothing of the hour.
        ("The house's nine the first ninety days.", []),
    ],
)
def test_an_hour_after_an_hour_noun_joined_to_its_is(text, expected):
    assert said(text, "TIME") == expected
