"""The merging rules of paper §4.3, one test (or a few) per rule, on the paper's
Appendix A extract."""

from __future__ import annotations

import itertools

import pytest

from reviewer_app.core import merge, name_propagation, number_filters
from reviewer_app.core.spans import Span
from tests.fixtures.speaker_tags import speaker_tags_of

APPENDIX_A = (
    "PRESIDING COMMISSIONER JONES: All right. Good afternoon. Today's date, September 1st, 2021. "
    "Time is, uh, 1:30 PM. This is the first subsequent parole suitability hearing for inmate "
    "Kevin Richardson, R-I-C-H-A-R-D-S-O-N, CDCR number L90314. Inmate Richardson is not present "
    "at the hearing room at San Quentin State Prison. My name is Alyssa Jones J-O-N-E-S, "
    "Commissioner with the Board of Parole Hearings."
)


def at(text: str, phrase: str, label: str, *detectors: str, nth: int = 0, score: float = 0.85) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(phrase, start + 1)
    return Span(start, start + len(phrase), label, detectors or ("spacy",), score)


def covered(spans, text=APPENDIX_A):
    return [(s.label, s.text_in(text)) for s in spans]


@pytest.fixture
def rules():
    # Loaded per test (a few milliseconds), so that a mutation tool sees every test that uses them.
    return merge.load_merge_rules()


def test_whitelist_drops_board_of_parole_hearings_and_spans_inside_it(rules):
    spans = [
        at(APPENDIX_A, "the Board of Parole Hearings", "ORGANIZATION", "spacy"),
        at(APPENDIX_A, "Parole Hearings", "ORGANIZATION", "stanza"),
        at(APPENDIX_A, "CDCR", "ORGANIZATION", "spacy"),
        at(APPENDIX_A, "Kevin Richardson", "PERSON", "spacy"),
    ]
    kept = merge.apply_whitelist(spans, APPENDIX_A, rules.whitelist)
    assert covered(kept) == [("PERSON", "Kevin Richardson")]


def test_whitelist_is_case_insensitive_and_read_from_the_resource(rules):
    text = "the BOARD OF PAROLE HEARINGS said"
    span = Span(4, 28, "ORGANIZATION")
    assert merge.apply_whitelist([span], text, rules.whitelist) == []
    assert {"board of parole hearings", "cdcr", "cra", "cba", "penal code", "title 15"} <= rules.whitelist
    assert len(rules.whitelist) >= 40


def test_the_prisons_own_units_offences_and_roles_are_whitelisted(rules):
    text = (
        "ICC will review your RHU placement. We took him to the TTA. It goes to the Decision Review Unit. "
        "We checked with the Office of Victim and Survivor Rights and Services. I'm reducing the charge "
        "to Mutual Combat. BY: KEVIN AMARO, Deputy Attorney General. Mr. Stroud is Deaf."
    )
    terms = ["ICC", "RHU", "TTA", "Decision Review Unit", "Office of Victim and Survivor Rights and Services"]
    terms += ["Mutual Combat", "Deputy Attorney General", "Deaf"]
    text += " I did CoDA and the ESL classes, I'm halfway through HVAC. It would be on the BWC."
    terms += ["CoDA", "ESL", "HVAC", "BWC"]
    spans = [at(text, term, "ORGANIZATION") for term in terms] + [at(text, "KEVIN AMARO", "PERSON")]
    assert covered(merge.apply_whitelist(spans, text, rules.whitelist), text) == [("PERSON", "KEVIN AMARO")]


def test_no_entry_drops_a_university_a_firm_a_place_or_a_surname(rules):
    # The whitelist drops a span equal to an entry whatever its context, so a short form that is also
    # a common university, firm, place or surname is no entry, however often a prison uses it.
    text = (
        "I studied engineering at ASU in Tempe. I worked at AWS for three years. He was employed by "
        "CTC Logistics, then by CTC. We used to fish off the Battery in Charleston. The victim, Mr. Ie, "
        "was standing by the door. I worked at WhatsApp."
    )
    spans = [at(text, term, "ORGANIZATION") for term in ("ASU", "AWS", "CTC Logistics", "WhatsApp")]
    spans += [at(text, "CTC", "ORGANIZATION", nth=1), at(text, "Battery", "LOCATION")]
    spans += [at(text, "Ie", "PERSON")]
    assert sorted(merge.apply_whitelist(spans, text, rules.whitelist)) == sorted(spans)


