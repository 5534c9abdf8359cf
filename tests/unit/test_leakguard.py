import pytest

from reviewer_app.core.document import Document, HearingMetadata, Participant, Section
from reviewer_app.core.guard_exemptions import GuardExemptions
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.exporters.leakguard import (
    LeakFound,
    LeakHit,
    check_derived,
    check_pseudonymized,
    find_leaks,
    leak_hits,
    leak_terms,
    unannotated_occurrences,
    written_as_name,
)
from reviewer_app.exporters.text import write_pseudonymized_text
from tests.unit.test_pseudonymize import APPENDIX_A, marked


def _with_cover(doc, *names):
    meta = HearingMetadata(inmate_name=names[0], participants=tuple(Participant(n, "x") for n in names[1:]))
    return Document(id=doc.id, text=doc.text, metadata=meta)


def test_clean_output_passes():
    doc, spans = marked(APPENDIX_A)
    check_pseudonymized(pseudonymize(doc, spans), doc, spans)


@pytest.mark.parametrize(
    ("planted", "kind"),
    [
        ("Richardson", "name part"),
        ("RICHARDSON'S", "name part"),
        ("kevin-richardson", "span"),
        ("R, I, C, H, A, R, D, S, O, N", "spelled name"),
        ("r-i-c-h-a-r-d-s-o-n", "spelled name"),
        ("L90314", "span"),
        ("San Quentin State Prison", "span"),
    ],
)
def test_a_planted_leak_is_refused_with_its_position(tmp_path, planted, kind):
    source = APPENDIX_A + f"\nPRESIDING COMMISSIONER [[PERSON|JONES]]: The file says {planted} there."
    doc, spans = marked(source)
    result = pseudonymize(doc, spans)
    # Drop the span of the planted string (a detector miss): the text keeps it.
    with pytest.raises(LeakFound) as caught:
        check_pseudonymized(result, doc, spans)
    (hit,) = caught.value.hits
    assert result.text[hit.start : hit.end].casefold().replace("'s", "") == hit.found.casefold().replace(
        "'s", ""
    )
    assert hit.start == result.text.index(planted)
    assert hit.kind == kind
    assert "line 7" in str(caught.value)
    # The message is safe to log: positions and kinds, not the leaked text.
    assert planted not in str(caught.value)
    out = tmp_path / "out.txt"
    with pytest.raises(LeakFound):
        write_pseudonymized_text(out, result, doc, spans)
    assert not out.exists()


def test_cover_page_names_are_guarded_even_without_a_span():
    doc, spans = marked("Good morning. [[PERSON|Ann Lee]] is here, and so is Gloria Vasquez.")
    doc = _with_cover(doc, "GLORIA VASQUEZ", "ANN LEE")
    with pytest.raises(LeakFound) as caught:
        check_pseudonymized(pseudonymize(doc, spans), doc, spans)
    assert [h.found for h in caught.value.hits] == ["Gloria Vasquez"]
    assert caught.value.hits[0].kind == "cover page"


def test_a_name_in_a_speaker_tag_is_guarded_even_without_a_span():
    from reviewer_app.importers.text import document_from_text

    doc = document_from_text(
        "t", "Rivers (Guest): I am here.\nHelen Park (BPH): Thank you.\nRivers (Guest): Yes."
    )
    spans = [Span(27, 37, "PERSON", ("manual",), 1.0)]
    assert doc.text[27:37] == "Helen Park"
    with pytest.raises(LeakFound) as caught:
        check_pseudonymized(pseudonymize(doc, spans), doc, spans)
    assert [h.found for h in caught.value.hits] == ["Rivers", "Rivers"]
    assert {h.kind for h in caught.value.hits} == {"speaker tag"}


def test_every_participant_on_the_cover_is_guarded_not_only_the_inmate():
    doc, spans = marked("[[PERSON|Ann Lee]] spoke. Commissioner Ortiz and Ms. Whitfield listened.")
    doc = _with_cover(doc, "ANN LEE", "RAFAEL ORTIZ", "JUNE WHITFIELD")
    with pytest.raises(LeakFound) as caught:
        check_pseudonymized(pseudonymize(doc, spans), doc, spans)
    assert [h.found for h in caught.value.hits] == ["Ortiz", "Whitfield"]


def test_a_name_that_is_a_common_word_is_a_leak_where_written_as_a_name_unless_allowed():
    doc, spans = marked("[[PERSON|Will Young]] said he will be young once. Ask Will and Young.")
    result = pseudonymize(doc, spans)
    with pytest.raises(LeakFound) as caught:
        check_pseudonymized(result, doc, spans)
    # The lower-case words are the words; the capitalised ones mid-sentence are the names.
    assert [h.found for h in caught.value.hits] == ["Will", "Young"]
    assert "ordinary English word" in str(caught.value)
    check_pseudonymized(result, doc, spans, GuardExemptions.of(allow=["will", "Young"]))


