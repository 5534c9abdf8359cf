from reviewer_app.core.casing import lowercase_words


def test_an_accented_word_is_one_word_not_its_first_letters():
    words = lowercase_words("We drove to méxico and ate at a café.")
    assert {"méxico", "café"} <= words
    assert "m" not in words and "caf" not in words


def test_a_hyphenated_compound_is_one_word_and_a_capital_inside_keeps_it_out():
    words = lowercase_words("He did self-help classes, an anti-American tract, and 1990s music.")
    assert "self-help" in words and "self" not in words
    assert not any(w.startswith("anti") for w in words)


def test_a_word_written_only_with_a_capital_is_not_there():
    words = lowercase_words("Long story short, Mr. Long left. It was a long night.")
    assert "long" in words and "story" in words
    assert "mr" not in words and "Long" not in words
    assert "left" in lowercase_words("He left.") and "long" not in lowercase_words("Mr. Long left.")
