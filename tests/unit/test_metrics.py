"""Precision, recall, F1, confusions and misses on a fixture small enough to compute by hand."""

from __future__ import annotations

import pytest

from reviewer_app.core.spans import Span
from reviewer_app.evaluation.metrics import (
    MERGED,
    DocumentPair,
    evaluate,
    evaluate_per_detector,
    find_misses,
    pair_records,
    without_detector,
)
from reviewer_app.evaluation.risk import rank_misses

TEXT = (
    "Inmate Kevin Richardson, R-I-C-H-A-R-D-S-O-N, CDCR number L90314, lived in Fresno County. "
    "The Board of Parole Hearings met on September 1st, 2021 at 1:30 PM. Richardson is 33."
)


def at(text: str, label: str, *detectors: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(text, start + 1)
    return Span(start, start + len(text), label, tuple(detectors))


GOLD = (
    at("Kevin Richardson", "PERSON"),  # G1
    at("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME"),  # G2
    at("L90314", "CDCR_ID"),  # G3
    at("Fresno County", "LOCATION"),  # G4
    at("September 1st, 2021", "DATE"),  # G5
    at("1:30 PM", "TIME"),  # G6
    at("Richardson", "PERSON", nth=1),  # G7: "Richardson is 33"
    at("33", "AGE"),  # G8
)

PRED = (
    at("Kevin Richardson", "PERSON", "spacy", "presidio"),  # P1 = G1
    at("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", "presidio"),  # P2 = G2
    at("L90314", "CDCR_ID", "presidio"),  # P3 = G3
    at("Fresno", "CITY", "spacy"),  # P4: part of G4; CITY rolls up to LOCATION
    at("Board of Parole Hearings", "ORGANIZATION", "spacy"),  # P5: no gold there
    at("September 1st", "DATE", "spacy"),  # P6: part of G5
    at("1:30 PM", "TIME", "presidio", "spacy"),  # P7 = G6
    at("Richardson", "LOCATION", "stanza", nth=1),  # P8: over G7 with the wrong label
)


@pytest.fixture
def pairs() -> list[DocumentPair]:
    return [DocumentPair("hearing", TEXT, GOLD, PRED)]


def test_exact_matching_per_label_micro_and_macro(pairs):
    result = evaluate(pairs, "exact")
    rows = {label: (s.gold, s.predicted, s.found, s.correct) for label, s in result.per_label.items()}
    # (gold, predicted, found, correct)
    assert rows == {
        "PERSON": (2, 1, 1, 1),  # G1 found by P1; G7 only under LOCATION
        "SPELLED_NAME": (1, 1, 1, 1),
        "CDCR_ID": (1, 1, 1, 1),
        "LOCATION": (1, 2, 0, 0),  # P4 is only "Fresno"; P8 is a PERSON
        "ORGANIZATION": (0, 1, 0, 0),
        "DATE": (1, 1, 0, 0),  # P6 lacks ", 2021"
        "TIME": (1, 1, 1, 1),
        "AGE": (1, 0, 0, 0),
    }
    person = result.per_label["PERSON"]
    assert (person.precision, person.recall) == (1.0, 0.5)
    assert person.f1 == pytest.approx(2 / 3)  # 2 * 1 * 0.5 / 1.5
    # micro: found 4 of 8 gold, correct 4 of 8 predicted
    assert result.micro.precision == 0.5 and result.micro.recall == 0.5 and result.micro.f1 == 0.5
    # macro over the 8 labels: P = (1+1+1+0+0+0+1+0)/8, R = (0.5+1+1+0+0+0+1+0)/8,
    # F1 = (2/3+1+1+0+0+0+1+0)/8
    assert result.macro.precision == pytest.approx(4 / 8)
    assert result.macro.recall == pytest.approx(3.5 / 8)
    assert result.macro.f1 == pytest.approx((2 / 3 + 3) / 8)


def test_overlap_matching(pairs):
    result = evaluate(pairs, "overlap")
    location, date = result.per_label["LOCATION"], result.per_label["DATE"]
    # LOCATION: P4 overlaps G4 -> 1 of 2 predictions correct, 1 of 1 gold found
    assert (location.precision, location.recall) == (0.5, 1.0)
    assert location.f1 == pytest.approx(2 / 3)
    assert (date.precision, date.recall, date.f1) == (1.0, 1.0, 1.0)
    # G7 is overlapped only by a LOCATION: still not found
    assert result.per_label["PERSON"].recall == 0.5
    # micro: found G1-G6 = 6 of 8; correct P1-P4, P6, P7 = 6 of 8
    assert (result.micro.precision, result.micro.recall, result.micro.f1) == (0.75, 0.75, 0.75)


def test_confusions_name_the_predicted_then_the_gold_label(pairs):
    for mode in ("exact", "overlap"):
        confusions = evaluate(pairs, mode).confusions
        # P8 (LOCATION) over G7 (PERSON). P4 and P6 overlap gold of their own label
        # (boundary errors, not confusions); P5 overlaps no gold.
        assert [(c.predicted_label, c.gold_label, c.count) for c in confusions] == [("LOCATION", "PERSON", 1)]


def test_each_detector_alone_on_the_labels_it_emits(pairs):
    tables = evaluate_per_detector(pairs, "exact")
    assert list(tables) == ["presidio", "spacy", "stanza", MERGED]
    presidio = tables["presidio"].totals
    # presidio: P1, P2, P3, P7, all correct; gold of its labels (PERSON, SPELLED_NAME,
    # CDCR_ID, TIME) = G1, G7, G2, G3, G6 = 5, of which 4 found
    assert (presidio.predicted, presidio.correct, presidio.gold, presidio.found) == (4, 4, 5, 4)
    assert presidio.f1 == pytest.approx(2 * 1.0 * 0.8 / 1.8)
    spacy = tables["spacy"].totals
    # spacy: P1, P4, P5, P6, P7 (5), correct P1, P7; gold of PERSON, LOCATION,
    # ORGANIZATION, DATE, TIME = G1, G7, G4, G5, G6 (5), found G1, G6
    assert (spacy.predicted, spacy.correct, spacy.gold, spacy.found) == (5, 2, 5, 2)
    assert "SPELLED_NAME" not in tables["spacy"].per_label
    assert tables["stanza"].totals.f1 == 0.0
    assert tables[MERGED].micro.f1 == 0.5


def test_ablating_a_detector_keeps_spans_another_detector_found(pairs):
    ablated = evaluate(without_detector(pairs, "presidio"), "exact")
    # P2, P3 go (presidio alone); P1, P7 stay (spacy too). 6 predictions, 2 correct,
    # 2 of 8 gold found: P = 1/3, R = 1/4, F1 = 2 * (1/12) / (7/12) = 2/7
    assert ablated.totals.predicted == 6
    assert ablated.micro.precision == pytest.approx(1 / 3)
    assert ablated.micro.recall == 0.25
    assert ablated.micro.f1 == pytest.approx(2 / 7)


def test_misses_are_what_the_output_would_leak_most_dangerous_first(pairs):
    misses = rank_misses(find_misses(pairs))
    # G7 is hidden (under the wrong label, but hidden); G4, G5 leak a part; G8 all of it.
    assert [(m.text, m.leaked, m.partial) for m in misses] == [
        ("33", "33", False),  # AGE 1, a whole miss first
        ("Fresno County", "County", True),  # LOCATION partial 2 // 2 = 1
        ("September 1st, 2021", "2021", True),  # DATE partial 2 // 2 = 1
    ]
    assert misses[1].left_context.endswith("lived in ")
    assert misses[1].right_context.startswith(". The Board")
    assert misses[1].predicted_labels == ("CITY",)


def test_pairing_by_id_and_refusing_different_texts():
    from reviewer_app.core.interchange import Record, SpanRecord

    gold = [Record("a", "x y", (SpanRecord(Span(0, 1, "PERSON")),)), Record("b", "z", ())]
    pred = [Record("b", "z", ()), Record("a", "x y", ())]
    pairs = pair_records(gold, pred)
    assert [p.id for p in pairs] == ["a", "b"] and pairs[0].gold == (Span(0, 1, "PERSON"),)
    with pytest.raises(ValueError, match="different texts"):
        pair_records([Record("a", "x y")], [Record("a", "x z")])


def test_evaluate_command_prints_the_tables_and_writes_the_report(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl

    gold = write_jsonl(tmp_path / "gold.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in GOLD))])
    pred = write_jsonl(tmp_path / "pred.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in PRED))])
    report = tmp_path / "report"
    argv = ["evaluate", "--gold", str(gold), "--pred", str(pred), "--per-detector", "--ablate", "presidio"]
    assert main([*argv, "--report", str(report)]) == 0
    out = capsys.readouterr().out
    # Table 3: the micro figures computed above, exact then overlap
    assert "| OVERALL (micro) | 8 | 0.500 | 0.500 | 0.500 | 0.750 | 0.750 | 0.750 |" in out
    assert "| OVERALL (macro) |  | 0.500 | 0.438 | 0.458 | 0.688 | 0.688 | 0.667 |" in out
    # Table 4
    assert "| LOCATION \\| PERSON | 1 |" in out
    # Table 5: presidio alone P 1, R 0.8, F1 0.889; spacy 0.4 throughout; stanza 0
    assert (
        "| Overall (micro) | 1.000 | 0.800 | 0.889 | 0.400 | 0.400 | 0.400 | 0.000 | 0.000 | 0.000 |" in out
    )
    # Table 8 style: without presidio P 1/3, R 1/4, F1 2/7
    assert "| Overall (micro) | 0.500 | 0.500 | 0.500 | 0.333 | 0.250 | 0.286 |" in out
    # residual risk 1 + 1 + 1 = 3 for the one document
    assert "| hearing | 3 | 3 | 1 × AGE 1, 1 × DATE part 1, 1 × LOCATION part 1 |" in out
    for name in ("report.md", "report.html"):
        assert "Table 3" in (report / name).read_text(encoding="utf-8")
    for name in ("f1_per_label.png", "residual_risk.png"):
        assert (report / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert 'src="f1_per_label.png"' in (report / "report.html").read_text(encoding="utf-8")


def test_evaluate_command_refuses_an_unknown_detector(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl

    gold = write_jsonl(tmp_path / "gold.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in GOLD))])
    pred = write_jsonl(tmp_path / "pred.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in PRED))])
    assert main(["evaluate", "--gold", str(gold), "--pred", str(pred), "--ablate", "nosuch"]) == 2
    assert "names presidio, spacy, stanza" in capsys.readouterr().err


def test_evaluate_reads_gold_from_doccano_conll_and_prodigy(tmp_path, capsys):
    import json

    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, record_to_json, write_jsonl
    from reviewer_app.evaluation.sources import guess_gold_format
    from reviewer_app.exporters.conll import write_conll
    from reviewer_app.exporters.doccano import write_doccano

    gold_record = Record("hearing", TEXT, tuple(SpanRecord(s) for s in GOLD))
    pred = write_jsonl(tmp_path / "pred.jsonl", [Record("hearing", TEXT, tuple(SpanRecord(s) for s in PRED))])
    rejected = Record("other", "Not this one.", ())
    prodigy = tmp_path / "prodigy.jsonl"
    prodigy.write_text(
        json.dumps({**record_to_json(rejected), "answer": "reject"})
        + "\n"
        + json.dumps({**record_to_json(gold_record), "answer": "accept"})
        + "\n",
        encoding="utf-8",
    )
    files = {
        "doccano": write_doccano(tmp_path / "gold.doccano.jsonl", [gold_record]),
        "conll": write_conll(tmp_path / "gold.conll", [gold_record]),
        "prodigy": prodigy,
    }
    for fmt, path in files.items():
        assert guess_gold_format(path) == fmt
        for told in (fmt, "auto"):
            argv = ["evaluate", "--gold", str(path), "--gold-format", told, "--pred", str(pred)]
            assert main(argv) == 0, told
            out = capsys.readouterr().out
            assert "| OVERALL (micro) | 8 | 0.500 | 0.500 | 0.500 | 0.750 | 0.750 | 0.750 |" in out, told


def test_evaluate_takes_one_file_per_document(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl

    other = "Kevin Richardson left."
    gold = [
        write_jsonl(tmp_path / "a.gold.jsonl", [Record("a", TEXT, tuple(SpanRecord(s) for s in GOLD))]),
        write_jsonl(tmp_path / "b.gold.jsonl", [Record("b", other, (SpanRecord(Span(0, 16, "PERSON")),))]),
    ]
    pred = [  # in the other order: documents pair by id
        write_jsonl(tmp_path / "b.spans.jsonl", [Record("b", other, (SpanRecord(Span(0, 16, "PERSON")),))]),
        write_jsonl(tmp_path / "a.spans.jsonl", [Record("a", TEXT, tuple(SpanRecord(s) for s in PRED))]),
    ]
    assert main(["evaluate", "--gold", *map(str, gold), "--pred", *map(str, pred)]) == 0
    # one more gold span, found exactly: micro exact P = R = 5/9
    assert "| OVERALL (micro) | 9 | 0.556 | 0.556 | 0.556 |" in capsys.readouterr().out


HEARING = """SUBSEQUENT PAROLE CONSIDERATION HEARING
STATE OF CALIFORNIA
BOARD OF PAROLE HEARINGS
In the matter of the Life Term Parole Consideration Hearing of:
Efrain Qzwebster
CDCR Number: GC3150
Valley State Prison
Likely, California
August 19, 2021
8:00 a.m.
PANEL PRESENT:
Randall Chow, Presiding Commissioner
OTHERS PRESENT:
Efrain Qzwebster, Incarcerated Person

PRESIDING COMMISSIONER CHOW: Good morning. Is it qzwebster or QZWEBSTER?
INCARCERATED PERSON QZWEBSTER: It is Qzwebster, sir.

CERTIFICATE AND DECLARATION OF TRANSCRIBER
I, Lamar Cardenas, a duly designated transcriber, certify this."""


def test_documents_rebuilt_from_gold_texts_keep_their_cover_page():
    from reviewer_app.core.interchange import Record
    from reviewer_app.evaluation.ablation import document_from_record

    document = document_from_record(Record("h-1", HEARING))
    assert document.id == "h-1" and document.text == HEARING
    assert document.metadata.inmate_name == "Efrain Qzwebster"
    assert document.metadata.facility == "Valley State Prison"
    assert len(document.utterances) == 2
    # a text the importer would change stays as it is, without metadata
    plain = document_from_record(Record("h-2", HEARING + "\n\n"))
    assert plain.text == HEARING + "\n\n" and plain.metadata.is_empty()


def test_ablating_the_deny_list_runs_detection_again_without_the_cover_page():
    from reviewer_app.core.interchange import Record
    from reviewer_app.evaluation.ablation import ablate, redetect
    from reviewer_app.settings import Settings

    def found(pair: DocumentPair) -> set[tuple[str, str]]:
        return {(s.text_in(HEARING), s.label) for s in pair.predicted}

    gold = [Record("h", HEARING)]
    settings = Settings()
    (standard,) = redetect(gold, ["presidio"], settings)
    # The cover page's town (Likely, California: an ordinary word) is on the deny-list, a
    # place. Without it nothing finds it.
    assert ("Likely", "LOCATION") in found(standard)
    run = ablate("deny_list", gold, [standard], settings, standard=[standard])
    assert run.method == "redetection" and run.standard == [standard]
    (without,) = run.without
    assert ("Likely", "LOCATION") not in found(without)
    with pytest.raises(ValueError, match="not among the detectors run: presidio"):
        ablate("stanza", gold, [standard], settings)


def test_evaluate_command_ablates_the_deny_list(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
    from reviewer_app.evaluation.ablation import redetect
    from reviewer_app.settings import Settings

    gold_spans = tuple(
        SpanRecord(Span(HEARING.index(t), HEARING.index(t) + len(t), label))
        for t, label in (
            ("Valley State Prison", "LOCATION"),
            ("Likely", "LOCATION"),
            ("Lamar Cardenas", "PERSON"),
        )
    )
    gold = write_jsonl(tmp_path / "gold.jsonl", [Record("h", HEARING, gold_spans)])
    (standard,) = redetect([Record("h", HEARING)], ["presidio"], Settings())
    pred = write_jsonl(
        tmp_path / "pred.jsonl", [Record("h", HEARING, tuple(SpanRecord(s) for s in standard.predicted))]
    )
    assert main(["evaluate", "--gold", str(gold), "--pred", str(pred), "--ablate", "deny_list"]) == 0
    out = capsys.readouterr().out
    assert "### Ablation: standard vs without deny_list (exact matching)" in out
    # both gold places found with the cover page (recall 1), only the prison without it (recall 0.5)
    ablation = out[out.index("### Ablation") :]
    location = next(line for line in ablation.splitlines() if line.startswith("| LOCATION |"))
    # | label | P | R | F1 | P w/o | R w/o | F1 w/o |
    cells = [c.strip() for c in location.strip("|").split("|")]
    assert cells[2] == "1.000" and cells[5] == "0.500"
    assert "Both runs made now" in out


def test_match_option_sets_the_matching_of_the_confusion_and_detector_tables(pairs):
    from reviewer_app.evaluation.report import summarize, summary_tables

    summary = summarize(pairs, per_detector=True, detector_mode="overlap")
    titles = [t.title for t in summary_tables(summary)]
    assert "Table 4: mismatched entity pairs (overlap matching)" in titles
    assert "Table 5: each detector alone (overlap matching)" in titles
    # spacy alone with overlap: P4 and P6 now count (P1, P4, P6, P7 of 5; G1, G4, G5, G6 of 5)
    assert summary.per_detector["spacy"].micro.precision == pytest.approx(4 / 5)


def test_each_detector_alone_from_a_fresh_run(tmp_path, capsys):
    from reviewer_app.cli.main import main
    from reviewer_app.core.interchange import Record, SpanRecord, write_jsonl
    from reviewer_app.evaluation.ablation import redetect_all
    from reviewer_app.settings import Settings

    start = HEARING.index("Likely")
    gold_record = Record("h", HEARING, (SpanRecord(Span(start, start + len("Likely"), "LOCATION")),))
    fresh = redetect_all([gold_record], ["presidio", "spacy"], Settings())
    assert sorted(fresh.alone) == ["presidio", "spacy"]
    # spaCy's own spans, merged by the same rules: the town is no place to it (only the
    # cover page's deny-list, a Presidio recognizer, knows it)
    spacy_alone = {(s.text_in(HEARING), s.label) for s in fresh.alone["spacy"][0].predicted}
    assert ("Likely", "LOCATION") not in spacy_alone
    assert all(s.detectors == ("spacy",) for s in fresh.alone["spacy"][0].predicted)

    gold = write_jsonl(tmp_path / "gold.jsonl", [gold_record])
    pred = write_jsonl(
        tmp_path / "pred.jsonl",
        [Record("h", HEARING, tuple(SpanRecord(s) for s in fresh.merged[0].predicted))],
    )
    assert main(["evaluate", "--gold", str(gold), "--pred", str(pred), "--per-detector", "--redetect"]) == 0
    out = capsys.readouterr().out
    assert "A detector alone is its own spans from a detection run made now" in out
    table = out[out.index("### Table 5") :]
    location = next(line for line in table.splitlines() if line.startswith("| LOCATION |"))
    # | label | presidio P R F1 | spacy P R F1 | merged P R F1 |: spaCy alone misses the town
    cells = [c.strip() for c in location.strip("|").split("|")]
    assert cells[2] == "1.000" and cells[5] == "0.000" and cells[8] == "1.000"
