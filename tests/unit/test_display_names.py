"""A meeting's display name that is a device's or a room's (`core.display_names.py`): its town or
prison is a place, no one in it is a person but the owner, and a town NER read as a surname in
the speech is the place at its other mentions too."""

from __future__ import annotations

import re

from reviewer_app.core.display_names import (
    label_device_speakers,
    label_persons_before_notes,
    names_in_speaker_tags,
)
from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.spans import Span

DEVICES = frozenset({"rm", "room", "ipad", "iphone", "conf"})
PLACES = frozenset({"corcoran", "tracy", "san quentin"})
TITLES = frozenset({"ms", "mr", "commissioner"})


def _tags(text: str, *labels: str) -> list[tuple[int, int]]:
    out, at = [], 0
    for label in labels:
        at = text.index(label, at)
        out.append((at, at + len(label)))
        at += len(label)
    return out


def _labelled(spans: list[Span], text: str) -> list[tuple[str, str]]:
    return [(s.text_in(text), s.label) for s in spans]


def test_a_room_s_label_holds_its_town_as_a_place_and_no_person():
    text = "CORCORAN HEARING RM 2  0:41\nI can hear you.\nCORCORAN HEARING RM 2  0:55\nYes."
    tags = _tags(text, "CORCORAN HEARING RM 2", "CORCORAN HEARING RM 2")
    spans = [Span(a, a + 8, "PERSON", ("propagation",), 0.8) for a, _ in tags]
    out = label_device_speakers(spans, text, tags, DEVICES, PLACES, TITLES)
    assert _labelled(out, text) == [("CORCORAN", "LOCATION"), ("CORCORAN", "LOCATION")]


def test_a_person_s_label_is_left_alone_and_so_are_initials_that_spell_a_device_word():
    text = "Tracy Chen  0:41\nI can hear you.\nRM: Hello.\nRM: Bye."
    spans = [Span(0, 10, "PERSON", ("spacy",), 0.85), Span(33, 35, "PERSON", ("context",), 0.6)]
    tags = _tags(text, "Tracy Chen", "RM", "RM")
    assert label_device_speakers(spans, text, tags, DEVICES, PLACES, TITLES) == spans


def test_nothing_but_a_place_changes_in_a_device_s_label_and_an_owner_s_name_is_no_place():
    text = "Tracy Jones's iPad  0:41\nhello\nConference Room iPad  0:50\nhi\nTracy Jones iPhone  0:55\nyes"
    spans = [
        Span(0, 11, "PERSON", ("spacy",), 0.85),
        Span(32, 47, "ORGANIZATION", ("spacy",), 0.85),
        Span(
            text.index("Tracy Jones iPhone"),
            text.index("Tracy Jones iPhone") + 11,
            "PERSON",
            ("spacy",),
            0.85,
        ),
    ]
    tags = _tags(text, "Tracy Jones's iPad", "Conference Room iPad", "Tracy Jones iPhone")
    assert label_device_speakers(spans, text, tags, DEVICES, PLACES, TITLES) == spans


def test_a_device_word_in_a_display_name_s_note_makes_no_device():
    text = "Maria Lopez (iPad)  0:41\nhello\nTracy Video (BPH)  0:50\nhi"
    spans = [Span(0, 11, "PERSON", ("spacy",), 0.85), Span(32, 43, "PERSON", ("spacy",), 0.85)]
    tags = _tags(text, "Maria Lopez (iPad)", "Tracy Video (BPH)")
    assert label_device_speakers(spans, text, tags, DEVICES, PLACES, TITLES) == spans
    out = label_persons_before_notes(spans, text, tags, DEVICES, TITLES)
    assert _labelled(out, text) == [("Maria Lopez", "PERSON"), ("Tracy Video", "PERSON")]


def test_the_town_read_as_a_person_in_the_speech_is_the_place_unless_shown_as_a_person():
    text = "TRACY CONF RM  0:10\nI was at Tracy before.\nTRACY CONF RM  0:20\nMs. Tracy knows."
    tags = _tags(text, "TRACY CONF RM", "TRACY CONF RM")
    speech = text.index("Tracy before")
    seeded = [Span(speech, speech + 5, "PERSON", ("spacy",), 0.85)]
    out = label_device_speakers(seeded, text, tags, DEVICES, PLACES, TITLES)
    assert ("Tracy", "LOCATION") in _labelled(out, text)
    titled = text.index("Tracy knows")
    both = [*seeded, Span(titled, titled + 5, "PERSON", ("spacy",), 0.85)]
    out = label_device_speakers(both, text, tags, DEVICES, PLACES, TITLES)
    assert [lab for covered, lab in _labelled(out, text) if covered == "Tracy"] == ["PERSON", "PERSON"]


def test_a_place_of_several_words_in_a_label_is_one_span():
    text = "San Quentin Video Conf  0:05\nGood morning."
    out = label_device_speakers([], text, _tags(text, "San Quentin Video Conf"), DEVICES, PLACES, TITLES)
    assert _labelled(out, text) == [("San Quentin", "LOCATION")]


