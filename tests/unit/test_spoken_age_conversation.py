"""Ages a conversation gives (issue 12): the answer to "how old" that comes after a first sentence
without a number, the short questions that go on asking it ("And today?"), the answer to "when did
it start" given as an age, a range of the years of a life, an age guessed from a person's looks,
"which makes you", "forty-something". Each rule has sentences it must find and sentences it must
leave alone."""

from __future__ import annotations

import re

import pytest

from reviewer_app.core.merge import load_merge_rules
from reviewer_app.core.number_filters import drop_non_sensitive_numbers
from reviewer_app.core.spans import Span
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.importers.text import document_from_text
from tests.unit.test_recognizers import matches

# Plural nouns a tagger would give (the number before one counts it).
PLURALS = ("brothers", "minutes", "guys", "dollars", "feet")
# Verbs a tagger would give ("at sixteen to work": the number ends its phrase before one).
VERBS = (" work ",)


def ages(text: str) -> list[str]:
    tags = document_from_text("said", text).speaker_tags()
    nouns = {text.index(w) for w in PLURALS if w in text}
    verbs = {text.index(w) + 1 for w in VERBS if w in text}
    spans = find_spoken_forms(text, nouns, verbs, speaker_tags=tags)
    return [text[s.start : s.end] for s in spans if s.label == "AGE"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The answer goes on past a first sentence that gives no number, within the turn.
        ("MR. SOTO: How old was your cousin?\nWITNESS: Younger than me. I'd say twelve.", ["twelve"]),
        ("MR. SOTO: How old was she?\nWITNESS: Oh, she was small. Maybe six.", ["six"]),
        # ... but not to a sentence that counts or tells something else, nor to the next turn.
        ("MR. SOTO: How old was she?\nWITNESS: I can't say. She had four brothers.", []),
        ("MR. SOTO: How old was she?\nWITNESS: I can't say.\nMR. SOTO: Room nine, then.", []),
        # A short question that goes on asking the age: its answer is one too.
        (
            "MR. SOTO: How old were you then?\nWITNESS: Sixteen.\nMR. SOTO: And now?\nWITNESS: Forty-one.",
            ["Sixteen", "Forty-one"],
        ),
        (
            "MR. SOTO: How old was he?\nWITNESS: Eight.\nMR. SOTO: What about his sister?\nWITNESS: Five.",
            ["Eight", "Five"],
        ),
        # A question of its own ("how many") asks something else.
        (
            "MR. SOTO: How old were you then?\nWITNESS: Sixteen.\n"
            "MR. SOTO: And how many times?\nWITNESS: Nine.",
            ["Sixteen"],
        ),
        (
            "MR. SOTO: How old were you then?\nWITNESS: Sixteen.\n"
            "MR. SOTO: So what happened?\nWITNESS: Nine.",
            ["Sixteen"],
        ),
    ],
)
def test_the_answer_to_how_old_goes_on_and_is_followed_up(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A number that opens the answer to "how old" is the age in any form a person's age takes:
        # one year, months of a baby, a decade of life.
        ("CT: How old is the baby?\nRP: Like one? Maybe fourteen months. Amaya.", ["one", "fourteen"]),
        ("Q. How old was he, do you know?\nA. Fifties? I don't know.", ["Fifties"]),
        ("Q. How old is your daughter?\nA. One.", ["One"]),
        # ... not a count said in a clause of its own, nor "one of", nor one outside an answer.
        ("Q. How old were you when you went in?\nA. I did eighteen months.", []),
        ("Q. How old was he?\nA. One of the older guys.", []),
        ("Q. How many cars?\nA. One.", []),
        ("Q. What was it like?\nA. Eighteen months. Fifties music.", []),
    ],
)
def test_a_year_months_or_a_decade_that_opens_an_age_answer_is_the_age(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "MS. OKAFOR: When did the gambling start?\nMR. LINDQVIST: Fifteen, sixteen.",
            ["Fifteen", "sixteen"],
        ),
        ("MS. OKAFOR: When did you start running away?\nMR. LINDQVIST: About thirteen.", ["thirteen"]),
        # An hour, a year said in part, a number that does not open the answer: no age.
        ("MS. OKAFOR: When did the fight start?\nMR. LINDQVIST: Eleven, eleven-fifteen.", []),
        ("MS. OKAFOR: When did you move back?\nMR. LINDQVIST: In twenty-two.", []),
        ("MS. OKAFOR: When did it start?\nMR. LINDQVIST: After we lost fourteen games.", []),
    ],
)
def test_an_age_answers_when_something_began(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("From fourteen to seventeen I was in a group home.", ["fourteen", "seventeen"]),
        ("She stayed with her aunt between thirteen and sixteen.", ["thirteen", "sixteen"]),
        ("I was at the ranch fifteen through seventeen.", ["fifteen", "seventeen"]),
        ("I spent ages fourteen through seventeen in placement.", ["fourteen", "seventeen"]),
        # A range of hours, of minutes, or of things counted, or without anyone in it.
        ("I worked from nine to eleven most days.", []),
        ("The drive took from fifteen to twenty minutes.", []),
        ("There were between thirteen and fifteen guys there.", []),
        ("The scores ran from fourteen to seventeen.", []),
    ],
)
def test_a_range_of_the_years_of_a_life(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He looked thirty, thirty-five.", ["thirty", "thirty-five"]),
        ("She seems about ten.", ["ten"]),
        ("It looked twelve feet high.", []),
        ("Your birth year is 2002, which makes you twenty-three.", ["twenty-three"]),
        ("That makes you twelve dollars short.", []),
        ("I didn't learn to read until I was forty-something.", ["forty"]),
        ("The tab was forty-something dollars.", []),
        ("We were all like fifteen, sixteen.", ["fifteen", "sixteen"]),
        ("It was all ten of us.", []),
        # "all" hedges only before another hedge; before a number alone it counts the people.
        ("We were all three in the car.", []),
        ("They were all four sitting in the back.", []),
        ("The boys were all just sixteen.", ["sixteen"]),
    ],
)
def test_ages_guessed_made_and_said_loosely(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q. And you're sixty-two now?\nA. Yes, sir, sixty-two.", ["sixty-two", "sixty-two"]),
        ("Q. And you're sixty-two now?\nA. Yes, sir, sixty-two acres.", ["sixty-two"]),
        ("Both of us were seventeen.", ["seventeen"]),
        ("Both of them were seventeen minutes late.", []),
        ("She was a freshman, fourteen, when she left home.", ["fourteen"]),
        ("It was the freshman class, fourteen rooms.", []),
    ],
)
def test_an_age_granted_shared_or_set_beside_a_school_year(text, expected):
    nouns = {text.index(w) for w in ("acres", "minutes", "rooms") if w in text}
    tags = document_from_text("said", text).speaker_tags()
    assert [
        text[s.start : s.end] for s in find_spoken_forms(text, nouns, speaker_tags=tags) if s.label == "AGE"
    ] == (expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a white male, approximately 25-30 years old", ["25", "30"]),
        ("She is 33 years old.", ["33"]),
        ("two 16-year-olds", ["16"]),
        # Captions in capitals, a sentence's first word: the number in words in any case.
        (">> THE VICTIM WAS A TWENTY-TWO-YEAR-OLD MAN.", ["TWENTY-TWO"]),
        ("Nineteen years old, and already a father.", ["Nineteen"]),
        # Before other words, a capitalised number word opens a name ("Five Points", "Six Flags").
        ("We were drinking at Five Points. I started drinking at fifteen.", ["fifteen"]),
        ("I started at Six Flags.", []),
        ("I was drinking at SIXTEEN.", ["SIXTEEN"]),
        # A difference of ages is no age.
        ("He is four years older than me.", []),
        ("My sister is 6 years younger and 2 yrs older than Ben.", []),
        # Of years and months the age is the years, also over a numbered line.
        ("She was seventeen years and four months old, and", ["seventeen"]),
        ("He was nineteen years\n11   and two months old. The", ["nineteen"]),
        ("The baby was two months old.", ["two"]),
    ],
)
def test_years_old_and_not_years_older(text, expected):
    specs = {s.entity: s.compiled() for s in load_recognizer_specs() if s.name == "age"}
    assert matches(specs, "AGE", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A deposition's answer after "A." where no speaker tags were found, and a title in the question.
        (
            "     Q.   How old is your son, Mr. Abara?\n     A.   Nineteen. He turns twenty in May.",
            ["Nineteen", "twenty"],
        ),
        ("     Q.   How many calls, Mr. Abara?\n     A.   Nineteen.", []),
        # Speech without commas: "what" between the verb and the age.
        ("speaker 1: so she was what twenty two\nspeaker 2: yeah", ["twenty two"]),
        ("speaker 1: so it was what twenty two dollars", []),
        # Said again after an age another rule found.
        (
            "MR. HALE: Born in 1971, which makes you fifty-four.\n"
            "MR. OTIS: Fifty-four. Fifty-five come June.",
            ["fifty-four", "Fifty-four", "Fifty-five"],
        ),
        # A turn cut off after the verb of an age: the next turn completes it.
        ("MR. HALE: And at the first arrest you would have been --\nMR. OTIS: Fifteen.", ["Fifteen"]),
        ("MR. HALE: And the cell number was --\nMR. OTIS: Fifteen.", []),
    ],
)
def test_answers_and_ages_said_again_across_turns(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My sister has two boys of her own, six and nine.", ["six", "nine"]),
        ("I have three kids, 14, 11, and 8, and they live in Fresno.", ["14", "11", "8"]),
        ("We rented two rooms, six and nine.", []),
        ("I ran with them from like fourteen to twenty, twenty-one.", ["fourteen", "twenty", "twenty-one"]),
        ("He carried a gun from about fifteen on.", ["fifteen"]),
        ("The needle went from fifteen on up.", []),
        ("I left at sixteen to work on my uncle's truck.", ["sixteen"]),
        ("Through the interpreter: I have fifty-one years.", ["fifty-one"]),
        ("When I had twelve years, we crossed with my aunt.", ["twelve"]),
        ("I have two years left on parole.", []),
        ("He has seven years in.", []),
        # Without an interpreter, years a person has are time served unless an age was asked.
        ("Q. How long were you in?\nA. She has twenty years. My son has fifteen years now.", []),
        ("Q. How much time do you have left?\nA. I have twenty-five years.\nA. He had fifteen years.", []),
        ("Q. How old is your son?\nA. He has fifteen years.", ["fifteen"]),
        ("He's older, sixty-something, and walks with a cane.", ["sixty"]),
        ("My granddaughter was four months when they took me.", ["four"]),
        ("I was in the hole four months when it happened.", []),
    ],
)
def test_ages_listed_ranged_and_said_in_calques(text, expected):
    assert ages(text) == expected


