"""The detection runner: chunking, offsets, progress, cancellation, failures,
no network; the registry; and the `detect` command."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from typing import ClassVar

import pytest

from reviewer_app.cli.main import main as cli_main
from reviewer_app.core.document import Document, HearingMetadata, Participant, Utterance
from reviewer_app.core.progress import Cancelled, Progress
from reviewer_app.core.spans import Span
from reviewer_app.core.truecasing import UNAVAILABLE_NOTE, CasedView
from reviewer_app.detectors import registry, runner
from reviewer_app.detectors.base import Detector, DetectorStatus
from reviewer_app.detectors.nlp import load_pipeline, shared_doc
from reviewer_app.detectors.runner import PARSE_AHEAD, chunk_text, run_detection
from reviewer_app.settings import Settings

COVER = HearingMetadata(
    inmate_name="Kevin Richardson",
    participants=(Participant("Alyssa Jones", "Presiding Commissioner", "panel"),),
)
LINE = (
    "PRESIDING COMMISSIONER JONES: Inmate Richardson, R-I-C-H-A-R-D-S-O-N, CDCR number L90314, "
    "arrived on September 1st, 2021 at 1:30 PM; write to kevin@example.org.\n"
)


def hearing(lines: int = 3) -> Document:
    # One turn a line, as the importer finds them: the merge reads the speaker tags from them.
    speaker = LINE.split(":")[0]
    turns = tuple(Utterance(speaker, k * len(LINE), (k + 1) * len(LINE) - 1) for k in range(lines))
    return Document("hearing", LINE * lines, utterances=turns, metadata=COVER)


class ReadyDetector(Detector):
    """A fake detector with nothing to load: always ready."""

    def status(self) -> DetectorStatus:
        return DetectorStatus(True, "always ready")

    def load(self) -> None:
        pass


class CrashingDetector(ReadyDetector):
    name = "crashing"
    labels = ("PERSON",)

    def detect(self, chunk, shared):
        raise RuntimeError("boom")


class CountingDetector(ReadyDetector):
    """Finds "JONES" in each chunk, slowly, so that cancellation can be timed."""

    name = "counting"
    labels = ("PERSON",)
    delay = 0.0

    def detect(self, chunk, shared):
        time.sleep(self.delay)
        start = chunk.text.find("JONES")
        return [Span(start, start + 5, "PERSON", (self.name,))] if start >= 0 else []


class ClockDetector(ReadyDetector):
    """Tags every clock reading as TIME and every ISO date as DATE, as NER might."""

    name = "clock"
    labels = ("TIME", "DATE")

    def detect(self, chunk, shared):
        found = [Span(m.start(), m.end(), "TIME", (self.name,)) for m in re.finditer(r"\d+:\d+", chunk.text)]
        dates = re.finditer(r"\d{4}-\d\d-\d\d", chunk.text)
        return found + [Span(m.start(), m.end(), "DATE", (self.name,)) for m in dates]


class DocReadingDetector(ReadyDetector):
    """Reads each chunk's spaCy Doc as the spacy and presidio detectors do, noting whether it
    was parsed before it asked and what it holds."""

    name = "doc_reading"
    labels = ("PERSON",)
    seen: ClassVar[list[tuple[bool, str, list]]] = []

    def spacy_pipeline(self) -> str | None:
        return self.settings.spacy_model

    def detect(self, chunk, shared):
        ready = bool(shared.cache)
        doc = shared_doc(shared, self.settings.spacy_model, chunk.text)
        self.seen.append((ready, chunk.text, _parse(doc)))
        return []


def _parse(doc) -> list:
    return [(t.idx, t.tag_, t.dep_, t.head.i, t.lemma_, t.ent_type_, t.ent_iob_) for t in doc]


@pytest.fixture
def fake_detectors(monkeypatch):
    monkeypatch.setitem(registry.DETECTORS, "crashing", f"{__name__}:CrashingDetector")
    monkeypatch.setitem(registry.DETECTORS, "counting", f"{__name__}:CountingDetector")
    monkeypatch.setitem(registry.DETECTORS, "clock", f"{__name__}:ClockDetector")
    monkeypatch.setitem(registry.DETECTORS, "doc_reading", f"{__name__}:DocReadingDetector")
    monkeypatch.setitem(registry.DETECTORS, "ghost", "reviewer_app.detectors.no_such_module:Ghost")
    registry.shared_instance.cache_clear()
    yield
    registry.shared_instance.cache_clear()


def test_chunks_end_at_line_ends_and_cover_the_text():
    text = "".join(f"line {i} " + "x" * (i % 7) + "\n" for i in range(200)) + "no newline at the end"
    chunks = chunk_text(text, 100)
    assert "".join(piece for _, piece in chunks) == text
    assert all(text[offset:].startswith(piece) for offset, piece in chunks)
    assert all(piece.endswith("\n") for _, piece in chunks[:-1])
    assert all(len(piece) <= 100 for _, piece in chunks)
    assert chunk_text("one very long line", 5) == [(0, "one very long line")]


def test_spans_of_every_chunk_are_mapped_back_to_document_offsets(fake_detectors):
    doc = hearing(5)
    result = run_detection(doc, ["counting"], Settings(), chunk_chars=len(LINE) + 1)
    found = result.raw["counting"]
    assert len(found) == 5
    assert all(s.text_in(doc.text) == "JONES" for s in found)


def test_a_turns_timestamp_is_no_time_but_a_clock_time_said_and_a_date_before_a_tag_are(fake_detectors):
    text = "[01:28] CALLER: It started at 10:40.\n2024-05-01 14:02 ANA: hi\n"
    turns = tuple(
        Utterance(tag, text.index(f"{tag}:"), text.index("\n", text.index(tag))) for tag in ("CALLER", "ANA")
    )
    doc = Document("call", text, utterances=turns)
    assert doc.turn_prefixes() == [(0, text.index("CALLER")), (text.index("2024"), text.index("ANA"))]
    kept = [(s.label, s.text_in(text)) for s in run_detection(doc, ["clock"], Settings()).spans]
    assert kept == [("TIME", "10:40"), ("DATE", "2024-05-01")]
    # Without turns nothing says that a reading is a stamp.
    untagged = run_detection(Document("call", text), ["clock"], Settings()).spans
    assert len(untagged) == 4


def test_a_stamp_after_a_turns_tag_is_no_time_but_a_clock_time_said_is(fake_detectors):
    # Speech-to-text exports print the elapsed time after the speaker's label, speech below.
    text = "Speaker 1  0:14\nMorning, it's 9:02.\nUnknown Speaker  12:04\nOkay.\n"
    turns = tuple(
        Utterance(tag, text.index(tag), text.index("\n", text.index(tag) + len(tag) + 8), text.index(speech))
        for tag, speech in (("Speaker 1", "Morning"), ("Unknown Speaker", "Okay"))
    )
    doc = Document("export", text, utterances=turns)
    assert doc.tag_suffixes() == [
        (len("Speaker 1"), text.index("Morning")),
        (text.index("Unknown") + len("Unknown Speaker"), text.index("Okay")),
    ]
    kept = [(s.label, s.text_in(text)) for s in run_detection(doc, ["clock"], Settings()).spans]
    assert kept == [("TIME", "9:02")]


def test_a_stamp_alone_on_its_line_is_no_time_but_one_in_speech_is(fake_detectors):
    # A transcript export prints the elapsed time above each caption.
    text = "0:07\n>> we started at 7:35 that night\n[01:02:33]\nok\n"
    kept = [
        (s.label, s.text_in(text))
        for s in run_detection(Document("captions", text), ["clock"], Settings()).spans
    ]
    assert kept == [("TIME", "7:35")]
    # A call's elapsed time before a note on what was heard is a stamp too; a time in a note is not.
    text = "00:45  (Tone. Line opens.)\n05:16 (Caller hangs up at 10:20.)\n"
    kept = [
        (s.label, s.text_in(text)) for s in run_detection(Document("call", text), ["clock"], Settings()).spans
    ]
    assert kept == [("TIME", "10:20")]


def test_a_stamp_before_a_transcribers_note_is_no_time(fake_detectors):
    # A released call prints the elapsed time before a note of what was heard.
    text = "00:45  (Tone. Conference line opens.)\n00:47  FD: units at 18:47 (approx)\n"
    kept = [
        (s.label, s.text_in(text)) for s in run_detection(Document("call", text), ["clock"], Settings()).spans
    ]
    assert kept == [("TIME", "00:47"), ("TIME", "18:47")]


def _clock_times(doc: Document) -> list[str]:
    return [s.text_in(doc.text) for s in run_detection(doc, ["clock"], Settings()).spans if s.label == "TIME"]


def test_a_heading_in_the_layout_of_the_turns_stamps_is_no_time(fake_detectors):
    # A meeting export: the importer read the first tag, not the surname-first one below it, whose
    # line ends in the elapsed time after a gap as the tag's own does. A field's line stays a time.
    text = (
        "Okafor, Renee (BPH)   0:03\nWe're on the record, it's 10:47.\n\nHale, Timothy@BPH   0:31\nThanks.\n"
    )
    text += "Time:   10:50\n"
    tag = "Okafor, Renee"
    turn = Utterance(tag, 0, text.index("\n\n"), text.index("We're"))
    assert _clock_times(Document("export", text, utterances=(turn,))) == ["10:47", "10:50"]
    # Where no turn's tag line ends in its stamp, such a line says nothing of the layout.
    assert _clock_times(Document("export", text)) == ["0:03", "10:47", "0:31", "10:50"]


def test_a_recordings_length_is_no_time(fake_detectors):
    text = (
        "Start: 19:42    Duration: 14:58\nRunning time: 7:48\nIt's 12:19.\n(System cutoff, 14:58 elapsed.)\n"
    )
    assert _clock_times(Document("call", text)) == ["19:42", "12:19"]


def test_a_position_in_the_recording_in_its_stamps_form_is_no_time_but_a_later_clock_is(fake_detectors):
    text = (
        "Camera clock: 15:11:52\nPortions ordered: 00:00:00 - 00:07:40\n"
        "Thorsby (00:00:04):\nThe time is 9:07.\n[crosstalk 00:07:30]\nAnzaldua (00:07:40):\nYes.\n"
    )
    turns = tuple(
        Utterance(tag, text.index(tag), text.index(speech) - 1, text.index(speech))
        for tag, speech in (("Thorsby", "The time"), ("Anzaldua", "Yes."))
    )
    assert _clock_times(Document("hearing", text, utterances=turns)) == ["15:11", "9:07"]


def test_a_telephone_number_is_no_nhs_number_that_passes_its_checksum():
    # 559-555-0163 passes the NHS number's checksum; an NHS number is written with blanks.
    text = "Leave a message for our newsroom. That's 559-555-0163. His NHS number is 943 476 5919.\n"
    found = {
        (s.label, s.text_in(text)) for s in run_detection(Document("t", text), ["presidio"], Settings()).spans
    }
    assert {("PHONE_NUMBER", "559-555-0163"), ("ID_NUMBER", "943 476 5919")} <= found


def test_a_sum_said_on_a_reporters_numbered_line_is_read_past_its_line_number():
    lines = [
        "PRESIDING COMMISSIONER GRADY: And the land?",
        "INCARCERATED PERSON MAGBANUA: My mother sold it,",
        "six hundred thousand pesos, and my share was spent.",
        "PRESIDING COMMISSIONER GRADY: I see.",
        "INCARCERATED PERSON MAGBANUA: Yes.",
        "PRESIDING COMMISSIONER GRADY: Thank you.",
    ]
    text = "".join(f"{n:2}  {line}\n" for n, line in enumerate(lines, 1))
    found = {
        (s.label, s.text_in(text)) for s in run_detection(Document("t", text), ["presidio"], Settings()).spans
    }
    assert ("AMOUNT", "six hundred thousand pesos") in found


def test_real_detectors_run_merged_with_raw_spans_per_detector():
    doc = hearing(3)
    result = run_detection(doc, ["spacy", "presidio"], Settings(), chunk_chars=len(LINE) + 1)
    assert {r.name for r in result.runs if r.ok} == {"spacy", "presidio"}
    assert set(result.raw) == {"spacy", "presidio"}
    merged = [(s.label, s.text_in(doc.text)) for s in result.spans]
    assert merged.count(("CDCR_ID", "L90314")) == 3
    assert merged.count(("SPELLED_NAME", "R-I-C-H-A-R-D-S-O-N")) == 3
    assert merged.count(("PERSON", "Richardson")) == 3
    assert ("DATE", "September 1st, 2021") in merged and ("TIME", "1:30 PM") in merged
    assert all(a.end <= b.start for a, b in zip(result.spans, result.spans[1:], strict=False))
    assert all(r.seconds > 0 for r in result.runs if r.ok)


def test_a_files_extension_is_no_organisation_and_its_digits_a_code():
    doc = Document("call", "Please attach exhibit 448-2091.docx to the record.")
    spans = run_detection(doc, ["spacy", "presidio"], Settings()).spans
    found = [(s.label, s.text_in(doc.text)) for s in spans]
    assert ("ID_NUMBER", "448-2091") in found
    assert not [label for label, covered in found if covered == "docx"]


def test_chunks_are_parsed_ahead_in_batches_as_each_would_be_alone(fake_detectors, monkeypatch):
    monkeypatch.setattr(DocReadingDetector, "seen", [])
    settings = Settings()
    nlp = load_pipeline(settings.spacy_model)
    batches = []
    real_pipe = type(nlp).pipe

    def pipe(self, texts, **kwargs):
        batches.append(len(texts))
        return real_pipe(self, texts, **kwargs)

    monkeypatch.setattr(type(nlp), "pipe", pipe)
    chunks = PARSE_AHEAD * 2 + 1
    run_detection(hearing(chunks), ["doc_reading"], settings, chunk_chars=len(LINE) + 1)
    seen = DocReadingDetector.seen
    assert len(seen) == chunks and all(ready for ready, _, _ in seen)
    assert batches == [PARSE_AHEAD, PARSE_AHEAD, 1]
    assert all(parsed == _parse(nlp(text)) for _, text, parsed in seen)


def test_progress_is_reported_per_detector_up_to_one(fake_detectors):
    reports = []
    run_detection(
        hearing(4), ["counting"], Settings(), Progress(lambda s, f: reports.append((s, f))), chunk_chars=50
    )
    fractions = [f for stage, f in reports if stage == "counting"]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len(fractions) >= 4
    assert ("merge", 1.0) in reports


def test_cancel_takes_effect_within_a_second(fake_detectors, monkeypatch):
    monkeypatch.setattr(CountingDetector, "delay", 0.05)
    progress = Progress()
    outcome = {}

    def work():
        try:
            run_detection(hearing(400), ["counting"], Settings(), progress, chunk_chars=len(LINE) + 1)
            outcome["result"] = "finished"
        except Cancelled:
            outcome["result"] = "cancelled"
            outcome["at"] = time.perf_counter()

    worker = threading.Thread(target=work)
    worker.start()
    time.sleep(0.2)
    asked = time.perf_counter()
    progress.cancel()
    worker.join(5)
    assert outcome["result"] == "cancelled"
    assert outcome["at"] - asked < 1.0


def test_a_crashing_or_unavailable_detector_is_reported_and_the_others_run(fake_detectors, caplog):
    doc = hearing(2)
    result = run_detection(doc, ["crashing", "ghost", "nonexistent", "counting"], Settings())
    runs = {r.name: r for r in result.runs}
    assert runs["crashing"].error == "detection failed: RuntimeError"
    assert (
        not runs["ghost"].status.ready and "ghost detector cannot be loaded" in runs["ghost"].status.message
    )
    assert not runs["nonexistent"].status.ready and "unknown detector" in runs["nonexistent"].status.message
    assert runs["counting"].ok and runs["counting"].span_count == 1
    # the one JONES found; both are names in speaker tags, which the merge proposes too, as
    # it does "Inmate Richardson", a surname after a title spelled right after it
    assert [(s.text_in(doc.text), s.detectors) for s in result.spans] == [
        ("JONES", ("counting", "context")),
        ("Richardson", ("context",)),
        ("JONES", ("context",)),
        ("Richardson", ("context",)),
    ]
    # logs carry detector names and error types, never transcript text
    assert "Richardson" not in caplog.text and "boom" not in caplog.text


def test_detection_makes_no_network_connection(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("network access during detection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    doc = hearing(2)
    result = run_detection(doc, ["spacy", "presidio"], Settings())
    assert all(r.ok for r in result.runs)
    assert ("EMAIL_ADDRESS", "kevin@example.org") in {(s.label, s.text_in(doc.text)) for s in result.spans}


def test_registry_lists_every_detector_with_status_and_colour(fake_detectors):
    infos = {i.name: i for i in registry.available_detectors(Settings())}
    assert {"presidio", "spacy", "stanza", "zeroshot"} <= set(infos)
    assert infos["spacy"].status.ready and infos["spacy"].status.model == Settings().spacy_model
    assert infos["presidio"].colour == "#2e9e44"
    assert "SPELLED_NAME" in infos["presidio"].labels
    assert not infos["ghost"].status.ready
    missing = registry.detector_status("spacy", Settings(spacy_model="no_such_pipeline"))
    assert not missing.status.ready and "pip install" in missing.status.message


def test_detect_command_writes_spans_jsonl_for_txt_and_jsonl_inputs(tmp_path, capsys):
    text_file = tmp_path / "hearing.txt"
    text_file.write_text(LINE * 2, encoding="utf-8")
    corpus = tmp_path / "gold.jsonl"
    corpus.write_text(
        json.dumps({"id": "a", "text": "Call Victor 12345 at 9:01 a.m.", "spans": []})
        + "\n"
        + json.dumps({"id": "b", "text": "Nothing here.", "spans": []})
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    # The records are no hearing (general profile); the CDCR number read out is looked for in a hearing.
    code = cli_main(
        [
            "detect",
            str(text_file),
            str(corpus),
            "--out",
            str(out),
            "--detectors",
            "presidio,spacy",
            "--profile",
            "hearing",
        ]
    )
    assert code == 0
    first = [json.loads(line) for line in (out / "hearing.spans.jsonl").read_text().splitlines()]
    assert len(first) == 1 and first[0]["text"] == (LINE * 2).strip()
    labels = {(s["label"], s["text"]) for s in first[0]["spans"]}
    assert ("CDCR_ID", "L90314") in labels
    assert all(s["detectors"] for s in first[0]["spans"])
    records = [json.loads(line) for line in (out / "gold.spans.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == ["a", "b"]
    assert {(s["label"], s["text"]) for s in records[0]["spans"]} >= {
        ("CDCR_ID", "Victor 12345"),
        ("TIME", "9:01 a.m."),
    }
    assert "detect" in capsys.readouterr().err  # the progress bar goes to stderr


HEARING_RECORD = """SUBSEQUENT PAROLE CONSIDERATION HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS
In the matter of the Life Term Parole Consideration Hearing of:
Efrain Qzwebster
CDCR Number: GC3150
Valley State Prison
Chowchilla, California
August 19, 2021
8:00 a.m.
PANEL PRESENT:
Randall Chow, Presiding Commissioner
OTHERS PRESENT:
Efrain Qzwebster, Incarcerated Person

