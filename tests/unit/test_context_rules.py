"""Names the context shows are none, and organisations the document introduces
(issue 12). Spans are given as NER would propose them; `merge_spans` decides."""

from __future__ import annotations

import re

from reviewer_app.core.context_rules import drop_false_tags, learn_organisations, opens_sentence
from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.spans import Span
from tests.fixtures.speaker_tags import speaker_tags_of


def _span(text: str, piece: str, label: str, nth: int = 0, detector: str = "spacy") -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(piece, start + 1)
    return Span(start, start + len(piece), label, (detector,), 0.85)


def _merged(text: str, spans, names=()) -> set[tuple[str, str]]:
    return {
        (s.text_in(text), s.label)
        for s in merge_spans(spans, text, person_names=names, speaker_tags=speaker_tags_of(text))
    }


def test_a_lower_case_word_is_no_name_in_a_text_that_capitalises_names():
    text = (
        "COMMISSIONER: Good morning. State your name.\nMR. LONG: Daniel Long. It has been a long time. "
        "Mr. Long said so. Yes. We agree."
    )
    spans = [_span(text, "long", "PERSON"), _span(text, "Long", "PERSON", 1)]
    merged = _merged(text, spans)
    assert ("long", "PERSON") not in merged and {("Long", "PERSON"), ("LONG", "PERSON")} <= merged


def test_lower_case_names_stay_where_capitals_are_not_taken_care_of():
    text = "That rick roll was so good. i love rick astley."
    spans = [_span(text, "rick", "PERSON"), _span(text, "rick astley", "PERSON")]
    assert _merged(text, spans) == {("rick", "PERSON"), ("rick astley", "PERSON")}


def test_lower_case_names_stay_in_a_lower_case_transcript():
    text = "and then long said he would come back with maria"
    spans = [_span(text, "long", "PERSON"), _span(text, "maria", "PERSON")]
    assert _merged(text, spans) == {("long", "PERSON"), ("maria", "PERSON")}


def test_function_word_at_a_sentence_start_is_no_name():
    text = "COMMISSIONER: Spell it. Last name? Your Honor, I object. And Mr. Last agreed."
    spans = [
        _span(text, "Last", "PERSON"),
        _span(text, "Your", "PERSON"),
        _span(text, "Last", "PERSON", 1),
    ]
    assert _merged(text, spans) == {("Last", "PERSON")}
    assert merge_spans(spans, text)[0].start == text.index("Mr. Last") + 4


def test_a_phrase_the_text_also_writes_in_lower_case_is_no_name():
    text = "Closing Statements\nWe now go to closing statements. Then Marcus Bell speaks."
    spans = [_span(text, "Closing Statements", "PERSON"), _span(text, "Marcus Bell", "PERSON")]
    assert _merged(text, spans) == {("Marcus Bell", "PERSON")}
    # After a kin word or a title the words are a person's name, whatever else the text says.
    text = "A: My cousin Will Grant came by. I will grant you that he was late.\n"
    assert _merged(text, [_span(text, "Will Grant", "PERSON")]) == {("Will Grant", "PERSON")}


def test_contents_lines_hold_no_names():
    text = "Post-Commitment Factors .......... 45\nClosing Statements ... ... 61\nI met Ann Ford."
    spans = [
        _span(text, "Post-Commitment Factors", "ORGANIZATION"),
        _span(text, "Closing Statements", "PERSON"),
        _span(text, "Ann Ford", "PERSON"),
    ]
    assert _merged(text, spans) == {("Ann Ford", "PERSON")}


def test_names_on_a_shouted_notice_line_come_only_from_known_names():
    text = (
        "DANIEL OKAFOR, Inmate\n\nCOMMISSIONER MARSH: The hearing is over, thank you all.\n\n"
        "THE FULL BOARD, SITTING EN BANC, MAY REVIEW THE DECISION OF DANIEL OKAFOR."
    )
    spans = [
        _span(text, "DANIEL OKAFOR", "PERSON", detector="presidio"),
        _span(text, "FULL BOARD", "ORGANIZATION"),
        _span(text, "SITTING EN BANC", "ORGANIZATION"),
        _span(text, "DANIEL OKAFOR", "PERSON", 1, detector="presidio"),
    ]
    merged = merge_spans(spans, text, person_names=("DANIEL OKAFOR",))
    assert [(s.text_in(text), s.label) for s in merged if s.start > text.index("THE FULL")] == [
        ("DANIEL OKAFOR", "PERSON")
    ]


def test_parentheticals_laws_and_tests_are_not_organisations():
    text = (
        "(Whereupon, a recess was taken.)\n(Inaudible)\nUnder the Americans with Disabilities Act "
        "your TABE score is 9.2, and the TABE helped. I called Maria."
    )
    spans = [
        _span(text, "Whereupon", "ORGANIZATION"),
        _span(text, "Inaudible", "ORGANIZATION"),
        _span(text, "Americans", "NRP"),
        _span(text, "TABE", "ORGANIZATION"),
        _span(text, "Maria", "PERSON"),
    ]
    assert _merged(text, spans) == {("Maria", "PERSON")}


def test_statute_numbers_are_not_years():
    text = "Under Section 2042 of Title 15, decided in 2019."
    spans = [_span(text, "2042", "DATE"), _span(text, "2019", "DATE")]
    assert _merged(text, spans) == {("2019", "DATE")}