def test_named_programmes_and_bodies_stay_while_kinds_of_class_are_whitelisted(rules):
    # docs/annotation-guidelines.md: a programme with a name of its own is an ORGANIZATION, a kind
    # of class ("Anger Management") and AA stay readable; every writer of the hand-written sets
    # annotates the named ones.
    text = (
        "I did Houses of Healing, CGA and Celebrate Recovery, I work for CALPIA, then PIA, I'm in the "
        "Offender Mentor Certification Program, I went to the DMV. I took Anger Management and AA."
    )
    named = ["Houses of Healing", "CGA", "Celebrate Recovery", "CALPIA", "PIA"]
    named += ["Offender Mentor Certification Program", "DMV"]
    spans = [at(text, term, "ORGANIZATION") for term in [*named, "Anger Management", "AA"]]
    kept = merge.apply_whitelist(spans, text, rules.whitelist)
    assert [term for _label, term in covered(kept, text)] == named


def test_exact_duplicates_become_one_span_recording_every_detector(rules):
    spans = [
        at(APPENDIX_A, "Kevin Richardson", "PERSON", "spacy"),
        at(APPENDIX_A, "Kevin Richardson", "PERSON", "presidio", score=1.0),
        at(APPENDIX_A, "Kevin Richardson", "PERSON", "stanza"),
    ]
    (one,) = merge.merge_exact_duplicates(spans, rules)
    assert one.detectors == ("spacy", "presidio", "stanza")
    assert one.label == "PERSON" and one.score == 1.0


def test_exact_duplicates_with_different_labels_take_the_best_scored_label(rules):
    spans = [
        at(APPENDIX_A, "L90314", "DATE", "spacy", score=0.85),
        at(APPENDIX_A, "L90314", "CDCR_ID", "presidio", score=0.85),
        at(APPENDIX_A, "JONES", "LOCATION", "spacy", score=0.85),
        at(APPENDIX_A, "JONES", "PERSON", "presidio", score=1.0),
    ]
    merged = merge.merge_exact_duplicates(spans, rules)
    # tie on score: CDCR_ID comes first in label_priority; higher score wins otherwise
    assert covered(merged) == [("PERSON", "JONES"), ("CDCR_ID", "L90314")]


def test_a_fixed_shape_label_beats_an_ner_label_on_the_same_span(rules):
    text = "printouts from www.prth.org today"
    spans = [
        at(text, "www.prth.org", "LOCATION", "spacy", score=0.85),
        at(text, "www.prth.org", "URL", "presidio", score=0.5),
    ]
    (one,) = merge.merge_exact_duplicates(spans, rules)
    assert (one.label, one.detectors) == ("URL", ("spacy", "presidio"))


def test_same_start_keeps_the_longer(rules):
    spans = [
        at(APPENDIX_A, "Kevin", "PERSON", "presidio"),
        at(APPENDIX_A, "Kevin Richardson", "PERSON", "spacy"),
    ]
    assert covered(merge.keep_longer_same_start(spans, rules)) == [("PERSON", "Kevin Richardson")]


def test_same_end_keeps_the_longer(rules):
    spans = [
        at(APPENDIX_A, "Inmate Richardson", "PERSON", "spacy"),
        at(APPENDIX_A, "Richardson", "PERSON", "presidio", nth=1),
    ]
    assert covered(merge.keep_longer_same_end(spans, rules)) == [("PERSON", "Inmate Richardson")]


def test_crossing_spans_are_trimmed_so_no_character_has_two(rules):
    text = "My name is Alyssa Jones J-O-N-E-S, Commissioner"
    first = Span(text.index("Alyssa"), text.index("J-O") + 1, "PERSON", ("stanza",))  # "Alyssa Jones J"
    second = at(text, "J-O-N-E-S", "SPELLED_NAME", "presidio")
    resolved = merge.resolve_overlaps([first, second], text, rules)
    assert covered(resolved, text) == [("PERSON", "Alyssa Jones"), ("SPELLED_NAME", "J-O-N-E-S")]
    assert resolved[0].detectors == ("stanza",)