def test_tags_themselves_and_short_numbers_are_not_hits():
    doc, spans = marked("Mr. [[PERSON|Day]] was [[AGE|33]] on [[DATE|May 5th]]; page 33 of the May file.")
    result = pseudonymize(doc, spans)
    assert result.text == "Mr. [PERSON_1] was [AGE] on [MONTH] [DAY]; page 33 of the May file."
    # "[DAY]" is not the surname Day, and 33 is too short to tell an age from a page.
    check_pseudonymized(result, doc, spans)


def test_find_leaks_over_arbitrary_text():
    doc, spans = marked("[[PERSON|Kevin Richardson]]")
    terms = leak_terms(doc, spans)
    hits = find_leaks("we met kevin.\nThen K-E-V-I-N left", terms)
    assert [(h.start, h.found, h.kind) for h in hits] == [
        (7, "kevin", "name part"),
        (19, "K-E-V-I-N", "spelled name"),
    ]


def test_a_cut_off_name_does_not_make_every_function_word_a_leak():
    doc, spans = marked("The gun came from [[PERSON|Andrew In]]-- in the car, he said.")
    check_pseudonymized(pseudonymize(doc, spans), doc, spans)


def test_unannotated_occurrences_become_propagation_spans():
    doc, spans = marked(
        "[[PERSON|Kevin Richardson]] worked at sunrise. He went to [[OTHER_ORGANIZATION|Sunrise]]. "
        "Richardson said R-I-C-H-A-R-D-S-O-N."
    )
    found = unannotated_occurrences(doc, spans)
    # A known identifier found again is certain: score 1.
    assert [(doc.text[s.start : s.end], s.label, s.detectors, s.score) for s in found] == [
        ("sunrise", "OTHER_ORGANIZATION", ("propagation",), 1.0),
        ("Richardson", "PERSON", ("propagation",), 1.0),
        ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", ("propagation",), 1.0),
    ]
    everything = sorted([*spans, *found])
    result = pseudonymize(doc, everything)
    check_pseudonymized(result, doc, everything)
    assert result.text.endswith("[PERSON_2] said [SPELLED_NAME_PERSON_2].")


def test_whitelisted_terms_and_other_quantities_are_not_hits():
    doc, spans = marked(
        "He moved to [[STATE|California]] when he was [[AGE|nine]]. Title 15 of the California Code "
        "of Regulations applies. I'm on step nine."
    )
    result = pseudonymize(doc, spans)
    assert leak_hits(result, doc, spans) == []
    check_pseudonymized(result, doc, spans)
    assert unannotated_occurrences(doc, spans) == []
    # Outside the whitelisted phrase the state is a hit again.
    doc, spans = marked("He moved to [[STATE|California]]. California is big.")
    with pytest.raises(LeakFound):
        check_pseudonymized(pseudonymize(doc, spans), doc, spans)


def test_a_refusal_says_on_which_line_and_column_each_leak_is():
    doc, spans = marked("[[PERSON|Rafael Ortiz]] spoke.")
    output = "\nWe met Ortiz.\nOrtiz left"  # a text may start with an empty line
    first, second = find_leaks(output, leak_terms(doc, spans))
    assert first.describe(output) == "line 2, column 8 (offset 8): name part (PERSON)"
    assert second.describe(output) == "line 3, column 1 (offset 15): name part (PERSON)"
    (at_start,) = find_leaks("Ortiz left", leak_terms(doc, spans))
    assert at_start.describe("Ortiz left").startswith("line 1, column 1 (offset 0)")


def test_a_refusal_lists_the_first_twenty_leaks_and_says_how_many_more():
    output = "Ortiz\n" * 25
    hits = [LeakHit(6 * i, 6 * i + 5, "name part", "PERSON", "Ortiz") for i in range(25)]
    for count, more in [(3, None), (20, None), (21, 1), (25, 5)]:
        lines = str(LeakFound(hits[:count], output)).splitlines()
        listed = [h.describe(output) for h in hits[: min(count, 20)]]
        assert lines[1 : 1 + len(listed)] == listed
        assert lines[1 + len(listed) :] == ([] if more is None else [f"... and {more} more"])


def test_an_ordinary_word_name_counts_at_the_start_of_a_cover_line_only():
    doc, spans = marked("[[PERSON|Rodney Long]] spoke.")
    output = "Long\nLong ago it was.\nLong\nSaid Long."
    third_line = output.index("Long\nSaid")
    hits = find_leaks(
        output, leak_terms(doc, spans), headers=[(0, 5), (third_line, third_line + 5)], cased=True
    )
    assert [h.start for h in hits] == [0, third_line, output.rindex("Long")]


