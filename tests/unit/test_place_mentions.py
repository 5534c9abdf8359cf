"""A one-word "person" the document says one is in or at is a place (core/place_mentions.py)."""

from __future__ import annotations

from pathlib import Path

from reviewer_app.core.merge import merge_spans
from tests.unit.test_context_rules import _span


def _labels(text: str, spans, names=()) -> list[tuple[str, str, int]]:
    return sorted((s.text_in(text), s.label, s.start) for s in merge_spans(spans, text, person_names=names))


def test_a_word_said_after_in_or_at_is_a_place_at_every_mention():
    text = (
        "A: My brother stayed in Ostrava until the winter. Ostrava, near the border, was cold.\n"
        "Q: And then? A: He was stationed at Kellner for two years. Kellner is a base."
    )
    ner = [
        _span(text, "Ostrava", "PERSON"),
        _span(text, "Ostrava", "PERSON", 1),
        _span(text, "Kellner", "PERSON"),
        _span(text, "Kellner", "PERSON", 1),
    ]
    labels = {(words, label) for words, label, _ in _labels(text, ner)}
    assert ("Ostrava", "LOCATION") in labels and ("Ostrava", "PERSON") not in labels
    assert ("Kellner", "LOCATION") in labels and ("Kellner", "PERSON") not in labels


def test_a_name_the_document_shows_as_a_persons_stays_a_person():
    # A title, a longer name, the possessive, or a cover name: the person, not a place.
    text = (
        "Q: Who was at the house? A: I stayed at Okonkwo's place with Mr. Okonkwo. "
        "Later I saw Brennan Tulley in the yard, and I looked at Tulley. "
        "Then in Varga we talked. Varga was kind."
    )
    ner = [
        _span(text, "Okonkwo", "PERSON"),
        _span(text, "Okonkwo", "PERSON", 1),
        _span(text, "Brennan Tulley", "PERSON"),
        _span(text, "Tulley", "PERSON", 1),
        _span(text, "Varga", "PERSON"),
        _span(text, "Varga", "PERSON", 1),
    ]
    labels = {(words, label) for words, label, _ in _labels(text, ner, names=("Ilona Varga",))}
    assert ("Okonkwo", "LOCATION") not in labels
    assert ("Tulley", "PERSON") in labels and ("Tulley", "LOCATION") not in labels
    assert ("Varga", "LOCATION") not in labels


def test_being_from_a_word_a_town_after_of_and_a_word_joined_to_a_place_make_places():
    text = (
        "A: My wife is from Tepatitlan. Tepatitlan is small.\n"
        "A: His aunt, Graciana Ordaz, of Coalinga, will help. Coalinga has a bus.\n"
        "A: They flew the patients to Grand Forks and Minot by morning. Minot was full.\n"
    )
    ner = [
        _span(text, "Tepatitlan", "PERSON"),
        _span(text, "Tepatitlan", "PERSON", 1),
        _span(text, "Graciana Ordaz", "PERSON"),
        _span(text, "Coalinga", "PERSON"),
        _span(text, "Coalinga", "PERSON", 1),
        _span(text, "Grand Forks", "LOCATION"),
        _span(text, "Minot", "PERSON"),
        _span(text, "Minot", "PERSON", 1),
    ]
    labels = _labels(text, ner)
    for word in ("Tepatitlan", "Coalinga", "Minot"):
        assert {label for words, label, _ in labels if words == word} == {"LOCATION"}, word


def test_a_letter_from_a_person_and_a_person_joined_to_a_person_stay_persons():
    text = (
        "A: I got a letter from Marisol. Marisol wrote it in May.\n"
        "A: Graciana Ordaz, of the parish council, and Dunleavy signed it. Dunleavy is my boss.\n"
    )
    ner = [
        _span(text, "Marisol", "PERSON"),
        _span(text, "Marisol", "PERSON", 1),
        _span(text, "Graciana Ordaz", "PERSON"),
        _span(text, "Dunleavy", "PERSON"),
        _span(text, "Dunleavy", "PERSON", 1),
    ]
    labels = _labels(text, ner)
    assert {label for words, label, _ in labels if words in ("Marisol", "Dunleavy")} == {"PERSON"}