def test_an_ner_span_starting_inside_a_spelled_name_does_not_cut_it(rules):
    text = "Last name J-O-N-E-S Ahmed, from Fresno."
    spelled = at(text, "J-O-N-E-S", "SPELLED_NAME", "presidio")
    ner = at(text, "S Ahmed", "PERSON", "spacy")  # the NER span starts on the last spelled letter
    resolved = merge.resolve_overlaps([spelled, ner], text, rules)
    assert covered(resolved, text) == [("SPELLED_NAME", "J-O-N-E-S"), ("PERSON", "Ahmed")]


def test_a_span_inside_another_goes(rules):
    spans = [
        at(APPENDIX_A, "San Quentin State Prison", "LOCATION", "spacy"),
        at(APPENDIX_A, "Quentin", "PERSON", "stanza"),
    ]
    assert covered(merge.resolve_overlaps(spans, APPENDIX_A, rules)) == [
        ("LOCATION", "San Quentin State Prison")
    ]


def test_a_pattern_span_inside_an_ner_span_stays_and_the_ner_span_keeps_the_rest(rules):
    text = "Deputy Commissioner Camila Kang, K A N G, Board of Parole Hearings."
    spans = [
        at(text, "K A N G, Board of Parole Hearings", "ORGANIZATION", "spacy"),
        at(text, "K A N G", "SPELLED_NAME", "presidio"),
        at(text, "Camila Kang, K", "PERSON", "stanza"),
    ]
    resolved = merge.resolve_overlaps(spans, text, rules)
    assert covered(resolved, text) == [
        ("PERSON", "Camila Kang"),
        ("SPELLED_NAME", "K A N G"),
        ("ORGANIZATION", "Board of Parole Hearings"),
    ]


def test_titles_are_stripped_from_person(rules):
    text = "PRESIDING COMMISSIONER JONES: Deputy Commissioner Smith and Dr. Lee and Commissioner."
    spans = [
        Span(0, 28, "PERSON"),
        at(text, "Deputy Commissioner Smith", "PERSON"),
        at(text, "Dr. Lee", "PERSON"),
        at(text, "Commissioner", "PERSON", nth=1),
    ]
    stripped = merge.strip_titles(spans, text, rules.titles)
    assert covered(stripped, text) == [("PERSON", "JONES"), ("PERSON", "Smith"), ("PERSON", "Lee")]


def test_stutters_are_not_spelled_names():
    text = "I-I-I don't know, R-E-E-D, a-a-a"
    spans = [
        at(text, "I-I-I", "SPELLED_NAME", "presidio"),
        at(text, "R-E-E-D", "SPELLED_NAME", "presidio"),
        at(text, "a-a-a", "SPELLED_NAME", "presidio"),
    ]
    assert covered(merge.drop_stutters(spans, text), text) == [("SPELLED_NAME", "R-E-E-D")]


def test_non_sensitive_numbers_are_dropped(rules):
    text = "Title 15, PO Box 12345, in 2011, the 80s, on 05/13/2012, June of 2011, age 300, age 33"
    spans = [
        at(text, "15", "DATE"),
        at(text, "12345", "DATE"),
        at(text, "2011", "DATE"),
        at(text, "the 80s", "DATE"),
        at(text, "05/13/2012", "DATE"),
        at(text, "June of 2011", "DATE"),
        at(text, "300", "AGE"),
        at(text, "33", "AGE"),
    ]
    kept = number_filters.drop_non_sensitive_numbers(spans, text, rules)
    assert [t for _, t in covered(kept, text)] == ["2011", "the 80s", "05/13/2012", "June of 2011", "33"]


def test_tidy_boundaries_removes_the_possessive_and_leading_the():
    text = "Richardson's lawyer called the Los Angeles Police Department."
    spans = [
        at(text, "Richardson's", "PERSON"),
        at(text, "the Los Angeles Police Department.", "ORGANIZATION"),
    ]
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("PERSON", "Richardson"),
        ("ORGANIZATION", "Los Angeles Police Department"),
    ]


def test_tidy_boundaries_splits_spans_at_line_ends_except_spelled_names():
    text = "Deandre Balderas\nCDCR Number: C74498\nR-E-\nE-D"
    spans = [at(text, "Deandre Balderas\nCDCR", "PERSON"), at(text, "R-E-\nE-D", "SPELLED_NAME", "presidio")]
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("PERSON", "Deandre Balderas"),
        ("PERSON", "CDCR"),
        ("SPELLED_NAME", "R-E-\nE-D"),
    ]


