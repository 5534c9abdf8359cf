from reviewer_app.core.spans import Span
from reviewer_app.core.transcription_marks import drop_legend_marks, legend_marks


def _span(text: str, word: str, label: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Span(start, start + len(word), label, ("spacy",))


def test_a_legend_defines_a_bracketed_mark_by_a_gloss_in_lower_case():
    assert legend_marks("(UI) = unintelligible. Overlapping speech is shown with --.") == {"UI"}
    assert legend_marks("Times in [PH]=phonetic") == {"PH"}
    # No gloss in lower case, or no "=": no legend.
    assert legend_marks("(UI) = Unit Inventory") == frozenset()
    assert legend_marks("the Department of Veterans Affairs (VA) clinic") == frozenset()


def test_a_name_that_is_only_a_mark_of_the_legend_is_dropped():
    text = "(UI) = unintelligible.\nSit down. (UI) Agent Vue, grab a bag. Say hi. (UI.) She's at UIC."
    spans = [
        _span(text, "UI", "ORGANIZATION", 1),
        _span(text, "UI", "ORGANIZATION", 2),
        _span(text, "UIC", "ORGANIZATION"),
    ]
    assert [s.text_in(text) for s in drop_legend_marks(spans, text)] == ["UIC"]


def test_without_a_legend_the_letters_stay():
    text = "Sit down. (UI) Agent Vue, grab a bag."
    spans = [_span(text, "UI", "ORGANIZATION")]
    assert drop_legend_marks(spans, text) == spans


def test_the_marks_letters_outside_brackets_stay_a_name():
    # "(Ed.) = editor's note" defines the mark, not the sponsor's name said in the turns.
    text = (
        "Notes: (UI) = unintelligible, (Ed.) = editor's note\n"
        "INMATE SMITH: Ed. He was my sponsor. (Ed.) I call Ed."
    )
    spans = [_span(text, "Ed", "PERSON", 1), _span(text, "Ed", "PERSON", 2), _span(text, "Ed", "PERSON", 3)]
    assert [s.start for s in drop_legend_marks(spans, text)] == [spans[0].start, spans[2].start]
