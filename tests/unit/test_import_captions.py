"""Caption and ASR import (WebVTT, SubRip, Whisper-style JSON): text, speakers, time map, bad input."""

import json

import pytest

from reviewer_app.cli.main import main
from reviewer_app.core.document import UNNAMED_SPEAKER
from reviewer_app.core.timemap import TimedCue, TimedWord, TimeInterval
from reviewer_app.importers import (
    EmptyFileError,
    MalformedCaptionsError,
    NotTextError,
    import_file,
)
from reviewer_app.store import Project

VTT = """WEBVTT - hearing

STYLE
::cue { color: yellow }

NOTE recorded in room 4

intro
00:00:01.000 --> 00:00:04.000 line:0 align:start
<v Maria Lopez>Good morning, I am <i>Maria</i>
Lopez &amp; this is José.</v>

2
00:00:03.500 --> 00:00:06.000
<v.loud Bob Smith>Hi Maria.

00:00:06.000 --> 00:00:07.000

00:01:07.250 --> 00:01:09.500
No speaker here.
"""


def write(tmp_path, name, content, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(content.encode(encoding) if isinstance(content, str) else content)
    return path


def test_vtt_text_speakers_and_cue_offsets(tmp_path):
    document = import_file(write(tmp_path, "hearing.vtt", VTT))
    assert document.text == (
        "Maria Lopez: Good morning, I am Maria Lopez & this is José.\nBob Smith: Hi Maria.\nNo speaker here."
    )
    assert [(u.speaker, u.start, u.end) for u in document.utterances] == [
        ("Maria Lopez", 0, 59),
        # A caption that names no speaker goes on with the turn before it.
        ("Bob Smith", 60, 97),
    ]
    assert document.time_map.cues == (
        TimedCue(13, 59, 1.0, 4.0),
        TimedCue(71, 80, 3.5, 6.0),
        TimedCue(81, 97, 67.25, 69.5),
    )
    assert document.text[13:59] == "Good morning, I am Maria Lopez & this is José."
    assert document.captions is not None and document.captions.format == "vtt"
    # The overlap of the first two cues is legal (two speakers at once), and noted.
    assert any("overlap in time" in n and "line 14" in n for n in document.notes)
    assert any("Empty cues" in n and "line 17" in n for n in document.notes)
    # "Maria" in the first cue, interpolated by character share: 1 s + 3 s * 19/46.
    interval = document.time_map.interval(32, 37)
    assert interval.approximate and interval.start_s == pytest.approx(1.0 + 3.0 * 19 / 46)


def test_srt_multiline_unicode_and_times(tmp_path):
    srt_text = (
        "1\n00:00:00,500 --> 00:00:02,250\nŻaneta said\n<i>hello</i> there\n\n"
        "2\n01:02:03,004 --> 01:02:04,000 X1:40 X2:600\nSecond cue\n\n"
    )
    document = import_file(write(tmp_path, "talk.srt", srt_text))
    assert document.text == "Żaneta said hello there\nSecond cue"
    assert document.time_map.cues == (TimedCue(0, 23, 0.5, 2.25), TimedCue(24, 34, 3723.004, 3724.0))
    # No cue names a speaker or marks a change of speaker: no turns, as in a text file.
    assert document.utterances == ()


def test_a_captions_change_of_speaker_marks_are_turns_as_in_a_text_file(tmp_path):
    """A cue opening with ">>" is a turn of a speaker not named (`UNNAMED_SPEAKER`) or of the
    one named after the mark, a cue without a mark goes on with it, and a parenthetical on
    its own is the transcriber's (speaker ""): the turns the text importer reads in the same
    lines, never a speaker "" for speech."""
    lines = [
        ">> good evening everyone",
        "and welcome",
        ">> MS. DORAN: the budget is late",
        "(Laughter.)",
        ">> okay",
    ]
    srt_text = "".join(
        f"{n}\n00:00:0{n},000 --> 00:00:0{n},900\n{line}\n\n" for n, line in enumerate(lines, 1)
    )
    captions = import_file(write(tmp_path, "meeting.srt", srt_text))
    text = import_file(write(tmp_path, "meeting.txt", "\n".join(lines)))
    assert captions.text == text.text
    assert captions.utterances == text.utterances
    assert [u.speaker for u in captions.utterances] == [UNNAMED_SPEAKER, "MS. DORAN", "", UNNAMED_SPEAKER]
    speech = captions.utterances[0]
    assert captions.text[speech.speech_start : speech.end] == "good evening everyone\nand welcome"
    assert [captions.text[a:b] for a, b in captions.speaker_tags()] == [">>", "MS. DORAN", ">>"]


def test_a_meeting_s_captions_name_their_speakers_in_the_text_as_a_text_file_does(tmp_path):
    """A meeting platform writes its speaker at the start of the cue's text ("Helen Park:",
    with its display name's note, "Helen Park (BPH):") and no voice tag: a turn where the file
    names the speaker at two cues or more, as in a text file; a capitalised word and a colon
    said once ("Note:") opens no turn of its own."""
    lines = [
        "Helen Park (BPH): okay we're on the record",
        "Daniel Ruiz: good morning",
        "Helen Park (BPH): thank you",
        "Daniel Ruiz: yes ma'am",
    ]
    captions = import_file(write(tmp_path, "meeting.vtt", _vtt(lines)))
    text = import_file(write(tmp_path, "meeting.txt", "\n".join(lines)))
    assert captions.text == text.text
    assert captions.utterances == text.utterances
    assert [u.speaker for u in captions.utterances] == ["Helen Park (BPH)", "Daniel Ruiz"] * 2
    noted_lines = [*lines[:2], "Note: the witness nods", *lines[2:]]
    noted = import_file(write(tmp_path, "noted.vtt", _vtt(noted_lines)))
    assert [u.speaker for u in noted.utterances] == ["Helen Park (BPH)", "Daniel Ruiz"] * 2
    second = noted.utterances[1]
    assert noted.text[second.speech_start : second.end] == "good morning\nNote: the witness nods"


def _vtt(lines: list[str]) -> str:
    return "WEBVTT\n\n" + "".join(
        f"{n}\n00:00:0{n}.000 --> 00:00:0{n}.900\n{line}\n\n" for n, line in enumerate(lines, 1)
    )


def whisper_json():
    return {
        "text": " Hello Maria Lopez. Fine thanks.",
        "language": "en",
        "segments": [
            {
                "id": 0,
                "start": 0.0,
                "end": 2.0,
                "text": " Hello Maria Lopez.",
                "tokens": [50364, 2425],
                "words": [
                    {"word": " Hello", "start": 0.0, "end": 0.4, "probability": 0.9},
                    {"word": " Maria", "start": 0.5, "end": 1.0, "probability": 0.9},
                    {"word": " Lopez.", "start": 1.1, "end": 1.9, "probability": 0.9},
                ],
            },
            {"id": 1, "start": 2.5, "end": 4.0, "text": " Fine thanks."},
        ],
    }


def test_whisper_json_word_times_become_exact_offsets(tmp_path):
    document = import_file(write(tmp_path, "asr.json", json.dumps(whisper_json())))
    assert document.text == "Hello Maria Lopez.\nFine thanks."
    first, second = document.time_map.cues
    assert first == TimedCue(
        0,
        18,
        0.0,
        2.0,
        (TimedWord(0, 5, 0.0, 0.4), TimedWord(6, 11, 0.5, 1.0), TimedWord(12, 18, 1.1, 1.9)),
    )
    assert second == TimedCue(19, 31, 2.5, 4.0)
    assert document.time_map.interval(6, 17) == TimeInterval(0.5, 1.9, False)


def test_whisperx_speakers_unaligned_and_unmatched_words(tmp_path):
    segments = [
        {
            "start": 1.0,
            "end": 3.0,
            "text": " I paid 20 dollars to Ana.",
            "speaker": "SPEAKER_01",
            "words": [
                {"word": "I", "start": 1.0, "end": 1.1, "speaker": "SPEAKER_01"},
                {"word": "paid", "start": 1.2, "end": 1.5},
                {"word": "20"},  # WhisperX leaves numbers without times
                {"word": "twenty", "start": 1.6, "end": 1.9},  # not in the text
                {"word": "dollars", "start": 2.0, "end": 2.3},
                {"word": "to", "start": 2.3, "end": 2.4},
                {"word": "Ana.", "start": 2.5, "end": 2.9},
            ],
        }
    ]
    # A top-level list of segments, as scripts around faster-whisper write it.
    document = import_file(write(tmp_path, "x.json", json.dumps(segments)))
    assert document.text == "SPEAKER_01: I paid 20 dollars to Ana."
    (cue,) = document.time_map.cues
    assert (cue.start, cue.end) == (12, 37)
    assert [(w.start, w.end, w.start_s) for w in cue.words] == [
        (12, 13, 1.0),
        (14, 18, 1.2),
        (22, 29, 2.0),
        (30, 32, 2.3),
        (33, 37, 2.5),
    ]
    assert any("not found" in n and "1" in n for n in document.notes)
    assert any("without times: 1" in n for n in document.notes)


def test_cues_out_of_time_order_are_kept_in_file_order_with_a_note(tmp_path):
    vtt = (
        "WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nsecond said\n\n00:00:01.000 --> 00:00:02.000\nfirst said\n"
    )
    document = import_file(write(tmp_path, "o.vtt", vtt))
    assert document.text == "second said\nfirst said"
    assert [c.start_s for c in document.time_map.cues] == [5.0, 1.0]
    assert any("start before the cue above" in n and "line 6" in n for n in document.notes)


def test_cp1252_captions_are_decoded_with_a_note(tmp_path):
    document = import_file(write(tmp_path, "c.srt", "1\n00:00:01,000 --> 00:00:02,000\nJosé\n", "cp1252"))
    assert document.text == "José"
    assert any("cp1252" in n for n in document.notes)


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        (
            "bad.vtt",
            "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:0x.000 --> 00:00:03.000\nMaria\n",
            "line 6",
        ),
        (
            "bad.vtt",
            "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:61:00.000 --> 01:00:00.000\nMaria\n",
            "line 6",
        ),
        ("back.vtt", "WEBVTT\n\n00:00:03.000 --> 00:00:02.000\nMaria\n", "ends before it starts"),
        ("nohead.vtt", "00:00:01.000 --> 00:00:02.000\nMaria\n", "WEBVTT"),
        (
            "bad.srt",
            "1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:0x,000 --> 00:00:03,000\nMaria\n\n",
            "line 5",
        ),
        ("back.srt", "1\n00:00:05,000 --> 00:00:02,000\nMaria\n\n", "ends before it starts"),
        ("bad.json", '{"segments": [{"start": 0, "end": 1, "text": "Maria"', "not valid JSON"),
        ("bad.json", '{"text": "Maria Lopez"}', 'no "segments"'),
        ("bad.json", '{"segments": [{"start": "0", "end": 1, "text": "Maria"}]}', "segment 1"),
        ("bad.json", '{"segments": [{"start": 0, "end": -1, "text": "Maria"}]}', "segment 1"),
        ("bad.json", '{"segments": [{"start": 0, "end": 1, "text": 5}]}', "segment 1"),
        ("bad.json", '{"segments": ["Maria"]}', "segment 1"),
    ],
)
def test_broken_files_are_refused_with_a_message_naming_the_place(tmp_path, name, content, expected):
    path = write(tmp_path, name, content)
    with pytest.raises(MalformedCaptionsError) as caught:
        import_file(path)
    message = str(caught.value)
    assert expected in message and name in message
    assert "Maria" not in message  # messages never quote the transcript