def test_head_words_fix_place_and_organisation_labels(rules):
    text = "from Folsom State Prison to the Santa Barbara County Superior Court"
    spans = [
        at(text, "Folsom State Prison", "ORGANIZATION"),
        at(text, "Santa Barbara County Superior Court", "LOCATION"),
    ]
    assert covered(merge.relabel_by_head_word(spans, text, rules.head_words), text) == [
        ("LOCATION", "Folsom State Prison"),
        ("ORGANIZATION", "Santa Barbara County Superior Court"),
    ]


def test_a_name_ending_in_a_kind_of_business_is_an_organisation(rules):
    text = "She served at the Juniper Diner, then at Harlow Senior Living, near Baylor Avenue; Tide Circle."
    spans = [
        at(text, "Juniper Diner", "LOCATION"),
        at(text, "Harlow Senior Living", "LOCATION"),
        at(text, "Baylor Avenue", "LOCATION"),
        at(text, "Tide Circle", "LOCATION"),
    ]
    assert covered(merge.relabel_by_head_word(spans, text, rules.head_words), text) == [
        ("ORGANIZATION", "Juniper Diner"),
        ("ORGANIZATION", "Harlow Senior Living"),
        ("LOCATION", "Baylor Avenue"),
        ("ORGANIZATION", "Tide Circle"),
    ]


def test_places_people_are_held_or_live_in_and_hospitals_by_short_name(rules):
    text = "held at Pine Ridge Detention Facility and the Yolo County Main Jail, born at Cascade Memorial"
    spans = [
        at(text, "Pine Ridge Detention Facility", "ORGANIZATION"),
        at(text, "Yolo County Main Jail", "ORGANIZATION"),
        at(text, "Cascade Memorial", "LOCATION"),
    ]
    assert covered(merge.relabel_by_head_word(spans, text, rules.head_words), text) == [
        ("LOCATION", "Pine Ridge Detention Facility"),
        ("LOCATION", "Yolo County Main Jail"),
        ("ORGANIZATION", "Cascade Memorial"),
    ]


def test_head_words_in_lower_case_speech_fix_labels_too(rules):
    text = "we lived on orland expressway by folsom state prison and The Tallow Street"
    spans = [
        at(text, "orland expressway", "PERSON"),
        at(text, "folsom state prison", "ORGANIZATION"),
        at(text, "The Tallow Street", "PERSON"),
    ]
    assert covered(merge.relabel_by_head_word(spans, text, rules.head_words), text) == [
        ("LOCATION", "orland expressway"),
        ("LOCATION", "folsom state prison"),
        ("LOCATION", "The Tallow Street"),
    ]
    # A capitalised name ending in a head word in lower case is no place ("Keisha street" is none here).
    mixed = "Keisha street"
    assert covered(
        merge.relabel_by_head_word([at(mixed, mixed, "PERSON")], mixed, rules.head_words), mixed
    ) == [("PERSON", "Keisha street")]


def test_propagation_adds_missed_occurrences_of_names_and_ids(rules):
    text = "JONES: Ms. Jones spoke. Jones said L90314. The inmate L90314 agreed. jones"
    spans = [at(text, "Jones", "PERSON", "spacy"), at(text, "L90314", "CDCR_ID", "presidio")]
    merged = name_propagation.propagate(spans, text, rules)
    assert covered(merged, text) == [
        ("PERSON", "JONES"),
        ("PERSON", "Jones"),
        ("PERSON", "Jones"),
        ("CDCR_ID", "L90314"),
        ("CDCR_ID", "L90314"),
    ]
    added = [s for s in merged if s not in spans]
    assert all(s.detectors == (name_propagation.PROPAGATION,) for s in added)
    # the lowercase "jones" at the end is speech, not the name
    assert all(s.start < text.rindex("jones") for s in merged)


def test_propagation_does_not_cover_what_a_span_already_covers(rules):
    text = "Kevin Richardson and Richardson"
    spans = [at(text, "Kevin Richardson", "PERSON"), at(text, "Richardson", "PERSON", nth=1)]
    assert name_propagation.propagate(spans, text, rules) == spans


