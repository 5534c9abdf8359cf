"""A county named in capitals or before a lower-case "county" (places_organisations.toml's
`county`), on hand-written sentences."""

from __future__ import annotations

import pytest

from reviewer_app.detectors.patterns import load_recognizer_specs


def _counties(text: str) -> list[str]:
    spec = next(s for s in load_recognizer_specs() if s.name == "county")
    return sorted({m.group() for _, regex in spec.compiled() for m in regex.finditer(text)})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("HE SHALL NOT ENTER MADERA COUNTY WITHOUT APPROVAL.", ["MADERA COUNTY"]),
        ("DEPUTY DISTRICT ATTORNEY\n   SANTA CLARA COUNTY (by video)", ["SANTA CLARA COUNTY"]),
        ("Speaker D: The people oppose. Tulare county asks for a denial.", ["Tulare county"]),
    ],
)
def test_a_county_in_capitals_or_before_lower_case_county_is_a_place(text, expected):
    assert _counties(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "WHICH COUNTY? THE COUNTY OF FRESNO.",
        "MADERA COUNTY SUPERIOR COURT",  # the county's court: an organisation
        "Which county was it? Every county has one.",
        "the Tulare county jail",
    ],
)
def test_no_county_name_or_a_countys_body_is_no_county_place(text):
    assert _counties(text) == []