PRESIDING COMMISSIONER CHOW: Good morning. Were you in Chowchilla before?
INCARCERATED PERSON QZWEBSTER: Yes, Chowchilla.

CERTIFICATE AND DECLARATION OF TRANSCRIBER
I, Lamar Cardenas, a duly designated transcriber, certify this."""


def test_detect_command_reads_the_cover_page_of_jsonl_records(tmp_path):
    # Without the cover page spaCy takes the town for a name; its deny-list makes it a place.
    corpus = tmp_path / "gold.jsonl"
    corpus.write_text(json.dumps({"id": "h", "text": HEARING_RECORD, "spans": []}) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli_main(["detect", str(corpus), "--out", str(out), "--detectors", "presidio"]) == 0
    (record,) = [json.loads(line) for line in (out / "gold.spans.jsonl").read_text().splitlines()]
    assert record["id"] == "h" and record["text"] == HEARING_RECORD
    found = {(s["text"], s["label"]) for s in record["spans"]}
    assert ("Chowchilla", "LOCATION") in found and ("Chowchilla", "PERSON") not in found
    assert ("QZWEBSTER", "PERSON") in found


def test_detect_command_fails_clearly_on_unknown_detector(tmp_path, capsys):
    text_file = tmp_path / "h.txt"
    text_file.write_text("Hello.\n", encoding="utf-8")
    code = cli_main(["detect", str(text_file), "--out", str(tmp_path / "o"), "--detectors", "spacy,bogus"])
    assert code == 2
    assert "unknown detector 'bogus'" in capsys.readouterr().err


class FullNameDetector(ReadyDetector):
    """Reads "walter fenske" as a person, as spaCy's NER does on a truecased view that capitalised it."""

    name = "full_name"
    labels = ("PERSON",)

    def detect(self, chunk, shared):
        found = re.finditer("walter fenske", chunk.text)
        return [Span(m.start(), m.end(), "PERSON", ("spacy",)) for m in found]


