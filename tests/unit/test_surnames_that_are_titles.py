"""A surname that is a title word closes a name NER cut before it ("My cousin Will Judge")."""

from reviewer_app.core.name_edges import take_in_surnames_that_are_titles
from reviewer_app.core.spans import Span

_TITLES = frozenset({"judge", "deputy", "commissioner", "court", "officer"})
_HEADS = frozenset({"court", "street"})


def _person(text: str, name: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(name, start + 1)
    return Span(start, start + len(name), "PERSON", ("spacy",))


def _names(text: str, spans: list[Span]) -> list[str]:
    return [s.text_in(text) for s in take_in_surnames_that_are_titles(spans, text, _TITLES, _HEADS)]


def test_a_title_word_closing_the_phrase_after_a_name_is_its_surname():
    text = "My cousin Will Judge comes every month. Will Judge's letter came. I met Ana Deputy.\nOK"
    spans = [_person(text, "Will"), _person(text, "Will", 1), _person(text, "Ana")]
    assert _names(text, spans) == ["Will Judge", "Will Judge", "Ana Deputy"]


def test_a_title_before_another_name_or_a_head_word_is_no_surname():
    text = (
        "Thank you, Will. Judge, go on. I told Dana Judge Ortiz. She lived on Dana Court for years. "
        "DELEON JUDGE: Yes. Ask Dana Officer Ruiz."
    )
    spans = [
        _person(text, "Will"),
        _person(text, "Dana"),
        _person(text, "Dana", 1),
        _person(text, "DELEON"),
        _person(text, "Dana", 2),
    ]
    assert _names(text, spans) == ["Will", "Dana", "Dana", "DELEON", "Dana"]
