"""Stepping through pending spans and resizing by a word (Qt-free helpers of the window)."""

from __future__ import annotations

from reviewer_app.core.spans import Span, Status
from reviewer_app.ui.navigation import (
    narrow_end,
    narrow_start,
    next_pending,
    trim_selection,
    widen_end,
    widen_start,
)
from tests.gui.helpers import Row

TEXT = "INMATE REED: I met Dr. Mary O'Brien-Smith on 05/13/2012, at 9:01 a.m.\nNEXT: line"


def test_next_and_previous_pending_wrap_and_skip_decided():
    rows = [
        Row(1, Span(0, 6, "PERSON")),
        Row(2, Span(7, 11, "PERSON"), Status.ACCEPTED),
        Row(3, Span(23, 27, "PERSON")),
        Row(4, Span(45, 55, "DATE")),
        Row(5, Span(60, 64, "TIME"), Status.STALE),
    ]
    assert next_pending(rows, 0, current_id=1).id == 3
    assert next_pending(rows, 23, current_id=3).id == 4
    assert next_pending(rows, 45, current_id=4).id == 5  # stale spans need a decision too
    assert next_pending(rows, 60, current_id=5).id == 1  # wraps
    assert next_pending(rows, 23, current_id=3, forward=False).id == 1
    assert next_pending(rows, 0, current_id=1, forward=False).id == 5  # wraps back
    assert next_pending(rows[1:2], 0, current_id=None) is None


def test_widen_and_narrow_by_a_word():
    start = TEXT.index("Mary")
    end = start + 4
    assert widen_end(TEXT, start, end) == (start, TEXT.index(" on "))  # O'Brien-Smith is one word
    assert widen_start(TEXT, start, end) == (TEXT.index("Dr"), end)
    whole = (TEXT.index("Mary"), TEXT.index(" on "))
    assert narrow_start(TEXT, *whole) == (TEXT.index("O'Brien"), whole[1])
    assert narrow_end(TEXT, *whole) == (whole[0], end)
    one = (start, end)
    assert narrow_end(TEXT, *one) == one  # never below one word
    last = (TEXT.index("9:01"), TEXT.index("9:01") + 4)
    assert widen_end(TEXT, last[0], TEXT.index("\n")) == (last[0], TEXT.index("\n"))  # not past the line


def test_trim_selection_drops_spaces_and_punctuation():
    start = TEXT.index(" 05/13")
    assert trim_selection(TEXT, start, start + 13) == (start + 1, start + 11)
    assert trim_selection(TEXT, 11, 13) is None


def test_combining_marks_and_astral_letters_stay_inside_their_word():
    text = "INMATE: my sister Mari\u0301a Lo\u0301pez and 𝐉𝐨𝐡𝐧 𠀀𠀁 saw ঠাকুর."
    maria = text.index("Mari")
    lopez_end = text.index(" and")
    assert widen_end(text, maria, maria + 6) == (maria, lopez_end)
    assert narrow_end(text, maria, lopez_end) == (maria, maria + 6)
    assert narrow_start(text, maria, lopez_end) == (maria + 7, lopez_end)
    john = text.index("𝐉")
    assert widen_end(text, john, john + 4) == (john, john + 7)  # 𠀀𠀁 is a word too
    assert widen_start(text, john, john + 4) == (lopez_end + 1, john + 4)
    # A Bengali name: its vowel signs are combining marks.
    bengali = text.index("ঠাকুর")
    assert trim_selection(text, bengali - 1, len(text)) == (bengali, bengali + len("ঠাকুর"))


def test_every_combining_mark_of_this_unicode_version_is_in_the_scanned_planes():
    import sys
    import unicodedata

    from reviewer_app.ui.navigation import _MARK_PLANES

    outside = [
        c
        for c in range(sys.maxunicode + 1)
        if unicodedata.category(chr(c)).startswith("M") and not any(c in plane for plane in _MARK_PLANES)
    ]
    assert outside == []
