"""defined_acronyms.names_before_acronyms finds what the name-and-acronym pattern finds over the
whole text, seeking names only up to each acronym in brackets."""

from __future__ import annotations

from reviewer_app.core.defined_acronyms import _NAME_AND_ACRONYM, names_before_acronyms

TEXT = (
    "The Victims Rights Council (VRC) met the (ABC) and Foo Bar (XY) (Z) panel; Ann (AB)(CD)\n"
    "Mary J. Lopez of the Board  (MJL), then Department of Veterans Affairs (DVA) (the VA),\n"
    "In Reentry Hope (RH), Contra Costa County Sheriff's Office (CCSO) and ( NOPE) Alpha Beta"
)


def _found(matches):
    return [(m.span(), m.group("name"), m.group("acronym")) for m in matches]


def test_the_same_matches_as_the_pattern_over_the_whole_text():
    expected = _found(_NAME_AND_ACRONYM.finditer(TEXT))
    assert len(expected) >= 5
    assert _found(names_before_acronyms(TEXT)) == expected
    for cut in range(0, len(TEXT), 7):  # and on every beginning of it
        assert _found(names_before_acronyms(TEXT[:cut])) == _found(_NAME_AND_ACRONYM.finditer(TEXT[:cut]))


def test_no_acronym_in_brackets_no_search():
    assert list(names_before_acronyms("Victims Rights Council and Reentry Hope, all in capitals")) == []
