"""The general profile in a conversation: a transcript of speaker turns between people
drops durations said in passing; prose, a speech and a one-speaker text keep them."""

from __future__ import annotations

import pytest

from reviewer_app.core.document import Document, Utterance
from reviewer_app.detectors.profiles import GENERAL, HEARING, is_dialogue, profile_table
from reviewer_app.detectors.runner import run_detection
from reviewer_app.settings import Settings

DETECTORS = ["presidio", "spacy"]


def _turns(lines: list[tuple[str, str]]) -> Document:
    """A document of `SPEAKER: words` lines, with its utterances as the importer finds them."""
    text, utterances = "", []
    for speaker, words in lines:
        line = f"{speaker}: {words}"
        utterances.append(Utterance(speaker, len(text), len(text) + len(line)))
        text += line + "\n"
    return Document("d", text, utterances=tuple(utterances))


CALL = [
    ("AGENT", "Thanks for calling, who am I speaking with?"),
    ("CALLER", "This is Odalys Brennan."),
    ("AGENT", "And how long have you been at the current address?"),
    ("CALLER", "About six years. Before that I rented on Kestrel Avenue for two weeks."),
    ("AGENT", "Okay, and when did the leak start?"),
    ("CALLER", "On March 3rd, 2021, and it ran for three days."),
]


def test_speaker_turns_of_two_people_make_a_dialogue():
    assert is_dialogue(_turns(CALL))
    # One speaker reading a statement is no conversation, nor is text without turns.
    assert not is_dialogue(_turns([("WITNESS", words) for _, words in CALL]))
    assert not is_dialogue(_turns(CALL[:3]))
    assert not is_dialogue(Document("p", " ".join(words for _, words in CALL)))


def test_the_general_profile_drops_durations_in_a_dialogue_only():
    general = profile_table().get(GENERAL)
    assert not general.for_document(_turns(CALL)).merge_options()["keep_durations"]
    assert general.for_document(Document("p", "x")).merge_options()["keep_durations"]
    hearing = profile_table().get(HEARING)
    assert hearing.for_document(_turns(CALL)) is hearing


def _dates(document: Document) -> set[str]:
    result = run_detection(document, DETECTORS, Settings(), profile=GENERAL)
    return {s.text_in(document.text) for s in result.spans if s.label == "DATE"}


def test_a_call_keeps_its_dates_and_loses_its_durations():
    dates = _dates(_turns(CALL))
    assert "March 3rd, 2021" in dates
    assert not dates & {"six years", "About six years", "two weeks", "three days"}


def test_written_prose_keeps_its_durations():
    text = "The applicant was sentenced to five years on 3 March 2021 and detained for two weeks."
    assert {"five years", "two weeks"} <= _dates(Document("judgment", text))


PETITION = (
    "The inmate, CDCR No. K-40211, was sentenced on May 11, 2001 to 25 years to life. At the March 14,"
    " 2023 hearing the panel imposed a five-year denial; he asks to advance it by twelve months."
)


def test_a_document_about_someone_in_custody_drops_durations_as_a_hearing_does():
    """A parole petition is written prose but states terms and denials as a hearing does."""
    general = profile_table().get(GENERAL)
    assert not general.for_document(Document("petition", PETITION)).merge_options()["keep_durations"]
    dates = _dates(Document("petition", PETITION))
    assert "May 11, 2001" in dates
    assert not dates & {"25 years", "five-year", "twelve months"}
    # The same prose about no one in custody keeps them
    free = PETITION.replace("The inmate, CDCR No. K-40211,", "The author")
    assert "twelve months" in _dates(Document("essay", free))


@pytest.mark.parametrize(
    ("text", "durations"),
    [
        (
            "The CDC recommends masks. Maria Lopez was hospitalized for three weeks and lived in Fresno"
            " for eleven years before she moved.",
            {"three weeks", "eleven years"},
        ),
        ("He was sentenced to five years. His cellmate, Tom Reyes, served 18 months.", {"18 months"}),
        ("The applicant, an inmate since 2004, was held for 14 months in solitary.", {"14 months"}),
    ],
)
def test_a_word_of_custody_alone_keeps_the_durations(text, durations):
    """Only a CDCR number named after its cue makes prose a custody proceeding: one word ("CDC",
    "cellmate", "inmate") that any document may say drops nothing."""
    profile = profile_table().get(GENERAL).for_document(Document("prose", text))
    assert profile.merge_options()["keep_durations"]
    assert durations <= _dates(Document("prose", text))


SPEECH = "Mr President, yesterday the Council met, and next week we vote. This morning I said so."


def test_a_speech_keeps_its_relative_dates_and_a_call_drops_them():
    assert {"yesterday", "next week"} <= _dates(Document("speech", SPEECH))
    call = _turns([("AGENT" if k % 2 else "CALLER", SPEECH) for k in range(6)])
    assert not _dates(call) & {"yesterday", "next week"}
    general = profile_table().get(GENERAL)
    assert general.for_document(Document("p", "x")).merge_options()["keep_relative_dates"]
    assert not general.for_document(call).merge_options()["keep_relative_dates"]
    assert not profile_table().get(HEARING).merge_options()["keep_relative_dates"]


def test_an_unknown_in_dialogue_setting_is_refused(tmp_path, monkeypatch):
    from reviewer_app.paths import resource

    original = resource("profiles.toml").read_text(encoding="utf-8")
    (tmp_path / "profiles.toml").write_text(
        original.replace("{ drop_durations = true", "{ drop_everything = true"),
        encoding="utf-8",
    )
    monkeypatch.setenv("REVIEWER_APP_RESOURCES", str(tmp_path))
    profile_table.cache_clear()
    try:
        with pytest.raises(ValueError, match="drop_everything"):
            profile_table()
    finally:
        monkeypatch.delenv("REVIEWER_APP_RESOURCES")
        profile_table.cache_clear()
