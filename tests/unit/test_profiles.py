"""Detection profiles: which profile a document gets, how the settings and the
command line override it, and what each profile changes in detection."""

from __future__ import annotations

import json

import pytest

from reviewer_app.cli.main import main as cli_main
from reviewer_app.core.document import Document, HearingMetadata, Utterance
from reviewer_app.detectors.patterns import load_recognizer_specs
from reviewer_app.detectors.profiles import GENERAL, HEARING, UnknownProfile, is_hearing, resolve_profile
from reviewer_app.detectors.runner import run_detection
from reviewer_app.settings import Settings, load_settings, with_profile

DETECTORS = ["presidio", "spacy"]


def test_a_cover_naming_the_inmate_or_a_cdcr_number_makes_a_hearing():
    assert is_hearing(Document("a", "x", metadata=HearingMetadata(cdcr_number="L90314")))
    assert is_hearing(Document("b", "x", metadata=HearingMetadata(inmate_name="Kevin Reed")))
    assert not is_hearing(Document("c", "The applicant was born in 1925."))


def test_speaker_tags_of_a_hearing_make_a_hearing_without_a_cover():
    text = "DEPUTY COMMISSIONER SMITH: Good morning."
    assert is_hearing(Document("a", text, utterances=(Utterance("DEPUTY COMMISSIONER SMITH", 0, len(text)),)))
    text = "INTERVIEWER: Good morning."
    assert not is_hearing(Document("b", text, utterances=(Utterance("INTERVIEWER", 0, len(text)),)))


def test_the_setting_overrides_the_document():
    hearing = Document("a", "x", metadata=HearingMetadata(cdcr_number="L90314"))
    assert resolve_profile(hearing, "auto") == HEARING
    assert resolve_profile(hearing, "general") == GENERAL
    assert resolve_profile(Document("b", "x"), "hearing") == HEARING
    with pytest.raises(UnknownProfile, match="choose one of"):
        resolve_profile(hearing, "court")


