"""A language named as one is NRP (core/language_names.py)."""

from __future__ import annotations

from reviewer_app.core.language_names import label_languages
from reviewer_app.core.spans import Span


def _span(text: str, words: str, label: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(words, start + 1)
    return Span(start, start + len(words), label, ("spacy",), 0.85)


def _labelled(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(s.text_in(text), s.label) for s in label_languages(spans, text)]


def test_a_word_ner_took_for_a_body_or_a_person_is_a_language_where_the_text_says_so():
    text = "MANPREET GILL, Punjabi Interpreter\nLanguage: Afaan Oromo\nHer mother speaks Hmong."
    spans = [
        _span(text, "Punjabi Interpreter", "ORGANIZATION"),
        _span(text, "Afaan Oromo", "PERSON"),
        _span(text, "Hmong", "LOCATION"),
    ]
    assert _labelled(text, spans) == [("Punjabi", "NRP"), ("Afaan Oromo", "NRP"), ("Hmong", "NRP")]


def test_a_language_is_one_at_its_other_mentions_too():
    text = "We had a Tigrinya interpreter. In Tigrinya we say it differently.\nInterpreter ID 4471, Tigrinya."
    spans = [_span(text, "Tigrinya", "NRP"), *(_span(text, "Tigrinya", "PERSON", nth=n) for n in (1, 2))]
    assert _labelled(text, spans) == [("Tigrinya", "NRP")] * 3


def test_names_near_an_interpreter_stay_what_they_are():
    text = "The interpreter, Rupinder Gill, was sworn. Gill speaks to Mr. Sandhu in Yuba City."
    spans = [
        _span(text, "Rupinder Gill", "PERSON"),
        _span(text, "Gill", "PERSON", nth=1),
        _span(text, "Sandhu", "PERSON"),
        _span(text, "Yuba City", "LOCATION"),
    ]
    assert _labelled(text, spans) == [
        ("Rupinder Gill", "PERSON"),
        ("Gill", "PERSON"),
        ("Sandhu", "PERSON"),
        ("Yuba City", "LOCATION"),
    ]


def test_only_a_languages_name_is_read_as_one():
    text = (
        "My sister works at Kaiser. She is a Kaiser interpreter now.\n"
        "Then the Fresno speakers bureau sent someone. I grew up in Fresno.\n"
        "Also present was Ana Ruiz Interpreter. When I speak Tony listens."
    )
    spans = [
        _span(text, "Kaiser", "ORGANIZATION"),
        _span(text, "Kaiser", "ORGANIZATION", nth=1),
        _span(text, "Fresno", "LOCATION"),
        _span(text, "Fresno", "LOCATION", nth=1),
        _span(text, "Ana Ruiz Interpreter", "PERSON"),
        _span(text, "Tony", "PERSON"),
    ]
    assert [label for _, label in _labelled(text, spans)] == [s.label for s in spans]


def test_a_speakers_tag_keeps_its_label_where_the_language_is_spread():
    text = "She speaks Lao at home.\nLAO: I was there."
    tag = (text.index("LAO"), text.index("LAO") + 3)
    spans = [_span(text, "Lao", "PERSON"), Span(*tag, "PERSON", ("context",), 0.9)]
    labelled = label_languages(spans, text, [tag])
    assert [(s.text_in(text), s.label) for s in labelled] == [("Lao", "NRP"), ("LAO", "PERSON")]


def test_a_language_named_as_one_that_no_detector_found_is_added():
    text = "We need a Vietnamese interpreter. He speaks tigrinya. The Hmong market is closed."
    assert _labelled(text, []) == [("Vietnamese", "NRP"), ("tigrinya", "NRP")]
    # A language the whitelist keeps readable is not added
    spans = label_languages([], "a Spanish interpreter, a Mam interpreter", whitelist=frozenset({"spanish"}))
    assert [s.label for s in spans] == ["NRP"] and spans[0].start == len("a Spanish interpreter, a ")


def test_the_language_after_the_interpreters_role_is_a_language():
    text = (
        "Interpreter: Afaan Oromo, by telephone\n"
        "GILL: Manpreet Gill, certified court interpreter, Punjabi, 301947."
    )
    spans = [_span(text, "Afaan Oromo", "PERSON"), _span(text, "Punjabi", "ORGANIZATION")]
    assert _labelled(text, spans) == [("Afaan Oromo", "NRP"), ("Punjabi", "NRP")]


def test_in_a_conversation_a_language_is_nrp_at_every_mention_english_included():
    # The annotation decisions: a language is NRP in every mention. A hearing's or a call's
    # languages are its speakers' (every_mention), a judgment's "into English" nobody's.
    text = (
        "SPANISH INTERPRETER: Yes.\n"
        "Q. You took the class in English?\n"
        "A. My Spanish is better. The English class was at night. I was born in Tonga."
    )
    whitelist = frozenset({"english", "spanish"})
    tags = [(0, len("SPANISH INTERPRETER"))]
    tonga = _span(text, "Tonga", "LOCATION")
    spans = label_languages([tonga], text, tags, whitelist, every_mention=True)
    assert [(s.text_in(text), s.label) for s in spans] == [
        ("English", "NRP"),
        ("Spanish", "NRP"),
        ("English", "NRP"),
        ("Tonga", "LOCATION"),
    ]
    # Without it (written text) the whitelist keeps them readable, as before.
    assert label_languages([tonga], text, tags, whitelist) == [tonga]


def test_a_language_never_named_as_one_is_left_alone_at_every_mention():
    text = "He teaches Sociology and English at the college."
    assert label_languages([], text, (), frozenset({"english"}), every_mention=True) == []


def test_a_surname_named_like_a_language_stays_a_person():
    # review16: where a language is NRP at every mention, "Mrs. English" and "ATTORNEY ENGLISH:"
    # shared the language's tag, which the text around the language gives away.
    from reviewer_app.core.language_names import surnames_named_like_languages

    text = "ATTORNEY ENGLISH: He speaks English. Mrs. English taught him, in English."
    spans = [
        _span(text, "ENGLISH", "NRP"),
        _span(text, "English", "NRP"),
        _span(text, "English", "NRP", 1),
        _span(text, "English", "NRP", 2),
    ]
    tags = [(0, len("ATTORNEY ENGLISH"))]
    out = surnames_named_like_languages(spans, text, tags, frozenset({"mrs", "attorney"}))
    assert [s.label for s in out] == ["PERSON", "NRP", "PERSON", "NRP"]


def test_a_language_after_an_article_or_an_adjective_stays_a_language():
    from reviewer_app.core.language_names import surnames_named_like_languages

    text = "assisted by a Korean interpreter, a certified Punjabi interpreter"
    spans = [_span(text, "Korean", "NRP"), _span(text, "Punjabi", "NRP")]
    titles = frozenset({"a", "certified", "mrs"})
    assert [s.label for s in surnames_named_like_languages(spans, text, (), titles)] == ["NRP", "NRP"]
