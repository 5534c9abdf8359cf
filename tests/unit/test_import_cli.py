"""`reviewer-app import FILE [--json]` through the real command-line entry point."""

from __future__ import annotations

import json

from reviewer_app.cli.main import main

TRANSCRIPT = "COMMISSIONER HOLT: Go ahead, Mr. Reed.\nMARCUS REED: Thank you.\n"


def test_import_prints_the_text(tmp_path, capsys):
    path = tmp_path / "excerpt.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    assert main(["import", str(path)]) == 0
    assert capsys.readouterr().out == TRANSCRIPT


def test_import_json_prints_the_document(tmp_path, capsys):
    path = tmp_path / "excerpt.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    assert main(["import", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["id"] == "excerpt"
    assert document["text"] == TRANSCRIPT.rstrip("\n")
    assert document["utterances"] == [
        {"speaker": "COMMISSIONER HOLT", "start": 0, "end": 38, "speech_at": None},
        {"speaker": "MARCUS REED", "start": 39, "end": 62, "speech_at": None},
    ]
    assert document["sections"] == [{"name": "body", "start": 0, "end": 62}]
    assert document["metadata"]["participants"] == []
    assert document["notes"] == []
    assert document["encoding"] == "utf-8"
    assert document["page_map"]["entries"][1] == [39, 1, 2]


def test_import_of_a_bad_file_prints_the_reason_and_fails(tmp_path, capsys):
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    assert main(["import", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "reviewer-app import: empty.pdf is empty: there is no text to review.\n"


def test_import_json_of_a_hearing_pdf_carries_its_metadata(tmp_path, capsys):
    from tests.fixtures.generator import generate_transcript

    transcript = generate_transcript(11, 300)
    pdf = transcript.write(tmp_path)["pdf"]
    assert main(["import", str(pdf), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["text"] == transcript.canonical_text
    assert document["metadata"]["inmate_name"] == transcript.metadata.inmate_name
    assert document["metadata"]["cdcr_number"] == transcript.metadata.cdcr_number
    assert [p["name"] for p in document["metadata"]["participants"]] == [
        p.name for p in transcript.metadata.participants
    ]
    assert [s["name"] for s in document["sections"]] == ["cover", "body", "certificate"]
    assert len(document["sha256"]) == 64


def test_import_json_names_the_encoding_used(tmp_path, capsys):
    path = tmp_path / "unicode.txt"
    path.write_bytes(TRANSCRIPT.encode("utf-16"))  # Windows "Unicode text": UTF-16 LE with a mark
    assert main(["import", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["encoding"] == "utf-16-le"
    assert document["text"] == TRANSCRIPT.rstrip("\n")