@pytest.mark.parametrize(
    ("output", "word", "as_name"),
    [
        ("Long ago", "Long", False),
        ("a.\nLong ago", "Long", False),
        ("x\ny\nLong ago", "Long", False),
        ("\nLong ago", "Long", False),
        ("Mr. Long is here", "Long", True),
        ("Thank you, Mr . Long.", "Long", True),
        ("we asked Long twice", "Long", True),
    ],
)
def test_an_ordinary_word_is_written_as_a_name_after_a_title_or_capitalised_mid_sentence(
    output, word, as_name
):
    start = output.index(word)
    assert written_as_name(output, start, start + len(word)) is as_name


def test_a_cover_line_is_read_as_a_list_of_names_after_the_replacements_before_it():
    text = "Al Wu, Petitioner\nYoung, Will\n\nYes.\nYoung people came. Mr. Young spoke.\n"
    meta = HearingMetadata(inmate_name="Al Wu", participants=(Participant("Will Young", "Commissioner"),))
    cover_end = text.index("\n\n") + 1
    sections = (Section("cover", 0, cover_end), Section("body", cover_end + 1, len(text)))
    doc = Document(id="d", text=text, metadata=meta, sections=sections)
    spans = [Span(0, 5, "PERSON")]
    result = pseudonymize(doc, spans)
    out = result.text
    assert out.startswith("[PERSON_1] [PERSON_2], Petitioner\nYoung, Will\n")
    found = [(h.found, h.start) for h in leak_hits(result, doc, spans)]
    # On the cover a capitalised "Young" opening a line is the name; in the body it opens a sentence.
    assert found == [
        ("Young", out.index("Young, Will")),
        ("Will", out.index("Will\n")),
        ("Young", out.index("Young spoke")),
    ]


def test_a_span_replaced_without_a_decision_adds_no_term_to_check():
    doc, spans = marked("[[ORGANIZATION|Acme Roofing]] hired him. Acme Roofing paid.")
    result = pseudonymize(doc, spans)
    check_pseudonymized(result, doc, spans, GuardExemptions.of(undecided=[0]))
    with pytest.raises(LeakFound):
        check_pseudonymized(result, doc, spans)


def test_short_names_are_guarded_as_words_and_from_three_letters_also_spelled():
    doc, spans = marked("[[PERSON|Ming Li]], [[PERSON|Ann Lee]] and [[PERSON|Sean O'Brien]] came.")
    output = "We met Li, who spelled L-I; L-E-E, then O-B-R-I-E-N."
    hits = find_leaks(output, leak_terms(doc, spans))
    # Two letters are too few to tell a spelled name from letters said for another reason.
    assert [(h.found, h.kind, h.label) for h in hits] == [
        ("Li", "name part", "PERSON"),
        ("L-E-E", "spelled name", "PERSON"),
        ("O-B-R-I-E-N", "spelled name", "PERSON"),
    ]


def test_a_cut_off_name_in_a_text_without_case_does_not_make_a_function_word_a_leak():
    doc, spans = marked("the gun came from [[PERSON|andrew in]]-- in the car, he said.")
    check_pseudonymized(pseudonymize(doc, spans), doc, spans)


def test_a_known_word_inside_a_whitelisted_phrase_is_no_hit_on_any_line():
    doc, spans = marked(
        "He moved to [[STATE|California]].\nCalifornia Code of Regulations, Title 15.\n"
        "California is big.\nCalifornia Department of Corrections"
    )
    result = pseudonymize(doc, spans)
    assert [h.start for h in leak_hits(result, doc, spans)] == [result.text.index("California is big")]


def test_numbers_of_one_or_two_digits_are_not_guarded_and_of_three_are():
    doc, spans = marked("[[ID_NUMBER|42]] and [[ID_NUMBER|417]]")
    assert [(h.found, h.label) for h in find_leaks("page 42, room 417", leak_terms(doc, spans))] == [
        ("417", "ID_NUMBER")
    ]


def test_name_parts_run_together_are_a_persons_name():
    doc, spans = marked("[[PERSON|Ann Lee]] and [[PERSON|Will Young]]")
    hits = find_leaks("we met LeeAnn there", leak_terms(doc, spans))
    assert [(h.found, h.kind, h.label) for h in hits] == [("LeeAnn", "joined name parts", "PERSON")]


def test_whether_a_text_marks_names_by_case_decides_which_ordinary_words_count():
    doc, spans = marked("[[PERSON|Will Young]] spoke.")
    terms = leak_terms(doc, spans)
    assert [h.found for h in find_leaks("He will go, said Will.", terms)] == ["Will"]
    assert [h.found for h in find_leaks("He will go, said Will.", terms, cased=False)] == ["will", "Will"]
    # Speech recognition with one stray capital, or capitals with a few lower-case words, has no case.
    assert len(find_leaks("I think" + " the will of the people" * 40, terms)) == 40
    assert [h.found for h in find_leaks("ok, WILL SAID HE WILL GO.", terms)] == ["WILL", "WILL"]


