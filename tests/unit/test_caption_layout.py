"""A captions file's layout (signature, cue identifiers and timings, WebVTT tags) is blanked in
the text detection reads, keeping offsets and a voice tag's name; text without cue timings is
read as it is."""

from __future__ import annotations

import pytest

from reviewer_app.core.caption_layout import (
    caption_layout_blanked,
    has_caption_layout,
    without_cue_layout_spans,
)
from reviewer_app.core.spans import Span

WEBVTT = (
    "WEBVTT\n"
    "\n"
    "1\n"
    "00:41:07.120 --> 00:41:12.880 align:start\n"
    "<v Harriet Oyelaran (BPH)>Okay, we're back. Mr. Dunleavy, can you hear me?</v>\n"
    "\n"
    "c5b5-2-0\n"
    "00:41:16.900 --> 00:41:24.350\n"
    "<v CTF Hearing Rm 2>And my sister <i>Rosalind</i> lives in Marina.</v>\n"
    "\n"
    "00:41:25.000 --> 00:41:27.000\n"
    "<v.loud Tomas Ybarra>Thank <00:41:26.100>you.</v>\n"
)

SUBRIP = (
    "212\n00:12:31,400 --> 00:12:36,400\n>> how old are you now\n\n213\n00:12:36,900 --> 00:12:38,000\n43\n"
)


def test_the_signature_and_markup_are_blanked_and_the_words_and_offsets_stay():
    blanked = caption_layout_blanked(WEBVTT)
    assert len(blanked) == len(WEBVTT)
    assert "WEBVTT" not in blanked and "<" not in blanked
    assert blanked.count(">") == blanked.count("-->") == 3
    # A voice tag's name and the words said stay where they were; so do the cues' numbers
    # and timings (NER reads a line of blanks as no break between two cues).
    for kept in (
        "Harriet Oyelaran (BPH)",
        "Okay, we're back.",
        "CTF Hearing Rm 2",
        "And my sister",
        "Rosalind",
        "Tomas Ybarra",
        "00:41:16.900 --> 00:41:24.350",
        "c5b5-2-0",
    ):
        assert blanked.index(kept) == WEBVTT.index(kept)
    assert "sister    Rosalind     lives in Marina." in blanked and "Thank               you." in blanked


def test_spans_on_a_cues_number_or_timing_line_are_dropped():
    def span(piece: str, label: str, text: str = SUBRIP) -> Span:
        start = text.index(piece)
        return Span(start, start + len(piece), label, ("presidio",), 0.5)

    on_layout = [span("212", "AGE"), span("36,400", "PHONE_NUMBER"), span("213", "AGE")]
    said = [span("43", "AGE"), span("how old", "PERSON")]
    assert without_cue_layout_spans(on_layout + said, SUBRIP) == said
    vtt_id = span("c5b5-2-0", "ID_NUMBER", WEBVTT)
    assert (
        without_cue_layout_spans([vtt_id, span("Marina", "LOCATION", WEBVTT)], WEBVTT)[0].label == "LOCATION"
    )
    plain = "1\nCOMMISSIONER: 00:41 minutes.\n"
    assert without_cue_layout_spans([span("1", "AGE", plain)], plain) == [span("1", "AGE", plain)]


@pytest.mark.parametrize(
    "text",
    [
        "THE WITNESS: The arrow goes --> there, 12:31,400 feet <b>bold</b>.\n",
        "1\nCOMMISSIONER: Okay.\n",
        "WEBVTT is a format.\nCOMMISSIONER: 00:41 minutes.\n",
    ],
)
def test_text_without_cue_timings_is_read_as_it_is(text):
    assert not has_caption_layout(text)
    assert caption_layout_blanked(text) is text


def test_detection_reads_captions_without_their_layout():
    from reviewer_app.detectors.nlp import spacy_model_installed
    from reviewer_app.detectors.runner import run_detection
    from reviewer_app.importers.text import document_from_text
    from reviewer_app.settings import Settings

    settings = Settings()
    if not spacy_model_installed(settings.spacy_model):
        pytest.skip("spaCy pipeline not installed")
    document = document_from_text("captions", WEBVTT.rstrip("\n"))
    spans = run_detection(document, ["spacy", "presidio"], settings).spans
    found = {(document.text[s.start : s.end], s.label) for s in spans}
    # Read with its markup, "WEBVTT" was an organisation, a timing's "16.900" a phone number and
    # the place ran on into "</v".
    assert ("Marina", "LOCATION") in found
    assert all(not {"<", ">", ":"} & set(text) or label == "TIME" for text, label in found)
    assert not any("WEBVTT" in text or label == "PHONE_NUMBER" for text, label in found)


def test_a_title_after_the_signature_and_speech_on_a_timing_line_stay_readable_to_detection():
    text = (
        "WEBVTT - Hearing of Tomasz Wierzbicki, CDCR BK1123\n\n"
        "00:00:01,000 --> 00:00:04,000 Clarence Mobley said his number is AK6093\n"
        "00:00:04.500 --> 00:00:07.000 align:start\n<v Harriet Oyelaran>Please state your name.</v>\n"
    )
    blanked = caption_layout_blanked(text)
    assert blanked.startswith("       - Hearing of Tomasz Wierzbicki, CDCR BK1123\n")
    # A voice tag's end is a line's end to NER, so the name does not run into the speech.
    assert "   Harriet Oyelaran\nPlease state" in blanked

    def span(piece: str, label: str) -> Span:
        return Span(text.index(piece), text.index(piece) + len(piece), label, ("presidio",), 0.5)

    said = [span("Clarence Mobley", "PERSON"), span("AK6093", "CDCR_ID")]
    timing = [span("04,000", "PHONE_NUMBER"), span("align:start", "ORGANIZATION")]
    assert without_cue_layout_spans(said + timing, text) == said


def test_only_a_number_or_a_coded_token_after_a_blank_line_is_a_cues_identifier():
    text = (
        "1\n00:00:01.000 --> 00:00:02.000\nmy plate is\n8XRT419\n00:00:02.000 --> 00:00:03.000\nyes\n\n"
        "Oyelaran\n00:00:03.000 --> 00:00:04.000\nokay\n"
    )
    plate, name = text.index("8XRT419"), text.index("Oyelaran")
    spans = [
        Span(plate, plate + 7, "ID_NUMBER", ("presidio",), 0.5),
        Span(name, name + 8, "PERSON", ("spacy",), 0.8),
    ]
    assert without_cue_layout_spans(spans, text) == spans
    number = Span(0, 1, "AGE", ("presidio",), 0.5)
    assert without_cue_layout_spans([number], text) == []


def test_a_span_run_from_a_voice_tags_name_into_the_speech_is_cut_at_the_tag():
    text = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<v Dana Whitfield>Hello, I am calling.</v>\n"
    start = text.index("Dana")
    ran_on = Span(start, text.index("Hello") + 5, "PERSON", ("spacy",), 0.8)
    (cut,) = without_cue_layout_spans([ran_on], text)
    assert text[cut.start : cut.end] == "Dana Whitfield"
