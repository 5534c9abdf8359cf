"""Days of a month and weekdays said alone, dates written as a recogniser or a file name writes them,
round sums said without a currency, and CDCR numbers said in pieces or corrected."""

from __future__ import annotations

import pytest

from reviewer_app.core import merge, number_filters
from reviewer_app.core.spoken_numbers import names_one_day, spoken_words, words_of
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.read_out import cdcr_numbers_said, find_read_out_identifiers
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.detectors.spoken_amounts import find_spoken_amounts


def dates(text: str) -> list[str]:
    return [text[s.start : s.end] for s in find_spoken_forms(text) if s.label == "DATE"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("you tested dirty on the tenth too you remember that", ["tenth"]),
        ("She'll be at the meeting on the eleventh specifically for ag questions.", ["eleventh"]),
        ("I was high when I shot him, I had been up since the twelfth.", ["twelfth"]),
        ("they arrested me the next day, the fourth around six in the morning.", ["fourth"]),
        ("Can I still call her on her birthday, the fifth?", ["fifth"]),
        (
            "When did you first see him? The next morning. The twentieth. About quarter to eight.",
            ["twentieth"],
        ),
        ("It was the Saturday before Thanksgiving, the seventeenth -- no, the sixteenth.", ["seventeenth"]),
    ],
)
def test_a_day_of_the_month_said_alone(text, expected):
    assert expected[0] in dates(text)


@pytest.mark.parametrize(
    "text",
    [
        "He finished the fourth. It was good.",  # no date talked about
        "She came in third, then the fourth too.",  # no cue before "the"
        "He was the fifth?",
    ],
)
def test_an_ordinal_with_no_day_talked_about_is_no_date(text):
    assert dates(text) == []


def one_day(text: str, nth: int = 0) -> bool:
    v = spoken_words()
    days = [w for w in words_of(text) if w.text in v.weekdays]
    return names_one_day(text, days[nth].start, days[nth].end)


@pytest.mark.parametrize(
    ("text", "nth", "expected"),
    [
        ("I was off Friday and Saturday.", 0, True),
        ("I was off Friday and Saturday.", 1, True),
        ("bail is set, first appearance Friday in Department 63.", 0, True),
        ("You told me at the office Friday that you had something lined up.", 0, True),
        ("i'll be back wednesday before thanksgiving or friday at the latest", 1, True),
        ("He facilitates it on Tuesday nights from six to eight.", 0, False),
        ("We do NA in the house Monday and Wednesday nights anyway.", 0, False),
        ("We do NA in the house Monday and Wednesday nights anyway.", 1, False),
        ("Sikh services with the granthi on the first Sunday...", 0, False),
        ("Friday prayers are at noon.", 0, False),
        # A day told by the day or event it comes before or after, also where "the" is said twice.
        ("I think about the -- the Tuesday before, when he sold me a soda.", 0, True),
        ("She drove up here the Saturday after Thanksgiving with my niece.", 0, True),
        ("He runs the Tuesday after-school group.", 0, False),
        ("He runs the Tuesday group before count.", 0, False),
    ],
)
def test_whether_a_weekday_said_without_a_cue_names_one_day(text, nth, expected):
    assert one_day(text, nth) is expected


def test_a_weekday_of_every_month_as_ner_gives_it():
    text = "He comes on the first Saturday of the month. It was the first Sunday in May 2019."
    every = text.index("first Saturday")
    assert not names_one_day(text, every, every + len("first Saturday of the month"))
    assert not names_one_day(text, every, every + len("first Saturday"))
    once = text.index("first Sunday")
    assert names_one_day(text, once, once + len("first Sunday in May 2019"))


def patterns_found(text: str, entity: str) -> list[str]:
    return [
        m.group()
        for spec in load_recognizer_specs()
        if spec.entity == entity
        for _, compiled in spec.compiled()
        for m in compiled.finditer(text)
    ]


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Chrono from MSP dated 6 / 14 / 25 says you've co-facilitated since spring.", "6 / 14 / 25"),
        ("File: intake_line_20261103_1042.wav", "20261103"),
        ("Recording: 20250614.mp3", "20250614"),
        ("call-2026-11-03_0915.wav", "2026-11-03"),
        ("SJGH kept him 2/2 through 2/14 of this year for pneumonia.", "2/2"),
    ],
)
def test_dates_written_with_spaced_slashes_in_file_names_and_ranges(text, date):
    assert date in patterns_found(text, "DATE")


@pytest.mark.parametrize(
    "text",
    [
        "Booking number 20261103 was entered.",  # eight digits alone: an identifier as often
        "Call type: 11-80 / 20001 VC",
        "a score of 2/2 overall",
    ],
)
def test_numbers_that_are_no_written_dates(text):
    assert patterns_found(text, "DATE") == []