def test_a_person_after_a_place_and_and_or_a_thing_from_a_person_stays_a_person():
    # "and" opens a new clause whose subject is a person; a letter is from a person, not a place.
    text = (
        "A: I moved to Fresno and Tony stayed behind. Tony was my friend.\n"
        "A: The letter is from Maria. Maria wrote it.\n"
        "A: You have to stay away from Darnell. Darnell is trouble.\n"
    )
    ner = [
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Tony", "PERSON"),
        _span(text, "Tony", "PERSON", 1),
        _span(text, "Maria", "PERSON"),
        _span(text, "Maria", "PERSON", 1),
        _span(text, "Darnell", "PERSON"),
        _span(text, "Darnell", "PERSON", 1),
    ]
    labels = _labels(text, ner)
    for word in ("Tony", "Maria", "Darnell"):
        assert {label for words, label, _ in labels if words == word} == {"PERSON"}, word


def test_a_name_after_a_residence_cue_is_a_place_at_every_mention():
    # A person's name or a one-word organisation to NER, right after "born in" or "moved to".
    text = (
        "A: I was born in Bac Lieu in 1960. We left from Bac Lieu by boat.\n"
        "A: Then we moved to Duluth. Duluth was cold.\n"
    )
    ner = [
        _span(text, "Bac Lieu", "PERSON"),
        _span(text, "Bac Lieu", "PERSON", 1),
        _span(text, "Duluth", "ORGANIZATION"),
        _span(text, "Duluth", "ORGANIZATION", 1),
    ]
    labels = _labels(text, ner)
    for word in ("Bac Lieu", "Duluth"):
        assert {label for words, label, _ in labels if words == word} == {"LOCATION"}, word


def test_a_name_after_a_residence_cue_that_is_a_persons_elsewhere_stays_a_person():
    text = "A: She moved to Talia Brandt's house. Then I moved to Brandt. Mr. Brandt let me stay.\n"
    ner = [_span(text, "Talia Brandt", "PERSON"), _span(text, "Brandt", "PERSON", 1)]
    labels = _labels(text, ner)
    assert {label for words, label, _ in labels if words == "Brandt"} == {"PERSON"}


def test_a_town_passed_through_or_by_or_with_an_office_is_a_place():
    text = (
        "A: The bus came in through Barstow at night. Barstow was hot.\n"
        "A: We fished the rivers up by Yreka. Agent Moss, out of the Ukiah office, called.\n"
        "A: A letter from Grace Chapel, Hanford, dated May 2nd.\n"
    )
    ner = [
        _span(text, "Barstow", "PERSON"),
        _span(text, "Barstow", "PERSON", 1),
        _span(text, "Yreka", "PERSON"),
        _span(text, "Ukiah", "PERSON"),
        _span(text, "Grace Chapel", "ORGANIZATION"),
        _span(text, "Hanford", "PERSON"),
    ]
    labels = _labels(text, ner)
    for word in ("Barstow", "Yreka", "Ukiah", "Hanford"):
        assert {label for words, label, _ in labels if words == word} == {"LOCATION"}, word


def test_a_town_that_is_a_persons_name_or_written_by_a_person_stays_a_person():
    # "by" alone is who did it; a town's name the document gives a person keeps it.
    text = (
        "A: The report was written by Hanford. Hanford signed it.\n"
        "A: Dr. Lompoc drove me through Lompoc's old neighbourhood, and then through Lompoc.\n"
    )
    ner = [
        _span(text, "Hanford", "PERSON"),
        _span(text, "Hanford", "PERSON", 1),
        _span(text, "Lompoc", "PERSON"),
        _span(text, "Lompoc", "PERSON", 2),
    ]
    labels = _labels(text, ner)
    assert {label for words, label, _ in labels if words == "Hanford"} == {"PERSON"}
    assert ("Lompoc", "LOCATION") not in {(words, label) for words, label, _ in labels}


def test_a_longer_name_one_is_in_or_that_answers_where_is_a_place_at_every_mention():
    text = (
        "Q: Where did you grow up?\nA: Pine Hollow, in north Fresno. My mom had me young.\n"
        "Q: He'll stay away from Pine Hollow.\nA: I am from a village, Dera Baba, in Punjab.\n"
        "A: My uncle would live with his cousin in Dera Baba.\n"
    )
    ner = [
        _span(text, "Pine Hollow", "PERSON"),
        _span(text, "Pine Hollow", "PERSON", 1),
        _span(text, "Dera Baba", "PERSON"),
        _span(text, "Dera Baba", "PERSON", 1),
    ]
    labels = _labels(text, ner)
    for name in ("Pine Hollow", "Dera Baba"):
        assert {label for words, label, _ in labels if words == name} == {"LOCATION"}, name


