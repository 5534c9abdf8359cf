"""Exports of generated transcripts: no direct identifier left, one person one set of tags."""

import json
import re

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.exporters.leakguard import find_leaks, leak_terms
from tests.fixtures.generator import generate_transcript

DIRECT = ("PERSON", "SPELLED_NAME", "CDCR_ID", "PHONE_NUMBER", "EMAIL_ADDRESS")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_PERSON_TAG = re.compile(r"\[PERSON_(\d+)\]")


def _pattern(surface: str) -> re.Pattern:
    """`surface` as whole words, any punctuation or line break between them (independent
    of the leak guard's own matching)."""
    words = re.findall(r"[^\W_]+", surface)
    return re.compile(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, words)) + r"(?![^\W_])", re.IGNORECASE)


def _uncovered(text: str, surface: str, spans) -> list[int]:
    """Starts of the occurrences of `surface` in `text` that no span covers."""
    return [
        m.start()
        for m in _pattern(surface).finditer(text)
        if not any(s.start <= m.start() < s.end for s in spans)
    ]


@pytest.fixture(scope="module")
def transcripts():
    return [generate_transcript(seed, 1200) for seed in range(20)]


def test_gold_export_of_20_transcripts_leaves_no_direct_identifier(transcripts):
    for generated in transcripts:
        doc = Document(id=generated.name, text=generated.canonical_text, metadata=generated.metadata)
        spans = [
            s.with_(label=fine or s.label)
            for s, fine in zip(generated.gold_spans, generated.gold_fine_labels, strict=True)
        ]
        result = pseudonymize(doc, spans)
        out = result.text
        direct = {s.text_in(doc.text) for s in generated.gold_spans if s.label in DIRECT}
        for surface in direct:
            # What the generator's gold itself leaves unannotated stays; nothing else may.
            assert len(_pattern(surface).findall(out)) == len(_uncovered(doc.text, surface, spans)), (
                generated.name,
                surface,
            )
        # The gold leaves no direct identifier unannotated, so the guard finds nothing.
        masked = [(r.out_start, r.out_end) for r in result.replacements]
        assert find_leaks(out, leak_terms(doc, spans, result.clusters), masked) == []


def test_the_leak_guard_reports_exactly_a_mention_the_review_missed(transcripts):
    """One mention of a name that is tagged elsewhere loses its span, as when a reviewer
    misses it: the guard reports that mention in the export, where it is, and nothing else."""
    for generated in transcripts:
        doc = Document(id=generated.name, text=generated.canonical_text, metadata=generated.metadata)
        spans = list(generated.gold_spans)
        surfaces = [s.text_in(doc.text) for s in spans]
        missed = next(
            s
            for s, surface in zip(spans, surfaces, strict=True)
            if s.label == "PERSON" and " " not in surface and surfaces.count(surface) >= 3
        )
        kept = [s for s in spans if s != missed]
        result = pseudonymize(doc, kept)
        masked = [(r.out_start, r.out_end) for r in result.replacements]
        hits = find_leaks(result.text, leak_terms(doc, kept, result.clusters), masked)
        surface = missed.text_in(doc.text)
        assert [h.found for h in hits] == [surface], generated.name
        assert result.text[hits[0].start : hits[0].end] == surface


def test_every_mention_of_a_person_gets_the_same_tags(transcripts):
    for generated in transcripts:
        doc = Document(id=generated.name, text=generated.canonical_text, metadata=generated.metadata)
        spans = list(generated.gold_spans)
        result = pseudonymize(doc, spans)
        links = {variant: canonical for c in result.clusters for variant, canonical in c.links}
        tag_of_part: dict[str, set[str]] = {}
        for r in result.replacements:
            if r.span.label != "PERSON":
                continue
            words = [w.casefold() for w in _WORD.findall(r.span.text_in(doc.text))]
            tags = _PERSON_TAG.findall(r.tag)
            assert len(words) == len(tags), (generated.name, r.span)
            for word, tag in zip(words, tags, strict=True):
                tag_of_part.setdefault(links.get(word, word), set()).add(tag)
        assert all(len(tags) == 1 for tags in tag_of_part.values()), generated.name
        numbers = [next(iter(tags)) for tags in tag_of_part.values()]
        assert len(numbers) == len(set(numbers)), "two different name parts share a tag"

        for participant in generated.metadata.participants:
            surname = participant.name.casefold().split()[-1]
            want_last = f"[PERSON_{next(iter(tag_of_part[_WORD.findall(surname)[-1]]))}]"
            mentions = [
                r
                for r in result.replacements
                if r.span.label == "PERSON"
                and r.span.text_in(doc.text).casefold() in (surname, participant.name.casefold())
            ]
            assert mentions and all(r.tag.endswith(want_last) for r in mentions), participant.name
            for r in result.replacements:
                letters = re.sub(r"\W", "", r.span.text_in(doc.text)).casefold()
                if r.span.label == "SPELLED_NAME" and letters == re.sub(r"\W", "", surname):
                    assert r.tag == f"[SPELLED_NAME_PERSON_{want_last[8:-1]}]", participant.name


