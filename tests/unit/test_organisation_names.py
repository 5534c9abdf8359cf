"""Organisations a document defines, joins or signs for (issue 12): what the text
says around a name makes it an organisation at every mention, whatever NER read in
the name alone; and sentences with the same words that name none."""

from __future__ import annotations

from reviewer_app.core.context_rules import learn_organisations
from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.organisation_names import (
    coordinated_parts,
    defined_names,
    names_ending_in_heads,
    names_with_legal_forms,
    signed_firms,
    titles_a_person,
)
from reviewer_app.core.spans import Span


def _ner(text: str, piece: str, label: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(piece, start + 1)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def _merged(text: str, spans=()) -> set[tuple[str, str]]:
    return {(s.text_in(text), s.label) for s in merge_spans(list(spans), text)}


def _learnt(text: str) -> set[str]:
    rules = default_rules()
    found = learn_organisations(
        text, rules.organisation_cues, rules.known_places, rules.function_words, rules.organisation_heads
    )
    return {s.text_in(text) for s in found}


def _defined(text: str) -> list[str]:
    cues = default_rules().organisation_cues
    followers = frozenset(cues["followers"])
    return defined_names(text, cues["kinds"], followers, default_rules().function_words, cues["premises"])


def test_a_name_defined_as_a_programme_is_an_organisation_at_every_mention():
    text = (
        "COMMISSIONER: Tell me about your self-help.\n"
        "INMATE: Sunrise Bridges is a twelve-week program for lifers. Sunrise Bridges changed how I think."
    )
    spans = [_ner(text, "Sunrise Bridges", "PERSON"), _ner(text, "Sunrise Bridges", "PERSON", 1)]
    assert _merged(text, spans) == {("Sunrise Bridges", "ORGANIZATION")}
    assert len(merge_spans(spans, text)) == 2


def test_a_definition_in_an_apposition_or_an_answer_names_an_organisation():
    text = (
        "INMATE: I took Breaking Barriers, that's a sixteen-week class.\n"
        "COMMISSIONER: What is Inner Compass?\n"
        "INMATE: It's a group that meets on the yard. Inner Compass helped me."
    )
    assert _defined(text) == ["Breaking Barriers", "Inner Compass"]
    assert ("Inner Compass", "ORGANIZATION") in _merged(text, [_ner(text, "Inner Compass", "PERSON", 1)])


def test_a_kind_that_modifies_a_noun_or_follows_a_preposition_defines_nothing():
    text = (
        "INMATE: Mr. Vega is a group facilitator. I talked to Marcus, that's a guy from my group.\n"
        "COMMISSIONER: What was Tuesday like?\n"
        "INMATE: It was a good class. That is a program I want. Group is a big part of it, the group."
    )
    assert _defined(text) == []
    spans = [_ner(text, "Vega", "PERSON"), _ner(text, "Marcus", "PERSON")]
    assert _merged(text, spans) == {("Vega", "PERSON"), ("Marcus", "PERSON")}


def test_completing_joining_or_dropping_out_of_a_name_makes_it_an_organisation():
    text = (
        "INMATE: I completed Harbor Lights in 2019, and I was affiliated with Lil Soldados until I "
        "dropped out of Lil Soldados. Harbor Lights was hard."
    )
    spans = [
        _ner(text, "Harbor Lights", "PERSON"),
        _ner(text, "Lil Soldados", "LOCATION"),
        _ner(text, "Harbor Lights", "PERSON", 1),
    ]
    assert _merged(text, spans) == {("Harbor Lights", "ORGANIZATION"), ("Lil Soldados", "ORGANIZATION")}


def test_what_one_completes_is_no_organisation_when_it_is_a_date_a_town_or_a_word():
    text = (
        "INMATE: I finished June of 2019 on C Yard. I graduated from Fresno in the end. "
        "I completed Phase Two, the last phase. He joined Marcus Bell at chow."
    )
    assert not {"June", "Fresno", "Phase", "Phase Two"} & _learnt(text)
    spans = [_ner(text, "Marcus Bell", "PERSON"), _ner(text, "Fresno", "LOCATION")]
    assert _merged(text, spans) == {("Marcus Bell", "PERSON"), ("Fresno", "LOCATION")}


def test_a_name_ending_in_a_roman_numeral_is_a_stage_only_where_its_head_is_a_common_noun():
    # A body's name may end in a numeral; a level or stage is named by a word the text also uses.
    body = "Police spoke to members of Comradeship IV before the ceremony."
    assert "Comradeship IV" in _learnt(body)
    stage = "I completed Level IV, then moved up a level. I completed Phase 2 too."
    assert not {"Level IV", "Phase 2"} & _learnt(stage)


def test_two_programmes_joined_by_and_are_two_names():
    assert coordinated_parts("Anger Replacement Training and Victim Impact Awareness") == [(0, 26), (31, 54)]
    assert coordinated_parts("CGA and Hope Rising") == [(0, 3), (8, 19)]
    assert coordinated_parts("Criminals and Gangs Anonymous") == [(0, 29)]
    assert coordinated_parts("Central Valley Tire and Brake") == [(0, 29)]
    text = "INMATE: I completed Second Wind Recovery and Men of Honor last year."
    assert {"Second Wind Recovery", "Men of Honor"} <= _learnt(text)
    assert "Second Wind Recovery and Men of Honor" not in _learnt(text)


def test_a_weekday_after_a_joining_word_is_not_part_of_the_name():
    text = "INMATE: I'm in Second Chances on Tuesdays and the Men of Honor group on Fridays."
    assert {"Second Chances", "Men of Honor"} <= _learnt(text)
    assert not any("Tuesdays" in name or "Fridays" in name for name in _learnt(text))


def test_a_copyright_line_and_a_certificate_name_their_firm():
    text = (
        "I, DANA ROWE, a duly designated transcriber, BARRISTER DIGITAL SOLUTIONS, do hereby declare.\n"
        "Copyright 2023 Foothill Legal Transcribers\n"
        "(c) 2022 by Goldleaf Digital, LLC. All rights reserved."
    )
    holders, certified = signed_firms(text)
    assert {text[a:b] for a, b in holders} == {"Foothill Legal Transcribers", "Goldleaf Digital, LLC"}
    assert {text[a:b] for a, b in certified} == {"BARRISTER DIGITAL SOLUTIONS"}
    assert ("Foothill Legal Transcribers", "ORGANIZATION") in _merged(text)


def test_the_firm_a_transcriber_works_for_and_the_firm_under_a_signature_are_organisations():
    text = (
        "I, FAYE RUTLEDGE, a transcriber for MOTHER LODE TRANSCRIPTION SERVICES, certify that it is true.\n"
        "                     Marisela Vandermeer\n                     Transcriber\n"
        "                     Golden State Hearing Transcripts\n\n"
        "19                           ROSALIE VANTREASE, CSR No. 13587\n"
        "20                           MOTHER LODE COURT REPORTERS\n"
    )
    _, certified = signed_firms(text)
    assert [text[a:b] for a, b in certified] == [
        "MOTHER LODE TRANSCRIPTION SERVICES",
        "Golden State Hearing Transcripts",
        "MOTHER LODE COURT REPORTERS",
    ]
    spans = [_ner(text, "LODE COURT REPORTERS", "PERSON")]
    assert ("MOTHER LODE COURT REPORTERS", "ORGANIZATION") in _merged(text, spans)


def test_a_firm_without_the_dots_of_its_legal_form_keeps_it_and_the_penal_code_is_none():
    text = "For Defendant Rich:\n     GALLO TENNANT PC\n     BY: MEREDITH CASH\nConvicted under Code PC 187."
    assert [text[a:b] for a, b in names_with_legal_forms(text)] == ["GALLO TENNANT PC"]


def test_a_copyright_line_without_a_holder_and_a_reporter_who_is_a_person_name_no_firm():
    text = (
        "Copyright 2024. All rights reserved.\nCopyright notice: see page 2.\nThe reporter, Dana Rowe, said"
    )
    holders, _ = signed_firms(text)
    assert holders == []
    assert _merged(text, [_ner(text, "Dana Rowe", "PERSON")]) == {("Dana Rowe", "PERSON")}


def test_a_legal_form_after_a_comma_stays_with_its_name():
    text = "The offer came from Sierra Verbatim Reporting, LLC. and from Dana Rowe, the owner."
    spans = [_ner(text, "Sierra Verbatim Reporting", "ORGANIZATION"), _ner(text, "LLC", "ORGANIZATION")]
    assert _merged(text, spans) == {("Sierra Verbatim Reporting, LLC", "ORGANIZATION")}


def test_a_place_of_work_or_worship_named_after_a_comma_is_an_organisation():
    text = (
        "WIFE: Meadowlark is five minutes from our church, Valley Grace Fellowship.\n"
        "INMATE: My brother has a mechanic shop, Taller Mecánico Hermanos Ríos, on Calle Luna."
    )
    assert _defined(text) == ["Valley Grace Fellowship", "Taller Mecánico Hermanos Ríos"]
    spans = [_ner(text, "Valley Grace Fellowship", "PERSON")]
    assert ("Valley Grace Fellowship", "ORGANIZATION") in _merged(text, spans)


def test_people_listed_after_a_group_or_one_word_after_a_church_are_not_defined():
    text = "INMATE: I told my group, Marcus and Tony Reyes, the truth. At church, Grace said hello."
    assert _defined(text) == []


def test_a_name_with_the_length_of_a_course_or_an_article_and_a_kind_is_a_programme():
    text = (
        "COMMISSIONER: Men of Integrity, completed 2016. Restorative Voices, fifty-two weeks, finished "
        "in 2021. Healing Dialogue Circle, three cycles. Hombres de Palabra, which is a group in Spanish.\n"
        "INMATE: I've been accepted at Cornerstone Crossing, the transitional house at 412 West Street."
    )
    assert _defined(text) == [
        "Hombres de Palabra",
        "Cornerstone Crossing",
        "Restorative Voices",
        "Healing Dialogue Circle",
    ]


def test_a_time_after_a_name_in_an_apposition_is_no_course():
    text = "INMATE: I saw Marcus Bell, two weeks later, and Tony, three weeks ago, at chow."
    assert _defined(text) == []


def test_a_word_that_ends_a_sentence_is_no_title_of_the_next_name():
    text = "COMMISSIONER: You're a facilitator. Restorative Voices is the one that changed you. Officer Dale."
    spans = [_ner(text, "Restorative Voices", "ORGANIZATION"), _ner(text, "Dale", "ORGANIZATION")]
    assert _merged(text, spans) == {("Restorative Voices", "ORGANIZATION"), ("Dale", "PERSON")}


def test_a_business_that_ner_read_with_its_street_is_a_business_on_a_street():
    text = "He was working the register at the Summit Gas & Go on Union Avenue that night."
    spans = [_ner(text, "Summit Gas & Go on Union Avenue", "LOCATION")]
    assert _merged(text, spans) == {("Summit Gas & Go", "ORGANIZATION"), ("Union Avenue", "LOCATION")}
    text = "We met at Main Street on Union Avenue, by the corner."
    spans = [_ner(text, "Main Street on Union Avenue", "LOCATION")]
    assert _merged(text, spans) == {("Main Street on Union Avenue", "LOCATION")}


def test_a_programme_named_in_capitals_before_program_is_learnt_and_found_in_the_body():
    text = (
        "INMATE: Chaplain Ruiz runs the Emmaus weekend. I did the self-help program too.\n"
        "THE PANEL NOTES HIS PARTICIPATION IN BROTHERS OF HOPE AND THE EMMAUS PROGRAM AND HIS "
        "SELF-HELP PROGRAM. THIS DECISION IS SUBJECT TO REVIEW BY THE FULL BOARD."
    )
    merged = _merged(text)
    assert {("EMMAUS", "ORGANIZATION"), ("Emmaus", "ORGANIZATION")} <= merged
    assert not any("SELF-HELP" in name or "THE EMMAUS" in name for name, _ in merged)


def test_what_one_was_in_at_a_prison_is_a_programme_there():
    text = "DOCTOR: He was in Lifers With Purpose at Mule Creek from 2005. He was in Fresno at the time."
    assert "Lifers With Purpose" in _learnt(text)
    assert not {"Fresno", "Fresno at"} & _learnt(text)


def test_a_role_after_a_name_in_a_list_of_those_present_is_no_organisation():
    text = (
        "PANEL PRESENT:\nINES BARRAGAN, Spanish Interpreter\nDANA ROWE, Supervising Registered Nurse, CHCF\n"
        "Witness: Ann Lee, Superior Court\nI work with the Spanish Interpreter Guild.\n"
    )
    spans = [
        _ner(text, "Spanish Interpreter", "ORGANIZATION"),
        _ner(text, "Supervising Registered Nurse", "ORGANIZATION"),
        _ner(text, "Superior Court", "ORGANIZATION"),
        _ner(text, "Spanish Interpreter Guild", "ORGANIZATION"),
    ]
    labels = _merged(text, spans)
    assert ("Superior Court", "ORGANIZATION") in labels and (
        "Spanish Interpreter Guild",
        "ORGANIZATION",
    ) in labels
    assert ("Spanish Interpreter", "ORGANIZATION") not in labels
    assert ("Supervising Registered Nurse", "ORGANIZATION") not in labels


def test_a_name_read_across_a_spaced_dash_or_over_its_acronym_is_two_names():
    text = (
        "KESTREL RIDGE STATE PRISON - HOLLOWAY FLATS\n"
        "We're in the office at Kestrel Ridge State Prison, KRSP. She is from Dunmore, in Ohio."
    )
    header = "KESTREL RIDGE STATE PRISON - HOLLOWAY FLATS"
    body = "Kestrel Ridge State Prison, KRSP"
    spans = [
        Span(0, len(header), "ORGANIZATION", ("spacy",), 0.85),
        Span(text.index(body), text.index(body) + len(body), "ORGANIZATION", ("spacy",), 0.85),
    ]
    found = {s.text_in(text) for s in merge_spans(spans, text)}
    assert {"KESTREL RIDGE STATE PRISON", "Kestrel Ridge State Prison", "KRSP"} <= found
    assert header not in found and body not in found


def test_a_place_read_on_over_in_and_its_town_is_the_place_and_the_town():
    text = (
        "We're at Kestrel Ridge State Prison in Holloway Flats today. "
        "He joined Brothers in Pen and Safe at Home."
    )
    spans = [
        _ner(text, "Kestrel Ridge State Prison in Holloway Flats", "ORGANIZATION"),
        _ner(text, "Brothers in Pen", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert {("Kestrel Ridge State Prison", "LOCATION"), ("Holloway Flats", "LOCATION")} <= merged
    # no place's head before "in": one group's name, kept whole
    assert ("Brothers in Pen", "ORGANIZATION") in merged


def test_a_place_ner_ended_before_a_hospitals_short_head_is_the_hospital():
    text = (
        "I was born at San Joaquin General. Then Lodi Memorial for a scan, "
        "and Kern Regional Center after. She lives in Fresno General Delivery."
    )
    spans = [
        _ner(text, "San Joaquin", "LOCATION"),
        _ner(text, "Lodi", "LOCATION"),
        _ner(text, "Kern", "LOCATION"),
        _ner(text, "Fresno", "LOCATION"),
    ]
    merged = _merged(text, spans)
    assert {("San Joaquin General", "ORGANIZATION"), ("Lodi Memorial", "ORGANIZATION")} <= merged
    # a capitalised word after the head: the name goes on, and NER's reading is left alone
    assert ("Kern", "LOCATION") in merged and ("Fresno", "LOCATION") in merged


def test_a_name_with_a_middle_initial_is_defined_whole():
    text = "INMATE: Will C. Wood, that's the middle school. Then I left Will C. Wood for good."
    assert _defined(text) == ["Will C. Wood"]
    assert _merged(text, [_ner(text, "Will C. Wood", "PERSON", 1)]) == {("Will C. Wood", "ORGANIZATION")}


def test_an_organisation_ner_ended_on_of_takes_in_the_name_after_it():
    text = (
        "On 28 May 2007 the Ninth Chamber of the Istanbul Assize Court dismissed it. A friend of Ankara came."
    )
    spans = [
        _ner(text, "the Ninth Chamber of", "ORGANIZATION"),
        _ner(text, "the Istanbul Assize Court", "ORGANIZATION"),
        _ner(text, "A friend of", "ORGANIZATION"),
        _ner(text, "Ankara", "LOCATION"),
    ]
    merged = _merged(text, spans)
    assert ("Ninth Chamber of the Istanbul Assize Court", "ORGANIZATION") in merged
    assert ("Istanbul Assize Court", "ORGANIZATION") not in merged
    # A place after a word that is no organisation's stays apart.
    assert ("Ankara", "LOCATION") in merged


def test_a_european_legal_form_after_a_name_makes_it_a_company():
    text = "He owned shares in the MotoMeter AG, later the MotoMeter GmbH. He met Anna Berg in AG court."
    assert _merged(text) == {("MotoMeter AG", "ORGANIZATION"), ("MotoMeter GmbH", "ORGANIZATION")}


def _heads(text: str) -> list[str]:
    rules = default_rules()
    found = names_ending_in_heads(text, rules.organisation_heads, rules.function_words, rules.known_places)
    return [text[a:b] for a, b in found]


def test_a_name_ending_in_an_organisation_s_head_word_is_proposed():
    text = (
        "INMATE: Southcrest Locos. SCL. We meet Thursdays. And Real Talk Circle, the youth one. "
        "In Kairos and in Second Wind Recovery I've talked about it. Dr. Ines Valcourt of Meridian "
        "Forensic Associates wrote it. The Los Angeles Asylum Office is closed. The Court finds "
        "under Rule 52 of the Rules of Court."
    )
    assert _heads(text) == [
        "Southcrest Locos",
        "Real Talk Circle",
        "Second Wind Recovery",
        "Meridian Forensic Associates",
    ]
    assert {"Southcrest Locos", "Real Talk Circle"} <= _learnt(text)


def test_a_facilitator_in_a_body_and_a_bed_held_at_one_name_it():
    text = (
        "INMATE: I'm a facilitator in Roots to Branches since the spring of 2019.\n"
        "ATTORNEY: He has a bed at Cornerstone Haven, on Q Street, and a bed for him at Folsom."
    )
    learnt = _learnt(text)
    assert {"Roots to Branches", "Cornerstone Haven"} <= learnt
    assert "Folsom" not in learnt  # a known town


def test_a_determiner_before_a_head_word_opens_no_name():
    text = "Every Program I did helped. My Group met on Tuesdays. Our Real Talk Circle meets now."
    assert _merged(text) == {("Real Talk Circle", "ORGANIZATION")}


def test_a_programme_one_facilitates_or_is_signed_up_for_and_a_school_by_its_term_are_bodies():
    text = (
        "He now co-facilitates Puentes de Cambio, a peer group. Agent Stroud signed me up for Roots "
        "Forward. I used the GI Bill for one semester at Allan Hancock and quit. She was a junior at "
        "Lincoln. I facilitate the ASL section."
    )
    spans = [
        _ner(text, "Puentes de Cambio", "PERSON"),
        _ner(text, "Allan Hancock", "PERSON"),
        _ner(text, "Lincoln", "LOCATION"),
    ]
    merged = _merged(text, spans)
    assert {
        ("Puentes de Cambio", "ORGANIZATION"),
        ("Roots Forward", "ORGANIZATION"),
        ("Allan Hancock", "ORGANIZATION"),
        ("Lincoln", "LOCATION"),
    } <= merged
    assert not any(name == "ASL" for name, _ in merged)


def test_a_person_one_facilitates_stays_a_person():
    text = (
        "I facilitate Daniel Ortiz on Tuesdays. Ortiz is my co-facilitator. I told Ortiz about it. "
        "My counselor facilitated Maria Lopez and me in the same group. Maria Lopez was kind. "
        "I co-facilitate Marcus Bell. Bell is great."
    )
    spans = [_ner(text, "Daniel Ortiz", "PERSON"), _ner(text, "Ortiz", "PERSON", 1)]
    spans += [_ner(text, "Maria Lopez", "PERSON", n) for n in (0, 1)] + [_ner(text, "Marcus Bell", "PERSON")]
    merged = _merged(text, spans)
    assert {("Daniel Ortiz", "PERSON"), ("Maria Lopez", "PERSON"), ("Marcus Bell", "PERSON")} <= merged
    assert not any(label == "ORGANIZATION" for _, label in merged)
    # Known by a first name the detectors read in a full name, or by a courtesy title elsewhere.
    text = "I facilitate Maria on Tuesdays. Maria Lopez was kind. I facilitate Maria Lopez now."
    found = merge_spans([_ner(text, "Maria Lopez", "PERSON")], text)
    assert [s.text_in(text) for s in found] == ["Maria", "Maria Lopez", "Maria Lopez"]
    assert {s.label for s in found} == {"PERSON"}
    text = "I co-facilitate Ray Kell. Mr. Kell is great. I facilitate Mrs. Kell too."
    assert _merged(text) == {("Kell", "PERSON")}


def test_a_transitional_residence_is_a_body_with_its_short_form():
    text = (
        "PRESIDING COMMISSIONER: Where would you live?\nINCARCERATED PERSON NOBLE: Second Wind Residence, "
        "in Riverside. My sister is fifteen minutes from Second Wind. Then New Dawn Residential."
    )
    merged = _merged(text)
    assert {("Second Wind Residence", "ORGANIZATION"), ("Second Wind", "ORGANIZATION")} <= merged
    assert ("New Dawn Residential", "ORGANIZATION") in merged


def test_a_family_name_before_residence_says_its_home_not_a_body():
    text = "The search warrant was served at the Martinez Residence on Elm Street."
    ner = [_ner(text, "Martinez Residence", "LOCATION"), _ner(text, "Elm Street", "LOCATION")]
    assert ("Martinez Residence", "LOCATION") in _merged(text, ner)
    # Two words before it name a programme.
    text = "They searched the Anna Reyes Residence and the Open Door Residence."
    ner = [_ner(text, "Open Door Residence", "LOCATION")]
    assert ("Open Door Residence", "ORGANIZATION") in _merged(text, ner)


def test_a_person_named_with_a_title_after_a_place_of_worship_is_no_organisation():
    text = (
        "WIFE: The bishop at our church, Bishop Lowell Ames, baptized both of them.\n"
        "INMATE: The man at my church, Pastor Ray, visits me."
    )
    assert titles_a_person("Bishop Lowell Ames", text, frozenset({"lowell ames"}))
    assert titles_a_person("Pastor Ray", text, frozenset())
    assert not titles_a_person("Valley Grace Fellowship", text, frozenset({"grace fellowship"}))
    # A word before the name that the text writes as no role: the body NER read as a person.
    assert not titles_a_person(
        "To Casa Amapola", "I knew that to be true. To Casa Amapola.", frozenset({"casa amapola"})
    )
    spans = [_ner(text, "Lowell Ames", "PERSON"), _ner(text, "Ray", "PERSON")]
    assert _merged(text, spans) == {("Lowell Ames", "PERSON"), ("Ray", "PERSON")}


def test_a_workplace_named_after_its_kind_is_defined_across_a_numbered_line_break():
    text = (
        " 3        My father worked nights at an electronics\n"
        " 4        factory, Sunwest Circuits, in Santa Ana. He has a restaurant,\n"
        " 5        Pho Hoa Binh, on Brookhurst. My dad was at the sugar plant, Holly Sugar.\n"
        " 6        I went to our school,\n"
        " 7        PRESIDING COMMISSIONER ASHBY: Okay.\n"
    )
    assert _defined(text) == ["Sunwest Circuits", "Pho Hoa Binh", "Holly Sugar"]


def test_a_name_in_vietnamese_letters_is_a_name_of_the_kind_it_is_said_with():
    text = "Khoa has a restaurant, Phở Hòa Bình, on McLaughlin Avenue. I go to Chùa Phổ Quang, the temple."
    assert set(_defined(text)) == {"Phở Hòa Bình", "Chùa Phổ Quang"}


def test_of_a_name_ending_in_a_head_word_the_body_is_what_follows_with():
    text = (
        "Agent Whitcombe with Meridian Forensic Associates called. "
        "Counselor Dunn with the Second Wind Recovery."
    )
    assert _heads(text) == ["Meridian Forensic Associates", "Second Wind Recovery"]
