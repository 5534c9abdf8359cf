"""A holiday NER or propagation read as a person is a date or nothing (core/holiday_names.py)."""

from reviewer_app.core.holiday_names import fold, relabel_holidays_read_as_persons
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span


def _person(text: str, name: str, detectors: tuple[str, ...] = ("spacy",), nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(name, start + 1)
    return Span(start, start + len(name), "PERSON", detectors, 0.85)


def _labels(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(s.text_in(text), s.label) for s in relabel_holidays_read_as_persons(spans, text)]


def test_accents_are_left_out_to_compare_with_the_lists():
    assert fold("Tết") == "tet"
    assert fold("CHUSEOK") == "chuseok"


def test_a_holiday_alone_read_as_a_person_goes_at_every_mention():
    text = "Jae Won was at our house every Chuseok -- every Chuseok. Anything about Tết? Nothing."
    spans = [
        _person(text, "Jae Won"),
        _person(text, "Chuseok"),
        _person(text, "Chuseok", ("propagation",), nth=1),
        _person(text, "Tết", ("presidio", "spacy")),
    ]
    assert _labels(text, spans) == [("Jae Won", "PERSON")]


def test_a_holiday_with_more_of_its_name_or_a_year_names_one_day():
    text = "At Tết Mậu Thân, nineteen sixty-eight, I was ten. Tết 2020, before COVID, Tina came."
    spans = [
        _person(text, "Tết Mậu Thân"),
        _person(text, "Tết", ("propagation",), nth=1),
        _person(text, "Tina"),
    ]
    assert _labels(text, spans) == [("Tết Mậu Thân", "DATE"), ("Tết 2020", "DATE"), ("Tina", "PERSON")]
    text = "She called on Chuseok Day."
    assert _labels(text, [_person(text, "Chuseok Day")]) == [("Chuseok Day", "DATE")]


def test_a_name_a_cue_gave_and_holidays_that_are_given_names_stay_persons():
    text = "My daughter is Holi. Genna called the police."
    spans = [_person(text, "Holi", ("context",)), _person(text, "Genna")]
    assert _labels(text, spans) == [("Holi", "PERSON"), ("Genna", "PERSON")]


def test_the_merge_leaves_no_person_on_a_holiday_ner_read_as_one():
    text = "INCARCERATED PERSON SHIN: Daniel was twelve. He came every Chuseok, every Seollal."
    spans = [_person(text, "Daniel"), _person(text, "Chuseok"), _person(text, "Seollal")]
    persons = {s.text_in(text) for s in merge_spans(spans, text) if s.label == "PERSON"}
    assert "Chuseok" not in persons and "Seollal" not in persons and "Daniel" in persons
