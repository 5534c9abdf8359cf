"""Words of calls and interviews that NER takes for names and are none
(core/spoken_false_names.py), on hand-written sentences."""

from __future__ import annotations

from reviewer_app.core.merge import default_rules
from reviewer_app.core.name_rules import PROPAGATION
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import (
    abbreviated_role_tags,
    drop_false_names,
    drop_numbered_speaker_tags,
    drop_propagated_after_the,
    relabel_kin_named,
)
from reviewer_app.importers.text import document_from_text


def persons(text: str, *words: str) -> list[Span]:
    """A PERSON span on every occurrence of each of `words` that no earlier word's covers, as
    NER would give them."""
    out: list[Span] = []
    for word in words:
        at = text.find(word)
        while at >= 0:
            if not any(s.start < at + len(word) and at < s.end for s in out):
                out.append(Span(at, at + len(word), "PERSON", ("spacy",), 0.85))
            at = text.find(word, at + 1)
    return sorted(out, key=lambda s: (s.start, s.end))


def kept(text: str, *words: str) -> list[str]:
    rules = default_rules()
    role_words = rules.role_nouns | rules.titles | {"department", "police"}
    return [s.text_in(text) for s in drop_false_names(persons(text, *words), text, role_words)]


def test_a_tag_that_abbreviates_a_role_said_in_the_document_is_no_name():
    text = (
        "00:10  CT:  County dispatch, what's the address?\n"
        "00:12  C:   It's on Ferrow Road.\n"
        "00:20  FD:  Fire department, is anybody trapped?\n"
        "00:25  FD:  Okay, we're sending an engine.\n"
        "Call-taker (CT) logged the call.\n"
    )
    role_words = default_rules().role_nouns | {"department"}
    assert abbreviated_role_tags(text, role_words) == frozenset({"FD", "CT"})
    assert kept(text, "FD") == []


def test_a_tag_of_a_persons_initials_stays_a_name():
    # "JW" abbreviates Janelle Whitford, whose name ends in no role word.
    text = "Present: Janelle Whitford (JW), the caller.\nJW: I was home.\nJW: Yes.\nCALLER: Hi.\n"
    assert kept(text, "JW") == ["JW", "JW", "JW"]


def test_a_tag_of_initials_is_no_role_for_a_determiner_and_a_role_word():
    # "TM" abbreviates Tavion Mabry, not "the man" nor "that man".
    text = 'Participants: TAVION MABRY ("TM")\nTM: The man took it.\nRM: What man?\nTM: That man, Mama.\n'
    rules = default_rules()
    role_words = rules.role_nouns | rules.titles
    assert abbreviated_role_tags(text, role_words, rules.determiners) == frozenset()
    dropped = drop_false_names(persons(text, "TM"), text, role_words, rules.determiners)
    assert [s.text_in(text) for s in dropped] == ["TM", "TM", "TM"]


def test_placeholders_glossed_words_and_terms_of_address_are_no_names():
    text = (
        "He took it at eight. [WITHHELD] He's bleeding. Papi, stay there.\n"
        'A: My son asks, where is Abbo? INTERPRETER: "Abbo" means father.\n'
        "I tell her mija, you need a union.\n"
    )
    assert kept(text, "WITHHELD", "Papi", "Abbo", "mija") == []


def test_a_term_of_address_beside_a_name_stays_one():
    text = "We called him Papi Ochoa at the shop. Papi was the boss."
    assert kept(text, "Papi Ochoa", "Papi") == ["Papi Ochoa", "Papi"]


def test_radio_call_signs_are_no_names():
    text = '(Radio: "Lincoln-twelve, en route.") Lincoln 12 copies.\n'
    assert kept(text, "Lincoln-twelve", "Lincoln 12") == []


def test_names_stay_names():
    text = "CALLER: My name is Rosa Lindqvist. Rosa, okay. Lincoln was my uncle. Dana speaks to him."
    assert kept(text, "Rosa Lindqvist", "Rosa", "Lincoln", "Dana") == [
        "Rosa Lindqvist",
        "Rosa",
        "Lincoln",
        "Dana",
    ]


def test_a_word_after_a_determiner_in_lower_case_speech_is_no_name():
    text = (
        "interviewer: who was your foreman\n"
        "narrator: the foreman was missus cardoza and she bought bread from the baker on main\n"
        "narrator: my friend said the cardoza family was strict and she was a cardoza from tracy\n"
        "narrator: we worked there and then we went home and we ate and we slept and we went back\n"
    )
    rules = default_rules()
    spans = persons(text, "foreman", "baker", "cardoza")
    kept = [s.text_in(text) for s in drop_false_names(spans, text, frozenset(), rules.determiners)]
    # "your foreman", "the foreman", "the baker" go; "missus cardoza", "a cardoza" stay.
    assert kept == ["cardoza", "cardoza", "cardoza"]
    # In a text that capitalises names, NER's reading stands.
    cased = "The Baker family came. We met the Baker at noon. He left. She stayed. They went home."
    spans = persons(cased, "Baker")
    assert len(drop_false_names(spans, cased, frozenset(), rules.determiners)) == 2


