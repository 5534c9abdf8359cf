"""The word lists of names in context (`resources/patterns/person_context.toml`): kin words
said as a title before a relative's name ("Aunt Nita"), the titles only a person takes, and
the patterns built from them. The file is read once, on first use, here only."""

from __future__ import annotations

import functools
import re
import tomllib

from reviewer_app.paths import resource


@functools.cache
def _person_table() -> dict[str, list[str]]:
    """`person_context.toml`, read once: the one reader of that file."""
    with resource("patterns", "person_context.toml").open("rb") as fh:
        return tomllib.load(fh)


@functools.cache
def person_words(key: str) -> frozenset[str]:
    """The `person_context.toml` list `key`, lower case."""
    return frozenset(w.lower() for w in _person_table()[key])


# The titles written short, whose full stop is the abbreviation's and not a sentence's.
_ABBREVIATED_TITLES = frozenset({"mr", "mrs", "ms", "mx", "dr", "sgt", "lt", "capt", "det", "ofc"})


@functools.cache
def personal_titles() -> frozenset[str]:
    """The titles only a person takes, short ones without their full stop, lower case."""
    return _ABBREVIATED_TITLES | person_words("personal_titles")


@functools.cache
def titled_pattern() -> re.Pattern[str]:
    """A personal title right before a word, without a comma between: "Mr. March", not
    "Commissioner, March" nor "a model inmate. March of 2019" (a full stop only after a short form)."""
    return re.compile(
        rf"(?<![\w'’-])(?i:(?:{'|'.join(sorted(_ABBREVIATED_TITLES))})\."
        rf"|{'|'.join(sorted(personal_titles()))})[ ]+\Z"
    )


@functools.cache
def lower_title_pattern() -> re.Pattern[str]:
    """A title written in lower case, or a short one in any case ("Mr. wheat" in a text that
    capitalises its sentences but not names)."""
    return re.compile(
        rf"(?<![\w'’-])(?:{'|'.join(sorted(personal_titles()))}"
        rf"|(?i:{'|'.join(sorted(_ABBREVIATED_TITLES))})\.)(?=[ ])"
    )
