from reviewer_app.core.bodies_named_by_places import label_universities_named_by_towns
from reviewer_app.core.spans import Span


def _universities(text: str, names: list[str]) -> list[tuple[str, str]]:
    spans = [Span(text.index(n), text.index(n) + len(n), "LOCATION", ("spacy",)) for n in names]
    places = frozenset({"sonoma", "fresno", "avenal", "washington", "folsom", "avenal state prison"})
    found = label_universities_named_by_towns(spans, text, places, frozenset({"washington"}))
    return [(s.text_in(text), s.label) for s in found]


def test_state_after_a_town_names_its_university():
    text = "Danny went to college, Sonoma State, class of 2006. She stays by Fresno State."
    assert _universities(text, ["Sonoma State", "Fresno State"]) == [
        ("Sonoma State", "ORGANIZATION"),
        ("Fresno State", "ORGANIZATION"),
    ]


def test_a_state_a_prison_or_an_unknown_place_before_state_stays_a_place():
    text = (
        "He moved to Washington State. I was at Avenal State. Then Folsom State. Folsom State "
        "Prison. Golden State."
    )
    names = ["Washington State", "Avenal State", "Folsom State", "Golden State"]
    assert [label for _, label in _universities(text, names)] == ["LOCATION"] * 4