@pytest.mark.parametrize(
    ("text", "verb", "expected"),
    [
        ("I smoked weed at fourteen, then pills around twenty-two.", "smoked", ["fourteen", "twenty-two"]),
        ("Once my brother could fight back, around sixteen, he left.", "fight", ["sixteen"]),
        ("He was driving around twenty on the freeway.", "driving", []),
        ("We got there around eleven and left.", "got", []),
    ],
)
def test_an_age_around_which_no_hour_is_said(text, verb, expected):
    spans = find_spoken_forms(text, set(), {text.index(verb)})
    assert [text[s.start : s.end] for s in spans if s.label == "AGE"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He was short, maybe five one, with a beard.", ["five one"]),
        ("He's a heavy man, six one, bald.", ["six one"]),
        ("The kids, six two, were at home.", []),
        ("It was late, like five ten.", []),
        # The build word must be said of a person: a small cell's "six ten" is a clock time.
        ("He said the cell was small, like six ten.", []),
        ("She was little, like five two.", ["five two"]),
    ],
)
def test_a_height_set_off_after_a_description(text, expected):
    assert [text[s.start : s.end] for s in find_spoken_forms(text) if s.label == "HEIGHT"] == expected


@pytest.mark.parametrize(
    ("text", "age", "date", "by", "expected"),
    [
        ("Luz turned ten in September.", "ten", "ten in September", "spacy", ["September", "ten"]),
        (
            "I came in at twenty-six, January 2000.",
            "twenty-six",
            "twenty-six, January 2000",
            "spacy",
            ["January 2000", "twenty-six"],
        ),
        # A date a pattern read whole is left whole (the merge judges it).
        ("It was ten in September.", "ten", "ten in September", "presidio", ["ten", "ten in September"]),
    ],
)
def test_an_age_before_a_month_is_not_swallowed_by_ners_date(text, age, date, by, expected):
    spans = [
        Span(text.index(age), text.index(age) + len(age), "AGE", ("presidio",), 0.85),
        Span(text.index(date), text.index(date) + len(date), "DATE", (by,), 0.85),
    ]
    kept = drop_non_sensitive_numbers(spans, text, load_merge_rules(), keep_durations=True)
    assert sorted(s.text_in(text) for s in kept) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A captioning service's tag with a time stamp, the answer on the next line: the tag's colon
        # is the one before the line break, not the one between its minutes and seconds.
        (
            "Presiding Commissioner Thorsby (00:04:01):\nYou were jumped in at what age?\n\n"
            "Rafael Anzaldua (00:04:04):\nFourteen. Well, I was around them before.\n",
            ["Fourteen"],
        ),
        # A number that opens a line after one that ends with a colon stands alone.
        (
            "Presiding Commissioner Thorsby (00:04:01):\nHow old are you?\n\n"
            "Rafael Anzaldua (00:04:04):\n39.\n",
            ["39"],
        ),
    ],
)
def test_the_answer_after_a_tag_with_a_time_stamp(text, expected):
    # The tags as the importer finds them in a captioning service's export.
    tags = [(m.start(), m.end()) for m in re.finditer(r"^[A-Z][\w ]+ \([\d:]+\):", text, re.M)]
    spans = find_spoken_forms(text, speaker_tags=tags)
    assert [text[s.start : s.end] for s in spans if s.label == "AGE"] == expected


