"""Redaction intervals: spans to padded, merged stretches of time (core/redaction.py)."""

import pytest

from reviewer_app.core.redaction import (
    Redaction,
    overlap_seconds,
    plan_redactions,
    seconds,
    transcript_end_s,
    union,
)
from reviewer_app.core.spans import Span
from reviewer_app.core.timemap import TimedCue, TimedWord, TimeMap

# "hello Maria Lopez" said from 10 s to 12 s, word by word; "we met on June third" (18..38)
# from 20 s to 30 s without word times; "bye" (39..42) from 31 s to 31.5 s.
TEXT = "hello Maria Lopez\nwe met on June third\nbye"
TIME_MAP = TimeMap(
    (
        TimedCue(
            0,
            17,
            10.0,
            12.0,
            (TimedWord(0, 5, 10.0, 10.4), TimedWord(6, 11, 10.5, 11.0), TimedWord(12, 17, 11.1, 11.9)),
        ),
        TimedCue(18, 38, 20.0, 30.0),
        TimedCue(39, 42, 31.0, 31.5, (TimedWord(39, 42, 31.0, 31.5),)),
    )
)
MARIA, LOPEZ = Span(6, 11, "PERSON"), Span(12, 17, "PERSON")
JUNE_THIRD = Span(28, 38, "DATE")  # characters 10..20 of the 20-character cue: 25 s to 30 s


def test_one_interval_per_span_padded_with_its_tag():
    plan = plan_redactions(TIME_MAP, [JUNE_THIRD], ["[MONTH] [DAY]"], pad=0.15)
    assert plan.intervals == (Redaction(24.85, 30.15, ("DATE",), ("[MONTH] [DAY]",), True),)
    assert plan.approximate == 1
    assert plan.last_spoken_s == 30.0


def test_overlapping_intervals_merge_keeping_every_label_and_tag():
    # 10.5-11.0 and 11.1-11.9, padded by 0.15: 10.35-11.15 and 10.95-12.05 overlap
    plan = plan_redactions(
        TIME_MAP, [MARIA, LOPEZ, JUNE_THIRD], ["[PERSON_1]", "[PERSON_2]", "[MONTH] [DAY]"], pad=0.15
    )
    assert plan.intervals == (
        Redaction(10.35, 12.05, ("PERSON",), ("[PERSON_1]", "[PERSON_2]"), False),
        Redaction(24.85, 30.15, ("DATE",), ("[MONTH] [DAY]",), True),
    )
    assert plan.approximate == 1
    assert plan.seconds == pytest.approx(1.7 + 5.3)


def test_touching_intervals_merge_and_approximate_spreads():
    # "Lopez" ends at 11.9; the cue "we met..." is interpolated; with 4.05 s of padding they touch
    plan = plan_redactions(TIME_MAP, [LOPEZ, Span(18, 20, "PERSON")], pad=4.05)
    assert [(r.start_s, r.end_s, r.approximate) for r in plan.intervals] == [(7.05, 25.05, True)]


def test_intervals_that_do_not_meet_stay_apart():
    plan = plan_redactions(TIME_MAP, [MARIA, LOPEZ], pad=0.0)
    assert [(r.start_s, r.end_s) for r in plan.intervals] == [(10.5, 11.0), (11.1, 11.9)]
    assert all(not r.tags for r in plan.intervals)


def test_padding_is_clamped_at_zero_and_at_the_end():
    early = TimeMap((TimedCue(0, 5, 0.05, 0.5, (TimedWord(0, 5, 0.05, 0.5),)),))
    plan = plan_redactions(early, [Span(0, 5, "PERSON")], pad=0.15)
    assert (plan.intervals[0].start_s, plan.intervals[0].end_s) == (0.0, 0.5)  # the transcript's end
    plan = plan_redactions(early, [Span(0, 5, "PERSON")], pad=0.15, end_s=0.6)  # the audio's end
    assert (plan.intervals[0].start_s, plan.intervals[0].end_s) == (0.0, 0.6)
    assert transcript_end_s(TIME_MAP) == 31.5


def test_a_span_never_said_gets_no_interval_but_is_counted():
    plan = plan_redactions(TIME_MAP, [Span(17, 18, "PERSON"), MARIA], pad=0.0)
    assert plan.unspoken == 1
    assert [(r.start_s, r.end_s) for r in plan.intervals] == [(10.5, 11.0)]


def test_a_span_past_the_end_leaves_nothing_to_redact():
    plan = plan_redactions(TIME_MAP, [Span(39, 42, "PERSON")], pad=0.0, end_s=30.0)
    assert plan.intervals == ()
    assert plan.last_spoken_s == 31.5  # what the audio check refuses


def test_negative_padding_is_refused():
    with pytest.raises(ValueError, match="padding"):
        plan_redactions(TIME_MAP, [MARIA], pad=-1)


def test_union_seconds_and_overlap():
    a = [(0.0, 1.0), (0.5, 2.0), (3.0, 4.0), (5.0, 5.0)]
    assert union(a) == [(0.0, 2.0), (3.0, 4.0)]
    assert seconds(a) == 3.0
    assert overlap_seconds(a, [(1.5, 3.5), (3.75, 10.0)]) == 1.25
    assert overlap_seconds(a, []) == 0.0
