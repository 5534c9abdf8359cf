"""The leak guard finds a known name however its characters are written (issue 11 §2),
and a name part that is an ordinary word only where it is written as a name (§3)."""

from __future__ import annotations

import os
import string

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.whitelist_terms import load_whitelist, normalise_term
from reviewer_app.exporters.guard_text import confusable_table, fold
from reviewer_app.exporters.leakguard import ORDINARY_WORD_NOTE, leak_hits
from reviewer_app.exporters.ordinary_words import is_ordinary_word
from tests.unit.test_pseudonymize import marked

IGNORABLES = ["\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e", "\x00", "\x07", "\u180e"]
HYPHEN_SPLITS = ["-", "-\n", "- ", "\u2010", "\u00ad\n"]
PROPERTY_EXAMPLES = int(os.environ.get("LEAK_GUARD_EXAMPLES", "150"))


def hits_in(source: str, planted: str):
    """The guard's hits on `source` (markup as in test_pseudonymize) with `planted`
    left in the text, and where `planted` is in the output."""
    doc, spans = marked(source.replace("{planted}", planted))
    result = pseudonymize(doc, spans)
    return leak_hits(result, doc, spans), result.text.rindex(planted)


@pytest.mark.parametrize(
    "planted",
    [
        "Smi\u00adth",  # soft hyphen
        "Smi\u200bth",  # zero-width space
        "Smi\u200dth",  # zero-width joiner
        "Sm\x00ith",  # NUL
        "Smi-th",
        "Smi-\nth",  # a PDF's line-break hyphen
        "Ｓｍｉｔｈ",  # fullwidth
        "𝐒𝐦𝐢𝐭𝐡",  # mathematical bold
        "Smіth",  # Cyrillic і
        "Ѕmith",  # Cyrillic Ѕ
        "Smi\u0301th",  # combining acute
        "Smíth",  # precomposed
        "Smiths",  # plural
        "JohnSmith",  # joined
        "SmithJohn",  # joined, other order
    ],
)
def test_a_name_written_otherwise_is_still_found(planted):
    hits, where = hits_in("[[PERSON|John Smith]] came. Later the file says {planted} again.", planted)
    (hit,) = hits
    assert (hit.start, hit.end) == (where, where + len(planted))
    assert hit.found == planted


@pytest.mark.parametrize(
    ("accepted", "planted"),
    [("C12345", "C-12345"), ("C12345", "C 12345"), ("C-12345", "C12345"), ("C 12345", "C\u200b12345")],
)
def test_an_id_is_compared_on_its_letters_and_digits(accepted, planted):
    hits, where = hits_in(f"CDCR number [[CDCR_ID|{accepted}]]. Also {{planted}} on file.", planted)
    assert [(h.start, h.found, h.label) for h in hits] == [(where, planted, "CDCR_ID")]


def test_labels_are_compared_case_insensitively():
    hits, where = hits_in("[[person|Kevin Richardson]] came. Then {planted} left.", "Richardson")
    assert [(h.start, h.label) for h in hits] == [(where, "PERSON")]


def test_folding_maps_back_to_the_written_offsets():
    folded = fold("a Ｓm\u00adі\u0301th!")
    assert folded.text == "a smith!"
    start = folded.text.index("smith")
    assert folded.span(start, start + 5) == (2, 9)


def test_the_confusables_table_comes_from_the_unicode_data():
    table = confusable_table()
    assert table["с"] == "c" and table["о"] == "o" and table["ѕ"] == "s"  # Cyrillic
    assert table["ο"] == "o"  # Greek omicron
    assert "c" not in table and "1" not in table  # Latin letters and digits stay themselves


# -- ordinary words (§3) ---------------------------------------------------------------


def test_a_name_part_that_is_an_ordinary_word_counts_only_as_a_name():
    source = (
        "[[PERSON|Rodney Long]] came.\n"
        "PRESIDING COMMISSIONER: It was a long day and a LONG night. Long ago, I said: Long is here.\n"
        "DEPUTY COMMISSIONER LONG: And then Long left, said Mr. long.\n"
    )
    doc, spans = marked(source)
    result = pseudonymize(doc, spans)
    hits = leak_hits(result, doc, spans)
    out = result.text
    assert [(h.start, h.found) for h in hits] == [
        (out.index("LONG:"), "LONG"),  # a speaker tag
        (out.index("Long left"), "Long"),  # capitalised mid-sentence
        (out.index("long.\n"), "long"),  # after a title
    ]
    assert all(h.note == ORDINARY_WORD_NOTE for h in hits)
    assert "ordinary English word" in hits[0].describe(out)


