"""Persons the sentence's relations show, where NER read a place or a firm (core/person_context.py)."""

from __future__ import annotations

import re

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.person_context import persons_before_identifiers
from reviewer_app.core.spans import Span
from reviewer_app.detectors.profiles import profile_table
from tests.unit.test_context_rules import _span


def _labels(text: str, spans) -> set[tuple[str, str]]:
    return {(s.text_in(text), s.label) for s in merge_spans(spans, text)}


def test_a_nickname_after_a_first_name_and_a_comma_is_a_person():
    text = (
        "A: The one who helped me was a man named Osvaldo, Chuy, from the shop.\n"
        "Q: And your aunt? A: We called her that. Evangelina, Lina.\n"
        'A: An older one, Teodoro, "Flaco", gave me a ride. Later Flaco moved away.\n'
    )
    ner = [
        _span(text, "Osvaldo", "PERSON"),
        _span(text, "Chuy", "LOCATION"),
        _span(text, "Evangelina", "PERSON"),
        _span(text, "Lina", "ORGANIZATION"),
        _span(text, "Teodoro", "LOCATION"),
        _span(text, "Flaco", "ORGANIZATION", 1),
    ]
    labels = _labels(text, ner)
    assert {("Chuy", "PERSON"), ("Lina", "PERSON"), ("Teodoro", "PERSON")} <= labels
    # The quoted nickname no detector found, and its later mention NER called a firm.
    assert sum(1 for s in merge_spans(ner, text) if s.text_in(text) == "Flaco" and s.label == "PERSON") == 2


def test_a_place_after_a_person_and_a_comma_stays_a_place():
    # A list of places after "from", a known place, and a place that does not end the apposition.
    text = (
        "A: My cousin Rosalind lived in Modesto, Turlock, then Fresno.\n"
        "A: I wrote to Rosalind, Sacramento County Jail, in May.\n"
        "A: Then I called Rosalind, Fresno, and she answered.\n"
        'A: She was from Merced, "Gateway" they call it.\n'
    )
    ner = [
        _span(text, "Rosalind", "PERSON"),
        _span(text, "Modesto", "LOCATION"),
        _span(text, "Turlock", "LOCATION"),
        _span(text, "Rosalind", "PERSON", 1),
        _span(text, "Sacramento", "LOCATION"),
        _span(text, "Rosalind", "PERSON", 2),
        _span(text, "Fresno", "LOCATION", 1),
        _span(text, "Merced", "LOCATION"),
    ]
    labels = _labels(text, ner)
    assert ("Turlock", "LOCATION") in labels
    assert ("Sacramento", "PERSON") not in labels
    assert ("Fresno", "LOCATION") in labels and ("Fresno", "PERSON") not in labels
    assert ("Merced", "LOCATION") in labels and ("Gateway", "PERSON") not in labels


def test_a_name_after_a_relation_only_a_person_has_is_a_person():
    text = (
        "A: He had just gotten engaged to Marisol, and the wedding was set.\n"
        "A: In 2011 I married Tamsin Greer. Then I divorced Odalys.\n"
        "A: The letter is signed by Ruperto Valdivia.\n"
        "A: They married in Fresno, at Holy Cross, and were dating since May.\n"
        "A: Later she married O'Hara, then divorced McNally.\n"
    )
    ner = [
        _span(text, "O'Hara", "ORGANIZATION"),
        _span(text, "McNally", "LOCATION"),
        _span(text, "Marisol", "ORGANIZATION"),
        _span(text, "Odalys", "LOCATION"),
        _span(text, "Ruperto Valdivia", "ORGANIZATION"),
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Holy Cross", "ORGANIZATION"),
    ]
    labels = _labels(text, ner)
    assert {("Marisol", "PERSON"), ("Tamsin Greer", "PERSON"), ("Odalys", "PERSON")} <= labels
    assert ("Ruperto Valdivia", "PERSON") in labels
    assert {("O'Hara", "PERSON"), ("McNally", "PERSON")} <= labels  # names with an apostrophe or Mc
    # "married in Fresno", "dating since May": no name right after the relation.
    assert ("Fresno", "LOCATION") in labels and ("Holy Cross", "ORGANIZATION") in labels
    assert not any(words == "May" and label == "PERSON" for words, label in labels)