def test_settings_keep_a_known_profile_and_drop_an_unknown_one(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('detection_profile = "general"\n', encoding="utf-8")
    assert load_settings(path).detection_profile == "general"
    path.write_text('detection_profile = "court"\n', encoding="utf-8")
    assert load_settings(path).detection_profile == "auto"
    assert with_profile(Settings(), "hearing").detection_profile == "hearing"
    assert with_profile(Settings(), None) == Settings()


def test_recognizers_say_which_profiles_they_run_in():
    specs = {spec.name: spec for spec in load_recognizer_specs()}
    assert specs["cdcr_id"].runs_in(HEARING) and not specs["cdcr_id"].runs_in(GENERAL)
    assert specs["case_number"].runs_in(GENERAL) and not specs["case_number"].runs_in(HEARING)
    assert specs["spelled_name"].runs_in(HEARING) and specs["spelled_name"].runs_in(GENERAL)


COURT = (
    "The case originated in an application (no. 36244/06) lodged by a German national, "
    "Mr Karl Strobel, on 22 June 2005. He was sentenced to five years. His number was L90314 "
    "and he was awarded EUR 10,000. Case No. 2:19-cv-01234 was heard on 14 and 27 July 1999."
)


@pytest.fixture(scope="module")
def by_profile():
    document = Document("court", COURT)
    out = {}
    for profile in (HEARING, GENERAL):
        result = run_detection(document, DETECTORS, Settings(), profile=profile)
        assert result.profile == profile
        out[profile] = {(s.label, s.text_in(COURT)) for s in result.spans}
    return out


def test_general_profile_finds_case_numbers_and_keeps_titles_durations_and_amounts(by_profile):
    general = by_profile[GENERAL]
    assert {
        ("ID_NUMBER", "36244/06"),
        ("ID_NUMBER", "2:19-cv-01234"),
        ("PERSON", "Mr Karl Strobel"),
        ("DATE", "five years"),
        ("AMOUNT", "EUR 10,000"),
        ("DATE", "14 and 27 July 1999"),
    } <= general
    assert not any(label == "CDCR_ID" for label, _ in general)


def test_hearing_profile_keeps_the_papers_rules(by_profile):
    hearing = by_profile[HEARING]
    assert ("PERSON", "Karl Strobel") in hearing  # the title stays readable
    assert ("CDCR_ID", "L90314") in hearing
    # A sum of money is tagged in a hearing too (a restitution order can identify).
    assert any(label == "AMOUNT" and "10,000" in text for label, text in hearing)
    # A number named as one ("Case No.", "application (no. ...)") is found in a hearing too,
    # not one known by its shape alone ("L90314" is the CDCR number).
    assert {text for label, text in hearing if label == "ID_NUMBER"} == {"2:19-cv-01234", "36244/06"}
    assert not any(text == "five years" for _, text in hearing)


def test_presidio_identity_number_recognizers_run_in_the_general_profile_only():
    text = "My social security number is 536-90-4399 and I paid with 4111 1111 1111 1111."
    document = Document("call", text)
    general = run_detection(document, DETECTORS, Settings(), profile=GENERAL)
    hearing = run_detection(document, DETECTORS, Settings(), profile=HEARING)
    assert {("ID_NUMBER", "536-90-4399"), ("ID_NUMBER", "4111 1111 1111 1111")} <= {
        (s.label, s.text_in(text)) for s in general.spans
    }
    # In a hearing only the number the text names ("social security number is") is one; the
    # card number, known by its shape alone, is not.
    assert [s.text_in(text) for s in hearing.spans if s.label == "ID_NUMBER"] == ["536-90-4399"]


def test_detect_command_takes_a_profile(tmp_path):
    corpus = tmp_path / "court.jsonl"
    corpus.write_text(json.dumps({"id": "c", "text": COURT, "spans": []}) + "\n", encoding="utf-8")
    for profile, expected in (("general", "36244/06"), ("hearing", "L90314")):
        out = tmp_path / profile
        assert cli_main(["detect", str(corpus), "--out", str(out), "--detectors", "presidio,spacy",
                         "--profile", profile]) == 0  # fmt: skip
        record = json.loads((out / "court.spans.jsonl").read_text(encoding="utf-8"))
        assert record["meta"]["profile"] == profile
        assert expected in {s["text"] for s in record["spans"]}


def test_an_unknown_profile_on_the_command_line_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli_main(["detect", str(tmp_path / "x.txt"), "--out", str(tmp_path), "--profile", "court"])
    assert "invalid choice" in capsys.readouterr().err


def test_detecting_again_without_the_cover_page_keeps_the_documents_profile():
    from reviewer_app.core.interchange import Record
    from reviewer_app.evaluation.ablation import redetect_all

    text = (
        "SUBSEQUENT PAROLE CONSIDERATION HEARING\n"
        "In the matter of the Parole Consideration Hearing of: KEVIN REED\n"
        "CDCR Number: L90314\n\n"
        "MR. SMITH: Kevin Reed, number L90314, came in 1999.\n"
        "MS. JONES: Yes.\n\n"
        "CERTIFICATE\n"
        "I certify this."
    )
    # Only the cover page says this is a hearing; without it the profile must not change.
    run = redetect_all([Record("h", text)], DETECTORS, Settings(), cover_page=False)
    assert ("CDCR_ID", "L90314") in {(s.label, s.text_in(text)) for s in run.merged[0].predicted}


@pytest.mark.parametrize(
    "command",
    [["export", "x.txt", "--out", "o", "--accept-all"], ["project", "add", "p.db", "x.txt"]],
)
def test_export_and_project_add_take_a_profile(command):
    from reviewer_app.cli.main import build_parser

    args = build_parser().parse_args([*command, "--profile", "general"])
    assert args.profile == "general"
    assert build_parser().parse_args(command).profile is None  # the settings decide


@pytest.mark.parametrize(
    ("label", "text", "hearing", "general"),
    [
        ("DATE", "five years", [], [("DATE", "five years")]),
        ("DATE", "two years ago in 2019", [("DATE", "2019")], [("DATE", "two years ago in 2019")]),
        ("DATE", "January 1979 to March 1981", [("DATE", "January 1979"), ("DATE", "March 1981")],
         [("DATE", "January 1979 to March 1981")]),
        ("MONEY", "$ 2 billion", [("AMOUNT", "$ 2 billion")], [("AMOUNT", "$ 2 billion")]),
        ("MONEY", "every penny", [], []),
        # A relative date or time is kept whole outside hearings; NER's "annual" is no time.
        ("DATE", "the last few weeks", [], [("DATE", "the last few weeks")]),
        ("DATE", "Yesterday", [], [("DATE", "Yesterday")]),
        ("TIME", "this morning", [], [("TIME", "this morning")]),
        ("DATE", "annual", [], []),
        ("QUANTITY", "10 feet", [], []),
    ],
)  # fmt: skip
def test_spacy_entities_by_profile(label, text, hearing, general):
    from reviewer_app.detectors.profiles import profile_table
    from reviewer_app.detectors.spacy_ner import ner_mapping

    for profile, expected in ((HEARING, hearing), (GENERAL, general)):
        spans = ner_mapping().map_entity(label, 0, len(text), text, profile_table().get(profile))
        assert [(s.label, text[s.start : s.end]) for s in spans] == expected, profile
