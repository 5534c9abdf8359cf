"""A name's gloss in brackets right after it is part of the mention (core/bracket_glosses.py),
in written text of the general profile, not in a conversation nor a hearing."""

from __future__ import annotations

from reviewer_app.core.bracket_glosses import take_in_bracketed_glosses
from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.detectors.profiles import GENERAL, HEARING, profile_table

NOTES = frozenset({"inaudible", "interpreter", "crosstalk"})
DETERMINERS = frozenset({"the", "a", "his", "her", "this"})


def _span(text: str, phrase: str, label: str) -> Span:
    start = text.index(phrase)
    return Span(start, start + len(phrase), label)


def _texts(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(s.text_in(text), s.label) for s in take_in_bracketed_glosses(spans, text, NOTES, DETERMINERS)]


def test_a_name_in_its_own_language_in_brackets_is_part_of_the_mention():
    text = "On 23 October 1997 the Częstochowa Regional Court (Sąd Wojewódzki w Częstochowie) ruled."
    court = _span(text, "Częstochowa Regional Court", "ORGANIZATION")
    assert _texts(text, [court]) == [
        ("Częstochowa Regional Court (Sąd Wojewódzki w Częstochowie)", "ORGANIZATION")
    ]


def test_what_an_acronym_stands_for_is_taken_in_with_the_pieces_tagged_inside_it():
    text = "a member of the PKK (the Kurdistan Workers' Party), an illegal organisation"
    spans = [_span(text, "PKK", "ORGANIZATION"), _span(text, "Kurdistan Workers' Party", "ORGANIZATION")]
    assert _texts(text, spans) == [("PKK (the Kurdistan Workers' Party)", "ORGANIZATION")]


def test_a_region_after_a_place_and_a_currency_code_after_a_sum():
    text = "detained in Muret Prison (Haute-Garonne) and fined 141 Deutsch Mark [DEM] in 1999"
    spans = [_span(text, "Muret Prison", "LOCATION"), _span(text, "141 Deutsch Mark", "AMOUNT")]
    assert _texts(text, spans) == [
        ("Muret Prison (Haute-Garonne)", "LOCATION"),
        ("141 Deutsch Mark [DEM]", "AMOUNT"),
    ]


def test_a_sum_converted_into_another_currency_in_brackets_is_one_mention():
    text = "a pension of PLN 552.21 [approx. EUR 138] and a fee (approx. ten percent)"
    spans = [
        _span(text, "PLN 552.21", "AMOUNT"),
        _span(text, "EUR 138", "AMOUNT"),
        _span(text, "a fee", "AMOUNT"),
    ]
    assert _texts(text, spans) == [("PLN 552.21 [approx. EUR 138]", "AMOUNT"), ("a fee", "AMOUNT")]


def test_a_gloss_already_tagged_whole_keeps_its_own_span():
    text = "He was held at Lakeview Correctional Facility (LCF) and born in Diyarbakır (Turkey)."
    spans = [
        _span(text, "Lakeview Correctional Facility", "LOCATION"),
        _span(text, "LCF", "LOCATION"),
        _span(text, "Diyarbakır", "LOCATION"),
        _span(text, "Turkey", "LOCATION"),
    ]
    assert _texts(text, spans) == [(s.text_in(text), s.label) for s in spans]


def test_references_notes_roles_and_persons_are_no_gloss():
    text = (
        "the Constitutional Court (see paragraph 12 above), the Supreme Court (Article 6), "
        "Folsom (Inaudible), the Board (Interpreter), Mr Erdal Kıran (“the Applicant”)."
    )
    spans = [
        _span(text, "Constitutional Court", "ORGANIZATION"),
        _span(text, "Supreme Court", "ORGANIZATION"),
        _span(text, "Folsom", "LOCATION"),
        _span(text, "Board", "ORGANIZATION"),
        _span(text, "Erdal Kıran", "PERSON"),
    ]
    assert _texts(text, spans) == [(s.text_in(text), s.label) for s in spans]


