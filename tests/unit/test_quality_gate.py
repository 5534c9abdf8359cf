"""The per-label gate's verdict (tests/fixtures/quality_gate.py): a label under its floor
fails on recall or precision alone, and a gold label without a floor is no free pass."""

from __future__ import annotations

from reviewer_app.core.spans import Span
from tests.fixtures.quality_gate import Figure, Floor, Measured, ScoredText, failures, measure


def test_a_label_fails_on_recall_or_precision_alone_and_an_unfloored_label_is_reported():
    measured = Measured(
        "m",
        {
            "PERSON": Figure(100, 0.95, 100, 0.99),
            "DATE": Figure(10, 1.0, 20, 0.5),
            "AGE": Figure(5, 1.0, 5, 1.0),
            "NRP": Figure(0, 0.0, 3, 0.0),  # predicted only: needs no floor
        },
        {},
    )
    floors = {"PERSON": Floor(0.96, 0.9), "DATE": Floor(0.9, 0.6), "TIME": Floor(0.5, 0.5)}
    assert failures(measured, floors) == [
        "AGE: 5 gold spans and no floor",
        "PERSON: recall 0.950 < 0.96",
        "DATE: precision 0.500 < 0.6",
        "TIME: a floor but no gold span",
    ]


def test_overlap_matching_per_coarse_label_for_both_systems():
    text = "Ana Ruiz lives in Fresno since 1990."
    gold = (Span(0, 8, "PERSON"), Span(18, 24, "CITY"), Span(31, 35, "DATE"))
    pipeline = (Span(0, 3, "PERSON"), Span(4, 8, "PERSON"), Span(18, 24, "LOCATION"), Span(31, 35, "TIME"))
    spacy = (Span(0, 8, "ORGANIZATION"), Span(31, 35, "DATE"))
    measured = measure("m", [ScoredText("d", text, gold, pipeline, spacy)])
    assert measured.pipeline["PERSON"] == Figure(1, 1.0, 2, 1.0)
    assert measured.pipeline["LOCATION"] == Figure(1, 1.0, 1, 1.0)  # CITY rolls up to LOCATION
    assert measured.pipeline["DATE"].recall == 0.0 and measured.pipeline["TIME"].precision == 0.0
    assert measured.spacy["PERSON"].recall == 0.0 and measured.spacy["DATE"] == Figure(1, 1.0, 1, 1.0)


def test_micro_f1_counts_a_wrong_label_only_when_labels_count():
    text = "Ana Ruiz lives in Fresno since 1990."
    gold = (Span(0, 8, "PERSON"), Span(18, 24, "CITY"), Span(31, 35, "DATE"))
    pipeline = (Span(0, 3, "PERSON"), Span(4, 8, "PERSON"), Span(18, 24, "LOCATION"), Span(31, 35, "TIME"))
    spacy = (Span(0, 8, "ORGANIZATION"), Span(31, 35, "DATE"))
    measured = measure("m", [ScoredText("d", text, gold, pipeline, spacy)])
    ours, bare = measured.micro
    # Ours: recall 2/3 (the date is found only as a time), precision 3/4; every span masked.
    assert round(ours.aware, 4) == round(2 * (3 / 4) * (2 / 3) / (3 / 4 + 2 / 3), 4)
    assert ours.agnostic == 1.0
    # spaCy: recall 1/3, precision 1/2 with labels; the name masked as an organisation counts
    # without them: recall 2/3, precision 1.
    assert round(bare.aware, 4) == 0.4
    assert round(bare.agnostic, 4) == 0.8
