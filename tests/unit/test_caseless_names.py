"""Names in lower-case speech (core/caseless_names.py): full names said again."""

from __future__ import annotations

from reviewer_app.core.caseless_names import propagate_caseless_name_words
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span

# As the casing model counts them: "report" mostly lower case, "grace" and "long" written both ways.
COUNTS = {"report": 1293, "Report": 59, "grace": 66, "Grace": 40, "long": 2213, "Long": 101, "dated": 52}
TITLES = frozenset({"miss", "mister"})


def person(text: str, word: str, nth: int = 0, detectors: tuple[str, ...] = ("spacy",)) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Span(start, start + len(word), "PERSON", detectors)


def test_an_ordinary_word_read_as_a_person_stays_a_person_for_the_reviewer():
    # "bill" is counted mostly in lower case, and is a name here: no rule drops it.
    text = "i talked to bill yesterday about the report"
    spans = [person(text, "bill")]
    counts = {**COUNTS, "bill": 900, "Bill": 20}
    assert [s.text_in(text) for s in merge_spans(spans, text, casing_counts=counts)] == ["bill"]


NAME_COUNTS = {**COUNTS, "walter": 3, "Walter": 250, "house": 900, "House": 80, "bishop": 10, "Bishop": 20}
NOT_NAMES = frozenset({"mr", "sergeant", "aunt"})
DETERMINERS = frozenset({"the", "a", "my"})


def test_a_word_of_a_full_name_is_a_name_where_said_alone():
    text = "walter fenske was my grandfather. mr. fenske, you may speak. fenske: thank you"
    full = Span(0, 13, "PERSON", ("spacy",))
    found = propagate_caseless_name_words([full], text, NAME_COUNTS, NOT_NAMES, DETERMINERS)
    assert [s.text_in(text) for s in found] == ["walter fenske", "fenske", "fenske"]
    assert all(s.label == "PERSON" for s in found)


def test_ordinary_words_titles_and_words_after_a_determiner_are_not_taken():
    text = "good morning barnaby house and sergeant bishop. the bishop came to the house. sergeant bishop sat"
    full = Span(13, 26, "PERSON", ("spacy",))  # "barnaby house": "house" is a word
    titled = Span(31, 46, "PERSON", ("spacy",))  # "sergeant bishop"
    found = propagate_caseless_name_words([full, titled], text, NAME_COUNTS, NOT_NAMES, DETERMINERS)
    added = [s.text_in(text) for s in found if s not in (full, titled)]
    assert added == ["bishop"]  # the last "bishop", after "sergeant"; not "the bishop" nor "the house"


def test_the_merge_takes_a_full_names_words_alone_only_when_given_the_casing_counts():
    text = "my grandfather was walter fenske and we loved him\nthank you for coming fenske family"
    spans = [Span(19, 32, "PERSON", ("spacy",))]
    assert len(merge_spans(spans, text)) == 1
    found = merge_spans(spans, text, casing_counts=NAME_COUNTS)
    assert [s.text_in(text) for s in found if s.label == "PERSON"] == ["walter fenske", "fenske"]