def test_brackets_holding_a_person_or_another_kind_of_mention_are_no_gloss():
    text = (
        "sent to the Warsaw Regional Court (Judge Anna Nowak presiding). "
        "He paid 500 euros (Maria Schmidt's share) to the court. "
        "The fine was EUR 1,200 (John Smith paid it) in 2003. "
        "The Municipality of Mattighofen (The mayor, Franz Huber) objected. "
        "A last EUR 300 (March 2004 instalment) was due."
    )
    spans = [
        _span(text, "Warsaw Regional Court", "ORGANIZATION"),
        _span(text, "Judge Anna Nowak", "PERSON"),
        _span(text, "500 euros", "AMOUNT"),
        _span(text, "Maria Schmidt", "PERSON"),
        _span(text, "EUR 1,200", "AMOUNT"),
        _span(text, "John Smith", "PERSON"),
        _span(text, "2003", "DATE"),
        _span(text, "Municipality of Mattighofen", "LOCATION"),
        _span(text, "Franz Huber", "PERSON"),
        _span(text, "EUR 300", "AMOUNT"),
        _span(text, "March 2004", "DATE"),
    ]
    assert _texts(text, spans) == [(s.text_in(text), s.label) for s in spans]


def test_a_gloss_opens_with_a_name_not_merely_with_a_capital():
    text = (
        "The Municipality of Mattighofen (The mayor, Franz Huber) objected, "
        "the Braunau District Authority (His office in Braunau) agreed "
        "and the International Court of Justice (The Hague) ruled."
    )
    spans = [
        _span(text, "Municipality of Mattighofen", "LOCATION"),
        _span(text, "Braunau District Authority", "ORGANIZATION"),
        _span(text, "International Court of Justice", "ORGANIZATION"),
    ]
    assert _texts(text, spans) == [
        ("Municipality of Mattighofen", "LOCATION"),
        ("Braunau District Authority", "ORGANIZATION"),
        ("International Court of Justice (The Hague)", "ORGANIZATION"),
    ]


def test_a_span_that_runs_on_past_the_brackets_is_left_as_it_is():
    text = "the Ensemble (Berlin branch of Weinert Ensemble Company) performed"
    spans = [
        _span(text, "Ensemble", "ORGANIZATION"),
        _span(text, "Weinert Ensemble Company) performed", "ORGANIZATION"),
    ]
    assert _texts(text, spans) == [(s.text_in(text), s.label) for s in spans]


def test_the_merge_takes_glosses_in_only_when_asked():
    text = "the Braunau District Authority (Bezirkshauptmannschaft) ordered the works"
    body = [_span(text, "Braunau District Authority", "ORGANIZATION")]
    asked = merge_spans(body, text, with_propagation=False, bracketed_glosses=True)
    assert [s.text_in(text) for s in asked] == ["Braunau District Authority (Bezirkshauptmannschaft)"]
    assert [s.text_in(text) for s in merge_spans(body, text, with_propagation=False)] == [
        "Braunau District Authority"
    ]


def test_written_text_of_the_general_profile_takes_glosses_in_a_conversation_and_a_hearing_do_not():
    lines = [("AGENT", "Which office?"), ("CALLER", "The district office (Inaudible).")] * 3
    text, utterances = "", []
    for speaker, words in lines:
        line = f"{speaker}: {words}"
        utterances.append(Utterance(speaker, len(text), len(text) + len(line)))
        text += line + "\n"
    call = Document("call", text, utterances=tuple(utterances))
    general = profile_table().get(GENERAL)
    assert general.for_document(Document("judgment", "x")).merge_options()["bracketed_glosses"]
    assert not general.for_document(call).merge_options()["bracketed_glosses"]
    assert not profile_table().get(HEARING).merge_options()["bracketed_glosses"]
