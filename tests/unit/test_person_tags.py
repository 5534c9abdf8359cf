"""One tag per person (`person_tags="person"`), beside the paper's one tag per name part."""

import re

import pytest

from reviewer_app.core.clusters import build_clusters
from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import TagScope, pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.exporters.leakguard import check_pseudonymized, leak_hits
from reviewer_app.exporters.mapping import mapping_to_json
from reviewer_app.settings import Settings, load_settings, save_settings
from tests.unit.test_pseudonymize import APPENDIX_A, marked

LOPEZ = (
    "[[PERSON|Maria Lopez]] is present. [[PERSON|Ms. Lopez]], spell it: [[SPELLED_NAME|L-O-P-E-Z]]. "
    "[[PERSON|Maria]] nods. [[PERSON|Mark Stevenson]] and later [[PERSON|Mark Stevenston]]. "
    "[[PERSON|Lopez's]] hearing, [[CDCR_ID|V12345]]."
)


def test_every_variant_of_a_person_takes_one_tag():
    doc, spans = marked(LOPEZ)
    out = pseudonymize(doc, spans, person_tags="person").text
    assert out == (
        "[PERSON_1] is present. Ms. [PERSON_1], spell it: [SPELLED_NAME_PERSON_1]. "
        "[PERSON_1] nods. [PERSON_2] and later [PERSON_2]. [PERSON_1]'s hearing, [CDCR_ID_1]."
    )
    # The paper's scheme stays the default.
    assert pseudonymize(doc, spans).text.startswith("[PERSON_1] [PERSON_2] is present. Ms. [PERSON_2]")


def test_a_misspelling_the_reviewer_unlinked_is_another_person():
    doc, spans = marked(LOPEZ)
    clusters = build_clusters(doc, spans, 88.0, broken_links=[("stevenston", "stevenson")])
    out = pseudonymize(doc, spans, clusters, person_tags="person").text
    assert "[PERSON_2] and later [PERSON_3]." in out


def test_a_spelled_name_before_the_name_links_to_the_person():
    doc, spans = marked(
        "Spell it: [[SPELLED_NAME|R-E- E-D]]. Mr. [[PERSON|Tom Reed]] is here, [[PERSON|Tom]]."
    )
    out = pseudonymize(doc, spans, person_tags="person").text
    assert out == "Spell it: [SPELLED_NAME_PERSON_1]. Mr. [PERSON_1] is here, [PERSON_1]."


def test_appendix_a_one_tag_per_person():
    doc, spans = marked(APPENDIX_A)
    out = pseudonymize(doc, spans, person_tags="person").text
    assert "for inmate [PERSON_4], [SPELLED_NAME_PERSON_4], CDCR number [CDCR_ID_1]" in out
    assert "Inmate [PERSON_4] is not present" in out
    assert "My name is [PERSON_1] [SPELLED_NAME_PERSON_1], Commissioner" in out


def test_mapping_agrees_with_the_text_tag_for_tag():
    doc, spans = marked(LOPEZ)
    result = pseudonymize(doc, spans, person_tags="person")
    by_cluster = {e.cluster: e for e in result.mapping if e.cluster is not None}
    for cluster in result.clusters:
        entry = by_cluster[cluster.id]
        for i in cluster.members:
            replaced = next(r for r in result.replacements if r.span == spans[i])
            # "[SPELLED_NAME_PERSON_1]" spells the person the mapping calls "[PERSON_1]".
            numbers = set(re.findall(r"PERSON_(\d+)", replaced.tag))
            assert numbers == set(re.findall(r"PERSON_(\d+)", entry.tag))
            assert spans[i].text_in(doc.text) in entry.originals
    lopez = next(e for e in result.mapping if "Maria Lopez" in e.originals)
    assert lopez.tag == "[PERSON_1]"
    assert set(lopez.originals) == {"Maria Lopez", "Ms. Lopez", "L-O-P-E-Z", "Maria", "Lopez's"}
    written = mapping_to_json([result])
    assert any(e["tag"] == "[PERSON_1]" for e in written["documents"][0]["entries"])


def test_leak_guard_passes_and_still_catches_a_missed_mention():
    doc, spans = marked(LOPEZ)
    result = pseudonymize(doc, spans, person_tags="person")
    check_pseudonymized(result, doc, spans)
    missed = Document(id="doc", text=doc.text + " Lopez again.")
    leaked = pseudonymize(missed, spans, person_tags="person")
    assert [h.found for h in leak_hits(leaked, missed, spans)] == ["Lopez"]


