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


def test_a_name_before_its_number_or_alone_in_capitals_on_a_line_is_the_ordinary_word():
    from reviewer_app.core.name_propagation import is_sentence_initial_homograph

    text = "INDEX\n          PAGE\nD. PAGE   Page 7 of 10\nMR. PAGE said it is on page 14. DECISION PAGE 2"
    lower = lowercase_words(text)

    def homograph(word: str, nth: int = 0) -> bool:
        start = -1
        for _ in range(nth + 1):
            start = text.index(word, start + 1)
        return is_sentence_initial_homograph(text, start, start + len(word), lower)

    assert homograph("PAGE") and homograph("Page") and homograph("PAGE", 3)
    assert not homograph("PAGE", 1) and not homograph("PAGE", 2)  # "D. PAGE", "MR. PAGE"


def test_a_name_that_opens_a_line_the_layout_wrapped_is_no_sentence_start():
    from reviewer_app.core.name_propagation import is_sentence_initial_homograph

    text = (
        "VANG: Thank you. Commissioner\nMarsh, M-A-R-S-H, is with me.\nWe walked by the marsh.\nMarsh is wet."
    )
    lower = lowercase_words(text)
    first, last = text.index("Marsh"), text.rindex("Marsh")
    assert not is_sentence_initial_homograph(text, first, first + 5, lower)
    assert is_sentence_initial_homograph(text, last, last + 5, lower)
