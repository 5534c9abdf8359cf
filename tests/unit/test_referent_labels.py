"""Labels that follow from what a span refers to (issue 12), through `merge_spans`."""

from __future__ import annotations

from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.referent_labels import (
    label_by_leading_head,
    label_known_bodies,
    label_streets_by_context,
)
from reviewer_app.core.spans import Span
from tests.unit.test_context_rules import _merged, _span


def test_a_state_named_by_its_form_of_government_as_a_party_to_a_case_is_a_body():
    text = (
        "The case originated in an application against the Republic of Latvia lodged on 3 May 2001."
        " See Novak v. the Slovak Republic."
    )
    spans = [_span(text, "Republic of Latvia", "LOCATION"), _span(text, "Slovak Republic", "LOCATION")]
    merged = _merged(text, spans)
    assert ("Republic of Latvia", "ORGANIZATION") in merged
    assert ("Slovak Republic", "ORGANIZATION") in merged


def test_a_state_named_elsewhere_stays_a_place():
    text = (
        "She was born in the Dominican Republic and moved to the United Kingdom. "
        "Aid to the Czech Republic grew, and the Republic of Latvia voted."
    )
    pieces = ("Dominican Republic", "United Kingdom", "Czech Republic", "Republic of Latvia")
    merged = _merged(text, [_span(text, piece, "LOCATION") for piece in pieces])
    assert {(piece, "LOCATION") for piece in pieces} <= merged


