"""Document offsets <-> Qt positions, checked against UTF-16 itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer_app.ui.text_positions import TextPositions


def utf16_position(text: str, offset: int) -> int:
    """The reference: UTF-16 units before `offset`, a "\\r\\n" counted once."""
    return len(text[:offset].encode("utf-16-le")) // 2 - text[: offset + 1].count("\r\n")


def test_characters_outside_the_bmp_are_two_positions():
    text = "😀 𝐉𝐨𝐡𝐧 met 𠀀 Smith"
    positions = TextPositions(text)
    smith = text.index("Smith")
    assert smith == 13 and positions.to_qt(smith) == 19
    assert positions.to_document(19) == smith
    assert positions.qt_length == len(text.encode("utf-16-le")) // 2
    # Between the two units of the emoji: its start, or its end when rounding up.
    assert positions.to_document(1) == 0 and positions.to_document(1, round_up=True) == 1
    assert positions.to_document_range(1, 4) == (0, 3)  # half an emoji and half of 𝐉 are taken whole


def test_combining_marks_and_bmp_specials_are_one_position_each():
    text = "Mari\u0301a\u2028x\u2029\ufffc\x00\rZo\u00eb"
    positions = TextPositions(text)
    assert positions.qt_length == len(text)
    assert [positions.to_qt(i) for i in range(len(text) + 1)] == list(range(len(text) + 1))


def test_crlf_is_one_position():
    text = "A: hi\r\nB: hi\r\nC: Smith"
    positions = TextPositions(text)
    smith = text.index("Smith")
    assert smith == 17 and positions.to_qt(smith) == 15
    assert positions.to_document(15) == smith
    assert positions.to_qt(5) == positions.to_qt(6) == 5  # before "\r", between "\r" and "\n"
    assert positions.to_document(5) == 5 and positions.to_document(6) == 7


def test_out_of_range_is_clamped():
    positions = TextPositions("a😀")
    assert positions.to_qt(-3) == 0 and positions.to_qt(99) == 3
    assert positions.to_document(-1) == 0 and positions.to_document(99) == 2


ALPHABET = st.sampled_from(
    ["a", "Z", " ", "\n", "\r\n", "\r", "é", "e\u0301", "😀", "🎉", "𝐉", "𝐨", "𠀀", "𪜀", "\u2028", "\ufffc"]
)


@settings(max_examples=100, deadline=None)
@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_conversion_matches_utf16_and_round_trips(text):
    positions = TextPositions(text)
    assert positions.qt_length == utf16_position(text, len(text))
    inside_crlf = {i + 1 for i in range(len(text) - 1) if text[i : i + 2] == "\r\n"}
    for offset in range(len(text) + 1):
        position = positions.to_qt(offset)
        assert position == utf16_position(text, offset)
        if offset not in inside_crlf:
            assert positions.to_document(position) == offset
            assert positions.to_document(position, round_up=True) == offset
    for position in range(positions.qt_length + 1):
        down = positions.to_document(position)
        up = positions.to_document(position, round_up=True)
        assert positions.to_qt(down) <= position <= positions.to_qt(up)
        assert up - down <= 1
