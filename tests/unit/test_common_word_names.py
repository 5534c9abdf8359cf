"""Phrases of ordinary words that NER read as a person's name (core/common_word_names.py)."""

from __future__ import annotations

from reviewer_app.core.common_word_names import drop_phrases_of_ordinary_words
from reviewer_app.core.merge import merge_spans
from tests.unit.test_context_rules import _span

# Sentences enough for the text to count as one that capitalises names.
_PROSE = (
    "The clerk was killed in 1994. He was nineteen. The victim services office called. "
    "The family was told. The board met in May. The parole was granted.\n"
)


def test_a_headline_read_as_a_name_is_no_person_nor_makes_its_words_persons():
    text = (
        "Thirty-Two Years After A Hanford Clerk Was Killed\n"
        + _PROSE
        + "He shot a clerk in Hanford in 1994. Not everyone in Hanford agrees.\n"
    )
    ner = [
        _span(text, "Hanford Clerk Was Killed", "PERSON"),
        _span(text, "Hanford", "LOCATION", 1),
        _span(text, "Hanford", "LOCATION", 2),
    ]
    labels = {(s.text_in(text), s.label) for s in merge_spans(ner, text)}
    assert ("Hanford Clerk Was Killed", "PERSON") not in labels
    assert ("Hanford", "PERSON") not in labels and ("Hanford", "LOCATION") in labels


def test_a_job_title_of_ordinary_words_read_as_a_name_is_dropped():
    text = "Representative: Celeste Marroquin, Victim Services Representative\n" + _PROSE
    ner = [
        _span(text, "Celeste Marroquin", "PERSON"),
        _span(text, "Victim Services Representative", "PERSON"),
    ]
    kept = {s.text_in(text) for s in drop_phrases_of_ordinary_words(ner, text)}
    assert kept == {"Celeste Marroquin"}


def test_a_name_of_ordinary_words_stays_where_the_document_shows_it_as_a_name():
    # "Mark Young" beside "Mr. Young"; "Will Long" beside another PERSON span with "Long";
    # one ordinary word alone ("Denise Long"); a name said in lower case only in an address.
    text = (
        "Mark Young spoke first. Mr. Young was young then and made his mark. Will Long came. "
        "Long is his name. "
        "We will wait long. Denise Long was there. Write to darlene.whitacre@example.org, "
        "Darlene Whitacre.\n" + _PROSE
    )
    ner = [
        _span(text, "Mark Young", "PERSON"),
        _span(text, "Will Long", "PERSON"),
        _span(text, "Long", "PERSON", 1),
        _span(text, "Denise Long", "PERSON"),
        _span(text, "Darlene Whitacre", "PERSON"),
    ]
    assert drop_phrases_of_ordinary_words(ner, text) == ner


def test_a_transcript_that_writes_names_in_lower_case_keeps_its_names():
    # Speech recognition capitalises its sentences but writes the names it does not know in
    # lower case ("Mr. wheat"): there a name's words in lower case are no ordinary words.
    text = "Rose Wheat is here. Mr. wheat said yes. Mr. wheat left. A rose grew.\n" + _PROSE
    ner = [_span(text, "Rose Wheat", "PERSON")]
    assert drop_phrases_of_ordinary_words(ner, text) == ner


def test_a_span_a_cue_found_is_kept():
    text = "Victim Services Representative\n" + _PROSE
    found = [_span(text, "Victim Services Representative", "PERSON", detector="context")]
    assert drop_phrases_of_ordinary_words(found, text) == found
