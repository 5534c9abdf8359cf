"""Bodies that lower-case speech names with their acronyms (issue 12): the acronym said
right after a name spells its initials, which marks where the name starts and that it
is one; the letters of a body found elsewhere are that body."""

from __future__ import annotations

import re

from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_acronyms import (
    acronyms_of_organisations,
    names_after_cues,
    names_before_their_acronyms,
)


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


def _names_after_cues(text: str) -> list[str]:
    rules = default_rules()
    cues = rules.organisation_cues
    said = "|".join(re.escape(c) for c in cues["naming"])
    loose = "|".join(re.escape(c) for c in (*cues["before"], *cues["membership"]))
    breaks = rules.function_words | rules.determiners | frozenset(cues["spoken_name_breaks"])
    kinds = frozenset(k.lower() for k in cues["after"])
    found = names_after_cues(text, said, breaks, rules.known_places, kinds, rules.organisation_heads, loose)
    return [text[a:b] for a, b in found]


def test_a_lower_case_name_after_a_naming_cue_runs_to_the_first_word_no_name_has():
    text = (
        "i have a job offer from coastline roofing supply in castroville. he died at community hospital "
        "of the monterey peninsula\nshe worked at o'connor hospital thirty years. i worked for gulf coast "
        "pipe and supply and then i came back"
    )
    assert _names_after_cues(text) == [
        "coastline roofing supply",
        "community hospital of the monterey peninsula",
        "o'connor hospital",
        "gulf coast pipe and supply",
    ]


def test_one_word_a_known_place_or_a_kind_of_programme_after_a_cue_is_no_name():
    text = (
        "i worked at target for a while. i worked at long beach two years. i completed the welding "
        "program. i worked at the, um, the cannery. i worked for my uncle. i facilitate tuesday mornings"
    )
    assert _names_after_cues(text) == []


def test_an_ordinary_phrase_after_a_cue_that_may_introduce_any_is_no_name():
    # "I go to", "I took", "part of", "facilitated", "signed up for" introduce any phrase: a name after
    # them needs a head; so does one after "the", and "and the" joins two phrases, not a name's words.
    text = (
        "yeah i go to sleep early now and he goes to work late most nights. i took cold showers and i "
        "did push ups every day. i was part of the gang life back then. my cousin facilitated the sale of "
        "drugs to minors. he was a senior at the time of the crime. i signed up for food stamps and food "
        "stamps helped. i worked at the car wash and the car wash paid cash"
    )
    assert _names_after_cues(text) == []
    assert not [s for s in merge_spans([], text) if s.label == "ORGANIZATION"]
    text = "he goes to bakersfield college now. i worked at the valley harvest cannery and the yard"
    assert sorted(_names_after_cues(text)) == ["bakersfield college", "valley harvest cannery"]


def test_a_lower_case_employer_is_an_organisation_at_every_mention_in_lower_case_speech():
    text = (
        "speaker 1: so where were you working\nspeaker 2: i got on at valley sheet and tube in sixty two\n"
        "speaker 1: okay and your dad\nspeaker 2: he was at valley sheet and tube too thirty one years\n"
        "speaker 1: and after that\nspeaker 2: i worked for gulf coast pipe and supply in pasadena"
    )
    merged = merge_spans([], text)
    found = [s.text_in(text) for s in merged if s.label == "ORGANIZATION"]
    assert found == ["gulf coast pipe and supply"]  # "got on at" is no cue
    text = text.replace("got on at", "worked at")
    found = [s.text_in(text) for s in merge_spans([], text) if s.label == "ORGANIZATION"]
    assert found == ["valley sheet and tube", "valley sheet and tube", "gulf coast pipe and supply"]


def test_a_name_after_a_cue_in_text_written_with_capitals_is_left_to_ner():
    text = (
        "Speaker 1: Where were you working? Tell me. Go ahead. Take your time.\n"
        "Speaker 2: I worked at the, you know, the plant. I worked for gulf coast pipe and supply. Yes.\n"
        "Speaker 1: Thank you. Next question. Who was your supervisor?"
    )
    assert not [s for s in merge_spans([], text) if s.label == "ORGANIZATION"]


def test_one_utterance_in_lower_case_gives_too_little_to_read_a_name_after_a_cue():
    said = "as a permanent member of the security council russia needs to take its responsibility"
    assert not [s for s in merge_spans([], said) if s.label == "ORGANIZATION"]
    turns = f"speaker 1: and then\nspeaker 2: {said}\nspeaker 1: okay"
    found = [s.text_in(turns) for s in merge_spans([], turns) if s.label == "ORGANIZATION"]
    assert found == ["security council"]
