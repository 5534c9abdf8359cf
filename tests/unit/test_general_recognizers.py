"""The general profile's pattern recognizers (resources/patterns/numbers_general.toml):
case, application and docket numbers, identity numbers, sums of money and lists of days."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.patterns import load_recognizer_specs


def matches(recognizers: str, text: str) -> list[str]:
    """What the recognizers (names, comma-separated) find, leaving out matches inside longer ones."""
    specs = [s for s in load_recognizer_specs() if s.name in recognizers.split(",")]
    found = {
        (m.start(), m.end()) for spec in specs for _, regex in spec.compiled() for m in regex.finditer(text)
    }
    outer = [(s, e) for s, e in found if not any(a <= s and e <= b and (a, b) != (s, e) for a, b in found)]
    return [text[s:e] for s, e in sorted(outer)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("an application (no. 12345/03) against", ["12345/03"]),
        ("application no. 36244/06 was lodged", ["36244/06"]),
        ("in applications nos. 7076/05 and 6813/09", ["7076/05", "6813/09"]),
        ("Case No. 2:19-cv-01234 before Judge", ["2:19-cv-01234"]),
        ("in 1:05-cr-00123-JDB the court", ["1:05-cr-00123-JDB"]),
        ("Docket Number CR-2019-001234, filed", ["CR-2019-001234"]),
        ("file # 88123 was closed", ["88123"]),
        ("paid in 12/2005 and on 5/13/2012", []),  # a month and year, a date
        # a month, day and year; the case number said without "number" is one
        ("case 1517733; convicted 12/06/2016 and 05/20/2019", ["1517733"]),
        ("Search warrant, RIVSW 25-3307, to T-Mobile", ["RIVSW 25-3307"]),
        ("You have thirty days to file a 602-1 with the office", []),  # "file" is a verb too
        ("in case 2019 comes, the claim 1234 and cause 12", []),  # fewer than five digits
        # the last digits said to check a number, its cue before "ending"
        ("on the checking account ending 0264. I do", ["0264"]),
        ("SSN: on file, ending 6618\nBooking", ["6618"]),
        ("the card ends in 3318 and", ["3318"]),
        ("a story ending 1994 and the list ending in 2003", []),  # no identity cue
        ("for the tax year ending 2019, and", []),  # a year
        ("His ID card, the one ending 1230 hours", []),  # a clock time (review14)
        ("I won the case, 54321 votes", []),  # digits alone after a comma go on the sentence (review14)
        ("case 121/22/3 and 13/06/2016", ["121/22/3", "13/06/2016"]),
        ("half of it, 1/2, and page 3", []),
        ("Protocol No. 11 to the Convention", []),
        ("The case number is CV-2019-0412.", ["CV-2019-0412"]),
        ("case number 12 and then", []),  # fewer than four digits in groups, three in one word
    ],
)
def test_case_numbers(text, expected):
    assert matches("case_number,identity_number", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my passport number is X1234567 and", ["X1234567"]),
        ("driver's license no. D123-4567-8901", ["D123-4567-8901"]),
        ("the account number: 000123456789", ["000123456789"]),
        ("his Social Security number is 536904399", ["536904399"]),
        ("badge 4417 was on duty", ["4417"]),
        ("booked under AB1234567 yesterday", ["AB1234567"]),
        ("my account is fine and my ID is lost", []),
        ("account number is 4471 2093 88.", ["4471 2093 88"]),
        ("the claim number, it's 2019 0412 77, right", ["2019 0412 77"]),
        ("My licence number is D 449 2031, I think", ["D 449 2031"]),
        ("the policy number was 88-1204-7", ["88-1204-7"]),
        ("my account was 12 34 days late", []),  # no "number": not a number that names the account
        ("the card 4111 1111 1111 1111.", []),  # read in groups without "number": not the first group alone
        ("CSR No. 13872\nJob No. 58812", ["13872", "58812"]),
        ("Det. Renata Harlan #4471 and Exhibit No. 1234, Room #2140, Protocol No. 11", ["4471"]),
        ("By Law no. 5190 of 16 June 2004", []),
        ("expropriated land (plot no. 431/4) and Law no. 12/3", ["431/4"]),
        ("a plate 7KDR219 and COVID19", ["7KDR219"]),
        ("my inmate number is 1234567 and the employee number 88123", ["1234567", "88123"]),
        # each number of a list after "nos.", but not of exhibits or articles
        ("the parcels nos. 31, 77/2, 12.5 and 640. The owner", ["31", "77/2", "12.5", "640"]),
        ("see exhibits nos. 4, 5 and 9, and Articles nos. 6 and 13", []),
    ],
)
def test_identity_numbers(text, expected):
    assert matches("identity_number,letters_digits_number", text) == expected


def test_a_hearing_reads_numbers_named_as_such_but_not_numbers_by_their_shape():
    """In a hearing "my licence number is D 449 2031" is an ID number, but AB1234567 or
    50/50 alone are not read as one (a CDCR number has such a shape)."""
    hearing = {s.name for s in load_recognizer_specs() if s.runs_in("hearing")}
    assert "identity_number" in hearing
    assert not {"case_number", "letters_digits_number"} & hearing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("awarded EUR 10,000 in damages", ["EUR 10,000"]),
        ("a fine of 54,525,000 Turkish liras (TRL).", ["54,525,000 Turkish liras (TRL)"]),
        ("it cost $1,200.50 and £300 and 314.44 EUR", ["$1,200.50", "£300", "314.44 EUR"]),
        ("paid 2.5 million dollars", ["2.5 million dollars"]),
        ("EUR stands for euro; 12 apples", []),
    ],
)
def test_amounts(text, expected):
    assert matches("amount", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("on 14 and 27 July 1999 the", ["14 and 27 July 1999"]),
        ("held on 1, 2 and 5 March 2001.", ["1, 2 and 5 March 2001"]),
        ("from 3-5 May the", ["3-5 May"]),
        ("on 14 July 1999", []),  # one day is the date recognizer's
    ],
)
def test_lists_of_days(text, expected):
    assert matches("day_list_date", text) == expected


@pytest.mark.parametrize(
    ("recognizer", "text", "expected"),
    [
        (
            "spoken_web_address",
            "look it up at www dot parole help dot org slash letters and",
            ["www dot parole help dot org slash letters"],
        ),
        ("spoken_web_address", "w w w dot cdcr dot ca dot gov, they said", ["w w w dot cdcr dot ca dot gov"]),
        ("spoken_web_address", "the site is hope dot org and", ["hope dot org"]),
        ("spoken_web_address", "we joined the dots on the map at home", []),
        (
            "spoken_email_address",
            "write to maria dot lopez at gmail dot com today",
            ["maria dot lopez at gmail dot com"],
        ),
        ("spoken_email_address", "we met at the centre and had a dot com job", []),
        (
            "spoken_email_address",
            "my email is jo ann seventy at valley mail dot com all one word",
            ["jo ann seventy at valley mail dot com"],
        ),
        ("spoken_email_address", "we were at the office dot com party", []),
        (
            "spoken_email_address",
            "it's dana at valley clinic dot example",
            ["dana at valley clinic dot example"],
        ),
    ],
)
def test_web_and_mail_addresses_read_aloud(recognizer, text, expected):
    assert matches(recognizer, text) == expected


@pytest.mark.parametrize(
    ("recognizer", "text", "expected"),
    [
        (
            "written_email_address",
            "write to evasquez@vasquezlaw.example today",
            ["evasquez@vasquezlaw.example"],
        ),
        (
            "written_email_address",
            "(j.doe+intake@records.county.local).",
            ["j.doe+intake@records.county.local"],
        ),
        ("written_email_address", "we met @ noon at the hall.", []),
        ("written_email_address", "a handle @maria_l or user@localhost", []),
        # A handle on a social network: with its "@", or said after the network's name.
        ("social_media_handle", "I'm on Instagram, @teeboykin_speaks. And", ["@teeboykin_speaks"]),
        ("social_media_handle", "she's on Instagram, kayleemarsh_x.", ["kayleemarsh_x"]),
        ("social_media_handle", "my TikTok is dre_2004 now", ["dre_2004"]),
        ("social_media_handle", "we met @ noon; mail user@host.example; @ 5", []),
        ("social_media_handle", "found me on Facebook, like everybody", []),  # no handle's shape
        (
            "written_web_address",
            "go to brightwater-hr.example/policies/leave.",
            ["brightwater-hr.example/policies/leave"],
        ),
        (
            "written_web_address",
            "see https://intranet.county.local for it",
            ["https://intranet.county.local"],
        ),
        ("written_web_address", "rated 1.5/2, e.g./i.e. and and/or; St.Louis", []),
        (
            "written_web_address",
            "it's on sierravalleyhealth.example, or records.county.local.",
            ["sierravalleyhealth.example", "records.county.local"],
        ),
        (
            "written_web_address",
            "mail evasquez@vasquezlaw.example; the test.py file; a local.example.com",
            [],
        ),
        (
            "spoken_web_address_with_path",
            "the form is on sierra valley health dot example slash forms okay",
            ["sierra valley health dot example slash forms"],
        ),
        ("spoken_web_address_with_path", "cut it with a slash and a dot", []),
        # Letters said one by one and words joined by "dash", and an e-mail address with the
        # spelling of its parts said inside it
        (
            "spoken_web_address_with_path",
            "go to the site, it's f r c, dash, modesto, dot org, for the forms",
            ["f r c, dash, modesto, dot org"],
        ),
        ("spoken_web_address_with_path", "we joined the dots, dash it all, dot com bubble", []),
        (
            "spoken_email_address",
            "Yes, it's nina, N-I-N-A, dot vold, V-O-L-D, at outlook dot com.",
            ["nina, N-I-N-A, dot vold, V-O-L-D, at outlook dot com"],
        ),
        ("spoken_email_address", "Yes, at the end it was all dot com money.", []),
        # The words that introduce the address are no part of it
        (
            "spoken_web_address,spoken_web_address_with_path",
            "and the site is www dot freshstart dot org slash apply",
            ["www dot freshstart dot org slash apply"],
        ),
        (
            "spoken_web_address_with_path",
            "the site is reentry hope dot org slash housing",
            ["reentry hope dot org slash housing"],
        ),
    ],
)
def test_web_and_mail_addresses_on_any_domain(recognizer, text, expected):
    assert matches(recognizer, text) == expected
