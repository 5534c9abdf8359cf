"""Dates, times and ages said in a series (detectors/spoken_series.py), the age cues of
detectors/spoken_age_talk.py and the answers of detectors/spoken_answers.py, on sentences written
for these tests."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms


def found(text: str, verbs=frozenset()) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text, verbs=verbs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a correction in the next sentence goes on from an age
        (
            "My cousin was twenty-six that year. No, twenty-seven.",
            [("AGE", "twenty-six"), ("AGE", "twenty-seven")],
        ),
        # the second of two years by their last digits, a correction between
        ("She moved out in oh-four, or maybe oh-five, I forget.", [("DATE", "oh-four"), ("DATE", "oh-five")]),
        # a range of clock times: written, then said
        ("The shop was open from 9:15 to eleven-forty, then closed.", [("TIME", "eleven-forty")]),
        # a range of clock times, the second with its part of the day
        (
            "Visiting ran seven-fifteen to ten at night most days.",
            [("TIME", "seven-fifteen"), ("TIME", "ten at night")],
        ),
    ],
)
def test_a_series_goes_on_from_what_was_found(text, expected):
    for item in expected:
        assert item in found(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We were stationed in Texas, eighty-three to eighty-five.",
            [("DATE", "eighty-three"), ("DATE", "eighty-five")],
        ),
        (
            "he joined the union in um seventy two no seventy three",
            [("DATE", "seventy two"), ("DATE", "seventy three")],
        ),
        (
            "She phoned on her lunch, twelve twenty, twelve twenty-five, to check.",
            [("TIME", "twelve twenty"), ("TIME", "twelve twenty-five")],
        ),
        ("Lockdown lifted, oh-nine, and we went back to work.", [("DATE", "oh-nine")]),
    ],
)
def test_pairs_that_hold_each_other_up(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Please read pages forty-one to forty-three before the hearing.",  # pages, no year
        "Turnout rose from sixty-one to sixty-three percent.",  # a count
        "He is about five ten, five eleven, a slim build.",  # a height said twice, no clock
        "Call extension four two oh-six, then press one.",  # a number read digit by digit
        "I was twenty-one and two days later I left.",  # what follows the age counts days
        "The score was ten, and then twenty points after the break.",  # not an age going on
    ],
)
def test_what_is_no_series(text):
    assert not [item for item in found(text) if item[0] in ("DATE", "TIME", "AGE")]


def test_an_age_does_not_go_on_to_a_year():
    """ "when I was seven, eighty-seven" names a year after the age, not another age."""
    assert ("AGE", "eighty-seven") not in found(
        "We left Lagos when I was seven, eighty-seven -- no, eighty-eight."
    )


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("I still remember being thirteen and scared of everything.", "thirteen"),
        ("He was drinking hard by sixteen, and nobody noticed.", "sixteen"),
        ("His daughter, Ms. Odalys Ferrer, was twenty-two.", "twenty-two"),
    ],
)
def test_age_cues(text, age):
    assert ("AGE", age) in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "The vote being fifteen, the motion carried.",  # no person near "being"
        "Our team won it by fourteen, a record.",  # "won it by": a difference
    ],
)
def test_no_age_cue(text):
    assert not [item for item in found(text) if item[0] == "AGE"]


def test_an_unpunctuated_question_line_is_answered_on_the_next():
    text = "so how old was your brother then\nnineteen he had just finished school"
    assert ("AGE", "nineteen") in found(text)
    # a sentence that only mentions an age, punctuated, asks nothing
    assert ("AGE", "nineteen") not in found("I can't say how old she is.\nNineteen people came.")


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("the clock over the door said two fifty when they left", "two fifty"),
        ("That evening, twenty to nine, the alarm went off.", "twenty to nine"),
    ],
)
def test_time_cues(text, time):
    assert ("TIME", time) in found(text)


def test_no_time_without_a_clock():
    assert not [
        item for item in found("The sign said two fifty a pound, so we bought some.") if item[0] == "TIME"
    ]


def test_an_hour_after_and_a_verb_ends_its_phrase():
    text = "He got home at eleven twenty and went straight to bed."
    verbs = {text.index(" went") + 1}
    assert ("TIME", "eleven twenty") in found(text, verbs)


def test_24_hour_clock_ranges_and_the_time_read_for_the_record(specs):
    from tests.unit.test_recognizers import matches

    assert matches(specs, "TIME", "The log shows the door, 1712 to 1719. Then quiet.") == ["1712", "1719"]
    assert matches(specs, "TIME", "Visits run from 0830 to 1145.") == ["0830", "1145"]
    assert matches(specs, "TIME", "For the record, the time is 1426.") == ["1426"]
    assert matches(specs, "TIME", "We heard a shout at about 1745 but saw nothing.") == ["1745"]
    # pages, sections and years are no clock
    assert matches(specs, "TIME", "Read pages 1200 to 1250 tonight.") == []
    assert matches(specs, "TIME", "The treaty held from 1945 to 1950.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She tutors on Thursday mornings from nine to eleven.", [("TIME", "nine"), ("TIME", "eleven")]),
        ("The plumber said between ten and noon on Monday.", [("TIME", "ten"), ("TIME", "noon")]),
    ],
)
def test_ranges_of_hours_after_a_part_of_the_day_or_between(text, expected):
    assert [item for item in found(text) if item[0] == "TIME"] == expected


def test_no_range_of_hours_that_counts():
    assert not [item for item in found("We cooked from nine to eleven pounds a day.") if item[0] == "TIME"]


def test_a_stage_of_a_life_after_at():
    text = "Foster care in Modesto, at thirteen. Later the ranch."
    verbs = {text.index("Later") + 10}  # a verb elsewhere: the tagger ran
    assert ("AGE", "thirteen") in found(text, verbs)
    speed = "The truck was going at sixty."
    assert ("AGE", "sixty") not in found(speed, {speed.index("going")})


def test_an_hour_after_at_goes_with_the_greater_age_after_it():
    text = "He was stealing cars at ten and selling pills by sixteen."
    assert found(text) == [("AGE", "ten"), ("AGE", "sixteen")]
    # two hours of a day stay hours
    day = "We opened the shop at ten and closed it by six."
    assert [label for label, _ in found(day)] == ["TIME", "TIME"]


def test_a_decade_of_a_life_after_a_verb():
    text = "He wasted his twenties on the street."
    assert ("AGE", "twenties") in found(text, {text.index("wasted")})
    assert ("AGE", "nineties") not in found("A playlist of their nineties hits.")


def test_a_time_said_again_on_the_next_line():
    text = "okay it's eleven twenty\nspeaker 2  0:41:10\neleven twenty we'll take a break"
    assert found(text) == [("TIME", "eleven twenty"), ("TIME", "eleven twenty")]
    assert found("we left at eleven twenty.\nEleven people stayed.") == [("TIME", "eleven twenty")]


def test_ages_after_a_comma_in_a_clause_about_an_age():
    text = "The report states her age twice, 44 and 45, which cannot both be right."
    assert found(text) == [("AGE", "44"), ("AGE", "45")]
    assert found("Whatever their age, 12 of them signed.") == []


def test_an_age_said_again_in_a_reply_without_punctuation():
    text = "SPEAKER_01: i was forty two when i got out\nSPEAKER_00: so forty two and you went home"
    assert found(text) == [("AGE", "forty two"), ("AGE", "forty two")]
    # a number that only equals an age said before, after a word that takes nothing up, is no age
    other = "SPEAKER_01: i was forty two when i got out\nSPEAKER_00: turn to page forty two"
    assert found(other) == [("AGE", "forty two")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # two ages a year apart given for one, near an age found
        (
            "I was thirteen then. Seventh grade is when I stopped going. Twelve, thirteen. I ran.",
            ["thirteen", "Twelve", "thirteen"],
        ),
        ("Drinking, eleven or twelve, my father's beer. Weed at thirteen.", ["eleven", "twelve", "thirteen"]),
        ("He was fifteen. Six, going on seven. The file says five.", ["fifteen", "Six", "seven"]),
        (
            "I was fourteen at camp. Fourteen, almost fifteen. I got a certificate.",
            ["fourteen", "Fourteen", "fifteen"],
        ),
        # a word that dates a life by an age opens the pair as a mark does
        ("He was fifteen then. Drinking maybe six, seven, with my dad.", ["fifteen", "six", "seven"]),
        # no age near; a count; a series read on; hours of the night; under five; years by their digits
        ("She was fifteen. Eleven, twelve, the clock said, in the morning.", ["fifteen"]),
        ("I was fifteen. Ninety-six, ninety-seven. We moved.", ["fifteen"]),
        ("I was fifteen. Twelve, thirteen times.", ["fifteen"]),
        ("Seventh grade is when I stopped going. Twelve, thirteen. I ran.", []),
        ("I was fifteen. I had two, three beers. Pages twelve, thirteen.", ["fifteen"]),
        ("I was fifteen. Five, six, seven, eight.", ["fifteen"]),
        ("She was fifteen. We got home at eleven, twelve at night.", ["fifteen"]),
        ("I was twenty. Count them. Two, three.", ["twenty"]),
    ],
)
def test_two_ages_a_year_apart_near_an_age(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


def test_two_numbers_a_year_apart_far_from_any_age_are_no_ages():
    text = (
        "I was thirteen then. "
        + "We talked about the yard and the weather for a while. " * 6
        + "Twelve, thirteen."
    )
    assert [said for label, said in found(text) if label == "AGE"] == ["thirteen"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a range of ages near an age found, a hedge before its second, "and a half" after it
        (
            "He was twelve. Then the Youth Authority, Preston, from fifteen to about seventeen and a half.",
            ["twelve", "fifteen", "seventeen and a half"],
        ),
        (
            "A. When I was young, I was sixteen. MVN. From like fourteen to twenty-two, twenty-three.",
            ["sixteen", "fourteen", "twenty-two", "twenty-three"],
        ),
        ("a pattern that runs from age fifteen to age thirty-four, and", ["fifteen", "thirty-four"]),
        ("I was twenty. We ran from fifteen to about twenty minutes.", ["twenty"]),
        ("A. MVN. From like fourteen to twenty-two. Q. Why?", []),
    ],
)
def test_a_range_of_ages_near_an_age(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "noun", "expected"),
    [
        # after "and" a hedge opens a count of its own, not the end of a range of ages
        ("I was fifteen and about twenty guys jumped me.", "guys", ["fifteen"]),
        ("I was fifteen and like thirty people were at the party.", "people", ["fifteen"]),
        ("My son was twelve and about forty kids were in his class.", "kids", ["twelve"]),
        # a range of ages with a hedge keeps both
        ("I was fifteen or about sixteen.", None, ["fifteen", "sixteen"]),
    ],
)
def test_an_age_before_and_a_hedged_count_stays(text, noun, expected):
    # the tagger's plural noun: the number before it counts it
    nouns = {text.index(noun)} if noun else set()
    assert [text[s.start : s.end] for s in find_spoken_forms(text, nouns) if s.label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a pair that answers a question of a count or of which one is a count, not an age
        (
            "I was twenty-two at the time. Q: How many beers did you drink? A: Maybe six, seven.",
            ["twenty-two"],
        ),
        ("I was nineteen. Q: How many people were there? A: Eleven, twelve.", ["nineteen"]),
        ("I was twenty-two. Q: Which chapter? A: Nineteen, twenty.", ["twenty-two"]),
        ("I was nineteen. Q: How many hours? A: Like, eight, nine.", ["nineteen"]),
        # a question of an age, or of another thing, leaves the pair an age
        ("I was nineteen. Q: How old was he? A: Eleven, twelve.", ["nineteen", "Eleven", "twelve"]),
        (
            "I was nineteen. Q: Where was that? A: At the park. Eleven, twelve.",
            ["nineteen", "Eleven", "twelve"],
        ),
    ],
)
def test_a_pair_answering_a_question_of_a_count_is_no_age(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an hour placed loosely: the half hour and the next hour, with no cue before them
        ("Breakfast release is, uh, five-thirty, six, depending on the building.", ["five-thirty", "six"]),
        # an hour and the same hour with its minutes, either way round
        (
            "The water pill, they give that early, six, six-fifteen, so I'm not up all night.",
            ["six", "six-fifteen"],
        ),
        ("Curtis came by, I want to say ten-thirty, ten --\nit was after ten.", ["ten-thirty", "ten"]),
        ("It was eleven, eleven-thirty at night.", ["eleven", "eleven-thirty at night"]),
        ("He left ten forty-five or eleven, I'd say.", ["ten forty-five", "eleven"]),
    ],
)
def test_two_clock_times_offered_together_hold_each_other_up(text, expected):
    times = [t for label, t in found(text) if label == "TIME"]
    assert times[: len(expected)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "He was five, five-ten, I'd say.",  # feet and inches
        "We had ten, ten-fifteen guys on the yard.",  # what the pair counts follows
        "Read pages six, seven-thirty and so on.",  # no hour and its half hour
        "She had two, three kids by then.",  # two hours apart from any minutes
    ],
)
def test_no_loose_pair_of_clock_times(text):
    assert not [t for label, t in found(text) if label == "TIME"]
