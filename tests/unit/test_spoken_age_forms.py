"""Ages, clock times and years said in forms the first spoken-form rules did not reach (issue 12):
an age reached or denied, in brackets after a name, run together with a name in captions, after the
noun that describes a person, in a relative clause; a caption's turn that ends without a mark; an
hour written in digits after its cue; years of the nineteenth century. Each rule has sentences it
must find and sentences it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.core import number_filters
from reviewer_app.core.merge import load_merge_rules
from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.read_out import find_read_out_identifiers
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.importers.text import document_from_text
from tests.unit.test_recognizers import matches


def said(text: str, label: str) -> list[str]:
    # The speaker tags the text importer finds in it, as detection is given them.
    tags = document_from_text("said", text).speaker_tags()
    return [text[s.start : s.end] for s in find_spoken_forms(text, speaker_tags=tags) if s.label == label]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Once my uncle hit sixty he slowed down.", ["sixty"]),
        ("By the time she reached eighteen she had left.", ["eighteen"]),
        ("The temperature hit forty by noon.", []),
        ("He hit twelve home runs.", []),
        ("My sister wasn't even fourteen yet.", ["fourteen"]),
        ("He's not quite nineteen.", ["nineteen"]),
        ("It wasn't even ten yet.", []),
        ("Dolores Ybarra (57) was at home.", ["57"]),
        ("See Section (5) of the rules.", []),
        (">> and his cousin mateo quispe nineteen was driving", ["nineteen"]),
        (">> the shop on main street twelve was closed", []),
        (">> so you were a juvenile fifteen when you got caught", ["fifteen"]),
        (">> he was a man six feet tall", []),
        ("I ran with older boys that were sixteen, seventeen.", ["sixteen", "seventeen"]),
        ("We had rooms that were twelve feet wide.", []),
        ("The petitioner is 61 and has no 115s.", ["61"]),
        ("His birth date was 1963, making him sixty-one at the hearing.", ["sixty-one"]),
        # a group has a size, not one age: a making verb with "them" or "us" counts its members
        ("Three with her, and two before. That makes them -- Twelve. Five kids.", []),
        ("Add the two new ones and that makes us nine on the crew.", []),
        # without people counted near it, a group made up has an age: twins, or children born together
        ("They were born in 2012, that makes them fourteen.", ["fourteen"]),
        ("Me and my brother are twins, which makes us thirty-one.", ["thirty-one"]),
        ("How many kids came? That makes them -- twelve.", []),
        ("She was born in 1990, which makes her -- thirty-six.", ["thirty-six"]),
        ("It was 1963, making it sixty-one pages.", []),
        ("The file gives his age as 61.", ["61"]),
        ("she kept using well into her forties", ["forties"]),
        ("he ran into the sixties crowd", []),
    ],
)
def test_ages_reached_denied_bracketed_run_together_or_in_a_relative_clause(text, expected):
    assert said(text, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A caption's turn ends at ">>" without a mark: the number before it stands alone, and the
        # turn after a question without "?" answers it.
        (">> i was fourteen\n>> fourteen okay and then what", ["fourteen", "fourteen"]),
        (">> and you were how old then\n>> seventeen\n>> okay", ["seventeen"]),
        (">> you were there how long\n>> seventeen\n>> okay", []),
        # An ASR's speaker tags end a turn too.
        ("SPEAKER_01: how old was he then\nSPEAKER_03: nineteen\nSPEAKER_01: okay", ["nineteen"]),
        ("speaker 1: how old was he then\nspeaker 2: i don't know\nspeaker 1: okay", []),
        # Speech without marks: the next year of age before its month, the age of a second clause.
        ("speaker 2: i'm sixty one yes sixty two in october", ["sixty one", "sixty two"]),
        ("i was twelve when we moved and fifteen when i left", ["twelve", "fifteen"]),
        ("i was twelve when we moved and fifteen of us left", ["twelve"]),
        # The answer confirms an age in digits by its words.
        ("Q. And you're 51 now?\nA. Fifty-one, yes.", ["51", "Fifty-one"]),
    ],
)
def test_a_captions_turn_ends_without_a_mark_and_an_answer_repeats_an_age(text, expected):
    assert said(text, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An age said again alone after a frame of the speaker's, or the year of age after it.
        ("Q: So you're fifty-eight.\nA: Here, fifty-eight. In Korea, more.", ["fifty-eight", "fifty-eight"]),
        ("Q: So you're fifty-eight.\nA: Yes. By our count, fifty-nine.", ["fifty-eight", "fifty-nine"]),
        ("Q: So you're fifty-eight.\nA: By our count, sixty.", ["fifty-eight"]),
        ("Q: So you're fifty-eight.\nA: Yes, fifty-nine of us went.", ["fifty-eight"]),
        ("Q: You were nineteen.\nA: Yes. Then I did twenty.", ["nineteen"]),
    ],
)
def test_an_age_said_again_alone_after_a_frame(text, expected):
    assert said(text, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I clocked out at 6 and drove home.", ["6"]),
        ("It was between 1 and 2 that night.", ["1"]),  # the patterns find "2 that night"
        ("Kids between 1 and 2 years old.", []),
        ("We got to the house at 9.", ["9"]),
        ("The rate went up at 6.5 percent.", []),
        ("It sold at $9.", []),
        ("He scored at 9 points.", []),
    ],
)
def test_an_hour_written_in_digits_after_its_cue(text, expected):
    assert said(text, "TIME") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The hour left out as understood, after a cue; a loose hour with "something".
        ("We pulled out at about twenty past.", ["twenty past"]),
        ("It was quarter after when she called.", ["quarter after"]),
        ("She scored twenty after the break.", []),
        # ... also a quarter "to", after "been", and an answer that is a sentence of its own
        ("Then again, it might have been quarter to.", ["quarter to"]),
        ("When did you get to the store? Five after. Maybe ten after.", ["Five after", "ten after"]),
        ("We had five before and five after.", []),
        ("From five to ten to.", []),
        ("It was like seven-something.", ["seven-something"]),
        ("By then it was 4-something.", ["4-something"]),
        ("We had ten something people.", []),
        # A 24-hour time said with its leading zero after a cue.
        ("Breakfast was at oh-five-forty-five.", ["oh-five-forty-five"]),
        ("His number ends in oh five forty-five.", []),
    ],
)
def test_an_hour_left_out_a_loose_hour_and_the_24_hour_clock_with_its_zero(text, expected):
    assert said(text, "TIME") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My great-grandmother came over in eighteen eighty-seven.", ["eighteen eighty-seven"]),
        ("The mission was built back in the eighteen hundreds.", ["eighteen hundreds"]),
        ("The relief came by eighteen thirty.", []),
        ("In eighteen forty hours we had count.", []),
        ("he was sentenced in oh four is that right", ["oh four"]),
        ("the number ending in oh four one", []),
    ],
)
def test_years_of_the_nineteenth_century_said_in_words(text, expected):
    assert said(text, "DATE") == expected


def test_years_of_the_nineteenth_century_written_after_a_cue_survive_the_merge():
    specs = {"DATE": next(s for s in load_recognizer_specs() if s.name == "date").compiled()}
    text = "The church was built in 1872. It stands at 1872 Pine Road. He worked 1872 hours."
    assert matches(specs, "DATE", text) == ["1872"]
    rules = load_merge_rules()
    spans = [Span(text.index("1872"), text.index("1872") + 4, "DATE", ("spacy",), 0.85)]
    at_the_address = text.index("1872 Pine")
    spans.append(Span(at_the_address, at_the_address + 4, "DATE", ("spacy",), 0.85))
    kept = number_filters.drop_non_sensitive_numbers(spans, text, rules)
    assert [s.start for s in kept] == [text.index("1872")]


def test_the_first_of_two_ages_that_share_their_years_old_and_a_year_by_two_digits_after_in():
    specs = {s.entity: s.compiled() for s in load_recognizer_specs() if s.name in ("age", "date")}
    assert matches(specs, "AGE", "The boys, a 15 and a 16-year-old, ran.") == ["15", "16"]
    assert matches(specs, "AGE", "They were 12- or 13-year-olds.") == ["12", "13"]
    assert matches(specs, "AGE", "It was 15 and a half feet, and a 16-year-old saw it.") == ["16"]
    assert "04" in matches(specs, "DATE", "I went to Chino in 04 and left in 09.")
    assert "95" in matches(specs, "DATE", "Since 95, when I came in, I have worked.")
    assert matches(specs, "DATE", "It was in 95 degrees heat, in 15 minutes.") == []
    assert "97" in matches(specs, "DATE", "In 97 there was a report, in 98 for a fight.")
    assert "98" in matches(specs, "DATE", "In 97 there was a report, in 98 for a fight.")
    text = "I paroled in 04. Unit 04 is closed."
    spans = [Span(text.index("04"), text.index("04") + 2, "DATE", ("presidio",), 0.6)]
    spans.append(Span(text.rindex("04"), text.rindex("04") + 2, "DATE", ("presidio",), 0.6))
    kept = number_filters.drop_non_sensitive_numbers(spans, text, load_merge_rules())
    assert [s.start for s in kept] == [text.index("04")]


def test_a_year_after_a_preposition_in_capitals_is_no_cdcr_number():
    text = "Your CDCR number, please.\nIN 1999 I CAME IN. It's A J 7302."
    found = [
        text[s.start : s.end] for s in find_read_out_identifiers(text, "hearing") if s.label == "CDCR_ID"
    ]
    assert found == ["A J 7302"]