class CountingCaseModel:
    """The casing model's counts: "fenske" is a name's word, written capitalised."""

    uni_dist: ClassVar[dict[str, int]] = {"fenske": 0, "Fenske": 12}


def test_a_caseless_texts_full_names_words_said_alone_are_persons(fake_detectors, monkeypatch):
    monkeypatch.setitem(registry.DETECTORS, "full_name", f"{__name__}:FullNameDetector")
    monkeypatch.setattr(runner, "case_model", CountingCaseModel)
    monkeypatch.setattr(runner, "cased_view", lambda text, *a, **k: CasedView(text, "truecased"))
    caseless = (
        "speaker 1: the summary is from the probation officer's report and walter fenske is here\n"
        "speaker 2: thank you mr fenske you may speak about the night of the crime now\n"
    )
    found = run_detection(Document("asr", caseless), ["full_name"], Settings()).spans
    assert [s.text_in(caseless) for s in found] == ["walter fenske", "fenske"]
    # Without the casing model nothing tells the word from an ordinary one: only NER's reading.
    monkeypatch.setattr(runner, "cased_view", lambda text, *a, **k: CasedView(text, UNAVAILABLE_NOTE))
    kept = run_detection(Document("asr", caseless), ["full_name"], Settings()).spans
    assert [s.text_in(caseless) for s in kept] == ["walter fenske"]


