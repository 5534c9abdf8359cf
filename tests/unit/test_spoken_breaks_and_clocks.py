"""Numbers broken off and corrected, the number said before an age or a time it narrows to and
the year said after a month and its day (detectors/spoken_series.py), the answer to a question that
reckons an age (detectors/spoken_answers.py) and the 24-hour clock of a recording whose start its
header gives (detectors/spoken_recording_clock.py), on texts written for these tests."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.spoken import find_spoken_forms


def found(text: str) -> list[tuple[str, str]]:
    return [(s.label, text[s.start : s.end]) for s in find_spoken_forms(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the age before a break stands alone when the one said after it does
        ("I was seventy, seventy-one -- seventy-one. I did the radiation.", ("AGE", "seventy-one")),
        ("She's eighty-one -- eighty-two in January. She still lives there.", ("AGE", "eighty-one")),
        # an hour broken off before the same hour with its minutes, after a time cue
        ("The meeting, it's at six -- six-thirty, I'm sorry.", ("TIME", "six-thirty")),
    ],
)
def test_a_number_broken_off_is_what_follows_the_break(text, expected):
    assert expected in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "I was thirty -- thirty minutes late for the count.",  # the minutes after the break count
        "I had five -- five kids with her by then.",
        "I was there at six -- six-thirty minutes is what it took.",
    ],
)
def test_a_count_after_the_break_makes_both_counts(text):
    assert [label for label, _ in found(text)] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an age narrowed to the age found after it
        (
            "He'd be twenty-four now. Twenty -- twenty-three, twenty-four. I took his dad.",
            ("AGE", "twenty-three"),
        ),
        # the hour said alone before the same hour with its minutes
        ("They give it at six, six-fifteen, so I'm not up all night.", ("TIME", "six")),
    ],
)
def test_the_number_said_before_an_age_or_a_time_it_narrows_to(text, expected):
    assert expected in found(text)


def test_a_count_before_an_age_is_too_far_off_to_narrow_it():
    text = "He'd be twenty-four now. I had two, twenty-four is his age."
    assert ("AGE", "two") not in found(text)


def test_an_hour_said_twice_is_not_narrowed():
    text = "They met at nine. Ten, ten is when the bus came."
    assert ("TIME", "Ten") not in found(text)


_BODY_CAMERA = """TRANSCRIPT OF BODY-WORN CAMERA RECORDING
Officer:             K. Marsh, Badge No. 4417
Recording start:     23:14:06 (device clock)
File:                BWC_4417_20260919_2314.mp4 (27:46)

00:00:47  DISPATCH: Two-Adam-Fourteen, copy, Walnut and Pine, two-three-one-four.
00:02:10  MARSH: Unit two-three-one-five, plate four-four-one-seven. I was fifteen sixteen then.
00:14:35  DISPATCH: Copy, one in custody, two-three-two-eight.
00:27:20  MARSH: En route to the station with one, twenty-three forty-one.
00:27:30  MARSH: That's twenty-three fifty-eight dollars, and a count of 2350.
"""


def test_the_times_said_within_a_recording_whose_start_the_header_gives():
    times = [said for label, said in found(_BODY_CAMERA) if label == "TIME"]
    assert {"2314", "two-three-one-four", "two-three-two-eight", "twenty-three forty-one"} <= set(times)


def test_numbers_outside_the_recording_or_not_set_off_are_no_times():
    times = [said for label, said in found(_BODY_CAMERA) if label == "TIME"]
    # a unit said after its noun, a badge outside the recording's minutes, a count, a sum
    assert not {"two-three-one-five", "4417", "2350", "twenty-three fifty-eight"} & set(times)


def test_without_a_start_in_the_header_no_clock_is_read():
    text = _BODY_CAMERA.replace("Recording start:     23:14:06 (device clock)\n", "")
    times = [said for label, said in found(text) if label == "TIME"]
    assert "two-three-two-eight" not in times


def test_the_start_field_written_in_four_figures():
    text = "Date of recording: 12/07/2026          Start: 0942\nAGENT: Badge 0950. Sit down.\n"
    assert [(label, said) for label, said in found(text) if label == "TIME"] == [("TIME", "0942")]


def test_a_year_in_a_start_field_is_no_recording_clock():
    # a sentence's start year is no clock; "MEPD: 2029" would otherwise fall within its "recording"
    sheet = "LIFE PRISONER EVALUATION\nSentence began: 2015\nMEPD: 2029\n"
    assert not [said for label, said in found(sheet) if label == "TIME"]
    # the same figures are a clock where the field says it is a time
    log = "Time started: 2015\nDISPATCH: Copy, twenty twenty-two.\n"
    assert [said for label, said in found(log) if label == "TIME"] == ["2015", "twenty twenty-two"]
    # and where it starts a call or a recording, whatever its figures
    call = "Call began: 2015\nDISPATCH: Unit left at twenty fifteen.\n"
    assert [said for label, said in found(call) if label == "TIME"] == ["2015", "twenty fifteen"]


_RADIO = """RADIO TRAFFIC
Recording start: 23:14:06 (system clock)

