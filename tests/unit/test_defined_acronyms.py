"""`defined_acronyms.label_acronyms_as_defined`: a state's postal code a place list gave a LOCATION
is the body where the document says it as a body's."""

from reviewer_app.core.defined_acronyms import label_acronyms_as_defined
from reviewer_app.core.spans import Span


def _spans(text: str, found: list[tuple[str, str]]) -> list[Span]:
    spans, pos = [], 0
    for word, label in found:
        start = text.index(word, pos)
        spans.append(Span(start, start + len(word), label, ("spacy",)))
        pos = start + len(word)
    return spans


def _labels(text: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(s.text_in(text), s.label) for s in label_acronyms_as_defined(_spans(text, found), text)]


def test_a_postal_code_said_after_the_is_the_body_at_every_mention_outside_an_address():
    text = "Did you go to the VA? I get VA benefits. Mail goes to Richmond, VA 23219."
    found = [("VA", "LOCATION"), ("VA", "LOCATION"), ("Richmond", "LOCATION"), ("VA", "LOCATION")]
    assert _labels(text, found) == [
        ("VA", "ORGANIZATION"),
        ("VA", "ORGANIZATION"),
        ("Richmond", "LOCATION"),
        ("VA", "LOCATION"),
    ]


def test_a_postal_code_inside_an_organisation_name_is_the_body_alone_too():
    text = "The Sacramento VA Medical Center, and my VA benefits."
    found = [("Sacramento VA Medical Center", "ORGANIZATION"), ("VA", "LOCATION")]
    assert _labels(text, found)[1] == ("VA", "ORGANIZATION")


def test_a_postal_code_the_document_never_says_as_a_body_stays_a_place():
    text = "He moved to VA in 2019. Then Norfolk, VA."
    found = [("VA", "LOCATION"), ("Norfolk", "LOCATION"), ("VA", "LOCATION")]
    assert [label for _, label in _labels(text, found)] == ["LOCATION"] * 3


def test_a_prison_code_said_after_the_stays_a_place():
    text = "We're in the CMF hospice room. Physician and Surgeon, CMF."
    found = [("CMF", "LOCATION"), ("CMF", "LOCATION")]
    assert [label for _, label in _labels(text, found)] == ["LOCATION"] * 2


def test_a_postal_code_said_as_the_state_stays_a_place_where_another_mention_is_a_body():
    text = "The PA saw me at the clinic. Later I moved to Pittsburgh, PA, and I lived in PA a year."
    found = [("PA", "LOCATION"), ("Pittsburgh", "LOCATION"), ("PA", "LOCATION"), ("PA", "LOCATION")]
    assert _labels(text, found) == [
        ("PA", "ORGANIZATION"),
        ("Pittsburgh", "LOCATION"),
        ("PA", "LOCATION"),
        ("PA", "LOCATION"),
    ]


def test_two_capitals_that_are_no_states_code_stay_a_place():
    # "the UK", "the US" name countries, not a state's code said as a body ("the VA").
    text = "The UK and the US left. I moved to the UK in 2004. The VA helped."
    found = [("UK", "LOCATION"), ("US", "LOCATION"), ("UK", "LOCATION"), ("VA", "LOCATION")]
    assert _labels(text, found) == [
        ("UK", "LOCATION"),
        ("US", "LOCATION"),
        ("UK", "LOCATION"),
        ("VA", "ORGANIZATION"),
    ]
