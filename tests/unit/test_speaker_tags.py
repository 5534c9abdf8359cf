"""`Document.speaker_tags`: where the speaker tags are, read from the turns the importers
found, the one source the detection rules that read tags are given."""

from __future__ import annotations

from reviewer_app.core.document import UNNAMED_SPEAKER
from reviewer_app.importers import import_file


def _tags(tmp_path, text: str, name: str = "transcript.txt") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = import_file(path)
    tags = document.speaker_tags()
    # Each tag is where its turn starts, in order, and before that turn's speech.
    turns = [u for u in document.utterances if u.speaker]
    assert [start for start, _ in tags] == [u.start for u in turns]
    assert all(end < u.speech_start for (_, end), u in zip(tags, turns, strict=True))
    return [document.text[start:end] for start, end in tags]


def test_a_typed_transcripts_tags_leave_out_timestamp_full_stop_and_colon(tmp_path):
    text = (
        "PRESIDING COMMISSIONER MARSH: Good morning. State your name.\n"
        "INMATE OKAFOR: Daniel Okafor.\n"
        "PRESIDING COMMISSIONER MARSH: Thank you.\n"
        "(Off the record.)\n"
        "[14:02:11] DET. HARLAN: We are recording.\n"
        "Q.   Where were you?\n"
        "A.   At home.\n"
        "Q.   And then?\n"
        "A.   I left.\n"
    )
    assert _tags(tmp_path, text) == [
        "PRESIDING COMMISSIONER MARSH",
        "INMATE OKAFOR",
        "PRESIDING COMMISSIONER MARSH",
        "DET. HARLAN",
        "Q",
        "A",
        "Q",
        "A",
    ]


def test_the_numbered_tags_of_speech_recognition(tmp_path):
    text = (
        "SPEAKER_00: okay we are on the record\n"
        "SPEAKER_01: good afternoon my name is gwen\n"
        "SPEAKER_00: thank you\n"
    )
    assert _tags(tmp_path, text) == ["SPEAKER_00", "SPEAKER_01", "SPEAKER_00"]


def test_a_captions_change_of_speaker_is_a_tag_and_so_is_the_name_after_it(tmp_path):
    text = ">> good evening everyone\n>> thank you for having me\n>> MS. DORAN: the budget is late\n>> okay\n"
    assert _tags(tmp_path, text) == [UNNAMED_SPEAKER, UNNAMED_SPEAKER, "MS. DORAN", UNNAMED_SPEAKER]


def test_a_caption_files_voice_is_a_tag(tmp_path):
    vtt = (
        "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Dana Reyes>the budget is late\n\n"
        "00:00:03.500 --> 00:00:05.000\n<v SPEAKER_01>okay\n"
    )
    assert _tags(tmp_path, vtt, "captions.vtt") == ["Dana Reyes", "SPEAKER_01"]


def test_a_text_without_turns_has_no_tags(tmp_path):
    text = "Dear board, I write about my son. He was 19 then.\nNote: this letter is for the hearing.\n"
    assert _tags(tmp_path, text) == []
