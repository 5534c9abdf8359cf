"""Known gaps of the text and caption importers, each on a text of my own: a note-taking app's
export whose speaker lines carry a clock time with AM or PM, or put the time first; a chat
export's stamped lower-case handles; a SubRip cue that names its speaker surname first once; a
WebVTT file's voice tags and a SubRip file pasted into a text. No cue number, timing or tag is
left inside an utterance's text nor read as a speaker's name."""

from __future__ import annotations

import pytest

from reviewer_app.importers import import_file
from tests.fixtures.pdf_layouts import utterances
from tests.unit.test_import_new_kinds import _lines_outside_sections, _pdf, _text

NOTES_AM_PM = """\
Housing budget call
Recorded November 3, 2026

Dana Whitfield  2:05 PM
Okay, I think it's recording now. Can everyone hear me?

Ravi Castellanos  2:05 PM
Yes, loud and clear.

Dana Whitfield  2:06 PM
Great. The deposit for the unit on Larkspur Court is due Friday.

Mona Reyes  2:07 PM
I can drop the check off on Thursday.
"""

TIME_FIRST = (
    NOTES_AM_PM.replace("Dana Whitfield  2:05 PM", "2:05 PM  Dana Whitfield")
    .replace("Ravi Castellanos  2:05 PM", "2:05 PM  Ravi Castellanos")
    .replace("Dana Whitfield  2:06 PM", "2:06 PM  Dana Whitfield")
    .replace("Mona Reyes  2:07 PM", "2:07 PM  Mona Reyes")
)

CHAT = """\
#unit-4-agents export
November 3, 2026

[10:43] khale: did anyone get the address for the new report
[10:44] mbrandt: yeah it's on the sheet, 418 Larkspur
[10:44] khale: thanks
[10:52] jsoto: agent meeting moved to 2
[10:53 AM] mbrandt: ok
"""

SPEAKERS = ["Dana Whitfield", "Ravi Castellanos", "Dana Whitfield", "Mona Reyes"]


@pytest.mark.parametrize("text", [NOTES_AM_PM, TIME_FIRST])
def test_a_notes_export_with_a_clock_time_names_each_speaker(tmp_path, text):
    document = _text(tmp_path, text)
    assert [u.speaker for u in document.utterances] == SPEAKERS
    said = [document.text[u.speech_start : u.end].strip() for u in document.utterances]
    assert said[-1] == "I can drop the check off on Thursday."
    # The time is no part of the speech nor of the name.
    assert not any("PM" in text for text in said)
    assert [s.name for s in document.sections] == ["cover", "body"]
    assert not _lines_outside_sections(document)


def test_a_chat_exports_stamped_handles_are_its_speakers(tmp_path):
    document = _text(tmp_path, CHAT)
    assert [u.speaker for u in document.utterances] == ["khale", "mbrandt", "khale", "jsoto", "mbrandt"]
    said = [document.text[u.speech_start : u.end] for u in document.utterances]
    assert said[0] == "did anyone get the address for the new report"
    assert said[-1] == "ok"
    assert not _lines_outside_sections(document)


@pytest.mark.parametrize(
    ("text", "layout"),
    [
        (text, layout)
        for text in (NOTES_AM_PM, TIME_FIRST, CHAT)
        for layout in ("word_processor", "plain_dense")
    ],
)
def test_exports_with_clock_times_through_paragraph_layouts(tmp_path, text, layout):
    reference, document = _pdf(tmp_path, text, layout)
    assert utterances(document) == utterances(reference)
    assert len(utterances(document)) >= 4


SURNAME_FIRST_SRT = """\
1
00:00:01,000 --> 00:00:04,000
Marsh, Ellen (BPH): Good morning. We are on the record.

2
00:00:04,500 --> 00:00:07,000
Okafor, Daniel: Good morning, Commissioner.

3
00:00:07,500 --> 00:00:10,000
Marsh, Ellen (BPH): Please state your name for the record.

4
00:00:10,500 --> 00:00:13,000
Marsh, Ellen (BPH): And your CDCR number.
"""


