"""The spoken-number grammar (core/spoken_numbers.py) and the spoken-form
recognizers built on it (detectors/spoken.py), on hand-written sentences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer_app.core.spoken_numbers import (
    Reader,
    is_spoken_date,
    is_spoken_year,
    names_one_day,
    spoken_words,
    words_of,
)
from reviewer_app.detectors.spoken import find_spoken_forms


def read(kind: str, text: str) -> tuple[int, int] | None:
    """(value, words read) of `text` from its first word, or None."""
    words = words_of(text)
    reading = getattr(Reader(words), f"read_{kind}")(0)
    return None if reading is None else (reading.value, reading.last)


@pytest.mark.parametrize(
    ("text", "value", "words"),
    [
        ("seven", 7, 1),
        ("seventeen apples", 17, 1),
        ("forty-two", 42, 2),
        ("ninety nine", 99, 2),
        ("a hundred", 100, 2),
        ("three hundred and twelve", 312, 4),
        ("two thousand and five", 2005, 4),
        ("two thousand nine", 2009, 3),
        ("one thousand two hundred and fifty", 1250, 6),
        ("four million", 4_000_000, 2),
        ("12 o'clock", 12, 1),
    ],
)
def test_cardinals(text, value, words):
    assert read("cardinal", text) == (value, words)


def test_numbers_do_not_run_across_a_comma():
    assert read("cardinal", "twenty, five") == (20, 1)
    assert read("year", "nineteen, twenty") is None
    # Two ages, not the year 1920 nor 39.
    assert found("when I was nineteen, twenty, I moved") == [("AGE", "nineteen"), ("AGE", "twenty")]


def test_cardinal_needs_a_number_word():
    assert read("cardinal", "often") is None
    assert read("cardinal", "oh well") is None  # "oh" is a zero only inside a number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("nineteen eighty-one", 1981),
        ("nineteen eighty one", 1981),
        ("twenty ten", 2010),
        ("twenty twenty-two", 2022),
        ("nineteen oh five", 1905),
        ("nineteen hundred", 1900),
        ("two thousand nine", 2009),
        ("two thousand and five", 2005),
    ],
)
def test_years(text, value):
    assert read("year", text)[0] == value


@pytest.mark.parametrize("text", ["twenty five", "fifteen twenty", "ten forty", "three thousand", "seven"])
def test_not_years(text):
    assert read("year", text) is None


@pytest.mark.parametrize(
    ("text", "value"), [("fifth", 5), ("twenty-first", 21), ("thirty first", 31), ("3rd", 3)]
)
def test_ordinals(text, value):
    assert read("ordinal", text)[0] == value


def test_is_spoken_year():
    assert is_spoken_year("back in nineteen ninety-nine")
    assert not is_spoken_year("ninety-nine bottles")


def found(text: str, nouns=frozenset()) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text, nouns)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("he was born in nineteen eighty-one.", [("DATE", "nineteen eighty-one")]),
        ("we moved there in twenty ten", [("DATE", "twenty ten")]),
        ("that was two thousand nine, I think", [("DATE", "two thousand nine")]),
        ("it started in two thousand and five", [("DATE", "two thousand and five")]),
        ("on the fifth of may two thousand and five", [("DATE", "fifth of may two thousand and five")]),
        ("I got out on march the third", [("DATE", "march the third")]),
        ("since december nineteen ninety", [("DATE", "december nineteen ninety")]),
        ("eleven march", [("DATE", "eleven march")]),
        ("you may one day see it", []),
        ("he said eighteen may be too young", []),
        ("she bought two thousand", []),
        ("since two thousand", [("DATE", "two thousand")]),
    ],
)
def test_spoken_dates(text, expected):
    assert found(text) == expected


def test_a_number_that_counts_a_noun_is_no_year():
    text = "it cost two thousand and five euros"
    nouns = {text.index("euros")}
    assert found(text, nouns) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("it was two fifteen in the morning", [("TIME", "two fifteen in the morning")]),
        ("I got there at nine last night", [("TIME", "nine last night")]),
        ("I have nine this morning", [("TIME", "nine this morning")]),
        ("about ten forty at night", [("TIME", "ten forty at night")]),
        ("around seven o'clock", [("TIME", "seven o'clock")]),
        ("at six thirty p m", [("TIME", "six thirty p m")]),
        ("we met at two fifteen", [("TIME", "two fifteen")]),
        ("I have two in the car", []),
        ("I got there around nine forty, I think", [("TIME", "nine forty")]),
        ("it was about a quarter past two", [("TIME", "a quarter past two")]),
        ("half past ten in the evening", [("TIME", "half past ten in the evening")]),
        ("until twenty to six", [("TIME", "twenty to six")]),
        ("the vote went ten to eleven", []),  # minutes before "to" need a time cue
        ("about two fifteen minute breaks", []),  # a count, not a time
    ],
)
def test_spoken_times(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm forty-two.", [("AGE", "forty-two")]),
        ("when I was seventeen I left", [("AGE", "seventeen")]),
        ("she was only nineteen, and", [("AGE", "nineteen")]),
        ("he turned sixty last week", [("AGE", "sixty")]),
        ("she turns nine on Sunday", [("AGE", "nine"), ("DATE", "Sunday")]),
        ("I left home at sixteen.", [("AGE", "sixteen")]),
        ("the meeting is at sixteen hundred", [("TIME", "sixteen hundred")]),  # a clock, not an age
        ("prices fell at sixteen.", []),  # no person in the sentence
        ("I was one of them", []),
        ("I was two minutes late", []),
        ("I was seventeen years old", []),  # the years-old pattern's
    ],
)
def test_spoken_ages(text, expected):
    nouns = {text.index("minutes")} if "minutes" in text else frozenset()
    assert found(text, nouns) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm five-five.", [("HEIGHT", "five-five")]),
        ("he's six two, maybe", [("HEIGHT", "six two")]),
        ("a guy about five ten tall", [("HEIGHT", "five ten")]),
        ("it was five ten", []),  # no person: a time, or anything
        ("How tall was he? The report says five-eleven.", [("HEIGHT", "five-eleven")]),
        ("The suspect stands about six-two, dark hair.", [("HEIGHT", "six-two")]),
        ("his height on the form is five nine", [("HEIGHT", "five nine")]),
        ("The report says five-eleven.", []),  # no height cue near
        # The cue is two sentences back: no height (after "at", a clock time).
        ("How tall was he? Not sure. He came at five-eleven.", [("TIME", "five-eleven")]),
    ],
)
def test_spoken_heights(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("call me at 9 1 6, 5 5 5, 0 1 1 8 tomorrow", [("PHONE_NUMBER", "9 1 6, 5 5 5, 0 1 1 8")]),
        (
            "it's nine one six, five five five, oh one one eight",
            [("PHONE_NUMBER", "nine one six, five five five, oh one one eight")],
        ),
        (
            "five five five, double two, four seven",
            [("PHONE_NUMBER", "five five five, double two, four seven")],
        ),
        (
            "my account number is four four two one seven seven three",
            [("ID_NUMBER", "four four two one seven seven three")],
        ),
        ("one two three go", []),
    ],
)
def test_numbers_read_digit_by_digit(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I was 29 and I didn't want to go", [("AGE", "29")]),  # "and" opens a new clause
        ("I was sixteen or seventeen when it started", [("AGE", "sixteen"), ("AGE", "seventeen")]),
        ("I was sixteen and a half.", [("AGE", "sixteen")]),
        ("I was two and a half years in county", []),
        ("I was five to ten minutes late", []),  # the last number of a range decides
        ("I'm 100% sure", []),
        ("My son is twelve.", [("AGE", "twelve")]),
        ("The victim was 19 at the time.", [("AGE", "19")]),
        ("The score was 19 at the time.", []),  # no person
        ("By seventeen I was using meth.", [("AGE", "seventeen")]),
        ("We increased it by 30.", []),  # "by" dates an age only when it opens the clause
        ("At sixteen I left home.", [("AGE", "sixteen")]),
        ("My mother is in her sixties now.", [("AGE", "sixties")]),
        ("He was in his early 20s.", [("AGE", "20s")]),
        ("In the sixties things were different.", [("DATE", "sixties")]),  # a decade of the calendar: no age
    ],
)
def test_ages_by_context(text, expected):
    nouns = {text.index(w) for w in ("years", "minutes") if w in text}
    assert found(text, nouns) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How old were you? Seventeen.", [("AGE", "Seventeen")]),
        ("How old were you then? About fourteen, fifteen.", [("AGE", "fourteen"), ("AGE", "fifteen")]),
        ("How old were you then?\nINCARCERATED PERSON KOH: Fourteen.", [("AGE", "Fourteen")]),
        ("How many times? Fourteen.", []),  # not a question about an age
        ("I don't know how old he was. Fourteen people came.", []),  # no question
        ("How old were you? I was there for two weeks.", []),
    ],
)
def test_answers_to_a_question_about_an_age(text, expected):
    nouns = {text.index(w) for w in ("people", "weeks") if w in text}
    assert found(text, nouns) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was five after nine.", [("TIME", "five after nine")]),
        ("It was ten past six, I think.", [("TIME", "ten past six")]),
        ("five after nine years", []),
        ("At sixteen hundred hours the yard closed.", [("TIME", "sixteen hundred hours")]),
        ("We have count at oh six thirty hours.", [("TIME", "oh six thirty hours")]),
        ("He paid sixteen hundred dollars.", []),
    ],
)
def test_more_spoken_times(text, expected):
    nouns = {text.index(w) for w in ("years", "dollars") if w in text}
    assert found(text, nouns) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Date of birth, three, fourteen, seventy-nine.", [("DATE", "three, fourteen, seventy-nine")]),
        (
            "I was born oh three fourteen nineteen seventy-nine.",
            [("DATE", "oh three fourteen nineteen seventy-nine")],
        ),
        ("The date was three weeks later.", []),
        ("three fourteen seventy-nine", []),  # no cue: any three numbers
        # No cue, but the month and day said just before with the month's name: the same date again
        (
            "May -- May fourth. Five, four, sixty-seven.",
            [("DATE", "May fourth"), ("DATE", "Five, four, sixty-seven")],
        ),
        (
            "the fourth of May. Five, four, sixty-seven.",
            [("DATE", "fourth of May"), ("DATE", "Five, four, sixty-seven")],
        ),
        ("on May fourth. Six, four, sixty-seven.", [("DATE", "May fourth")]),  # another day: no date
        ("On eighteen may the commission adopted it.", [("DATE", "eighteen may")]),
        ("It was a Saturday, I remember.", [("DATE", "Saturday")]),
        ("on monday the fifth of may we met", [("DATE", "monday the fifth of may")]),
        ("every sunday we went to church", []),
        ("on Sundays we went to church", []),
        ("i was informed that on christmas day a massive abuse", [("DATE", "christmas day")]),
        ("we had a christmas tree", []),
        ("in april of this year we met", [("DATE", "april")]),
        ("it will be in early may.", [("DATE", "may")]),
        ("this may be too young, we march on", []),
    ],
)
def test_more_spoken_dates(text, expected):
    assert found(text, {text.index("weeks")} if "weeks" in text else frozenset()) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My member id is seven four four two nine one.", [("ID_NUMBER", "seven four four two nine one")]),
        ("His inmate number is one two three four.", [("ID_NUMBER", "one two three four")]),
        ("I had one two three four people.", []),  # four digits without a cue are no number
        ("is it still the number ending in zero nine eight", [("PHONE_NUMBER", "zero nine eight")]),
        ("I was in one two three", []),
    ],
)
def test_short_numbers_read_after_an_identity_cue(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Q.   How old are you, sir?\nA.   Fifty-four. Fifty-five in August.",
            [("AGE", "Fifty-four"), ("AGE", "Fifty-five"), ("DATE", "August")],
        ),
        ("[14:02:45] DET. MENSAH: So you're thirty-three.\n[14:02:47] X: yeah", [("AGE", "thirty-three")]),
        ("He was a child of seventeen with a habit.", [("AGE", "seventeen")]),
        ("She is a mother of three.", []),  # her children, not her age
    ],
)
def test_ages_in_transcript_layouts(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("they're open till five", [("TIME", "five")]),
        ("so call after three.", [("TIME", "three")]),
        ("I left in the morning, like seven thirty, to bring it back", [("TIME", "seven thirty")]),
        ("MARCUS: Weed at twelve. Meth by fifteen.", [("AGE", "twelve"), ("AGE", "fifteen")]),  # not when
        ("Anything else? It's almost eight, and I promised", [("TIME", "eight")]),
        ("at one point we left", []),  # a noun follows: no hour
        ("we won by one vote", []),
        ("if we could increase revenue by one in poor countries", []),
    ],
)
def test_an_hour_said_alone(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "the letter was dated october first\nyeah the fourth\nokay",
            [("DATE", "october first"), ("DATE", "fourth")],
        ),
        (
            "what day is the appointment\nthe twenty second at two thirty",
            [("DATE", "twenty second"), ("TIME", "two thirty")],
        ),
        ("He finished the fourth. It was good.", []),  # no date talked about
        ("until she passed in ninety-three.", [("DATE", "ninety-three")]),
        ("we'll be there in thirty", []),
        ("in ninety-three cases", []),
        # A word that cannot be counted ends the year's phrase as a mark would
        ("they put me out in seventy-seven for the drinking", [("DATE", "seventy-seven")]),
        ("in fifty-nine there was no money", [("DATE", "fifty-nine")]),
        ("he was out for seventy-seven for a while", []),  # not after "in" or "since"
        (
            "Date of birth?\n[14:02:41] BERMÚDEZ: Oh-four, nineteen, ninety-one.",
            [("DATE", "Oh-four, nineteen, ninety-one")],
        ),
    ],
)
def test_days_and_years_said_in_part(text, expected):
    assert found(text, {text.index("cases")} if "cases" in text else frozenset()) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She's small, maybe five-one, so it hit her", [("HEIGHT", "five-one")]),
        ("The bald guy. Big, like six-four. He left.", [("HEIGHT", "six-four")]),
        ("We lost six-four in the final.", []),  # a score
        ("The vote was five-four.", []),
    ],
)
def test_hyphenated_heights_of_a_person(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "your reference number is c x nine one seven seven four",
            [("ID_NUMBER", "c x nine one seven seven four")],
        ),
        (
            "Do you know the plate?\n[14:04:39] BERMÚDEZ: It's seven K D R two one nine.",
            [("ID_NUMBER", "seven K D R two one nine")],
        ),
        (
            "i said a b c one two three four five six seven",
            [("PHONE_NUMBER", "one two three four five six seven")],
        ),
    ],
)
def test_identity_numbers_with_letters(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "one_day"),
    [
        ("it should be done by Friday.", True),
        ("she sends a flyer home every Friday.", False),
        ("For us, Saturday is the most important.", False),
        ("So tell us about Saturday the twelfth.", True),
        ("It was a Saturday, I remember.", True),
        ("Tuesday, May 7, 2024", True),
        ("parked in the lot since Easter.", True),
        ("home for Christmas this year", True),
        ("We had a Christmas tree.", False),
    ],
)
def test_a_weekday_names_one_day_after_a_cue(text, one_day):
    v = spoken_words()
    day = next(w for w in words_of(text) if w.text in v.weekdays | v.holidays)
    start = day.start - (6 if text[: day.start].endswith("every ") else 0)
    assert names_one_day(text, start, day.end) is one_day


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the fourth", True),
        ("ninety-three", True),
        ("oh five", True),
        ("three, fourteen, seventy-nine", True),
        ("oh three fourteen nineteen seventy-nine", True),
        ("fifteen", False),
        ("six thirty", False),  # a clock time
        ("zero nine eight", False),
        ("one two three", False),
    ],
)
def test_is_spoken_date(text, expected):
    assert is_spoken_date(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She'll be fifty next month.", [("AGE", "fifty")]),
        ("I'm gonna be 50 soon.", [("AGE", "50")]),
        ("It will be 10 soon.", []),  # no person
        ("cus i know it will be < 3 love it", []),
        ("I'm sorry. Luis should be forty-five now with his kids.", [("AGE", "forty-five")]),
        ("It should be five now.", []),
        ("Between ten and eleven at night we left.", [("TIME", "ten"), ("TIME", "eleven at night")]),
        ("I was three to four days late.", []),
        ("It was on the 15th, I think.", [("DATE", "15th")]),
        ("We met on the 15th floor.", []),
    ],
)
def test_ages_after_be_ranges_of_hours_and_days_after_on(text, expected):
    assert found(text, {text.index("days")} if "days" in text else frozenset()) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "reference number is c x nine one seven seven four\nspeaker 2: c x nine one seven seven four",
            [("ID_NUMBER", "c x nine one seven seven four"), ("ID_NUMBER", "c x nine one seven seven four")],
        ),
        (
            "So you're thirty-three.\nX: Thirty-three, yeah.",
            [("AGE", "thirty-three"), ("AGE", "Thirty-three")],
        ),
        ("So you're thirty-three.\nX: Thirty, maybe.", [("AGE", "thirty-three")]),
    ],
)
def test_a_number_said_again_to_confirm_it(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I started drinking at age seventeen.", [("AGE", "seventeen")]),
        ("kids between the ages of twelve and fourteen", [("AGE", "twelve"), ("AGE", "fourteen")]),
        ("The time is now ten fifteen.", [("TIME", "ten fifteen")]),
        ("We met at quarter to 10.", [("TIME", "quarter to 10")]),
        ("He was 5-9, 160 pounds.", [("HEIGHT", "5-9")]),
        ("The record was 5-9.", []),  # no person: a score
        ("It was March of '79.", [("DATE", "March of '79")]),
        ("We met on the following Monday.", [("DATE", "Monday")]),
    ],
)
def test_age_words_time_cues_digit_heights_and_short_years(text, expected):
    assert found(text) == expected


_VOCABULARY = [
    *[
        "i'm",
        "I",
        "was",
        "she",
        "is",
        "be",
        "at",
        "by",
        "the",
        "of",
        "in",
        "on",
        "and",
        "or",
        "to",
        "a",
        "it's",
        "how",
        "old",
        "?",
        ".",
        ",",
        ":",
        "-",
        "\n",
        "5",
        "12",
        "1600",
        "'79",
        "<",
    ],
    *[
        "seven",
        "seventeen",
        "forty",
        "two",
        "thousand",
        "hundred",
        "oh",
        "fourth",
        "may",
        "march",
        "friday",
        "easter",
        "hours",
        "now",
        "tall",
    ],
    *[
        "number",
        "id",
        "account",
        "ending",
        "born",
        "date",
        "o'clock",
        "p",
        "m",
        "morning",
        "night",
        "years",
        "minutes",
        "six-four",
    ],
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_VOCABULARY), max_size=30))
def test_any_run_of_number_words_gives_well_formed_spans(words):
    """No word order makes the recognizers fail, and every span covers text of its own."""
    text = " ".join(words)
    for span in find_spoken_forms(text):
        assert 0 <= span.start < span.end <= len(text)
        assert text[span.start : span.end].strip() == text[span.start : span.end]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A speaker corrects an hour with its minutes: both are times.
        (
            "we drove over around eight, eight twenty. It was dark.",
            [("TIME", "eight"), ("TIME", "eight twenty")],
        ),
        ("she showed up maybe two, two forty, with her brother", [("TIME", "two"), ("TIME", "two forty")]),
        # Minutes never run across a comma; without a time cue "six, six ten" is a list.
        ("the boxes were six, six ten and more", []),
        # A shift said as a range, one side with its minutes.
        ("I work six to two thirty, weekdays", [("TIME", "six"), ("TIME", "two thirty")]),
        ("she was there from eight fifteen to four.", [("TIME", "eight fifteen"), ("TIME", "four")]),
        ("the vote went from nine to four.", []),
        # "ten of five": minutes before the hour.
        ("he came back at twenty of six.", [("TIME", "twenty of six")]),
        ("they finished one of two tasks.", []),
    ],
)
def test_corrected_and_ranged_clock_times(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A life history in verbless phrases: a number over 12 is no hour, and the list shares it.
        ("ROY: Beer at eleven. Pills by seventeen. Then prison.", [("AGE", "eleven"), ("AGE", "seventeen")]),
        ("Smoking at fourteen, needles at nineteen.", [("AGE", "fourteen"), ("AGE", "nineteen")]),
        # No number over 12: no ages ("lights out by nine" is the hour of a day, and so is the
        # breakfast's hour beside it).
        ("Breakfast at seven. Lights out by nine.", [("TIME", "seven"), ("TIME", "nine")]),
        # Speech without punctuation: two ages said one after the other.
        (
            "back when i was maybe thirteen fourteen my uncle took me in",
            [("AGE", "thirteen"), ("AGE", "fourteen")],
        ),
        ("my neighbour, who's eleven, came over", [("AGE", "eleven")]),
        ("My kids. Ana is nine, Tomas is six, and the baby.", [("AGE", "six")]),
        ("The road to Merced is nine, then it narrows.", []),
    ],
)
def test_ages_in_lists_and_unpunctuated_speech(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Digits running straight into a name are a house number, not the age of "I'm at".
        ("CALLER: I'm at 14 Oak Street, my neighbour fell.", []),
        ("She was at 22 Elm Avenue when they came.", []),
        # "I" after the number is no name: the number still ends its phrase.
        ("When she was 14 I left home.", [("AGE", "14")]),
        ("I left home at 16. Then I worked.", [("AGE", "16")]),
    ],
)
def test_a_house_number_is_no_age(text, expected):
    assert found(text) == expected


def test_verbs_and_persons_from_a_tagger():
    text = "Tied at fifteen. Rosa would be fifty."
    tied, rosa = text.index("Tied"), text.index("Rosa")
    assert [
        (s.label, text[s.start : s.end]) for s in find_spoken_forms(text, verbs={tied}, persons={rosa})
    ] == [("AGE", "fifty")]
    assert ("AGE", "fifteen") in found(text)  # without the tagger "Tied" is not known for a verb


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I quit in the eleventh grade, ninety-one, and left home.", [("DATE", "ninety-one")]),
        ("back in high school, eighty-seven, I boxed", [("DATE", "eighty-seven")]),
        ("the winter of eighty-four was cold", [("DATE", "winter of eighty-four")]),
        ("she was born the ninth of May, oh-six.", [("DATE", "ninth of May, oh-six")]),
        ("we stayed in room nine, sixty-four, for a week", []),
        ("in the back of the truck, fifty-two, maybe more", []),
        ("i think from oh seven i was working there", [("DATE", "oh seven")]),
        ("he stayed out until the night of the 14th. Then he came home.", [("DATE", "14th")]),
        ("she lives on the 14th floor", []),
    ],
)
def test_years_and_days_said_in_part_in_context(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We got to the house at about nine.", [("TIME", "nine")]),
        ("he left at like eleven, I think", [("TIME", "eleven")]),
        ("the rate was at about nine percent", []),
        ("Beer at about twelve.", []),  # a verbless phrase: an age as much as an hour
    ],
)
def test_an_hour_after_a_cue_and_a_hedge(text, expected):
    assert found(text) == expected