def test_merge_spans_on_appendix_a_gives_the_papers_step_3(rules):
    t = APPENDIX_A
    raw = [
        at(t, "JONES", "PERSON", "spacy"),
        at(t, "JONES", "PERSON", "presidio", score=1.0),
        at(t, "Today's", "DATE", "spacy"),
        at(t, "September 1st, 2021", "DATE", "spacy"),
        at(t, "September 1st, 2021", "DATE", "presidio"),
        at(t, "1:30 PM", "TIME", "presidio"),
        at(t, "1:30", "TIME", "stanza"),
        at(t, "Kevin Richardson", "PERSON", "spacy"),
        at(t, "Kevin Richardson", "PERSON", "stanza"),
        at(t, "Kevin Richardson, R", "PERSON", "stanza"),
        at(t, "R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", "presidio"),
        at(t, "CDCR", "ORGANIZATION", "spacy"),
        at(t, "L90314", "CDCR_ID", "presidio"),
        at(t, "Inmate Richardson", "PERSON", "spacy"),
        at(t, "San Quentin State Prison", "LOCATION", "spacy"),
        at(t, "Quentin State Prison", "LOCATION", "stanza"),
        at(t, "Alyssa Jones", "PERSON", "spacy"),
        at(t, "J-O-N-E-S", "SPELLED_NAME", "presidio"),
        at(t, "the Board of Parole Hearings", "ORGANIZATION", "spacy"),
    ]
    merged = merge.merge_spans(raw, t, rules, speaker_tags=speaker_tags_of(t))
    assert covered(merged) == [
        ("PERSON", "JONES"),
        ("DATE", "September 1st, 2021"),
        ("TIME", "1:30 PM"),
        ("PERSON", "Kevin Richardson"),
        ("SPELLED_NAME", "R-I-C-H-A-R-D-S-O-N"),
        ("CDCR_ID", "L90314"),
        ("PERSON", "Richardson"),
        ("LOCATION", "San Quentin State Prison"),
        ("PERSON", "Alyssa Jones"),
        ("SPELLED_NAME", "J-O-N-E-S"),
    ]
    assert all(a.end <= b.start for a, b in itertools.pairwise(merged))
    by_text = {s.text_in(t): s for s in merged}
    # The speaker tag's name is proposed by the context rule too.
    assert by_text["JONES"].detectors == ("spacy", "presidio", "context")
    assert by_text["Richardson"].detectors == ("spacy",)


def test_context_makes_titled_or_kin_names_persons_and_known_places_locations(rules):
    text = "from Officer Salcedo and my sister Anand, STATE OF CALIFORNIA, raised in Arvin, I'm Baptist now"
    spans = [
        at(text, "Salcedo", "LOCATION"),
        at(text, "Anand", "ORGANIZATION"),
        at(text, "CALIFORNIA", "ORGANIZATION"),
        at(text, "Arvin", "PERSON"),
        at(text, "Baptist", "PERSON"),
    ]
    assert covered(merge.relabel_by_context(spans, text, rules), text) == [
        ("PERSON", "Salcedo"),
        ("PERSON", "Anand"),
        ("LOCATION", "CALIFORNIA"),
        ("LOCATION", "Arvin"),
        ("NRP", "Baptist"),
    ]


def test_a_name_that_is_a_person_somewhere_is_a_person_everywhere(rules):
    text = "Dr. Truong wrote it. Truong's rating is moderate."
    spans = [at(text, "Truong", "PERSON", "presidio"), at(text, "Truong", "ORGANIZATION", "spacy", nth=1)]
    assert covered(name_propagation.relabel_known_persons(spans, text, rules), text) == [
        ("PERSON", "Truong"),
        ("PERSON", "Truong"),
    ]
    merged = merge.merge_spans(spans, text, rules, with_propagation=False)
    assert covered(merged, text) == [("PERSON", "Truong"), ("PERSON", "Truong")]


GEORGIA = (
    "PRESIDING COMMISSIONER DALLAS: Ms. Georgia, you were in Georgia before Dallas?\n"
    "INMATE GEORGIA: Yes. Georgia Fenwick is my name, and Dallas Reyes is the commissioner."
)


