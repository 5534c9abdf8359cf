"""The presidio detector: Presidio's analyzer with a chosen set of built-in
recognizers, the paper's custom pattern recognizers and a deny-list built from
the document's cover page, plus the spoken forms of numbers (`spoken.py`).

Each detection profile has its own analyzer (the recognizers that run in it,
`profiles.toml` and the pattern files' `profiles` keys) on one shared NLP engine.

Presidio runs on the project's spaCy pipeline through `NlpEngineProvider`; the
engine class it is given loads the pipeline from the shared cache
(`detectors/nlp.py`), and each chunk's Doc, already made for the spacy
detector, is handed to `analyze(nlp_artifacts=...)`, so spaCy runs once.
"""

from __future__ import annotations

import bisect
import importlib.util
import itertools
import logging
import re
import threading
from typing import TYPE_CHECKING, Any

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.detector_names import PRESIDIO
from reviewer_app.core.document import Document, HearingMetadata
from reviewer_app.core.line_numbers import blank_line_numbers
from reviewer_app.core.name_propagation import is_sentence_initial_homograph, name_terms
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import spoken_words
from reviewer_app.detectors.base import (
    Detector,
    DetectorStatus,
    DetectorUnavailable,
    SharedAnalysis,
    TextChunk,
)
from reviewer_app.detectors.nlp import load_pipeline, missing_model_message, shared_doc, spacy_model_installed
from reviewer_app.detectors.patterns import load_recognizer_specs, load_table
from reviewer_app.detectors.places import (
    find_known_groups,
    find_known_places,
    find_lower_case_places,
    find_place_codes,
    find_place_names,
    find_places_after_cues,
    find_zip_codes,
    headline_lines,
)
from reviewer_app.detectors.profiles import profile_table
from reviewer_app.detectors.read_out import cdcr_numbers_said, find_read_out_identifiers
from reviewer_app.detectors.read_out_cdcr import in_custody
from reviewer_app.detectors.spoken import find_spoken_forms
from reviewer_app.detectors.spoken_amounts import find_spoken_amounts

if TYPE_CHECKING:
    from presidio_analyzer import AnalyzerEngine, EntityRecognizer

log = logging.getLogger(__name__)

LANGUAGE = "en"
# Words whose stop-word and punctuation flags the NLP engine remembers (a long hearing has
# about 5,000 distinct lemmas).
_REMEMBERED_LEXEMES = 100_000
COVER_NAMES = "cover_names"
COVER_PLACES = "cover_places"
# spaCy entity labels Presidio's own NER recognizer reports; dates and times
# come from the spacy detector and the date patterns instead.
_PRESIDIO_NER_ENTITIES = ("PERSON", "LOCATION", "ORGANIZATION", "NRP")
# Presidio's built-in identity, licence and account number entities (general profile) are ours.
BUILTIN_ENTITIES = {
    "US_SSN": "ID_NUMBER",
    "US_PASSPORT": "ID_NUMBER",
    "US_BANK_NUMBER": "ID_NUMBER",
    "US_ITIN": "ID_NUMBER",
    "US_DRIVER_LICENSE": "ID_NUMBER",
    "IBAN_CODE": "ID_NUMBER",
    "CREDIT_CARD": "ID_NUMBER",
    "UK_NINO": "ID_NUMBER",
    "UK_NHS": "ID_NUMBER",
    "IP_ADDRESS": "ID_NUMBER",
}
# Built-ins with weak patterns (a licence number is "any 9 digits" at 0.05) report
# much that is no number of anyone's; below this score, after context, they are dropped.
BUILTIN_MIN_SCORE = 0.4
# Plural nouns (Penn tags): a number before one counts it ("two thousand euros").
_PLURAL_NOUN_TAGS = ("NNS", "NNPS")
_NER_RECOGNIZER = "SpacyRecognizer"


def cover_name_terms(document: Document) -> tuple[str, ...]:
    """Each full name of the cover page, each of its parts (initials and
    suffixes left out) and a compound surname: the PERSON deny-list."""
    return name_terms(document.metadata.names())


def cover_place_terms(document: Document) -> tuple[str, ...]:
    """Each place of the cover page, whole and each comma-separated part."""
    terms: dict[str, None] = {}
    for place in document.metadata.places():
        terms.setdefault(" ".join(place.split()), None)
        for part in place.split(","):
            part = " ".join(part.split())
            if len(part) >= 3:
                terms.setdefault(part, None)
    return tuple(terms)


def _inside_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a piece of a longer word (letters, digits or "_" glued on)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return before.isalnum() or before == "_" or after.isalnum() or after == "_"


def deny_list_regex(terms: tuple[str, ...]) -> str:
    """Whole-word alternation, longest term first so that full names win."""
    ordered = sorted(terms, key=len, reverse=True)
    alternation = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in ordered)
    return rf"(?<![\w-])(?:{alternation})(?![\w-])"


