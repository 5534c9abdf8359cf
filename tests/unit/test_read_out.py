"""Identifiers named by a noun and codes read out character by character
(detectors/read_out.py), on hand-written sentences."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.read_out import cdcr_numbers_said, find_read_out_identifiers
from reviewer_app.detectors.read_out_cdcr import in_custody


def found(text: str, profile: str = "general") -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in find_read_out_identifiers(text, profile)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # After the noun and "number", in any written form
        ("Her claim number is 31-0077215, filed Monday.", [("31-0077215", "ID_NUMBER")]),
        ("The incident report no. 2022-118842 was attached.", [("2022-118842", "ID_NUMBER")]),
        ("Confirmation code: QT 8812 R.", [("QT 8812 R", "ID_NUMBER")]),
        # In the answer to the question that named it, past the other speaker's tag
        (
            "CLERK: What is the policy number?\nWIDOW: Um, sure, it's GL-20-66193.",
            [("GL-20-66193", "ID_NUMBER")],
        ),
        # After the noun alone, a value that is no count: letters and digits, or groups
        ("My policy is HX 3302 871.", [("HX 3302 871", "ID_NUMBER")]),
        # Read character by character, with "as in" letters and a spelling alphabet
        (
            "THE OFFICER: The plate?\nDRIVER: Six, M as in Mary, W, T, four four one.",
            [("Six, M as in Mary, W, T, four four one", "ID_NUMBER")],
        ),
        (
            "the vin is two h g f c two f five oh k h five one nine nine eight",
            [("two h g f c two f five oh k h five one nine nine eight", "ID_NUMBER")],
        ),
        (
            "ticket number tango bravo double four nine one",
            [("tango bravo double four nine one", "ID_NUMBER")],
        ),
        # A number's tail: an identifier's when long or named, a telephone's when a phone is talked about
        ("Which card? The one ending in 556201.", [("556201", "ID_NUMBER")]),
        ("my cell, the one ending in four four one two", [("four four one two", "PHONE_NUMBER")]),
        # Said alone, a long run of letters and digits; and a code said again
        (
            "INSPECTOR: Read it to me. WITNESS: Five J, R, X, nine nine two one.",
            [("Five J, R, X, nine nine two one", "ID_NUMBER")],
        ),
        (
            "A: The claim number is k d eight eight one four.\nB: k d eight eight one four, thanks.",
            [("k d eight eight one four", "ID_NUMBER"), ("k d eight eight one four", "ID_NUMBER")],
        ),
    ],
)
def test_identifiers_after_their_noun_and_read_out(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I filed 3 claims under that policy, and number 2 was closed.",  # counts
        "The claim was 4500 dollars, and the policy is 12 pages long.",  # quantities
        "We looked at his claim. On 14 March 2011 the court ruled.",  # another sentence
        "She moved to 1450 Oak Street in 2019 after the report.",  # no cue before the number
        "The account holder called twice about it.",  # no number at all
        "I want one a day, two a week, maybe.",  # digit words and the article "a"
        "She was born on November 5th, 2014.",  # a month is no spelling-alphabet letter here
    ],
)
def test_counts_quantities_and_dates_are_no_identifiers(text):
    assert found(text) == []


def test_codes_read_alone_only_outside_hearings():
    """In a hearing a run of letters and digits read out is a CDCR number (or a spelled
    name before one), which the CDCR patterns find."""
    text = "WITNESS: Five J, R, X, nine nine two one."
    assert found(text, "general") == [("Five J, R, X, nine nine two one", "ID_NUMBER")]
    assert found(text, "hearing") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The last four of the social are 8 8 1 3.", [("8 8 1 3", "ID_NUMBER")]),
        ("policy number is eight twenty one, four forty", [("eight twenty one, four forty", "ID_NUMBER")]),
        ("For the last four years we lived at 1450 Elm.", []),
    ],
)
def test_tails_and_groups_said_as_numbers(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An area code said alone, and the start of a number said before its digits
        ("can I still reach you at the nine one six number", [("nine one six", "PHONE_NUMBER")]),
        ("A: Five three oh... wait. 530, 555, 0199.", [("Five three oh", "PHONE_NUMBER")]),
        ("A: Five three oh... wait. 912, 555, 0199.", []),  # not the start of that number
        ("I saw nine one six people there", []),
        # Five digits said one by one after an address: its ZIP code
        (
            "We live at 88 Birch Lane, Chico. Nine five nine two six.",
            [("Nine five nine two six", "LOCATION")],
        ),
        ("Call Birch Lane Dental, the phone is nine five nine two six.", []),
        # Letters said back: an e-mail address's name, a word's spelling
        (
            "it's dana reyes nine at river mail dot com\nso d a n a r e y e s nine",
            [("d a n a r e y e s nine", "EMAIL_ADDRESS")],
        ),
        ("the street is sycamore that's s y c a m o r e", [("s y c a m o r e", "SPELLED_NAME")]),
        ("and then a b c were the options", []),  # letters that spell nothing said before
    ],
)
def test_phone_parts_zip_codes_and_spellings_said_back(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Named right after it is given
        ("It's 77-201-4418, that's the claim number.", [("77-201-4418", "ID_NUMBER")]),
        ("Four four one seven two is my member ID.", [("Four four one seven two", "ID_NUMBER")]),
        ("1450 is the number of claims we got.", []),  # "number of" counts
        # An answer of a few sentences
        (
            "AGENT: Do you have the policy number?\nCALLER: Yes, I do. Hold on. It's TR-7730-12.",
            [("TR-7730-12", "ID_NUMBER")],
        ),
        # A paragraph further on is no answer
        ("He filed a claim number request.\n\n14. On 3 May 2001 the court ruled.", []),
    ],
)
def test_codes_named_after_them_and_answers_of_several_sentences(text, expected):
    assert found(text) == expected


def test_a_code_read_back_in_writing_and_digits_read_one_by_one_after_the_noun():
    text = (
        "NURSE: Member ID? PATIENT: K L M three three nine one, two two. Group is five one one four two.\n"
        "NURSE: Reading back: KLM-3391-22, group 51142."
    )
    assert found(text) == [
        ("K L M three three nine one, two two", "ID_NUMBER"),
        ("five one one four two", "ID_NUMBER"),
        ("KLM-3391-22", "ID_NUMBER"),
        ("51142", "ID_NUMBER"),
    ]
    assert found("NURSE: We saw 51142 visitors. The group is five one one.") == []


def test_numbers_and_letters_joined_by_hyphens_are_read_one_by_one():
    assert found("the claim number is seventy-two, forty-four, ninety-one") == [
        ("seventy-two, forty-four, ninety-one", "ID_NUMBER")
    ]
    assert found("plate number K-F-A, three two one") == [("K-F-A, three two one", "ID_NUMBER")]


def test_the_answer_may_come_after_a_turn_of_fillers_but_not_after_a_paragraph():
    text = "REP: What's the meter number?\nCALLER: Hold on.\nCALLER: Okay, it's 44-81-2207."
    assert found(text) == [("44-81-2207", "ID_NUMBER")]
    assert found("He asked about the meter number.\n\n12. The bill of 44-81-2207 was paid.") == []


def cdcr(text: str, profile: str = "general", said: frozenset[str] = frozenset()) -> list[str]:
    return [
        text[s.start : s.end] for s in find_read_out_identifiers(text, profile, said) if s.label == "CDCR_ID"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A cue a few words before, the name and its spelling between: in any case, in words
        (
            "speaker 2: state your name and your cdcr number for me\n"
            "speaker 1: dominic ferreira d o m i n i c f e r r e i r a\n"
            "speaker 1: my number is kilo tango four oh two two",
            ["kilo tango four oh two two"],
        ),
        ("the c d c r is v one two three double four", ["v one two three double four"]),
        (
            "CALLER: I'm calling about my brother, he's an inmate at Folsom. His number is G 4 4 1 9 0.",
            ["G 4 4 1 9 0"],
        ),
        (
            "What's your C-number?\nA: P as in Paul, M as in Mary, seven seven one oh.",
            ["P as in Paul, M as in Mary, seven seven one oh"],
        ),
        # The letter left out after the cue itself
        ("Q: And your CDC number?\nA: Four two oh seven three.", ["Four two oh seven three"]),
        # Said again in another form, also when the first form is elsewhere in the document
        (
            "CDCR number BK7730. Later: so that's b k seven seven three zero, right",
            ["BK7730", "b k seven seven three zero"],
        ),
    ],
)
def test_cdcr_numbers_read_out_after_a_cue_in_any_profile(text, expected):
    assert cdcr(text) == expected


def test_a_cdcr_number_said_elsewhere_in_the_document_is_one_here_too():
    text = "i have you down as h k five one one two okay"
    assert cdcr(text) == []
    assert cdcr(text, said=frozenset({"HK5112"})) == ["h k five one one two"]


@pytest.mark.parametrize(
    "text",
    [
        # Codes of that shape named as something else, or without a cue outside a hearing
        "ticket number tango bravo double four nine one",
        "the confirmation is b r five zero six one",
        # The inmate cue, but no run of a CDCR number's shape: a count, a year, a longer code
        "the inmate had 12 visits in 2019 and paid a 20000 dollar fine",
        "cdc number one two three",
        "the inmate's vin is two h g f c two f five oh k h five one nine nine eight",
        "He was in the CDCR for 15000 days",
    ],
)
def test_no_cdcr_number_without_its_shape_or_cue(text):
    assert cdcr(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # In a hearing, alone: letters said one by one, digits one by one or in one group
        ("MR. ROSS: My number is A J seven three zero two.", ["A J seven three zero two"]),
        ("Sir, I have you as Foxtrot Echo 4471, correct?", ["Foxtrot Echo 4471"]),
        ("Sir, I have you as AJ seven three zero two, correct?", ["AJ seven three zero two"]),
        # after a spelled name, and after a page's margin line number
        (
            "17       MR. ROSS: Dale Ross, R-O-S-S.\n18  T four four nine one two.\n19       MR. X: Yes.",
            ["T four four nine one two"],
        ),
    ],
)
def test_cdcr_numbers_said_alone_in_a_hearing(text, expected):
    assert cdcr(text, "hearing") == expected
    assert cdcr(text, "general") == []


@pytest.mark.parametrize(
    "text",
    [
        "He was resentenced under SB 1437 after AB 1308 passed.",  # bills: written capitals
        "They married, Mary Young 2014, in Fresno.",  # names of the police alphabet and a year
        "a fine of a 20000 dollars",
        "s b fourteen thirty seven changed that",  # said in pairs: a bill number
        "The hearing was on November 1, 2019 at CTF.",  # a month of the spelling alphabet: a date
        "He lives on Elm, E-L-M, 95673 is the ZIP.",  # the last letter of a spelling and a ZIP code
    ],
)
def test_no_cdcr_number_alone_in_a_hearing_without_its_form(text):
    assert cdcr(text, "hearing") == []


@pytest.mark.parametrize(
    ("text", "profile", "expected"),
    [
        # A code written with letters and digits needs no cue, in a hearing too
        ("The clinic keeps his chart under RM-00417733 now.", "hearing", [("RM-00417733", "ID_NUMBER")]),
        ("Her plate is gone, it was 6KPL093 I think.", "general", [("6KPL093", "ID_NUMBER")]),
        # "number" that no noun names, before five digits or more
        ("Tomas Ruiz, certified interpreter, number 228153.", "hearing", [("228153", "ID_NUMBER")]),
        ("Incident No.:    24-1102-0871", "general", [("24-1102-0871", "ID_NUMBER")]),
        ("Reported by Ann Lee, CSR No. 10442.", "hearing", [("10442", "ID_NUMBER")]),
        ("his inmate number 4471234 at the county jail", "general", [("4471234", "ID_NUMBER")]),
        ("his parole number BP-220514 is on file", "hearing", [("BP-220514", "ID_NUMBER")]),
        # "X-ray" of the spelling alphabet, and a code said again before it is said in full
        (
            "A: I saw 4 Tom X-ray Adam 118. B: so four Tom X-ray Adam one one eight, okay.",
            "general",
            [("4 Tom X-ray Adam 118", "ID_NUMBER"), ("four Tom X-ray Adam one one eight", "ID_NUMBER")],
        ),
        (
            "A: your confirmation number is five one, two two eight, oh four.\n"
            "B: Five one, two two... sorry?",
            "general",
            [("five one, two two eight, oh four", "ID_NUMBER"), ("Five one, two two", "ID_NUMBER")],
        ),
        # An area code, a hesitation and the seven other digits (read_out.py finds both pieces)
        (
            "it's my cell, nine one six, um, five five five, oh one two two",
            "general",
            [("nine one six", "PHONE_NUMBER"), ("five five five, oh one two two", "PHONE_NUMBER")],
        ),
    ],
)
def test_codes_written_named_by_number_alone_or_cut_off(text, profile, expected):
    assert found(text, profile) == expected


@pytest.mark.parametrize(
    "text",
    [
        "We took the US-101 and then I-880, and COVID-19 hit in 2020.",  # roads, a virus: few digits
        "He bought the number 12345 ticket, and the phone number 916 555 0142.",  # no bare "number"
        "CDC number 44190 was his",  # a CDCR number, not an ID
        "Five one, two two... sorry, what was it?",  # a cut-off start of nothing said before
        "nine one six, um, five five five",  # no seven digits after the hesitation
    ],
)
def test_no_code_without_its_form(text):
    assert [label for _, label in found(text)] in ([], ["CDCR_ID"])


@pytest.mark.parametrize(
    ("text", "profile", "expected"),
    [
        (
            "MR. DIAZ: My CDC number is K L four four -- (inaudible) -- nine one.",
            "general",
            ["K L four four -- (inaudible) -- nine one"],
        ),
        (
            "MR. DIAZ: It's T as in Tom, seven seven... seven one two.",
            "hearing",
            ["T as in Tom, seven seven... seven one two"],
        ),
        # Over two cues of a caption, and the letter at the end of one turn, the digits in the next
        (
            "Dana Ortiz: my cdc number is h as in henry\nDana Ortiz: four four two oh one",
            "general",
            ["h as in henry", "four four two oh one"],
        ),
        (
            "COMMISSIONER: And your number?\nMR. DIAZ: W as in William.\nCOMMISSIONER: Five five oh one two?",
            "hearing",
            ["W as in William", "Five five oh one two"],
        ),
    ],
)
def test_a_cdcr_number_cut_by_a_pause_or_a_turn(text, profile, expected):
    assert cdcr(text, profile) == expected


@pytest.mark.parametrize(
    ("text", "profile"),
    [
        ("MR. DIAZ: I went to B... 2019 was the year.", "hearing"),  # no number of the shape across the cut
        ("MR. DIAZ: She said K L.\nMS. ROE: 1998, I think.", "hearing"),  # a year said in the next turn
        ("MR. DIAZ: K L four four -- (inaudible) -- nine one.", "general"),  # outside a hearing, no cue
    ],
)
def test_no_cdcr_number_across_a_cut_without_its_shape_or_cue(text, profile):
    assert cdcr(text, profile) == []


def test_a_letter_said_like_or_for_a_word_in_a_code():
    assert cdcr("And his inmate number?\nCALLER: G like George, 5 5 0 1 9.") == ["G like George, 5 5 0 1 9"]
    assert cdcr("the cdc number is m for mary four four one two oh") == ["m for mary four four one two oh"]
    assert found("I like it, 4 4 1 9 0 of them") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Two letters in a spelling alphabet between digits: a partial plate, read out on purpose.
        (
            "DISPATCH: I have a partial, three Nora Edward one five?",
            [("three Nora Edward one five", "ID_NUMBER")],
        ),
        (
            "units be advised, partial eight Paul Sam two two, heading south",
            [("eight Paul Sam two two", "ID_NUMBER")],
        ),
    ],
)
def test_a_short_run_with_spelling_alphabet_letters_is_read_out(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # Names of the spelling alphabet with a number, but not two letters of a code.
        "I saw Mary and two kids, four of them total.",
        "Edward was six, Henry was nine.",
        # Single letters are no spelling alphabet: a short run of them stays a chance.
        "Seat three B C two, row nine.",
    ],
)
def test_no_short_run_without_two_spelling_alphabet_letters(text):
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "profile", "expected"),
    [
        # Two letters written together, then a hesitation or a line's end before the digits
        ("Q: Your CDCR number?\nA: It's BT, um, 3390.", "general", ["BT, um, 3390"]),
        ("MS. KANE: I show your number as RW\n7781, sir.", "hearing", ["RW", "7781"]),
        # A hyphen at the line's end between the letter and the digits
        ("MS. KANE: the CDC number is F-\n60418 on the chrono.", "general", ["F", "60418"]),
    ],
)
def test_a_cdcr_number_whose_letters_end_a_line_or_a_breath(text, profile, expected):
    assert cdcr(text, profile) == expected


@pytest.mark.parametrize(
    ("text", "profile"),
    [
        ("MS. KANE: She went to KL.\nMR. POE: 1998, I think.", "hearing"),  # a year on the next line
        ("MS. KANE: the form says RW\n7781 on it.", "general"),  # outside a hearing, no cue
    ],
)
def test_no_cdcr_number_across_a_line_without_its_form(text, profile):
    assert cdcr(text, profile) == []


def custody_cdcr(text: str) -> list[str]:
    said = cdcr_numbers_said(text, "general")
    custody = in_custody(text)
    return [
        text[s.start : s.end]
        for s in find_read_out_identifiers(text, "general", said, custody)
        if s.label == "CDCR_ID"
    ]


def test_outside_a_hearing_a_document_about_an_inmate_reads_cdcr_numbers_as_a_hearing_does():
    """A committee's or a call's transcript read in the general profile: its cue far before."""
    talk = " ".join(["we went over the classes he took and the jobs he held on the yard"] * 5)
    text = f"speaker 1: the review for an inmate, {talk}\nspeaker 2: mine is q r seven two zero one"
    assert custody_cdcr(text) == ["q r seven two zero one"]
    written = f"INTERVIEWER: He was an inmate then. {talk}.\nMR. ODOM: It was J40922 back then."
    assert custody_cdcr(written) == ["J40922"]
    # Without a word of custody, the same runs are no CDCR numbers
    assert custody_cdcr(text.replace("an inmate", "a student")) == []
    assert custody_cdcr(written.replace("an inmate", "a clerk")) == []


@pytest.mark.parametrize(
    "custody_words",
    ["Kern Valley State Prison", "his cellie", "Read your C-file", "a parolee", "know your parole plans"],
)
def test_words_only_said_of_custody_make_a_document_about_it(custody_words):
    """A deposition about a prison's clinic or a reentry podcast names no CDCR and no inmate."""
    talk = " ".join(["we went over the classes he took and the jobs he held"] * 5)
    text = f"Q.   Tell us about {custody_words}. {talk}.\n     A.   Brandt, DeShawn. BK-4417. It's dated."
    assert in_custody(text)
    assert custody_cdcr(text) == ["BK-4417"]
    # A prison, a parole in general and a file say nothing of one person's custody
    assert custody_cdcr(text.replace(custody_words, "the prison system")) == []
    assert custody_cdcr(text.replace(custody_words, "the parole rules of the file")) == []


