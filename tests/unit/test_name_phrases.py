"""A name's common words capitalised in the truecased view of a lower-case transcript
(`core/name_phrases.py`), and what that lets detection find."""

from __future__ import annotations

import importlib.util

import pytest

from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.name_phrases import capitalise_name_phrases


def _phrased(sentence: str) -> str:
    return " ".join(capitalise_name_phrases(sentence.split()))


@pytest.mark.parametrize(
    ("cased", "expected"),
    [
        # The words up to a head word after a capitalised name.
        ("she works at Oyelaran family dental group now", "she works at Oyelaran Family Dental Group now"),
        ("he finished at Kettleman Ridge high school", "he finished at Kettleman Ridge High School"),
        ("they sent him to Wasco state prison", "they sent him to Wasco State Prison"),
        # A head that opens a name before "of".
        ("a semester at college of the Redwoods", "a semester at College of the Redwoods"),
        ("she studied at the university of Reno", "she studied at the University of Reno"),
        # The word before a street word the casing model capitalised.
        ("it's out on cypress Avenue past the", "it's out on Cypress Avenue past the"),
        ("the corner of Alvarado and ninth Street", "the corner of Alvarado and Ninth Street"),
    ],
)
def test_the_common_words_of_a_name_take_capitals(cased, expected):
    assert _phrased(cased) == expected


@pytest.mark.parametrize(
    "cased",
    [
        # No capitalised name before the head, or a function word between.
        "my daughter goes to the high school by us",
        "we took Marisol to the hospital",
        "Renata and the group went home",
        # The sentence's first word and "I" are the writing's capitals, not a name's.
        "School was hard for me",
        "Thank you school",
        "so I school them",
        # A person's name before a word that follows names in speech ("Keisha's house").
        "we were at Keisha house that night",
        # Too many words between the name and the head.
        "Lupita said her old friend from work group",
        # "of" and a word that is no name.
        "the college of my choice",
        # A number before a street word is a house number, not the street's name.
        "it's twelve Street",
    ],
)
def test_words_that_are_no_name_stay_as_they_are(cased):
    assert _phrased(cased) == cased


def test_a_spelled_letter_or_a_mark_ends_a_phrase():
    for words in (["call", "Ansel", "b", "group"], ["call", "Ansel", ",", "group"]):
        assert capitalise_name_phrases(words) == words


needs_model = pytest.mark.skipif(
    importlib.util.find_spec("truecase") is None, reason="the truecase package is not installed"
)

CALL = (
    "speaker 1: thanks for calling this is the member line who am i speaking with\n"
    "speaker 2: hi it's about my son he goes to ashgrove college full time\n"
    "speaker 1: okay and who is his doctor\n"
    "speaker 2: doctor ohanian at brightwater family medical group\n"
    "speaker 1: and the street address\n"
    "speaker 2: we had an old address on panorama drive and now we're in tulare\n"
)


def _call() -> Document:
    utterances, offset = [], 0
    for line in CALL.splitlines(keepends=True):
        utterances.append(Utterance(line.split(":")[0], offset, offset + len(line) - 1))
        offset += len(line)
    return Document("call", CALL, utterances=tuple(utterances))


@needs_model
def test_detection_finds_lower_case_organisations_whole_and_streets_after_a_cue():
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.settings import Settings

    result = run_detection(_call(), ["presidio", "spacy"], Settings(), profile="general")
    found = {(s.label, s.text_in(CALL)) for s in result.spans}
    # Names no gazetteer holds, read whole through the view's capitals.
    assert ("ORGANIZATION", "brightwater family medical group") in found
    assert ("ORGANIZATION", "ashgrove college") in found
    assert not {("ORGANIZATION", "brightwater"), ("LOCATION", "ashgrove")} & found
    # The lower-case rules of detectors/places.py read the text as written, not the view.
    assert ("LOCATION", "panorama drive") in found