DISPATCH: Units for a 415 at Maple and Fifth.
OFFICER REYES: Copy, 2318 en route.
DISPATCH: Copy, twenty-three fifteen.
OFFICER PAK: 2320 en route from the station.
OFFICER REYES: Twenty-three eighteen, one detained, 2331.
"""


def test_a_units_call_sign_on_the_clock_of_the_recording_is_no_time():
    times = [said for label, said in found(_RADIO) if label == "TIME"]
    # said before the unit's status, in its sentence: the unit's call sign, wherever it is said
    assert not {"2318", "2320", "Twenty-three eighteen"} & set(times)
    assert {"twenty-three fifteen", "2331"} <= set(times)


def test_a_time_before_another_units_status_stays_a_time():
    log = _RADIO.replace("DISPATCH: Copy, twenty-three fifteen.", "2315       4L22    ARRIVED")
    assert "2315" in [said for label, said in found(log) if label == "TIME"]


def test_four_figures_said_three_times_name_a_unit():
    text = _RADIO.replace("2318 en route", "2318").replace(
        "Copy, twenty-three fifteen.", "2318, twenty-three fifteen."
    )
    times = [said for label, said in found(text) if label == "TIME"]
    assert "2318" not in times and "Twenty-three eighteen" not in times
    assert "twenty-three fifteen" in times
    # only where a unit's call sign shows radio traffic: a start field alone is no sign of it
    quiet = text.replace("2320 en route", "I'm leaving")
    assert "Twenty-three eighteen" in [said for label, said in found(quiet) if label == "TIME"]


def test_a_time_said_again_and_again_stays_a_time():
    # a hearing says the time of an offence three times; its start field shows no radio traffic
    hearing = (
        "Time started: 09:42 a.m.\nOFFICER: The incident was at twenty-two fifteen.\n"
        "INMATE: Yes, twenty-two fifteen.\nOFFICER: So twenty-two fifteen you were in the dayroom.\n"
    )
    times = [said for label, said in found(hearing) if label == "TIME"]
    assert times.count("twenty-two fifteen") >= 2
    assert times == [said for label, said in found(hearing.split("\n", 1)[1]) if label == "TIME"]
    # dispatch reads a time back on the air with a clock cue: "at", "confirming"
    radio = (
        "Recording start: 23:05\nUNIT 12: Suspect left at twenty-three ten.\n"
        "DISPATCH: Confirming twenty-three ten.\nUNIT 12: Copy, left at twenty-three ten.\n"
        "UNIT 14: 2308 en route.\n"
    )
    assert [said for label, said in found(radio) if label == "TIME"].count("twenty-three ten") == 2


def test_four_figures_on_the_way_in_a_sentence_of_their_own_are_a_time():
    # a call sign opens its sentence with the status right after it, no comma between
    for text in (
        "Recording start: 22:10\nINMATE: At twenty-two fifteen I was on the way to his apartment on Olive.\n",
        "Call start: 23:02\nCALLER: He left at twenty-three ten, and he's on the way back now.\n",
        "Call start: 23:02\nCALLER: Twenty-three ten, and he's on the way back now.\n",
        "Recording start: 22:10\nINMATE: It was like twenty-two fifteen on the way to his place.\n",
    ):
        assert [said for label, said in found(text) if label == "TIME"][-1] in (
            "twenty-two fifteen",
            "twenty-three ten",
            "Twenty-three ten",
        )


def test_the_answer_to_a_question_that_reckons_an_age():
    text = (
        "COMMISSIONER: You were born in 1950. Which makes you --\n\n"
        "MR. FAIRBROTHER: Seventy-five. Seventy-six in February.\n"
    )
    tag = text.index("MR. FAIRBROTHER:")
    spans = find_spoken_forms(text, speaker_tags=[(tag, tag + len("MR. FAIRBROTHER:"))])
    assert ("AGE", "Seventy-five") in [(s.label, text[s.start : s.end]) for s in spans]


def test_a_cut_off_question_that_reckons_no_person_asks_no_age():
    text = "COMMISSIONER: Six counts, one. That makes it --\n\nMR. FAIRBROTHER: Seventy-five. All told.\n"
    assert ("AGE", "Seventy-five") not in found(text)


def test_a_year_said_alone_after_a_month_and_its_day():
    assert ("DATE", "Eighty-two") in found("TIBBS: May. May ninth. Eighty-two.")
    assert ("DATE", "Seventy-nine") not in found("TIBBS: March third. Seventy-nine people came.")


def test_a_part_of_a_long_document_reads_the_clock_of_its_header():
    part = "00:14:35  DISPATCH: Copy, one in custody, two-three-two-eight.\n"
    assert ("TIME", "two-three-two-eight") not in found(part)
    spans = find_spoken_forms(part, document=_BODY_CAMERA)
    assert ("TIME", "two-three-two-eight") in [(s.label, part[s.start : s.end]) for s in spans]


def test_a_said_clock_off_the_stamped_moment_is_no_time():
    # twenty-one fifteen at 00:01:30 of a call started at 21:05 is eight minutes off: a unit's number
    text = "Call start: 21:05:40 (CAD)\n[00:01:30] DISPATCH: Code 4, twenty-one fifteen.\n"
    assert "twenty-one fifteen" not in [said for label, said in found(text) if label == "TIME"]
    on_time = text.replace("[00:01:30]", "[00:09:30]")
    assert "twenty-one fifteen" in [said for label, said in found(on_time) if label == "TIME"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'I said "eleven, eleven-something." I think she wrote it.',
            [("TIME", "eleven"), ("TIME", "eleven-something")],
        ),
        ("Got gas. That was like, eight? Eight-something.", [("TIME", "eight"), ("TIME", "Eight-something")]),
    ],
)
def test_an_hour_narrowed_to_the_same_hour_said_loosely(text, expected):
    for item in expected:
        assert item in found(text)


@pytest.mark.parametrize(
    "text",
    [
        "He was eight? Eight-something, I guess.",
        "I had eleven, eleven-something dollars.",
        "Twelve, twelve-ish people.",
    ],
)
def test_an_age_or_a_count_said_loosely_is_no_time(text):
    assert "TIME" not in [label for label, _ in found(text)]


def test_a_time_said_again_and_again_without_a_recording_stays_a_time():
    text = (
        "COMMISSIONER: The report says twenty-three forty-one.\n"
        "INMATE: Twenty-three forty-one, yes.\nCOMMISSIONER: So at twenty-three forty-one you ran.\n"
    )
    times = [said.lower() for label, said in found(text) if label == "TIME"]
    assert times.count("twenty-three forty-one") >= 2