def test_a_bill_is_no_cdcr_number_in_a_document_about_custody():
    """ "SB1437" has a CDCR number's shape; cited ("under") or among talk of bills it is a bill.
    Said after a CDCR cue it is still the number."""
    assert custody_cdcr("He served his time in state prison. Under SB1437 his conviction was reviewed.") == []
    assert custody_cdcr("He served his time in state prison. The bill let AB1812 stand for him.") == []
    assert custody_cdcr("He served his time in state prison. It was AB1812 back then.") == ["AB1812"]
    cued = "He served his time in state prison; the bill passed. His CDCR number is AB1812."
    assert custody_cdcr(cued) == ["AB1812"]


def test_a_cdcr_numbers_first_letter_written_as_a_word_that_sounds_like_it():
    """Speech recognition writes a letter said alone as a word ("hey" for A, "tea" for T)."""
    assert cdcr("speaker 1: and your cdcr number\nspeaker 2: it's hey tee four one nine two") == [
        "hey tee four one nine two"
    ]
    assert cdcr("so that's why two one four four oh", said=frozenset({"Y21440"})) == [
        "why two one four four oh"
    ]
    # Without a cue nor the number said elsewhere, the words are words
    assert cdcr("hey tee four one nine two") == []
    assert cdcr("what's your cdc number\nhey, it's nine one two three") == []
    # After a pronoun the word is the verb it sounds like: "let me see", "you see"
    assert cdcr("INMATE: It is two three one, let me see, two three one four four.") == []
    assert cdcr("INMATE: My CDCR number is, you see, two three one four four.") == []
    # Without the pause it is the letter: "they gave me see four four one seven two"
    assert cdcr("INMATE: my cdcr number is, uh, they gave me see four four one seven two.") == [
        "see four four one seven two"
    ]