def test_files_with_only_empty_cues_or_no_segments_are_empty(tmp_path):
    with pytest.raises(EmptyFileError):
        import_file(write(tmp_path, "e.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\n"))
    with pytest.raises(EmptyFileError):
        import_file(write(tmp_path, "e.json", '{"segments": []}'))


def test_binary_file_with_a_caption_name_is_not_text(tmp_path):
    with pytest.raises(NotTextError):
        import_file(write(tmp_path, "b.srt", bytes(range(256)) * 4))


def test_cli_import_of_a_broken_caption_file_exits_2(tmp_path, capsys):
    path = write(tmp_path, "bad.srt", "1\n00:00:01,000 --> 00:00:0x,000\nMaria\n\n")
    assert main(["import", str(path)]) == 2
    assert "bad.srt could not be read as SubRip" in capsys.readouterr().err


def test_time_map_and_source_round_trip_through_the_project(tmp_path):
    document = import_file(write(tmp_path, "asr.json", json.dumps(whisper_json())))
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(document)
    with Project.open(tmp_path / "p.db") as project:
        stored = project.document(doc_id)
    assert stored.time_map == document.time_map
    assert stored.captions == document.captions
    assert stored == document


def test_bundled_sample_interview_imports_with_speakers_and_times():
    from reviewer_app.paths import resource

    document = import_file(resource("sample", "sample_interview.vtt"))
    assert [u.speaker for u in document.utterances] == ["Interviewer", "Witness"] * 3
    assert len(document.time_map.cues) == 6
    assert document.text.split("\n")[0] == (
        "Interviewer: Good afternoon. Could you state your name for the record?"
    )
    assert any("overlap in time" in n for n in document.notes)
