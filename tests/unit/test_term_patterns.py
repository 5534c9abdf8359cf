"""A list of terms as a tree of shared beginnings matches what the flat alternation matches."""

from __future__ import annotations

import random
import re

import pytest

from reviewer_app.core.term_patterns import flat_alternation, term_alternation, whole_word_occurrences

TEXT = (
    "Carter Castro met cas and CASTRO-Ruiz at de la Cruz street; de  la cruz said De La. "
    "Mr. Carters, carter's friend, and Ms. de la\nCruz came. Castrol? castro"
)


def _spans(alternation: str, text: str, flags: int) -> list[tuple[int, int]]:
    pattern = re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", flags)
    return [m.span() for m in pattern.finditer(text)]


def test_shared_beginnings_are_written_once_and_a_longer_term_is_tried_first():
    assert term_alternation(["carter", "castro", "cas"]) == "ca(?:rter|s(?:tro|))"
    assert term_alternation(["de la", "de la cruz"]) == r"de\s+la(?:\s+cruz|)"


def test_same_matches_as_the_flat_alternation():
    terms = ["carter", "castro", "cas", "de la cruz", "de la", "castro-ruiz", "carter's", "la", "ms"]
    for flags in (re.IGNORECASE, 0):
        assert _spans(term_alternation(terms, flags), TEXT, flags) == _spans(
            flat_alternation(terms), TEXT, flags
        )


def test_same_matches_on_random_terms():
    rng = random.Random(7)
    words = re.findall(r"[\w'-]+", TEXT)
    for _ in range(200):
        terms = {" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(rng.randint(1, 12))}
        terms |= {t.lower() for t in terms if rng.random() < 0.5}
        for flags in (re.IGNORECASE, 0):
            expected = _spans(flat_alternation(terms), TEXT, flags)
            assert _spans(term_alternation(terms, flags), TEXT, flags) == expected, terms


def test_a_space_may_match_one_space_only_as_a_rule_asks():
    assert term_alternation(["de la", "de la cruz"], space="[ ]") == "de[ ]la(?:[ ]cruz|)"
    pattern = re.compile(term_alternation(["de la cruz", "de la"], re.IGNORECASE, space="[ ]"), re.IGNORECASE)
    found = [m.group() for m in pattern.finditer("de la cruz; de  la cruz; De la\nCruz")]
    assert found == ["de la cruz", "De la"]
    rng = random.Random(11)
    words = re.findall(r"[\w'-]+", TEXT)
    for _ in range(100):
        terms = {" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(rng.randint(1, 12))}
        expected = _spans(flat_alternation(terms, "[ ]"), TEXT, re.IGNORECASE)
        assert _spans(term_alternation(terms, re.IGNORECASE, "[ ]"), TEXT, re.IGNORECASE) == expected, terms


def test_branches_that_may_read_the_same_character_fall_back_to_the_flat_alternation():
    kelvin = "\u212a"  # matches "k" and "K" when case is ignored
    assert term_alternation(["Kay", f"{kelvin}ate"], re.IGNORECASE) == flat_alternation(
        ["Kay", f"{kelvin}ate"]
    )
    assert term_alternation(["Kay", f"{kelvin}ate"]) == f"(?:Kay|{kelvin}ate)"
    assert term_alternation(["ab", " ab"]) == flat_alternation(["ab", " ab"])  # a term opening with a space


def test_whole_terms_are_found_apart_from_words_and_hyphens_and_the_pattern_made_once():
    from reviewer_app.core.term_patterns import whole_terms_pattern

    terms = frozenset({"board of parole hearings", "parole", "cdcr"})
    pattern = whole_terms_pattern(terms)
    text = "The Board of Parole Hearings, parole-board, paroles and CDCR; Parole."
    assert [m.group() for m in pattern.finditer(text)] == ["Board of Parole Hearings", "CDCR", "Parole"]
    assert whole_terms_pattern(frozenset(terms)) is pattern


def _glued_pattern_spans(term: str, text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(rf"(?<![\w'’-]){re.escape(term)}(?![\w'’-])", text)]


def test_whole_word_occurrences_leave_out_terms_glued_to_a_word():
    text = (
        "Second Wind, Second Wind's van, Second Winds, Second-Wind, xSecond Wind, _Second Wind, "
        "Second Wind1 and Second Wind."
    )
    assert whole_word_occurrences(text, "Second Wind") == [(0, 11), (len(text) - 12, len(text) - 1)]
    assert whole_word_occurrences("b k c b k c'", "b k c") == [(0, 5)]
    # After a glued occurrence, one that overlaps it is still found.
    assert whole_word_occurrences("xa a a", "a a") == [(3, 6)]
    # Occurrences do not overlap, as a pattern's matches do not.
    assert whole_word_occurrences("a a a", "a a") == [(0, 3)]
    with pytest.raises(ValueError):
        whole_word_occurrences(text, "")


def test_whole_word_occurrences_find_what_the_lookaround_pattern_finds():
    rng = random.Random(11)
    alphabet = "ab -'’_1é."
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        term = "".join(rng.choice("ab -.") for _ in range(rng.randint(1, 3)))
        assert whole_word_occurrences(text, term) == _glued_pattern_spans(term, text), (text, term)
