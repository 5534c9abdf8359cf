"""The pseudonymized transcript in its own format (WebVTT, SubRip, Whisper JSON): every
cue, timing and speaker kept, the text replaced as in the text export, the leak guard on it."""

import html
import json
import re
import tempfile
from pathlib import Path

import pytest
import srt
import webvtt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reviewer_app.cli.main import main
from reviewer_app.core.guard_exemptions import GuardExemptions
from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.exporters.captions import write_pseudonymized_captions
from reviewer_app.exporters.leakguard import LeakFound, leak_hits
from reviewer_app.importers import import_file
from reviewer_app.store import Project

VTT = """WEBVTT - hearing of Maria Lopez

STYLE
::cue(v[voice="Host"]) { color: yellow }

NOTE recorded with Maria Lopez in room 4

intro
00:00:01.000 --> 00:00:04.000 line:0 align:start
<v Maria Lopez>Good morning, I am <i>Maria</i>
Lopez &amp; this is Zoë.</v>

2
00:00:03.500 --> 00:00:06.000
<v.loud Bob Smith>Hi Maria,
how are you?

00:00:06.000 --> 00:00:07.000

00:01:07.250 --> 00:01:09.500
No speaker here.
"""


def spans_over(document, *needles, label="PERSON"):
    """A span over every occurrence of each needle not inside an earlier needle's, in text order."""
    found = []
    for needle in needles:
        at = document.text.find(needle)
        while at >= 0:
            if not any(s.start < at + len(needle) and at < s.end for s in found):
                found.append(Span(at, at + len(needle), label, ("manual",), 1.0))
            at = document.text.find(needle, at + len(needle))
    return sorted(found, key=lambda s: s.start)


def export(tmp_path, name, content, *needles, **guard):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    document = import_file(path)
    spans = spans_over(document, *needles)
    result = pseudonymize(document, spans)
    out = tmp_path / "out"
    written = write_pseudonymized_captions(out, "x", result, document, spans, GuardExemptions.of(**guard))
    return written, result


def test_vtt_keeps_every_cue_timing_setting_and_speaker_and_replaces_the_text(tmp_path):
    written, result = export(tmp_path, "h.vtt", VTT, "Maria Lopez", "Maria", "Zoë", "Bob Smith")
    assert written.name == "x.vtt"
    before, after = webvtt.from_string(VTT), webvtt.read(str(written))
    assert len(after.captions) == len(before.captions) == 4
    for old, new in zip(before.captions, after.captions, strict=True):
        assert (new.start, new.end, new.identifier) == (old.start, old.end, old.identifier)
        assert str(new.settings) == str(old.settings)
    assert [c.voice for c in after.captions] == ["[PERSON_1] [PERSON_2]", "[PERSON_4] [PERSON_5]", None, None]
    assert after.captions[0].raw_text == (
        "<v [PERSON_1] [PERSON_2]>Good morning, I am <i>[PERSON_1] [PERSON_2]</i> &amp; this is "
        "[PERSON_3].</v>"
    )
    # The line break of a cue comes back where no replacement swallowed it.
    assert after.captions[1].lines == ["<v.loud [PERSON_4] [PERSON_5]>Hi [PERSON_1],", "how are you?"]
    assert after.captions[3].text == "No speaker here."
    assert [s.text for s in after.styles] == [s.text for s in before.styles]
    content = written.read_text(encoding="utf-8")
    # Comments and the header text were never in the reviewed text: left out.
    assert "NOTE" not in content and "Maria" not in content and "Lopez" not in content
    # The same replacement as the text export, taken from it.
    assert "Good morning, I am [PERSON_1] [PERSON_2] & this is [PERSON_3]." in result.text


