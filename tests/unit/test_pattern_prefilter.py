"""Pattern recognizers skip a pattern on a text without a literal every match of it holds (or
any of the alternatives one of which it holds), and give the same results as Presidio's own
recognizer."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest

pytest.importorskip("presidio_analyzer")

from presidio_analyzer import Pattern, PatternRecognizer

from reviewer_app.detectors.pattern_prefilter import (
    PrefilteredPatternRecognizer,
    required_texts,
)

SPOKEN_ADDRESS = r"(?<![\w'])[a-z]+(?:[ ]+dot[ ]+[a-z]+)*[ ]+dot[ ]+(?:com|org)(?:[ ]+slash[ ]+[a-z]+)*(?!\w)"
HELD_AT = r"(?i:held[ ]at)[ ]+(?P<name>[A-Z][a-z]+(?:[ ][A-Z][a-z]+)?)[ ]+(?:State[ ])?Prison\b"
AFTER_CUE = r"(?<=\b(?i:passport|licence)[ ](?i:no\.|number)[ ])\d{6,9}\b"
STREET = r"\b[A-Z][a-z]+[ ](?:Street|Avenue)\b"


def test_literals_every_match_holds_and_none_from_optional_parts():
    assert required_texts(SPOKEN_ADDRESS) == ((" ",), ("dot",), ("com", "org"))  # not "slash" (optional)
    assert required_texts(HELD_AT) == (("held at",), (" ",), ("Prison",))  # not "State " (optional)
    assert required_texts(r"(?x) case \s+ number") == (("case",), ("number",))  # verbose: spaces are layout


def test_an_alternation_needs_one_of_what_each_alternative_needs():
    assert required_texts(r"(?:ab)?cd|ef") == (("cd", "ef"),)
    # Of each alternative, the set whose shortest string is the longest: "Street", not "at".
    assert required_texts(r"(?:at\s+\w+\s+Street|Avenue)\b") == (("Street", "Avenue"),)
    assert required_texts(r"x(?:[a-z]+|dot)y") == (("x",), ("y",))  # an alternative needs nothing
    assert required_texts(r"(?:a|b)") == ()  # one character of a set, no string


def test_what_a_positive_lookaround_looks_for_is_needed_and_a_negative_ones_is_not():
    assert required_texts(r"(?<=\b(?i:passport|licence)[ ])\d+") == (("passport", "licence"), (" ",))
    assert required_texts(r"\d+(?=[ ]dollars)") == ((" dollars",),)
    assert required_texts(r"(?<!case[ ])(?!no\b)\d+") == ()


def test_syntax_the_regex_module_reads_otherwise_gives_no_literal():
    assert required_texts(r"[[:alpha:]]+ dot") == ()  # a POSIX class, not a set and "]"
    assert required_texts(r"(?:dot){e<=1}") == ()  # fuzzy matching, not the characters "{e<=1}"
    assert required_texts(r"\p{Lu}\w+ dot") == ()  # not the standard library's syntax


def _both(patterns: list[tuple[str, str]], flags: int = re.IGNORECASE):
    kwargs = {
        "supported_entity": "URL",
        "name": "test",
        "patterns": [Pattern(name, regex, 0.8) for name, regex in patterns],
        "global_regex_flags": flags,
    }
    return PatternRecognizer(**kwargs), PrefilteredPatternRecognizer(**kwargs)


def _found(recognizer, text: str) -> list[tuple[int, int, str, float]]:
    return [
        (r.start, r.end, r.analysis_explanation.pattern_name, r.score)
        for r in recognizer.analyze(text, ["URL"])
    ]


@pytest.mark.parametrize(
    "text",
    [
        "the site is reentry hope DOT org slash housing, and parole help dot com",
        "no address said here at all, only words and a slash",
        "held at Folsom State Prison, then sierra dot org",
        "Passport number 12345678, licence no. 7654321 and 55 Elm Street by Oak Avenue",
        "a number 12345678 said without its cue, on Elm street",
        "",
    ],
)
def test_same_results_as_presidios_recognizer(text):
    patterns = [("spoken", SPOKEN_ADDRESS), ("held", HELD_AT), ("cue", AFTER_CUE), ("street", STREET)]
    plain, prefiltered = _both(patterns, flags=re.MULTILINE)
    assert _found(prefiltered, text) == _found(plain, text)
    plain, prefiltered = _both([("spoken", SPOKEN_ADDRESS)])
    assert _found(prefiltered, text) == _found(plain, text)


@contextlib.contextmanager
def _patterns_run() -> Iterator[list[list[str]]]:
    """The names of the patterns each recognizer's analysis runs, call by call, inside the block."""
    run: list[list[str]] = []
    original = PatternRecognizer.analyze

    def spy(self, text, entities, nlp_artifacts=None, regex_flags=None):
        run.append([p.name for p in self.patterns])
        return original(self, text, entities, nlp_artifacts, regex_flags)

    PatternRecognizer.analyze = spy
    try:
        yield run
    finally:
        PatternRecognizer.analyze = original


