"""A legislature's member named by an office's title, which NER reads as an organisation
("Assemblymember Okafor"), is a person; a title before a thing's name is not."""

from __future__ import annotations

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.legislature_names import persons_after_office_titles, roll_call_names
from reviewer_app.core.spans import Span

HEARING = (
    "CHAIR HOLLOWAY: Questions from members? Assemblymember Okafor, then Councilmember Ibarra-Soto. "
    "ASSEMBLYMEMBER OKAFOR: Thank you, Vice Chair Dunleavy. The Mayor's Office wrote, and Chair Yoga "
    "meets in the Justice Building. Bring a mat for yoga."
)


def _org(text: str, phrase: str) -> Span:
    start = text.index(phrase)
    return Span(start, start + len(phrase), "ORGANIZATION", ("spacy",), 0.85)


def _relabelled(text: str, *phrases: str) -> list[tuple[str, str]]:
    spans = [_org(text, p) for p in phrases]
    out = persons_after_office_titles(spans, text, frozenset({"office", "building"}), lowercase_words(text))
    return [(s.label, s.text_in(text)) for s in out]


def test_a_member_named_by_an_office_title_is_a_person():
    assert _relabelled(
        HEARING, "Assemblymember Okafor", "Councilmember Ibarra-Soto", "Vice Chair Dunleavy"
    ) == [
        ("PERSON", "Okafor"),
        ("PERSON", "Ibarra-Soto"),
        ("PERSON", "Dunleavy"),
    ]


def test_a_title_before_a_thing_stays_an_organisation():
    # A body's head word, a possessive and a word the text writes in lower case ("for yoga").
    assert _relabelled(HEARING, "Mayor's Office", "Chair Yoga", "Justice Building") == [
        ("ORGANIZATION", "Mayor's Office"),
        ("ORGANIZATION", "Chair Yoga"),
        ("ORGANIZATION", "Justice Building"),
    ]


def test_in_lower_case_speech_the_member_is_a_person_too():
    text = "thank you councilmember haverford and supervisor brandt for the haverford report"
    assert _relabelled(text, "councilmember haverford") == [("PERSON", "haverford")]


# A roll call in a caption cue as a recogniser writes it, and in a committee's transcript.
CAPTIONED_ROLL = (
    "12\n00:00:54,800 --> 00:01:00,300\n"
    ">> holloway aye okafor aye lindqvist no\n"
    "braddock not voting nakagawa aye\n"
)
COUNTS = {
    "okafor": 0,
    "holloway": 2,
    "Holloway": 40,
    "lindqvist": 0,
    "braddock": 0,
    "nakagawa": 0,
    "said": 900,
}


def _names(text: str, counts: dict[str, int] | None, spans: tuple[Span, ...] = ()) -> list[str]:
    found = roll_call_names(spans, text, frozenset({"the", "and", "chair"}), counts)
    return [s.text_in(text) for s in found if s.label == "PERSON"]


def test_the_members_answering_a_roll_call_are_persons():
    assert _names(CAPTIONED_ROLL, COUNTS) == ["holloway", "okafor", "lindqvist", "braddock", "nakagawa"]
    written = "SECRETARY: Okafor? Aye. Lindqvist? No. Ferreira-Lutz? Aye. Nakagawa? Abstain."
    assert _names(written, None) == ["Okafor", "Lindqvist", "Ferreira-Lutz", "Nakagawa"]


def test_a_span_already_there_is_kept_and_not_doubled():
    start = CAPTIONED_ROLL.index("okafor")
    known = Span(start, start + 6, "PERSON", ("spacy",), 0.85)
    assert _names(CAPTIONED_ROLL, COUNTS, (known,)).count("okafor") == 1


def test_answers_after_ordinary_words_are_no_roll_call():
    # "said" is counted in lower case; two answers make no roll call; "yes" alone in capitals.
    assert _names("and then i said no he said yes she said no and okafor said yes", COUNTS) == []
    assert _names("okafor aye lindqvist aye and that was it", COUNTS) == []
    assert _names("Is it done? Yes. Is it signed? Yes. Is it filed? Yes.", None) == []
