import pytest

from reviewer_app.core.document import Document, HearingMetadata, Participant
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.exporters.leakguard import (
    LeakFound,
    check_pseudonymized,
    find_leaks,
    leak_hits,
    leak_terms,
    unannotated_occurrences,
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
    check_pseudonymized(result, doc, spans, allow=["will", "Young"])


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
    assert [(doc.text[s.start : s.end], s.label, s.detectors) for s in found] == [
        ("sunrise", "OTHER_ORGANIZATION", ("propagation",)),
        ("Richardson", "PERSON", ("propagation",)),
        ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", ("propagation",)),
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