def test_an_organisation_after_a_relation_stays_an_organisation_where_the_document_shows_it():
    text = (
        "A: The first letter is signed by Lakeview Recovery Clinic.\n"
        "A: The second is signed by Mental Health, as Mental Health Clinics do.\n"
        "A: The third is signed by Kaiser Permanente. He was seen at Kaiser Permanente Medical Center.\n"
        "A: One is signed by Veterans Affairs, from the Department of Veterans Affairs.\n"
    )
    firms = ["Lakeview Recovery Clinic", "Mental Health", "Kaiser Permanente"]
    ner = [_span(text, firm, "ORGANIZATION") for firm in firms]
    ner += [
        _span(text, "Veterans Affairs", "ORGANIZATION"),
        _span(text, "Department of Veterans Affairs", "ORGANIZATION"),
    ]
    labels = _labels(text, ner)
    # An organisation's head word; a longer organisation's name, found by a detector or not.
    assert ("Lakeview Recovery Clinic", "ORGANIZATION") in labels
    assert ("Kaiser Permanente", "ORGANIZATION") in labels
    assert ("Veterans Affairs", "ORGANIZATION") in labels
    assert not any(label == "PERSON" and words in firms for words, label in labels)
    # Where no detector found the name, the same words show it is no person's.
    no_ner = _labels(text, [])
    assert not any(label == "PERSON" and words in firms for words, label in no_ner)


def test_a_name_after_a_title_that_ends_the_numbered_line_before_is_a_person():
    text = (
        " 17   risk assessment by Dr.\n"
        " 18   Anneliese Vukovic, dated in June, rates\n"
        " 19   you low. Mr. Vukovic agreed. Ms.\n"
        " 20   Orlaith Brennan's letter came. We met Sgt.\n"
        " 21   Then we left the room.\n"
    )
    labels = _labels(text, [_span(text, "Orlaith Brennan", "ORGANIZATION")])
    assert ("Anneliese Vukovic", "PERSON") in labels and ("Orlaith Brennan", "PERSON") in labels
    # "Sgt." is no courtesy title of the rule, and "Then" is a word of the sentence.
    assert not any(words.startswith("Then") for words, _ in labels)


def test_a_judge_after_honorable_is_a_person_not_an_organisation():
    text = "Before the Honorable Philippa Ravensworth, District Court Judge\nTHE COURT: Good morning.\n"
    ner = [_span(text, "Honorable Philippa Ravensworth", "ORGANIZATION")]
    labels = _labels(text, ner)
    assert any(label == "PERSON" and "Philippa Ravensworth" in words for words, label in labels)
    assert not any(label == "ORGANIZATION" and "Ravensworth" in words for words, label in labels)


def test_a_name_one_goes_by_stays_a_person_though_it_names_a_people():
    text = (
        "A: There was somebody in the back who went by Dutch. I never knew his name.\nA: I'm Baptist now.\n"
    )
    ner = [_span(text, "Dutch", "NRP"), _span(text, "Baptist", "NRP")]
    labels = _labels(text, ner)
    assert ("Dutch", "PERSON") in labels
    assert ("Baptist", "NRP") in labels


def test_names_a_kin_word_introduces_alone_or_in_a_list_are_persons():
    text = (
        "A: My son Teklu is nine, and my daughter Abebech is six.\n"
        "A: Then my brothers Evaristo, Quirino and Baudelio, and my sister came.\n"
        "A: Anselma is my cousin. She is my cousin too.\n"
    )
    labels = _labels(text, [_span(text, "Teklu", "PERSON")])
    assert {
        ("Abebech", "PERSON"),
        ("Evaristo", "PERSON"),
        ("Quirino", "PERSON"),
        ("Baudelio", "PERSON"),
    } <= labels
    assert ("Anselma", "PERSON") in labels
    assert not any(words == "She" for words, _ in labels)


def test_a_kin_word_before_a_place_a_day_or_a_common_word_makes_no_person():
    text = (
        "A: My brother Monday came by. My sister in Fresno called. My mom, Sacramento had no room.\n"
        "A: Her son. Then we left. The victim Statement was read. My dad I think knew.\n"
    )
    labels = _labels(text, [])
    assert not any(label == "PERSON" for _, label in labels)