def test_a_cue_naming_its_speaker_surname_first_once_is_a_turn(tmp_path):
    path = tmp_path / "hearing.srt"
    path.write_text(SURNAME_FIRST_SRT, encoding="utf-8")
    document = import_file(path)
    said = [(u.speaker, document.text[u.speech_start : u.end]) for u in document.utterances]
    assert said[1] == ("Okafor, Daniel", "Good morning, Commissioner.")
    assert [speaker for speaker, _ in said] == [
        "Marsh, Ellen (BPH)",
        "Okafor, Daniel",
        *["Marsh, Ellen (BPH)"] * 2,
    ]
    # Alone in a file that names no other speaker so, the words opening a cue are no tag
    # ("Yes, Sir: ..."): the cues after it would be read as that speaker's.
    alone = SURNAME_FIRST_SRT.replace("Marsh, Ellen (BPH): ", "")
    path.write_text(alone, encoding="utf-8")
    assert import_file(path).utterances == ()


VTT = """\
WEBVTT

1
00:00:01.000 --> 00:00:04.000
<v Ellen Marsh (BPH)>Good morning. We are on the record.

2
00:00:04.500 --> 00:00:07.000
<v Daniel Okafor>Good morning, Commissioner.</v>

3
00:00:07.500 --> 00:00:10.000
<v.loud Ellen Marsh (BPH)>Please state your name
for the record.

00:00:10.500 --> 00:00:13.000
<v Daniel Okafor>Daniel Okafor, BK4471.
"""

VTT_SPEECH = [
    ("Ellen Marsh (BPH)", "Good morning. We are on the record."),
    ("Daniel Okafor", "Good morning, Commissioner."),
    ("Ellen Marsh (BPH)", "Please state your name for the record."),
    ("Daniel Okafor", "Daniel Okafor, BK4471."),
]


@pytest.mark.parametrize("suffix", [".vtt", ".txt"])
def test_webvtt_voice_tags_name_the_speakers_as_captions_and_as_text(tmp_path, suffix):
    path = tmp_path / f"hearing{suffix}"
    path.write_text(VTT, encoding="utf-8")
    document = import_file(path)
    assert utterances(document) == VTT_SPEECH
    # The speaker tags are the names, where the text writes them.
    assert [document.text[start:end] for start, end in document.speaker_tags()] == [s for s, _ in VTT_SPEECH]
    assert not _lines_outside_sections(document)


PASTED_SRT = """\
1
00:00:01,000 --> 00:00:04,000
>> COMMISSIONER MARSH: GOOD MORNING.
WE ARE ON THE RECORD.

2
00:00:04,500 --> 00:00:07,000
>> GOOD MORNING.

3
00:00:07,500 --> 00:00:10,000
>> Ms. Marsh: Please state your name.

4
00:00:10,500 --> 00:00:13,000
>> DANIEL OKAFOR, BK4471.

5
00:00:13,500 --> 00:00:15,000
(LAUGHTER)
"""


@pytest.mark.parametrize("suffix", [".srt", ".txt"])
def test_a_subrip_file_pasted_into_a_text_reads_as_its_captions(tmp_path, suffix):
    path = tmp_path / f"hearing{suffix}"
    path.write_text(PASTED_SRT, encoding="utf-8")
    document = import_file(path)
    assert utterances(document) == [
        ("COMMISSIONER MARSH", "GOOD MORNING. WE ARE ON THE RECORD."),
        (">>", "GOOD MORNING."),
        ("Ms. Marsh", "Please state your name."),
        (">>", "DANIEL OKAFOR, BK4471."),
        ("", "(LAUGHTER)"),
    ]
    said = [document.text[u.start : u.end] for u in document.utterances]
    assert not any("-->" in text or "\n2\n" in text for text in said)
    # The last cue's number and timing are the captions', no decision notice after them.
    assert "decision" not in [s.name for s in document.sections]
    assert not _lines_outside_sections(document)
