"""Streets as a dispatch log (CAD) writes them, and their short names said in the radio talk
(core/log_streets.py), on a hand-written CAD log."""

from __future__ import annotations

from reviewer_app.core.log_streets import label_log_streets, log_streets, without_log_codes
from reviewer_app.core.spans import Span

LOG = (
    "CAD EVENT LOG\n"
    "18:31:09  DISP    4C2 ASSIGNED\n"
    "18:36:44  ONSCN   4C2 AT W OLIVE AVE / N G ST\n"
    "18:39:10  PURS    4C2 PURSUIT NB N MARTIN LUTHER KING JR WAY\n"
    "18:40:02  PURS    4C2 EB PARSONS RD N/O YOSEMITE\n"
    "18:42:30  TC      PARSONS / CANAL, MEDIC REQ\n"
)
RADIO = (
    "18:40:00 4C2: Eastbound on Parsons, he's running Canal now.\n"
    "18:42:28 4C2: Crash at Parsons and Canal, send me a medic.\n"
    "18:44:00 DISPATCH: Copy. Lorena Parsons is the reporting party, callback on file.\n"
)


def span(text: str, words: str, label: str, nth: int = 0) -> Span:
    at = -1
    for _ in range(nth + 1):
        at = text.index(words, at + 1)
    return Span(at, at + len(words), label, ("spacy",), 0.85)


def test_a_cad_logs_streets_with_their_compass_letter_and_kind_and_its_crossings():
    found = [LOG[a:b] for a, b in log_streets(LOG)]
    assert found == ["W OLIVE AVE", "N G ST", "N MARTIN LUTHER KING JR WAY", "PARSONS RD", "PARSONS", "CANAL"]


def test_no_street_in_a_line_with_lower_case_nor_across_north_of():
    text = "Notes: the unit met him at the W Olive Ave lot.\n18:40:02  PURS  EB PARSONS N/O YOSEMITE\n"
    assert log_streets(text) == []


def test_the_logs_streets_replace_what_ner_made_of_them_and_name_the_talks_mentions():
    text = LOG + "\n" + RADIO
    spans = [
        span(text, "ONSCN   4C2 AT W OLIVE", "ORGANIZATION"),
        span(text, "PARSONS", "PERSON", 1),
        span(text, "Canal", "ORGANIZATION"),
        span(text, "Lorena Parsons", "PERSON"),
        span(text, "Parsons", "PERSON", 1),
    ]
    found = [(s.text_in(text), s.label) for s in label_log_streets(spans, text)]
    assert ("ONSCN   4C2 AT W OLIVE", "ORGANIZATION") not in found
    assert ("W OLIVE AVE", "LOCATION") in found and ("PARSONS", "LOCATION") in found
    assert found.count(("Canal", "LOCATION")) == 2
    # "Parsons" is a person's surname in this document: its mentions keep what they were.
    assert ("Lorena Parsons", "PERSON") in found and ("Parsons", "PERSON") in found
    assert ("Parsons", "LOCATION") not in found


def test_a_short_street_name_is_added_where_no_span_covers_it_but_not_an_ordinal():
    text = "18:36:44  ONSCN   4C2 AT E SHIELDS AVE / N FIRST ST\n18:36:50 4C2: At Shields. First name Ana.\n"
    found = [(s.text_in(text), s.label) for s in label_log_streets([], text)]
    assert found == [("E SHIELDS AVE", "LOCATION"), ("N FIRST ST", "LOCATION"), ("Shields", "LOCATION")]


def test_a_logs_event_codes_name_nothing():
    text = LOG + "18:50:12  TRANS   4C2 TO MERCY MED CTR\n"
    spans = [
        span(text, "ONSCN", "LOCATION"),
        span(text, "TRANS", "ORGANIZATION"),
        span(text, "MERCY", "ORGANIZATION"),
    ]
    assert [s.text_in(text) for s in without_log_codes(spans, text)] == ["MERCY"]


def test_no_street_in_a_decision_in_capitals_nor_before_a_point_or_a_name():
    decision = "THE PANEL AGREES WITH DR. OKONJO THAT HIS INSIGHT IS DEVELOPING. " * 3
    text = decision + "\nREFERRED TO ST JOHN MED CTR\nSEEN AT PANEL AGREES WITH DR. OKONJO\n"
    assert log_streets(text) == []


