"""A year said again by its last two digits alone, where the document dates something to that year
(`core.years_said_again`)."""

from __future__ import annotations

from reviewer_app.core.spans import Span
from reviewer_app.core.years_said_again import years_said_again


def dates(text: str, *said: str) -> list[Span]:
    return [Span(text.index(s), text.index(s) + len(s), "DATE", ("spacy",)) for s in said]


def found(text: str, spans: list[Span]) -> list[str]:
    return [s.text_in(text) for s in years_said_again(spans, text) if s.label == "DATE"]


def test_a_bare_number_that_a_date_of_the_document_names_is_that_year():
    text = "The flood of 1964 took the bridge. Do you remember sixty-four?"
    assert found(text, dates(text, "1964")) == ["1964", "sixty-four"]
    text = "I was ten, so seventy-eight. Summer of seventy-eight."
    assert found(text, dates(text, "Summer of seventy-eight")) == ["seventy-eight", "Summer of seventy-eight"]
    text = "We left in '71. June of seventy-one, I think."
    assert found(text, dates(text, "'71")) == ["'71", "seventy-one"]


def test_no_year_of_that_value_no_phrase_end_or_a_span_over_it_leaves_the_number():
    # No date of the document names 1965.
    text = "The flood of 1964 took the bridge. Do you remember sixty-five?"
    assert found(text, dates(text, "1964")) == ["1964"]
    # The number goes on into what it counts.
    text = "The flood of 1964 took the bridge. Sixty-four houses went."
    assert found(text, dates(text, "1964")) == ["1964"]
    # Another span says what it is.
    text = "The flood of 1964 took the bridge. He's sixty-four."
    age = Span(text.index("sixty"), text.index("sixty") + 10, "AGE", ("presidio",))
    assert found(text, [*dates(text, "1964"), age]) == ["1964"]
    # A year said with digits is the patterns'; under thirty a bare number is as often a count.
    text = "We came in 2024. That was twenty-four."
    assert found(text, dates(text, "2024")) == ["2024"]
