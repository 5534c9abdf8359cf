"""Streets a caller names by their short names (core/call_streets.py), on hand-written sentences."""

from __future__ import annotations

from reviewer_app.core.call_streets import label_numbered_streets, label_streets
from reviewer_app.core.merge import default_rules
from reviewer_app.core.spans import Span


def span(text: str, word: str, label: str, nth: int = 0) -> Span:
    at = -1
    for _ in range(nth + 1):
        at = text.index(word, at + 1)
    return Span(at, at + len(word), label, ("spacy",), 0.85)


def labelled(spans: list[Span], text: str) -> list[tuple[str, str]]:
    rules = default_rules()
    not_streets = rules.calendar_words | rules.titles | rules.person_cues
    return [(s.text_in(text), s.label) for s in label_streets(spans, text, not_streets)]


def test_crossing_streets_and_their_other_mentions_are_places():
    text = (
        "C: We're on Harlow and, um, Quenby. No, it's Harlow and Dunmore.\n"
        "CT: Units, Harlow and Dunmore. Which way did he go?\nC: Up Dunmore, toward Fifth and Main.\n"
    )
    spans = [span(text, "Harlow", "ORGANIZATION"), span(text, "Dunmore", "PERSON", 1)]
    found = labelled(spans, text)
    assert found.count(("Harlow", "LOCATION")) == 3
    assert found.count(("Dunmore", "LOCATION")) == 3
    assert (
        ("Quenby", "LOCATION") in found and ("Fifth", "LOCATION") in found and ("Main", "LOCATION") in found
    )


def test_people_days_and_names_without_a_crossing_are_not_streets():
    text = (
        "I was with Marisol and Dmitri on Monday and Tuesday.\n"
        "We met at Ada Warner's house. Warner and Quill came on Friday.\n"
        "First, I want to thank Kemper and Lowe.\n"
    )
    spans = [
        span(text, "Marisol", "PERSON"),
        span(text, "Ada Warner", "PERSON"),
        span(text, "Kemper", "ORGANIZATION"),
    ]
    assert labelled(spans, text) == [
        ("Marisol", "PERSON"),
        ("Ada Warner", "PERSON"),
        ("Kemper", "ORGANIZATION"),
    ]


def test_a_street_of_an_address_is_that_street_where_its_name_is_said_alone():
    text = (
        "C: It's 1840 Pellworth Avenue, apartment 2. DISPATCHER: Is that Pellworth, P-E-L-L?\n"
        "C: He ran out onto Pellworth. Mr. Quill lives on Quill Road, 20 Quill Road.\n"
    )
    spans = [
        Span(text.index("1840"), text.index(", apartment"), "LOCATION", ("presidio",), 0.85),
        span(text, "Pellworth", "PERSON", 1),
        span(text, "Pellworth", "ORGANIZATION", 2),
        span(text, "20 Quill Road", "LOCATION"),
        span(text, "Quill", "PERSON"),
    ]
    found = labelled(spans, text)
    assert found.count(("Pellworth", "LOCATION")) == 2
    assert ("Quill", "PERSON") in found  # "Mr. Quill": a person's name too


def test_two_names_between_which_an_address_lies_are_streets_when_the_second_is_one():
    text = (
        "C: It's between Corvin and, um, Ashgrove Road. He went toward Corvin.\n"
        "I sat between Tony and Maria.\n"
    )
    spans = [
        span(text, "Corvin", "ORGANIZATION"),
        span(text, "Corvin", "ORGANIZATION", 1),
        span(text, "Tony", "PERSON"),
    ]
    found = labelled(spans, text)
    assert found.count(("Corvin", "LOCATION")) == 2
    assert ("Tony", "PERSON") in found and ("Maria", "LOCATION") not in found


def test_a_street_named_by_its_number_after_on_is_a_place():
    text = (
        "TM: Don't come by the house on Eighty-fourth no more. NC: On Sixty-ninth. "
        "He leaves northbound on 24th, and turns. We met on the fourth, on 4th of July, "
        "on 24th March. Cashman was on second watch."
    )
    spans = [
        span(text, "Eighty-fourth", "DATE"),
        span(text, "Sixty-ninth", "DATE"),
        span(text, "fourth", "DATE", 1),
    ]
    labelled = [(s.text_in(text), s.label) for s in label_numbered_streets(spans, text)]
    assert labelled == [
        ("Eighty-fourth", "LOCATION"),
        ("Sixty-ninth", "LOCATION"),
        ("24th", "LOCATION"),
        ("fourth", "DATE"),
    ]


def test_an_ordinal_after_on_is_no_street_without_words_of_streets_before_it():
    # Tiers, a unit and days: nothing before "on" speaks of streets (reviewer's sentences).
    for text in (
        "I was on second, and he was on third.",
        "I was working on third when the call came.",
        "It happened on 14th, in the evening, at the house.",
        "The hearing was on 24th.",
    ):
        assert label_numbered_streets([], text) == [], text
    text = "We drove on 14th, then we lived on Third."
    assert [s.text_in(text) for s in label_numbered_streets([], text)] == ["14th", "Third"]