def test_a_court_reporters_csr_a_call_takers_operator_and_a_certification_number():
    assert found("Taken by Ana Ruiz, CSR 10447, RPR.") == [("10447", "ID_NUMBER")]
    assert found("Call-taker T. Ngata, operator 3391.") == [("3391", "ID_NUMBER")]
    assert found("Her certification number is 401187.") == [("401187", "ID_NUMBER")]
    # A count or a year after the same words
    assert found("I asked for the operator 2 times; the operator said 1998 was the year.") == []
    assert found("A GED certification from 2015 and a certification in 2019.") == []


def test_a_cdcr_number_read_out_then_written_after_a_comma():
    # (the written one is the hearing patterns', identifiers.toml)
    assert cdcr("MR. POE: KT three three nine oh, KT3390.", "hearing") == ["KT three three nine oh"]
    # Not the start of a longer code said without a comma
    assert cdcr("MR. POE: KT three three nine oh four four.", "hearing") == []


def test_a_cdcr_number_said_before_a_sentence_that_opens_with_a_quantity_word():
    # "People" opens the next sentence: no count of the number before the full stop.
    text = "INMATE OKAFOR: Nnamdi Okafor. A, H, three-three-oh-seven. People call me Nam."
    assert ("A, H, three-three-oh-seven", "CDCR_ID") in found(text, "hearing")
    # Within one sentence the word still counts what comes before it.
    assert found("INMATE OKAFOR: There were B K 4 4 1 7 people in the dorm.", "hearing") == []


