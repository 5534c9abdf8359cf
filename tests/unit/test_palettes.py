"""Palettes as data: the catalogue in another palette's colours, fine labels per
coarse label, and a palette name the settings file gets wrong."""

from __future__ import annotations

import logging

from reviewer_app.core.labels import STANDARD_PALETTE, catalog, load_catalog, palette_names, with_palette
from reviewer_app.settings import Settings, load_settings, save_settings


def test_a_palette_file_replaces_the_colours_and_keeps_the_labels(tmp_path):
    palette = tmp_path / "mine.toml"
    palette.write_text(
        'title = "Mine"\npending_tint = 0.2\n[detectors]\nspacy = "#123456"\n[labels]\nPERSON = "#abcdef"\n',
        encoding="utf-8",
    )
    base = load_catalog()
    mine = with_palette(base, palette)
    assert (mine.palette, mine.palette_title, mine.pending_tint) == ("mine", "Mine", 0.2)
    assert mine.detector_tint == base.detector_tint
    assert mine.colour("PERSON") == "#abcdef" and mine.colour("LOCATION") == base.colour("LOCATION")
    assert mine.colour("STATE") == base.colour("LOCATION")  # fine labels roll up
    assert mine.detector_colour("spacy") == "#123456"
    assert mine.fine_to_coarse == base.fine_to_coarse and mine.coarse_labels == base.coarse_labels


def test_fine_labels_are_listed_under_their_coarse_label():
    labels = catalog()
    assert {"STATE", "CITY", "PRISON"} <= set(labels.fine_labels("LOCATION"))
    assert "NATIONALITY" in labels.fine_labels("NRP") and labels.fine_labels("PERSON") == ()
    every = [f for coarse in labels.coarse_labels for f in labels.fine_labels(coarse)]
    assert sorted(every) == sorted(labels.fine_to_coarse)


def test_an_unknown_palette_gives_the_standard_colours_with_a_warning(caplog):
    assert palette_names()[0] == STANDARD_PALETTE and "colour_blind" in palette_names()
    with caplog.at_level(logging.WARNING):
        fallback = catalog("no_such_palette")
    assert fallback.palette == STANDARD_PALETTE and "no_such_palette" in caplog.text


def test_the_palette_is_kept_in_the_settings_file():
    save_settings(Settings(palette="colour_blind", reviewer="r"))
    assert load_settings().palette == "colour_blind"
