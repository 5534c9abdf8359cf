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


def test_context_words_are_presidios_for_every_lemma_direction_and_count():
    lemmas = ["cdcr", "number", "be", "K-12345", ",", "date", "of", "birth", "3/4/1961", "Number", "call"]
    keywords = ["cdcr", "number", "k-12345", "date", "birth", "3/4/1961", "call"]
    enhancer = IndexedContextEnhancer()
    for index in range(-1, len(lemmas) + 1):
        for n_words in range(0, 5):
            for backward in (True, False):
                expected = LemmaContextAwareEnhancer._add_n_words(index, n_words, lemmas, keywords, backward)
                assert enhancer._add_n_words(index, n_words, lemmas, keywords, backward) == expected


def test_a_new_documents_keywords_are_read_again():
    enhancer = IndexedContextEnhancer()
    lemmas = ["the", "case", "number"]
    assert enhancer._add_n_words(2, 2, lemmas, ["case", "number"], True) == ["number", "case"]
    assert enhancer._add_n_words(2, 2, lemmas, ["the"], True) == ["the"]


def _engine():
    from presidio_analyzer.nlp_engine import NlpEngineProvider, SpacyNlpEngine

    from reviewer_app.detectors.presidio_detector import PresidioDetector
    from reviewer_app.settings import Settings

    detector = PresidioDetector(Settings())
    if not detector.status().ready:
        pytest.skip(detector.status().message)
    return detector._nlp_engine(NlpEngineProvider, SpacyNlpEngine)


def test_the_engine_answers_stop_words_and_punctuation_as_the_vocabulary_does():
    engine = _engine()
    vocab = engine.nlp["en"].vocab
    for word in ("the", "The", "be", "number", ",", "--", "?", "K-12345", "Okafor", ""):
        assert engine.is_stopword(word, "en") == vocab[word].is_stop, word
        assert engine.is_punct(word, "en") == vocab[word].is_punct, word


def test_the_engine_looks_a_word_up_once_and_remembers_a_bounded_number(monkeypatch):
    from reviewer_app.detectors import presidio_detector

    engine = _engine()
    vocab = engine.nlp["en"].vocab
    looked_up = []

    class CountingVocab:
        def __getitem__(self, word):
            looked_up.append(word)
            return vocab[word]

    class Pipeline:
        vocab = CountingVocab()

    engine.nlp = {"en": Pipeline()}
    for _ in range(3):
        assert engine.is_stopword("the", "en") and not engine.is_punct("the", "en")
    assert looked_up == ["the"]
    monkeypatch.setattr(presidio_detector, "_REMEMBERED_LEXEMES", 2)
    for word in ("one", "two", "three", "four", "the"):
        engine.is_stopword(word, "en")
    assert len(engine._lexeme_flags) <= 2
    assert engine.is_punct(",", "en")