def test_a_longer_name_a_person_is_in_or_at_stays_a_person():
    # One looks at and confides in a person; an answer that goes on ("Tomas Vidal and I") names
    # people.
    text = (
        "A: I looked at Marta Ruiz. She sat in Marta Ruiz's chair.\n"
        "Q: Where were you that night?\nA: Tomas Vidal and I were at the party.\n"
        "A: I confided in Tomas Vidal.\n"
    )
    ner = [
        _span(text, "Marta Ruiz", "PERSON"),
        _span(text, "Marta Ruiz", "PERSON", 1),
        _span(text, "Tomas Vidal", "PERSON"),
        _span(text, "Tomas Vidal", "PERSON", 1),
    ]
    labels = _labels(text, ner)
    assert {label for words, label, _ in labels if words in ("Marta Ruiz", "Tomas Vidal")} == {"PERSON"}


def test_a_name_after_a_kind_of_place_is_that_place():
    text = "A: In '86 a commitment to Camp Dorrance Hale up north.\nA: then camp hale in kern county\n"
    ner = [_span(text, "Dorrance Hale", "PERSON"), _span(text, "hale", "PERSON")]
    labels = {(words, label) for words, label, _ in _labels(text, ner)}
    assert ("Camp Dorrance Hale", "LOCATION") in labels and ("camp hale", "LOCATION") in labels


def test_a_longer_name_that_acts_or_is_described_as_a_person_stays_a_person():
    # After "near" or answering "where", a name that a mention shows as a person's (a verb of a
    # person after it, an apposition "my friend") is no place.
    text = (
        "A: I was sitting near Maria Lopez when it happened. Maria Lopez saw everything.\n"
        "Q: Where were you that night?\nA: Tony Alvarez, my friend, had me over.\n"
    )
    ner = [
        _span(text, "Maria Lopez", "PERSON"),
        _span(text, "Maria Lopez", "PERSON", 1),
        _span(text, "Tony Alvarez", "PERSON"),
    ]
    labels = _labels(text, ner)
    assert {label for words, label, _ in labels if words in ("Maria Lopez", "Tony Alvarez")} == {"PERSON"}


def test_the_residence_cues_and_the_places_detector_read_one_copy_of_places_toml(monkeypatch):
    # One loader (core/pattern_tables.py): the places detector's rules and the residence cues of
    # the merge do not each open places.toml.
    from reviewer_app.core import call_streets, pattern_tables
    from reviewer_app.detectors.places import place_rules

    opened: list[str] = []
    path_open = Path.open

    def recording_open(self, *args, **kwargs):
        opened.append(self.name)
        return path_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", recording_open)
    pattern_tables._read_cached.cache_clear()
    place_rules.cache_clear()
    place_rules()
    text = "A: Then we moved to Duluth. Duluth was cold.\n"
    labels = _labels(text, [_span(text, "Duluth", "ORGANIZATION"), _span(text, "Duluth", "ORGANIZATION", 1)])
    assert {label for words, label, _ in labels if words == "Duluth"} == {"LOCATION"}
    # the streets of an address said in a call read the same copy
    call_streets._street_name.cache_clear()
    assert call_streets._street_name().search("2216 Halvorsen Avenue")
    assert opened.count("places.toml") == 1


def test_a_known_place_ner_read_as_nothing_is_a_place():
    text = (
        "A: I've been at the camp since 2015, Calipatria before that.\n"
        "A: He is not as strong as in the Tehachapi years. Not the Fresno court, the other one.\n"
        "Q: Which county? A: Madera. Madera County.\n"
        "A: My mom, 2290 82nd Avenue, East Oakland. She moved."
    )
    labels = {
        (words, label) for words, label, _ in _labels(text, [_span(text, "2290 82nd Avenue", "LOCATION")])
    }
    for place in ("Calipatria", "Tehachapi", "Fresno", "Madera"):
        assert (place, "LOCATION") in labels, place
    assert ("East Oakland", "LOCATION") in labels


def test_a_known_place_in_a_longer_name_a_persons_word_or_a_word_stays_untagged():
    text = (
        "A: Weed at twelve. He wore the Orange jumpsuit, orange like a cone. Mr. Tracy read the "
        "Fresno Bee. Ana Lodi wrote, and I thanked Lodi twice. STATE OF CALIFORNIA."
    )
    labels = _labels(text, [_span(text, "Ana Lodi", "PERSON")])
    for word in ("Weed", "Orange", "Tracy", "Fresno", "Lodi", "CALIFORNIA"):
        assert not [words for words, label, _ in labels if label == "LOCATION" and word in words], word