def test_a_name_one_travels_on_or_lives_off_is_a_street_at_every_mention():
    text = (
        "RP: It's right by Brackton, across from the store.\n"
        "RP: Out the front. He went westbound Brackton toward the freeway.\n"
        "EV: We ran down Quellin to the car. She lives off Marrow Glen, by the lake.\n"
        "DISP: Units, I'll sit on Brackton.\n"
    )
    spans = [
        span(text, "Brackton", "ORGANIZATION"),
        span(text, "Brackton", "ORGANIZATION", 1),
        span(text, "Quellin", "PERSON"),
        span(text, "Marrow Glen", "ORGANIZATION"),
    ]
    found = labelled(spans, text)
    assert found.count(("Brackton", "LOCATION")) == 3
    assert ("Quellin", "LOCATION") in found and ("Marrow Glen", "LOCATION") in found


def test_a_name_crossing_a_street_named_with_its_kind_is_a_street():
    text = "He ran the red at Dunmore Avenue and Quenby, then stopped at Harlow and Pellworth Boulevard.\n"
    spans = [span(text, "Quenby", "ORGANIZATION"), span(text, "Harlow", "PERSON")]
    assert labelled(spans, text) == [("Quenby", "LOCATION"), ("Harlow", "LOCATION")]


def test_what_one_gets_off_or_a_person_at_another_mention_is_no_street():
    text = (
        "He got off Greyhound in Fresno. The car ran down Tony by the bus stop; Tony said he was fine.\n"
        "I was off Friday. Cross Examination by Mr. Lee.\n"
    )
    spans = [
        span(text, "Greyhound", "ORGANIZATION"),
        span(text, "Tony", "PERSON"),
        span(text, "Tony", "PERSON", 1),
    ]
    assert labelled(spans, text) == [("Greyhound", "ORGANIZATION"), ("Tony", "PERSON"), ("Tony", "PERSON")]


def test_what_one_comes_off_or_is_off_is_no_street():
    # review14: a medicine one came off and an account one is off were made streets at every
    # mention ("Seroquel made me sleepy" too).
    text = "I came off Seroquel in May. Seroquel made me sleepy. I'm off Facebook now. We live off Sanborn."
    assert labelled([], text) == [("Sanborn", "LOCATION")]


def test_a_street_said_as_one_each_time_ner_reads_it_as_a_person_is_a_street():
    """Every mention of "Calderwood" is NER's PERSON, but each is said as a street: after a
    direction, after "coming down", in a crossing with another street."""
    text = (
        "2A14: He's rolling, southbound Calderwood from Ashby.\n"
        "DISPATCH: All units, pursuit southbound Calderwood.\n"
        "2A22: I'll be secondary, coming down McAllister.\n"
        "2A14: Crash, crash, Calderwood and Fenwick. One in custody.\n"
    )
    spans = [
        span(text, "Calderwood", "PERSON"),
        span(text, "Calderwood", "PERSON", 1),
        span(text, "McAllister", "PERSON"),
        span(text, "Calderwood", "PERSON", 2),
        span(text, "Fenwick", "PERSON"),
    ]
    found = labelled(spans, text)
    assert found.count(("Calderwood", "LOCATION")) == 3
    assert ("McAllister", "LOCATION") in found and ("Fenwick", "LOCATION") in found
    assert not [f for f in found if f[1] == "PERSON"]


def test_a_body_read_over_two_streets_and_the_words_between_gives_way_to_the_streets():
    text = "3B7: Running westbound Shaw toward Peach.\n3B7: One detained at Peach and Barstow.\n"
    spans = [span(text, "Shaw toward Peach", "ORGANIZATION"), span(text, "Peach and Barstow", "ORGANIZATION")]
    found = labelled(spans, text)
    assert found == [
        ("Shaw", "LOCATION"),
        ("Peach", "LOCATION"),
        ("Peach", "LOCATION"),
        ("Barstow", "LOCATION"),
    ]


def test_a_pair_of_people_is_no_crossing():
    """Jackson is said as a street once, but Tyler and Jackson are the caller's boys: a pair
    with a name NER reads as a person where it is not said as a street ("Tyler is scared"), or
    after a possessive noun of people ("my kids, Kevin and Olive"), adds no street."""
    text = (
        "C: He's driving southbound Jackson, a white Camry. He took Tyler and Jackson with him. "
        "Tyler is scared.\n"
    )
    spans = [
        span(text, "Tyler", "PERSON"),
        span(text, "Jackson", "PERSON", 1),
        span(text, "Tyler", "PERSON", 1),
    ]
    found = labelled(spans, text)
    assert ("Tyler", "LOCATION") not in found and found.count(("Jackson", "PERSON")) == 1
    kids = "C: He went westbound Olive. Just me and my kids, Kevin and Olive. Kevin is nine.\n"
    assert labelled([], kids) == [("Olive", "LOCATION")]
    # The same pair said of streets, with no person cue, is still a crossing.
    streets = "C: He went westbound Olive. He's at Kevin and Olive now.\n"
    assert labelled([], streets) == [("Olive", "LOCATION"), ("Kevin", "LOCATION"), ("Olive", "LOCATION")]