@pytest.mark.parametrize("profile", ["general", "hearing"])
def test_a_files_extension_is_no_part_of_a_code_in_its_name(profile):
    """The digits of a file's name are a code, its extension no part of it (a date pattern that
    reads "100626" as a date wins in the merge): "5550121" of "5550121.wav" stays hidden."""
    text = "Job No. CT-26-11847\nFile: intake_line_20261103_1042.wav\nSubsequent_100626.mp3 and 9FTR552.pdf"
    found = [text[s.start : s.end] for s in find_read_out_identifiers(text, profile)]
    assert found == ["CT-26-11847", "1042", "100626", "9FTR552"]
    for text, code in [
        ("The voicemail was saved as 5550121.wav on his phone.", "5550121"),
        ("Recording session_1042.wav, intake line.", "1042"),
    ]:
        assert [(s.label, text[s.start : s.end]) for s in find_read_out_identifiers(text, profile)] == [
            ("ID_NUMBER", code)
        ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Neither a telephone nor an identifier said right before the tail: the nearer said
        # further back decides.
        (
            "AGENT: Do you want to make the payment today on a card? CALLER: Yeah. Visa. Hold on. "
            "Four two, wait, that's my old one. Okay. It's the one ending in six-six-two-three.",
            [("six-six-two-three", "ID_NUMBER")],
        ),
        (
            "AGENT: Can we reach you on the phone you called from today? CALLER: Yeah. Hold on. "
            "Four two, wait, that's my old one. Okay. It's the one ending in six-six-two-three.",
            [("six-six-two-three", "PHONE_NUMBER")],
        ),
        # Nothing said before it at all: a telephone's, as before.
        ("It's the one ending in six-six-two-three.", [("six-six-two-three", "PHONE_NUMBER")]),
    ],
)
def test_the_tail_takes_the_label_of_what_was_talked_of(text, expected):
    assert found(text) == expected