def test_places_that_are_cover_page_names_or_their_parts_are_persons(rules):
    # The paper's Table 4 confusion: "Georgia" and "Dallas" are first names here.
    spans = [
        at(GEORGIA, "DALLAS", "ORGANIZATION"),
        at(GEORGIA, "Georgia", "LOCATION", nth=1),
        at(GEORGIA, "Dallas", "LOCATION"),
        at(GEORGIA, "Georgia Fenwick", "PERSON", "presidio", score=1.0),
        at(GEORGIA, "Dallas Reyes", "LOCATION"),
    ]
    cover = ("Georgia Fenwick", "Dallas Reyes")
    merged = merge.merge_spans(spans, GEORGIA, rules, with_propagation=False, person_names=cover)
    assert covered(merged, GEORGIA) == [
        ("PERSON", "DALLAS"),
        ("PERSON", "Georgia"),
        ("PERSON", "Dallas"),
        ("PERSON", "Georgia Fenwick"),
        ("PERSON", "Dallas Reyes"),
    ]
    # Without the cover page only the PERSON span's parts count: "Dallas" stays a place.
    without = merge.merge_spans(spans[1:], GEORGIA, rules, with_propagation=False)
    assert covered(without, GEORGIA) == [
        ("PERSON", "Georgia"),
        ("LOCATION", "Dallas"),
        ("PERSON", "Georgia Fenwick"),
        ("LOCATION", "Dallas Reyes"),
    ]


def test_name_terms_are_full_names_parts_and_compound_surnames():
    assert name_propagation.name_terms(["Ingrid Dela Pena", "R. J. Smith Jr.", "Smith, Ann"]) == (
        "Ingrid Dela Pena",
        "Ingrid",
        "Dela",
        "Pena",
        "Dela Pena",
        "R. J. Smith Jr.",
        "Smith",
        "Smith Ann",
        "Ann",
    )


def test_name_parts_of_a_full_name_are_propagated(rules):
    text = "a chrono from Tyrone Torres. I worked for Torres in the kitchen."
    spans = [at(text, "Tyrone Torres", "PERSON")]
    merged = name_propagation.propagate(spans, text, rules)
    assert covered(merged, text) == [("PERSON", "Tyrone Torres"), ("PERSON", "Torres")]
    assert merged[1].detectors == (name_propagation.PROPAGATION,)


def test_two_person_spans_one_space_apart_are_one_name():
    text = "The victim was Isabel Banerjee, and Kevin, Jones."
    spans = [
        at(text, "Isabel", "PERSON", "spacy"),
        at(text, "Banerjee", "PERSON", "presidio"),
        at(text, "Kevin", "PERSON"),
        at(text, "Jones", "PERSON"),
    ]
    joined = merge.join_split_names(spans, text)
    assert covered(joined, text) == [("PERSON", "Isabel Banerjee"), ("PERSON", "Kevin"), ("PERSON", "Jones")]
    assert joined[0].detectors == ("spacy", "presidio")


def test_a_name_cut_off_by_the_next_speaker_is_a_name_on_both_sides():
    text = "COMMISSIONER CHOW: the family of Dayton Dub--\nINMATE WEBSTER: --ois. Yes."
    spans = [at(text, "Dayton", "PERSON")]
    assert covered(merge.complete_interrupted_names(spans, text), text) == [
        ("PERSON", "Dayton Dub"),
        ("PERSON", "ois"),
    ]


def test_a_kin_word_and_a_comma_make_a_person_and_split_known_places_join(rules):
    text = "I saw my best friend, Eduardo, get hurt. I was raised in Chula Vista."
    spans = [
        at(text, "Eduardo", "ORGANIZATION"),
        at(text, "Chula", "LOCATION"),
        at(text, "Vista", "LOCATION"),
    ]
    relabelled = merge.relabel_by_context(spans, text, rules)
    assert covered(relabelled, text)[0] == ("PERSON", "Eduardo")
    joined = merge.join_split_names(relabelled, text, rules.known_places)
    assert covered(joined, text) == [("PERSON", "Eduardo"), ("LOCATION", "Chula Vista")]


def test_a_name_ending_in_an_organisations_designator_is_an_organisation(rules):
    text = "a letter from Pacific Coast Services and from Redwood Moving Company."
    spans = [at(text, "Pacific Coast Services", "LOCATION"), at(text, "Redwood Moving Company", "PERSON")]
    assert covered(merge.relabel_by_head_word(spans, text, rules.head_words), text) == [
        ("ORGANIZATION", "Pacific Coast Services"),
        ("ORGANIZATION", "Redwood Moving Company"),
    ]


