"""The given name before a surname NER found alone (`core/given_names.py`), and its other
mentions said alone."""

from __future__ import annotations

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.given_names import take_in_given_names
from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.spans import Span

NOT_NAMES = frozenset({"officer", "uncle", "then", "hey", "fresno", "the", "defendant"})


def person(text: str, word: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Span(start, start + len(word), "PERSON", ("spacy",))


def widened(text: str, spans: list[Span]) -> list[str]:
    return [s.text_in(text) for s in take_in_given_names(spans, text, lowercase_words(text), NOT_NAMES)]


def test_the_capitalised_word_before_a_surname_is_its_given_name():
    text = "That's right, Tremaine Whitfield. I'll be working with him."
    assert widened(text, [person(text, "Whitfield")]) == ["Tremaine Whitfield"]


def test_titles_kin_places_and_words_written_in_lower_case_are_no_given_names():
    text = "Officer Whitfield and Uncle Whitfield met in Fresno Whitfield's way. Here Now Whitfield, now."
    spans = [person(text, "Whitfield", k) for k in range(4)]
    assert widened(text, spans) == ["Whitfield"] * 4
    # Where the name's span holds its title, the word before is no given name.
    text = "Before Immigration Officer Morales today."
    assert widened(text, [person(text, "Officer Morales")]) == ["Officer Morales"]
    # A plural of a role, or of a word the document writes in lower case, is no given name.
    text = "For Defendants Mercer and Lamb: the guard saw it, and then Guards Lamb came."
    assert widened(text, [person(text, "Mercer"), person(text, "Lamb", 1)]) == ["Mercer", "Lamb"]


def test_a_word_opening_a_sentence_is_a_given_name_only_where_a_name_holds_it():
    text = "Hey Whitfield, sit down. Tremaine Marsh came too."
    spans = [person(text, "Whitfield"), person(text, "Marsh")]
    assert widened(text, spans) == ["Whitfield", "Marsh"]
    # NER found "Tremaine Whitfield" whole elsewhere: "Tremaine" opening a sentence is his given name.
    text = "Is that Tremaine Whitfield? Hey Marsh, sit down. Tremaine Marsh came too."
    spans = [person(text, "Tremaine Whitfield"), person(text, "Marsh"), person(text, "Marsh", 1)]
    assert widened(text, spans) == ["Tremaine Whitfield", "Marsh", "Tremaine Marsh"]


def test_a_possessive_and_a_covered_word_are_left_alone():
    text = "It was Maria's Whitfield cousin, and Dorsey Whitfield."
    dorsey = Span(text.index("Dorsey"), text.index("Dorsey") + 6, "LOCATION", ("spacy",))
    spans = [person(text, "Whitfield"), dorsey, person(text, "Whitfield", 1)]
    assert widened(text, spans) == ["Whitfield", "Dorsey", "Whitfield"]


def test_the_given_name_said_alone_elsewhere_is_a_person_too():
    text = (
        "Speaker 3: Tremaine, you're from the program?\n"
        "Speaker 1: That's right, Tremaine Whitfield. I'll be working with him.\n"
    )
    found = merge_spans([person(text, "Whitfield")], text, default_rules())
    persons = [("Tremaine", "PERSON"), ("Tremaine Whitfield", "PERSON")]
    assert [(s.text_in(text), s.label) for s in found] == persons


def test_a_word_written_in_lower_case_elsewhere_is_no_given_name_inside_a_sentence():
    # NER's "Court" of "Juvenile Court Law": made a name "Juvenile Court", its words would be
    # tagged at every "THE COURT:".
    text = "Section 777 of the Juvenile Court Law applies. He is a juvenile. We are on the record.\n"
    assert widened(text, [person(text, "Court")]) == ["Court"]


def test_a_speaker_saying_her_own_name_at_her_turns_opening_gives_her_given_name():
    text = "ATTORNEY MERCY: Hope Mercy for Ms. Rivers.\nINMATE RIVERS: Thanks Mercy, I hope so.\n"
    tags = [(0, 14), (text.index("INMATE"), text.index("INMATE") + 13)]
    # Her surname there is hers although NER read it as nothing; "Thanks Mercy" is no name.
    spans = [person(text, "Rivers"), person(text, "Mercy", 1)]
    found = take_in_given_names(spans, text, lowercase_words(text), NOT_NAMES, tags)
    assert [s.text_in(text) for s in found] == ["Hope Mercy", "Rivers", "Mercy"]
    assert widened(text, [person(text, "Mercy"), *spans]) == ["Mercy", "Rivers", "Mercy"]
    # A role's tag says no name: "THE COURT: The Court finds".
    text = "THE COURT: The Court finds it true.\n"
    assert take_in_given_names([], text, lowercase_words(text), NOT_NAMES, [(0, 9)]) == []
