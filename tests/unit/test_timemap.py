import pytest

from reviewer_app.core.timemap import TimedCue, TimedWord, TimeInterval, TimeMap

# "hello Maria Lopez" said from 10 s to 12 s; a second cue without word times.
CUES = (
    TimedCue(
        0,
        17,
        10.0,
        12.0,
        (TimedWord(0, 5, 10.0, 10.4), TimedWord(6, 11, 10.5, 11.0), TimedWord(12, 17, 11.1, 11.9)),
    ),
    TimedCue(18, 38, 20.0, 30.0),
)


def test_word_times_give_exact_interval():
    assert TimeMap(CUES).interval(6, 17) == TimeInterval(10.5, 11.9, False)


def test_part_of_a_word_takes_the_whole_word():
    assert TimeMap(CUES).interval(7, 9) == TimeInterval(10.5, 11.0, False)


def test_cue_without_words_is_interpolated_by_character_share():
    # characters 23..28 of a 20-character cue spanning 10 s: 2.5 s to 5 s into it
    assert TimeMap(CUES).interval(23, 28) == TimeInterval(22.5, 25.0, True)


def test_span_across_cues_is_one_interval_and_approximate_if_any_part_is():
    assert TimeMap(CUES).interval(12, 20) == TimeInterval(11.1, 21.0, True)


def test_text_outside_every_cue_has_no_time():
    tm = TimeMap(CUES)
    assert tm.interval(17, 18) is None
    assert tm.interval(40, 45) is None
    assert tm.interval(5, 5) is None


def test_json_round_trip():
    tm = TimeMap(CUES)
    assert TimeMap.from_json(tm.to_json()) == tm


def test_cues_out_of_text_order_are_refused():
    with pytest.raises(ValueError):
        TimeMap((CUES[1], CUES[0]))


def test_empty_map_is_false():
    assert not TimeMap()
    assert TimeMap(CUES)