def test_what_the_text_as_written_adds_to_its_view():
    from reviewer_app.detectors.runner import kept_as_written

    text = (
        "HE SAID: MY NUMBER IS CDCR AK 6093, PLATE WAS 4 KXR 221, IN 1979, BOOKING IS AT 5521893. "
        "ASK TIME AT THE CENTER FOR FAMILY SERVICES.\nAlma Reyes: ok"
    )
    view = (
        "He said: My number is CDCR Ak 6093, plate was 4 Kxr 221, in 1979, booking is at 5521893. "
        "Ask time at the center for family services.\nAlma Reyes: ok"
    )

    def span(piece: str, label: str) -> Span:
        return Span(text.index(piece), text.index(piece) + len(piece), label, ("presidio",), 0.5)

    found = [
        ("p", span("AK 6093", "CDCR_ID")),
        ("p", span("WAS 4 KXR 221", "ID_NUMBER")),
        ("p", span("IN 1979", "CDCR_ID")),
        ("p", span("AT 5521893", "ID_NUMBER")),
        ("s", span("TIME", "ORGANIZATION")),
        ("s", span("CENTER FOR FAMILY SERVICES", "ORGANIZATION")),
        ("s", span("SAID", "PERSON")),
        ("s", span("Alma Reyes", "PERSON")),
    ]
    on_view = [span("CDCR", "ORGANIZATION")]
    kept = [
        (owner, text[s.start : s.end], s.label) for owner, s in kept_as_written(found, text, view, on_view)
    ]
    # A code the view lowered is kept without the ordinary words a pattern ran into; a year left
    # alone so is none. A body or place of several words NER read in capitals is kept where the
    # view found nothing there (not one word: "TIME"); a person only where the view left the words.
    assert kept == [
        ("p", "AK 6093", "CDCR_ID"),
        ("p", "4 KXR 221", "ID_NUMBER"),
        ("p", "5521893", "ID_NUMBER"),
        ("s", "CENTER FOR FAMILY SERVICES", "ORGANIZATION"),
        ("s", "Alma Reyes", "PERSON"),
    ]
