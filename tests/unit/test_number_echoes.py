"""A clock time or an age said again in words (core/number_echoes.py)."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.number_echoes import label_ages_said_again, label_times_said_again
from reviewer_app.core.spans import Span


def span_of(text: str, said: str, label: str) -> Span:
    start = text.index(said)
    return Span(start, start + len(said), label, ("presidio",))


def added(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in label_times_said_again(spans, text) if s not in spans]


@pytest.mark.parametrize(
    ("text", "said", "expected"),
    [
        # An answer, a correction on the 24-hour clock, a dispatcher's read-back.
        (
            "PRESIDING: And you go in at 11:40.\n\nTOLLIVER: Eleven-forty. Me and Twan.",
            "11:40",
            ["Eleven-forty"],
        ),
        (
            "OLUMIDE: The report says 9:30 in the evening.\nFENWICK: Twenty-one thirty is right.",
            "9:30 in the evening",
            ["Twenty-one thirty"],
        ),
        (
            "STOLTZ: We're clear, fifteen thirty-one.\nDISPATCH: Copy, fifteen thirty-one.",
            "fifteen thirty-one",
            ["fifteen thirty-one"],
        ),
        # Not the same hour and minutes, a whole hour, digits, an ordinal.
        ("PRESIDING: You go in at 11:40.\nTOLLIVER: Eleven-fifty, more like.", "11:40", []),
        ("PRESIDING: You left at 11:00.\nTOLLIVER: Eleven, yes. Eleven.", "11:00", []),
        ("CALLER: on scene at 6:44.\n06:44  (End of recording.)", "6:44", []),
        ("Curfew is 1:30 a.m. the first thirty days.", "1:30 a.m.", []),
    ],
)
def test_an_hour_and_minutes_said_again_near_the_same_time_is_that_time(text, said, expected):
    assert [s for _, s in added(text, [span_of(text, said, "TIME")])] == expected


def test_the_same_hour_and_minutes_far_away_or_next_to_no_time_are_left_alone():
    far = (
        "At 2:41 the alarm went."
        + " And then the rest of the day went on." * 12
        + "\nBed two-forty-one, low bunk."
    )
    assert added(far, [span_of(far, "2:41", "TIME")]) == []
    text = "He was at 2:41 on the stand. Bed two-forty-one, low bunk."
    assert added(text, [span_of(text, "2:41", "DATE")]) == []
    assert added(text, [span_of(text, "2:41", "TIME"), span_of(text, "two-forty-one", "ID_NUMBER")]) == []


def test_the_merge_labels_the_time_said_again():
    text = "PRESIDING: And you go in at 11:40.\nTOLLIVER: Eleven-forty. Me and Twan go in."
    time = span_of(text, "11:40", "TIME")
    merged = merge_spans([time], text)
    assert [(s.label, text[s.start : s.end]) for s in merged] == [("TIME", "11:40"), ("TIME", "Eleven-forty")]


def ages_added(text: str, said: str) -> list[str]:
    spans = [span_of(text, said, "AGE")]
    return [text[s.start : s.end] for s in label_ages_said_again(spans, text) if s not in spans]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A phrase of its own after a dash, or after a word that takes up what was said.
        ("Marisol starts in August, she's eighteen. That's -- eighteen. Same age I was.", ["eighteen"]),
        ("Q: You were eight?\nA: It was right after my birthday, so eight, yeah.", ["eight"]),
        ("Q: You were eight?\nA: Eight. Spring of '99.", ["Eight"]),
        # Not a phrase of its own: a count after a verb, a number before a noun, digits, an ordinal.
        ("He was thirty when he went. Then the governor has thirty.", []),
        ("He was thirty when he went. Thirty days later.", []),
        ("He was thirty when he went.\n30. Then.", []),
        ("She was two then. Give me a second.", []),
        ("She was two then. Second, the move.", []),
    ],
)
def test_an_age_said_again_as_a_phrase_of_its_own_near_the_same_age_is_that_age(text, expected):
    age = next(w for w in ("eighteen", "eight", "thirty", "two") if w in text)  # the age said first
    assert ages_added(text, age) == expected


def test_an_age_said_again_far_away_or_of_another_value_is_left_alone():
    far = "She was eighteen then." + " And the rest of the year went on as it did." * 8 + " Eighteen."
    assert ages_added(far, "eighteen") == []
    assert ages_added("She was eighteen then. Nineteen.", "eighteen") == []
