"""Reading a text into words: kept for the next reader of the same text, each reader with a list
of its own; the Reader's words as the words say."""

from __future__ import annotations

from reviewer_app.core.spoken_numbers import Reader, Word, words_of

TEXT = "I was born on the fifth of May, nineteen eighty-one; I’m 42 now, on the 3rd."


def test_the_words_of_a_text_are_read_again_alike_into_a_list_of_the_callers_own():
    first = words_of(TEXT)
    assert [w.text for w in first][:6] == ["i", "was", "born", "on", "the", "fifth"]
    assert Word("i'm", TEXT.index("I’m"), TEXT.index("I’m") + 3) in first
    first.pop()
    first[0] = Word("changed", 0, 1)
    again = words_of(TEXT)
    assert again is not first
    assert again[0] == Word("i", 0, 1) and again[-1].text == "3rd"
    assert words_of(TEXT + " Eighteen.")[-1] == Word("eighteen", len(TEXT) + 1, len(TEXT) + 9)


def test_the_reader_reads_each_words_text_and_nothing_outside_them():
    words = words_of("twenty five, oh")
    reader = Reader(words)
    assert [reader._word(i) for i in range(-2, 5)] == ["", "", "twenty", "five", "oh", "", ""]
    assert reader.read_cardinal(0).value == 25


def test_the_reader_reads_decimal_digits_only():
    # `str.isdigit` holds for a superscript or circled digit too, which `int` cannot read.
    for text in ("footnote ² below", "item ① here", "item ⑴ here"):
        reader = Reader(words_of(text))
        assert reader.read_small(1) is None and reader.read_cardinal(1) is None
        assert reader.read_year(1) is None
    assert Reader(words_of("page 12 here")).read_small(1).value == 12
