"""`WHOLE_CAP` and `WHOLE_NAME` (core/organisation_names.py): names whose words never give a letter
back, which match what CAP and NAME match wherever the pattern goes on outside a word."""

from __future__ import annotations

import re

import pytest

from reviewer_app.core.organisation_names import CAP, NAME, WHOLE_CAP, WHOLE_NAME

# Texts of my own: apostrophes and hyphens inside and after words, "I", initials, joining words,
# accents, runs of capitalised words before and after the cue.
TEXTS = (
    "He was in Second Dawn Residential in Visalia, then at Pinecrest Boys Ranch in Lodi.",
    "I was in O'Brien-Hale House in Fresno. Then I In Visalia I went to Jones' Place in Tulare.",
    "Men of Honor Circle, the Thursday group. The Will C. Wood High in Vacaville, the school.",
    "Bermúdez Family Services in Ceres; Phở Hòa Bình in San José; Sunrise Bridges, completed June 2019",
    "Ana Ruiz, Holloway Rich, for the defendant. A. Lee-Wong of the Kern Bar Association in Bakersfield",
    "Mr. Dhillon said Harjit and Sons of Yuba City in Marysville, and St. Mary's Hospital in Stockton.",
)


@pytest.mark.parametrize(
    "after",
    [r"[ ]+in[ ]+", r",[ ]", r"(?:[ ]+|,[ ]the[ ])(?i:group|school|house)\b", r"[ ]*\Z", r"(?![\w'’-])"],
)
def test_whole_word_names_match_what_names_match_before_what_is_no_part_of_a_word(after: str) -> None:
    for text in TEXTS:
        for name, whole in ((NAME, WHOLE_NAME), (CAP, WHOLE_CAP)):
            expected = [m.span() for m in re.finditer(rf"(?P<name>{name}){after}", text)]
            assert [m.span() for m in re.finditer(rf"(?P<name>{whole}){after}", text)] == expected


def test_a_whole_word_name_gives_back_no_letter_a_pattern_reads_after_it() -> None:
    """Why the rules that read a possessive after a name keep NAME: "Brightwater's" is a name
    and its "'s" only where the name may give the "'s" back."""
    possessive = r"['’]s[ ]+legal"
    text = "Brightwater's legal department"
    assert re.match(rf"{NAME}{possessive}", text)
    assert not re.match(rf"{WHOLE_NAME}{possessive}", text)
    # Words are still given back whole: the name before "in" is found inside a longer run.
    assert re.match(rf"(?P<name>{WHOLE_NAME})[ ]in[ ]", "Second Dawn Residential in Visalia")["name"] == (
        "Second Dawn Residential"
    )


def test_a_whole_word_capital_is_no_pronoun_i() -> None:
    assert not re.fullmatch(WHOLE_CAP, "I")
    assert re.fullmatch(WHOLE_CAP, "Ida")
