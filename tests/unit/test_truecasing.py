"""The truecased view of a caseless text (speech-recognition output in lower case):
same length, only the case of letters changes, cased text left alone, the casing
model missing handled; and detection finding lower-case names through it."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from reviewer_app.core import truecasing
from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.truecasing import (
    UNAVAILABLE_NOTE,
    cased_view,
    is_caseless,
    recased,
    speech_ranges,
    truecase,
)
from reviewer_app.importers.text import document_from_text

needs_model = pytest.mark.skipif(
    importlib.util.find_spec("truecase") is None, reason="the truecase package is not installed"
)

TRANSCRIPT = (
    "speaker 1: good morning thanks for coming in today who referred you to the clinic\n"
    "speaker 2: it was doctor feldmann after the accident i took the bus down from visalia with my brother\n"
    "speaker 1: and did ray gutierrez come in with you both times\n"
    "speaker 2: no he was working that week we came from delano that day\n"
    "speaker 1: okay and you were still working at the warehouse back then\n"
    "speaker 2: yes for about three years before that i was living with my aunt\n"
)


class EveryWordShouted:
    """A case model that answers each token in capitals (and one in another spelling)."""

    def get_true_case_from_tokens(self, tokens, out_of_vocabulary_token_option):
        return ["colour" if t == "color" else t.upper() for t in tokens]


class RefusingModel:
    def get_true_case_from_tokens(self, tokens, out_of_vocabulary_token_option):
        raise AssertionError("a cased text must not be truecased")


def test_view_has_the_same_length_and_differs_only_in_case():
    text = "speaker 1: straße and color\nspeaker 2: i'm in istanbul don't go\n"
    view = truecase(text, EveryWordShouted())
    assert len(view) == len(text)
    assert view.lower() == text.lower()
    # "STRASSE" is longer than "straße": that word stays; "color" -> "colour" is no case change.
    assert " straße AND color" in view and "ISTANBUL DON'T" in view


class EveryWordTitled:
    """A case model that capitalises every word, as truecase does with words it does not know."""

    def get_true_case_from_tokens(self, tokens, out_of_vocabulary_token_option):
        return [t.title() for t in tokens]


def test_a_word_the_vocabulary_knows_only_in_lower_case_stays_lower_case():
    written = {"indisputable", "maritime", "Maritime", "Sandhu"}.__contains__
    text = "it is indisputable said sandhu of maritime affairs and wellmeaning\n"
    view = truecase(text, EveryWordTitled(), written=written)
    # Known only in lower case: stays. Known capitalised (a name, or both ways): capitalised.
    # Unknown either way: the model's guess.
    assert view == "It Is indisputable Said Sandhu Of Maritime Affairs And Wellmeaning\n"
    assert truecase(text, EveryWordTitled()).startswith("It Is Indisputable")


def test_recased_keeps_a_character_whose_other_case_has_another_length():
    assert recased("ß", "SS") == "ß"
    assert recased("istanbul", "İstanbul") == "istanbul"  # "İ".lower() is two characters
    assert recased("smith", "Smith") == "Smith"
    assert recased("smith", "Smyth") == "Smith"


def test_caseless_means_almost_no_capitals():
    assert is_caseless(TRANSCRIPT)
    assert not is_caseless(TRANSCRIPT.title())
    assert not is_caseless("hi there")  # too short to tell
    # One long sentence with one capital is written with care.
    sentence = "We welcome the report on maritime governance and on sea basin strategies " * 4
    assert not is_caseless(sentence.strip() + ".")
    assert is_caseless(sentence.lower())


def test_a_cased_text_is_left_alone():
    text = "SPEAKER 1: Good morning. Did Gurpreet Dhillon drive you down from Sacramento today?\n" * 4
    view = cased_view(text, model=RefusingModel())
    assert view.text == text and not view.note


def test_speaker_tags_stay_and_speech_opens_the_sentence():
    text = "speaker 1: thanks\n"
    document = Document("d", text, utterances=(Utterance("speaker 1", 0, len(text) - 1),))
    assert speech_ranges(document) == [(11, 17)]
    assert speech_ranges(Document("d", text)) == [(11, 17)]  # a tag the importer did not take


@needs_model
def test_a_caseless_sentence_gets_its_name_and_place_capitalised():
    text = "is that amarjit sandhu i met in bakersfield last year"
    view = truecase(text, truecasing.case_model())
    assert "Amarjit Sandhu" in view and "Bakersfield" in view
    assert view.startswith("Is that") and " met in " in view


@needs_model
def test_derived_words_the_model_never_counted_stay_in_lower_case_names_do_not():
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.detectors.runner import _written_in
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    written = _written_in(settings)
    text = (
        "the report shows that navigational aids and the fight against radicalisation "
        "were paid for by the european union in the last years"
    )
    view = truecase(text, truecasing.case_model(), written=written)
    # Words the model never counted, known in lower case, ending as derived words do.
    assert " navigational aids " in view and " radicalisation " in view
    assert "European Union" in view
    # Names alone keep their capitals: one the model counts, one it never counted that the
    # vocabulary knows in lower case too, one nobody writes in lower case.
    names = "we met with merkel and later with patel and they spoke of commissioner sandhu at length"
    view = truecase(names, truecasing.case_model(), written=written)
    assert "Merkel" in view and "Patel" in view and "Sandhu" in view


@needs_model
def test_acronyms_said_as_letters_come_out_in_capitals():
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.detectors.runner import _written_in
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    text = "the loan came from the eib and the ecb and it went to unrwa in the end mister sandhu"
    view = truecase(text, truecasing.case_model(), written=_written_in(settings))
    assert "EIB" in view and "ECB" in view and "UNRWA" in view
    # A name the vocabulary knows capitalised stays a name, not an acronym.
    assert "Sandhu" in view and "SANDHU" not in view


@needs_model
def test_spelled_letters_keep_their_case():
    text = "it is smith s m i t h and i spelled it"
    view = truecase(text, truecasing.case_model())
    assert "s m i t h" in view and " and I spelled" in view


def test_a_missing_casing_package_leaves_the_text_and_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "truecase", None)
    monkeypatch.setitem(sys.modules, "truecase.TrueCaser", None)
    monkeypatch.setattr(truecasing, "case_model", truecasing.load_case_model)
    view = cased_view(TRANSCRIPT)
    assert view.text == TRANSCRIPT and view.note == UNAVAILABLE_NOTE and not view.changed


def _found(result, label: str) -> set[str]:
    return {TRANSCRIPT[s.start : s.end] for s in result.spans if s.label == label}


@needs_model
def test_detection_finds_lower_case_names_through_the_view(monkeypatch):
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    document = document_from_text("asr", TRANSCRIPT)
    with_view = run_detection(document, ["spacy", "presidio"], settings)
    assert {"feldmann", "ray gutierrez"} <= _found(with_view, "PERSON")
    assert {"visalia", "delano"} <= _found(with_view, "LOCATION")
    assert with_view.notes and "truecased" in with_view.notes[0]
    tagged = {TRANSCRIPT[s.start : s.end] for s in with_view.spans}
    assert not {"clinic", "bus", "warehouse", "brother", "aunt"} & {w for t in tagged for w in t.split()}

    monkeypatch.setattr(truecasing, "case_model", lambda: None)
    without = run_detection(document, ["spacy", "presidio"], settings)
    assert without.notes == (UNAVAILABLE_NOTE,)
    # "doctor feldmann" is found by its title either way (core/name_rules.py), and known towns
    # after "from" by the gazetteer (detectors/places.py); a bare name only through the view.
    assert "ray gutierrez" not in _found(without, "PERSON")


def test_the_detect_command_says_when_it_read_a_truecased_view(tmp_path, monkeypatch, capsys):
    import json

    from reviewer_app.cli.main import main as cli_main

    monkeypatch.setattr(truecasing, "case_model", EveryWordShouted)
    text_file = tmp_path / "call.txt"
    text_file.write_text(TRANSCRIPT, encoding="utf-8")
    out = tmp_path / "out"
    assert cli_main(["detect", str(text_file), "--out", str(out), "--detectors", "presidio"]) == 0
    record = json.loads((out / "call.spans.jsonl").read_text(encoding="utf-8"))
    assert record["meta"]["notes"] == ["caseless text: detected on a truecased view"]
    assert "truecased view" in capsys.readouterr().err


def test_detection_does_not_take_words_the_casing_model_does_not_know_for_names(monkeypatch):
    from reviewer_app.detectors import runner
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    text = (
        "speaker 1: there is one indisputable fact about this and it is unforeseeable what comes next\n"
        "speaker 2: the council chose to disapply the rules and nobody asked us\n"
        "speaker 1: thank you for coming in today mister sandhu\n"
    )
    document = document_from_text("asr", text)

    def persons() -> set[str]:
        result = runner.run_detection(document, ["spacy", "presidio"], settings)
        return {text[s.start : s.end] for s in result.spans if s.label == "PERSON"}

    assert persons() == {"sandhu"}
    # Without the pipeline's vocabulary the model capitalises them, and NER calls them persons.
    monkeypatch.setattr(runner, "_written_in", lambda settings: None)
    assert {"indisputable", "unforeseeable"} & persons()


@needs_model
def test_a_lone_noun_after_an_article_or_a_possessive_stays_in_lower_case():
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.detectors.runner import _written_in
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    written = _written_in(settings)
    text = "i work as a porter in the kitchen and my uncle drove me there after a stabbing downtown"
    view = truecase(text, truecasing.case_model(), written=written)
    assert " a porter " in view and " my uncle " in view and " a stabbing " in view
    # A name after "a" that the model never counted in lower case, a name beside the kin
    # word, and a name after "the" keep their capitals.
    names = "she was a peterson before she married and my cousin ruben came with the council"
    view = truecase(names, truecasing.case_model(), written=written)
    assert "a Peterson" in view and "Ruben" in view and "the Council" in view


def test_speaker_tags_in_capitals_do_not_make_lower_case_speech_cased():
    speech = [
        "okay we are on the record the time is two fifteen and my name is gwen la chapelle",
        "good afternoon i represent mister tovar and we are ready to go",
        "thank you can you state your full name for the record please",
    ]
    diarised = "".join(f"SPEAKER_0{k % 2}: {line}\n" for k, line in enumerate(speech))
    tags = document_from_text("diarised", diarised.rstrip("\n")).speaker_tags()
    assert is_caseless(diarised, tags)
    # Cased speech under the same tags stays cased.
    cased = "".join(f"SPEAKER_0{k % 2}: {line.capitalize()}. I said Gwen.\n" for k, line in enumerate(speech))
    assert not is_caseless(cased, document_from_text("cased", cased.rstrip("\n")).speaker_tags())


def test_display_names_and_spoken_letters_in_capitals_do_not_make_caption_speech_cased():
    """A caption file writes a platform's display name before some cues, which the importer need
    not take for a speaker's tag, and letters said one by one in capitals; its speech stays
    caseless (a SubRip export's names went out readable while it was read as cased)."""
    cues = (
        "212\n00:12:31,400 --> 00:12:36,400\nokay we are back on the record it is ten forty\n\n"
        "213\n00:12:36,500 --> 00:12:40,800\nWalcott, Renee - Atty: commissioner the letter came in late\n\n"
        "214\n00:12:40,900 --> 00:12:47,200\nyou got your G E D at corcoran in two thousand nine\n\n"
        "215\n00:12:47,300 --> 00:12:52,000\nKern Hearing Rm 4: yes and then i went to the D A\n\n"
        "216\n00:12:52,100 --> 00:12:58,000\nOsei, Kwame (DA): does he know his sister lives in ceres\n\n"
        "217\n00:12:58,100 --> 00:13:04,000\nmy mom dolores is seventy one and my nephew adrian drove\n"
    )
    assert is_caseless(cues)
    # The same cues written with care stay cased: their sentences open with capitals.
    careful = {
        "okay we": "Okay, we",
        "you got": "You got",
        "my mom dolores": "My mom Dolores",
        "yes and": "Yes, and",
        "does he": "Does he",
        "commissioner the": "Commissioner, the",
    }
    cased = cues
    for said, written in careful.items():
        cased = cased.replace(said, written)
    assert not is_caseless(cased)


_TIE_SCRIPT = """
import collections
from truecase.TrueCaser import TrueCaser
from reviewer_app.core.truecasing import _order_casings
model = TrueCaser.__new__(TrueCaser)
model.uni_dist = collections.Counter({"maiden": 3, "Maiden": 3, "name": 9, "Name": 1, "NAME": 1})
for table in ("backward_bi_dist", "forward_bi_dist", "trigram_dist"):
    setattr(model, table, collections.Counter())
model.word_casing_lookup = {"maiden": {"maiden", "Maiden", "MAIDEN"}, "name": {"name", "Name", "NAME"}}
_order_casings(model)
print(model.get_true_case_from_tokens(["her", "maiden", "name"], "title"))
"""


def test_a_tie_between_two_casings_comes_out_the_same_in_every_process():
    """The package keeps a word's casings in a set, whose order changes with the hash seed of
    the process; of two that score the same it kept whichever came first."""
    pytest.importorskip("truecase")
    import os
    import subprocess
    import sys

    outputs = set()
    for seed in ("1", "2", "3", "4", "5", "6"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", _TIE_SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout.strip())
    # The most counted casing first, then the code point order: "Maiden" before "maiden".
    assert outputs == {"['Her', 'Maiden', 'name']"}


TYPED_IN_CAPITALS = (
    "PRESIDING COMMISSIONER FENWICK:  YOUR BROTHER WROTE A LETTER. HE SAYS YOU CAN STAY WITH HIM.\n"
    "INMATE HOLLOWAY:  THAT'S RIGHT. CLARENCE AND HIS WIFE BERNADETTE. MY MOTHER LIVES THERE TOO.\n"
    "COMMISSIONER BASKETT:  AND YOU WORKED IN THE SHOE FACTORY UNTIL LAST JUNE?\n"
    "INMATE HOLLOWAY:  YES, MA'AM. SIX YEARS.\n"
    "PRESIDING COMMISSIONER FENWICK:  ALL RIGHT. THANK YOU.\n"
)


def test_a_text_typed_in_capitals_is_told_from_cased_and_caseless_text():
    tags = document_from_text("caps", TYPED_IN_CAPITALS.rstrip("\n")).speaker_tags()
    assert truecasing.is_in_capitals(TYPED_IN_CAPITALS, tags)
    assert truecasing.reads_without_case(TYPED_IN_CAPITALS, tags)
    assert not is_caseless(TYPED_IN_CAPITALS, tags)
    # Capitals tags over cased speech, and a cover in capitals over a cased body, are cased text.
    cased = "INMATE HOLLOWAY:  That's right. Clarence and his wife Bernadette, in Lancaster.\n" * 3
    assert not truecasing.reads_without_case(
        cased, document_from_text("c", cased.rstrip("\n")).speaker_tags()
    )
    covered = "BOARD OF PRISON TERMS\nIN THE MATTER OF DESMOND HOLLOWAY\n" + cased * 2
    assert not truecasing.is_in_capitals(covered)
    assert not truecasing.is_in_capitals("HI THERE")  # too short to tell


def test_the_view_of_a_text_in_capitals_is_its_lower_case_truecased_but_for_the_tags():
    document = document_from_text("caps", TYPED_IN_CAPITALS.rstrip("\n"))
    view = cased_view(
        document.text, speech_ranges(document), model=EveryWordTitled(), speaker_tags=document.speaker_tags()
    )
    assert view.changed and "capitals" in view.note
    assert len(view.text) == len(document.text) and view.text.upper() == document.text
    # The model saw the words in lower case (it titles every one); the tags stay as typed.
    assert "Clarence And His Wife Bernadette" in view.text
    assert view.text.startswith("PRESIDING COMMISSIONER FENWICK:  Your Brother")


def _detected(text: str):
    """`text` imported and detected with spaCy and Presidio: its document and the result."""
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    document = document_from_text("detected", text.rstrip("\n"))
    return document, run_detection(document, ["spacy", "presidio"], settings)


@needs_model
def test_detection_finds_names_in_a_text_typed_in_capitals():
    document, result = _detected(TYPED_IN_CAPITALS)
    persons = {document.text[s.start : s.end] for s in result.spans if s.label == "PERSON"}
    # Read as typed, NER finds neither first name; "MY MOTHER" and "SHOE FACTORY" are no one.
    assert {"CLARENCE", "BERNADETTE"} <= persons
    assert result.notes and "capitals" in result.notes[0]
    tagged = " ".join(document.text[s.start : s.end] for s in result.spans)
    assert "MOTHER" not in tagged and "SHOE" not in tagged


@needs_model
def test_a_clitic_after_an_apostrophe_takes_no_capital():
    # The model titles the "'am" it never counted; NER then read "Ma'Am" as a nationality.
    view = truecase("yes, ma'am. we'll see, i'm sure it's fine", truecasing.case_model())
    assert "Ma'am" in view and "We'll" in view and "I'm" in view and "it's" in view


PLATFORM_EXPORT = (
    "Visit Transcript\n"
    "Generated automatically. May contain errors.\n"
    "Created: 03/14/2025 2:05 PM\n\n"
    + "".join(
        f"{name}  0:{k:02d}\n{speech}\n\n"
        for k, (name, speech) in enumerate(
            [
                (
                    "Priya Raman, NP",
                    "okay this is priya raman i'm the nurse practitioner can you tell me your full name",
                ),
                ("Desmond Okafor", "yeah desmond okafor"),
                ("Priya Raman, NP", "and who is your parole agent"),
                ("Desmond Okafor", "agent marisol vega at the fresno office I think"),
                ("Priya Raman, NP", "okay and miss vega wants the records by friday"),
                ("Desmond Okafor", "yes ma'am"),
            ]
        )
    )
)


def test_turns_said_in_lower_case_under_a_cased_header_are_found_and_only_they():
    from reviewer_app.importers.text import document_from_text

    document = document_from_text("export", PLATFORM_EXPORT.rstrip("\n"))
    assert len(document.utterances) == 6 and not truecasing.reads_without_case(document.text)
    turns = truecasing.caseless_turns(document)
    said = [document.text[a:b] for a, b in turns]
    assert said[3] == "agent marisol vega at the fresno office I think" and len(said) == 6
    # The header and the names over the turns are no part of them.
    assert not any("Visit" in s or "Priya Raman," in s or "Created" in s for s in said)
    view = cased_view(document.text, model=EveryWordTitled(), lower_case_turns=turns)
    assert "Agent Marisol Vega At The Fresno Office I Think" in view.text and "turns" in view.note
    assert view.text.startswith("Visit Transcript\nGenerated automatically. May contain errors.")
    # Cased turns (a written sentence opens with a capital) make no such view.
    cased = document_from_text(
        "cased",
        PLATFORM_EXPORT.replace("\nagent", "\nAgent")
        .replace("\nokay", "\nOkay")
        .replace("\nyeah", "\nYeah")
        .replace("\nyes", "\nYes")
        .replace("\nand", "\nAnd")
        .rstrip("\n"),
    )
    assert truecasing.caseless_turns(cased) == []


@needs_model
def test_detection_finds_names_in_turns_said_in_lower_case():
    document, result = _detected(PLATFORM_EXPORT)
    persons = {document.text[s.start : s.end] for s in result.spans if s.label == "PERSON"}
    # Read as written, the parole agent's name was left readable.
    assert "marisol vega" in persons
    assert result.notes and "lower case" in result.notes[0]


def test_lower_case_turns_count_by_what_they_hold_not_by_their_number():
    from reviewer_app.importers.text import document_from_text

    message = (
        "hi agent vandermolen this is gloria okereke calling about my son he is home every night by nine"
    )
    log = "".join(
        f"From: (559) 555-01{k}8 - WIRELESS\nReceived: Mon 03/16/2026 7:4{k} AM\nTranscription: {message}\n\n"
        for k in range(3)
    )
    voicemail = document_from_text("log", log.rstrip("\n"))
    turns = truecasing.caseless_turns(voicemail)
    # Three long messages among six cased fields: most of what is said is in lower case.
    assert [voicemail.text[a:b] for a, b in turns] == [message] * 3
    lines = [
        ("COMMISSIONER", "Good morning. Please state your full name and your date of birth for the record."),
        ("INMATE", "yes"),
        ("COMMISSIONER", "And where were you living in March of that year, before the arrest?"),
        ("INMATE", "okay"),
        ("COMMISSIONER", "Thank you. Counsel, do you have anything to add before we go on?"),
        ("INMATE", "no sir"),
    ]
    cased = document_from_text("cased", "\n".join(f"{who}: {said}" for who, said in lines))
    assert truecasing.caseless_turns(cased) == []  # half the turns, little of what is said


def test_messages_in_lower_case_under_cased_headers_are_read_as_caseless_without_turns():
    from reviewer_app.importers.text import document_from_text

    bodies = [
        "hi babe its me. they gave us tablets back. did u talk to lupe about the kids",
        "ya lupe has them at her place. mateo started school monday",
        "i got maybe three hundred. ask my tia rosa in lodi",
    ]
    export = (
        "EXHIBIT 22 - TABLET MESSAGES\nResident: QUINTERO, MARISOL   Resident ID: 25-017733\n\n"
        + "".join(
            f"MSG 000{k} | 10/0{k}/2025 20:14:3{k} | QUINTERO, MARISOL -> ALVARADO, RUBEN J\n{body}\n\n"
            for k, body in enumerate(bodies, 1)
        )
    )
    document = document_from_text("export", export.rstrip("\n"))
    assert not any(u.speaker for u in document.utterances)
    assert [document.text[a:b] for a, b in truecasing.caseless_turns(document)] == bodies
    # A careful text's wrapped lines hold no capital now and then, but no sentence opened in
    # lower case after its full stop and no small "i": they are no caseless messages.
    wrapped = (
        "The applicant was arrested on 3 May 2001 in Ankara.\nHe was taken to the police station\n"
        "where he was held for four days and then\nbrought before the judge of the court, who\n"
        "ordered that he be kept in detention until\nthe trial, which opened in the spring.\n"
    )
    assert truecasing.caseless_turns(document_from_text("judgment", wrapped.rstrip("\n"))) == []


def test_a_display_name_the_importer_took_for_no_tag_is_no_part_of_the_speech_to_recase():
    from reviewer_app.importers.text import document_from_text

    cue = "213\n00:12:36,500 --> 00:12:40,800\nBrown, Mark - Atty: commissioner the letter came in late\n\n"
    document = document_from_text("captions", (cue * 3).rstrip("\n"))
    speech = [document.text[a:b] for a, b in truecasing.speech_ranges(document)]
    # Only what is said is cased by the model; the platform's name stays as it wrote it, so that
    # "Mark" is not lowered as the common word "mark".
    assert "commissioner the letter came in late" in speech
    assert not any("Brown" in line for line in speech)
    # A recogniser's speech before a colon and a form's key in capitals are read as they are.
    plain = document_from_text("said", "so what i said was: yes\nCALL TYPE: DISTURBANCE\n")
    assert [plain.text[a:b] for a, b in truecasing.speech_ranges(plain)][:1] == ["so what i said was: yes"]


def test_a_careful_text_with_times_of_day_is_no_caseless_message_export():
    from reviewer_app.importers.text import document_from_text

    wrapped = (
        "Officer Reyes arrived at 9:52 p.m. and found the door\nopen. The victim said the man\n"
        "left at about 2:30 a.m. when the bar\nclosed and that he drove away in\n"
        "a gray pickup, which was later found\nin the lot behind the market.\n"
    )
    assert truecasing.caseless_turns(document_from_text("facts", wrapped.rstrip("\n"))) == []


@needs_model
def test_a_text_in_capitals_and_lower_case_turns_are_also_read_as_written():
    caps = TYPED_IN_CAPITALS + "INMATE HOLLOWAY:  MY NUMBER IS CDCR AK 6093 AND THE PLATE WAS 4 KXR 221.\n"
    document, result = _detected(caps)
    found = {(document.text[s.start : s.end], s.label) for s in result.spans}
    # On the view alone ("Cdcr Ak 6093") the number and the plate were published.
    assert ("AK 6093", "CDCR_ID") in found and any("KXR" in t for t, _ in found)
    chat = (
        "Zoom chat log, Board of Parole Hearings\n\n"
        "[10:02] Harriet Oyelaran: good morning everyone\n"
        "[10:03] Dwayne Okereke: morning. can you hear me\n"
        "[10:03] Harriet Oyelaran: yes. is your attorney joining\n"
        "[10:04] Dwayne Okereke: yes she is on her way\n"
        "[10:05] Harriet Oyelaran: ok will you say your cdcr number\n"
        "[10:05] Dwayne Okereke: bh4471\n"
        "[10:06] Harriet Oyelaran: thanks\n"
    )
    document, result = _detected(chat)
    tagged = {document.text[s.start : s.end] for s in result.spans}
    # The tags are no lower-case turns: read as written, NER tags their names.
    assert "Harriet Oyelaran" in tagged or {"Harriet", "Oyelaran"} <= tagged
