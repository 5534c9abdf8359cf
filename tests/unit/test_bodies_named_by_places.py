from reviewer_app.core.bodies_named_by_places import (
    label_counties_of_courts,
)
from reviewer_app.core.spans import Span


def _labels(text: str, names: list[str]) -> list[tuple[str, str]]:
    spans = [Span(text.index(n), text.index(n) + len(n), "ORGANIZATION", ("spacy",)) for n in names]
    return [(s.text_in(text), s.label) for s in label_counties_of_courts(spans, text)]


def test_a_court_named_by_its_county_is_the_county():
    text = "Convicted in Stanislaus County Superior Court. A jury in LOS ANGELES COUNTY JUVENILE COURT."
    names = ["Stanislaus County Superior Court", "LOS ANGELES COUNTY JUVENILE COURT"]
    assert _labels(text, names) == [("Stanislaus County", "LOCATION"), ("LOS ANGELES COUNTY", "LOCATION")]


def test_other_bodies_of_a_county_stay_organisations():
    text = "The Kern County District Attorney's Office and the Court of Appeal and the County Court."
    names = ["Kern County District Attorney's Office", "Court of Appeal", "County Court"]
    assert [label for _, label in _labels(text, names)] == ["ORGANIZATION"] * 3
