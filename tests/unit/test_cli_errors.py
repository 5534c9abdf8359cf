"""Bad input on the command line: plain messages, one exit-code table for every
command, and no transcript word in the verbose log."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from reviewer_app.cli.exit_codes import MEANINGS, Exit, markdown_table
from reviewer_app.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HEARING = (
    "PRESIDING COMMISSIONER JONES: Mr. Zebulon Quartermaine, your phone number is 555-867-5309 "
    "and your CDCR number is V12345.\n"
    "INMATE QUARTERMAINE: Yes. My brother Thaddeus lives in Fresno.\n"
)


def run(*argv) -> int:
    return main([str(a) for a in argv])


def test_the_readme_prints_the_exit_code_table_of_the_code():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    assert markdown_table() in section
    assert [int(code) for code in MEANINGS] == list(range(len(Exit)))


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(random.Random(1).randbytes(2048))
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    folder_pdf = tmp_path / "folder.pdf"
    folder_pdf.mkdir()
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    return {
        "binary": binary,
        "folder": folder,
        "folder_pdf": folder_pdf,
        "empty": empty,
        "missing": tmp_path / "missing.txt",
    }


@pytest.mark.parametrize("kind", ["binary", "folder", "folder_pdf", "empty", "missing"])
def test_the_same_bad_file_gives_the_same_code_and_message_from_every_command(tmp_path, capsys, kind):
    bad = _bad_files(tmp_path)[kind]
    project = tmp_path / "p.db"
    assert run("project", "new", project) == Exit.OK
    capsys.readouterr()
    codes, messages = {}, {}
    for name, argv in {
        "import": ["import", bad],
        "detect": ["detect", bad, "--out", tmp_path / "spans", "--detectors", "presidio"],
        "export": ["export", bad, "--accept-all", "--out", tmp_path / "out"],
        "project add": ["project", "add", project, bad, "--no-detect"],
    }.items():
        codes[name] = run(*argv)
        err = capsys.readouterr().err
        assert "Traceback" not in err
        messages[name] = err
    assert set(codes.values()) == {Exit.BAD_INPUT}, codes
    # Each prints the importer's words; `project add` after its progress line.
    last_lines = {name: err.splitlines()[-1] for name, err in messages.items()}
    reasons = {
        name: line.split(": ", 1)[1] if line.startswith("reviewer-app ") else line
        for name, line in last_lines.items()
    }
    assert len(set(reasons.values())) == 1, messages
    assert next(iter(reasons.values())).startswith(bad.name)
    # The file is named once: "empty.txt is empty", never "empty.txt: empty.txt is empty".
    for name, err in messages.items():
        assert err.splitlines()[-1].count(bad.name) == 1, (name, err)
    assert not (tmp_path / "out").exists() and not (tmp_path / "spans").exists()


@pytest.mark.parametrize(
    ("span", "words"),
    [
        ({"score": "abc"}, "the score must be a number"),
        ({"detectors": 5}, "detectors must be a list of names"),
        ({"start": 0.5}, "start and end must be whole numbers"),
        ({"label": "'; DROP TABLE spans;--"}, "unknown label"),
        ({"label": "person"}, "known labels: PERSON, "),
    ],
)
def test_export_refuses_a_spans_file_with_wrong_values(tmp_path, capsys, span, words):
    source = tmp_path / "hearing.txt"
    source.write_text(HEARING, encoding="utf-8")
    text = HEARING.rstrip("\n")
    start = text.index("Zebulon")
    record = {
        "id": "hearing",
        "text": text,
        "spans": [{"start": start, "end": start + 7, "label": "PERSON", "status": "accepted", **span}],
    }
    reviewed = tmp_path / "reviewed.jsonl"
    reviewed.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert run("export", source, "--spans", reviewed, "--out", tmp_path / "out") == Exit.BAD_INPUT
    err = capsys.readouterr().err
    assert words in err and "reviewed.jsonl line 1, span 1" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_export_refuses_spans_files_of_the_wrong_shape_or_encoding(tmp_path, capsys):
    source = tmp_path / "hearing.txt"
    source.write_text(HEARING, encoding="utf-8")
    reviewed = tmp_path / "reviewed.jsonl"
    for content, words in (
        (json.dumps({"text": HEARING, "spans": 5}).encode(), "'spans' must be a list"),
        (json.dumps({"text": HEARING, "meta": "x"}).encode(), "'meta' must be an object"),
        (json.dumps({"text": "Se\u00f1or"}, ensure_ascii=False).encode("cp1252"), "not UTF-8 text"),
    ):
        reviewed.write_bytes(content + b"\n")
        assert run("export", source, "--spans", reviewed, "--out", tmp_path / "out") == Exit.BAD_INPUT
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
    reviewed.unlink()
    reviewed.mkdir()
    assert run("export", source, "--spans", reviewed, "--out", tmp_path / "out") == Exit.BAD_INPUT
    assert "Is a directory" in capsys.readouterr().err


def test_a_file_that_cannot_be_written_is_named_without_a_traceback(tmp_path, capsys):
    project = tmp_path / "p.db"
    assert run("project", "new", project) == Exit.OK
    blocker = tmp_path / "blocker"
    blocker.write_text("", encoding="utf-8")
    assert run("whitelist", project, "export", blocker / "terms.txt") == Exit.FAILED
    err = capsys.readouterr().err
    assert err == f"reviewer-app whitelist: {blocker}: File exists\n"


def test_verbose_output_carries_no_transcript_word(tmp_path):
    """Presidio's debug log prints the context words around each match; `-v`
    must show the application's own messages and none of those."""
    source = tmp_path / "hearing.txt"
    source.write_text(HEARING, encoding="utf-8")
    project = tmp_path / "p.db"
    assert run("project", "new", project) == Exit.OK
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = ["-v", "project", "add", project, source, "--detectors", "presidio"]
    done = subprocess.run(
        [sys.executable, "-m", "reviewer_app", *command],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=env,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-2000:]
    assert "added document hearing" in output  # verbose: the application's own debug log is there
    for word in ("zebulon", "quartermaine", "thaddeus", "fresno", "5309", "v12345"):
        assert word not in output.lower(), word