def test_cli_accept_all_detects_exports_and_says_no_review_took_place(tmp_path, capsys):
    from reviewer_app.cli.main import main

    generated = generate_transcript(3, 700)
    paths = generated.write(tmp_path / "in")
    out_dir, private = tmp_path / "published", tmp_path / "private"
    code = main(
        [
            "export",
            str(paths["pdf"]),
            "--out",
            str(out_dir),
            "--accept-all",
            "--detectors",
            "presidio,spacy",
            "--mapping",
            str(private / "mapping.json"),
            "--gold",
            "jsonl",
            "--gold-dir",
            str(private),
        ]
    )
    report = capsys.readouterr().err
    assert code == 0, report
    assert "NO MANUAL REVIEW TOOK PLACE" in report
    out = (out_dir / f"{paths['pdf'].stem}.txt").read_text(encoding="utf-8")
    assert "MANUAL REVIEW" not in out.upper()
    assert "[PERSON_" in out and "[CDCR_ID_1]" in out
    for name in generated.metadata.names():
        for part in name.split():
            assert not _pattern(part).search(out), "a cover-page name is left"
    # Every direct identifier the detectors found anywhere is gone everywhere.
    gold_records = [json.loads(line) for line in (private / f"{paths['pdf'].stem}.gold.jsonl").open()]
    found = {s["text"].casefold() for s in gold_records[0]["spans"] if s["label"] in DIRECT}
    for surface in found:
        assert not _pattern(surface).search(out)
    assert json.loads((private / "mapping.json").read_text(encoding="utf-8"))["documents"]


def test_cli_reviewed_spans_refuse_pending_unless_draft(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl

    generated = generate_transcript(5, 300)
    paths = generated.write(tmp_path / "in")
    text_file = paths["txt"]
    statuses = ["accepted"] * len(generated.gold_spans)
    statuses[-1] = "pending"
    # A reviewer's slip: one mention of a name rejected while the others are accepted.
    slip = max(i for i, s in enumerate(generated.gold_spans) if s.label == "PERSON")
    statuses[slip] = "rejected"
    record = Record(
        generated.name,
        generated.canonical_text,
        tuple(SpanRecord(s, {"status": st}) for s, st in zip(generated.gold_spans, statuses, strict=True)),
    )
    reviewed = write_jsonl(tmp_path / "reviewed.jsonl", [record])
    args = ["export", str(text_file), "--spans", str(reviewed), "--out", str(tmp_path / "out")]
    assert main(args) == 3
    assert "not decided" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
    # The rejected mention is still a known name: the leak guard refuses, and --propagate
    # replaces it (and any other occurrence the gold missed) too.
    assert main([*args, "--draft"]) == 4
    assert "nothing was written" in capsys.readouterr().err
    assert main([*args, "--draft", "--propagate"]) == 0
    report = capsys.readouterr().err
    assert "DRAFT" in report and "further occurrences" in report
    out = (tmp_path / "out" / f"{text_file.stem}.txt").read_text(encoding="utf-8")
    assert "[PERSON_" in out

    # With every span rejected the cover-page names stay: the leak guard refuses and the
    # earlier file is left as it was.
    rejected = Record(
        record.id, record.text, tuple(SpanRecord(s.span, {"status": "rejected"}) for s in record.spans)
    )
    write_jsonl(reviewed, [rejected])
    assert main(args) == 4
    assert "cover page (PERSON)" in capsys.readouterr().err
    assert (tmp_path / "out" / f"{text_file.stem}.txt").read_text(encoding="utf-8") == out


def test_cli_case_scope_numbers_people_across_files_and_keeps_the_mapping_apart(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
    from reviewer_app.importers import import_file
    from tests.unit.test_pseudonymize import marked

    records = []
    for name, source in (
        ("first", "[[PERSON|Kevin Richardson]] met [[PERSON|Ann Lee]] in [[CITY|Fresno]]."),
        ("second", "[[PERSON|Ann Lee]] testified about [[PERSON|Richardson]] in [[CITY|Fresno]]."),
    ):
        doc, spans = marked(source)
        path = tmp_path / f"{name}.txt"
        path.write_text(doc.text + "\n", encoding="utf-8")
        imported = import_file(path)
        assert imported.text.startswith(doc.text)
        spans_ = tuple(SpanRecord(s, {"status": "accepted"}) for s in spans)
        records.append(Record(imported.id, imported.text, spans_))
    reviewed = write_jsonl(tmp_path / "reviewed.jsonl", records)
    files = [str(tmp_path / "first.txt"), str(tmp_path / "second.txt")]
    out = tmp_path / "out"
    base = ["export", *files, "--spans", str(reviewed), "--out", str(out)]

    assert main([*base, "--mapping", str(out / "mapping.json")]) == 2
    assert "sensitive" in capsys.readouterr().err and not out.exists()

    assert main(base) == 0
    assert (
        (out / "second.txt")
        .read_text(encoding="utf-8")
        .startswith("[PERSON_1] [PERSON_2] testified about [PERSON_3]")
    )
    assert main([*base, "--case-scope", "--mapping", str(tmp_path / "private" / "mapping.json")]) == 0
    assert (
        (out / "second.txt")
        .read_text(encoding="utf-8")
        .startswith("[PERSON_3] [PERSON_4] testified about [PERSON_2] in [CITY_1].")
    )
    mapping = json.loads((tmp_path / "private" / "mapping.json").read_text(encoding="utf-8"))
    assert [d["id"] for d in mapping["documents"]] == [r.id for r in records]


def test_cli_accept_all_of_a_utf16_transcript_replaces_its_names(tmp_path, capsys):
    """Windows "Unicode text" (UTF-16 LE with a byte-order mark) was read as cp1252:
    NULs between the letters, nothing detected, the names published."""
    from reviewer_app.cli.main import main

    generated = generate_transcript(8, 300)
    source = tmp_path / "unicode.txt"
    source.write_bytes(generated.canonical_text.encode("utf-16"))
    out_dir = tmp_path / "published"
    args = ["export", str(source), "--out", str(out_dir), "--accept-all", "--detectors", "presidio,spacy"]
    code = main(args)
    assert code == 0, capsys.readouterr().err
    out = (out_dir / "unicode.txt").read_text(encoding="utf-8")
    assert "\x00" not in out and "[PERSON_" in out
    for name in generated.metadata.names():
        for part in name.split():
            assert not _pattern(part).search(out), "a cover-page name is left"
