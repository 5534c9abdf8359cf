"""A WebVTT transcript's voice tags printed in other programs' PDF layouts
(`tests/fixtures/pdf_layouts.py`): on line-numbered pages and two-up sheets, where the rows
are rebuilt into the canonical text, each `<v Name>` turn reads back as the text importer
reads it, the cue's closing tag ("</v>") no part of the speech."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from reviewer_app.importers.hearing import speech_end
from tests.fixtures.pdf_layouts import layouts, render, text_document, utterances

NUMBERED_AND_TWO_UP = [
    "court_reporter",
    "pleading",
    "deposition_tag_alone",
    "numbered_hanging",
    "condensed",
    "numbered_through",
    "two_up",
]

VIDEO_HEARING = """\
WEBVTT
Kind: captions

NOTE
Exported by the meeting platform.

1
00:00:01.000 --> 00:00:06.500
<v Ellen Marsh (BPH)>Good morning. We are on the record for Mr. Tobias Renner.</v>

2
00:00:06.900 --> 00:00:10.200
<v Ellen Marsh (BPH)>Mr. Renner, can you hear me all right?</v>

3
00:00:10.600 --> 00:00:12.000
<v Tobias Renner>Yes, I can hear you fine.</v>

intro-4
00:00:12.400 --> 00:00:19.800 align:start
<v.loud Raymond Alvarez>I want to start with your time at Folsom, from 2016 to 2021,
and the programs you completed there.</v>

5
00:00:20.100 --> 00:00:22.300
<v Irena Kowalski, Esq.>Good morning, Commissioner.

6
00:00:22.700 --> 00:00:31.000
<v Tobias Renner>I did the anger management group twice.</v>

7
00:00:31.500 --> 00:00:33.000
<v Court Officer>We're off the record at 10:14.</v>
"""

SPEECH = [
    ("Ellen Marsh (BPH)", "Good morning. We are on the record for Mr. Tobias Renner."),
    ("Ellen Marsh (BPH)", "Mr. Renner, can you hear me all right?"),
    ("Tobias Renner", "Yes, I can hear you fine."),
    (
        "Raymond Alvarez",
        "I want to start with your time at Folsom, from 2016 to 2021, and the programs you completed there.",
    ),
    ("Irena Kowalski, Esq.", "Good morning, Commissioner."),
    ("Tobias Renner", "I did the anger management group twice."),
    ("Court Officer", "We're off the record at 10:14."),
]


def test_the_reference_reads_the_voice_tags():
    """Each cue's voice is a speaker, also one said once at the end or with a comma in the name."""
    assert utterances(text_document("hearing", VIDEO_HEARING.rstrip("\n"))) == SPEECH


@pytest.mark.parametrize("layout", NUMBERED_AND_TWO_UP)
def test_voice_tags_read_back_from_numbered_pages(tmp_path, layout):
    text = VIDEO_HEARING.rstrip("\n")
    path = tmp_path / f"{layout}.pdf"
    path.write_bytes(render(text, text_document("hearing", text), layouts()[layout], title="Video Hearing"))
    assert utterances(import_file(path)) == SPEECH


@pytest.mark.parametrize(
    ("line", "end"),
    [
        ("<v Ana Ruiz>Hi.</v>", len("<v Ana Ruiz>Hi.")),
        ("<v Ana Ruiz>Hi.</v>  ", len("<v Ana Ruiz>Hi.")),
        ("MS. RUIZ: hi  ", len("MS. RUIZ: hi  ")),  # a line without the tag ends where it ends
        ("<v Ana Ruiz>Hi.", len("<v Ana Ruiz>Hi.")),
        ("MS. RUIZ: it said </v> there", len("MS. RUIZ: it said </v> there")),
    ],
)
def test_a_closing_voice_tag_ends_no_speech(line, end):
    assert speech_end(line) == end