def test_a_kin_words_name_that_is_a_common_word_written_with_its_capital_is_a_person():
    # The text capitalises names, so "Faith" right after "my cousin" is hers, although the
    # text says "faith" as a word too, which stays a word.
    text = (
        "A: My cousin Faith works at a salon. It shows real faith in you.\n"
        "A: She is my cousin. She will be nineteen this summer. Then we go home.\n"
        "Q: Thank you. Do you have a job offer? Is it in writing? We will read it now.\n"
    )
    labels = _labels(text, [])
    assert ("Faith", "PERSON") in labels
    assert ("faith", "PERSON") not in labels


def test_a_firm_used_as_a_modifier_after_a_relation_stays_a_firm():
    # "engaged to Wells Fargo money": the firm's name qualifies the noun after it, no person.
    text = "A: He got engaged to Wells Fargo money and lost it all.\n"
    ner = [_span(text, "Wells Fargo", "ORGANIZATION")]
    assert ("Wells Fargo", "ORGANIZATION") in _labels(text, ner)


def test_a_kin_words_name_before_a_verb_and_a_relative_said_to_be_a_name_are_persons():
    text = (
        "A: My son Teklu lives with my mother, and my daughter Abebech turned six in May.\n"
        "Q: Your son is Jamarion? A: Yes. And my brother is Catholic. My aunt Said nothing.\n"
    )
    ner = [_span(text, "Catholic", "NRP")]
    labels = _labels(text, ner)
    assert {("Teklu", "PERSON"), ("Abebech", "PERSON"), ("Jamarion", "PERSON")} <= labels
    assert ("Catholic", "NRP") in labels  # a faith, not a name
    assert ("Said", "PERSON") not in labels


def test_a_nickname_before_who_it_is_is_a_person():
    text = (
        "A: I went to the store with Tre, that's Trevon Meadows, to get beer.\n"
        "A: We went to Fresno, that's Ms. Hale's town. Men of Valor, that's MOV.\n"
        "A: I'm from Dinuba, that's Trevon Meadows's town too.\n"
    )
    ner = [
        _span(text, "Tre", "LOCATION"),
        _span(text, "Trevon Meadows", "PERSON"),
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Hale", "PERSON"),
        _span(text, "Men of Valor", "ORGANIZATION"),
        _span(text, "MOV", "ORGANIZATION"),
        _span(text, "Dinuba", "LOCATION"),
        _span(text, "Trevon Meadows", "PERSON", 1),
    ]
    labels = _labels(text, ner)
    assert ("Tre", "PERSON") in labels
    assert {("Fresno", "LOCATION"), ("Men of Valor", "ORGANIZATION"), ("Dinuba", "LOCATION")} <= labels


def test_a_title_set_before_who_it_is_is_a_nickname_and_an_office_is_none():
    text = (
        "A: Walking laps with Deacon -- that's Lonnie Birdsong -- like I do every day.\n"
        "A: I told the Sergeant, that's Luis Ocampo, and then Sergeant -- that's Sergeant Mills.\n"
    )
    ner = [
        _span(text, "Deacon", "ORGANIZATION"),
        _span(text, "Lonnie Birdsong", "PERSON"),
        _span(text, "Sergeant", "ORGANIZATION"),
        _span(text, "Luis Ocampo", "PERSON"),
        _span(text, "Sergeant", "ORGANIZATION", 1),
        _span(text, "Sergeant Mills", "PERSON"),
    ]
    # Hearings strip titles off names; the general profile keeps them ("Sergeant Mills").
    for options in ({}, profile_table().get("general").merge_options()):
        merged = merge_spans(ner, text, **options)
        persons = {(s.start, s.text_in(text)) for s in merged if s.label == "PERSON"}
        assert (text.index("Deacon"), "Deacon") in persons
        # An office after "the", and a title the name then repeats, name no one.
        assert not [p for p in persons if p[1] == "Sergeant"]


def test_a_relative_said_to_be_a_plural_is_no_name():
    text = "My brother was Crips. My cousin was Bloods. My sponsor was Hollis. My wife is Chaltu.\n"
    # NER reads a name it does not know as a firm, and a gang as one too.
    ner = [_span(text, "Bloods", "ORGANIZATION"), _span(text, "Chaltu", "ORGANIZATION")]
    labels = _labels(text, ner)
    assert {("Hollis", "PERSON"), ("Chaltu", "PERSON")} <= labels
    assert not {w for w, label in labels if label == "PERSON"} & {"Crips", "Bloods"}