def test_a_pattern_whose_literal_is_missing_is_not_run():
    _, prefiltered = _both([("spoken", SPOKEN_ADDRESS), ("held", HELD_AT)])
    with _patterns_run() as run:
        prefiltered.analyze("he was held at Folsom State Prison", ["URL"])
        prefiltered.analyze("nothing to find here", ["URL"])
    assert run == [["held"]]  # no "dot" in either text; no "Prison" in the second
    assert [p.name for p in prefiltered.patterns] == ["spoken", "held"]  # the recognizer keeps both


def test_a_pattern_whose_look_behind_cue_or_alternatives_are_missing_is_not_run():
    _, prefiltered = _both([("cue", AFTER_CUE), ("street", STREET)])
    with _patterns_run() as run:
        assert prefiltered.analyze("the number 12345678 on Elm Road", ["URL"]) == []
        prefiltered.analyze("passport number 12345678", ["URL"])
        prefiltered.analyze("at 55 Elm Avenue", ["URL"])
    assert run == [["cue"], ["street"]]  # the first text has no cue, nor "Street" or "Avenue"


def test_the_detectors_pattern_recognizers_are_prefiltered():
    from reviewer_app.detectors.presidio_detector import PresidioDetector
    from reviewer_app.settings import Settings

    detector = PresidioDetector(Settings())
    if not detector.status().ready:
        pytest.skip(detector.status().message)
    detector.load("hearing")
    analyzer = detector._analyzers["hearing"]
    names = {r.name for r in analyzer.registry.recognizers if isinstance(r, PrefilteredPatternRecognizer)}
    assert {"spoken_email_address", "spoken_web_address_with_path"} <= names


URL_TEXT = (
    "See www.example.com/path(1) and \"http://x.org\" or 'foo.co.uk', e.g. at 9 a.m. 1.5 U.S.A.\u00a0"
    "x.com\u2028y.net and https://court.ca.gov/parole?id=3. Mr.Smith, end.Of and (sub.domain.io)."
)


def _url_results(recognizer, text: str) -> list[tuple]:
    return [
        (r.entity_type, r.start, r.end, r.score, r.analysis_explanation.pattern_name, r.recognition_metadata)
        for r in recognizer.analyze(text, ["URL"])
    ]


def test_the_url_recognizer_on_dotted_runs_finds_what_presidios_finds_over_the_whole_text():
    from presidio_analyzer.predefined_recognizers import UrlRecognizer

    from reviewer_app.detectors.pattern_prefilter import DottedRunUrlRecognizer

    plain, runs = UrlRecognizer(), DottedRunUrlRecognizer()
    found = _url_results(runs, URL_TEXT)
    expected = _url_results(plain, URL_TEXT)
    # The same results in the same order, under the same recognizer name (ids aside: one per instance).
    assert [f[:5] for f in found] == [e[:5] for e in expected]
    assert {f[5]["recognizer_name"] for f in found} == {"UrlRecognizer"}
    assert len(found) >= 8 and {f[4] for f in found} >= {"Non schema URL", "Quoted URL", "Standard Url"}


def test_the_url_patterns_run_only_on_runs_with_a_dot_before_a_letter():
    from reviewer_app.detectors.pattern_prefilter import DottedRunUrlRecognizer

    texts: list[str] = []
    original = PatternRecognizer.analyze

    def spy(self, text, entities, nlp_artifacts=None, regex_flags=None):
        texts.append(text)
        return original(self, text, entities, nlp_artifacts, regex_flags)

    PatternRecognizer.analyze = spy
    try:
        DottedRunUrlRecognizer().analyze("It was 1.5 miles, at 9 a.m. End. See x.org/a today", ["URL"])
    finally:
        PatternRecognizer.analyze = original
    assert texts == ["a.m.", "x.org/a"]


def test_the_detector_runs_the_url_recognizer_on_dotted_runs():
    from reviewer_app.detectors.pattern_prefilter import DottedRunUrlRecognizer
    from reviewer_app.detectors.presidio_detector import PresidioDetector
    from reviewer_app.settings import Settings

    detector = PresidioDetector(Settings())
    if not detector.status().ready:
        pytest.skip(detector.status().message)
    detector.load("hearing")
    urls = [r for r in detector._analyzers["hearing"].registry.recognizers if r.name == "UrlRecognizer"]
    assert len(urls) == 1 and isinstance(urls[0], DottedRunUrlRecognizer)