def test_minutes_of_a_clock_time_broken_across_a_line_are_no_age():
    # "9:" ending a line and "30" opening the next are one time: the number after a colon that
    # follows a number is its minutes, not an answer standing alone as after a tag's colon.
    text = "He was sent here at the age of 30.\nWe met at 9:\n30 that night.\n"
    assert [s.start for s in find_spoken_forms(text) if s.label == "AGE"] == [text.index("30")]
    # After a tag that ends in a number and a colon, the number on the next line is the answer.
    text = "Speaker 1: How old were you?\nSpeaker 2:\n30.\n"
    tags = [(m.start(), m.end()) for m in re.finditer(r"^Speaker \d:", text, re.M)]
    assert [s.text_in(text) for s in find_spoken_forms(text, speaker_tags=tags) if s.label == "AGE"] == ["30"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A cue's number and its start and end in the recording stand between question and answer.
        (
            "42\n00:48:02.450 --> 00:48:08.920\nGerald Ashdown (BPH): mr quiroga how old are you now\n\n"
            "43\n00:48:08.920 --> 00:48:13.270\nVSP Hearing Rm 3: 46 I'll be 47 in june\n",
            ["46", "47"],
        ),
        (
            "00:48:02.450 --> 00:48:08.920\nhow old are you now\n\n00:48:08.920 --> 00:48:13.270\n46 now\n",
            ["46"],
        ),
        # A number alone on a line with no cue's timing after it is no cue: the answer stops there.
        ("ASHDOWN: how old are you now\n43\nQUIROGA: I'll be 47 in june\n", ["47"]),
    ],
)
def test_the_answer_after_a_caption_cue(text, expected):
    tags = [(m.start(), m.end()) for m in re.finditer(r"^[A-Z][^:\n]*:", text, re.M)]
    spans = find_spoken_forms(text, speaker_tags=tags)
    assert [text[s.start : s.end] for s in spans if s.label == "AGE"] == expected