def test_a_known_place_that_is_a_cover_name_stays_untagged():
    text = "A: I thanked Lodi twice. Then we left."
    assert _labels(text, [], names=("Ana Lodi",)) == []


def test_a_body_ner_read_in_a_list_after_a_place_stays_a_body():
    # The reviewer's sentence: a store listed after a town is no town; a known place is one.
    text = "I applied in Fresno, Target and Costco but nobody called. Then Fresno and Turlock."
    ner = [
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Target", "ORGANIZATION"),
        _span(text, "Costco", "ORGANIZATION"),
        _span(text, "Fresno", "LOCATION", 1),
        _span(text, "Turlock", "ORGANIZATION"),
    ]
    labels = {(words, label) for words, label, _ in _labels(text, ner)}
    assert {("Target", "ORGANIZATION"), ("Costco", "ORGANIZATION"), ("Turlock", "LOCATION")} <= labels


def test_a_name_before_a_lower_case_word_for_a_kind_of_place_is_that_place():
    text = (
        "Speaker E: At a party on Pacheco road. My grandmother passed when I was at Kern valley.\n"
        "Speaker D: Kern county asks for a denial. I let Tony drive. Ask Ruiz county staff."
    )
    ner = [
        _span(text, "Pacheco", "ORGANIZATION"),
        _span(text, "Kern", "ORGANIZATION"),
        _span(text, "Kern", "ORGANIZATION", 1),
        _span(text, "Tony", "PERSON"),
        _span(text, "Ruiz", "PERSON"),
    ]
    labels = {(words, label) for words, label, _ in _labels(text, ner)}
    assert {("Pacheco road", "LOCATION"), ("Kern valley", "LOCATION"), ("Kern county", "LOCATION")} <= labels
    assert {("Tony", "PERSON"), ("Ruiz", "PERSON")} <= labels


def test_an_unknown_group_after_a_place_cue_is_a_place():
    text = (
        "A: If I go back they will take me to Tolay again. She is from Jalisco like me.\n"
        "A: A school of Hispanic families. Classes in Oromo. Also there are Amhara here."
    )
    ner = [
        _span(text, "Tolay", "NRP"),
        _span(text, "Jalisco", "NRP"),
        _span(text, "Hispanic", "NRP"),
        _span(text, "Oromo", "NRP"),
        _span(text, "Amhara", "NRP"),
    ]
    labels = {(words, label) for words, label, _ in _labels(text, ner)}
    assert {("Tolay", "LOCATION"), ("Jalisco", "LOCATION")} <= labels
    assert {("Hispanic", "NRP"), ("Oromo", "NRP"), ("Amhara", "NRP")} <= labels


def test_a_name_past_a_word_of_direction_is_a_place():
    text = (
        "A: I was building pads out by Quenby. Quenby had work.\n"
        "a: my mother was from a farm out by lodi we went to mass\n"
        "A: Mr. Ostrander drove us. The house was out by Ostrander. I sat by Nadia."
    )
    ner = [
        _span(text, "Quenby", "ORGANIZATION"),
        _span(text, "Quenby", "ORGANIZATION", 1),
        _span(text, "lodi", "PERSON"),
        _span(text, "Ostrander", "PERSON"),
        _span(text, "Ostrander", "PERSON", 1),
        _span(text, "Nadia", "PERSON"),
    ]
    labels = _labels(text, ner)
    assert [label for words, label, _ in labels if words == "Quenby"] == ["LOCATION", "LOCATION"]
    assert ("lodi", "LOCATION") in {(words, label) for words, label, _ in labels}
    assert {label for words, label, _ in labels if words in ("Ostrander", "Nadia")} == {"PERSON"}


def test_a_person_past_a_word_of_direction_stays_a_person():
    # The reviewer's sentences: one sits by a person; a title, NER's reading as a person, or a
    # lower-case name that is no known town keeps the person.
    cases = [
        ("I was sitting over by Officer Reyes when the fight started.", [("Officer Reyes", 0)]),
        ("I was sitting out by Kevin on the yard. Kevin said nothing.", [("Kevin", 0), ("Kevin", 1)]),
        ("I moved down by Lupe in Merced. Lupe helped me out.", [("Lupe", 0), ("Lupe", 1)]),
        ("i was standing over by maria when the fight started", [("maria", 0)]),
    ]
    for text, persons in cases:
        ner = [_span(text, words, "PERSON", nth) for words, nth in persons]
        labels = [label for words, label, _ in _labels(text, ner) if words != "Merced"]
        assert labels == ["PERSON"] * len(persons), text