def test_a_pending_span_adds_no_term_but_the_spans_after_it_do():
    doc, spans = marked(
        "[[ORGANIZATION|Acme Roofing]] hired him in [[CITY|Fresno]]. Acme Roofing paid in Fresno."
    )
    result = pseudonymize(doc, spans)
    hits = leak_hits(result, doc, spans, GuardExemptions.of(undecided=[0]))
    assert [(h.found, h.kind, h.label) for h in hits] == [("Fresno", "span", "CITY")]


def test_unannotated_names_at_the_start_of_a_cover_line_are_proposed_but_not_in_the_body():
    text = "Al Wu, Petitioner\nYoung, Will\n\nYes.\nYoung people came. Mr. Young spoke.\n"
    meta = HearingMetadata(inmate_name="Al Wu", participants=(Participant("Will Young", "Commissioner"),))
    cover_end = text.index("\n\n") + 1
    sections = (Section("cover", 0, cover_end), Section("body", cover_end + 1, len(text)))
    doc = Document(id="d", text=text, metadata=meta, sections=sections)
    found = unannotated_occurrences(doc, [Span(0, 5, "PERSON")])
    assert [(s.start, s.text_in(text)) for s in found] == [
        (text.index("Young, Will"), "Young"),
        (text.index("Will\n"), "Will"),
        (text.index("Young spoke"), "Young"),
    ]


def _caption_file(result):
    """A caption-like file: a header, one cue copied from the text export up to "Lee", a note."""
    out = result.text
    copied_from, copied_to = out.index("in [CITY_1]"), out.index("Lee said") + len("Lee")
    cue = "00:01 " + out[copied_from:copied_to]
    return [("WEBVTT", []), (cue, [(6, len(cue), copied_from)]), ("NOTE speaker Lee", [])]


def test_a_derived_file_is_refused_for_what_its_copied_texts_and_its_other_texts_leak():
    doc, spans = marked("We met [[PERSON|Ann Lee]] in [[CITY|Fresno]]. Fresno was hot, Lee said.")
    result = pseudonymize(doc, spans)
    pieces = _caption_file(result)
    view = "\n".join(text for text, _ in pieces) + "\n"

    def found(**decisions):
        try:
            check_derived(pieces, result, doc, spans, GuardExemptions.of(**decisions))
        except LeakFound as refused:
            return [(h.found, h.start) for h in refused.hits]
        return []

    fresno, lee, note_lee = view.index("Fresno"), view.index("Lee\n"), view.rindex("Lee")
    assert found() == [("Fresno", fresno), ("Lee", lee), ("Lee", note_lee)]  # the tag itself is none
    second_fresno = doc.text.index("Fresno was")
    lee_said = doc.text.index("Lee said")
    # A rejected place is no finding there; a rejected name is still one.
    rejected = [Span(second_fresno, second_fresno + 6, "CITY"), Span(lee_said, lee_said + 3, "PERSON")]
    assert found(rejected=rejected) == [("Lee", lee), ("Lee", note_lee)]
    # "Not identifying here" excuses the copied text only, not the same word elsewhere in the file.
    assert found(allowed_at=[(lee_said, lee_said + 3)]) == [("Fresno", fresno), ("Lee", note_lee)]
    # A pending span adds no term.
    assert found(undecided=[1]) == [("Lee", lee), ("Lee", note_lee)]


def test_a_sum_said_in_number_words_alone_is_not_searched_for_elsewhere():
    """ "Forty -- yeah, forty dollars a week": the bare "Forty" is the sum begun, but every other
    "forty" (an age, a count) is no leak of it; the sum with its currency or in digits still is."""
    text = "Forty -- yeah, forty dollars a week. He was forty then. I paid $1,250 for it and $1,250 again."
    bare = Span(0, 5, "AMOUNT")
    said = Span(15, 28, "AMOUNT")
    written = Span(text.index("$1,250"), text.index("$1,250") + 6, "AMOUNT")
    doc = Document(id="sum", text=text)
    assert [h.text_in(text) for h in unannotated_occurrences(doc, [bare, said, written])] == ["1,250"]
    assert [t.words for t in leak_terms(doc, [bare])] == []
    assert [t.words for t in leak_terms(doc, [said])] == [("forty", "dollars")]
    # Digits said one by one are an identifier's reading, searched for whatever its label.
    text = "The fee is four eight two nine one. My CDC number is four eight two nine one."
    doc = Document(id="digits", text=text)
    read_out = Span(11, 34, "AMOUNT")
    assert [t.words for t in leak_terms(doc, [read_out])] == [("four", "eight", "two", "nine", "one")]