def test_an_address_in_capitals_keeps_its_whole_span_and_names_its_street():
    text = "RO: DANFORTH, KEISHA\n4410 E DAKOTA AVE, FRESNO CA 93726\n18:40:00 4C2: Copy, Dakota.\n"
    address = span(text, "4410 E DAKOTA AVE, FRESNO CA 93726", "LOCATION")
    found = [(s.text_in(text), s.label) for s in label_log_streets([address], text)]
    assert found == [(address.text_in(text), "LOCATION"), ("Dakota", "LOCATION")]


def test_a_name_in_the_code_column_is_no_event_code():
    """A booking or visitor log writes a surname where a CAD log writes its event code: a word
    longer than a code, or one the document writes in a person's name, stays; a code goes."""
    text = (
        "18:31:09  ONSCN   4C2 AT W OLIVE AVE\n"
        "21:52:20  RAMIREZ  booked by Deputy Carla Nunez, cell 4\n"
        "21:58:02  NUNEZ  visited by Carla Nunez\n"
    )
    spans = [
        span(text, "ONSCN", "LOCATION"),
        span(text, "RAMIREZ", "PERSON"),
        span(text, "Carla Nunez", "PERSON"),
        span(text, "NUNEZ", "PERSON"),
        span(text, "Carla Nunez", "PERSON", 1),
    ]
    kept = [s.text_in(text) for s in without_log_codes(spans, text)]
    assert kept == ["RAMIREZ", "Carla Nunez", "NUNEZ", "Carla Nunez"]


def test_a_short_name_ner_reads_as_a_person_in_sentence_case_stays_a_person():
    text = (
        "21:52:17  ONSCN   2A14 AT 500 W SHAW AVE\n"
        "DISPATCH: 2A14, your RP is Shaw, she's the homeowner. Shaw says he ran.\n"
        "2A14: Copy, I'm on Shaw now.\n"
    )
    spans = [span(text, "Shaw", "PERSON"), span(text, "Shaw", "PERSON", 1)]
    found = [(s.text_in(text), s.label) for s in label_log_streets(spans, text)]
    # A mention no span covers is the street.
    assert found == [("W SHAW AVE", "LOCATION"), ("Shaw", "PERSON"), ("Shaw", "PERSON"), ("Shaw", "LOCATION")]
    # In the log's capitals NER cannot tell: there the street's short name wins.
    capitals = text + "21:53:00  NOTE    SHAW / BLACKSTONE\n"
    shout = [span(capitals, "SHAW", "PERSON", 1)]
    assert [(s.text_in(capitals), s.label) for s in label_log_streets(shout, capitals)][-2:] == [
        ("SHAW", "LOCATION"),
        ("BLACKSTONE", "LOCATION"),
    ]


def test_a_kind_that_is_a_word_of_talk_needs_a_number_or_a_compass_letter():
    text = (
        "21:49:38  ONSCN   2A14 AT 500 W SHAW AVE\n"
        "21:49:40  NOTE    RP ADVS SUSP LEFT, UNIT ON THE WAY\n"
        "THE COURT: ALL RIGHT, NO WAY, COUNSEL\n"
        "2A14: I'M ON MY WAY, ETA FIVE.\n"
        "21:50:02  ENRT    2B3 TO 1420 BRYN MAWR WAY\n"
        "21:51:10  ENRT    2B4 TO E HOLLAND CT\n"
        "The man said No. My car is here.\n"
    )
    assert [text[a:b] for a, b in log_streets(text)] == ["W SHAW AVE", "1420 BRYN MAWR WAY", "E HOLLAND CT"]
    found = [(s.text_in(text), s.label) for s in label_log_streets([], text)]
    assert ("The", "LOCATION") not in found and ("My", "LOCATION") not in found


def test_a_side_of_a_slash_that_names_a_person_is_no_street():
    text = (
        "21:47:03  DISP    2A14 AT RP LINDA GARCIA / N BLACKSTONE AVE\n"
        "21:48:10  NOTE    NAOMI PRICE / BLACKSTONE\n"
    )
    price = span(text, "NAOMI PRICE", "PERSON")
    found = [(s.text_in(text), s.label) for s in label_log_streets([price], text)]
    assert found == [
        ("LINDA GARCIA", "PERSON"),
        ("N BLACKSTONE AVE", "LOCATION"),
        ("NAOMI PRICE", "PERSON"),
        ("BLACKSTONE", "LOCATION"),
    ]