def test_the_merge_stops_a_town_read_as_a_surname_spreading_over_a_room_s_label():
    text = (
        "Commissioner Park  0:05\nThe inmate is at the CORCORAN hearing room today.\n"
        "CORCORAN HEARING RM 2  0:41\nYes ma'am.\nCommissioner Park  0:49\nThank you.\n"
        "CORCORAN HEARING RM 2  1:15\nOkay."
    )
    tags = _tags(
        text, "Commissioner Park", "CORCORAN HEARING RM 2", "Commissioner Park", "CORCORAN HEARING RM 2"
    )
    seed = text.index("CORCORAN hearing")
    spans = [Span(seed, seed + 8, "PERSON", ("spacy",), 0.85), Span(13, 17, "PERSON", ("spacy",), 0.85)]
    out = merge_spans(spans, text, default_rules(), speaker_tags=tags)
    assert [lab for covered, lab in _labelled(out, text) if covered == "CORCORAN"] == ["LOCATION"] * 3


def test_the_name_before_a_display_name_s_note_is_a_person_without_its_title_or_note():
    text = "Commissioner Helen Park (BPH)  0:05\nOn the record.\nDaniel Okafor (Guest)  0:12\nMorning."
    tags = _tags(text, "Commissioner Helen Park (BPH)", "Daniel Okafor (Guest)")
    park = text.index("Helen Park")
    spans = [Span(park, park + 16, "LOCATION", ("spacy",), 0.85)]
    out = label_persons_before_notes(spans, text, tags, DEVICES, TITLES)
    assert _labelled(out, text) == [("Helen Park", "PERSON"), ("Daniel Okafor", "PERSON")]


def test_a_device_s_label_or_a_word_the_text_writes_in_lower_case_before_a_note_is_no_person():
    text = (
        "Corcoran Conf Rm (Guest)  0:05\nYes.\nNote (added later): a note.\n"
        "Question 12 (Follow-up): a question?"
    )
    tags = _tags(text, "Corcoran Conf Rm (Guest)", "Note (added later)", "Question 12 (Follow-up)")
    assert label_persons_before_notes([], text, tags, DEVICES, TITLES) == []


def test_one_word_or_a_numbered_name_before_a_note_is_a_person_without_the_number():
    text = "Rivers (Guest)  0:05\nI am here.\nOkafor 2 (Guest)  0:09\nMe too.\nbell Hooks (he/him)  0:12\nHi."
    tags = _tags(text, "Rivers (Guest)", "Okafor 2 (Guest)", "bell Hooks (he/him)")
    out = label_persons_before_notes([], text, tags, DEVICES, TITLES)
    assert _labelled(out, text) == [("Rivers", "PERSON"), ("Okafor", "PERSON"), ("bell Hooks", "PERSON")]


def test_the_merge_reads_the_name_before_a_note_as_a_person_whatever_ner_made_of_it():
    text = "Helen Park (Guest)  0:05\nOn the record.\nRuiz  0:09\nThank you.\nHelen Park (Guest)  0:12\nYes."
    tags = _tags(text, "Helen Park (Guest)", "Ruiz", "Helen Park (Guest)")
    second = text.index("Helen Park", 5)
    spans = [
        Span(0, 18, "LOCATION", ("spacy",), 0.85),
        Span(second, second + 18, "ORGANIZATION", ("spacy",), 0.85),
    ]
    out = merge_spans(spans, text, default_rules(), speaker_tags=tags)
    assert _labelled(out, text) == [("Helen Park", "PERSON"), ("Helen Park", "PERSON")]


NOT_NAMES = frozenset({"presiding", "commissioner", "the", "witness", "speaker", "q", "coordinator"})


def test_the_names_in_speaker_tags_leave_out_roles_notes_numbers_codes_and_devices():
    text = (
        "PRESIDING COMMISSIONER LEE: Good morning.\nRivers (Guest): Hi.\nOkafor 2 (Guest): Hello.\n"
        "THE WITNESS: Yes.\nspeaker 1: ok\nQ: Where?\nFD: Engine two.\nDEP COMM REDDICK: Noted.\n"
        "HEARING COORDINATOR: Ready.\nCorcoran Conf Rm (Guest): yes\nthe hearing went on."
    )
    tags = [(m.start(), m.end()) for m in re.finditer(r"(?m)^[^:\n]+(?=:)", text)]
    names = names_in_speaker_tags(text, tags, NOT_NAMES, DEVICES)
    assert names == ["LEE", "Rivers", "Okafor", "REDDICK"]


