"""Stamps that are a wall clock, not a recording's elapsed time (detectors/wall_clock_stamps.py and
its use in detectors/recording_stamps.py), on hand-written radio and CAD transcripts."""

from __future__ import annotations

import re

from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.spans import Span
from reviewer_app.detectors.recording_stamps import stamp_places, without_recording_stamps
from reviewer_app.detectors.wall_clock_stamps import is_wall_clock, with_wall_clock_times

HEADER = "MERCED POLICE DEPARTMENT\nRADIO TRANSCRIPT\nDate: 07/22/2026     Channel: MAIN-1\n\n"
LOG = "CAD EVENT LOG\n18:31:09  DISP    4C2 ASSIGNED\n18:36:44  ONSCN   4C2 AT W OLIVE AVE / N G ST\n\n"
RADIO = (
    "18:36:40 4C2: Merced, 4-Charles-2, on scene.\n"
    "18:37:05 DISPATCH: Copy, 4-Charles-2.\n"
    "18:41:52 4C2: One detained, we'll be clear at 18:55:00.\n"
)


def document(text: str) -> Document:
    """`text` with a turn at each line's `TAG:` after its stamp, as the importer finds them."""
    turns = [
        Utterance(m.group(1), m.start(1), m.end())
        for m in re.finditer(r"^[\d:]+ (\w+):.*$", text, re.MULTILINE)
    ]
    return Document("radio", text, utterances=tuple(turns))


def stamps(text: str) -> list[str]:
    return re.findall(r"\d\d:\d\d:\d\d", text)


def time_spans(text: str) -> list[Span]:
    return [Span(m.start(), m.end(), "TIME", ("spacy",), 0.85) for m in re.finditer(r"\d\d:\d\d:\d\d", text)]


def test_a_dated_transcripts_stamps_hours_into_the_day_are_a_wall_clock():
    text = HEADER + LOG + "RADIO TRANSCRIPT\n" + RADIO
    assert is_wall_clock(text)
    doc = document(text)
    assert stamp_places(doc) == []
    spans = time_spans(text)
    assert without_recording_stamps(spans, doc) == spans


def test_each_clock_with_seconds_of_a_wall_clock_transcript_is_a_time_in_place_of_other_spans():
    text = HEADER + LOG + RADIO
    at = text.index("18:36:40")
    misread = Span(at, at + len("18:36:40 4C2"), "DATE", ("spacy",), 0.85)
    found = with_wall_clock_times([misread], text)
    assert [(s.text_in(text), s.label) for s in found] == [(t, "TIME") for t in stamps(text)]


def test_elapsed_stamps_counting_up_from_zero_stay_layout():
    text = HEADER + RADIO.replace("18:36:40", "00:00:04").replace("18:37:05", "00:00:29")
    text = text.replace("18:41:52", "00:05:16").replace("18:55:00", "00:18:24")
    assert not is_wall_clock(text)
    assert with_wall_clock_times([], text) == []
    doc = document(text)
    assert without_recording_stamps(time_spans(text), doc) == [
        s for s in time_spans(text) if s.start > len(text) - 12
    ]


def test_stamps_hours_into_the_day_without_a_dated_header_stay_as_they_were():
    """An interview recorder's stamps without a date above them: no evidence of the day, so the
    stamps keep the reading of elapsed stamps (the dev set's older gold has them so)."""
    text = "INTERVIEW ROOM 2\nPresent: two detectives.\n\n" + RADIO
    assert not is_wall_clock(text)
    kept = without_recording_stamps(time_spans(text), document(text))
    assert [s.text_in(text) for s in kept] == ["18:55:00"]


def test_an_excerpt_from_deep_in_a_long_recording_is_no_wall_clock():
    text = HEADER + RADIO.replace("18:", "02:")
    assert not is_wall_clock(text)


def test_a_cad_log_alone_under_a_dated_header_is_a_wall_clock():
    text = HEADER + LOG
    assert is_wall_clock(text)
    assert [s.text_in(text) for s in with_wall_clock_times([], text)] == stamps(LOG)


def test_line_stamps_that_start_at_zero_are_all_the_recordings_however_late():
    text = (
        "00:00:04  JUDGE MARSH: We are on the record.\n"
        "05:12:31  Recess ends; the jury returns.\n"
        "05:12:33  JUDGE MARSH: We're back after the lunch recess.\n"
    )
    late = Span(text.index("05:12:31"), text.index("05:12:31") + 8, "TIME", ("presidio",), 0.6)
    assert without_recording_stamps([late], Document("court", text)) == []
    # a log whose first row stands hours into the day keeps its clock
    log = "14:06:22   2318    DISPATCHED\n14:09:10   2318    ARRIVED\n"
    row = Span(0, 8, "TIME", ("presidio",), 0.6)
    assert without_recording_stamps([row], Document("cad", log)) == [row]


def test_late_stamps_under_a_recording_length_are_elapsed_not_a_wall_clock():
    """An excerpt of a long hearing: its stamps run past four hours, but the header gives the
    recording's length, so they count from the recording's start."""
    text = (
        "Hearing date: March 14, 2026\nDuration: 01:12:40\n\n"
        "[04:12:33] COMMISSIONER LARSON: We are back on the record.\n[04:12:40] MR. HALE: Thank you.\n"
    )
    assert not is_wall_clock(text)
    assert is_wall_clock(text.replace("Duration: 01:12:40\n", ""))
    stamp = text.index("04:12:33")
    spans = [Span(stamp, stamp + 8, "TIME", ("presidio",), 0.85)]
    assert with_wall_clock_times(spans, text) == spans