def test_a_spaced_or_compact_date_looks_like_one_to_the_merge():
    rules = merge.load_merge_rules()
    assert number_filters.looks_like_date("6 / 14 / 25", rules)
    assert number_filters.looks_like_date("20261103", rules)
    assert not number_filters.looks_like_date("11-80 / 20001", rules)
    assert not number_filters.looks_like_date("20261399", rules)


def sums(text: str) -> list[str]:
    plural_nouns = {text.index(" people") + 1} if " people" in text else set()  # as a tagger tells them
    return [text[s.start : s.end] for s in find_spoken_amounts(text, plural_nouns)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SGT. YBARRA: Bail schedule says fifty thousand. Classification: medium.", ["fifty thousand"]),
        ("CALLER: Just the gate money. Two hundred. It's like $140 now.", ["Two hundred"]),
        ("the restitution of ten thousand, he paid it", ["ten thousand"]),
        ("The money went to two hundred people.", []),  # it counts people
        (
            "RM: A hundred fifty thousand dollars, Tavion.\nTM: I know.\n"
            "RM: Ten percent. That's fifteen thousand.",
            [
                "A hundred fifty thousand dollars",
                "Ten percent",
                "fifteen thousand",
            ],
        ),
        (
            "He got like four hundred from the -- from before. I paid for it.",
            [],
        ),  # no word of money before
        ("My rent. He owe me like four hundred from before.", ["four hundred"]),
        ("NC: Like five thousand just to start. Five K retainer. Lawyers cost money.", []),
        (
            "NC: The lawyer's cost is like five thousand just to start. Five K retainer.",
            [
                "five thousand",
                "Five K",
            ],
        ),
        (
            "I paid two thousand five hundred. Two thousand five hundred and ten people came.",
            ["two thousand five hundred"],
        ),
        ("I paid it off in two thousand.", []),  # a year
        ("Bail was high.\nTwo hundred.", []),  # the money word on another line
        ("He paid me back. Forty-five.", []),  # no round number
        ("It cost $300 for the fine. The program had two hundred.", []),  # no money in its sentence
        ("Everything there is priced in dollars. The program had two hundred.", []),
        ("He owed me five hundred dollars. Two hundred.", ["five hundred dollars", "Two hundred"]),
        ("It cost $300 for the fine. Then he wanted two hundred more from my wages.", ["two hundred"]),
    ],
)
def test_a_round_sum_said_without_a_currency_after_a_word_of_money(text, expected):
    assert sums(text) == expected


def cdcr_found(text: str) -> list[str]:
    said = cdcr_numbers_said(text, "hearing")
    return [
        text[s.start : s.end]
        for s in find_read_out_identifiers(text, "hearing", said)
        if s.label == "CDCR_ID"
    ]


def test_a_cdcr_number_said_in_pieces_with_a_trailing_off_between():
    text = (
        "Speaker A: and your cdcr number sir\n\nSpeaker E: A K... four four. one seven.\n\n"
        "Speaker A: i show a k four four one seven."
    )
    assert "A K... four four. one seven" in cdcr_found(text)


def test_the_letters_of_a_cdcr_number_said_wrong_and_corrected():
    text = (
        "DEPUTY COMMISSIONER CARR: This is a hearing for Lowell Grant, CDCR number -- I have it as "
        "A-F -- no, I'm sorry, A-E four-eight-two-nine. The question is his condition."
    )
    assert cdcr_found(text)[:2] == ["A-F", "A-E four-eight-two-nine"]
    # Without a word that corrects it, another start is no part of the number.
    other = text.replace("-- no, I'm sorry, ", "-- ")
    assert "A-F" not in cdcr_found(other)


@pytest.mark.parametrize(
    ("text", "holiday", "expected"),
    [
        (
            'clarification:\n"Día de Reyes," Kings\' Day, the witness says the sixth of January',
            "Día de Reyes",
            True,
        ),
        (
            'clarification:\n"Día de Reyes," Kings\' Day, the witness says the sixth of January',
            "Kings' Day",
            True,
        ),
        (
            "born the 2nd of February of 1944, the Día de la Candelaria, and she says",
            "Día de la Candelaria",
            True,
        ),
        ("We had the Christmas, the lights and all", "Christmas", False),
    ],
)
def test_a_holiday_set_off_by_quotes_or_after_a_date_names_one_day(text, holiday, expected):
    start = text.index(holiday)
    assert names_one_day(text, start, start + len(holiday)) is expected


def identifiers(text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in find_read_out_identifiers(text, "hearing")]