def test_one_scope_numbers_a_person_once_across_the_files_of_a_case():
    scope = TagScope()
    first = pseudonymize(*marked("[[PERSON|Kevin Richardson]] here", "a"), scope=scope, person_tags="person")
    second = pseudonymize(
        *marked("[[PERSON|Ann Lee]] and [[PERSON|Kevin Richardson]]", "b"), scope=scope, person_tags="person"
    )
    assert (first.text, second.text) == ("[PERSON_1] here", "[PERSON_2] and [PERSON_1]")


def test_unknown_mode_is_refused():
    doc, spans = marked(LOPEZ)
    with pytest.raises(ValueError, match="person_tags"):
        pseudonymize(doc, spans, person_tags="name")


def test_the_setting_is_saved_and_read_back(tmp_path):
    path = tmp_path / "settings.toml"
    assert Settings().person_tags == "part"
    save_settings(Settings(person_tags="person"), path)
    assert load_settings(path).person_tags == "person"
    path.write_text('person_tags = "nonsense"\n', encoding="utf-8")
    assert load_settings(path).person_tags == "part"


def _spans_file(tmp_path, doc: Document, spans) -> tuple:
    import json

    source = tmp_path / "hearing.txt"
    source.write_text(doc.text, encoding="utf-8")
    record = {
        "id": "hearing",
        "text": doc.text,
        "spans": [{"start": s.start, "end": s.end, "label": s.label, "status": "accepted"} for s in spans],
    }
    reviewed = tmp_path / "reviewed.jsonl"
    reviewed.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return source, reviewed


def test_export_cli_person_tags_option_and_setting(tmp_path):
    import json

    from reviewer_app.cli.main import main
    from reviewer_app.settings import settings_path

    doc, spans = marked(LOPEZ)
    source, reviewed = _spans_file(tmp_path, doc, spans)
    mapping = tmp_path / "private" / "m.json"
    argv = ["export", str(source), "--spans", str(reviewed), "--out", str(tmp_path / "out")]
    assert main([*argv, "--person-tags", "person", "--mapping", str(mapping)]) == 0
    out = (tmp_path / "out" / "hearing.txt").read_text(encoding="utf-8")
    assert out.startswith("[PERSON_1] is present. Ms. [PERSON_1], spell it: [SPELLED_NAME_PERSON_1].")
    written = json.loads(mapping.read_text(encoding="utf-8"))
    assert written["tags"] == {"scope": "document", "person_tags": "person"}
    lopez = next(e for e in written["documents"][0]["entries"] if "Maria Lopez" in e["originals"])
    assert lopez["tag"] == "[PERSON_1]"
    # Without the option the settings decide: the paper's scheme, or what the user chose.
    assert main(argv) == 0
    assert (
        (tmp_path / "out" / "hearing.txt").read_text(encoding="utf-8").startswith("[PERSON_1] [PERSON_2] is")
    )
    save_settings(Settings(person_tags="person"), settings_path())
    assert main(argv) == 0
    assert (tmp_path / "out" / "hearing.txt").read_text(encoding="utf-8") == out


def _readme_example() -> dict[str, str]:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The tag scheme", 1)[1].split("\n## ", 1)[0]
    lines = {}
    for line in section.splitlines():
        key, sep, value = line.partition(": ")
        if sep and key.strip() in ("original", "per part", "per person"):
            lines[key.strip()] = value.strip()
    return lines


def test_the_readme_tag_scheme_example_is_what_the_code_writes():
    example = _readme_example()
    text = example["original"]
    needles = [
        ("JONES", "PERSON", 0),
        ("August 23, 2021", "DATE", 0),
        ("Kevin Richardson", "PERSON", 0),
        ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", 0),
        ("L90314", "CDCR_ID", 0),
        ("San Quentin State Prison", "PRISON", 0),
        ("Richardson", "PERSON", 1),
        ("Alyssa Jones", "PERSON", 0),
    ]
    spans = []
    for needle, label, nth in needles:
        start = -1
        for _ in range(nth + 1):
            start = text.index(needle, start + 1)
        spans.append(Span(start, start + len(needle), label))
    document = Document(id="readme", text=text)
    assert pseudonymize(document, spans).text == example["per part"]
    assert pseudonymize(document, spans, person_tags="person").text == example["per person"]
