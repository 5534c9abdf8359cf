"""Cover-page metadata in the spellings real transcripts use."""

from __future__ import annotations

from reviewer_app.core.document import HearingMetadata, Participant
from reviewer_app.importers.hearing import join_wrapped, parse_cover


def test_cover_with_name_on_the_matter_line_and_upper_case_fields():
    meta = parse_cover(
        [
            "INITIAL PAROLE SUITABILITY HEARING",
            "STATE OF CALIFORNIA",
            "BOARD OF PAROLE HEARINGS",
            "In the matter of the Life Term Parole Consideration Hearing of: MARCUS REED",
            "CDCR No.: AB1234",
            "CORRECTIONAL TRAINING FACILITY",
            "SOLEDAD, CALIFORNIA",
            "MARCH 3, 2020",
            "9:05 A.M.",
            "PANEL PRESENT:",
            "JOHN HOLT, Presiding Commissioner",
            "OTHERS PRESENT:",
            "MARCUS REED, Inmate",
            "ANNA PIKE, Attorney for the Incarcerated Person",
            "ROBERT KING, JR., Deputy District Attorney",
            "LOUIS HART III, Victim's Next of Kin",
            "TRANSCRIBED BY:",
            "LEE WONG, Transcriber",
            "Capitol Reporting, LLC",
        ]
    )
    assert meta == HearingMetadata(
        hearing_type="INITIAL PAROLE SUITABILITY HEARING",
        inmate_name="MARCUS REED",
        cdcr_number="AB1234",
        facility="CORRECTIONAL TRAINING FACILITY",
        location="SOLEDAD",
        date="MARCH 3, 2020",
        time="9:05 A.M.",
        participants=(
            Participant("JOHN HOLT", "Presiding Commissioner", "panel"),
            Participant("MARCUS REED", "Inmate", "inmate"),
            Participant("ANNA PIKE", "Attorney for the Incarcerated Person", "attorney"),
            Participant("ROBERT KING, JR.", "Deputy District Attorney", "district_attorney"),
            Participant("LOUIS HART III", "Victim's Next of Kin", "victim_family"),
            Participant("LEE WONG", "Transcriber", "transcriber"),
        ),
    )
    assert meta.names() == (
        "MARCUS REED",
        "JOHN HOLT",
        "ANNA PIKE",
        "ROBERT KING, JR.",
        "LOUIS HART III",
        "LEE WONG",
    )


def test_text_that_is_not_a_cover_gives_empty_metadata_fields():
    meta = parse_cover(["Minutes of the meeting", "Present: everyone"])
    assert meta.inmate_name == meta.cdcr_number == meta.facility == ""
    assert meta.participants == ()


def test_wrapped_rows_rejoin_with_one_space_except_inside_a_spelled_name():
    text, starts = join_wrapped(["MARCUS REED: My name is Reed, R-E-", "E-D, and I- I", "was born in"])
    assert text == "MARCUS REED: My name is Reed, R-E-E-D, and I- I was born in"
    assert starts == (0, 34, 48)
    # a stutter or a restart broken at the row end is no spelling: it keeps its space
    assert join_wrapped(["and I-", "I went home"])[0] == "and I- I went home"
    assert join_wrapped(["it was A-", "A lot of it"])[0] == "it was A- A lot of it"
    assert join_wrapped(["spelled M-A-", "I-A, yes"])[0] == "spelled M-A-I-A, yes"
    assert join_wrapped(["spelled R-E-", "D. Yes"])[0] == "spelled R-E-D. Yes"
    # a lower-case hyphen at the row end is a word of its own: it keeps its space
    assert join_wrapped(["for inmate-", "Correction."])[0] == "for inmate- Correction."


def test_caption_in_two_columns():
    meta = parse_cover(
        [
            "PAROLE SUITABILITY HEARING",
            "STATE OF CALIFORNIA",
            "BOARD OF PAROLE HEARINGS",
            "In the matter of the Life ) CDCR Number: B21014",
            "Term Parole Consideration )",
            "Hearing of: )",
            ")",
            "SAMUEL ORTIZ )",
            "_______________________________)",
            "RICHARD J. DONOVAN CORRECTIONAL FACILITY",
            "SAN DIEGO, CALIFORNIA",
            "AUGUST 27, 2021",
            "9:05 A.M.",
            "PANEL PRESENT:",
            "ROBERT BART, Presiding Commissioner",
        ]
    )
    assert (meta.inmate_name, meta.cdcr_number, meta.facility, meta.location) == (
        "SAMUEL ORTIZ",
        "B21014",
        "RICHARD J. DONOVAN CORRECTIONAL FACILITY",
        "SAN DIEGO",
    )
    assert (meta.date, meta.time) == ("AUGUST 27, 2021", "9:05 A.M.")
    assert meta.participants == (Participant("ROBERT BART", "Presiding Commissioner", "panel"),)


