"""Names that are common words in a text typed in capitals (`core/capitals_names.py`)."""

from __future__ import annotations

from reviewer_app.core.capitals_names import capital_names_by_place, drop_capital_words_said_as_words
from reviewer_app.core.merge import default_rules, merge_spans
from reviewer_app.core.name_rules import PROPAGATION
from reviewer_app.core.spans import Span

KIN = frozenset({"wife", "son", "daughter", "mother"})
NOT_NAMES = frozenset({"and", "will", "is", "the", "commissioner", "inmate"})
TEXT = (
    "COMMISSIONER STONE: WHO IS IN YOUR SUPPORT NETWORK, MR. DELGADO?\n"
    "INMATE DELGADO: MY WIFE ROSE AND MY SON BILL. MY MOTHER PASSED AWAY.\n"
    "COMMISSIONER STONE: IS HOPE DELGADO COMING?\n"
    "INMATE DELGADO: I HOPE DELGADO FAMILY CAN COME. SHE BROUGHT ME A ROSE ONCE.\n"
)


def delgados(text: str) -> list[Span]:
    out, at = [], text.find("DELGADO")
    while at >= 0:
        out.append(Span(at, at + 7, "PERSON", ("spacy",)))
        at = text.find("DELGADO", at + 1)
    return out


def names(text: str, spans: list[Span]) -> list[str]:
    found = capital_names_by_place(spans, text, [], KIN, NOT_NAMES)
    return [s.text_in(text) for s in found if s.text_in(text) != "DELGADO"]


def test_a_word_after_an_owners_kin_word_and_before_a_names_end_is_a_name():
    # "PASSED" is followed by a word no name is the subject of: no name.
    assert names(TEXT, delgados(TEXT)) == ["ROSE", "BILL", "HOPE"]


def test_a_word_before_a_surname_is_a_given_name_unless_a_verbs_opener_precedes_it():
    text = "IS HOPE DELGADO COMING? I HOPE DELGADO COMES. WE WILL BILL DELGADO FOR IT.\n" * 3
    assert names(text, delgados(text)) == ["HOPE"] * 3


def test_a_text_in_mixed_case_is_left_to_the_rules_of_case():
    text = "Who is in your network? My wife Rose and my son Bill, said Mr. Delgado at the hearing.\n" * 3
    assert names(text, delgados(text)) == []


def test_the_names_word_said_as_a_word_after_a_determiner_or_a_pronoun_is_no_name():
    text = "INMATE DELGADO: MY WIFE ROSE CAME. SHE BROUGHT A ROSE. I HOPE ROSE COMES. ROSE IS HERE.\n" * 2
    at = [k for k in range(len(text)) if text.startswith("ROSE", k)]
    spans = [Span(at[0], at[0] + 4, "PERSON", ("context",))]
    spans += [Span(k, k + 4, "PERSON", (PROPAGATION,)) for k in at[1:]]
    found = drop_capital_words_said_as_words(spans, text, [], frozenset({"a", "the"}))
    # "A ROSE" goes; "HOPE ROSE" after "I" and "ROSE IS" opening a sentence stay.
    assert [s.start for s in found] == [at[0], at[2], at[3], at[4], at[6], at[7]]
    assert drop_capital_words_said_as_words(spans, text, [], frozenset()) == spans


def test_in_the_merge_the_name_reaches_its_other_mentions_but_not_the_word():
    found = merge_spans(delgados(TEXT), TEXT, default_rules(), casing_counts={})
    persons = [s.text_in(TEXT) for s in found if s.label == "PERSON"]
    # "HOPE" joins the surname after it; "I HOPE" and "A ROSE" are words.
    assert [p for p in persons if p != "DELGADO"] == ["ROSE", "BILL", "HOPE DELGADO"]
