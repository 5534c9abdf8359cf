"""A court named only by its kind is no organisation; one named by a place is (core/court_kinds)."""

from __future__ import annotations

from reviewer_app.core.court_kinds import county_courts_to_counties, drop_court_kinds, names_only_a_court_kind
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span

_KINDS = frozenset(
    {"court", "superior", "municipal", "juvenile", "district", "appellate", "family", "of", "the", "state"}
)


def _span(text: str, piece: str, label: str = "ORGANIZATION") -> Span:
    start = text.index(piece)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def test_a_caption_court_of_its_kind_alone_is_no_organisation_and_a_countys_court_is_its_county():
    text = (
        "SUPERIOR COURT OF THE STATE OF CALIFORNIA\nCOUNTY OF ALAMEDA\n\n"
        "He was convicted in Stanislaus County Superior Court in 1999."
    )
    spans = [_span(text, "SUPERIOR COURT"), _span(text, "Stanislaus County Superior Court")]
    kept = {(s.text_in(text), s.label) for s in merge_spans(spans, text)}
    assert ("SUPERIOR COURT", "ORGANIZATION") not in kept
    assert ("Stanislaus County", "LOCATION") in kept
    assert not any("Superior Court" in words for words, _ in kept)


def test_court_kind_words_need_the_court_and_nothing_but_kind_words():
    assert names_only_a_court_kind("Superior Court of the State", _KINDS)
    assert names_only_a_court_kind("District Court", _KINDS)
    assert not names_only_a_court_kind("United States District Court", _KINDS)
    assert not names_only_a_court_kind("Juvenile Division", _KINDS)


def test_a_court_cut_before_its_county_stays():
    text = "DISTRICT COURT OF ARAPAHOE COUNTY, COLORADO\nSUPERIOR COURT OF THE STATE OF CALIFORNIA"
    courts = [_span(text, "DISTRICT COURT"), _span(text, "SUPERIOR COURT")]
    assert [s.text_in(text) for s in drop_court_kinds(courts, text, _KINDS)] == ["DISTRICT COURT"]


def test_only_organisations_are_dropped():
    text = "Sutter Court and the District Court Judge"
    place = _span(text, "Sutter Court", "LOCATION")
    body = _span(text, "District Court")
    assert drop_court_kinds([place, body], text, _KINDS) == [place]


def test_a_court_kind_in_running_text_stays_but_one_before_a_title_or_the_state_goes():
    text = (
        "The District Court dismissed the appeal. Before the Honorable Ana Ruiz, District Court Judge. "
        "I, an official reporter of the Superior Court of the State of California, certify."
    )
    spans = [_span(text, "District Court"), _span(text, "District Court Judge")]
    spans[1] = Span(spans[1].start, spans[1].start + len("District Court"), "ORGANIZATION")
    spans.append(_span(text, "Superior Court of the State"))
    kept = drop_court_kinds(spans, text, _KINDS)
    assert [s.start for s in kept] == [text.index("District Court")]


_COUNTY_KINDS = frozenset({"superior", "juvenile", "municipal"})


def test_a_countys_superior_juvenile_or_municipal_court_keeps_only_the_county():
    text = (
        "Sustained in the Stanislaus County Juvenile Court. Convicted in KERN COUNTY MUNICIPAL COURT.\n"
        "Then the Los Angeles County Superior Court, and the United States District Court. "
        "Also the Orange County Family Court."
    )
    spans = [
        _span(text, "the Stanislaus County Juvenile Court"),
        _span(text, "KERN COUNTY MUNICIPAL COURT"),
        _span(text, "Los Angeles County Superior Court"),
        _span(text, "Los Angeles County", "LOCATION"),
        _span(text, "United States District Court"),
        _span(text, "Orange County Family Court"),
    ]
    found = [(s.text_in(text), s.label) for s in county_courts_to_counties(spans, text, _COUNTY_KINDS)]
    assert found == [
        ("Stanislaus County", "LOCATION"),
        ("KERN COUNTY", "LOCATION"),
        ("Los Angeles County", "LOCATION"),
        ("United States District Court", "ORGANIZATION"),
        ("Orange County Family Court", "ORGANIZATION"),
    ]


def test_a_courts_kind_before_of_the_state_on_the_next_numbered_line_is_no_organisation():
    text = (
        " 7   I, Marta Quell, Certified Shorthand Reporter, an official reporter of the Superior Court of\n"
        " 8   the State of California, certify the foregoing. The District Court of Nitra heard it, and\n"
        " 9   the Juvenile Court of Arapahoe County took the appeal."
    )
    spans = [_span(text, "Superior Court"), _span(text, "District Court"), _span(text, "Juvenile Court")]
    kept = {s.text_in(text) for s in drop_court_kinds(spans, text, _KINDS)}
    assert kept == {"District Court", "Juvenile Court"}  # "of" a place: a court named


def test_a_federal_captions_court_and_its_districts_words_are_no_spans_but_its_state_is():
    text = (
        " 1                 UNITED STATES DISTRICT COURT\n"
        " 2                 EASTERN DISTRICT OF CALIFORNIA\n"
        " 3\n"
        " 4   Q.   Did you file in the United States District Court in Fresno?"
    )
    spans = [
        _span(text, "UNITED STATES DISTRICT COURT"),
        _span(text, "EASTERN DISTRICT", "LOCATION"),
        _span(text, "CALIFORNIA", "LOCATION"),
        _span(text, "United States District Court"),
    ]
    kept = [s.text_in(text) for s in drop_court_kinds(spans, text, _KINDS)]
    assert kept == ["CALIFORNIA", "United States District Court"]
