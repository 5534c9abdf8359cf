"""A recogniser that writes its captions in lower case may still write the pronoun "I" in
capitals: such a text is caseless all the same, and its lower-case names are read on the
truecased view."""

from __future__ import annotations

from reviewer_app.core.truecasing import is_caseless

# A SubRip export of a hearing's automatic captions kept as a text (lines of my own).
SUBRIP = (
    "9\n00:00:29,400 --> 00:00:33,700\n"
    "so I've lived on the property for\ntwenty years with my wife june and\n\n"
    "10\n00:00:33,700 --> 00:00:37,960\n"
    "our neighbor frank delgado who also signed\nthe appeal I think in march\n\n"
    "11\n00:00:37,960 --> 00:00:41,900\n"
    ">> I do mister whitaker when did you\ntalk to carter in the planning office\n\n"
    "12\n00:00:41,900 --> 00:00:46,200\n"
    "I called him twice and I left a message\n"
)


def test_the_pronoun_i_does_not_make_lower_case_captions_look_capitalised():
    assert is_caseless(SUBRIP)
    assert is_caseless(SUBRIP.replace("I", "i"))


def test_a_text_written_with_care_is_not_caseless_for_its_pronouns():
    careful = "So I told him. I was there. Then we went home. I called my sister about it. " * 3
    assert not is_caseless(careful)
    # An initial is a capital of a name, not the pronoun.
    initials = "the report by j. I. okafor and r. I. lindqvist was read " * 2 + "I think"
    assert not is_caseless(initials.replace("j. I.", "J. I.").replace("r. I.", "R. I."))
