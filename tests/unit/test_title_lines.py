"""Headlines in title case read in sentence case (core/title_lines.py)."""

from __future__ import annotations

from reviewer_app.core.title_lines import sentence_case_headlines

STORY = (
    "VALLEY CROSSROADS PUBLIC RADIO\n"
    "Central Valley Edition\n"
    "\n"
    "Thirty-Two Years After A Hanford Clerk Was Killed, A Parole Grant Divides His Family\n"
    "\n"
    "In July, a parole panel found that the man who killed a store clerk in Hanford years ago was"
    " no longer a danger after all; the grant divides his family and the town.\n"
)


def test_a_headline_in_title_case_keeps_capitals_only_on_words_never_written_in_lower_case():
    read = sentence_case_headlines(STORY)
    assert len(read) == len(STORY)
    headline = read.split("\n")[3]
    assert headline == "Thirty-Two years after a Hanford clerk was killed, a parole grant divides his family"
    # The other lines are as written: a heading in capitals, a programme's name, the story.
    assert read.split("\n")[:3] == STORY.split("\n")[:3]
    assert read.split("\n")[4:] == STORY.split("\n")[4:]


def test_a_word_the_document_never_writes_in_lower_case_keeps_its_capital():
    # "Richmond" is written with its capital below, "Tells" nowhere else; "Xiomara", a victim's
    # given name the headline alone says, must stay a name's word for detection.
    text = (
        '"After 31 Years, a Richmond Man Tells His Story"\nA man of 19 from Richmond. In 31 years his story.'
    )
    assert sentence_case_headlines(text).split("\n")[0] == '"After 31 years, a Richmond man Tells his story"'
    text = (
        "Family Of Murdered Clerk Xiomara Okonkwo Asks The Board To Deny His Parole\n"
        "The family of the murdered clerk asks the board to deny his parole, Okonkwo's sister said.\n"
    )
    assert sentence_case_headlines(text).split("\n")[0] == (
        "Family of murdered clerk Xiomara Okonkwo asks the board to deny his parole"
    )


def test_captions_headings_and_lines_without_a_sentence_word_are_no_headlines():
    text = (
        "Board Of Parole Hearings Central Valley Office\n"  # no word only a sentence has
        "   A.   The Riverside Police Department, Robbery Unit. Badge 1187.\n"  # a full stop inside
        "Parole Consideration Hearing Of The Board:   )   CDCR No. AM6371\n"  # a caption
        "Was His Grant Fair?\n"  # too short
        "the board of parole hearings was fair to his office, his department and his unit.\n"
    )
    assert sentence_case_headlines(text) is text


def test_a_headline_needs_three_words_the_document_writes_in_lower_case():
    text = "Thirty-Two Years After A Hanford Clerk Was Killed\nNothing else here.\n"
    assert sentence_case_headlines(text) is text
