"""More of how people say dates, clock times and ages in hearings, interviews and calls (issue 12):
holidays named in more than one word, a second weekday of a list, a month and day written without
a year. Each rule has sentences it must find and sentences it must leave alone."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import load_merge_rules
from reviewer_app.core.number_filters import drop_non_sensitive_numbers, looks_like_date
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import names_one_day
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.spoken import find_spoken_forms
from tests.unit.test_recognizers import matches


def found(text: str, label: str | None = None) -> list[tuple[str, str]]:
    return [
        (s.label, text[s.start : s.end]) for s in find_spoken_forms(text) if label is None or s.label == label
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Right after Labor Day we moved.", [("DATE", "Labor Day")]),
        ("It was Memorial Day weekend.", [("DATE", "Memorial Day")]),
        ("No, I'm sorry, Mother's Day.", [("DATE", "Mother's Day")]),
        ("since new year's eve i haven't had a drink", [("DATE", "new year's eve")]),
        ("On Father's Day of 2009 he called.", [("DATE", "Father's Day of 2009")]),
        # A holiday that names a kind of thing, or every year's, is no date.
        ("I made her a Mother's Day card.", []),
        ("We always liked Labor Day sales.", []),
    ],
)
def test_holidays_named_in_more_than_one_word(text, expected):
    assert found(text, "DATE") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the holidays of the languages a hearing interprets, after a cue as Easter is
        ("It was Diwali and my dad said he'd be home.", ["Diwali"]),
        ("The day of Vaisakhi. My mother says", ["Vaisakhi"]),
        ("They let us go two days before Genna, our Christmas.", ["Genna"]),
        ("the 6th of January, Día de Reyes, and then", ["6th of January", "Día de Reyes"]),
        # a hedge between the cue and the holiday
        ("We were there from about Halloween to the middle of December.", ["Halloween", "December"]),
        ("The Holi festival is colorful.", []),
        # the months of other calendars after a preposition of time or "last"
        ("I left from Bole in Ginbot, this year.", ["Ginbot"]),
        ("They came again to my mother's house last Meskerem.", ["Meskerem"]),
        ("Month of Ginbot. I do not know the day.", ["Ginbot"]),
        ("Sene said nothing to me.", []),
        # a month or holiday that is also a given name, said as a person
        ("After Nisan testified we left. Since Rajab left I work.", []),
        ("It was the day before Genna called the police.", []),
        ("In the month of Sivan we married. I came back in Nisan.", ["Sivan", "Nisan"]),
    ],
)
def test_holidays_of_other_languages_and_months_of_other_calendars(text, expected):
    assert [said for _, said in found(text, "DATE")] == expected


def test_a_holiday_name_looks_like_a_date_to_the_merge():
    rules = load_merge_rules()
    assert looks_like_date("Labor Day", rules)
    assert not looks_like_date("Labor", rules)
    # and a holiday or a month of another calendar in one word
    assert looks_like_date("Diwali", rules)
    assert looks_like_date("Ginbot", rules)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'll be there on Thursday and Friday.", [("DATE", "Thursday"), ("DATE", "Friday")]),
        ("Was it Monday or Tuesday?", []),
        ("He works every Thursday and Friday.", []),
    ],
)
def test_the_second_weekday_of_a_list_names_one_day_as_the_first_does(text, expected):
    assert found(text, "DATE") == expected
    if expected:
        start = text.index("Friday")
        assert names_one_day(text, start, start + len("Friday"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a weekday ending its sentence after a verb, or with one part of the day after it, names one day
        ("Out in French Camp. I start Monday. My supervisor is Ray.", ["Monday"]),
        ("you were arrested saturday night by fresno p d i got", ["saturday"]),
        ("I went to their ER Saturday night, for a headache.", ["Saturday"]),
        # the nights of every week, a kind of thing, a weekday of every week
        ("I facilitate the Thursday night group on the yard.", []),
        ("Saturday is the busiest day.", []),
        ("We meet every Friday.", []),
        ("She visits every other Saturday. My sister", []),
        ("Six to two-thirty, Monday to Friday. Sometimes", []),
    ],
)
def test_a_weekday_after_a_verb_names_one_day(text, expected):
    assert [said for _, said in found(text, "DATE")] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a season alone whose year is named near it
        ("Two thousand twelve. The spring, at Old Folsom. I was", ["Two thousand twelve", "spring"]),
        ("in the spring of 2024 and again that fall. And", ["spring of 2024", "fall"]),
        ("I came to Yuba City in the spring, March of '97.", ["spring", "March of '97"]),
        ("a chrono dated 6 / 14 / 25 says you've co-facilitated since spring.", ["spring"]),
        ("Then a stroke in 2021. Radiation through that summer. Then", ["summer"]),
        # no year near; a season said from today; a noun or a clause after it; a year far from "the"
        ("We plant in the spring.", []),
        ("The summer I was nine. So the summer of '77.", ["summer of '77"]),
        ("He uses the wheelchair since the fall on August 12th, 2025.", ["August 12th, 2025"]),
        ("That was '77. After that I was just working fields, grapes in the summer, then pruning.", []),
        ("I'll be out this fall, in 2027.", []),
        # a number that is no year nor date: part of a case number, a fraction
        ("Case number 2019-0456. The summer, he called me.", []),
        ("She drank 3/4 of it. The summer, he called me.", []),
        ("From 2019-2020 we lived there. The summer, he called me.", ["summer"]),
    ],
)
def test_a_season_fixed_by_a_year_near_it(text, expected):
    assert [said for _, said in found(text, "DATE")] == expected


def test_a_season_survives_the_merge_when_the_spoken_forms_found_it():
    rules = load_merge_rules()
    text = "Two thousand twelve. The spring, at Old Folsom."
    start = text.index("spring")
    spoken = Span(start, start + 6, "DATE", ("presidio",), 0.6)
    ner = Span(start - 4, start + 6, "DATE", ("spacy",), 0.85)  # "The spring" alone
    assert drop_non_sensitive_numbers([spoken, ner], text, rules) == [spoken]


def test_a_month_and_day_without_a_year_survives_the_merge_and_is_no_case_number():
    rules = load_merge_rules()
    assert looks_like_date("8/12", rules)
    assert not looks_like_date("13/40", rules)
    case_numbers = [
        regex
        for spec in load_recognizer_specs()
        if spec.name == "case_number"
        for _, regex in spec.compiled()
    ]

    def case_number(text: str) -> list[str]:
        return sorted({m.group() for r in case_numbers for m in r.finditer(text)})

    assert case_number("You got your copy on 8/12 and signed it.") == []
    assert case_number("See application no. 12/23 and 18403/91.") == ["12/23", "18403/91"]
    # A fax's page count is no case number
    assert case_number("KWIK LAW GROUP    PAGE 03/17    application no. 4417/09") == ["4417/09"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An age that goes on from the one just said: a list, "going on", a correction, a pause.
        ("Q: So you are forty?\nA: Forty, forty-one.", ["forty", "Forty", "forty-one"]),
        ("I was twelve, going on thirteen.", ["twelve", "thirteen"]),
        (
            "She's sixty—I'm sorry, sixty-one, she turns sixty-two in May.",
            ["sixty", "sixty-one", "sixty-two"],
        ),
        ("I was twenty years old. Twenty, twenty-one.", ["Twenty", "twenty-one"]),
        # The year of age after one said in the turn before; a false start cut off by a pause.
        ("He notes you are fifty-two.\nMR. OKAFOR: Fifty-three in June.", ["fifty-two", "Fifty-three"]),
        ("I was thirty... thirty-nine. A grown man.", ["thirty", "thirty-nine"]),
        # Not across a sentence's end, not a count that follows an age, not a false start of no one's.
        ("I was twenty. Fifteen, sixteen came.", ["twenty"]),
        ("The bus was thirty... thirty-nine.", []),
    ],
)
def test_an_age_that_goes_on_from_the_one_just_said(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I ran from there on my fifteenth birthday.", ["fifteenth"]),
        ("On her 80th birthday we called.", ["80th"]),
        ("It was a fortieth birthday party.", []),
        ("I was a month shy of eighteen.", ["eighteen"]),
        ("It was a month shy of eighteen percent.", []),
        ("At seventeen that was everything to me.", ["seventeen"]),
        ("At eleven the bus came for us.", []),
        ("I sit with the young guys, eighteen, nineteen, the age I was.", ["eighteen", "nineteen"]),
    ],
)
def test_a_birthday_shy_of_an_age_an_age_opening_a_sentence_and_young_guys(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A clock time said again at the start of the next sentence, and corrected after it.
        (
            "He took it at like eight in the morning. Eight, eight-thirty.",
            ["eight in the morning", "Eight", "eight-thirty"],
        ),
        ("Like at noon? Noon, twelve-thirty.", ["noon", "Noon", "twelve-thirty"]),
        ("I got there at eight. Eight people were there.", ["eight"]),
        # An hour corrected without a comma, as captions write it; the 24-hour clock after "time".
        (">> like nine nine thirty we had been drinking", ["nine", "nine thirty"]),
        ("Time eighteen forty-four.", ["eighteen forty-four"]),
        ("It was eighteen forty-four.", []),
        # The clock read again in digits.
        ("The time is ten-oh-four, 1004. This concludes it.", ["ten-oh-four", "1004"]),
        ("At ten fifteen, 1015 people came.", ["ten fifteen"]),
    ],
)
def test_a_clock_time_said_again(text, expected):
    assert [said for label, said in found(text) if label == "TIME"] == expected


def test_the_24_hour_clock_in_lists_fields_and_after_a_date(specs):
    assert matches(specs, "TIME", "Meds at 0600, 1000, 1400 and 1800, and more.") == [
        "0600",
        "1000",
        "1400",
        "1800",
    ]
    assert matches(specs, "TIME", "Yard recall was at 2000.") == ["2000"]
    assert matches(specs, "TIME", "Date/Time of Offense: 05/14/2026  1935 hours") == ["1935 hours"]
    assert matches(specs, "TIME", "Call received:    18:42:17     Answered: 18:42:21") == [
        "18:42:17",
        "18:42:21",
    ]
    # A year after "in" or "by", a count after "at", a list of years, a recording's length.
    assert matches(specs, "TIME", "He came in 2000. By 2000 he was out. At 2000 feet.") == []
    assert matches(specs, "TIME", "Codes 0600, 1999 and 2005 apply.") == []
    assert matches(specs, "TIME", "Duration: 00:07:12") == []


def test_a_clock_time_close_to_and_before_an_infinitive():
    assert found("It was a Monday night, close to ten-thirty. He owed", "TIME") == [("TIME", "ten-thirty")]
    text = "He said he would be home by ten-thirty to light the lamps."
    verbs = {text.index("light")}
    assert [text[s.start : s.end] for s in find_spoken_forms(text, verbs=verbs)] == ["ten-thirty"]
    # without a verb after it "to" may open a range or count
    assert [text[s.start : s.end] for s in find_spoken_forms(text)] == []


def test_the_24_hour_clock_beside_a_date_and_opening_a_range(specs):
    assert matches(specs, "TIME", "Negative, collected 0745, 4/27/26.") == ["0745"]
    assert matches(specs, "TIME", "It says Gail Thornbury, LVN. July 22nd, 2315.") == ["2315"]
    assert matches(specs, "TIME", "Second watch, six to two. 0600 to 1400.") == ["0600", "1400"]
    # A year before a date or after its month and day stays a year; a count of rooms is no range.
    assert matches(specs, "TIME", "In 1998, 4/27/26 was far off. July 22nd, 2015.") == []
    assert matches(specs, "TIME", "Rooms 1200 to 1250 were empty.") == []
    # after a noun that numbers things, four digits are that thing's number
    assert matches(specs, "TIME", "Room 1023, 4/27/26, was where I stayed.") == []
    assert matches(specs, "TIME", "The documents are Bates 0412 to 0415.") == []
    assert matches(specs, "TIME", "See Exhibit # 0600 to 1400.") == []
    assert matches(specs, "DATE", "July 22nd, 2315.") == ["July 22nd"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A person named in apposition before an age; a word for a person before "younger, like 14".
        ("The owner, Harjit Dhillon, forty-four, had been shot.", ["forty-four"]),
        ("His sister, Maxine Pennebaker-Voss, is eighty and lives nearby.", ["eighty"]),
        ("The town, Elk Grove, is eighty miles away.", []),
        ("We drove to Los Angeles, Santa Monica, forty minutes.", []),
        ("A girl in the truck too, younger, like fourteen. Long hair.", ["fourteen"]),
        ("The truck was older, like fourteen.", []),
        # The first number of a range of ages said before "years old".
        ("a lot of us were forty fifty years old", ["forty"]),
        ("she was twelve or thirteen years of age", ["twelve"]),
    ],
)
def test_an_age_after_a_name_in_apposition_and_before_a_range_said_years_old(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("That night I went there at ten, quarter after, with a rifle.", ["ten", "quarter after"]),
        ("I gave a quarter after, he said.", []),
        ("the whistle would blow at twelve for lunch and", ["twelve"]),
        ("she was on the night shift ten to six and she", ["ten", "six"]),
        ("I worked ten to twelve hours a day.", []),
        # the hours of a shift after a comma: a prison's watch, nights, a desk staffed
        ("A. Second watch, six to two. Sometimes", ["six", "two"]),
        ("for a grocer in Tracy, nights, eleven to seven.", ["eleven", "seven"]),
        ("call the front desk, that's staffed seven to eleven.", ["seven", "eleven"]),
        ("We had two nights, three to four of us.", []),
        ("The time is zero nine, uh, zero nine four two. We're here.", ["zero nine four two"]),
        ("His number is zero nine four two.", []),
    ],
)
def test_an_elliptical_quarter_a_bare_hour_before_a_meal_shift_hours_and_a_clock_read_by_digit(
    text, expected
):
    assert [said for label, said in found(text) if label == "TIME"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my older brother got jumped in o six and i thought", ["o six"]),
        ("i was in o block back then", []),
    ],
)
def test_a_year_said_with_the_letter_o_as_captions_write_it(text, expected):
    assert [said for label, said in found(text) if label == "DATE"] == expected


def test_a_month_and_day_with_a_hyphen_after_on_and_a_day_of_every_year(specs):
    assert matches(specs, "DATE", "The assessment was on 5-27. Then more.") == ["5-27"]
    assert matches(specs, "DATE", "I worked from 9-5 on weekdays.") == []
    text = "I miss him every Christmas and every fourth of July, since Christmas of 2005."
    for day in ("Christmas", "fourth of July"):
        start = text.index(day)
        assert not names_one_day(text, start, start + len(day))
    start = text.index("Christmas of 2005")
    assert names_one_day(text, start, start + len("Christmas of 2005"))


@pytest.mark.parametrize(
    ("text", "day", "expected"),
    [
        # A month and its day after "every": a birthday or the day of a death, kept each year.
        ("The family still goes to the cemetery every February 11th.", "February 11th", True),
        ("Every June 14th I -- that's his birthday.", "June 14th", True),
        ("and every February seventeenth my mother goes.", "February seventeenth", True),
        # A day before its month is a holiday as often; a month alone is every year's.
        ("We had a party every fourth of July.", "fourth of July", False),
        ("We drove up there every June.", "June", False),
    ],
)
def test_a_month_and_its_day_after_every_names_one_day(text, day, expected):
    start = text.index(day)
    assert names_one_day(text, start, start + len(day)) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How old were you?\nA: Twelve. Maybe thirteen.", ["Twelve", "thirteen"]),
        ("students aged between fifteen and eighteen", ["fifteen", "eighteen"]),
        ("I was a kid of eight or nine then.", ["eight", "nine"]),
        ("My kids, 10 and 12, live with my mom.", ["10", "12"]),
        ("My girlfriend at the time was sixteen; I was twenty.", ["sixteen", "twenty"]),
        ("HE WAS BORN ON MAY 3, 1971 AND WAS 24 AT THE TIME OF THE OFFENSE.", ["24"]),
        ("The score was 19 at the time.", []),
        ("the baby is eighteen months.", ["eighteen"]),
        ("I was six months in county.", []),
    ],
)
def test_more_ages_said_in_a_list_an_answer_or_a_clause(text, expected):
    assert [said for label, said in found(text) if label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was around 3 o'clock, maybe three.", ["three"]),
        ("It was 10 p.m., maybe ten thirty.", ["ten thirty"]),
        ("It was around 3 feet, maybe three.", []),
        ("About five minutes to ten, a little before nine.", ["five minutes to ten", "nine"]),
        ("I waited five minutes to ten people.", []),
        ("At nine sharp and then at noon.", ["nine sharp", "noon"]),
        ("He had two sharp knives.", []),
    ],
)
def test_a_time_said_again_after_a_written_one_minutes_to_an_hour_and_sharp(text, expected):
    assert [said for label, said in found(text) if label == "TIME"] == expected


def test_a_babys_age_in_months_and_an_hour_said_loosely_in_digits(specs):
    assert matches(specs, "AGE", "My grandson is 6 months old; a 3-week-old baby.") == ["6", "3"]
    assert matches(specs, "AGE", "I did 6 months in county.") == []
    assert matches(specs, "TIME", "It was around 3-ish, at like 10ish.") == ["3-ish", "10ish"]
    assert matches(specs, "TIME", "Grade 3-ish work.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "He's like, I don't know, maybe twenty-five, thirty? Skinny.",
            [("AGE", "twenty-five"), ("AGE", "thirty")],
        ),
        ("I was, I don't know, fifteen.", [("AGE", "fifteen")]),
        ("It's like, I don't know, maybe twenty-five, thirty dollars.", []),
        # An hour after a preposition opening the answer; a count after it is none.
        (
            "Q. What time did you get home?\nA. After one. Maybe one-thirty.",
            [("TIME", "one"), ("TIME", "one-thirty")],
        ),
        ("After two years, I left.", []),
    ],
)
def test_an_age_after_i_dont_know_and_an_hour_opening_an_answer(text, expected):
    assert [(label, said) for label, said in found(text) if label in ("AGE", "TIME")] == expected


def test_an_hour_in_digits_after_around_or_after_ending_its_phrase(specs):
    assert matches(specs, "TIME", "At night, around 11. After 2, I left.") == ["11", "2"]
    assert matches(specs, "TIME", "There were around 11, maybe 12 people.") == []
    assert matches(specs, "TIME", "Chapter 11, after 3, section 4.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the house is at fourteen twelve east market street", []),
        ("he lives at ten fifteen oak street", []),
        ("we met at ten fifteen on main street", ["ten fifteen"]),
        ("at fourteen twelve we left", ["fourteen twelve"]),
    ],
)
def test_a_house_number_said_like_a_clock_time_before_its_street_is_no_time(text, expected):
    assert [said for label, said in found(text) if label == "TIME"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The answer to a question about a clock time or a year.
        (
            "RAY: You got there at what time?\nWELLS: Eleven. Eleven-fifteen.",
            [("TIME", "Eleven"), ("TIME", "Eleven-fifteen")],
        ),
        (
            "RAY: What year was that?\nWELLS: Ninety-six. No, ninety-seven.",
            [("DATE", "Ninety-six"), ("DATE", "ninety-seven")],
        ),
        ("RAY: What time did you leave?\nWELLS: I left with two friends.", []),
        ("RAY: How many came?\nWELLS: Eleven. Maybe twelve.", []),
        # "at" an age after a possessive that opens the clause.
        ("My first time in juvie was at thirteen.", [("AGE", "thirteen")]),
        ("The bus came at eleven.", [("TIME", "eleven")]),
    ],
)
def test_answers_to_a_question_about_a_time_or_a_year_and_at_an_age_after_my(text, expected):
    assert found(text) == expected
