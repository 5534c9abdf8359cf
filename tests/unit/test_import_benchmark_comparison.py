"""The PDF-layout import benchmark's comparison (benchmarks/import_pdf_layouts.py)."""

from benchmarks.import_pdf_layouts import compare, hyphenation_aside


def test_hyphenation_aside_forgives_a_word_joined_at_its_line_end_hyphen_and_nothing_else():
    expected = [("A", "To- day's fine"), ("B", "sixty- two"), ("C", "in Sacra- mento")]
    got = [("A", "Today's fine"), ("B", "sixty-two"), ("C", "in Sacramento")]
    assert compare(expected, got)[0] == 0
    assert compare(hyphenation_aside(expected), hyphenation_aside(got))[0] == 3
    # A lost word, a changed speaker or a dash between spaces still differs.
    lost = hyphenation_aside([("A", "Today's")])
    assert compare(hyphenation_aside([("A", "To- day's fine")]), lost)[0] == 0
    assert compare(hyphenation_aside([("A", "sixty- two")]), hyphenation_aside([("B", "sixty-two")]))[0] == 0
    assert hyphenation_aside([("A", "yes - no")]) == [("A", "yes - no")]