def test_srt_keeps_numbers_times_and_line_breaks(tmp_path):
    content = (
        "7\n00:00:00,500 --> 00:00:02,250\nŻaneta Kowalska said\n<i>hello</i> to Ana\n\n"
        "8\n01:02:03,004 --> 01:02:04,000 X1:40 X2:600\nAna answered\n\n"
        "9\n01:02:05,000 --> 01:02:06,000\n\n\n"
    )
    written, _ = export(tmp_path, "t.srt", content, "Żaneta Kowalska", "Ana")
    before, after = list(srt.parse(content)), list(srt.parse(written.read_text(encoding="utf-8")))
    assert [(s.index, s.start, s.end, s.proprietary) for s in after] == [
        (s.index, s.start, s.end, s.proprietary) for s in before
    ]
    assert [s.content for s in after] == [
        "[PERSON_1] [PERSON_2] said\n<i>hello</i> to [PERSON_3]",
        "[PERSON_3] answered",
        "",
    ]


def test_whisper_json_keeps_segments_words_times_and_speakers(tmp_path):
    value = {
        "text": " Hello Maria Lopez. Fine thanks, Maria.",
        "language": "en",
        "segments": [
            {
                "id": 0,
                "start": 0.0,
                "end": 2.0,
                "text": " Hello Maria Lopez.",
                "tokens": [50364, 2425, 6733],
                "speaker": "SPEAKER_00",
                "avg_logprob": -0.2,
                "words": [
                    {"word": " Hello", "start": 0.0, "end": 0.4, "probability": 0.9, "speaker": "SPEAKER_00"},
                    {"word": " Maria", "start": 0.5, "end": 1.0, "probability": 0.8},
                    {"word": " Lopez.", "start": 1.1, "end": 1.9, "probability": 0.7},
                ],
            },
            {
                "id": 1,
                "start": 2.5,
                "end": 4.0,
                "text": " Fine thanks, Maria.",
                "speaker": "SPEAKER_01",
                "chars": [{"char": "M", "start": 3.5}],
                "note": "a text field no reviewer saw: Maria",
            },
        ],
        "word_segments": [{"word": "Hello"}, {"word": "Maria"}, {"word": "Lopez."}],
    }
    written, _ = export(tmp_path, "a.json", json.dumps(value), "Maria Lopez", "Maria")
    out = json.loads(written.read_text(encoding="utf-8"))
    segments = out["segments"]
    assert [(s["start"], s["end"], s["speaker"], s["id"]) for s in segments] == [
        (0.0, 2.0, "SPEAKER_00", 0),
        (2.5, 4.0, "SPEAKER_01", 1),
    ]
    assert [s["text"] for s in segments] == [" Hello [PERSON_1] [PERSON_2].", " Fine thanks, [PERSON_1]."]
    assert out["text"] == " Hello [PERSON_1] [PERSON_2]. Fine thanks, [PERSON_1]."
    words = segments[0]["words"]
    assert [(w["word"], w["start"], w["end"], w["probability"]) for w in words] == [
        (" Hello", 0.0, 0.4, 0.9),
        (" [PERSON_1] [PERSON_2]", 0.5, 1.0, 0.8),
        (" .", 1.1, 1.9, 0.7),
    ]
    assert words[0]["speaker"] == "SPEAKER_00"
    # The tokens spell the original text: not written. WhisperX's repeated words follow the words.
    assert "tokens" not in segments[0] and segments[0]["avg_logprob"] == -0.2
    assert "chars" not in segments[1] and "note" not in segments[1]
    assert [w["word"] for w in out["word_segments"]] == [w["word"] for w in words]
    assert "Maria" not in written.read_text(encoding="utf-8")


def test_a_replaced_speaker_is_replaced_in_the_voice_and_speaker_fields(tmp_path):
    segments = [{"start": 0, "end": 1, "text": "Yes.", "speaker": "Maria Lopez"}]
    written, _ = export(tmp_path, "s.json", json.dumps(segments), "Maria Lopez")
    assert json.loads(written.read_text(encoding="utf-8")) == [
        {"start": 0, "end": 1, "text": "Yes.", "speaker": "[PERSON_1] [PERSON_2]"}
    ]


