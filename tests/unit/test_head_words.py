"""The two readings of the head words that end organisations' names (ner.toml [head_words]):
whether a name holds one (`defined_acronyms.holds_an_organisation_head`, which keeps an
organisation the text also writes in lower case and tells an acronym of a body from one of
a role) and the label a name's ending gives (`merge.relabel_by_head_word`). They differ on
purpose; these cases say where."""

import pytest

from reviewer_app.core.defined_acronyms import holds_an_organisation_head
from reviewer_app.core.merge import default_rules, relabel_by_head_word
from reviewer_app.core.spans import Span


def _label_by_ending(name: str) -> str:
    (span,) = relabel_by_head_word(
        [Span(0, len(name), "PERSON", ("spacy",))], name, default_rules().head_words
    )
    return span.label


@pytest.mark.parametrize(
    ("name", "holds_a_head", "label"),
    [
        ("Superior Court", True, "ORGANIZATION"),
        # A plural, the last word of a head of several words: a head for the first only. A name in
        # lower case ends in its head so written, for both; a person NER read in capitals stays one.
        ("SUPERIOR COURT", True, "PERSON"),
        ("DERRICK PARK", False, "PERSON"),
        ("shaw ave", False, "LOCATION"),
        ("Lakeview Clinics", True, "PERSON"),
        ("Main Office", True, "PERSON"),
        ("Sheriff's Office", True, "ORGANIZATION"),
        # A place's head gives its label; it is no organisation's head.
        ("Sycamore Court Apartments", False, "LOCATION"),
        # Before "of": any word for the first, the words before the first "of" for the second.
        ("Department of State Hospitals", True, "ORGANIZATION"),
        ("Friends of the Court of Appeal", True, "PERSON"),
    ],
)
def test_holding_an_organisation_head_is_not_taking_the_label_of_the_ending(name, holds_a_head, label):
    assert holds_an_organisation_head(name, default_rules().organisation_heads) is holds_a_head
    assert _label_by_ending(name) == label


@pytest.mark.parametrize(
    "name",
    [
        # Kinds of business, a church and an advocacy group NER reads as places (third rotation).
        "Tri-Valley Freight",
        "Rancho Oso Grading",
        "Kern Bluff Drilling",
        "Valle Verde Welding and Fabrication",
        "Sunnyside Tire",
        "Sequoia Motor Lodge",
        "Delta Fuel Stop",
        "Bay Area Innocence Collaborative",
        "Harbor Families Victim Advocacy",
        # Employers, temp agencies and bondsmen of depositions, appeal hearings and jail messages.
        "Valley Crest Landscaping",
        "Sierra Pacific Staffing",
        "Aladdin Bail Bonds",
        "Securus Technologies",
        "Kaweah Valley Towing",
        # A county agency by its short name.
        "Sacramento County Probation",
        # A street gang named by its region's word.
        "Westside Norteños",
        "Westside Sureños",
    ],
)
def test_kinds_of_business_and_gangs_end_organisations_read_as_places(name):
    (span,) = relabel_by_head_word(
        [Span(0, len(name), "LOCATION", ("spacy",))], name, default_rules().head_words
    )
    assert span.label == "ORGANIZATION"
    assert holds_an_organisation_head(name, default_rules().organisation_heads)


@pytest.mark.parametrize(
    ("name", "found_as", "label"),
    [("29TH AVE", "ORGANIZATION", "LOCATION"), ("MERCY HOSPITAL", "LOCATION", "ORGANIZATION")],
)
def test_a_name_in_capitals_not_read_as_a_person_ends_in_its_head_in_capitals(name, found_as, label):
    (span,) = relabel_by_head_word(
        [Span(0, len(name), found_as, ("spacy",))], name, default_rules().head_words
    )
    assert span.label == label


def test_probation_is_a_head_only_after_county_a_persons_surname_otherwise():
    assert _label_by_ending("Sacramento County Probation") == "ORGANIZATION"
    assert _label_by_ending("Marcus Probation") == "PERSON"


def test_a_religion_is_no_head_word_its_group_keeps_its_label():
    (span,) = relabel_by_head_word([Span(0, 7, "NRP", ("spacy",))], "Baptist", default_rules().head_words)
    assert span.label == "NRP"