def test_the_word_lists_of_persons_in_context_are_read_once_on_first_use(monkeypatch):
    from reviewer_app.core import person_context, person_words

    opened = []
    read = person_words.resource
    monkeypatch.setattr(person_words, "resource", lambda *parts: opened.append(parts) or read(*parts))
    for cached in (person_words._person_table, person_words.person_words, person_context._words):
        cached.cache_clear()
    assert "older" in person_context._words("kin_adjectives").split("|")
    assert "aunt" in person_words.person_words("kin_titles")
    assert "married to" in person_context.relation_cues()
    assert opened == [("patterns", "person_context.toml")]


def test_a_name_right_before_a_number_only_a_person_holds_is_a_person():
    text = (
        "I have transcribed the recording of the Parole Rescission Hearing of ARCHIBALD EZEKWE, "
        "CDCR No. AH3307, held at the prison.\n"
        "Reported by:          ALMA TREVIÑO-KRAUSE, CSR No. 12957\n"
        "Filed by the Parole Board, Case Number 4471.\n"
        "Consideration Hearing of:            )     CDCR Number CJ8374\n"
    )
    ner = [
        _span(text, "Parole Rescission Hearing of ARCHIBALD EZEKWE", "ORGANIZATION"),
        Span(text.index("AH3307"), text.index("AH3307") + 6, "CDCR_ID", ("presidio",), 1.0),
        _span(text, "TREVIÑO", "ORGANIZATION"),
        Span(text.index("12957"), text.index("12957") + 5, "ID_NUMBER", ("presidio",), 0.95),
        _span(text, "Parole Board", "ORGANIZATION"),
        Span(text.index("4471"), text.index("4471") + 4, "ID_NUMBER", ("presidio",), 0.95),
        Span(text.index("CJ8374"), text.index("CJ8374") + 6, "CDCR_ID", ("presidio",), 1.0),
    ]
    labels = _labels(text, ner)
    assert ("ARCHIBALD EZEKWE", "PERSON") in labels and ("ALMA TREVIÑO-KRAUSE", "PERSON") in labels
    # The hearing's title NER took in ends before the name; a case number is no person's.
    assert not any(label == "ORGANIZATION" and "EZEKWE" in words for words, label in labels)
    trimmed = persons_before_identifiers(ner, text, frozenset(), frozenset({"of"}), frozenset({"at"}))
    assert ("Parole Rescission Hearing", "ORGANIZATION") in {(s.text_in(text), s.label) for s in trimmed}
    assert ("Parole Board", "PERSON") not in labels
    assert not any(label == "PERSON" and "CDCR" in words for words, label in labels)  # the number's name


def test_a_prison_or_a_name_after_in_or_at_before_a_cdcr_number_is_no_person():
    text = (
        "He is housed at San Quentin, CDCR number K12345, and has been since 2010.\n"
        "He was moved to Mule Creek, CDCR number K12345, last year.\n"
        "She visits him at Ridgecrest Valley, CDCR number K12345, each month.\n"
    )
    ids = [m.start() for m in re.finditer("K12345", text)]
    ner = [_span(text, "San Quentin", "LOCATION"), _span(text, "Ridgecrest Valley", "LOCATION")]
    ner += [Span(i, i + 6, "CDCR_ID", ("presidio",), 1.0) for i in ids]
    places = frozenset({"san quentin", "mule creek"})
    spans = persons_before_identifiers(ner, text, places, frozenset(), frozenset({"at", "in"}))
    # A multi-word known place, and a name after a locative word, are where he is, not who.
    assert not [s.text_in(text) for s in spans if s.label == "PERSON"]
    assert ("San Quentin", "LOCATION") in _labels(text, ner)


def test_a_lower_case_name_right_before_a_spoken_cdcr_number_is_a_person():
    text = (
        ">> good morning we are on the record\n"
        ">> it's ten thirty in the matter of dominic thibodeaux p k three seven six nine the panel finds\n"
        ">> and my number is p k three seven six nine\n"
        ">> so i have you as p k three seven six nine\n"
    )
    ids = [m.start() for m in re.finditer("p k three", text)]
    ner = [_span(text, "dominic thibodeaux", "ORGANIZATION")]
    ner += [Span(i, i + len("p k three seven six nine"), "CDCR_ID", ("presidio",), 0.95) for i in ids]
    merged = merge_spans(ner, text)
    persons = {s.text_in(text) for s in merged if s.label == "PERSON"}
    assert persons == {"dominic thibodeaux"}  # not "my number is", "i have you as"


