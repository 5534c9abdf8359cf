"""Names in lower-case speech (core/caseless_names.py): ordinary words, full names said again."""

from __future__ import annotations

from reviewer_app.core.caseless_names import (
    drop_ordinary_lower_case_persons,
    ordinary_word,
    propagate_caseless_name_words,
)
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.spans import Span

# As the casing model counts them: "report" mostly lower case, "grace" and "long" written both ways.
COUNTS = {"report": 1293, "Report": 59, "grace": 66, "Grace": 40, "long": 2213, "Long": 101, "dated": 52}
TITLES = frozenset({"miss", "mister"})


def person(text: str, word: str, nth: int = 0, detectors: tuple[str, ...] = ("spacy",)) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Span(start, start + len(word), "PERSON", detectors)


def test_a_word_counted_mostly_in_lower_case_is_an_ordinary_word():
    assert ordinary_word("report", COUNTS)
    assert ordinary_word("dated", COUNTS)
    assert not ordinary_word("grace", COUNTS)  # 66 to 40: a name as often as a word
    assert not ordinary_word("sandhu", COUNTS)  # never counted: nothing to tell


def test_an_ordinary_word_read_as_a_person_is_dropped():
    text = "the summary is from the probation officer's report on the night of the crime grace was there"
    spans = [person(text, "report"), person(text, "grace")]
    kept = drop_ordinary_lower_case_persons(spans, text, COUNTS, TITLES)
    assert [s.text_in(text) for s in kept] == ["grace"]


def test_a_word_the_document_shows_as_a_name_keeps_its_spans():
    # "miss long" anywhere: every "long" NER read as a person stays one.
    titled = "thank you miss long and can i ask how long you waited long said an hour"
    spans = [person(titled, "long", 1), person(titled, "long", 2)]
    assert drop_ordinary_lower_case_persons(spans, titled, COUNTS, TITLES) == spans
    # A name of several words ("patrice long") shows its words as a name's too.
    named = "is that patrice long yes and long said she would call"
    spans = [Span(8, 20, "PERSON", ("spacy",)), person(named, "long", 1)]
    assert drop_ordinary_lower_case_persons(spans, named, COUNTS, TITLES) == spans
    # Without either, "long" is the word.
    plain = "i waited so long and then long said she would call back later today"
    assert drop_ordinary_lower_case_persons([person(plain, "long", 1)], plain, COUNTS, TITLES) == []


def test_a_word_a_cue_found_as_a_name_keeps_its_spans():
    counts = {**COUNTS, "destiny": 63, "back": 2224, "Back": 33}
    text = "her name is destiny everybody calls her dez and destiny said call her back"
    cued = person(text, "destiny", 0, ("context",))
    copied = person(text, "destiny", 1, ("propagation",))
    guessed = person(text, "back")
    kept = drop_ordinary_lower_case_persons([cued, copied, guessed], text, counts, TITLES)
    assert kept == [cued, copied]
    # The copy alone, its source gone, is no name the document shows.
    assert drop_ordinary_lower_case_persons([copied], text, counts, TITLES) == []


def test_only_lower_case_persons_of_one_word_are_read():
    text = "the Report was dated the ninth and report was filed"
    report_org = Span(text.index("report"), text.index("report") + 6, "ORGANIZATION", ("spacy",))
    spans = [person(text, "Report"), report_org]
    assert drop_ordinary_lower_case_persons(spans, text, COUNTS, TITLES) == spans


def test_the_merge_drops_them_only_when_given_the_casing_counts():
    text = "the summary is from the probation officer's report on the night of the crime"
    spans = [person(text, "report")]
    assert [s.label for s in merge_spans(spans, text)] == ["PERSON"]
    assert merge_spans(spans, text, casing_counts=COUNTS) == []


NAME_COUNTS = {**COUNTS, "walter": 3, "Walter": 250, "house": 900, "House": 80, "bishop": 10, "Bishop": 20}
NOT_NAMES = frozenset({"mr", "sergeant", "aunt"})
DETERMINERS = frozenset({"the", "a", "my"})


def test_a_word_of_a_full_name_is_a_name_where_said_alone():
    text = "walter fenske was my grandfather. mr. fenske, you may speak. fenske: thank you"
    full = Span(0, 13, "PERSON", ("spacy",))
    found = propagate_caseless_name_words([full], text, NAME_COUNTS, NOT_NAMES, DETERMINERS)
    assert [s.text_in(text) for s in found] == ["walter fenske", "fenske", "fenske"]
    assert all(s.label == "PERSON" for s in found)


def test_ordinary_words_titles_and_words_after_a_determiner_are_not_taken():
    text = "good morning barnaby house and sergeant bishop. the bishop came to the house. sergeant bishop sat"
    full = Span(13, 26, "PERSON", ("spacy",))  # "barnaby house": "house" is a word
    titled = Span(31, 46, "PERSON", ("spacy",))  # "sergeant bishop"
    found = propagate_caseless_name_words([full, titled], text, NAME_COUNTS, NOT_NAMES, DETERMINERS)
    added = [s.text_in(text) for s in found if s not in (full, titled)]
    assert added == ["bishop"]  # the last "bishop", after "sergeant"; not "the bishop" nor "the house"


def test_the_merge_takes_a_full_names_words_alone_only_when_given_the_casing_counts():
    text = "my grandfather was walter fenske and we loved him\nthank you for coming fenske family"
    spans = [Span(19, 32, "PERSON", ("spacy",))]
    assert len(merge_spans(spans, text)) == 1
    found = merge_spans(spans, text, casing_counts=NAME_COUNTS)
    assert [s.text_in(text) for s in found if s.label == "PERSON"] == ["walter fenske", "fenske"]