def test_organisations_are_learnt_from_context():
    text = (
        "I completed a program called Pathways to Peace. I'm in Criminals and Gangs Anonymous now. "
        "The Anger Replacement Training program was good; ART taught me a lot. "
        "I went to the Second Wind group. Women for Sobriety (WFS) was next."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert {
        "Pathways to Peace",
        "Criminals and Gangs Anonymous",
        "Anger Replacement Training",
        "ART",
        "Second Wind",
        "Women for Sobriety",
        "WFS",
    } <= learned
    assert not {"I", "The", "I'm"} & learned


def test_learnt_organisations_are_propagated_to_their_other_mentions():
    text = "I'm in Men of Honor. Men of Honor meets on Fridays, and the Men of Honor sponsor came."
    merged = merge_spans([], text)
    assert [(s.text_in(text), s.label) for s in merged] == [("Men of Honor", "ORGANIZATION")] * 3


def test_learnt_names_stop_at_in_and_the_and_ignore_capitals_of_tags_and_times():
    text = (
        "JOSEPH NG: I worked for Central Valley Packing Company in Victorville. I participated in the "
        "Insight Prison Project and the Second Wind group. Nathan Green called at 9:04 AM.\n"
        "ANNA MARSH: Noted, CDCR Number GM9511."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert "Central Valley Packing Company" in learned and "Second Wind" in learned
    assert not any(" in " in name or " and the " in name for name in learned)
    assert not {"NG", "Nathan Green", "AM", "Anna Marsh", "Number GM9511"} & learned


def test_a_naming_cue_outranks_ner_at_every_mention_of_the_name():
    text = (
        "I completed a program called Healing Roots. I facilitate for Healing Roots now. "
        "I lost my job at Valley Harvest Packing. I worked at Folsom before that, "
        "and I worked for Maria Lopez."
    )
    spans = [
        _span(text, "Healing Roots", "PERSON"),
        _span(text, "Healing Roots", "PERSON", 1),
        _span(text, "Valley Harvest Packing", "LOCATION"),
        _span(text, "Folsom", "LOCATION"),
        _span(text, "Maria Lopez", "PERSON"),
    ]
    assert _merged(text, spans) == {
        ("Healing Roots", "ORGANIZATION"),
        ("Valley Harvest Packing", "ORGANIZATION"),
        ("Folsom", "LOCATION"),  # a known town, not an employer
        ("Maria Lopez", "PERSON"),  # "worked for" someone: no naming cue
    }
    assert sum(s.label == "ORGANIZATION" for s in merge_spans(spans, text)) == 3


def test_a_name_before_in_and_a_known_town_is_an_organisation_there():
    text = (
        "COMMISSIONER: Where would you parole to?\nINMATE: To Second Dawn Residential in Visalia. "
        "My cousin Maria Lopez in Fresno helps. Christmas in Fresno was hard. "
        "We were members of the Meadowview Bloods, not of the family."
    )
    spans = [_span(text, "Visalia", "LOCATION"), _span(text, "Maria Lopez", "PERSON")]
    merged = _merged(text, spans)
    assert {
        ("Second Dawn Residential", "ORGANIZATION"),
        ("Maria Lopez", "PERSON"),
        ("Meadowview Bloods", "ORGANIZATION"),
    } <= merged
    assert not {name for name, _ in merged} & {"To Second Dawn Residential", "Christmas"}
    # Fresno is no body here; NER left it untagged, and as a known town it is the place.
    assert ("Fresno", "ORGANIZATION") not in merged and ("Fresno", "LOCATION") in merged


def test_a_name_one_is_at_in_a_known_town_is_an_organisation_whatever_ner_read():
    text = (
        "INMATE: I was at Pinecrest Boys Ranch in Lodi for a year. "
        "Then I lived at Green Street in Fresno, and I stayed at Fresno in the summer."
    )
    spans = [
        _span(text, "Pinecrest Boys Ranch", "LOCATION"),
        _span(text, "Lodi", "LOCATION"),
        _span(text, "Green Street", "LOCATION"),
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Fresno", "LOCATION", 1),
    ]
    merged = _merged(text, spans)
    assert ("Pinecrest Boys Ranch", "ORGANIZATION") in merged
    # A street stays a place (its head word), and so does a known town.
    assert {("Green Street", "LOCATION"), ("Fresno", "LOCATION"), ("Lodi", "LOCATION")} <= merged


def test_the_answer_to_a_question_about_an_employer_names_an_organisation():
    text = (
        "     Q.   Who is your current employer?\n     A.   Brightwater. Brightwater Logistics.\n"
        "MS. RICH: Kenji is from Brightwater.\n[14:03:51] DET. HARLAN: Where's work?\n"
        "[14:03:52] BERMUDEZ: Central Valley Tire and Brake, on McHenry.\n"
        "DET. HARLAN: Who is your employer?\nBERMUDEZ: Yes, I told you.\n"
        "Q. Where did you grow up?\nA. Marysville."
    )
    spans = [_span(text, "Brightwater", "PERSON"), _span(text, "Brightwater", "PERSON", 2)]
    merged = _merged(text, spans)
    # The speakers are persons (their tags); nothing else is one ("Logistics" ends a firm's name).
    assert {(n, label) for n, label in merged if label != "PERSON"} == {
        ("Brightwater", "ORGANIZATION"),
        ("Brightwater Logistics", "ORGANIZATION"),
        ("Central Valley Tire and Brake", "ORGANIZATION"),
    }
    assert {n for n, label in merged if label == "PERSON"} <= {"RICH", "HARLAN", "BERMUDEZ"}


def test_a_word_the_text_writes_in_lower_case_is_no_acronym_of_a_name():
    text = (
        "MS. RICH: Objection, calls for speculation.\nBY MR. VASQUEZ:\n"
        "Q. It was by the door. Brandon Yoo saw it.\n"
        "A. I took part in ART, the Anger Replacement Training."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert "BY" not in learned and {"ART", "Anger Replacement Training"} <= learned


def test_indented_parentheticals_capitals_words_and_suffixes_are_no_names():
    text = (
        "THE REPORTER: We are off the record.\n          (Whereupon, the deposition was adjourned.)\n"
        "          (Recess taken.)\nBY: EMILIO VASQUEZ, ESQ.\n"
        "THE INMATE IS SUITABLE FOR PAROLE IF RELEASED FROM PRISON AT FOLSOM\n"
        "He spent ten years in prison. He was at Folsom."
    )
    spans = [
        _span(text, "Whereupon", "ORGANIZATION"),
        _span(text, "Recess", "ORGANIZATION"),
        _span(text, "ESQ", "LOCATION"),
        _span(text, "PRISON", "LOCATION"),
        _span(text, "FOLSOM", "LOCATION"),
    ]
    # "ESQ." after the lawyer of an appearance is no place; the lawyer is a person. "at Folsom",
    # which NER left untagged, is the known place (place_mentions.label_known_places_alone).
    assert _merged(text, spans) == {
        ("FOLSOM", "LOCATION"),
        ("Folsom", "LOCATION"),
        ("EMILIO VASQUEZ", "PERSON"),
    }


def test_a_possessive_before_a_programme_is_not_part_of_its_name():
    text = "INMATE: My Second Wind group met, and My AA sponsor came."
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert {"Second Wind", "AA"} <= learned and not {"My Second Wind", "My AA"} & learned


def test_where_one_goes_is_learnt_but_a_title_is_no_organisation():
    text = "INMATE: I go to Hope House Recovery Home, I call my sister. I'd go to Mr. Smith first."
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert "Hope House Recovery Home" in learned and "Mr" not in learned


def test_a_bare_prison_on_a_notice_is_no_place():
    text = "SUITABLE FOR PAROLE IF RELEASED FROM PRISON AT MULE CREEK STATE PRISON"
    spans = [_span(text, "PRISON", "LOCATION"), _span(text, "MULE CREEK STATE PRISON", "LOCATION")]
    assert _merged(text, spans) == {("MULE CREEK STATE PRISON", "LOCATION")}


def test_platforms_benefits_and_copyright_notices_are_not_organisations():
    text = (
        "We are on Microsoft Teams. Do you have a Social Security card? I'll enroll in Medi-Cal; "
        "I gave it to HR.\nCopyright 2024 Bayline Reporters"
    )
    spans = [
        _span(text, "Microsoft Teams", "ORGANIZATION"),
        _span(text, "Social Security", "ORGANIZATION"),
        _span(text, "Medi-Cal", "ORGANIZATION"),
        _span(text, "HR", "ORGANIZATION"),
        _span(text, "Copyright", "ORGANIZATION"),
        _span(text, "Bayline Reporters", "ORGANIZATION"),
    ]
    assert _merged(text, spans) == {("Bayline Reporters", "ORGANIZATION")}


def test_a_heading_of_ordinary_words_is_no_name_but_a_name_on_its_own_line_is():
    text = "THE FACTS\nThe facts of the case are these. Ms Rose Wood wrote.\nROSE WOOD\nDANIEL OKAFOR"
    spans = [
        _span(text, "FACTS", "ORGANIZATION"),
        _span(text, "Rose Wood", "PERSON"),
        _span(text, "DANIEL OKAFOR", "PERSON"),
    ]
    assert _merged(text, spans) == {
        ("Rose Wood", "PERSON"),
        ("ROSE WOOD", "PERSON"),
        ("DANIEL OKAFOR", "PERSON"),
    }


def test_the_armed_forces_are_organisations():
    text = "I tried to join the Army, and my brother was in the Marine Corps."
    spans = [_span(text, "Army", "ORGANIZATION"), _span(text, "Marine Corps", "ORGANIZATION")]
    assert _merged(text, spans) == {("Army", "ORGANIZATION"), ("Marine Corps", "ORGANIZATION")}


def test_an_organisation_before_an_ordinary_noun_stays():
    text = "The decision was taken at EU level, and the TABE test came later."
    spans = [_span(text, "EU", "ORGANIZATION"), _span(text, "TABE", "ORGANIZATION")]
    assert _merged(text, spans) == {("EU", "ORGANIZATION")}


def test_a_person_with_a_number_is_a_numbered_reference():
    text = "Under Ordinance no. 4417 and Schedules 2 and 3, Mr Idris Kallas appealed."
    spans = [
        _span(text, "Ordinance", "PERSON"),
        _span(text, "Schedules 2", "PERSON"),
        _span(text, "Idris Kallas", "PERSON"),
    ]
    found = merge_spans(spans, text, default_rules(), strip_person_titles=False)
    assert [(s.text_in(text), s.label) for s in found] == [("Idris Kallas", "PERSON")]


def test_a_bracketed_name_after_an_organisation_is_that_organisation():
    text = (
        "The Tax Board (Skattenämnden) and the Lyon bench (Tribunal Delorme) ruled; Ms Aurell (Delorme) too."
    )
    spans = [
        _span(text, "Tax Board", "ORGANIZATION"),
        _span(text, "Skattenämnden", "PERSON"),
        _span(text, "Lyon", "LOCATION"),
        _span(text, "Tribunal Delorme", "PERSON"),
        _span(text, "Aurell", "PERSON"),
        _span(text, "Delorme", "PERSON", nth=1),
    ]
    found = {(s.text_in(text), s.label) for s in merge_spans(spans, text, default_rules())}
    # "bench" stands between Lyon and the brackets: no gloss of Lyon.
    assert ("Skattenämnden", "ORGANIZATION") in found
    assert ("Tribunal Delorme", "PERSON") in found
    assert ("Delorme", "PERSON") in found


def test_a_spelling_of_a_place_or_programme_is_a_spelled_out_item_not_a_name():
    text = (
        "DEPUTY COMMISSIONER: Where did you grow up? INMATE: On Ocotillo Road, that's O-C-O-T-I-L-L-O. "
        "I did a course at Harbor Light, H, A, R, B, O, R. My sister Wren, W-R-E-N, visits."
    )
    spans = [
        _span(text, "Ocotillo Road", "LOCATION"),
        _span(text, "O-C-O-T-I-L-L-O", "SPELLED_NAME", detector="presidio"),
        _span(text, "Harbor Light", "ORGANIZATION"),
        _span(text, "H, A, R, B, O, R", "SPELLED_NAME", detector="presidio"),
        _span(text, "Wren", "PERSON"),
        _span(text, "W-R-E-N", "SPELLED_NAME", detector="presidio"),
    ]
    merged = _merged(text, spans)
    assert {
        ("O-C-O-T-I-L-L-O", "SPELLED_OUT_ITEM"),
        ("H, A, R, B, O, R", "SPELLED_OUT_ITEM"),
        ("W-R-E-N", "SPELLED_NAME"),
    } <= merged


def test_a_spelling_of_nothing_named_before_stays_a_spelled_name():
    text = "COMMISSIONER: Spell your last name, please. INMATE: Q-U-I-N-T-E-R-O."
    merged = _merged(text, [_span(text, "Q-U-I-N-T-E-R-O", "SPELLED_NAME", detector="presidio")])
    assert merged == {("Q-U-I-N-T-E-R-O", "SPELLED_NAME")}


def test_the_name_in_a_speaker_tag_after_its_role_words_is_a_person():
    text = (
        "PRESIDING COMMISSIONER ABERNATHY: Please state your name.\n"
        "INMATE QUILLFEATHER: Joseph Quillfeather.\n"
        "DEPUTY DISTRICT ATTORNEY VOSS: No objection.\n"
        "COURT CLERK: Noted, and the clerk will file it.\n"
        "ATTORNEY FOR THE INMATE: Thank you.\n"
        "THE WITNESS: Yes.\n"
    )
    merged = _merged(text, [])
    assert {("ABERNATHY", "PERSON"), ("QUILLFEATHER", "PERSON"), ("VOSS", "PERSON")} <= merged
    assert not {w for w, _ in merged} & {"CLERK", "FOR THE INMATE", "THE INMATE", "INMATE", "WITNESS"}


def test_a_recurring_speaker_tag_of_a_name_alone_is_a_person():
    text = (
        "NOTICE: This call may be recorded.\n"
        "OPERATOR: Thank you for calling. Who am I speaking with?\n"
        "HALVORSEN: This is Greta.\n"
        "OPERATOR: And your address?\n"
        "HALVORSEN: The one on file.\n"
        "DANA OKEKE: Can I add something?\n"
        "DANA OKEKE: Thank you.\n"
        "UNIDENTIFIED MALE: Hello?\n"
        "UNIDENTIFIED MALE: Anyone?\n"
    )
    # NER reads a surname in capitals as an organisation: the tag's structure wins.
    ner = [_span(text, "HALVORSEN", "ORGANIZATION", 0), _span(text, "HALVORSEN", "ORGANIZATION", 1)]
    merged = _merged(text, ner)
    assert {("HALVORSEN", "PERSON"), ("DANA OKEKE", "PERSON")} <= merged
    assert ("HALVORSEN", "ORGANIZATION") not in merged
    # One-off labels, unnamed speakers' roles: no person.
    assert not {w for w, _ in merged} & {"NOTICE", "OPERATOR", "UNIDENTIFIED MALE", "MALE"}


def test_a_number_asked_for_as_an_account_number_is_an_id_number():
    text = (
        "AGENT: Can I have your account number, please?\n"
        "CALLER: Sure, it's 4471 2093 88.\n"
        "AGENT: And a phone number where we can reach you?\n"
        "CALLER: 916 555 0118.\n"
    )
    phones = [
        _span(text, "4471 2093 88", "PHONE_NUMBER", detector="presidio"),
        _span(text, "916 555 0118", "PHONE_NUMBER", detector="presidio"),
    ]
    merged = _merged(text, phones)
    assert {("4471 2093 88", "ID_NUMBER"), ("916 555 0118", "PHONE_NUMBER")} <= merged


def test_a_number_in_a_telephones_written_shape_stays_a_telephone_after_an_id_cue():
    # A call record's header: the number dialed stands under the case number's field.
    text = "Case No.:       VCF418873\nNumber dialed:  (559) 555-0148\nAccount number: 559 555 0148\n"
    phones = [
        _span(text, "(559) 555-0148", "PHONE_NUMBER", detector="presidio"),
        _span(text, "559 555 0148", "PHONE_NUMBER", detector="presidio"),
    ]
    merged = _merged(text, phones)
    assert {("(559) 555-0148", "PHONE_NUMBER"), ("559 555 0148", "ID_NUMBER")} <= merged


def test_ethnic_groups_and_typeset_apostrophes_are_groups_and_propagate():
    text = (
        "He became a member of the Jehovah’s Witnesses in Austria. Later the Jehovah’s Witnesses "
        "were registered. The Sami villages appealed, and the Sami herders joined them."
    )
    ner = [
        _span(text, "Jehovah’s Witnesses", "ORGANIZATION"),
        _span(text, "Sami", "ORGANIZATION", 0),
        _span(text, "Sami", "ORGANIZATION", 1),
    ]
    merged = [(s.text_in(text), s.label, s.start) for s in merge_spans(ner, text)]
    groups = [(w, start) for w, label, start in merged if label == "NRP"]
    # The second "Jehovah’s Witnesses" comes from the first, learnt from "a member of".
    assert [w for w, _ in groups] == ["Jehovah’s Witnesses", "Jehovah’s Witnesses", "Sami", "Sami"]


def test_a_short_form_of_an_organisation_the_document_names_is_that_organisation():
    text = (
        "Counsel appeared for defendant Ferncastle. I started at Ferncastle Freight in 2019, "
        "and later Ferncastle moved me to nights. The nurse at Larkspur Ridge saw me; Larkspur Ridge "
        "Medical Center has the file."
    )
    spans = [
        _span(text, "defendant Ferncastle", "PERSON"),
        _span(text, "Ferncastle Freight", "ORGANIZATION"),
        _span(text, "Ferncastle", "PERSON", 2),
        _span(text, "Larkspur Ridge", "LOCATION"),
        _span(text, "Larkspur Ridge Medical Center", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert ("Ferncastle", "ORGANIZATION") in merged and ("Larkspur Ridge", "ORGANIZATION") in merged
    assert not {n for n, label in merged if label in ("PERSON", "LOCATION")}


def test_a_short_form_of_two_words_no_detector_found_is_the_organisation_too():
    text = (
        "INMATE: I finished Steady Ground Recovery, a course. Steady Ground helped me. My sister "
        "is fifteen minutes from Steady Ground. Ferncastle Freight hired me; Ferncastle called."
    )
    spans = [
        _span(text, "Steady Ground Recovery", "ORGANIZATION"),
        _span(text, "Ferncastle Freight", "ORGANIZATION"),
    ]
    merged = [(s.text_in(text), s.label) for s in merge_spans(spans, text)]
    assert merged.count(("Steady Ground", "ORGANIZATION")) == 2
    assert ("Ferncastle", "ORGANIZATION") in merged  # one word the text never writes in lower case


def test_a_short_form_of_one_word_is_no_common_word_no_persons_name_and_no_first_word_of_another():
    text = (
        "A. At 19, Brookside Citrus Packing. Brookside in Arvin, forklift. Then Second Leash, the dogs; "
        "the second year Second was fine. Hollis Transport paid; Kim Hollis drove. "
        "Third Chance Ministries helped. Third degree, he said.\n8. Northgate and self-help. "
        "He lived at Northgate Recovery."
    )
    spans = [
        _span(text, "Brookside Citrus Packing", "ORGANIZATION"),
        _span(text, "Second Leash", "ORGANIZATION"),
        _span(text, "Hollis Transport", "ORGANIZATION"),
        _span(text, "Kim Hollis", "PERSON"),
        _span(text, "Third Chance Ministries", "ORGANIZATION"),
        _span(text, "Northgate Recovery", "ORGANIZATION"),
    ]
    merged = [(s.text_in(text), s.label, s.start) for s in merge_spans(spans, text)]
    brookside = [start for name, label, start in merged if (name, label) == ("Brookside", "ORGANIZATION")]
    assert brookside == [text.index("Brookside in")]
    # Nor "Northgate" opening a numbered item.
    assert not {name for name, _, _ in merged} & {"Second", "Hollis", "Third", "Northgate"}
    text = "A. Then Ravensdale Citrus Packing, till Ravensdale Mendez hired me."
    spans = [_span(text, "Ravensdale Citrus Packing", "ORGANIZATION")]
    # The first word of another name is no mention of the body.
    assert ("Ravensdale", "ORGANIZATION") not in _merged(text, spans)


def test_a_person_or_a_town_is_no_short_form_of_an_organisation_named_after_it():
    text = (
        "Mr. Quillan met us. Quillan Plumbing hired him. Dana Whitcombe called; Whitcombe Freight "
        "paid. The Oakhurst Bar Association met in Oakhurst."
    )
    spans = [
        _span(text, "Quillan", "PERSON"),
        _span(text, "Quillan Plumbing", "ORGANIZATION"),
        _span(text, "Dana Whitcombe", "PERSON"),
        _span(text, "Whitcombe Freight", "ORGANIZATION"),
        _span(text, "Oakhurst Bar Association", "ORGANIZATION"),
        _span(text, "Oakhurst", "LOCATION", 1),
    ]
    merged = _merged(text, spans)
    assert {("Quillan", "PERSON"), ("Dana Whitcombe", "PERSON"), ("Oakhurst", "LOCATION")} <= merged


def test_a_compass_word_and_a_known_town_is_a_place_not_a_person():
    text = "ANA: Ana. North Fresno. I take the bus with North Haverbrook, my friend."
    spans = [_span(text, "North Fresno", "PERSON"), _span(text, "North Haverbrook", "PERSON")]
    merged = _merged(text, spans)
    assert ("North Fresno", "LOCATION") in merged and ("North Haverbrook", "PERSON") in merged


def test_timestamps_letters_and_speaker_roles_are_no_organisations():
    text = (
        "[10:14:02] THE INTERPRETER: He says yes.\n[10:14:09] MR. DAHL: The accent is on the E.\n"
        "[10:14:20] MR. DAHL: He worked for IBM, zip code 95814.\n"
    )
    spans = [
        _span(text, "[10:14:02]", "ORGANIZATION"),
        _span(text, "INTERPRETER", "ORGANIZATION"),
        _span(text, "MR", "ORGANIZATION"),
        _span(text, "E", "ORGANIZATION", 3),
        _span(text, "IBM", "ORGANIZATION"),
        _span(text, "95814", "LOCATION", detector="presidio"),
    ]
    merged = _merged(text, spans)
    assert {(n, label) for n, label in merged if label in ("ORGANIZATION", "LOCATION")} == {
        ("IBM", "ORGANIZATION"),
        ("95814", "LOCATION"),
    }


def test_a_head_noun_of_organisations_relabels_a_place():
    text = "After release I'd go to Lantern Path Reentry, near the Kings Valley."
    spans = [_span(text, "Lantern Path Reentry", "LOCATION"), _span(text, "Kings Valley", "LOCATION")]
    merged = _merged(text, spans)
    assert {("Lantern Path Reentry", "ORGANIZATION"), ("Kings Valley", "LOCATION")} <= merged


def test_a_single_role_word_is_no_organisation_or_place_but_a_court_of_two_words_stays():
    text = (
        "BEFORE THE HONORABLE ANA RUIZ, JUDGE\nTHE COURT: The Court finds it so. The District Court agreed."
    )
    spans = [
        _span(text, "JUDGE", "LOCATION"),
        _span(text, "Court", "ORGANIZATION"),
        _span(text, "District Court", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert {(n, label) for n, label in merged if label != "PERSON"} == {("District Court", "ORGANIZATION")}


def test_an_organisation_with_a_telling_head_survives_a_line_in_capitals():
    text = (
        "Commissioner: We will go on the record now. Thank you all. It is late.\n"
        "Please state your names. We start now. The hearing is open.\n"
        "TRANSCRIBED BY: NORA PELL, GOLDEN STATE VERBATIM REPORTING, AT THE BOARD OF PAROLE\n"
        "THE PANEL FINDS THE RISK OF DANGER TO SOCIETY REMAINS AND PAROLE IS DENIED TODAY\n"
    )
    spans = [
        _span(text, "GOLDEN STATE VERBATIM REPORTING", "ORGANIZATION"),
        _span(text, "OF DANGER TO SOCIETY", "ORGANIZATION", detector="presidio"),
        _span(text, "PANEL", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    organisations = {n for n, label in merged if label == "ORGANIZATION"}
    assert organisations == {"GOLDEN STATE VERBATIM REPORTING"}


def test_a_name_with_an_apposition_that_says_it_is_a_group_is_an_organisation():
    rules = default_rules()
    text = (
        "I did the anger class. Then Bright Harbor, the peer support group, and I sponsor others. "
        "We drove through Fresno, a big town with a program."
    )
    found = learn_organisations(text, rules.organisation_cues, rules.known_places, rules.function_words)
    assert {s.text_in(text) for s in found} == {"Bright Harbor"}


def test_a_word_capitalised_by_its_sentence_is_no_organisation_where_the_text_writes_it_in_lower_case():
    text = (
        "SOCIAL WORKER: Read me the card. The member ID is on the front.\n"
        "PATIENT: It says so. Group is 5521. The group number is short. Alvarez Freight pays it. "
        "Freight is heavy."
    )
    spans = [
        _span(text, "SOCIAL WORKER", "ORGANIZATION"),
        _span(text, "Group", "ORGANIZATION"),
        _span(text, "Alvarez Freight", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert {(n, label) for n, label in merged if label == "ORGANIZATION"} == {
        ("Alvarez Freight", "ORGANIZATION")
    }


def test_a_common_word_ner_alone_read_as_a_body_is_none_where_the_text_writes_it_in_lower_case():
    text = (
        "In the matter of the Medical ) Parole Hearing. He asked for medical parole.\n"
        "For the Defendant: DANIEL ROWE, Attorney at Law. The law is clear. He works for Kaiser; "
        "the roll was cold. The Medical Board agreed."
    )
    spans = [
        _span(text, "Medical", "ORGANIZATION"),
        _span(text, "Law", "ORGANIZATION"),
        _span(text, "Kaiser", "ORGANIZATION"),
        # What the context found stays: it is no guess of NER's.
        _span(text, "Medical", "ORGANIZATION", 1, detector="context"),
    ]
    kept = drop_false_tags(spans, text, default_rules().function_words)
    kept_names = [(s.text_in(text), s.detectors) for s in kept]
    assert kept_names == [("Kaiser", ("spacy",)), ("Medical", ("context",))]


def test_a_body_named_by_a_common_word_in_running_text_stays_where_the_text_writes_it_in_lower_case():
    text = (
        "The applicant was represented by Liberty, a non-governmental organisation based in London. "
        "He complained of the deprivation of his liberty. My account is with Chase. The police chase "
        "ended in Fresno. He filed with Amnesty after he got amnesty. (Exhibit 1, Decision, pp. 97-104.) "
        "The decision was final.\nDAVIS: For Chase, I think. Group: Decision."
    )
    spans = [
        _span(text, "Liberty", "ORGANIZATION"),
        _span(text, "Chase", "ORGANIZATION"),
        _span(text, "Amnesty", "ORGANIZATION"),
        # A citation's item in brackets is set off by layout, not named in a sentence.
        _span(text, "Decision", "ORGANIZATION"),
        # A preposition opening the turn puts the name after it in running text.
        _span(text, "Chase", "ORGANIZATION", 1),
        _span(text, "Decision", "ORGANIZATION", 1),
    ]
    rules = default_rules()
    kept = drop_false_tags(spans, text, rules.function_words, prepositions=rules.clause_words)
    assert [s.text_in(text) for s in kept] == ["Liberty", "Chase", "Amnesty", "Chase"]


def test_a_name_that_owns_what_a_firm_owns_is_an_organisation_at_every_mention():
    text = (
        "MS. COLE: With me is Ravi Shah from Dunmore's legal department. Dunmore paid him.\n"
        "Q. And Mr. Keane? A. Keane's warehouse burned, and Keane left."
    )
    spans = [
        _span(text, "Dunmore", "PERSON"),
        _span(text, "Dunmore", "PERSON", 1),
        _span(text, "Keane", "PERSON"),
        _span(text, "Keane", "PERSON", 2),
    ]
    merged = _merged(text, spans)
    assert ("Dunmore", "ORGANIZATION") in merged and ("Dunmore", "PERSON") not in merged
    assert ("Keane", "PERSON") in merged and ("Keane", "ORGANIZATION") not in merged


def test_the_firm_in_a_lawyers_appearance_is_an_organisation_but_not_a_town():
    text = (
        "MS. VANCE: Leah Vance, Corbin Vance, for defendant Orchard Mills.\n"
        "MR. DIAZ: Tomas Diaz, Modesto, for the plaintiff.\n"
    )
    spans = [_span(text, "Corbin Vance", "PERSON"), _span(text, "Modesto", "LOCATION")]
    merged = _merged(text, spans)
    assert {("Corbin Vance", "ORGANIZATION"), ("Modesto", "LOCATION")} <= merged


def test_work_a_few_words_and_at_name_an_employer_but_not_a_town():
    rules = default_rules()
    text = (
        "I teach fourth grade at Whitfield, so I see them. My son works nights at Ostrander Mills. "
        "I worked in the kitchen at Soledad. I worked hard and then I was at Marlow Farms."
    )
    found = learn_organisations(text, rules.organisation_cues, rules.known_places, rules.function_words)
    assert {s.text_in(text) for s in found} == {"Whitfield", "Ostrander Mills"}


def test_a_section_heading_is_no_name_but_an_institution_named_alone_is():
    text = (
        "THE FACTS\n\nThe applicant wrote to the Ministry of Justice. The Ministry replied that the G20 "
        "would decide. Lakeside Chamber of Commerce sent the Republic of Molvania a note."
    )
    spans = [
        _span(text, "FACTS", "ORGANIZATION"),
        _span(text, "Ministry of Justice", "ORGANIZATION"),
        _span(text, "Ministry", "ORGANIZATION", 1),
        _span(text, "G20", "ORGANIZATION"),
        _span(text, "Lakeside Chamber of Commerce", "LOCATION"),
        _span(text, "Republic of Molvania", "LOCATION"),
    ]
    merged = _merged(text, spans)
    assert {(n, label) for n, label in merged} == {
        ("Ministry of Justice", "ORGANIZATION"),
        ("Ministry", "ORGANIZATION"),
        ("G20", "ORGANIZATION"),
        ("Lakeside Chamber of Commerce", "ORGANIZATION"),
        ("Republic of Molvania", "LOCATION"),
    }


def test_a_field_name_that_opens_a_line_of_a_form_is_no_organisation():
    text = (
        "Patient:   Dana Reyes\nMRN:   00481276\nANI/ALI:   (707) 555-0163\n"
        "PATIENT: The FBI called me twice. I told the FBI: 2 calls.\nFBI: 5 agents came."
    )
    spans = [
        _span(text, "MRN", "ORGANIZATION"),
        _span(text, "ANI", "ORGANIZATION"),
        _span(text, "FBI", "ORGANIZATION"),
        _span(text, "FBI", "ORGANIZATION", 1),
        _span(text, "Dana Reyes", "PERSON"),
    ]
    organisations = {
        (s.start, s.text_in(text)) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"
    }
    assert {name for _, name in organisations} == {"FBI"}
    # Inside a sentence an acronym before a colon and a number is still a body.
    assert (text.index("FBI", text.index("told")), "FBI") in organisations


def test_what_it_is_called_names_an_organisation_but_what_he_is_called_does_not():
    text = (
        "INMATE: The program? It's called Open Doors. Open Doors meets Mondays.\n"
        "INMATE: The bar has been there since it was called Rudy's. He was called Smoke on the street. "
        "It's called AA."
    )
    spans = [
        _span(text, "Open Doors", "PERSON", 1),
        _span(text, "Rudy", "PERSON"),
        _span(text, "Smoke", "PERSON"),
    ]
    merged = _merged(text, spans)
    assert {("Open Doors", "ORGANIZATION"), ("Smoke", "PERSON")} <= merged
    assert {label for name, label in merged if name.startswith("Rudy")} == {"ORGANIZATION"}  # 's trimmed
    assert ("AA", "ORGANIZATION") not in merged


def test_an_organisation_ner_read_once_by_its_full_name_is_found_at_its_other_mentions():
    text = (
        "INMATE: I have a letter from Amity Foundation. Amity Foundation runs the house.\n"
        "INMATE: The ER staff were kind. I went to the ER twice. Reporter's Transcript follows."
    )
    spans = [
        _span(text, "Amity Foundation", "ORGANIZATION"),
        _span(text, "ER", "ORGANIZATION"),
    ]
    merged = merge_spans(spans, text)
    assert [s.text_in(text) for s in merged if s.label == "ORGANIZATION"].count("Amity Foundation") == 2
    # An acronym or a single word NER took for a body is not spread to its other mentions.
    assert [s.text_in(text) for s in merged if s.label == "ORGANIZATION"].count("ER") == 1


def test_an_acronym_defined_in_quotes_in_brackets_is_a_body_at_every_mention():
    text = (
        "On 6 May 1996 the regional pension fund (“the CRPF”) refused. The applicant appealed, "
        "and the CRPF replied. He moved to the USA (the US) in May."
    )
    spans = [_span(text, "CRPF", "PERSON", 1), _span(text, "USA", "LOCATION")]
    merged = merge_spans(spans, text)
    assert [s.label for s in merged if s.text_in(text) == "CRPF"] == ["ORGANIZATION", "ORGANIZATION"]
    assert ("USA", "LOCATION") in {(s.text_in(text), s.label) for s in merged}
    assert "US" not in {s.text_in(text) for s in merged if s.label == "ORGANIZATION"}


def test_a_car_make_after_a_colour_or_a_model_year_or_before_a_vehicle_is_no_organisation():
    text = (
        "CALLER: He left in a silver Subaru and she had a 2011 Mazda. There was also a Kia van. "
        "Later Subaru called me back, and in 2012 Mazda hired my cousin."
    )
    spans = [
        _span(text, "Subaru", "ORGANIZATION"),
        _span(text, "Mazda", "ORGANIZATION"),
        _span(text, "Kia", "ORGANIZATION"),
        _span(text, "Subaru", "ORGANIZATION", 1),
        _span(text, "Mazda", "ORGANIZATION", 1),
    ]
    merged = [(s.text_in(text), s.start) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"]
    # The firm as a body stays: it calls and hires.
    assert merged == [("Subaru", text.index("Subaru called")), ("Mazda", text.index("Mazda hired"))]


def test_a_colour_before_a_make_needs_no_article_and_a_make_read_as_a_name_goes_too():
    text = (
        "DISPATCH: Eastbound on Travis, gray Nissan, plate to follow. "
        "CALLER: A black Dodge Ram hit it. Nissan never called."
    )
    spans = [
        _span(text, "Nissan", "ORGANIZATION"),
        _span(text, "Dodge Ram", "PERSON"),
        _span(text, "Nissan", "ORGANIZATION", 1),
    ]
    merged = [(s.text_in(text), s.start) for s in merge_spans(spans, text) if s.label != "LOCATION"]
    # The firm as a body stays: it calls.
    assert merged == [("Nissan", text.index("Nissan never"))]


def test_a_colour_inside_a_name_leaves_the_organisation():
    text = "She volunteers with the Red Cross and her brother drives for a Blue Line Taxi."
    spans = [_span(text, "Red Cross", "ORGANIZATION"), _span(text, "Blue Line Taxi", "ORGANIZATION")]
    assert _merged(text, spans) == {("Red Cross", "ORGANIZATION"), ("Blue Line Taxi", "ORGANIZATION")}


def test_a_name_in_a_list_of_what_one_completed_is_an_organisation_at_every_mention():
    text = (
        "COMMISSIONER: Victim Impact Circle, completed June 2019. Roots of Change, completed 2021.\n"
        "INMATE: Victim Impact Circle changed me. I told Marcus Hale, completed or not, I'd go on."
    )
    spans = [_span(text, "Victim Impact Circle", "PERSON"), _span(text, "Victim Impact Circle", "PERSON", 1)]
    merged = [(s.text_in(text), s.label) for s in merge_spans(spans, text)]
    assert merged.count(("Victim Impact Circle", "ORGANIZATION")) == 2
    assert ("Roots of Change", "ORGANIZATION") in merged
    assert not any(name == "Marcus Hale" for name, _ in merged)


def test_an_acronym_after_a_or_an_and_a_degree_after_a_name_are_no_organisations():
    text = "He was an OG back then and a GM later. DANA OSEI, M.D., signed it. The FBI came, and the GM too."
    spans = [
        _span(text, "OG", "ORGANIZATION"),
        _span(text, "GM", "ORGANIZATION"),
        _span(text, "M.D.", "ORGANIZATION"),
        _span(text, "FBI", "ORGANIZATION"),
        _span(text, "GM", "ORGANIZATION", 1),
    ]
    merged = [(s.text_in(text), s.start) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"]
    assert merged == [("FBI", text.index("FBI")), ("GM", text.index("GM too"))]


def test_a_name_in_apposition_to_a_shelter_or_a_clinic_is_an_organisation():
    text = "In '97 I went to Marigold House, the shelter on Blackstone, and later to Cedar Point, the clinic."
    spans = [_span(text, "Marigold House", "LOCATION"), _span(text, "Cedar Point", "PERSON")]
    merged = _merged(text, spans)
    assert {("Marigold House", "ORGANIZATION"), ("Cedar Point", "ORGANIZATION")} <= merged


def test_a_diarising_recognisers_speaker_label_is_no_place_but_a_place_stays():
    text = "SPEAKER_00: where did you grow up\nSPEAKER_02: in vallejo by the water\nSPEAKER_00: okay\n"
    spans = [
        _span(text, "SPEAKER_00", "LOCATION"),
        _span(text, "SPEAKER_00", "LOCATION", 1),
        _span(text, "vallejo", "LOCATION"),
    ]
    assert _merged(text, spans) == {("vallejo", "LOCATION")}


def test_a_name_one_is_at_the_in_a_known_town_is_an_organisation_too():
    text = (
        "INMATE: I have a bed at the Harbor Light Youth Ranch in Modesto. "
        "My mother is at the house in Fresno."
    )
    spans = [
        _span(text, "Harbor Light Youth Ranch", "LOCATION"),
        _span(text, "Modesto", "LOCATION"),
        _span(text, "Fresno", "LOCATION"),
    ]
    merged = _merged(text, spans)
    assert ("Harbor Light Youth Ranch", "ORGANIZATION") in merged
    assert {("Modesto", "LOCATION"), ("Fresno", "LOCATION")} <= merged


def test_a_hospital_is_learnt_from_a_birth_or_a_death_at_it():
    text = (
        "Her brother died at Kestrel Valley Regional that night. The boy was born at Ardmore General. "
        "Later Kestrel Valley Regional sent the records. His father died at Folsom in 2001."
    )
    learned = [
        text[s.start : s.end]
        for s in learn_organisations(text, default_rules().organisation_cues, default_rules().known_places)
    ]
    assert learned.count("Kestrel Valley Regional") == 2
    assert "Ardmore General" in learned
    assert "Folsom" not in learned  # one dies "at" a town too: a known place stays a place


def test_a_gang_is_learnt_from_being_jumped_into_it_or_running_with_it():
    text = (
        "At fourteen I was running with the Sixth Street Hawks and got jumped into Varrio Sur. "
        "I ran with Marcus."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert {"Sixth Street Hawks", "Varrio Sur"} <= learned
    assert "Marcus" not in learned


def test_an_acronym_of_words_the_text_also_writes_in_lower_case_names_a_role_not_a_body():
    text = (
        "LT. MARSH: The Reporting Employee (RE) wrote it up. Then the Hearing Liaison (HL) came.\n"
        "LT. MARSH: The reporting employee was on the tier. RE Dunford saw the fight.\n"
        "LT. MARSH: The RE report is short. He also took Criminal Thinking Skills (CTS) on the yard.\n"
        "LT. MARSH: You finished CTS in May. The hearing liaison agreed."
    )
    spans = [_span(text, "RE", "ORGANIZATION", 2), _span(text, "Dunford", "PERSON")]
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert not learned & {"RE", "Reporting Employee", "HL", "Hearing Liaison"}
    assert {"CTS", "Criminal Thinking Skills"} <= learned  # not written in lower case: a programme
    merged = _merged(text, spans)
    assert not {n for n, label in merged if label == "ORGANIZATION"} & {"RE", "HL"}
    assert ("CTS", "ORGANIZATION") in merged


def test_an_acronym_spelled_out_as_a_body_is_no_title_however_it_looks():
    text = (
        "A. I am a member of CPL, the Citizens for Peaceful Living, since 2010.\n"
        "Q. And the police asked about CPL?\nA. Yes. They asked who goes to the CPL office.\n"
        "I, NORA QUILL, a Certified Shorthand Reporter, do hereby certify.\nNORA QUILL, CSR No. 10442"
    )
    spans = [_span(text, "CPL", "ORGANIZATION", n) for n in range(3)] + [
        _span(text, "CSR", "ORGANIZATION"),
        _span(text, "Citizens for Peaceful Living", "ORGANIZATION"),
    ]
    merged = _merged(text, spans)
    assert ("CPL", "ORGANIZATION") in merged  # "Cpl." is a title, but this CPL is spelled out as a body
    assert ("CSR", "ORGANIZATION") not in merged  # spelled out as a role: the reporter's title


def test_a_name_after_a_lower_case_word_before_in_a_town_is_no_body():
    text = (
        "A. I could live at 12 Oak Street, Fresno, or with my aunt. Or with Tootie in Lodi.\n"
        "A. Or Harvest Light Recovery in Lodi, they have a bed."
    )
    cues = default_rules().organisation_cues
    learned = {text[s.start : s.end] for s in learn_organisations(text, cues, frozenset({"lodi", "fresno"}))}
    assert "Harvest Light Recovery" in learned
    assert not {n for n in learned if "Tootie" in n}


def test_a_day_an_ordinal_or_a_lettered_part_before_group_or_program_is_no_body():
    text = (
        "A. I run the Wednesday group on C yard, and the Second Chances group too.\n"
        "A. Tenth class, then the Yard C program office sent me to Second Chances."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert not learned & {"Wednesday", "Tenth", "Yard C"}
    assert "Second Chances" in learned


def test_a_name_before_an_apposition_that_says_when_a_group_meets_is_a_body():
    text = "A. Since May, Keepers of the Flame, the Friday group. Mr. Okoro runs it, the Friday group."
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert "Keepers of the Flame" in learned
    assert not {n for n in learned if "Okoro" in n}


def test_an_acronym_of_a_body_the_text_also_writes_in_lower_case_stays_a_body():
    text = (
        "A. They sent me to the Department of State Hospitals (DSH) in Coalinga. Then the department "
        "of state hospitals said no. DSH called my mom."
    )
    spans = [
        _span(text, "Department of State Hospitals", "ORGANIZATION"),
        _span(text, "DSH", "ORGANIZATION"),
        _span(text, "Coalinga", "LOCATION"),
        _span(text, "DSH", "ORGANIZATION", 1),
    ]
    merged = _merged(text, spans)
    assert {("DSH", "ORGANIZATION"), ("Department of State Hospitals", "ORGANIZATION")} <= merged
    starts = {
        s.start
        for s in merge_spans(spans, text, speaker_tags=speaker_tags_of(text))
        if s.label == "ORGANIZATION"
    }
    assert {text.index("DSH"), text.index("DSH", text.index("DSH") + 1)} <= starts


def test_a_line_the_layout_wrapped_is_no_sentence_start_when_telling_whether_names_are_capitalised():
    from reviewer_app.core.context_rules import _names_are_capitalised

    text = (
        "PRESIDING COMMISSIONER VANG: The victim, Alfonso Guerrero, was sixty-two and worked the\n"
        "night counter at the market on Airport Way. At about ten you went in with a\n"
        "gun. He handed over the cash and you hit him anyway. We have the report.\n"
        "DARNELL PAGE: That's what happened. I was drunk and I was\n"
        "angry. I'm not saying that to excuse it. It was wrong.\n"
    )
    assert _names_are_capitalised(text)
    # A line after a full stop opens a sentence: in lower case, it is a slip of capitals.
    assert not _names_are_capitalised(text.replace(". ", ".\n").lower().replace("i ", "I "))


def test_a_short_title_after_a_quote_opens_no_sentence():
    text = 'She writes, and I am quoting, "Ms. Sparrow met the criteria." We have it.'
    assert not opens_sentence(text, text.index("Sparrow"))


def test_a_make_in_apposition_to_a_car_or_before_its_model_year_is_no_organisation():
    text = (
        "CALLER: It's a black Honda, a Civic, the older kind. Then a black truck, like a Chevy, a "
        "Silverado, came out. Dad's car? White Camry, a 2014. I work for a bakery, a Franklin "
        "Baking shop, and Honda called."
    )
    spans = [
        _span(text, "Civic", "ORGANIZATION"),
        _span(text, "Chevy", "ORGANIZATION"),
        _span(text, "Silverado", "ORGANIZATION"),
        _span(text, "White Camry", "ORGANIZATION"),
        _span(text, "Franklin", "ORGANIZATION"),
        _span(text, "Honda", "ORGANIZATION", 1),
    ]
    merged = [s.text_in(text) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"]
    # The firm keeps its whole name before its kind ("a Franklin Baking shop", core/kind_modifiers.py).
    assert merged == ["Franklin Baking", "Honda"]


def test_an_acronym_after_a_sentence_that_ends_in_a_number_still_stands_for_its_name():
    # "9:04 AM" is a time's; "Since '18. SBF." is the fellowship's acronym after a year.
    text = (
        "COMMISSIONER: You chair Sober Brothers Fellowship?\nINMATE: Since '18. SBF. Amanda Mills "
        "called at 9:04 AM."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert {"Sober Brothers Fellowship", "SBF"} <= learned
    assert not {"AM", "Amanda Mills"} & learned


def test_the_answer_to_a_question_about_a_kind_of_body_names_one():
    text = (
        "NURSE: Have you ever been in the hospital for your mental health?\nARRESTEE: Kern Behavioral. "
        "One time.\nQ. This was the feed store in Auburn?\nA. Foothill Feed and Tack, on the highway.\n"
        "Q. Who ran the group at the church?\nA. Linda Park, a volunteer.\n"
        "Q. Any hospital stays this year?\nA. One. Pneumonia."
    )
    learned = {text[s.start : s.end] for s in learn_organisations(text, default_rules().organisation_cues)}
    assert {"Kern Behavioral", "Foothill Feed and Tack"} <= learned
    assert not {"Linda Park", "One"} & learned


def test_a_numbered_part_or_post_is_no_organisation_but_letters_are_an_acronym():
    text = (
        "LT. SANTANGELO: You were assigned as Facility B Building 5 Floor Officer. First "
        "appearance in Department 63. I was in R and R, then PIA.\n"
    )
    spans = [
        _span(text, "Facility B", "ORGANIZATION"),
        _span(text, "Department 63", "ORGANIZATION"),
        _span(text, "R and R", "ORGANIZATION"),
    ]
    merged = [s.text_in(text) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"]
    assert merged == ["R and R"]
    kept = drop_false_tags(spans, text, default_rules().function_words)
    assert [s.text_in(text) for s in kept] == ["R and R"]


def test_a_role_after_a_a_test_before_its_score_and_a_numbered_division_are_no_bodies():
    text = (
        "I, DOROTHEA KEMBREY, a Certified Shorthand Reporter, certify it. Your TABE reading score "
        "is 4.1. Battery, a Division D offense. The Sheriff's Office called. The Division of Adult "
        "Parole Operations wrote."
    )
    spans = [
        _span(text, "Certified Shorthand Reporter", "ORGANIZATION"),
        _span(text, "TABE", "ORGANIZATION"),
        _span(text, "Division", "ORGANIZATION"),
        _span(text, "Sheriff's Office", "ORGANIZATION"),
        _span(text, "Division of Adult Parole Operations", "ORGANIZATION"),
    ]
    kept = drop_false_tags(
        spans,
        text,
        default_rules().function_words,
        (),
        frozenset({"score"}),
        frozenset({"reporter"}),
        numbered_parts=frozenset({"division"}),
    )
    assert [s.text_in(text) for s in kept] == ["Sheriff's Office", "Division of Adult Parole Operations"]


def test_a_body_said_before_a_count_is_no_numbered_part():
    text = (
        "I called Kaiser 2 times. Then I worked for Walmart 6 months at the store. He was in Building 5. "
        "I was with Tower 2 years."
    )
    spans = [
        _span(text, "Kaiser", "ORGANIZATION"),
        _span(text, "Walmart", "ORGANIZATION"),
        _span(text, "Building", "ORGANIZATION"),
        _span(text, "Tower", "ORGANIZATION"),
    ]
    merged = [s.text_in(text) for s in merge_spans(spans, text) if s.label == "ORGANIZATION"]
    assert merged == ["Kaiser", "Walmart", "Tower"]


def test_the_answer_to_a_question_for_a_person_at_a_kind_of_body_is_no_body():
    text = (
        "Q. And at the clinic, did anybody help you?\nINMATE: Maria Lopez.\n"
        "Q. Did you talk to someone in the program?\nA. Officer Grant Reyes.\n"
        "Q. Later Maria Lopez called you?\nA. Yes."
    )
    spans = [
        _span(text, "Maria Lopez", "PERSON"),
        _span(text, "Maria Lopez", "PERSON", nth=1),
        _span(text, "Grant Reyes", "PERSON"),
    ]
    assert not learn_organisations(text, default_rules().organisation_cues)
    merged = {(s.text_in(text), s.label) for s in merge_spans(spans, text)}
    assert ("Maria Lopez", "PERSON") in merged and not {s for s in merged if s[1] == "ORGANIZATION"}


def test_an_occupation_after_a_name_in_a_signature_is_no_organisation():
    text = (
        "Prepared for:   Tulare County District Attorney\n"
        "Transcribed by: Renee Okamura, Legal Transcriptionist, 11/18/2026\n"
        "signed Lorraine Castellanos, Human Resources Manager,\n"
        "TRANSCRIBED BY:  L. Okamura, Police Records Technician, 03/19/2026\n"
    )
    spans = [
        _span(text, "Legal Transcriptionist", "ORGANIZATION"),
        _span(text, "Human Resources Manager", "ORGANIZATION"),
        _span(text, "Police Records Technician", "ORGANIZATION"),
    ]
    kept = {s.text_in(text) for s in merge_spans(spans, text)}
    assert not kept & {"Legal Transcriptionist", "Human Resources Manager", "Police Records Technician"}


def test_a_business_named_like_a_car_stays_a_body_where_a_car_of_that_name_is_described():
    # review12: a rule that dropped every "the <model>" once the text described a car of that
    # model published the employer ("a black Mustang" beside "a job at the Mustang, the bar").
    text = (
        "He drove a black Mustang that night. After parole I have a job at the Mustang, the bar "
        "on Olive Avenue. The owner of the Mustang wrote me a letter."
    )
    spans = [_span(text, "Mustang", "ORGANIZATION", 1), _span(text, "Mustang", "ORGANIZATION", 2)]
    kept = {s.start for s in merge_spans(spans, text) if s.label == "ORGANIZATION"}
    assert {s.start for s in spans} <= kept


# A note-taking app's export: a name and a clock's stamp on a line over each turn, the speech
# recognised in lower case.
_LOWER_CASE_SPEECH_UNDER_TAG_LINES = (
    "Visit Transcript\nGenerated automatically. May contain errors.\n\n"
    "Priya Raman, NP  0:00\nokay good afternoon this is priya raman the nurse practitioner\n\n"
    "Desmond Okafor  0:09\nyeah this is desmond okafor\n\n"
    "Priya Raman, NP  0:15\nand your date of birth\n\n"
    "Desmond Okafor  0:17\napril third nineteen seventy eight\n\n"
    "Priya Raman, NP  0:22\nthank you desmond and who is with you today\n\n"
    "Desmond Okafor  0:25\nmy sister lorraine she drove me\n"
)


def test_speech_under_tag_lines_tells_whether_names_are_capitalised():
    from reviewer_app.core.context_rules import _names_are_capitalised

    text = _LOWER_CASE_SPEECH_UNDER_TAG_LINES
    # The capitalised tag lines are the layout's: the speech under them opens in lower case.
    assert not _names_are_capitalised(text)
    # Labels in lower case over capitalised messages are a sign of no care for capitals, so a
    # name the messages write in lower case stays one ("tyrell").
    chat = (
        "khale  10:43 AM\nYes. He said tyrell signed it.\n\nspeaker 1  10:44 AM\nGood. Who else?\n\n"
        "khale  10:45 AM\nNobody. Just him.\n\nspeaker 1  10:46 AM\nOkay. Thanks.\n"
    )
    assert not _names_are_capitalised(chat)
    # The same export with the speech capitalised is written with care for capitals.
    cased = re.sub(r"(\d:\d\d\n)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    assert _names_are_capitalised(cased.replace(" okay", " Okay"))


def test_names_in_lower_case_speech_under_capitalised_tag_lines_are_kept():
    text = _LOWER_CASE_SPEECH_UNDER_TAG_LINES
    # "Priya Raman" in a tag and "priya raman" in speech are the same name, not a phrase the
    # text writes in lower case; a lower-case name is how this speech writes every name.
    spans = [_span(text, "Priya Raman", "PERSON"), _span(text, "lorraine", "PERSON")]
    assert {("Priya Raman", "PERSON"), ("lorraine", "PERSON")} <= _merged(text, spans)
    # A one-word name in a device's label ("Lorraine's iPhone") is no ordinary word capitalised
    # where the speech's "lorraine" is tagged a person.
    text += "\nLorraine's iPhone  0:31\nhi it's lorraine\n"
    spans = [_span(text, "Lorraine", "PERSON"), _span(text, "lorraine", "PERSON")]
    assert ("Lorraine", "PERSON") in _merged(text, spans)


def test_a_legislators_title_in_a_tag_is_a_role_before_the_name():
    text = (
        "CHAIR BRANNIGAN: The secretary will call the roll.\nSECRETARY: Okwuosa?\n"
        "ASSEMBLYMEMBER OKWUOSA: Here.\nSECRETARY: Okwuosa, here. Quintero?\n"
        "COUNCILMEMBER QUINTERO: Present.\nASSEMBLYMEMBER OKWUOSA: I move the bill.\n"
    )
    merged = _merged(text, [_span(text, "ASSEMBLYMEMBER", "PERSON")])
    assert {("OKWUOSA", "PERSON"), ("QUINTERO", "PERSON"), ("Okwuosa", "PERSON")} <= merged
    # A legislator's title that is also a surname ("Alderman", "Delegate") stays a possible name.
    text = (
        "MS. ALDERMAN: Good morning.\nCOMMISSIONER LEE: Ms. Alderman, you are the deputy?\n"
        "MS. ALDERMAN: Yes.\n"
    )
    assert ("ALDERMAN", "PERSON") in _merged(text, [_span(text, "Ms. Alderman", "PERSON")])
    # The title alone names no one.
    assert not any(covered.startswith(("ASSEMBLYMEMBER", "COUNCILMEMBER")) for covered, _ in merged)


def test_how_a_text_capitalises_its_names_is_read_once_for_the_rules_of_a_merge_that_ask(monkeypatch):
    from reviewer_app.core import context_rules

    text = (
        "COMMISSIONER: Good morning. State your name.\nMR. LONG: Daniel Long. It has been a long time.\n"
        "COMMISSIONER: Were you in a program called Second Wind? Who ran it?\nMR. LONG: Yes. Ana Ruiz did.\n"
        "COMMISSIONER: Thank you. (A text no other test reads, so that no answer is kept for it.)\n"
    )
    read: list[str] = []
    original = context_rules.lower_case_names_after_titles

    def counted(sample: str) -> bool:
        read.append(sample)
        return original(sample)

    monkeypatch.setattr(context_rules, "lower_case_names_after_titles", counted)
    spans = [Span(text.index("Daniel Long"), text.index("Daniel Long") + 11, "PERSON", ("spacy",))]
    merge_spans(spans, text, person_names=("DANIEL LONG",), speaker_tags=speaker_tags_of(text))
    assert read.count(text) == 1  # several rules ask; the text is read once