def test_nicknames_set_before_who_they_are_are_persons():
    text = (
        " 1   INMATE KEMPTON: We'd been at a party since about nine. Boxer, that's\n"
        "\n"
        "                                                              4\n"
        " 2   Ruben Escalera, said a guy was at the bowling alley.\n"
        " 3   MR. STROUD: I had the gun. Tiny, Darius Mott, gave it to me.\n"
        " 4   MS. LAMB: Honestly, Maria Lopez, she was there. I honestly don't know.\n"
        " 5   MR. STROUD: It was Smokey, that's\n"
        " 6   ESCALERA: I was not.\n"
    )
    ner = [
        _span(text, "Ruben Escalera", "PERSON"),
        _span(text, "Darius Mott", "PERSON"),
        _span(text, "Maria Lopez", "PERSON"),
        _span(text, "ESCALERA", "PERSON"),
    ]
    labels = _labels(text, ner)
    assert ("Boxer", "PERSON") in labels and ("Tiny", "PERSON") in labels
    # A word the text writes in lower case, and one before a speaker's tag, are no nicknames.
    assert not any(words in ("Honestly", "Smokey") for words, _ in labels)


def test_a_sentence_adverb_or_an_interjection_before_a_name_is_no_nickname():
    text = (
        "Okay, Maria Lopez, please state your name. Honestly, Maria Lopez, I don't know.\n"
        "Frankly, Maria Lopez, it was late. Tiny, Darius Mott, gave it to me.\n"
    )
    ner = [_span(text, "Maria Lopez", "PERSON", k) for k in range(3)] + [_span(text, "Darius Mott", "PERSON")]
    persons = {words for words, label in _labels(text, ner) if label == "PERSON"}
    assert persons == {"Maria Lopez", "Tiny", "Darius Mott"}


def test_a_name_after_a_word_for_a_nickname_is_a_person():
    cased = (
        "Q. Were you in a gang?\nA. Yes. My name in the Lotus was Dub. His nickname was Spider.\n"
        "Q. Any other names?\nA. A.k.a. Smiley, from the yard. What's your nickname, Mr. Ruiz?\n"
        "Q. Did they call you that?\nA. No. I had a moniker for a while.\n"
    )
    labels = _labels(cased, [_span(cased, "Lotus", "ORGANIZATION"), _span(cased, "Dub", "ORGANIZATION")])
    assert {("Dub", "PERSON"), ("Spider", "PERSON"), ("Smiley", "PERSON")} <= labels
    assert ("Lotus", "ORGANIZATION") in labels and ("Mr", "PERSON") not in labels
    lower = (
        "speaker 1: they have a moniker for you t bone\n"
        "speaker 2: that's from the street\n"
        "speaker 1: and the nickname was given to you by who\n"
        "speaker 2: my nickname is junior and that's it\n"
    )
    persons = {s.text_in(lower) for s in merge_spans([], lower) if s.label == "PERSON"}
    assert {"t bone", "junior"} <= persons and "given" not in persons


def test_a_word_set_off_and_taken_up_by_he_or_she_is_a_person():
    text = (
        "A: I have five grandbabies and one great-grand, Zion, he's three.\n"
        "A: My niece Alyssa, that's Lyssie, she's sixteen now.\n"
        "A: And my mother stays with us, Odessa, she was a nurse.\n"
    )
    ner = [
        _span(text, "Zion", "LOCATION"),
        _span(text, "Alyssa", "PERSON"),
        _span(text, "Lyssie", "LOCATION"),
    ]
    labels = _labels(text, ner)
    assert {("Zion", "PERSON"), ("Lyssie", "PERSON"), ("Odessa", "PERSON")} <= labels


def test_a_place_after_in_or_a_word_not_taken_up_by_a_person_stays_what_it_is():
    # A place after "in" (no comma before it), one taken up by "it", a reply word, a title.
    text = (
        "A: She lives up in Visalia, she's a dental hygienist.\n"
        "A: We moved, Lemoore, it's small.\n"
        "A: No, Commissioner, he's not here. Yes, he's fine.\n"
    )
    ner = [_span(text, "Visalia", "LOCATION"), _span(text, "Lemoore", "LOCATION")]
    labels = _labels(text, ner)
    assert {("Visalia", "LOCATION"), ("Lemoore", "LOCATION")} <= labels
    assert not {word for word, label in labels if label == "PERSON"}
