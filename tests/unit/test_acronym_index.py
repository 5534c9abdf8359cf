"""The text's acronyms and names are found once and read by every rule of a merge: the same
places and names the rules' own scans found."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer_app.core.acronyms import _names, _occurrences, expansions, initialisms, stands_out
from reviewer_app.core.organisation_names import NAME

TEXT = (
    "He completed Anger Replacement Training (ART) in 2019. ART helped; so did AA and the art class.\n"
    "JOSEPH NG: I was at ARTS, not at ARTIST or xART or ÉART, at 9:04 AM with Victims Rights Council.\n"
    "The VRC, Victims Rights Council, and an investigative employee (Investigative Employee, IE)."
)


def test_an_acronym_stands_where_the_word_pattern_finds_it():
    for acronym in ("ART", "AA", "AM", "NG", "VRC", "IE", "ARTS", "XY", "A", "ARTIST", "R2D2"):
        assert list(_occurrences(acronym, TEXT)) == [
            m.span() for m in re.finditer(rf"\b{acronym}\b", TEXT)
        ], acronym


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet="ARTVCIEx É-:(). \n0", max_size=60), st.sampled_from(["ART", "AR", "RT", "VRC", "IE"])
)
def test_any_text(text, acronym):
    assert list(_occurrences(acronym, text)) == [m.span() for m in re.finditer(rf"\b{acronym}\b", text)]


def test_the_names_are_those_of_the_name_pattern():
    assert list(_names(TEXT)) == [(m.start(), m.end(), m.group()) for m in re.finditer(NAME, TEXT)]


def test_the_rules_read_them():
    found = [(a, b, TEXT[a:b]) for a, b in initialisms(TEXT)]
    council = [m.start() for m in re.finditer("Victims Rights Council", TEXT)]
    vrc = TEXT.index("VRC")
    assert found == [
        (council[0], council[0] + 22, "Victims Rights Council"),
        (vrc, vrc + 3, "VRC"),
        (council[1], council[1] + 22, "Victims Rights Council"),
        (vrc, vrc + 3, "VRC"),
    ]  # "ART" too stands out, but the text also writes "art"
    assert stands_out("ART", TEXT) and not stands_out("NG", TEXT) and not stands_out("AM", TEXT)
    assert expansions(TEXT)["ART"] == frozenset({"Anger Replacement Training"})
    assert expansions(TEXT)["VRC"] == frozenset({"Victims Rights Council", "with Victims Rights Council"})


def test_a_digit_said_for_to_or_for_in_an_acronym_stands_for_the_word():
    text = (
        "The file shows Bridges to Accountability, completed March 2024.\n"
        "INMATE: Yes sir. In B2A we write a letter. And C2C, Combat to Community. Not B2 yard, not C4."
    )
    found = {text[a:b] for a, b in initialisms(text)}
    assert found == {"Bridges to Accountability", "B2A", "Combat to Community", "C2C"}
    assert len(initialisms(text)) == 4


def test_a_title_and_one_name_with_an_acronyms_initials_is_a_person_no_initialism():
    text = "I used my OC. We had an Officer Cashman on second watch. I did Anger Replacement Training, ART."
    assert [text[a:b] for a, b in initialisms(text)] == ["Anger Replacement Training", "ART"]


def test_an_acronym_that_opens_a_turn_after_a_speakers_tag_stands_out():
    text = "COMMISSIONER: And Combat to Community.\nINMATE YAZZIE: C2C, yes, sir.\nJOSEPH NG: No."
    assert stands_out("C2C", text) and not stands_out("NG", text)
    assert {text[a:b] for a, b in initialisms(text)} == {"Combat to Community", "C2C"}