def test_a_name_propagated_after_the_is_no_name():
    text = (
        "Dr. Bell came at six. They rang the Bell twice. The Bell family waited. Bell left. "
        "The call bell rang. Mr. Okafor spoke of the Okafor poisoning."
    )
    spans = [
        Span(4, 8, "PERSON", ("spacy",), 0.85),
        *(
            Span(at, at + 4, "PERSON", (PROPAGATION,), 0.8)
            for at in (text.index("Bell twice"), text.index("Bell family"), text.index("Bell left"))
        ),
        Span(text.rindex("Okafor"), text.rindex("Okafor") + 6, "PERSON", (PROPAGATION,), 0.8),
    ]
    kept = [(s.start, s.text_in(text)) for s in drop_propagated_after_the(spans, text)]
    # "the Bell" goes (the text writes "bell" as a word too); "Dr. Bell", "The Bell family",
    # "Bell left" and "the Okafor poisoning" (no common word) stay.
    assert kept == [
        (4, "Bell"),
        (text.index("Bell family"), "Bell"),
        (text.index("Bell left"), "Bell"),
        (text.rindex("Okafor"), "Okafor"),
    ]


def test_a_relatives_name_given_in_an_answer_is_a_person():
    text = (
        "A: My wife is Sagal, she is thirty. My brother, his name is Dhuuba. We lived in Harar. "
        "My wife is Amhara."
    )
    spans = [
        Span(text.index("Sagal"), text.index("Sagal") + 5, "LOCATION", ("spacy",), 0.85),
        Span(text.index("Dhuuba"), text.index("Dhuuba") + 6, "ORGANIZATION", ("spacy",), 0.85),
        Span(text.index("Harar"), text.index("Harar") + 5, "LOCATION", ("spacy",), 0.85),
        Span(text.index("Amhara"), text.index("Amhara") + 6, "NRP", ("spacy",), 0.85),
    ]
    kin = default_rules().person_cues
    assert [(s.text_in(text), s.label) for s in relabel_kin_named(spans, text, kin)] == [
        ("Sagal", "PERSON"),
        ("Dhuuba", "PERSON"),
        ("Harar", "LOCATION"),  # "lived in Harar": no relative before it
        ("Amhara", "NRP"),  # a people, not a name
    ]


def test_a_colour_opening_a_description_is_no_name():
    rules = default_rules()
    colours = frozenset(rules.organisation_cues["colour_words"])
    text = (
        "C: He ran toward the park. Brown jacket, blue jeans, maybe forty.\n"
        "CT: What color was the car? C: Gray, like a light gray.\n"
        "C: White said he saw it too. Ms. Pat Silver called it in.\n"
    )
    spans = persons(text, "Pat Silver", "Brown", "Gray", "White")
    out = drop_false_names(spans, text, rules.role_nouns | rules.titles, rules.determiners, colours)
    left = [text[s.start : s.end + 5] for s in out]
    # The jacket's colour and the car's go; a surname followed by what its bearer did, and a
    # colour the document names a person with, stay.
    assert left == ["White said", "Pat Silver call"]


def test_a_speaker_tag_that_numbers_the_speaker_is_no_name():
    text = (
        "SPEAKER_00: the time is two fifteen\n"
        "Speaker 2: i work at unit 12 now\n"
        "MARTINEZ: Okay.\n"
        "[00:01:37] CALLER 1: Hi.\n"
    )
    spans = [
        Span(0, 10, "LOCATION", ("spacy",)),
        Span(text.index("Speaker 2"), text.index("Speaker 2") + 9, "PERSON", ("spacy",)),
        Span(text.index("unit 12"), text.index("unit 12") + 7, "LOCATION", ("spacy",)),
        Span(text.index("MARTINEZ"), text.index("MARTINEZ") + 8, "PERSON", ("context",)),
        Span(text.index("CALLER 1"), text.index("CALLER 1") + 8, "ORGANIZATION", ("spacy",)),
    ]
    # Where the text importer finds the tags (each speaker says one thing: no trailing line end).
    tags = document_from_text("asr", text.rstrip("\n")).speaker_tags()
    # The numbered tags go; a place said in the speech and a name's tag stay.
    assert [s.text_in(text) for s in drop_numbered_speaker_tags(spans, text, tags)] == ["unit 12", "MARTINEZ"]


def test_a_credential_or_a_fields_abbreviation_in_capitals_is_no_name():
    from reviewer_app.core.merge import merge_spans
    from reviewer_app.core.spans import Span

    text = (
        "DR. PATEL: The report is by a county clinician, Maren Holt, LCSW, from March.\n"
        "NURSE KIM: I'm the charge RN here. Member ID is on the card.\n"
        "DR. PATEL: Thank you, Ms. KIM. And the other nurse?\n"
    )

    def ner(piece: str, nth: int = 0) -> Span:
        start = -1
        for _ in range(nth + 1):
            start = text.index(piece, start + 1)
        return Span(start, start + len(piece), "PERSON", ("spacy",), 0.85)

    spans = [ner("LCSW"), ner("RN "), ner("ID "), ner("KIM.", 0)]
    spans = [s.with_(end=s.end - 1) if text[s.end - 1] in " ." else s for s in spans]
    persons = {s.text_in(text) for s in merge_spans(spans, text) if s.label == "PERSON"}
    assert not persons & {"LCSW", "RN", "ID"}
    # A surname in capitals after a title stays a name.
    assert "KIM" in persons