def test_a_court_reporters_numbered_cover_page():
    meta = parse_cover(
        [
            "1",
            " 2                           BOARD OF PAROLE HEARINGS",
            " 3",
            " 8       In the matter of the Life Term   )",
            " 9       Parole Consideration Hearing     )    CDCR No. EV5192",
            "10       of:                              )",
            "12       DONNELL PRESCOTT,                )",
            "14                            Inmate.     )",
            "17                 CALIFORNIA INSTITUTION FOR MEN",
            "18                       CHINO, CALIFORNIA",
            "21                              9:12 A.M.",
        ]
    )
    assert (meta.inmate_name, meta.cdcr_number, meta.facility, meta.location, meta.time) == (
        "DONNELL PRESCOTT",
        "EV5192",
        "CALIFORNIA INSTITUTION FOR MEN",
        "CHINO",
        "9:12 A.M.",
    )


def test_in_re_the_matter_without_a_colon_and_the_number_as_other_firms_print_it():
    meta = parse_cover(
        [
            "In re the Matter of the                  )",
            "Subsequent Parole Consideration          )",
            "Hearing of                               )   Inmate No. AF7396",
            "WENDELL ARBOGAST,                       )",
            "                       Inmate.           )",
            "_________________________________________)",
        ]
    )
    assert (meta.inmate_name, meta.cdcr_number, meta.hearing_type) == ("WENDELL ARBOGAST", "AF7396", "")
    older = parse_cover(
        ["In the Matter of the Life Term ) CDC Number:  H-23417", "Hearing of: )", "GERALD FAIRCLOTH )"]
    )
    assert (older.inmate_name, older.cdcr_number) == ("GERALD FAIRCLOTH", "H-23417")
    # A hearing officer is no hearing of anyone; a number on a numbered line is no line number.
    assert parse_cover(["In the matter of the Senior Hearing Officer review"]).inmate_name == ""
    assert parse_cover(["12 MAIN STREET", "CHINO, CALIFORNIA"]).facility == "12 MAIN STREET"


def test_a_form_cover_gives_the_labelled_name_number_prison_town_and_hearing_date():
    meta = parse_cover(
        [
            "TRANSCRIPTION OF AUDIO RECORDING",
            "RULES VIOLATION REPORT HEARING",
            "KERN VALLEY STATE PRISON, DELANO, CALIFORNIA",
            "Incarcerated Person: AMEZCUA, ROLANDO          CDCR #: BH4721",
            "Date of Incident: 08/30/2026",
            "Date of Hearing: 09/22/2026",
        ]
    )
    assert (meta.inmate_name, meta.cdcr_number) == ("AMEZCUA, ROLANDO", "BH4721")
    assert (meta.facility, meta.location, meta.date) == ("KERN VALLEY STATE PRISON", "DELANO", "09/22/2026")


def test_a_hearing_date_field_and_a_labelled_place_with_the_state_abbreviated():
    meta = parse_cover(
        [
            "Incarcerated person appearing from: Avenal State Prison, Avenal, CA",
            "Hearing Date:         06/09/2026",
            "Incarcerated Person:  KEALOHA, MAKOA        CDCR No.: BN4418",
        ]
    )
    assert (meta.facility, meta.location, meta.date) == ("Avenal State Prison", "Avenal", "06/09/2026")
    assert (meta.inmate_name, meta.cdcr_number) == ("KEALOHA, MAKOA", "BN4418")


def test_a_date_and_a_time_on_one_line_and_an_address_is_no_prison():
    meta = parse_cover(
        [
            "REPORTED BY: Arroyo Seco Verbatim, 1715 Broad Street, San Luis Obispo, California",
            "THURSDAY, AUGUST 20, 2026, 1:04 P.M.",
            "Date: Sept. 29, 2026",
        ]
    )
    assert (meta.date, meta.time) == ("THURSDAY, AUGUST 20, 2026", "1:04 P.M.")
    assert meta.facility == ""


def test_form_fields_printed_one_space_apart_as_a_pdf_prints_them():
    meta = parse_cover(
        [
            "Incarcerated Person: KEALOHA, MAKOA CDCR No.: BN4418",
            "Session date: 09/15/2026 Start: 8:58 AM Captioner: J. Okafor-Reyes",
        ]
    )
    assert (meta.inmate_name, meta.cdcr_number, meta.date) == ("KEALOHA, MAKOA", "BN4418", "09/15/2026")


def test_a_label_before_a_prison_and_its_town_says_where_the_hearing_is():
    meta = parse_cover(["Appearing from: Avenal State Prison, Avenal, CA"])
    assert (meta.facility, meta.location) == ("Avenal State Prison", "Avenal")
    # A firm's town after another label is not where the hearing is.
    meta = parse_cover(["Transcribed by: Capitol Reporting Group, Sacramento, California"])
    assert (meta.facility, meta.location) == ("", "")