def test_leak_guard_reads_the_caption_file_beyond_the_text(tmp_path):
    # A cue identifier is no part of the reviewed text, and still published.
    vtt = "WEBVTT\n\nLopez-intro\n00:00:01.000 --> 00:00:02.000\nI am Maria Lopez.\n"
    with pytest.raises(LeakFound):
        export(tmp_path, "id.vtt", vtt, "Maria Lopez")
    assert not (tmp_path / "out").exists()


def test_a_place_the_reviewer_allowed_is_allowed_in_the_caption_file_too(tmp_path):
    vtt = (
        "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nI am Maria Lopez.\n\n"
        "00:00:02.000 --> 00:00:03.000\nLopez Street\n"
    )
    path = tmp_path / "al.vtt"
    path.write_text(vtt, encoding="utf-8")
    document = import_file(path)
    spans = spans_over(document, "Maria Lopez")
    result = pseudonymize(document, spans)
    street = document.text.index("Lopez Street")
    with pytest.raises(LeakFound):
        write_pseudonymized_captions(tmp_path / "out", "x", result, document, spans)
    written = write_pseudonymized_captions(
        tmp_path / "out", "x", result, document, spans, GuardExemptions.of(allowed_at=[(street, street + 5)])
    )
    assert webvtt.read(str(written)).captions[1].text == "Lopez Street"


