"""The bundled sample and the generator's command line."""

from __future__ import annotations

import pdfplumber

from reviewer_app.core.interchange import read_jsonl
from reviewer_app.importers import import_file
from reviewer_app.paths import resource
from tests.fixtures.generator import main as generator_main


def test_bundled_sample_imports_to_its_canonical_text():
    pdf = resource("sample", "sample_hearing.pdf")
    expected = resource("sample", "sample_hearing.txt").read_text(encoding="utf-8")
    document = import_file(pdf)
    assert document.text == expected
    assert document.id == "sample_hearing"
    assert document.metadata.inmate_name and len(document.metadata.participants) >= 5
    with pdfplumber.open(pdf) as opened:
        assert 15 <= len(opened.pages) <= 20
    (gold,) = read_jsonl(resource("sample", "sample_hearing.gold.jsonl"))
    assert gold.text == expected
    assert {"PERSON", "CDCR_ID", "LOCATION", "DATE", "TIME", "SPELLED_NAME"} <= {
        s.label for s in gold.plain_spans
    }


def test_generator_command_writes_a_deterministic_corpus(tmp_path, capsys):
    args = ["--count", "2", "--seed", "5", "--words", "300"]
    assert generator_main([str(tmp_path / "a"), *args]) == 0
    assert generator_main([str(tmp_path / "b"), *args]) == 0
    out = capsys.readouterr().out
    assert "hearing-0005.pdf" in out and "hearing-0006.pdf" in out
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == [f"hearing-000{seed}.{ext}" for seed in (5, 6) for ext in ("gold.jsonl", "pdf", "txt")]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert import_file(tmp_path / "a" / "hearing-0005.pdf").text == (
        tmp_path / "a" / "hearing-0005.txt"
    ).read_text(encoding="utf-8")