def test_a_label_written_surname_first_is_one_person_where_the_importer_took_no_tag():
    text = (
        "12\n00:12:31,400 --> 00:12:35,900\nOkafor, Desmond: yes sir i was going to stay with my aunt\n\n"
        "13\n00:12:36,000 --> 00:12:40,200\nWhitcomb, Gerald (BPH): and your aunt's name\n\n"
        "14\n00:12:41,000 --> 00:12:43,000\nWell, Sure: that is all\n\n"
        "15\n00:12:44,000 --> 00:12:45,000\nCommissioner, Sir: one more\n"
    )
    desmond, gerald, sure = text.index("Desmond"), text.index("Gerald"), text.index("Sure")
    spans = [
        Span(desmond, desmond + 7, "PERSON", ("spacy",), 0.85),
        Span(gerald, gerald + 6, "PERSON", ("spacy",), 0.85),
        Span(sure, sure + 4, "ORGANIZATION", ("spacy",), 0.85),
        Span(text.index("Sir"), text.index("Sir") + 3, "PERSON", ("spacy",), 0.85),
    ]
    out = _labelled(label_persons_before_notes(spans, text, [], DEVICES, TITLES | {"sir"}), text)
    # NER read the given names; the surnames written first are the same person's.
    assert ("Okafor, Desmond", "PERSON") in out and ("Whitcomb, Gerald", "PERSON") in out
    # A label whose words hold no person, or a title, is none.
    assert ("Well, Sure", "PERSON") not in out and ("Commissioner, Sir", "PERSON") not in out


def test_a_name_written_surname_first_in_a_caption_or_a_field_is_one_person():
    text = (
        "In the Matter of\n\n"
        "ROSALES-CHAJ, Feliciano                         IN REMOVAL PROCEEDINGS\n"
        "Agent: VANDERMOLEN, Priscilla\n"
        "Parolee: OKEREKE, Dwayne Anthony          CDCR #: BH4471\n"
        "Okay, Marcus\n"
        "okay so we start\n"
        "Fresno, California\n"
    )

    def span(word: str, label: str = "PERSON") -> Span:
        return Span(text.index(word), text.index(word) + len(word), label, ("spacy",), 0.85)

    spans = [
        span("Feliciano"),
        span("Priscilla"),
        span("Dwayne Anthony"),
        span("Marcus"),
        span("California", "LOCATION"),
    ]
    out = _labelled(label_persons_before_notes(spans, text, [], DEVICES, TITLES), text)
    # NER read the given names; the surnames written first in capitals were published.
    for name in ("ROSALES-CHAJ, Feliciano", "VANDERMOLEN, Priscilla", "OKEREKE, Dwayne Anthony"):
        assert (name, "PERSON") in out
    # A word the text also writes in lower case is no surname; a place and its state hold no person.
    assert ("Marcus", "PERSON") in out and ("Okay, Marcus", "PERSON") not in out
    assert ("California", "LOCATION") in out and not any(t.startswith("Fresno") for t, _ in out)


def test_a_credential_after_a_display_name_is_a_note_and_no_organisation():
    text = "Priya Raman, NP  0:00\nokay\n\nOkafor, Desmond  0:04\nyes\n\nRAMAN, PRIYA  0:09\nhi\n"
    tags = [
        (text.index(t), text.index(t) + len(t))
        for t in ("Priya Raman, NP", "Okafor, Desmond", "RAMAN, PRIYA")
    ]

    def span(word: str, label: str) -> Span:
        return Span(text.index(word), text.index(word) + len(word), label, ("spacy",), 0.85)

    spans = [span("NP", "ORGANIZATION"), span("Desmond", "PERSON"), span("PRIYA", "PERSON")]
    out = _labelled(label_persons_before_notes(spans, text, tags, DEVICES, TITLES), text)
    # The nurse practitioner's tag: her name a person, "NP" nothing.
    assert ("Priya Raman", "PERSON") in out and not any(t == "NP" for t, _ in out)
    # A name written surname first is no name and credential: its given name stays a person's.
    assert any("Desmond" in t and label == "PERSON" for t, label in out)
    assert any("PRIYA" in t and label == "PERSON" for t, label in out)


def test_a_given_name_like_a_credential_and_a_number_after_a_name_written_surname_first():
    text = "Xiong, Pa  0:01\nhello\n\nParolee: OKEREKE, Dwayne AK6093\n"
    tag = (0, len("Xiong, Pa"))
    spans = [
        Span(text.index("Pa"), text.index("Pa") + 2, "PERSON", ("spacy",), 0.85),
        Span(text.index("Dwayne"), text.index("Dwayne") + 6, "PERSON", ("spacy",), 0.85),
        Span(text.index("AK6093"), text.index("AK6093") + 6, "CDCR_ID", ("presidio",), 0.85),
    ]
    out = _labelled(label_persons_before_notes(spans, text, [tag], DEVICES, TITLES), text)
    # "Pa" is a given name (Hmong), no physician assistant; the CDCR number is no part of a name.
    assert any("Pa" in t and label == "PERSON" for t, label in out)
    assert ("OKEREKE, Dwayne", "PERSON") in out and ("AK6093", "CDCR_ID") in out