def test_the_head_of_a_name_with_of_is_the_word_before_of(rules):
    text = "She took us to Islamic Center of the Valley, then to the Valley of the Moon."
    spans = [
        at(text, "Islamic Center of the Valley", "LOCATION"),
        at(text, "Valley of the Moon", "ORGANIZATION"),
    ]
    assert covered(merge.relabel_by_head_word(spans, text, rules.head_words), text) == [
        ("ORGANIZATION", "Islamic Center of the Valley"),
        ("LOCATION", "Valley of the Moon"),
    ]


GENERAL_TITLES = frozenset({"mr", "mrs", "ms", "dr", "judge", "madam", "sir"})


def test_a_title_word_before_a_common_noun_phrase_makes_no_person(rules):
    text = (
        "Last spring the Panel Secretariat wrote to every Member Agency, and later "
        "the District Board of Fisheries met. Deputy Okonkwo signed."
    )
    spans = [
        at(text, "Panel Secretariat", "ORGANIZATION"),
        at(text, "Member Agency", "ORGANIZATION"),
        at(text, "District Board of Fisheries", "ORGANIZATION"),
        at(text, "Deputy Okonkwo", "ORGANIZATION"),
    ]
    relabelled = covered(merge.relabel_by_context(spans, text, rules), text)
    # A determiner before the title, or a lower-case word inside, says it is no name;
    # a bare title before a capitalised word still makes a person.
    assert relabelled == [
        ("ORGANIZATION", "Panel Secretariat"),
        ("ORGANIZATION", "Member Agency"),
        ("ORGANIZATION", "District Board of Fisheries"),
        ("PERSON", "Deputy Okonkwo"),
    ]


def test_outside_hearings_only_courtesy_titles_make_a_person(rules):
    text = "Talks between Member Republics stalled until Dr Valdés Ortiz arrived."
    spans = [at(text, "Member Republics", "LOCATION"), at(text, "Dr Valdés Ortiz", "ORGANIZATION")]
    general = merge.relabel_by_context(spans, text, rules, GENERAL_TITLES)
    assert covered(general, text) == [("LOCATION", "Member Republics"), ("PERSON", "Dr Valdés Ortiz")]
    # The hearing's role titles still apply by default.
    assert merge.relabel_by_context(spans, text, rules)[0].label == "PERSON"


def test_a_possessive_after_a_determiner_or_an_acronym_is_no_person(rules):
    text = "We read the Tribunal's ruling, the UNHCR's note and then Haddad's letter."
    spans = [
        at(text, "Tribunal", "ORGANIZATION"),
        at(text, "UNHCR", "ORGANIZATION"),
        at(text, "Haddad", "ORGANIZATION"),
    ]
    assert [s.label for s in merge.relabel_by_context(spans, text, rules)] == [
        "ORGANIZATION",
        "ORGANIZATION",
        "PERSON",
    ]


def test_a_person_right_after_the_is_an_organisation_unless_titled_or_a_family(rules):
    text = (
        "The Ordinance on fishing rights was cited by the Ministry's lawyer, "
        "the Reverend Aldous and the Whitcombe family."
    )
    spans = [
        at(text, "Ordinance", "PERSON"),
        at(text, "Ministry", "PERSON"),
        at(text, "Reverend Aldous", "PERSON"),
        at(text, "Whitcombe", "PERSON"),
    ]
    assert covered(merge.relabel_by_context(spans, text, rules), text) == [
        ("ORGANIZATION", "Ordinance"),
        ("ORGANIZATION", "Ministry"),
        ("PERSON", "Reverend Aldous"),
        ("PERSON", "Whitcombe"),
    ]


def test_a_person_made_only_of_titles_and_offices_is_dropped(rules):
    text = "Thank you, Madam Chair. Mr Speaker, His Excellency and Mr Tobias Wren disagree."
    spans = [
        at(text, "Madam Chair", "PERSON"),
        at(text, "Mr Speaker", "PERSON"),
        at(text, "His Excellency", "PERSON"),
        at(text, "Mr Tobias Wren", "PERSON"),
    ]
    not_names = rules.titles | GENERAL_TITLES | rules.role_nouns | rules.determiners
    kept = merge.drop_role_only_persons(spans, text, not_names)
    assert covered(kept, text) == [("PERSON", "Mr Tobias Wren")]