def test_a_street_said_by_its_short_name_after_on_is_a_place():
    text = (
        "I stayed at Harbor House, the shelter on Lindqvist, then my aunt's place on Okafor. "
        "We're on Marisol and, um, Tennant, by the bus stop. Tennant is closed. "
        "He works at Brightline Glass on Pemberton."
    )
    spans = [
        _span(text, "Lindqvist", "PERSON"),
        _span(text, "Okafor", "ORGANIZATION"),
        _span(text, "Marisol", "PERSON"),
        _span(text, "Tennant", "ORGANIZATION"),
        _span(text, "Tennant", "ORGANIZATION", 1),
        _span(text, "Brightline Glass on Pemberton", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    streets = {
        ("Lindqvist", "LOCATION"),
        ("Okafor", "LOCATION"),
        ("Marisol", "LOCATION"),
        ("Tennant", "LOCATION"),
    }
    assert streets <= merged
    assert {("Brightline Glass", "ORGANIZATION"), ("Pemberton", "LOCATION")} <= merged


def test_a_two_word_street_after_a_premises_word_and_a_crossing_after_a_named_street_are_places():
    text = (
        "Dispatch sent me to Lilac Lanes, the bowling alley on North Division. "
        "They picked him up on Stockton Boulevard at Fruitridge. I met Ana Ruiz at Kaiser. "
        "She works in Fresno at Sunwest. We drove down Oak Street to Brightwell."
    )
    spans = [
        _span(text, "Lilac Lanes", "LOCATION"),
        _span(text, "North Division", "ORGANIZATION"),
        _span(text, "Stockton Boulevard", "LOCATION"),
        _span(text, "Fruitridge", "ORGANIZATION"),
        _span(text, "Ana Ruiz", "PERSON"),
        _span(text, "Kaiser", "ORGANIZATION"),
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Sunwest", "ORGANIZATION"),
        _span(text, "Oak Street", "LOCATION"),
        _span(text, "Brightwell", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert {("North Division", "LOCATION"), ("Fruitridge", "LOCATION")} <= merged
    assert {("Kaiser", "ORGANIZATION"), ("Sunwest", "ORGANIZATION"), ("Brightwell", "ORGANIZATION")} <= merged


def test_a_person_named_after_on_or_a_street_stays_a_person():
    text = (
        "We were on Main Street at Maria Lopez's house when the shooting happened. "
        "I was at the store on Tony Garcia birthday. The bar on Rosa Parks was ours. "
        "We met on Oak Avenue at Ines' place."
    )
    spans = [
        _span(text, "Main Street", "LOCATION"),
        _span(text, "Maria Lopez", "PERSON"),
        _span(text, "Tony Garcia", "PERSON"),
        _span(text, "Rosa Parks", "PERSON"),
        _span(text, "Oak Avenue", "LOCATION"),
        _span(text, "Ines", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert {("Maria Lopez", "PERSON"), ("Tony Garcia", "PERSON"), ("Rosa Parks", "PERSON")} <= merged
    assert ("Ines", "LOCATION") not in merged


def test_a_first_name_and_surname_before_a_street_word_is_a_street():
    text = "The bar on Rosa Parks Boulevard was ours."
    spans = label_streets_by_context(
        [_span(text, "Rosa Parks", "PERSON")], text, frozenset({"bar"}), frozenset({"boulevard"})
    )
    assert [(s.text_in(text), s.label) for s in spans] == [("Rosa Parks", "LOCATION")]


def test_a_name_on_something_that_is_no_place_keeps_its_label():
    text = "She is on Suboxone now and we talked on Telegram with Dana. Marcus and Delia came too."
    spans = [
        _span(text, "Suboxone", "ORGANIZATION"),
        _span(text, "Telegram", "ORGANIZATION"),
        _span(text, "Marcus", "PERSON"),
        _span(text, "Delia", "PERSON"),
    ]
    merged = _merged(text, spans)
    assert {
        ("Suboxone", "ORGANIZATION"),
        ("Telegram", "ORGANIZATION"),
        ("Marcus", "PERSON"),
        ("Delia", "PERSON"),
    } <= merged


def test_two_persons_or_two_groups_joined_by_and_are_no_crossing():
    text = "I'd want to hear from Dawit and Hiwot first. It is a school of Hispanic and Korean families."
    spans = [
        _span(text, "Dawit", "PERSON"),
        _span(text, "Hiwot", "PERSON"),
        _span(text, "Hispanic", "NRP"),
        _span(text, "Korean", "NRP"),
    ]
    merged = _merged(text, spans)
    assert {("Dawit", "PERSON"), ("Hiwot", "PERSON"), ("Hispanic", "NRP"), ("Korean", "NRP")} <= merged


def test_a_name_before_a_division_of_a_country_or_a_one_word_body_after_in_is_a_place():
    text = (
        "I was born in Qorodo, in Wardhiigley region. My sister lives ten minutes away in Halvik. "
        "The soldiers stayed in the Bakool zone."
    )
    spans = [
        _span(text, "Wardhiigley", "NRP"),
        _span(text, "Halvik", "ORGANIZATION"),
        _span(text, "Bakool", "PERSON"),
    ]
    merged = _merged(text, spans)
    assert {("Wardhiigley", "LOCATION"), ("Halvik", "LOCATION"), ("Bakool", "LOCATION")} <= merged


def test_a_body_the_text_introduces_or_an_acronym_after_in_stays_a_body():
    text = "I'm in Kairos now. I was active in OLF for two years, and in Synagogue we prayed."
    spans = [
        _span(text, "Kairos", "ORGANIZATION"),
        _span(text, "OLF", "ORGANIZATION"),
        _span(text, "Synagogue", "ORGANIZATION"),
    ]
    assert _merged(text, spans) == {
        ("Kairos", "ORGANIZATION"),
        ("OLF", "ORGANIZATION"),
        ("Synagogue", "ORGANIZATION"),
    }


def test_a_nationality_before_a_division_of_a_country_stays_a_group():
    text = "He was excluded from French territory and sent back to the Moroccan state."
    spans = [_span(text, "French", "NRP"), _span(text, "Moroccan", "NRP")]
    assert _merged(text, spans) == {("French", "NRP"), ("Moroccan", "NRP")}


def test_a_state_postal_code_after_a_town_is_a_place():
    text = "Mail goes to Fernhollow, NV and then to Eastbrook, OR 97401. The NV team agreed."
    spans = [
        _span(text, "Fernhollow", "LOCATION"),
        _span(text, "NV", "ORGANIZATION"),
        _span(text, "Eastbrook", "LOCATION"),
        _span(text, "OR 97401", "ORGANIZATION"),
        _span(text, "NV", "ORGANIZATION", 1),
    ]
    merged = [(s.text_in(text), s.label, s.start) for s in merge_spans(spans, text)]
    assert ("NV", "LOCATION", text.index("NV")) in merged and (
        "OR 97401",
        "LOCATION",
        text.index("OR 9"),
    ) in merged
    assert ("NV", "ORGANIZATION", text.index("NV team")) in merged


def test_a_name_opening_with_a_word_for_a_street_or_a_mosque_takes_its_label():
    text = (
        "He had a shop on Calle Morelos, and we pray at Masjid al-Huda. Fort Ames Police Department came. "
        "My brother-in-law has Herrería Ontiveros."
    )
    spans = [
        _span(text, "Calle Morelos", "ORGANIZATION"),
        _span(text, "Masjid al-Huda", "PERSON"),
        _span(text, "Fort Ames Police Department", "ORGANIZATION"),
        _span(text, "Herrería Ontiveros", "PERSON"),
    ]
    assert _merged(text, spans) == {
        ("Calle Morelos", "LOCATION"),
        ("Masjid al-Huda", "ORGANIZATION"),
        ("Fort Ames Police Department", "ORGANIZATION"),
        ("Herrería Ontiveros", "ORGANIZATION"),
    }


def test_a_name_opening_with_a_saints_title_is_the_parish_or_school_unless_it_is_a_known_town():
    text = "He goes to St. Stanislaus, the Polish mass. We wed at saint nicholas. She lives in St. Helena."
    spans = [
        _span(text, "St. Stanislaus", "LOCATION"),
        _span(text, "saint nicholas", "LOCATION"),
        _span(text, "St. Helena", "LOCATION"),
    ]
    assert {("St. Stanislaus", "ORGANIZATION"), ("saint nicholas", "ORGANIZATION")} <= _merged(text, spans)
    heads = default_rules().organisation_cues["leading_heads"]
    labelled = label_by_leading_head(spans, text, heads, known_places=frozenset({"st. helena"}))
    assert [s.label for s in labelled] == ["ORGANIZATION", "ORGANIZATION", "LOCATION"]


def test_a_town_named_for_a_saint_said_as_a_town_stays_a_place():
    text = (
        "I moved to St. Louis when I was ten. He was born in Saint Paul. We drove to St. George, Utah. "
        "He was in St. Mary's for a week. He goes to St. Stanislaus."
    )
    names = ("St. Louis", "Saint Paul", "St. George", "St. Mary's", "St. Stanislaus")
    spans = [_span(text, name, "LOCATION") for name in names]
    heads = default_rules().organisation_cues["leading_heads"]
    town_cues = default_rules().organisation_cues["town_cues"]
    known_places = default_rules().known_places
    labelled = label_by_leading_head(spans, text, heads, known_places=known_places, town_cues=town_cues)
    assert [s.label for s in labelled] == ["LOCATION", "LOCATION", "LOCATION", "ORGANIZATION", "ORGANIZATION"]
    assert ("St. Louis", "LOCATION") in _merged(text, spans)


def test_a_gang_named_for_a_street_said_as_the_street_stays_a_place():
    text = "I lived on 18th Street in Oakland. He ran with 18th Street back then."
    spans = [_span(text, "18th Street", "LOCATION"), _span(text, "18th Street", "LOCATION", 1)]
    found = [s.label for s in label_known_bodies(spans, text, frozenset({"18th street"}))]
    assert found == ["LOCATION", "ORGANIZATION"]
    text = "I lived on 18th Street in Oakland."
    assert ("18th Street", "LOCATION") in _merged(text, [_span(text, "18th Street", "LOCATION")])


def test_a_name_after_of_a_place_is_named_after_the_place_not_the_place():
    text = "She was taken to Our Lady of the Valley in Napa, then to the Fresno County jail."
    spans = [
        _span(text, "Our Lady of the Valley", "ORGANIZATION"),
        _span(text, "Fresno County", "ORGANIZATION"),
    ]
    # "Napa", which no span covered, is a known place NER read as nothing (label_known_places_alone).
    assert _merged(text, spans) == {
        ("Our Lady of the Valley", "ORGANIZATION"),
        ("Fresno County", "LOCATION"),
        ("Napa", "LOCATION"),
    }


def test_a_name_read_as_a_place_once_and_as_a_body_twice_is_the_body_at_every_mention():
    from reviewer_app.core.referent_labels import label_mentions_by_majority

    text = (
        "I signed up with Fairhaven. Fairhaven gave me a bed. Fairhaven is strict. "
        "Then Dunmore took me. Dunmore was kind. Ms. Kessler works there."
    )
    spans = [
        _span(text, "Fairhaven", "ORGANIZATION"),
        _span(text, "Fairhaven", "LOCATION", 1),
        _span(text, "Fairhaven", "ORGANIZATION", 2),
        _span(text, "Dunmore", "LOCATION"),
        _span(text, "Dunmore", "ORGANIZATION", 1),
        _span(text, "Kessler", "PERSON"),
    ]
    relabelled = {(s.start, s.text_in(text), s.label) for s in label_mentions_by_majority(spans, text)}
    assert {label for _, name, label in relabelled if name == "Fairhaven"} == {"ORGANIZATION"}
    # A tie says nothing, and a person is left to the rules for persons.
    assert {label for _, name, label in relabelled if name == "Dunmore"} == {"LOCATION", "ORGANIZATION"}
    assert (text.index("Kessler"), "Kessler", "PERSON") in relabelled


def test_a_name_before_a_street_address_names_the_premises_there():
    from reviewer_app.core.referent_labels import label_premises_before_addresses

    text = (
        "MR. OYELARAN: The plan is unchanged, and then some. "
        "Then Lantern Gate Residence, 4410 Ortega Street, Fresno. "
        "Her letter came from Loretta Vance, 18 Elm Street, Modesto. Ms. Vance is his aunt. "
        "He was at Fresno County, 2200 Fresno Street."
    )
    spans = [
        _span(text, "4410 Ortega Street, Fresno", "LOCATION"),
        _span(text, "18 Elm Street, Modesto", "LOCATION"),
        _span(text, "Vance", "PERSON", 1),
        _span(text, "2200 Fresno Street", "LOCATION"),
    ]
    found = {
        (s.text_in(text), s.label)
        for s in label_premises_before_addresses(
            spans, text, frozenset({"fresno county"}), frozenset({"then"})
        )
    }
    assert ("Lantern Gate Residence", "ORGANIZATION") in found  # "Then" opens the sentence
    # A person NER missed is no premises (her surname is a person's elsewhere); a known place stays.
    assert not {name for name, label in found if label == "ORGANIZATION"} - {"Lantern Gate Residence"}


def test_a_premises_name_keeps_a_first_word_the_text_also_writes_in_lower_case():
    text = (
        "A: He wore an orange jumpsuit then. Orange Harbor Residence, 12 Q Street, Fresno, took him.\n"
        "A: Later Cedar Gate House, 40 Elm Street, Merced, did too.\n"
    )
    spans = [_span(text, "12 Q Street, Fresno", "LOCATION"), _span(text, "40 Elm Street, Merced", "LOCATION")]
    found = {(s.text_in(text), s.label) for s in merge_spans(spans, text)}
    # "Orange" names the house though the text speaks of an orange jumpsuit; "Later", a
    # sentence adverb of merge.toml, is no part of a name.
    assert ("Orange Harbor Residence", "ORGANIZATION") in found
    assert ("Cedar Gate House", "ORGANIZATION") in found


def test_a_body_the_text_introduces_that_ner_read_as_a_place_is_the_body():
    text = (
        "A. The report lists him with Alder Creek Rollers, ACR, since he was twelve. I'm also in "
        "Kings Canyon Fellowship, a lifers' group. I did time at Pleasant Valley State Prison, PVSP, "
        "and in the Federal Republic of Germany (FRG). We went to the Aldine Fuel Stop on Kessler Way."
    )
    pieces = (
        "Alder Creek Rollers",
        "Kings Canyon Fellowship",
        "Pleasant Valley State Prison",
        "Federal Republic of Germany",
        "Kessler Way",
    )
    ner = [_span(text, piece, "LOCATION") for piece in pieces]
    merged = _merged(text, ner)
    assert {("Alder Creek Rollers", "ORGANIZATION"), ("Kings Canyon Fellowship", "ORGANIZATION")} <= merged
    # A prison, a state and a street stay places, whatever the context says.
    assert {(p, "LOCATION") for p in pieces[2:]} <= merged


def test_a_county_before_a_law_office_names_the_office():
    text = (
        "MR. ODUYA: Femi Oduya, for the Mariposa County District Attorney.\n"
        "For the People:   LASSEN COUNTY DISTRICT ATTORNEY'S OFFICE\n"
        "It went to the Kern County DA and the Kern County District Attorney Lisa Moy read it. "
        "Ms. Ruiz, Deputy District Attorney, Inyo County, appeared from the Sutter County Public Defender."
    )
    spans = [
        _span(text, "Mariposa County", "LOCATION"),
        _span(text, "Kern County", "LOCATION"),
        _span(text, "Kern County", "LOCATION", 1),
        _span(text, "Inyo County", "LOCATION"),
    ]
    merged = _merged(text, spans)
    offices = {n for n, label in merged if label == "ORGANIZATION"}
    assert {
        "Mariposa County District Attorney",
        "LASSEN COUNTY DISTRICT ATTORNEY'S OFFICE",
        "Kern County DA",
        "Sutter County Public Defender",
    } <= offices
    # Before a person's name the county is a title's place; after the title, a place.
    assert ("Kern County", "LOCATION") in merged and ("Inyo County", "LOCATION") in merged


def test_the_other_name_a_text_gives_a_place_or_a_body_takes_its_label_at_every_mention():
    from reviewer_app.core.referent_labels import label_aliases

    text = (
        "The file shows Pathways Home Alliance, also written P2H, completed May 2024. In P2H we "
        "write letters. He stayed at Otay Ridge Juvenile Camp, Otay Ridge for short. Later, Otay Ridge "
        "closed. His brother Raymond, also called Smokey, was there."
    )
    spans = [
        _span(text, "Pathways Home Alliance", "ORGANIZATION"),
        _span(text, "Otay Ridge Juvenile Camp", "LOCATION"),
        _span(text, "Otay Ridge", "PERSON", 2),
        _span(text, "Raymond", "PERSON"),
        _span(text, "Smokey", "PERSON"),
    ]
    found = {(s.start, s.text_in(text), s.label) for s in label_aliases(spans, text)}
    assert {label for _, name, label in found if name == "P2H"} == {"ORGANIZATION"}
    assert len([n for _, n, _ in found if n == "P2H"]) == 2
    assert {label for _, name, label in found if name == "Otay Ridge"} == {"LOCATION"}
    assert (text.index("Smokey"), "Smokey", "PERSON") in found  # a person's alias is the persons' rules'


def test_an_acronym_after_a_name_and_a_comma_is_a_credential_not_a_body():
    text = (
        "Present: Odile Marchand, LVN, ADA Support\nA. It says Odile Marchand, RN. She called.\n"
        "A. Lelisa Bonsa, OFC, came. The OFC, the Oromo Federalist Congress, sent him."
    )
    spans = [
        _span(text, "Odile Marchand", "PERSON"),
        _span(text, "LVN", "ORGANIZATION"),
        _span(text, "Odile Marchand", "PERSON", 1),
        _span(text, "RN", "ORGANIZATION"),
        _span(text, "Lelisa Bonsa", "PERSON"),
        _span(text, "OFC", "ORGANIZATION"),
        _span(text, "Oromo Federalist Congress", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert not {("LVN", "ORGANIZATION"), ("RN", "ORGANIZATION")} & merged
    assert ("OFC", "ORGANIZATION") in merged  # spelled out as a body: an affiliation


def test_a_heading_or_an_event_read_as_an_organisation_is_none():
    text = (
        "SHASTA COUNTY SUPERIOR COURT\nREPORTER'S TRANSCRIPT OF PROCEEDINGS\n"
        "In the matter of the Parole Revocation Hearing of: DALE ORR\n"
        "A. I joined the Redding Rescue Mission in 2019."
    )
    spans = [
        _span(text, "SHASTA COUNTY SUPERIOR COURT", "ORGANIZATION"),
        _span(text, "TRANSCRIPT OF PROCEEDINGS", "ORGANIZATION"),
        _span(text, "Parole Revocation Hearing", "ORGANIZATION"),
        _span(text, "Redding Rescue Mission", "ORGANIZATION"),
    ]
    merged = set(_merged(text, spans))
    organisations = {n for n, label in merged if label == "ORGANIZATION"}
    assert not organisations & {"TRANSCRIPT OF PROCEEDINGS", "Parole Revocation Hearing"}
    assert "Redding Rescue Mission" in organisations
    # A county's court keeps only the county (core/court_kinds.py).
    assert ("SHASTA COUNTY", "LOCATION") in merged


def test_an_agency_in_capitals_after_a_name_and_a_comma_is_no_credential():
    text = (
        "Q. Who came? A. Agent Maria Lopez, FBI, took over. Then Dr. Ana Patel, UCSF, called, and "
        "Lisa Moy, UCLA, wrote. Officer Ruiz, CHP, stopped us. Gail Ortiz, LVN. Ben Ode, PhD, said so."
    )
    spans = [
        _span(text, "Maria Lopez", "PERSON"),
        _span(text, "FBI", "ORGANIZATION"),
        _span(text, "Ana Patel", "PERSON"),
        _span(text, "UCSF", "ORGANIZATION"),
        _span(text, "Lisa Moy", "PERSON"),
        _span(text, "UCLA", "ORGANIZATION"),
        _span(text, "Ruiz", "PERSON"),
        _span(text, "CHP", "ORGANIZATION"),
        _span(text, "Gail Ortiz", "PERSON"),
        _span(text, "LVN", "ORGANIZATION"),
        _span(text, "Ben Ode", "PERSON"),
        _span(text, "PhD", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert {(a, "ORGANIZATION") for a in ("FBI", "UCSF", "UCLA", "CHP")} <= merged
    assert not {("LVN", "ORGANIZATION"), ("PhD", "ORGANIZATION")} & merged  # credentials of the list


def test_a_word_opening_the_sentence_is_no_part_of_a_county_agency():
    text = (
        "A. Then Kern County Probation Department called. Yesterday Orange County Sheriff's Department "
        "came too. I said then that yesterday was fine. The Tulare County District Attorney agreed."
    )
    merged = _merged(text, [])
    offices = {n for n, label in merged if label == "ORGANIZATION"}
    assert {"Kern County Probation Department", "Orange County Sheriff's Department"} <= offices
    assert "Tulare County District Attorney" in offices
    assert not {n for n in offices if n.startswith(("Then", "Yesterday"))}


def test_a_name_after_a_place_and_a_bare_called_is_no_alias_of_the_place():
    from reviewer_app.core.referent_labels import label_aliases

    text = (
        "I drove to Stockton, called Tony from a pay phone. Tony picked me up. "
        "He lives in Fresno, calls Maria every week. Maria is his sister. "
        "We went to Camp Ridgeline, which everyone calls the Ridge. Ridge was cold."
    )
    spans = [
        _span(text, "Stockton", "LOCATION"),
        _span(text, "Tony", "PERSON"),
        _span(text, "Tony", "PERSON", 1),
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Maria", "PERSON"),
        _span(text, "Maria", "PERSON", 1),
        _span(text, "Camp Ridgeline", "LOCATION"),
    ]
    found = {(s.start, s.text_in(text), s.label) for s in label_aliases(spans, text)}
    assert {label for _, name, label in found if name in ("Tony", "Maria")} == {"PERSON"}
    assert {label for _, name, label in found if name == "Ridge"} == {"LOCATION"}


def test_a_name_before_an_event_word_is_kept_without_the_event_word():
    text = (
        "Eastgate Listening Session: Notes\nVERBATIM INTAKE ASSESSMENT - OFFICIAL TRANSCRIPT\n"
        "I did the Maria Lopez Interview with my counselor. Maria Lopez was nice. "
        "I went to the Kaiser Permanente Assessment in March. The Community Listening Session was "
        "long; our community had a listening session. It was a session of the parole hearing."
    )
    spans = [
        _span(text, "Eastgate Listening Session", "ORGANIZATION"),
        _span(text, "VERBATIM INTAKE ASSESSMENT - OFFICIAL TRANSCRIPT", "ORGANIZATION"),
        _span(text, "Maria Lopez Interview", "ORGANIZATION"),
        _span(text, "Maria Lopez", "PERSON", 1),
        _span(text, "Kaiser Permanente Assessment", "ORGANIZATION"),
        _span(text, "Community Listening Session", "ORGANIZATION"),
    ]
    merged = merge_spans(spans, text)
    covered = [(s.start, s.end) for s in merged]
    for name, nth in (("Maria Lopez", 0), ("Kaiser Permanente", 0)):
        start = -1
        for _ in range(nth + 1):
            start = text.index(name, start + 1)
        assert any(a <= start and start + len(name) <= b for a, b in covered), name
    found = {(s.text_in(text), s.label) for s in merged}
    assert ("Kaiser Permanente", "ORGANIZATION") in found
    assert not {n for n, _ in found if n.endswith(("Interview", "Assessment", "Session"))}
    assert not {n for n, _ in found if "Community" in n or "Listening" in n}  # words written lower case
    assert not {n for n, _ in found if "Eastgate" in n or "VERBATIM" in n}  # headings


def test_the_name_of_a_county_the_text_also_writes_in_lower_case_stays_in_its_agency():
    text = (
        "A. Orange County Sheriff's Department picked me up. I wore an orange jumpsuit. "
        "Lake County Sheriff's Office did. We swam in the lake every day. "
        "Then Kern County Probation Department called."
    )
    offices = {n for n, label in _merged(text, []) if label == "ORGANIZATION"}
    assert {
        "Orange County Sheriff's Department",
        "Lake County Sheriff's Office",
        "Kern County Probation Department",
    } <= offices
    assert not {n for n in offices if n.startswith(("County", "Then"))}


def test_a_person_one_called_after_a_place_and_which_or_that_is_no_alias_of_the_place():
    from reviewer_app.core.referent_labels import label_aliases

    text = (
        "We stopped in Stockton, which is where we called Tony. Tony came. "
        "I was in Stockton that night we called Maria from a pay phone. Maria answered. "
        'He was at Camp Ridgeline, which the boys called "Ridge". Ridge was cold.'
    )
    spans = [
        _span(text, "Stockton", "LOCATION"),
        _span(text, "Tony", "PERSON"),
        _span(text, "Tony", "PERSON", 1),
        _span(text, "Stockton", "LOCATION", 1),
        _span(text, "Maria", "PERSON"),
        _span(text, "Maria", "PERSON", 1),
        _span(text, "Camp Ridgeline", "LOCATION"),
    ]
    found = {(s.start, s.text_in(text), s.label) for s in label_aliases(spans, text)}
    assert {label for _, name, label in found if name in ("Tony", "Maria")} == {"PERSON"}
    assert {label for _, name, label in found if name == "Ridge"} == {"LOCATION"}


def test_a_gang_of_the_gazetteer_is_an_organisation_unless_part_of_a_longer_name_or_a_word():
    text = (
        "SGT. YBARRA: Any problem with Sureños, Bulldogs, anybody? She ties it to the Norteño years.\n"
        "A. I was a Fresno Bulldogs kid. There was blood, Blood everywhere. They were Norteños.\n"
        "Q. Medication? A. Crip pressure medication."
    )
    spans = [_span(text, "Norteños", "LOCATION"), _span(text, "Bulldogs", "ORGANIZATION")]
    found = {(s.text_in(text), s.label) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"}
    assert {("Sureños", "ORGANIZATION"), ("Norteño", "ORGANIZATION"), ("Norteños", "ORGANIZATION")} <= found
    assert not any("Blood" in name or "Crip" in name for name, _ in found)
    assert label_known_bodies([], text, frozenset({"bulldogs"})) == [
        Span(text.index("Bulldogs"), text.index("Bulldogs") + 8, "ORGANIZATION", ("context",), 0.6)
    ]
