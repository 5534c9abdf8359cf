"""The context enhancer finds the same token as Presidio's, by bisection instead of a walk."""

from __future__ import annotations

import pytest

pytest.importorskip("presidio_analyzer")
spacy = pytest.importorskip("spacy")

from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer  # noqa: E402

from reviewer_app.detectors.presidio_context import IndexedContextEnhancer  # noqa: E402

TEXT = (
    "PRESIDING COMMISSIONER LEE:  CDCR number K-12345, date of birth 3/4/1961.\n"
    "INMATE  ROSS: Call (916) 555-0118 -- or e-mail r.ross@example.org, okay?  "
)


def test_every_start_gets_presidios_token_and_its_error_past_the_last():
    doc = spacy.blank("en")(TEXT)
    indices = [token.idx for token in doc]
    enhancer = IndexedContextEnhancer()
    for start in range(len(TEXT) + 3):
        try:
            expected = LemmaContextAwareEnhancer._find_index_of_match_token("w", start, doc, indices)
        except ValueError:
            with pytest.raises(ValueError):
                enhancer._find_index_of_match_token("w", start, doc, indices)
            continue
        assert enhancer._find_index_of_match_token("w", start, doc, indices) == expected, start


def test_a_new_document_is_indexed_again():
    enhancer = IndexedContextEnhancer()
    first = spacy.blank("en")("one two three four five six")
    second = spacy.blank("en")("a much longer first word")
    assert enhancer._find_index_of_match_token("w", 6, first, [t.idx for t in first]) == 1  # "two"
    assert enhancer._find_index_of_match_token("w", 6, second, [t.idx for t in second]) == 2  # "longer"


def test_the_detectors_analyzer_uses_it():
    from reviewer_app.detectors.presidio_detector import PresidioDetector
    from reviewer_app.settings import Settings

    detector = PresidioDetector(Settings())
    if not detector.status().ready:
        pytest.skip(detector.status().message)
    detector.load("hearing")
    analyzer = next(iter(detector._analyzers.values()))
    assert isinstance(analyzer.context_aware_enhancer, IndexedContextEnhancer)


def test_only_results_of_recognizers_with_context_words_are_enhanced_and_all_come_back_in_place(monkeypatch):
    from reviewer_app.detectors.presidio_detector import LANGUAGE, PresidioDetector
    from reviewer_app.settings import Settings

    detector = PresidioDetector(Settings())
    if not detector.status().ready:
        pytest.skip(detector.status().message)
    detector.load("hearing")
    analyzer = detector._analyzers["hearing"]
    given = []
    real = LemmaContextAwareEnhancer.enhance_using_context

    def enhance(self, text, raw_results, *args, **kwargs):
        given.append(len(raw_results))
        return real(self, text, raw_results, *args, **kwargs)

    monkeypatch.setattr(LemmaContextAwareEnhancer, "enhance_using_context", enhance)

    def analysed(enhancer) -> list:
        analyzer.context_aware_enhancer = enhancer
        results = analyzer.analyze(text=TEXT, language=LANGUAGE, return_decision_process=True)
        return [
            (r.entity_type, r.start, r.end, r.score, r.analysis_explanation.supportive_context_word)
            for r in results
        ]

    try:
        presidios = analysed(LemmaContextAwareEnhancer())
        ours = analysed(IndexedContextEnhancer())
    finally:
        analyzer.context_aware_enhancer = IndexedContextEnhancer()
    assert ours == presidios
    assert any(word for *_, word in ours)  # a context word raised a score ("CDCR number")
    # Presidio's enhancer saw every result; ours gave it only those it may change (not NER's).
    assert given[1] < given[0]