def test_a_surname_that_is_a_title_stays_after_a_courtesy_title(rules):
    text = (
        "We have letters from Mr. Deacon, your sponsor, and from Ms. Judge at the church. "
        "Mr. President, thank you. The Commissioner spoke."
    )
    spans = [
        at(text, "Mr. Deacon", "PERSON"),
        at(text, "Judge", "PERSON"),
        at(text, "Mr. President", "PERSON"),
        at(text, "Commissioner", "PERSON"),
    ]
    # A title or an office alone names no one; after "Mr." or "Ms." a title is a surname.
    assert covered(merge.merge_spans(spans, text, rules), text) == [("PERSON", "Deacon"), ("PERSON", "Judge")]
    # So is a word that names a speaker's role in a tag ("CROSS" examination, "OPERATOR:"), which
    # no one is addressed by as an office is ("Mr. President").
    text = "Mr. Cross, you represent him? And Ms. Operator is here too."
    spans = [at(text, "Mr. Cross", "PERSON"), at(text, "Ms. Operator", "PERSON")]
    expected = [("PERSON", "Cross"), ("PERSON", "Operator")]
    assert covered(merge.merge_spans(spans, text, rules), text) == expected


def test_merge_spans_in_the_general_profile_drops_an_address_by_office(rules):
    text = "Mr President, Mrs Ilse Brandauer has written to you."
    spans = [at(text, "President", "PERSON"), at(text, "Ilse Brandauer", "PERSON")]
    merged = merge.merge_spans(
        spans, text, rules, strip_person_titles=False, keep_durations=True, name_titles=GENERAL_TITLES
    )
    assert covered(merged, text) == [("PERSON", "Mrs Ilse Brandauer")]


def test_a_person_right_after_in_is_a_place_unless_named_a_person_elsewhere(rules):
    text = (
        "Her counsel, practising in Tarnów, cited Lisowski. Trust in Lisowski grew, "
        "as did faith in Dr Ebner and in Marek's account."
    )
    spans = [
        at(text, "Tarnów", "PERSON"),
        at(text, "Lisowski", "PERSON"),
        at(text, "Lisowski", "PERSON", nth=1),
        at(text, "Dr Ebner", "PERSON"),
        at(text, "Marek", "PERSON"),
    ]
    assert [s.label for s in merge.relabel_by_context(spans, text, rules)] == [
        "LOCATION",
        "PERSON",
        "PERSON",
        "PERSON",
        "PERSON",
    ]


def test_a_party_of_a_case_cited_after_in_stays_a_person(rules):
    text = "And under the federal standard in Swarthout v. Cooke, 2011, there is no claim."
    merged = merge.merge_spans([at(text, "Swarthout", "LOCATION")], text, rules)
    assert ("PERSON", "Swarthout") in covered(merged, text) and ("PERSON", "Cooke") in covered(merged, text)


def test_outside_hearings_an_organisation_in_the_possessive_stays_one(rules):
    text = "We welcome Eurostat's figures."
    spans = [at(text, "Eurostat", "ORGANIZATION")]
    assert merge.relabel_by_context(spans, text, rules)[0].label == "PERSON"
    general = merge.relabel_by_context(spans, text, rules, GENERAL_TITLES, possessive_persons=False)
    assert general[0].label == "ORGANIZATION"


def test_the_profiles_say_whether_a_possessive_makes_a_person():
    from reviewer_app.detectors.profiles import profile_table

    assert profile_table().get("hearing").merge_options()["possessive_persons"] is True
    assert profile_table().get("general").merge_options()["possessive_persons"] is False


def test_a_person_after_the_followed_by_a_verb_heads_its_own_clause(rules):
    text = "we think the alliance is right and the nordlund family agrees."
    spans = [at(text, "alliance", "PERSON"), at(text, "nordlund", "PERSON")]
    assert [s.label for s in merge.relabel_by_context(spans, text, rules)] == ["ORGANIZATION", "PERSON"]


def test_a_name_part_said_again_inside_a_whitelisted_term_is_no_mention_of_it(rules):
    text = (
        "OFFICE OF VICTIM AND SURVIVOR RIGHTS AND SERVICES\nVICTIM SERVICES LINE\n"
        "Staff: Victim Services Representative Celeste Moore\nREP: Victim Services, this is Celeste."
    )
    spans = [at(text, "Victim Services Representative", "PERSON"), at(text, "Celeste Moore", "PERSON")]
    found = [(s.label, s.text_in(text)) for s in merge.merge_spans(spans, text, rules)]
    assert not any(t.lower() == "services" for _, t in found)
    assert ("PERSON", "Celeste") in found
