"""Redaction intervals and redacted audio as the export writes them (exporters/timed.py, `export`)."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest
import soundfile as sf

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.cli.main import main
from reviewer_app.core.document import Document
from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.core.timemap import TimedCue, TimedWord, TimeMap
from reviewer_app.exporters.audio import AudioExportError
from reviewer_app.exporters.staging import StagedExport
from reviewer_app.exporters.timed import TimedOptions, find_audio, stage_timed_outputs

# "hello Maria Lopez" said from 1 s to 2 s, word by word; "we met on June third" from 2.5 s
# to 3.5 s, without word times (characters 10..20 of 20: 3.0 s to 3.5 s).
TEXT = "hello Maria Lopez\nwe met on June third\n"
TIME_MAP = TimeMap(
    (
        TimedCue(
            0,
            17,
            1.0,
            2.0,
            (TimedWord(0, 5, 1.0, 1.25), TimedWord(6, 11, 1.25, 1.5), TimedWord(12, 17, 1.5, 1.75)),
        ),
        TimedCue(18, 38, 2.5, 3.5),
    )
)
NAME, DATE = Span(6, 17, "PERSON"), Span(28, 38, "DATE")
SAMPLERATE = 16000


def _document(time_map=TIME_MAP):
    return Document(id="call", text=TEXT, source_path="/somewhere/call.vtt", time_map=time_map)


def _wav(path, seconds=4.0, samplerate=SAMPLERATE):
    t = np.arange(int(seconds * samplerate)) / samplerate
    sf.write(path, 0.5 * np.sin(2 * np.pi * 440 * t), samplerate, subtype="PCM_16")
    return sf.read(path, dtype="int16")[0]


def test_intervals_carry_the_tags_of_the_text_export(tmp_path):
    document = _document()
    result = pseudonymize(document, [NAME, DATE])
    tags = {r.span: r.tag for r in result.replacements}
    lines = stage_timed_outputs(tmp_path, "call", document, result, TimedOptions(pad=0.25))

    written = json.loads((tmp_path / "call.redactions.json").read_text(encoding="utf-8"))
    assert written == {
        "pad": 0.25,
        "intervals": 2,
        "approximate": 1,
        "seconds": 1.75,  # 1.0 + 0.75: the date's padding stops at the transcript's end
        "unspoken_spans": 0,
        "redactions": [
            {"start": 1.0, "end": 2.0, "label": ["PERSON"], "tag": [tags[NAME]], "approximate": False},
            {"start": 2.75, "end": 3.5, "label": ["DATE"], "tag": [tags[DATE]], "approximate": True},
        ],
    }
    assert tags[NAME] in result.text and "Maria" not in json.dumps(written)
    with (tmp_path / "call.redactions.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert rows == [
        {"start": "1.0", "end": "2.0", "label": "PERSON", "tag": tags[NAME], "approximate": "false"},
        {"start": "2.75", "end": "3.5", "label": "DATE", "tag": tags[DATE], "approximate": "true"},
    ]
    assert "2 redaction intervals" in lines[0] and "1 approximate" in lines[0]


def test_a_transcript_without_times_writes_no_intervals_and_refuses_audio(tmp_path):
    document = Document(id="plain", text=TEXT)
    result = pseudonymize(document, [NAME])
    assert stage_timed_outputs(tmp_path, "plain", document, result, TimedOptions()) == []
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(AudioExportError, match="has no times"):
        stage_timed_outputs(tmp_path, "plain", document, result, TimedOptions(), tmp_path / "call.wav")


def test_audio_shorter_than_the_transcript_leaves_nothing_published(tmp_path):
    _wav(tmp_path / "call.wav", seconds=2.0)  # the date is said at 3.0-3.5 s
    document = _document()
    result = pseudonymize(document, [NAME, DATE])
    out = tmp_path / "out"
    audio = tmp_path / "call.wav"
    with pytest.raises(AudioExportError, match=r"lasts 2\.00 s"), StagedExport() as export:
        stage_timed_outputs(export.folder(out), "call", document, result, TimedOptions(), audio)
        export.commit()
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["call.wav"]  # no staging folder left either


def test_find_audio_matches_the_stem_and_refuses_two_candidates(tmp_path):
    (tmp_path / "call.vtt").write_text("WEBVTT\n", encoding="utf-8")
    _wav(tmp_path / "Call.wav", seconds=0.1)
    assert find_audio(tmp_path, ["call"]) == tmp_path / "Call.wav"
    assert find_audio(tmp_path, ["other"]) is None
    _wav(tmp_path / "call.flac", seconds=0.1)
    with pytest.raises(AudioExportError, match="several recordings"):
        find_audio(tmp_path, ["call"])


# ---------------------------------------------------------------- the command


# The same call as Whisper-style JSON, with word times for the first segment only.
WHISPER = {
    "segments": [
        {
            "start": 1.0,
            "end": 2.0,
            "text": " hello Maria Lopez",
            "words": [
                {"word": " hello", "start": 1.0, "end": 1.25},
                {"word": " Maria", "start": 1.25, "end": 1.5},
                {"word": " Lopez", "start": 1.5, "end": 1.75},
            ],
        },
        {"start": 2.5, "end": 3.5, "text": " we met on June third", "speaker": "SPEAKER_01"},
    ]
}


def _whisper(folder, name="call.json"):
    path = folder / name
    path.write_text(json.dumps(WHISPER), encoding="utf-8")
    return path


def _reviewed(path):
    """Every name and date of the imported transcript accepted, as the reviewer would."""
    from reviewer_app.importers import import_file

    text = import_file(path).text
    spans = [
        Span(text.index(value), text.index(value) + len(value), label)
        for value, label in (("Maria Lopez", "PERSON"), ("June third", "DATE"))
    ]
    records = [Record(path.stem, text, tuple(SpanRecord(s, {"status": "accepted"}) for s in spans))]
    return write_jsonl(path.parent / f"{path.stem}.reviewed.jsonl", records)


def _export(tmp_path, *extra):
    transcript = _whisper(tmp_path)
    argv = ("export", transcript, "--spans", _reviewed(transcript), "--out", tmp_path / "out", *extra)
    return main([str(a) for a in argv])


@pytest.mark.parametrize("mode", ["tone", "silence"])
def test_export_writes_text_intervals_and_redacted_audio(tmp_path, capsys, mode):
    original = _wav(tmp_path / "call.wav")
    code = _export(tmp_path, "--audio", tmp_path / "call.wav", "--pad", "0", "--audio-mode", mode)
    assert code == Exit.OK, capsys.readouterr().err
    out = tmp_path / "out"
    written = {p.name for p in out.iterdir()}
    assert {"call.redacted.wav", "call.redactions.csv", "call.redactions.json", "call.txt"} <= written
    err = capsys.readouterr().err
    assert "2 redaction intervals" in err and "(1 approximate" in err and "call.redacted.wav" in err
    redacted = sf.read(out / "call.redacted.wav", dtype="int16")[0]
    inside = np.zeros(len(original), dtype=bool)
    for start, end in [(1.25, 1.75), (3.0, 3.5)]:  # "Maria Lopez" by word times, "June third" interpolated
        inside[int(start * SAMPLERATE) : int(end * SAMPLERATE)] = True
    assert np.array_equal(redacted[~inside], original[~inside])
    if mode == "silence":
        assert not redacted[inside].any()
    else:
        assert np.abs(redacted[inside]).max() == round(0.1 * 32767)


def test_export_of_a_plain_transcript_with_audio_is_refused(tmp_path, capsys):
    transcript = tmp_path / "hearing.txt"
    transcript.write_text("PRESIDING COMMISSIONER: Good morning, Mr. Kevin Richardson.\n", encoding="utf-8")
    _wav(tmp_path / "hearing.wav", seconds=0.5)
    argv = (
        "export",
        transcript,
        "--accept-all",
        "--out",
        tmp_path / "out",
        "--audio",
        tmp_path / "hearing.wav",
    )
    code = main([str(a) for a in argv])
    assert code == Exit.BAD_INPUT
    assert "has no times" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("problem", ["folder", "corrupt", "unsupported", "too short", "missing"])
def test_bad_audio_is_refused_and_nothing_is_written(tmp_path, capsys, problem):
    audio = tmp_path / "call.wav"
    if problem == "folder":
        audio.mkdir()
    elif problem == "corrupt":
        audio.write_bytes(b"RIFF" + bytes(range(256)) * 10)
    elif problem == "unsupported":
        audio = tmp_path / "call.m4a"
        audio.write_bytes(b"\x00\x00\x00\x20ftypM4A " + bytes(200))
    elif problem == "too short":
        _wav(audio, seconds=1.0)
    code = _export(tmp_path, "--audio", audio)
    err = capsys.readouterr().err
    assert code == Exit.BAD_INPUT, err
    assert "Traceback" not in err and audio.name in err
    assert not (tmp_path / "out").exists()


def test_a_negative_pad_and_a_missing_audio_per_file_are_refused(tmp_path, capsys):
    assert _export(tmp_path, "--pad", "-1") == Exit.BAD_INPUT
    assert "--pad" in capsys.readouterr().err
    transcript = tmp_path / "call.json"
    code = main(
        [str(a) for a in ("export", transcript, transcript, "--accept-all", "--out", tmp_path / "o")]
        + ["--audio", str(tmp_path / "call.wav")]
    )
    assert code == Exit.BAD_INPUT
    assert "one --audio per FILE" in capsys.readouterr().err


# ---------------------------------------------------------------- project export --audio-dir


def _project(tmp_path, transcript, pending=()):
    """A project holding `transcript` with every name and date accepted (but those in `pending`)."""
    from reviewer_app.importers import import_file
    from reviewer_app.store import Project

    path = tmp_path / "corpus.db"
    with Project.create(path) as project:
        doc_id = project.add_document(import_file(transcript))
        text = project.document_text(doc_id)
        spans = [
            Span(text.index(value), text.index(value) + len(value), label, ("spacy",))
            for value, label in (("Maria Lopez", "PERSON"), ("June third", "DATE"))
            if value in text
        ]
        project.record_detection(doc_id, spans, ["spacy"])
        for span in project.spans(doc_id):
            if project.span_text(span.id) not in pending:
                project.accept(span.id)
    return path


def test_project_export_finds_each_recording_by_the_transcript_name(tmp_path, capsys):
    transcripts, recordings, out = tmp_path / "captions", tmp_path / "audio", tmp_path / "out"
    transcripts.mkdir()
    recordings.mkdir()
    project = _project(tmp_path, _whisper(transcripts))
    original = _wav(recordings / "call.wav")
    argv = ("project", "export", project, "--out", out, "--audio-dir", recordings, "--audio-mode", "silence")
    assert main([str(a) for a in argv]) == Exit.OK, capsys.readouterr().err
    assert {"call.txt", "call.redactions.json", "call.redacted.wav"} <= {p.name for p in out.iterdir()}
    redacted = sf.read(out / "call.redacted.wav", dtype="int16")[0]
    # "Maria Lopez" 1.25-1.75 s and "June third" 3.0-3.5 s, padded by the default 0.15 s
    inside = np.zeros(len(original), dtype=bool)
    for start, end in [(1.1, 1.9), (2.85, 3.65)]:
        inside[round(start * SAMPLERATE) : round(end * SAMPLERATE)] = True
    assert not redacted[inside].any()
    assert np.array_equal(redacted[~inside], original[~inside])


def test_project_export_notes_a_missing_recording_and_refuses_one_for_a_plain_text(tmp_path, capsys):
    recordings, out = tmp_path / "audio", tmp_path / "out"
    recordings.mkdir()
    project = _project(tmp_path, _whisper(tmp_path))
    argv = ["project", "export", project, "--out", out, "--audio-dir", recordings]
    assert main([str(a) for a in argv]) == Exit.OK
    assert "no recording named call.wav" in capsys.readouterr().err
    assert not (out / "call.redacted.wav").exists() and (out / "call.redactions.json").exists()

    plain = tmp_path / "plain"
    plain.mkdir()
    hearing = plain / "hearing.txt"
    hearing.write_text("COMMISSIONER: Good morning, Maria Lopez.\n", encoding="utf-8")
    _wav(recordings / "hearing.wav", seconds=0.5)
    project = _project(plain, hearing)
    out = tmp_path / "out2"
    assert (
        main([str(a) for a in ["project", "export", project, "--out", out, "--audio-dir", recordings]]) == 2
    )
    assert "has no times" in capsys.readouterr().err
    assert not out.exists()
    argv = ["project", "export", project, "--out", out, "--audio-dir", hearing]
    assert main([str(a) for a in argv]) == Exit.BAD_INPUT
    assert "is not a folder" in capsys.readouterr().err


VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ann>Good morning Maria Lopez\n"


@pytest.mark.parametrize(("suffix", "subtype"), [("flac", "PCM_16"), ("ogg", "VORBIS")])
def test_a_webvtt_transcript_and_a_stereo_recording(tmp_path, capsys, suffix, subtype):
    from reviewer_app.importers import import_file

    transcript = tmp_path / "hearing.vtt"
    transcript.write_text(VTT, encoding="utf-8")
    text = import_file(transcript).text  # "Ann: Good morning Maria Lopez"
    accepted = [Span(0, 3, "PERSON"), Span(text.index("Maria"), len(text), "PERSON")]
    records = [Record("hearing", text, tuple(SpanRecord(s, {"status": "accepted"}) for s in accepted))]
    reviewed = write_jsonl(tmp_path / "reviewed.jsonl", records)
    audio = tmp_path / f"hearing.{suffix}"
    t = np.arange(4 * 44100) / 44100
    sf.write(audio, np.stack([0.5 * np.sin(2 * np.pi * 440 * t)] * 2, axis=1), 44100, subtype=subtype)
    original = sf.read(audio, dtype="int16")[0]
    out = tmp_path / "out"
    argv = (
        "export",
        transcript,
        "--spans",
        reviewed,
        "--out",
        out,
        "--audio",
        audio,
        "--pad",
        "0",
        "--audio-mode",
    )
    assert main([str(a) for a in (*argv, "silence")]) == Exit.OK
    err = capsys.readouterr().err

    # No word times: "Maria Lopez" is characters 13..24 of the 24 of a 1 s-3 s cue; "Ann" was never said.
    (redaction,) = json.loads((out / "hearing.redactions.json").read_text(encoding="utf-8"))["redactions"]
    assert (redaction["start"], redaction["end"], redaction["approximate"]) == (2.083333, 3.0, True)
    assert "1 approximate" in err and "1 replaced spans have no time" in err
    redacted = sf.read(out / f"hearing.redacted.{suffix}", dtype="int16")[0]
    assert redacted.shape == original.shape == (4 * 44100, 2)
    first, last = int(np.floor(2.083333 * 44100)), int(np.ceil(3.0 * 44100))
    if subtype == "PCM_16":
        assert not redacted[first:last].any()
        assert np.array_equal(redacted[:first], original[:first])
        assert np.array_equal(redacted[last:], original[last:])
        assert "every other sample unchanged" in err
    else:  # lossy: re-encoded, and said so
        assert np.abs(redacted[first + 2000 : last - 2000]).max() < 300
        assert "VORBIS is lossy" in err


def test_the_windows_export_writes_the_intervals_too(tmp_path):
    from reviewer_app.store import Project
    from reviewer_app.ui.export_plan import plan_export, write_export

    project = _project(tmp_path, _whisper(tmp_path))
    with Project.open(project) as opened:
        plan = plan_export(opened, opened.list_documents()[0].id, draft=False)
    written = {p.name for p in write_export(plan, tmp_path / "out")}
    assert {"call.txt", "call.redactions.json", "call.redactions.csv"} <= written
    data = json.loads((tmp_path / "out" / "call.redactions.json").read_text(encoding="utf-8"))
    assert [(r["start"], r["end"]) for r in data["redactions"]] == [(1.1, 1.9), (2.85, 3.5)]


def test_a_draft_recording_is_named_as_a_draft(tmp_path, capsys):
    recordings, out = tmp_path / "audio", tmp_path / "out"
    recordings.mkdir()
    _wav(recordings / "call.wav")
    project = _project(tmp_path, _whisper(tmp_path), pending=("June third",))
    argv = ["project", "export", project, "--out", out, "--audio-dir", recordings, "--draft"]
    assert main([str(a) for a in argv]) == Exit.OK, capsys.readouterr().err
    assert {"call.DRAFT.txt", "call.DRAFT.redactions.json", "call.DRAFT.redacted.wav"} <= {
        p.name for p in out.iterdir()
    }
