"""Names written surname first in a message's header, a field or a column (`surname_first`), and
what a detection run makes of them."""

from __future__ import annotations

import pytest

from reviewer_app.core.surname_first import correspondents_named, names_in_columns

NOT_NAMES = frozenset({"commissioner", "sir", "the"})
PLACES = frozenset(
    {
        "california",
        "calif.",
        "nev.",
        "nevada",
        "georgia",
        "jordan",
        "israel",
        "fresno",
        "sacramento",
        "chino",
        "reno",
        "vacaville",
    }
)

EXPORT = (
    "EXHIBIT 22 - TABLET MESSAGE EXTRACTION\n"
    "Resident: QUINTERO-BAEZ, MARISOL   Resident ID: 25-017733\n"
    "Contact: ALVARADO, RUBEN J   Contact Acct: 88120945\n\n"
    "MSG 0001 | 10/09/2025 20:14:37 | QUINTERO-BAEZ, MARISOL (resident) -> ALVARADO, RUBEN J\n"
    "hi babe its me. did u talk to lupe about the kids\n\n"
    "MSG 0002 | 10/09/2025 21:02:11 | ALVARADO, RUBEN J -> QUINTERO-BAEZ, MARISOL (resident)\n"
    "ya she has them. mateo started school monday\n"
)


def _named(text: str) -> list[str]:
    return [text[s.start : s.end] for s in correspondents_named(text, NOT_NAMES, PLACES)]


def test_both_sides_of_a_header_arrow_are_persons():
    assert _named(EXPORT) == [
        "QUINTERO-BAEZ, MARISOL",
        "ALVARADO, RUBEN J",
        "ALVARADO, RUBEN J",
        "QUINTERO-BAEZ, MARISOL",
    ]
    assert all(s.label == "PERSON" for s in correspondents_named(EXPORT, NOT_NAMES, PLACES))


def test_from_and_to_fields_name_correspondents_surname_first():
    fields = "From: RIVERA, JASMINE #WF4471\nTo: Okafor, Desmond T.\nSent: 10/12/2026 8:14 PM\nSubject: hey\n"
    assert _named(fields) == ["RIVERA, JASMINE", "Okafor, Desmond T."]


def test_only_a_name_surname_first_in_the_slot_counts():
    # Not a name surname first: a name in its order, a place, a sentence, a word of not_names.
    assert _named("From: Jasmine Rivera\nTo: the Sacramento office\n") == []
    assert _named("Yes, I sent it -> to her, okay\n") == []
    assert _named("To: COMMISSIONER, SIR\n") == []
    # A name that runs on into the message is no header's slot.
    assert _named("To: RIVERA, JASMINE asked me why\n") == []


@pytest.mark.slow
def test_a_detection_run_hides_every_header_name():
    pytest.importorskip("spacy")
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.settings import Settings

    document = document_from_text("export", EXPORT.rstrip("\n"))
    spans = run_detection(document, ("presidio", "spacy"), Settings()).spans
    persons = [s for s in spans if s.label == "PERSON"]
    at = 0
    while (at := EXPORT.find("ALVARADO, RUBEN J", at)) >= 0:
        assert any(s.start <= at and at + len("ALVARADO, RUBEN J") <= s.end for s in persons), at
        at += 1


def test_a_name_in_capitals_surname_first_in_a_column_is_a_person_not_a_town():
    places = PLACES
    header = (
        "MSG 0007   10/02/2026 19:41:07   HOLLOWAY, TASHA M   HASKELL, BRIAN\n"
        "Resident: MERCED, JOSE LUIS | Booking: 2408173341\n"
        "                         VACAVILLE, CALIFORNIA\n"
        "Sent from FRESNO, CA   on THAT DATE, THE clerk wrote\n"
        "CALIFORNIA STATE PRISON, SOLANO\n"
    )
    named = [header[s.start : s.end] for s in names_in_columns(header, NOT_NAMES, places)]
    assert named == ["HOLLOWAY, TASHA M", "HASKELL, BRIAN", "MERCED, JOSE LUIS"]
    # In running prose a surname first is no column's: "said ALVARADO, RUBEN and" is left to NER.
    assert names_in_columns("he said ALVARADO, RUBEN and then left\n", NOT_NAMES, places) == []


def test_each_side_of_an_arrow_is_read_on_its_own_with_particles_and_long_names():
    header = (
        "DE LA CRUZ, JUAN -> VAN DER BERG, ANNA (resident)\n"
        "DEL RIO SANCHEZ, ANA MARIA -> GARCIA, MARIA DE LOURDES\n"
        "REQ 0101 | 09/30/2025 08:12:44 | ALVARADO, RUBEN J -> MEDICAL, SICK CALL\n"
    )
    assert _named(header) == [
        "DE LA CRUZ, JUAN",
        "VAN DER BERG, ANNA",
        "DEL RIO SANCHEZ, ANA MARIA",
        "GARCIA, MARIA DE LOURDES",
        "ALVARADO, RUBEN J",  # the request's department on the other side is none
    ]


def test_towns_states_and_ordinary_words_in_the_shape_of_a_name_are_none():
    text = (
        "Transfer: Fresno, California -> Sacramento, California\n"
        "From: Lodi, CA\n"
        "To: Main, Voicemail\n"
        "   CHINO, CALIF     RENO, NEV     VACAVILLE, CALIFORNIA\n"
        "PEOPLE'S 1   PHOTOGRAPH, KITCHEN   14  16\n"
        "PROCEEDINGS, MORNING SESSION     1\n"
        "Disposition:  REPORT, TAKEN\n"
        "PROGRAM:  EDUCATION, GED PREP\n"
        "MSG 0008   10/02/2026 19:41:07   COLE, ISRAEL   REYES, GEORGIA\n"
    )
    columns = [text[s.start : s.end] for s in names_in_columns(text, NOT_NAMES, PLACES)]
    # A country or a state after a surname that is no town is a given name.
    assert columns == ["COLE, ISRAEL", "REYES, GEORGIA"]
    assert _named(text) == []
