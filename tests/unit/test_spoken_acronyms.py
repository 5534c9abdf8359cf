"""Bodies that lower-case speech names with their acronyms (issue 12): the acronym said
right after a name spells its initials, which marks where the name starts and that it
is one; the letters of a body found elsewhere are that body."""

from __future__ import annotations

import re

from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_acronyms import acronyms_of_organisations, names_before_their_acronyms


def _cues() -> tuple[str, ...]:
    cues = default_rules().organisation_cues
    return (*cues["before"], *cues["membership"], *cues["acronym_cues"])


def _merged(text: str, spans=()) -> set[tuple[str, str]]:
    return {(s.text_in(text), s.label) for s in merge_spans(list(spans), text)}


def test_a_lower_case_name_after_a_cue_and_before_its_acronym_is_a_body_with_it():
    text = (
        "speaker 1: you completed guiding rage into power, grip, in may. and you've done path of "
        "accountability p o a two cycles\nspeaker 2: yes p o a for sure. I'm in men of steadfast purpose, MSP"
    )
    assert names_before_their_acronyms(text, _cues()) == [
        "guiding rage into power",
        "grip",
        "path of accountability",
        "p o a",
        "men of steadfast purpose",
        "MSP",
    ]
    merged = _merged(text)
    assert ("men of steadfast purpose", "ORGANIZATION") in merged
    assert sum(1 for s in merge_spans([], text) if s.text_in(text) == "p o a") == 2  # every mention


def test_words_whose_initials_the_next_word_does_not_spell_name_nothing():
    text = (
        "speaker 1: you completed the anger management class, then what\n"
        "speaker 2: i'm in the kitchen, man. you did your time, d t y. i'm in a lot of trouble"
    )
    assert names_before_their_acronyms(text, _cues()) == []
    assert names_before_their_acronyms("i'm in men of steadfast purpose, MSP", ()) == []


def test_a_lower_case_name_said_with_its_acronym_stays_in_sentence_case_text():
    # Sentence capitals make the text look cased; the name said with its acronym stays.
    text = (
        "Speaker A: What have you done since 2023? Tell me about it. Go ahead.\n"
        "Speaker E: I'm in men of steadfast purpose, MSP, every Thursday. I facilitate now.\n"
        "Speaker A: Good. Anything else? Any jobs? Any classes?"
    )
    assert ("men of steadfast purpose", "ORGANIZATION") in _merged(text)


def test_the_spelled_letters_of_a_body_found_elsewhere_are_that_body():
    text = "i'm a facilitator in brothers keeper circle\nyes sir the b k c since twenty twenty one, a b c d"
    start = text.index("brothers")
    body = Span(start, start + len("brothers keeper circle"), "ORGANIZATION", ("spacy",), 0.85)
    found = {s.text_in(text) for s in acronyms_of_organisations([body], text)}
    assert found == {"brothers keeper circle", "b k c"}


def test_a_body_s_initials_of_three_letters_as_one_word_are_left_alone():
    # "let" of "Lake Erie Terminals" is a word; four letters ("sdca") are an acronym.
    text = "he worked at Lake Erie Terminals. they let him go. the San Diego Code Academy, the sdca"
    spans = [
        Span(text.index("Lake"), text.index("Lake") + 19, "ORGANIZATION", ("spacy",), 0.85),
        Span(text.index("San"), text.index("San") + 23, "ORGANIZATION", ("spacy",), 0.85),
    ]
    found = {s.text_in(text) for s in acronyms_of_organisations(spans, text)}
    assert "sdca" in found and "let" not in found


def test_initials_of_words_that_do_not_start_with_a_letter_spell_nothing():
    text = "the [tobias mark etty] firm & co said it; a [ m e"
    start = text.index("[tobias")
    body = Span(start, start + len("[tobias mark etty]"), "ORGANIZATION", ("spacy",), 0.85)
    assert acronyms_of_organisations([body], text) == [body]


def test_a_word_that_spells_a_bodys_initials_is_no_acronym_away_from_the_name():
    # Capitalised text writes an acronym in capitals: "grip" is a word there.
    text = (
        "I completed Guiding Rage Into Power in 2022. It taught me to get a grip on my anger. "
        "I lost my grip once. That was years ago. I am calmer now. I work every day. After Guiding Rage "
        "Into Power, grip and patience came easier."
    )
    bodies = [
        Span(m.start(), m.end(), "ORGANIZATION", ("spacy",), 0.85)
        for m in re.finditer("Guiding Rage Into Power", text)
    ]
    assert ("grip", "ORGANIZATION") not in _merged(text, bodies)
    # Lower-case speech: the word right after the name is its acronym, not "grip" later.
    speech = "i did guiding rage into power grip and i lost my grip once"
    start = speech.index("guiding")
    body = Span(start, start + len("guiding rage into power"), "ORGANIZATION", ("spacy",), 0.85)
    found = [s.text_in(speech) for s in acronyms_of_organisations([body], speech)]
    assert found == ["guiding rage into power", "grip"]