def test_the_tail_of_a_number_after_number_ending():
    text = "I show a booking here on January first, 2025, booking number ending 6671, and one 3/9/2026."
    assert ("6671", "ID_NUMBER") in identifiers(text)
    assert identifiers("The fiscal year ending 2019 was a bad one.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The 3rd, 4th, and 5th.", ["3rd", "4th", "5th"]),
        ("From the 3rd to the 5th.", ["3rd", "5th"]),
        ("On the twelfth or thirteenth?", ["twelfth", "thirteenth"]),
        ("It was on the twelfth, thirteenth, something like that.", ["twelfth", "thirteenth"]),
        ("from the third to the fifth floor", []),
        ("He came on the fifth, and the third time he ran.", ["fifth"]),
        ("I was on the fifth, second floor.", ["fifth"]),
    ],
)
def test_days_said_in_a_list_or_a_range(text, expected):
    assert dates(text) == expected


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("You were at Folsom 2004-2005, then Soledad.", "2004-2005"),
        ("from 1998–2001 at the camp", "1998–2001"),
        ("The 115 from 6-12 of '18 was dismissed.", "6-12 of '18"),
        ("A 128 on 6/12 of 2018.", "6/12 of 2018"),
    ],
)
def test_year_ranges_and_a_month_and_day_of_a_year(text, date):
    assert date in patterns_found(text, "DATE")


@pytest.mark.parametrize(
    "text", ["Case No. 2004-05 was filed.", "call 555-2004-2005 now", "pages 12-14 of 2018"]
)
def test_numbers_with_dashes_that_are_no_year_range(text):
    assert not any("-" in found for found in patterns_found(text, "DATE"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("In the sixty-four flood my husband's family lost every cow.", ["sixty-four"]),
        ("The oh-nine one was a DUI, at like three in the morning.", ["oh-nine"]),
        ("the ninety-eight arrest in Fresno", ["ninety-eight"]),
        ("he carried the thirty-eight special", []),  # a calibre
        ("he finished the fifty-two week program", []),  # a count
        ("Did you have the gun? I had the forty-five one in the car.", []),  # "one" of no event
        ("The ninety-one one was worse.", []),
    ],
)
def test_the_year_of_an_event_said_by_its_last_two_digits(text, expected):
    assert dates(text) == expected


def test_a_date_of_month_day_and_year_in_a_file_name():
    text = "Anzaldua_AK6614_BPH_Subsequent_100626.mp3"
    assert "100626" in patterns_found(text, "DATE")
    assert patterns_found("Log 100626 was filed.", "DATE") == []
    assert number_filters.looks_like_date("100626", merge.load_merge_rules())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We did it on the twentieth anniversary, the twenty-fifth, and on her birthday too.", []),
        ("I got maybe -- with my check on the first, I could do two.", []),
        ("when I get paid on the twenty-fifth.", ["twenty-fifth"]),
    ],
)
def test_a_day_counted_or_of_every_month_is_no_date(text, expected):
    assert dates(text) == expected


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("He came home on the second day, the fourteenth, and shot her.", "fourteenth"),
        ("The victim was killed on the first Sunday, the twelfth, in 2015.", "Sunday, the twelfth"),
    ],
)
def test_an_ordinal_restating_a_day_or_a_weekday_is_a_date(text, day):
    """Only another of a counted thing ("the twentieth anniversary, the twenty-fifth") is no date."""
    assert day in dates(text)
    assert "Sunday" not in "".join(dates("We go on the first Sunday, for the service."))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The officers did a welfare check on the twelfth and found her dead.", ["twelfth"]),
        ("He wrote a bad check on the fourth and was arrested the next day.", ["fourth"]),
        ("I paid the rent and on the third he was arrested at the bus station.", ["third"]),
        ("Her benefits stopped and on the ninth she moved out of the apartment.", ["ninth"]),
        ("She got her checks, and on the twentieth I was arrested.", ["twentieth"]),
        ("my check comes on the first and I pay her back.", []),
        ("The rent is due on the first, every month.", []),
        ("she gets her checks on the third, so we wait.", []),
    ],
)
def test_only_the_day_a_payment_of_every_month_falls_on_is_no_date(text, expected):
    """The monthly thing must be the subject of the phrase ending in the ordinal: one of many
    ("a welfare check") or one across a clause boundary leaves the day a date."""
    assert dates(text) == expected


def test_an_ordinal_past_thirty_one_is_no_day():
    rules = merge.load_merge_rules()
    assert not number_filters.looks_like_date("Eighty-fourth", rules)
    assert number_filters.looks_like_date("twenty-fourth", rules)


def test_a_weekday_night_before_from_names_one_day():
    assert one_day("Your car is gone. They towed it Wednesday night from in front of the house.")