def test_a_document_without_captions_writes_nothing(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("Maria Lopez spoke.", encoding="utf-8")
    document = import_file(path)
    result = pseudonymize(document, spans_over(document, "Maria Lopez"))
    assert write_pseudonymized_captions(tmp_path, "t", result, document, []) is None


def _reviewed_file(tmp_path, name, content, *needles):
    source = tmp_path / "in" / name
    source.parent.mkdir()
    source.write_text(content, encoding="utf-8")
    document = import_file(source)
    spans = [SpanRecord(s, {"status": "accepted"}) for s in spans_over(document, *needles)]
    reviewed = write_jsonl(
        tmp_path / "in" / "reviewed.jsonl", [Record(document.id, document.text, tuple(spans))]
    )
    return source, reviewed


def test_cli_export_writes_the_captions_beside_the_text(tmp_path, capsys):
    source, reviewed = _reviewed_file(tmp_path, "h.vtt", VTT, "Maria Lopez", "Maria", "Zoë", "Bob Smith")
    out = tmp_path / "out"
    assert main(["export", str(source), "--spans", str(reviewed), "--out", str(out)]) == 0, (
        capsys.readouterr().err
    )
    # the redaction intervals of a time-aligned transcript come with it (exporters/timed.py)
    written = sorted(p.name for p in out.iterdir())
    assert written == ["h.redactions.csv", "h.redactions.json", "h.txt", "h.vtt"]
    assert len(webvtt.read(str(out / "h.vtt")).captions) == 4


def test_a_speaker_s_name_detection_missed_is_refused_by_the_guard(tmp_path):
    """The voice "Bob Smith" was never tagged: the guard knows the names in speaker tags."""
    with pytest.raises(LeakFound, match="speaker tag"):
        export(tmp_path, "h.vtt", VTT, "Maria Lopez", "Maria", "Zoë")


def test_cli_export_refused_by_the_caption_guard_writes_nothing(tmp_path, capsys):
    vtt = "WEBVTT\n\nLopez-intro\n00:00:01.000 --> 00:00:02.000\nI am Maria Lopez.\n"
    source, reviewed = _reviewed_file(tmp_path, "id.vtt", vtt, "Maria Lopez")
    out = tmp_path / "out"
    assert main(["export", str(source), "--spans", str(reviewed), "--out", str(out)]) == 4
    assert "caption file" in capsys.readouterr().err
    assert not out.exists() or not list(out.iterdir())


def test_project_export_writes_the_captions_from_the_stored_document(tmp_path, capsys):
    source = tmp_path / "talk.srt"
    source.write_text(
        "1\n00:00:01,000 --> 00:00:02,500\nI am Maria Lopez\nfrom Fresno.\n\n", encoding="utf-8"
    )
    path, out = tmp_path / "p.db", tmp_path / "out"
    with Project.create(path) as project:
        doc_id = project.add_document(import_file(source))
        document = project.document(doc_id)
        spans = spans_over(document, "Maria Lopez")
        project.record_detection(doc_id, spans, ["manual"])
        for span in project.spans(doc_id):
            project.accept(span.id)
    assert main(["project", "export", str(path), "--out", str(out)]) == 0, capsys.readouterr().err
    (subtitle,) = srt.parse((out / "talk.srt").read_text(encoding="utf-8"))
    assert (subtitle.start.total_seconds(), subtitle.end.total_seconds()) == (1.0, 2.5)
    assert subtitle.content == "I am [PERSON_1] [PERSON_2]\nfrom Fresno."


_WORDS = ["Ana", "Zoë", "said", "a&b", "x<y", "go", "Łukasz", "now", "fine", "O'Neil"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_vtt_export_keeps_the_cues_and_holds_exactly_the_pseudonymized_lines(tmp_path, data):
    cues = data.draw(
        st.lists(
            st.tuples(
                st.sampled_from(["", "Ana", "Bob Ray"]),
                st.lists(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4), min_size=1, max_size=3),
            ),
            min_size=1,
            max_size=5,
        )
    )
    blocks = []
    for n, (speaker, lines) in enumerate(cues):
        payload = "\n".join(
            " ".join(w.replace("&", "&amp;").replace("<", "&lt;") for w in line) for line in lines
        )
        voice = f"<v {speaker}>" if speaker else ""
        blocks.append(f"c{n}\n00:00:{n:02d}.000 --> 00:00:{n:02d}.900\n{voice}{payload}\n")
    content = "WEBVTT\n\n" + "\n".join(blocks)
    path = tmp_path / "p.vtt"
    path.write_text(content, encoding="utf-8")
    document = import_file(path)
    words = list(re.finditer(r"\w+", document.text))
    chosen = data.draw(st.lists(st.sampled_from(words), unique_by=lambda m: m.start(), max_size=6))
    spans = sorted(
        (Span(m.start(), m.end(), "PERSON", ("manual",), 1.0) for m in chosen), key=lambda s: s.start
    )
    result = pseudonymize(document, spans)
    out = Path(tempfile.mkdtemp(dir=tmp_path)) / "out"
    if leak_hits(result, document, spans):
        # A name left elsewhere (a speaker not replaced): refused as the text export is.
        with pytest.raises(LeakFound):
            write_pseudonymized_captions(out, "p", result, document, spans)
        assert not out.exists()
        return
    written = write_pseudonymized_captions(out, "p", result, document, spans)
    after = webvtt.read(str(written))
    assert [(c.identifier, c.start, c.end) for c in after.captions] == [
        (c.identifier, c.start, c.end) for c in webvtt.from_string(content).captions
    ]
    # Each cue, speaker and text read back (tags off, entities read), is its line of the text export.
    shown = [
        (f"{html.unescape(c.voice)}: " if c.voice else "") + html.unescape(c.text).replace("\n", " ")
        for c in after.captions
    ]
    assert shown == result.text.split("\n")


def test_the_windows_export_writes_the_captions_too(tmp_path):
    from reviewer_app.ui.export_plan import plan_export, write_export

    source = tmp_path / "h.vtt"
    source.write_text(VTT, encoding="utf-8")
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(import_file(source))
        document = project.document(doc_id)
        spans = spans_over(document, "Maria Lopez", "Maria", "Zoë", "Bob Smith")
        project.record_detection(doc_id, spans, ["manual"])
        for span in project.spans(doc_id):
            project.accept(span.id)
        written = write_export(plan_export(project, doc_id, draft=False), tmp_path / "out")
    assert {"h.txt", "h.vtt"} <= {p.name for p in written}
    voices = [c.voice for c in webvtt.read(str(tmp_path / "out" / "h.vtt")).captions]
    assert voices == ["[PERSON_1] [PERSON_2]", "[PERSON_4] [PERSON_5]", None, None]
