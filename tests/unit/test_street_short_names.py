"""Streets said by their short names after a home or premises (core/street_short_names.py)."""

from __future__ import annotations

from reviewer_app.core.merge import default_rules
from reviewer_app.core.street_short_names import label_short_street_names
from tests.unit.test_context_rules import _merged, _span

_NOT_STREETS = frozenset({"sunday", "monday", "mr", "mom"})


def _labels(text, spans):
    return {(s.text_in(text), s.label) for s in label_short_street_names(spans, text, _NOT_STREETS)}


def test_a_street_after_a_premises_word_and_a_comma_or_a_gap_word_is_a_place():
    text = "It was her place, on Pershing. The VA clinic out on Travis, in David Grant."
    labels = _labels(text, [_span(text, "Travis", "PERSON")])
    assert ("Pershing", "LOCATION") in labels  # no span: one is added
    assert ("Travis", "LOCATION") in labels  # a person NER read: relabelled


def test_a_street_after_a_possessive_that_stands_for_a_home_is_a_place():
    text = "It was her friend's, on Claribel. I'm at my auntie's, on Noble."
    labels = _labels(text, [_span(text, "Claribel", "PERSON")])
    assert {("Claribel", "LOCATION"), ("Noble", "LOCATION")} <= labels


def test_a_contraction_before_on_is_no_home():
    text = "She's on Suboxone now. That's on Telegram."
    assert _labels(text, []) == set()


def test_a_street_off_a_named_business_is_a_place():
    text = "We worked together at Valley Pallet Recycling off Crows Landing, 2009, 2010."
    spans = [
        _span(text, "Valley Pallet Recycling", "ORGANIZATION"),
        _span(text, "Crows Landing", "ORGANIZATION"),
    ]
    assert ("Crows Landing", "LOCATION") in _labels(text, spans)
    # Without the business before "off", nothing says it is a street.
    bare = "We worked hard off Crows Landing, 2009, 2010."
    assert ("Crows Landing", "ORGANIZATION") in _labels(bare, [_span(bare, "Crows Landing", "ORGANIZATION")])


def test_a_landmark_after_the_name_makes_it_a_street():
    text = "The one on Main across from the courthouse. Off Snyder, by Sonoma State. On Zoom, by the way."
    labels = _labels(text, [])
    assert {("Main", "LOCATION"), ("Snyder", "LOCATION")} <= labels
    assert ("Zoom", "LOCATION") not in labels
    text = "We were on Zoom by the time he called. She was on Medicaid near the end, on Tuesday, by then."
    assert _labels(text, []) == set()


def test_calendar_words_persons_and_longer_names_are_no_short_streets():
    # A name of three words is NER's to read ("on Crows Landing Road"), none of it this rule's.
    text = (
        "It was her place, on Sundays. My mom's, on Carla. Carla Ruiz called. "
        "His house, on Mr Lopez. The house, on Crows Landing Road."
    )
    labels = _labels(text, [_span(text, "Carla", "PERSON"), _span(text, "Carla Ruiz", "PERSON")])
    assert not {label for _, label in labels if label == "LOCATION"}


def test_the_merge_labels_a_short_street_after_a_home():
    text = "I moved. I'm at my auntie's, on Noble, by the Walmart. Write it down."
    merged = _merged(text, [])
    assert ("Noble", "LOCATION") in merged
    assert default_rules().calendar_words  # the merge passes its calendar words as not_streets


def test_a_person_stays_a_person_where_only_a_landmark_follows_or_another_mention_is_a_persons():
    text = "I put my hands on Carla, across from the store. I was leaning on Jerome, by the door."
    spans = [_span(text, "Carla", "PERSON"), _span(text, "Jerome", "PERSON")]
    assert _labels(text, spans) == {("Carla", "PERSON"), ("Jerome", "PERSON")}
    text = "We went to my cousin's on Tyrone. He lived with Tyrone and them."
    spans = [_span(text, "Tyrone", "PERSON"), _span(text, "Tyrone", "PERSON", 1)]
    assert _labels(text, spans) == {("Tyrone", "PERSON")}
