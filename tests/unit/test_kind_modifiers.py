"""A name said as the modifier of a kind of body ("the X dog program") is that body's name
(core/kind_modifiers.py)."""

from reviewer_app.core.kind_modifiers import label_names_before_kinds
from reviewer_app.core.merge import default_rules
from reviewer_app.core.spans import Span


def _label(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    rules = default_rules()
    out = label_names_before_kinds(
        spans,
        text,
        rules.organisation_cues,
        rules.organisation_heads,
        rules.known_places,
        rules.known_groups,
        rules.function_words | rules.clause_words,
    )
    return [(s.text_in(text), s.label) for s in out]


def _found(text: str, name: str, label: str) -> Span:
    start = text.index(name)
    return Span(start, start + len(name), label, ("spacy",))


def test_a_name_nothing_found_before_lower_case_modifiers_and_a_kind_is_an_organisation():
    text = "The Paws for Change dog program, and then the Pathways Home domestic violence group."
    assert _label(text, []) == [("Paws for Change", "ORGANIZATION"), ("Pathways Home", "ORGANIZATION")]


def test_a_place_ner_made_of_a_body_named_before_its_kind_is_relabelled_over_the_whole_name():
    text = "The record says a Circle Stop market on East Vista Way. The rivals were the Hebbron Heights guys."
    start = text.index("Hebbron")
    spans = [
        Span(text.index("Circle"), text.index(" market"), "LOCATION", ("spacy",)),
        Span(start, start + len("Hebbron"), "LOCATION", ("spacy",)),
    ]
    assert _label(text, spans) == [("Circle Stop", "ORGANIZATION"), ("Hebbron Heights", "ORGANIZATION")]


def test_a_place_ner_found_before_a_kinds_modifiers_stays_a_place():
    text = "On 6 December 1985 the Rhineland Westphalia electricity-supply company sued him."
    spans = [_found(text, "Rhineland Westphalia", "LOCATION")]
    assert _label(text, spans) == [("Rhineland Westphalia", "LOCATION")]


def test_groups_places_weekdays_stages_acronyms_and_persons_before_a_kind_are_left_alone():
    text = (
        "I go to the Buddhist group, the Thursday group and the English class. We met at the "
        "Facility B program office near the Fresno market. He did the ADN program at the A Facility "
        "clinic. I had a Kowalski in my class, and Mr. Dorsey is in the Dorsey group."
    )
    dorsey = text.rindex("Dorsey")
    person = Span(dorsey, dorsey + len("Dorsey"), "PERSON", ("spacy",))
    assert _label(text, [person]) == [("Dorsey", "PERSON")]


def test_one_word_the_text_also_writes_in_lower_case_is_no_name():
    assert _label("I go to the Youth group; youth come on Fridays.", []) == []
    assert _label("I go to the Youth group on Fridays.", []) == [("Youth", "ORGANIZATION")]


def test_a_place_before_an_organisation_head_in_lower_case_is_widened_over_it():
    text = (
        "Also Hartnell college, two classes. It was a Fresno police officer. I go to Arbor Gate "
        "reentry in salinas. I went to seaside high till tenth grade."
    )
    spans = [
        _found(text, "Hartnell", "LOCATION"),
        _found(text, "Fresno", "LOCATION"),
        _found(text, "Arbor Gate", "LOCATION"),
        _found(text, "seaside", "LOCATION"),
    ]
    assert _label(text, spans) == [
        ("Hartnell college", "ORGANIZATION"),
        ("Fresno police", "ORGANIZATION"),
        ("Arbor Gate reentry", "ORGANIZATION"),
        ("seaside high", "ORGANIZATION"),
    ]


def test_a_generic_head_after_a_town_or_a_name_stays_a_common_noun():
    text = "He reports to the Oakland office. Not the Shafter court. My sister Mary living in Fresno."
    spans = [
        _found(text, "Oakland", "LOCATION"),
        _found(text, "Shafter", "LOCATION"),
        _found(text, "Mary", "PERSON"),
    ]
    assert _label(text, spans) == [("Oakland", "LOCATION"), ("Shafter", "LOCATION"), ("Mary", "PERSON")]


def test_a_person_or_a_place_opening_a_clause_before_a_head_word_is_never_widened():
    text = (
        "I got Carlos high that night and then Maria stop talking to me. I told Daniel project was "
        "due, and Rosa circle back later. Steve lodge a complaint. Ramirez police report said I was "
        "late. Also Hartnell college, two classes. In Fresno police said so."
    )
    names = ["Carlos", "Maria", "Daniel", "Rosa", "Steve", "Ramirez", "Hartnell"]
    spans = [*(_found(text, n, "PERSON") for n in names), _found(text, "Fresno", "LOCATION")]
    assert _label(text, spans) == [*((n, "PERSON") for n in names), ("Fresno", "LOCATION")]


def test_a_holiday_before_a_kind_is_no_name():
    text = "The Christmas market and the Halloween open house were fun. We went to the Cinco de Mayo party."
    assert _label(text, []) == []


def _named_programmes(count: int) -> tuple[str, list[Span]]:
    """`count` sentences "I went to the BrightXyz program today.", each name found as a place."""
    sentences, spans, offset = [], [], 0
    for k in range(count):
        name = "Bright" + "".join(chr(ord("a") + (k // 26**i) % 26) for i in range(3))
        sentence = f"I went to the {name} program today. "
        start = offset + sentence.index(name)
        spans.append(Span(start, start + len(name), "LOCATION", ("spacy",)))
        sentences.append(sentence)
        offset += len(sentence)
    return "".join(sentences), spans


def test_every_one_of_many_names_before_kinds_is_a_body():
    """Speed is measured by benchmarks, not here: this holds the output of the linear sweep over
    many matches in one text (each name is looked up among the spans once)."""
    text, spans = _named_programmes(1500)
    bodies = [covered for covered, label in _label(text, spans) if label == "ORGANIZATION"]
    assert len(bodies) == 1500
    assert all(c.startswith("Bright") and c.endswith(" program") for c in bodies)