class PresidioDetector(Detector):
    name = PRESIDIO
    labels = (
        "PERSON",
        "SPELLED_NAME",
        "SPELLED_OUT_ITEM",
        "CDCR_ID",
        "LOCATION",
        "ORGANIZATION",
        "ID_NUMBER",
        "DATE",
        "TIME",
        "AGE",
        "HEIGHT",
        "NRP",
        "PHONE_NUMBER",
        "EMAIL_ADDRESS",
        "URL",
        "AMOUNT",
    )

    def __init__(self, settings: Any) -> None:
        super().__init__(settings)
        self._analyzers: dict[str, AnalyzerEngine] = {}
        self._lock = threading.Lock()
        self._deny_lists: dict[HearingMetadata, list[EntityRecognizer]] = {}
        self._lowercase: tuple[str, frozenset[str]] = ("", frozenset())
        self._cdcr_said: tuple[str, str, frozenset[str], bool] = ("", "", frozenset(), False)

    def status(self) -> DetectorStatus:
        model = self.settings.spacy_model
        # find_spec, not import: importing presidio_analyzer pulls in torch and
        # transformers (seconds), and status() is asked on the UI thread at start-up.
        if importlib.util.find_spec("presidio_analyzer") is None:
            return DetectorStatus(False, "presidio-analyzer is not installed: pip install presidio-analyzer")
        if not spacy_model_installed(model):
            return DetectorStatus(False, missing_model_message(model), model)
        return DetectorStatus(True, f"Presidio on spaCy pipeline {model}", model)

    def spacy_pipeline(self) -> str | None:
        return self.settings.spacy_model

    def load(self, profile: str = "hearing") -> None:
        with self._lock:
            if profile not in self._analyzers:
                self._analyzers[profile] = self._build_analyzer(profile)

    def _build_analyzer(self, profile: str) -> AnalyzerEngine:
        try:
            from presidio_analyzer import AnalyzerEngine, Pattern, RecognizerRegistry
            from presidio_analyzer import predefined_recognizers as predefined
            from presidio_analyzer.nlp_engine import NlpEngineProvider, SpacyNlpEngine
        except ImportError as exc:
            raise DetectorUnavailable(f"presidio-analyzer cannot be imported: {exc}") from exc
        if self._analyzers:
            nlp_engine = next(iter(self._analyzers.values())).nlp_engine
        else:
            nlp_engine = self._nlp_engine(NlpEngineProvider, SpacyNlpEngine)
        from reviewer_app.detectors.pattern_prefilter import (
            DottedRunUrlRecognizer,
            PrefilteredPatternRecognizer,
        )

        recognizers: list[EntityRecognizer] = [
            # Chosen built-ins. Not UsLicenseRecognizer in a hearing: it takes CDCR numbers for licences.
            predefined.EmailRecognizer(),
            predefined.PhoneRecognizer(),
            DottedRunUrlRecognizer(),
            predefined.SpacyRecognizer(supported_entities=list(_PRESIDIO_NER_ENTITIES)),
        ]
        for class_name in profile_table().get(profile).presidio_builtins:
            recognizers.append(getattr(predefined, class_name)())
        for spec in load_recognizer_specs():
            if not spec.runs_in(profile):
                continue
            recognizers.append(
                PrefilteredPatternRecognizer(
                    supported_entity=spec.entity,
                    name=spec.name,
                    patterns=[Pattern(p.name, p.regex, p.score) for p in spec.patterns],
                    context=list(spec.context),
                    global_regex_flags=spec.flags,
                )
            )
        registry = RecognizerRegistry(recognizers=recognizers, supported_languages=[LANGUAGE])
        from reviewer_app.detectors.presidio_context import IndexedContextEnhancer

        return AnalyzerEngine(
            registry=registry,
            nlp_engine=nlp_engine,
            supported_languages=[LANGUAGE],
            context_aware_enhancer=IndexedContextEnhancer(),
        )

    def _nlp_engine(self, provider_class: Any, engine_class: Any) -> Any:
        """Presidio's NLP engine on the shared spaCy pipeline (made once, shared by the profiles)."""

        class SharedSpacyNlpEngine(engine_class):
            """Presidio's spaCy engine on the process-wide pipeline, loaded once. Whether a word
            is a stop word or punctuation is remembered: Presidio asks it of every lemma of
            every chunk to pick the chunk's keywords, and each answer is a vocabulary look-up."""

            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._lexeme_flags: dict[tuple[str, str], tuple[bool, bool]] = {}

            def load(self) -> None:
                self.nlp = {m["lang_code"]: load_pipeline(m["model_name"]) for m in self.models}

            def is_stopword(self, word: str, language: str) -> bool:
                return self._flags(word, language)[0]

            def is_punct(self, word: str, language: str) -> bool:
                return self._flags(word, language)[1]

            def _flags(self, word: str, language: str) -> tuple[bool, bool]:
                flags = self._lexeme_flags.get((word, language))
                if flags is None:
                    lexeme = self.nlp[language].vocab[word]
                    flags = (bool(lexeme.is_stop), bool(lexeme.is_punct))
                    if len(self._lexeme_flags) >= _REMEMBERED_LEXEMES:
                        self._lexeme_flags.clear()  # a bound on memory over a long corpus
                    self._lexeme_flags[(word, language)] = flags
                return flags

        ner_map = dict(load_table("ner.toml")["label_map"])
        provider = provider_class(
            nlp_engines=(SharedSpacyNlpEngine,),
            nlp_configuration={
                "nlp_engine_name": "spacy",
                "models": [{"lang_code": LANGUAGE, "model_name": self.settings.spacy_model}],
                "ner_model_configuration": {
                    "model_to_presidio_entity_mapping": {
                        k: v for k, v in ner_map.items() if v in _PRESIDIO_NER_ENTITIES
                    },
                    "labels_to_ignore": [k for k, v in ner_map.items() if v not in _PRESIDIO_NER_ENTITIES]
                    + [
                        "CARDINAL",
                        "ORDINAL",
                        "QUANTITY",
                        "MONEY",
                        "PERCENT",
                        "PRODUCT",
                        "EVENT",
                        "WORK_OF_ART",
                        "LAW",
                        "LANGUAGE",
                    ],
                    "low_score_entity_names": [],
                },
            },
        )
        return provider.create_engine()

    def _cover_recognizers(self, document: Document) -> list[EntityRecognizer]:
        """Deny-list recognizers of this document's cover names and places, made once."""
        cached = self._deny_lists.get(document.metadata)
        if cached is not None:
            return cached
        from presidio_analyzer import Pattern, PatternRecognizer

        recognizers: list[EntityRecognizer] = []
        for name, entity, terms in (
            (COVER_NAMES, "PERSON", cover_name_terms(document)),
            (COVER_PLACES, "LOCATION", cover_place_terms(document)),
        ):
            if terms:
                recognizers.append(
                    PatternRecognizer(
                        supported_entity=entity,
                        name=name,
                        patterns=[Pattern(name, deny_list_regex(terms), 1.0)],
                        global_regex_flags=re.IGNORECASE | re.MULTILINE,
                    )
                )
        self._deny_lists = {document.metadata: recognizers}
        return recognizers

    def _lowercase_words(self, document: Document) -> frozenset[str]:
        """The words the document writes in lower case, worked out once per document."""
        if self._lowercase[0] != document.text:
            self._lowercase = (document.text, lowercase_words(document.text))
        return self._lowercase[1]

    def _cdcr_numbers(self, chunk: TextChunk) -> tuple[frozenset[str], bool]:
        """The CDCR numbers the whole document reads out, and whether it is about someone in
        custody, worked out once per document: one said again in another chunk is found there too."""
        text = chunk.document.text
        if self._cdcr_said[0] != text or self._cdcr_said[1] != chunk.profile:
            said = cdcr_numbers_said(text, chunk.profile)
            self._cdcr_said = (text, chunk.profile, said, in_custody(text))
        return self._cdcr_said[2], self._cdcr_said[3]

    def detect(self, chunk: TextChunk, shared: SharedAnalysis) -> list[Span]:
        self.load(chunk.profile)
        analyzer = self._analyzers[chunk.profile]
        doc = shared_doc(shared, self.settings.spacy_model, chunk.text)
        # Presidio's own conversion of a spaCy Doc, so the artifacts equal what
        # analyze() would have made by parsing the text a second time.
        artifacts = analyzer.nlp_engine._doc_to_nlp_artifact(doc, LANGUAGE)
        results = analyzer.analyze(
            text=chunk.text,
            language=LANGUAGE,
            nlp_artifacts=artifacts,
            ad_hoc_recognizers=self._cover_recognizers(chunk.document),
            return_decision_process=True,
        )
        spans = []
        for result in results:
            label = BUILTIN_ENTITIES.get(result.entity_type, result.entity_type)
            if label not in self.labels:
                continue
            if result.entity_type in BUILTIN_ENTITIES and result.score < BUILTIN_MIN_SCORE:
                continue
            found = chunk.text[result.start : result.end]
            if result.entity_type in BUILTIN_ENTITIES and spoken_words().telephone_shape.fullmatch(found):
                continue  # a telephone number that passes an NHS number's checksum: "559-555-0163"
            if label == "URL" and _inside_word(chunk.text, result.start, result.end):
                continue  # "B.mp" of the file name "7184523_SHO_B.mp3" is no web address
            if _recognizer(result) in (COVER_NAMES, COVER_PLACES) and (
                found.islower()
                or is_sentence_initial_homograph(
                    chunk.text, result.start, result.end, self._lowercase_words(chunk.document)
                )
            ):
                # Names are written capitalised; "will" or "young" in speech is not "Will Young",
                # nor "Long term I want" beside "a long time" Deputy Commissioner Long.
                continue
            spans.append(Span(result.start, result.end, label, (self.name,), float(result.score)))
        nouns, verbs, persons = token_starts(doc)
        forms = find_spoken_forms(
            chunk.text, nouns, verbs, persons, chunk.speaker_tags(), chunk.document.text
        )
        said, custody = self._cdcr_numbers(chunk)
        spans += find_read_out_identifiers(chunk.text, chunk.profile, said, custody)
        if profile_table().get(chunk.profile).ner_labels.get("MONEY") == "AMOUNT":
            # Where sums of money are tagged; read past a reporter's line numbers, as the spoken forms
            # are ("it,\n18  six hundred thousand pesos" is no eighteen).
            amounts = find_spoken_amounts(blank_line_numbers(chunk.text), nouns, forms)
            # A number read as a sum is no age or clock time ("started at twenty-four an hour"); a
            # reading that goes on beyond the sum stays ("nineteen ninety nine" before "twenty an hour").
            forms = [f for f in forms if not any(a.start <= f.start and f.end <= a.end for a in amounts)]
            spans += amounts
        spans += forms
        spans += self._capitals_spans(chunk.text, analyzer)
        places = (
            find_zip_codes,
            find_place_codes,
            find_place_names,
            find_known_places,
            find_places_after_cues,
            find_known_groups,
        )
        for place in (found for find in places for found in find(chunk.text)):
            spans.append(place.with_(detectors=(self.name,)))
        # The lower-case rules read the text as written, not its truecased view.
        written = chunk.document.text[chunk.offset : chunk.offset + len(chunk.text)]
        spans += [place.with_(detectors=(self.name,)) for place in find_lower_case_places(written)]
        return spans

    def _capitals_spans(self, text: str, analyzer: AnalyzerEngine) -> list[Span]:
        """Places (and what the patterns and the gazetteers' places after a cue find)
        on the lines written all in capitals, read in headline case
        (`places.headline_lines`). NER's people and
        organisations there are left out: on a cover or a notice in capitals NER
        takes every heading for one, and the cover's names are on the deny-list."""
        lines = headline_lines(text)
        if not lines:
            return []
        # A blank line between lines, so that NER reads no name across two of them.
        copy = "\n\n".join(line for _, line in lines)
        starts = list(itertools.accumulate((len(line) + 2 for _, line in lines[:-1]), initial=0))
        spans = []
        for result in analyzer.analyze(text=copy, language=LANGUAGE, return_decision_process=True):
            label = BUILTIN_ENTITIES.get(result.entity_type, result.entity_type)
            if label not in self.labels:
                continue
            if result.entity_type in BUILTIN_ENTITIES and result.score < BUILTIN_MIN_SCORE:
                continue
            if _recognizer(result) == _NER_RECOGNIZER and label != "LOCATION":
                continue
            i = bisect.bisect_right(starts, result.start) - 1
            offset, line = lines[i]
            end = min(result.end, starts[i] + len(line))
            start = offset + result.start - starts[i]
            spans.append(Span(start, start + end - result.start, label, (self.name,), float(result.score)))
        for offset, line in lines:  # "HELD AT CORCORAN": the gazetteers' places, as written in the lists
            spans += [
                place.shifted(offset).with_(detectors=(self.name,)) for place in find_known_places(line)
            ]
        return spans


def token_starts(doc: Any) -> tuple[set[int], set[int], set[int]]:
    """Where the Doc's plural nouns, verbs (auxiliaries too) and PERSON entity tokens start:
    read from one array of the Doc's attributes, as a walk over its tokens builds a Python
    object for each token, once per question."""
    import numpy  # spaCy's own dependency, loaded with it
    from spacy.attrs import ENT_TYPE, IDX, POS, TAG
    from spacy.symbols import AUX, VERB

    strings = doc.vocab.strings
    wanted = (
        [strings[tag] for tag in _PLURAL_NOUN_TAGS],
        [VERB, AUX],
        [strings["PERSON"]],
    )
    columns = doc.to_array([TAG, POS, ENT_TYPE])
    starts = doc.to_array(IDX)
    return tuple(  # type: ignore[return-value]
        set(starts[numpy.isin(columns[:, k], values)].tolist()) for k, values in enumerate(wanted)
    )


def _recognizer(result: Any) -> str:
    return result.analysis_explanation.recognizer if result.analysis_explanation else ""