def test_name_parts_run_together_into_an_ordinary_word_count_only_as_a_name():
    source = "[[PERSON|Ann Lee]] and [[PERSON|Tom Ward]] came. The leeward side; then {planted} spoke."
    hits, where = hits_in(source, "LeeWard")
    assert [(h.start, h.kind) for h in hits] == [(where, "joined name parts")]


def test_a_text_without_case_counts_every_use():
    doc, spans = marked("[[PERSON|rodney long]] came. it was a long day.")
    (hit,) = leak_hits(pseudonymize(doc, spans), doc, spans)
    assert hit.found == "long"


def test_a_name_part_that_is_no_ordinary_word_counts_in_lower_case_too():
    assert is_ordinary_word("long") and is_ordinary_word("will") and is_ordinary_word("young")
    assert not is_ordinary_word("ferguson") and not is_ordinary_word("richardson")
    hits, where = hits_in("[[PERSON|Clinton Ferguson]] came. Then {planted} left.", "ferguson")
    assert [h.start for h in hits] == [where]


# -- properties ------------------------------------------------------------------------

_name = st.text(alphabet=string.ascii_lowercase, min_size=3, max_size=9).map(str.capitalize)
_LOOKALIKES: dict[str, list[str]] = {}
for _glyph, _latin in confusable_table().items():
    _LOOKALIKES.setdefault(_latin, []).append(_glyph)


@st.composite
def disguised(draw, name: str) -> str:
    """`name` with ignorable characters inserted, a hyphen split, look-alike letters
    and any case."""
    chars = [c.upper() if draw(st.booleans()) else c.lower() for c in name]
    for i, c in enumerate(chars):
        if c.lower() in _LOOKALIKES and draw(st.integers(0, 4)) == 0:
            glyph = draw(st.sampled_from(sorted(_LOOKALIKES[c.lower()])))
            if glyph.isalpha() and not glyph.isdigit():
                chars[i] = glyph
    inserts = draw(
        st.lists(st.tuples(st.integers(1, len(name) - 1), st.sampled_from(IGNORABLES)), max_size=4)
    )
    split = draw(
        st.one_of(st.none(), st.tuples(st.integers(1, len(name) - 1), st.sampled_from(HYPHEN_SPLITS)))
    )
    pieces = dict.fromkeys(range(len(name)), "")
    for position, char in inserts:
        pieces[position] += char
    if split:
        pieces[split[0]] += split[1]
    return "".join(pieces[i] + chars[i] for i in range(len(name)))


@settings(max_examples=PROPERTY_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), first=_name, last=_name)
def test_any_disguise_of_a_name_is_refused(data, first, last):
    assume(first.lower() != last.lower())
    assume(not any(is_ordinary_word(p.lower()) for p in (first, last)))
    # A whitelisted word ("Yes") is not sensitive by definition: the guard leaves it alone.
    assume(not any(normalise_term(p) in load_whitelist() for p in (first, last)))
    planted = data.draw(disguised(last))
    hits, where = hits_in(f"[[PERSON|{first} {last}]] came. The file says {{planted}} again.", planted)
    assert any(h.start <= where + 1 and h.end >= where + len(planted) - 1 for h in hits), planted


_id = st.tuples(
    st.text(alphabet=string.ascii_uppercase, min_size=1, max_size=2),
    st.text(alphabet=string.digits, min_size=4, max_size=7),
).map("".join)


@settings(max_examples=PROPERTY_EXAMPLES, deadline=None)
@given(data=st.data(), accepted=_id)
def test_any_separators_inside_an_id_are_refused(data, accepted):
    separators = st.sampled_from(["", "", "-", " ", ".", "/", " - ", "\u200b", "\u2011"])
    planted = "".join(c + data.draw(separators) for c in accepted[:-1]) + accepted[-1]
    planted = "".join(c.lower() if data.draw(st.booleans()) else c for c in planted)
    hits, where = hits_in(f"Number [[CDCR_ID|{accepted}]] on file. Also {{planted}} here.", planted)
    assert [(h.start, h.end) for h in hits] == [(where, where + len(planted))], planted
