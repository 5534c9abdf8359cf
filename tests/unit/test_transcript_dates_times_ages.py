"""Dates, clock times and ages as hearings and other transcripts say and print them (issue 12):
decades and year ranges said in words, ages said of a person in more ways, clock times after
"it was", and the ALL-CAPS decision notice of a real hearing. Each rule has sentences it must find
and sentences it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import load_merge_rules
from reviewer_app.core.number_filters import looks_like_date
from reviewer_app.core.spoken_numbers import is_spoken_date
from reviewer_app.detectors.spoken import find_spoken_forms
from tests.unit.test_recognizers import matches

# Plural nouns a tagger would give (the number before one counts it).
PLURALS = ("kids", "miles", "pounds")


def found(text: str, label: str | None = None) -> list[tuple[str, str]]:
    nouns = {text.index(w) for w in PLURALS if w in text}
    return [
        (s.label, text[s.start : s.end])
        for s in find_spoken_forms(text, nouns)
        if label is None or s.label == label
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Back in the seventies we had nothing.", [("DATE", "seventies")]),
        ("By the late eighties I was using every day.", [("DATE", "late eighties")]),
        ("It got bad in the mid-nineties.", [("DATE", "mid-nineties")]),
        ("In the early two thousands he moved away.", [("DATE", "early two thousands")]),
        ("She grew up in the nineteen-sixties.", [("DATE", "nineteen-sixties")]),
        # A decade of a person's life is an age; one without "the" names no years.
        ("My mother is in her seventies.", [("AGE", "seventies")]),
        ("He plays seventies music.", []),
    ],
)
def test_decades_said_in_words(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("From seventy-nine to eighty-one I was out.", [("DATE", "seventy-nine"), ("DATE", "eighty-one")]),
        ("I was using between ninety-six and oh-two.", [("DATE", "ninety-six"), ("DATE", "oh-two")]),
        ("I was out from 1979 to eighty-one.", [("DATE", "eighty-one")]),
        # A range of speeds or weights counts its unit; "between" alone dates nothing.
        ("He went from fifty-five to sixty-five miles an hour.", []),
        ("It weighed between fifty-five and sixty-five pounds.", []),
        ("It was between forty-five, I think.", []),
    ],
)
def test_year_ranges_said_in_words(text, expected):
    assert found(text, "DATE") == expected


def test_apostrophe_years(specs):
    assert matches(specs, "DATE", "I was out from '79 to '81, then back in ’84.") == ["'79", "'81", "’84"]
    # A foot mark and the decade '90s are other patterns' business.
    assert matches(specs, "DATE", "He is 5'11 and grew up in the '90s.") == ["the '90s"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It happened on the night of the fourth.", [("DATE", "fourth")]),
        ("I was arrested on the 16th of that month.", [("DATE", "16th")]),
        ("He was the fourth of six kids.", []),
        ("I came in the fourth.", []),
    ],
)
def test_a_day_of_the_month_said_alone(text, expected):
    assert found(text, "DATE") == expected


def test_new_years_day_is_a_date():
    rules = load_merge_rules()
    assert looks_like_date("New Year's Day", rules)
    assert looks_like_date("the mid-nineties", rules) and is_spoken_date("the late seventies")
    assert not looks_like_date("a new year", rules)
    assert not is_spoken_date("seventies music")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My wife's seventy-five.", [("AGE", "seventy-five")]),
        ("My brother's gonna be sixty.", [("AGE", "sixty")]),
        ("My daughter is now 14.", [("AGE", "14")]),
        ("I'm going on seventy-four.", [("AGE", "seventy-four")]),
        ("He's pushing eighty.", [("AGE", "eighty")]),
        ("My grandkids are nine and eleven.", [("AGE", "nine"), ("AGE", "eleven")]),
        ("I was twenty-three, no, twenty-four.", [("AGE", "twenty-three"), ("AGE", "twenty-four")]),
        ("My mom passed away at 64.", [("AGE", "64")]),
        # Not ages: what follows counts or measures the number, or no one is said to be it.
        ("My sister's two kids came over.", []),
        ("My wife's car is sixty dollars a month.", []),
        ("It's past nine.", []),
        ("My mom got there at nine.", []),
    ],
)
def test_ages_said_of_a_person(text, expected):
    assert found(text, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mr. Lopez, 23, was shot that night.", [("AGE", "23")]),
        ("The victim, nineteen, died at the scene.", [("AGE", "nineteen")]),
        ("I was just a kid, maybe fourteen.", [("AGE", "fourteen")]),
        ("I'm an old man now, seventy-eight.", [("AGE", "seventy-eight")]),
        # Set off by commas after no person, or going on to count something.
        ("In room B, 14, the heater broke.", []),
        ("The victim, 3 times, asked him to stop.", []),
    ],
)
def test_an_age_set_off_after_a_person(text, expected):
    assert found(text, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS HE WAS 17 AT THE TIME OF THE OFFENSE, THE PANEL GAVE GREAT WEIGHT", [("AGE", "17")]),
        ("HE IS NOW 45.", [("AGE", "45")]),
        # In capitals a name still ends a house number.
        ("I'M AT 14 OAK STREET.", []),
    ],
)
def test_ages_in_capitals(text, expected):
    assert found(text, "AGE") == expected


def test_decision_notice_in_capitals(specs):
    text = "HE WAS 17 YEARS OLD. ON JUNE 5TH, 2003, AT 2300 HOURS, AT 11 O'CLOCK AT NIGHT, AT AGE 17"
    assert matches(specs, "AGE", text) == ["17", "17"]
    assert matches(specs, "DATE", text) == ["JUNE 5TH, 2003"]
    assert matches(specs, "TIME", text) == ["2300 HOURS", "11 O'CLOCK"]
    # "WORKED 1200 HOURS" counts hours, in capitals as in lower case.
    assert matches(specs, "TIME", "HE WORKED 1200 HOURS OF SERVICE") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was twenty to three.", [("TIME", "twenty to three")]),
        ("It's ten-oh-two.", [("TIME", "ten-oh-two")]),
        ("It was ten forty, maybe later.", [("TIME", "ten forty")]),
        ("We got there around ten-ish.", [("TIME", "ten-ish")]),
        # Feet and inches, a score and a count are no clock time.
        ("It was five ten.", []),
        ("The vote was twenty to three.", []),
        ("It was ten-ish dollars.", []),
    ],
)
def test_clock_times_after_it_was(text, expected):
    assert found(text, "TIME") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He died a little after midnight.", [("TIME", "midnight")]),
        ("Be back by noon, please.", [("TIME", "noon")]),
        ("It was midnight when we left.", [("TIME", "midnight")]),
        ("We'd been drinking since about four, and then we left.", [("TIME", "four")]),
        ("I had to be at work by seven. I'm a clerk.", [("TIME", "seven")]),
        ("The car left eastbound at twenty-two fifty-three.", [("TIME", "twenty-two fifty-three")]),
        (
            "So quarter to eleven, ten forty. Right before I called.",
            [("TIME", "quarter to eleven"), ("TIME", "ten forty")],
        ),
        ("She left around, I don't know, nine, nine thirty.", [("TIME", "nine"), ("TIME", "nine thirty")]),
        ("Mornings are better, from about nine until lunch.", [("TIME", "nine")]),
        ("Prices went from nine to lunch money.", []),
        # Not times: a midnight snack, a life dated "by seven", a year, two ages, two numbers.
        ("I had a midnight snack.", []),
        ("By seven I was already drinking.", []),
        ("They came in one by one.", []),
        ("Nothing since twenty nineteen.", []),
        ("When I was maybe thirteen fourteen my uncle took me in.", []),
        ("Write down about fourteen, fifteen names.", []),
    ],
)
def test_hours_said_alone_and_on_the_24_hour_clock(text, expected):
    assert found(text, "TIME") == expected


def test_24_hour_clock_lists_and_a_timestamp_after_a_date(specs):
    assert matches(specs, "TIME", "His meds are at 0800 and 2000 hours.") == ["0800", "2000 hours"]
    assert matches(specs, "TIME", "He logged 1200 hours and 2000 hours of service") == []
    assert matches(specs, "TIME", "Received:   09/15/2026 22:47:03") == ["22:47:03"]
    assert matches(specs, "TIME", "[00:04:18] CALLER: Hello?") == []  # an elapsed time


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("White guy, skinny. Late twenties, maybe thirty.", [("AGE", "twenties"), ("AGE", "thirty")]),
        ("A woman, older, like fifties maybe, with a walker.", [("AGE", "fifties")]),
        ("He was younger, twenty-five or twenty-six.", [("AGE", "twenty-five"), ("AGE", "twenty-six")]),
        (
            "She notes you were 24 at the offense and are now fifty-one.",
            [("AGE", "24"), ("AGE", "fifty-one")],
        ),
        ("Mr. Reyes, then forty-three, shot his partner.", [("AGE", "forty-three")]),
        # A decade of the calendar, and a clause of its own subject.
        ("In late seventies cars, the seats were vinyl.", []),
        ("The car was red and is now fifty dollars cheaper.", []),
    ],
)
def test_more_ages_said_of_a_person(text, expected):
    assert found(text, "AGE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I saw him on the Monday and on the Wednesday.", [("DATE", "Monday"), ("DATE", "Wednesday")]),
        # A weekday said of one day before is many days after "every".
        ("He came on Sunday. He came every Sunday after that.", [("DATE", "Sunday")]),
        ("The Monday crowd is the worst.", []),
    ],
)
def test_weekdays_of_one_week(text, expected):
    assert found(text, "DATE") == expected


def test_clock_times_said_in_spanish(specs):
    text = 'Dije "la una y media de la mañana." Llegó a las diez de la noche, a las tres en punto.'
    assert matches(specs, "TIME", text) == [
        "la una y media de la mañana",
        "las diez de la noche",
        "las tres en punto",
    ]
    assert matches(specs, "TIME", "Las dos hermanas vinieron a la una.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Height: 5-11. Weight: 180.", [("HEIGHT", "5-11")]),
        ("He was a big guy, six-four, maybe two-fifty.", [("HEIGHT", "six-four")]),
        # A clock time after a height keeps its part of the day; digits with no cue are no height.
        (
            "He was six-four, and at ten forty at night he left.",
            [("HEIGHT", "six-four"), ("TIME", "ten forty at night")],
        ),
        ("The score was 5-11 at the half.", []),
        # Only the number right after a height is its weight; a time after it, or after "at", is none.
        (
            "The suspect was about six-two, maybe two-twenty, at nine forty-five he ran out the back.",
            [("HEIGHT", "six-two"), ("TIME", "nine forty-five")],
        ),
        ("He was six-two, at nine forty-five he ran.", [("HEIGHT", "six-two"), ("TIME", "nine forty-five")]),
    ],
)
def test_heights_and_the_weight_after_them(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Halloween night, he got shot.", [("DATE", "Halloween")]),
        ("Christmas morning I called her.", [("DATE", "Christmas")]),
        ("Your age at the time of the offense was 17.", [("AGE", "17")]),
        ("Age at offense: 17.", [("AGE", "17")]),
        ("He was a minor, sixteen.", [("AGE", "sixteen")]),
        # A holiday's things, and a number said after no age.
        ("We put up the Christmas lights.", []),
        ("The page count was 17.", []),
    ],
)
def test_holiday_nights_and_an_age_named_before(text, expected):
    assert found(text) == expected


def test_a_year_at_a_line_end_counts_no_plural_on_the_next_line():
    # A tagger reads a speaker tag in capitals as a plural noun; the year before it counts nothing.
    text = "I finished my degree in twenty fifteen.\nCOMMISSIONERS: Thank you."
    assert found_with_nouns(text, "COMMISSIONERS") == [("DATE", "twenty fifteen")]
    assert found_with_nouns("We paid two thousand five dollars.", "dollars") == []


def found_with_nouns(text: str, plural: str) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text, {text.index(plural)})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A hedge before "noon" may be the time preposition itself.
        ("Around noon.", [("TIME", "noon")]),
        ("It was almost midnight.", [("TIME", "midnight")]),
        ("They serve a noon meal.", []),
        # Fillers set off by a comma between the verb and the age.
        ("I was, I think, seventeen, maybe eighteen.", [("AGE", "seventeen"), ("AGE", "eighteen")]),
        ("I started drinking when I was about, uh, eleven.", [("AGE", "eleven")]),
        ("I was just a kid. I was what, sixteen?", [("AGE", "sixteen")]),
        ("It was, I think, two.", []),
        ("There were, uh, twelve.", []),
        # A correction after "years old" is an age too (the written pattern finds the first).
        ("He was about forty years old, maybe forty-five.", [("AGE", "forty-five")]),
        ("He was forty years old, maybe forty-five pounds heavier.", []),
    ],
)
def test_hours_named_after_a_hedge_and_ages_after_fillers(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in ninety-eight, ninety-nine, I was using.", [("DATE", "ninety-eight"), ("DATE", "ninety-nine")]),
        ("in ninety-eight, fifty-five percent of us left.", [("DATE", "ninety-eight")]),
        ("It was Thanksgiving of oh-three.", [("DATE", "Thanksgiving of oh-three")]),
        ("It was Thanksgiving of all days.", [("DATE", "Thanksgiving")]),
        ("This was in, what, oh-seven?", [("DATE", "oh-seven")]),
        ("Be back in, uh, twenty-five minutes.", []),
    ],
)
def test_listed_years_a_holiday_of_a_year_and_a_year_after_fillers(text, expected):
    assert found(text, "DATE") == expected


def test_a_month_and_day_written_without_a_year_after_a_preposition(specs):
    assert matches(specs, "DATE", "On 12/23 I was arrested.") == ["12/23"]
    assert matches(specs, "DATE", "I got a write-up dated 3/4.") == ["3/4"]
    assert matches(specs, "DATE", "He ate 3/4 of the pie.") == []
    assert matches(specs, "DATE", "It was a 5/4 vote on appeal.") == []


def test_the_time_read_for_the_record_without_a_colon(specs):
    assert matches(specs, "TIME", "We'll recess for deliberations. The time is 126.") == ["126"]
    assert matches(specs, "TIME", "we are back on the record the time is 10 52 this is still") == ["10 52"]
    assert matches(specs, "TIME", "the time was 12 weeks and the time is 13 40 or 2 75") == []
    # review12: a share and a range are no clock.
    assert matches(specs, "TIME", "The time was 100 percent wasted. The time was 130 to 40 minutes.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "it is" and a hedge before the time; "and" opening a clause in speech without commas.
        ("it is now ten thirty one and we are back on the record", [("TIME", "ten thirty one")]),
        ("It was just two fifty.", [("TIME", "two fifty")]),
        ("at two fifteen and thirty people came", []),
        ("It was about ten forty and change.", []),
        ("it was only five ten", []),
    ],
)
def test_a_clock_time_after_it_is_and_a_hedge_or_before_a_clause(text, expected):
    assert found(text, "TIME") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An age said again after a hedge; after a person described by sex; before "at the time".
        ("You were about nineteen?\nA. About nineteen, yeah.", [("AGE", "nineteen"), ("AGE", "nineteen")]),
        ("It had about nineteen rooms.\nA. About nineteen, yeah.", []),
        ("Victim: male, 34.", [("AGE", "34")]),
        ("The suspect, 34, fled on foot.", [("AGE", "34")]),
        ("I was a juvenile, 16 at the time.", [("AGE", "16")]),
        ("The ward has room for a male, 34 beds in all.", []),
    ],
)
def test_an_age_said_again_after_a_hedge_and_after_a_described_person(text, expected):
    assert found(text, "AGE") == expected


def test_24_hour_clock_without_hours_and_a_clock_with_seconds_in_text(specs):
    assert matches(specs, "TIME", "Curfew is at 2200.") == ["2200"]
    assert matches(specs, "TIME", "Chow is at 0530 and 1630.") == ["0530", "1630"]
    assert matches(specs, "TIME", "The camera shows 18:39:52 when he crosses.") == ["18:39:52"]
    # Years, a height, a count of people, a recording's length and an elapsed-time stamp.
    assert matches(specs, "TIME", "It was around 2000.") == []
    assert matches(specs, "TIME", "He fell from a height of about 1500 feet.") == []
    assert matches(specs, "TIME", "They arrived at 1530 officers strong.") == []
    assert matches(specs, "TIME", "He lives at 1430 Elm Street.") == []
    assert matches(specs, "TIME", "The call lasted 00:07:12 in all.") == []
    assert matches(specs, "TIME", "[00:04:18] CALLER: Hello?") == []


def test_a_month_and_day_written_without_a_year_in_running_text(specs):
    assert matches(specs, "DATE", "The incident happened 9/4 on the yard.") == ["9/4"]
    assert matches(specs, "DATE", "I got a write-up 9/12, and then another.") == ["9/12"]
    assert matches(specs, "DATE", "We split it 1/2 and 1/2.") == []
    assert matches(specs, "DATE", "It passed by a majority of 6/1.") == []


def test_an_age_abbreviated_as_a_report_writes_it_and_twelve_noon(specs):
    assert matches(specs, "AGE", "He was a 16 y/o male.") == ["16"]
    assert matches(specs, "AGE", "A 16yo male fled; he is 16 yrs old.") == ["16", "16"]
    assert matches(specs, "AGE", "He sold 16 yo-yos and 16 yoga mats.") == []
    said = "At 12 noon we ate; by twelve midnight, bed."
    assert matches(specs, "TIME", said) == ["12 noon", "twelve midnight"]
    assert matches(specs, "TIME", "He waited 12 midnights for her.") == []


def test_both_between_the_verb_and_the_age():
    assert found("We were both seventeen.", "AGE") == [("AGE", "seventeen")]
    assert found("We were both at the door.", "AGE") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A number said over a wrapped line, on a plain page and on a numbered one, and broken at a hyphen.
        ("She was born in nineteen\nseventy-two, I think.", [("DATE", "nineteen\nseventy-two")]),
        (
            "".join(f"{n:2d}   line {n} of the page\n" for n in range(1, 6))
            + " 6   He left in two thousand\n 7   and nine, I think.\n",
            [("DATE", "two thousand\n 7   and nine")],
        ),
        ("My uncle was sixty- two when he passed.", [("AGE", "sixty- two")]),
        # A blank line or another speaker's tag ends the number.
        ("We need twelve\n\nfifteen chairs came.", []),
        ("Q. How many rooms? Twelve\nA. Fifteen rooms.", []),
    ],
)
def test_a_number_said_over_a_wrapped_line(text, expected):
    assert [(label, said) for label, said in found(text) if label != "TIME"] == expected


def test_a_decade_of_life_in_a_description_and_an_age_after_a_name(specs):
    def ages(text: str, persons: frozenset[int] = frozenset()) -> list[str]:
        return [text[s.start : s.end] for s in find_spoken_forms(text, persons=persons) if s.label == "AGE"]

    assert ages("Black male, early 20s, in a red hoodie.") == ["20s"]
    assert ages("Older guy, sixties maybe.") == ["sixties"]
    assert ages("Back in the early 20s, things were cheap.") == []
    assert ages("He plays sixties music.") == []
    text = "Her youngest? Maya's seven."
    assert ages(text, frozenset({text.index("Maya")})) == ["seven"]
    assert ages("Route's seven miles long.", frozenset()) == []
    assert matches(specs, "TIME", "Time of incident: 0951. Incident time 1840.") == ["0951", "1840"]
    assert matches(specs, "TIME", "Time: 1840 days served.") == []
    assert matches(specs, "TIME", "Time of arrival: 1840 hours.") == ["1840 hours"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A round year said by its tens after "in" or "since", ending its phrase.
        ("i retired in ninety", [("DATE", "ninety")]),
        ("Since eighty, I have been sober.", [("DATE", "eighty")]),
        ("in thirty I will be back", []),
        ("He was done in sixty seconds.", []),
        ("in ninety percent of cases", []),
        # An hour after "about" or "like" right after a part of the day.
        ("that was on a saturday night about eleven", [("DATE", "saturday"), ("TIME", "eleven")]),
        ("That morning, like six, we left.", [("TIME", "six")]),
        ("that night about eleven of us went", []),
        ("It took a day about nine times.", []),
    ],
)
def test_a_round_year_of_a_decade_and_an_hour_after_a_part_of_the_day(text, expected):
    assert found(text) == expected
