"""Ages a turn says by the ages around them (issue 12): the early ages of a life told by its ages,
said as a clock's hours after "at", "by" or "from" ("Beer at, like, eleven. Weed by twelve,
thirteen."). Each rule has sentences it must find and sentences it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.importers.text import document_from_text

# Verbs a tagger would give.
VERBS = (" did ", " had ", " is ", " went ")


def ages(text: str) -> list[str]:
    tags = document_from_text("said", text).speaker_tags()
    verbs = {i + 1 for w in VERBS for i in range(len(text)) if text.startswith(w, i)}
    spans = find_spoken_forms(text, verbs=verbs, speaker_tags=tags)
    return [text[s.start : s.end] for s in spans if s.label == "AGE"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An hour after "at" (a hedge between) among the ages of a life in its turn.
        (
            "DR. OYELARAN: When did you start using?\n"
            "MR. DESROSIERS: Beer at, like, eleven. Weed by twelve, thirteen. Crank at fifteen.",
            ["eleven", "twelve", "thirteen", "fifteen"],
        ),
        # An earlier age said after a later one ("I was sixteen ... started at like twelve").
        (
            "MR. SOTO: School?\nWITNESS: I quit in tenth grade. I was sixteen. "
            "I was already drinking by then, started at like twelve with my cousin.",
            ["sixteen", "twelve"],
        ),
        # A range after "from" between an age before it and one after it, though far from both.
        (
            "MR. SOTO: When you were two, you were in care from eight to nine, "
            "you were jumped in at seventeen.",
            ["two", "eight", "nine", "seventeen"],
        ),
        # A range after "from" near the ages around it.
        (
            "MR. SOTO: Your father left when you were four, you were in foster care from eight to eleven, "
            "you were jumped into the gang at thirteen.",
            ["four", "eight", "eleven", "thirteen"],
        ),
    ],
)
def test_the_early_ages_of_a_life(text: str, expected: list[str]) -> None:
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A turn that says a clock time tells the hours of a day.
        (
            "MR. SOTO: And then?\nWITNESS: I was twelve. The bus came at ten thirty. "
            "I got on at eleven with my cousin.",
            ["twelve"],
        ),
        # ... or a time of day, though no clock time is said.
        (
            "MR. SOTO: And then?\nWITNESS: I was twelve. I got on at eleven with my cousin that night.",
            ["twelve"],
        ),
        # No age of the turn is near the hour in value, nor on both sides of it.
        ("MR. SOTO: And then?\nWITNESS: I was twenty. I got on at eleven with my cousin.", ["twenty"]),
        # The ages of another turn, before or after, say nothing of this one.
        ("MR. SOTO: You were twelve?\nWITNESS: I got on at eleven with my cousin.", ["twelve"]),
        (
            "MR. SOTO: So?\nWITNESS: I got on at eleven with my cousin.\nMR. SOTO: You were twelve?",
            ["twelve"],
        ),
        # No "at", "by" or "from" before the hour.
        ("MR. SOTO: And then?\nWITNESS: I was twelve. I got eleven with my cousin.", ["twelve"]),
        # A range's end past the years of a youth is no age.
        (
            "MR. SOTO: When you were four, you were in care from eight to forty, then at thirteen.",
            ["four", "eight", "thirteen"],
        ),
    ],
)
def test_an_hour_that_is_no_early_age(text: str, expected: list[str]) -> None:
    assert ages(text) == expected


def times(text: str) -> list[str]:
    tags = document_from_text("said", text).speaker_tags()
    verbs = {i + 1 for w in VERBS for i in range(len(text)) if text.startswith(w, i)}
    spans = find_spoken_forms(text, verbs=verbs, speaker_tags=tags)
    return [text[s.start : s.end] for s in spans if s.label == "TIME"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An hour after a cue, in a turn that says a clock time in words...
        (
            "Q. Where was he?\nA. On Stockton Boulevard at twelve thirty-eight. Then the tamper at "
            "two-seventeen and the device stops.",
            ["twelve thirty-eight", "two-seventeen"],
        ),
        # ... in digits ...
        ("Q. How long was he inside?\nA. From eleven forty-one till about -- 12:26.", ["eleven forty-one"]),
        # ... or by a named hour.
        ("MR. SOTO: And Saturday?\nWITNESS: The open house, noon to three, at the library.", ["three"]),
        # The answer to a turn that said one, a hedge after the cue.
        (
            "MR. SOTO: You work in the kitchen, 4 a.m. to noon.\n"
            "WITNESS: Yes, from like four.\nMR. SOTO: Plans?",
            ["noon", "four"],
        ),
        (
            "MR. SOTO: You work in the kitchen, 4 a.m. to noon.\nWITNESS: Yes, from four.\nMR. SOTO: Plans?",
            ["noon", "four"],
        ),
    ],
)
def test_the_hours_of_a_timed_turn(text: str, expected: list[str]) -> None:
    assert times(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A number that counts what follows it.
        ("MR. SOTO: When?\nWITNESS: It comes by 5:30, seven to ten business days.", []),
        # A turn that says an age tells a life, not a day.
        ("MR. SOTO: When?\nWITNESS: I was twelve. We left at 5:30 and from four we walked.", []),
        # A turn that says no clock time, nor the turn before it.
        ("MR. SOTO: And then?\nWITNESS: We waited. From four we walked.", []),
        # The clock time of a turn before the one before says nothing of this one.
        (
            "MR. SOTO: You work 4 a.m. to noon.\nWITNESS: Yes.\n"
            "MR. SOTO: And then?\nWITNESS: From four we walked.",
            ["noon"],
        ),
        # No cue before the hour.
        ("MR. SOTO: When?\nWITNESS: It was 5:30. Then four came in.", []),
    ],
)
def test_an_hour_that_is_no_time_of_the_turn(text: str, expected: list[str]) -> None:
    assert times(text) == expected
