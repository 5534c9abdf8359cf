"""Holidays that NER reads as persons (issue 12).

A speaker through an interpreter names the days of their own calendar: "every Tết, only the
telephone", "Jae Won was at our house every Chuseok", "At Tết Mậu Thân, nineteen sixty-eight".
English NER has never seen these words and reads each, capitalised and alone, as a person's
name; propagation then copies it to every mention. The calendars' lists
(`resources/patterns/other_calendars.toml`, `spoken.toml`'s holidays) say what they are, and a
word of those lists is seldom a name (the lists' given names, "Genna", "Sivan", stay names).

A span that opens with such a word and goes on over more of its name or a year ("Tết Mậu Thân",
"Tết 2020") names one day and is a DATE (development README: a holiday naming one day is a
date); the word alone ("every Chuseok", "Anything about Tết?") names a day that comes back every
year, nothing to hide, and its PERSON span goes. Accents are left out to compare: the lists
write "Tet", a transcript "Tết".

Only what NER guessed or propagation copied is read so: a name a cue, a speaker's tag or the
cover page gave is a person's whatever its letters.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from reviewer_app.core.name_rules import PROPAGATION
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import NER_DETECTORS
from reviewer_app.core.spoken_numbers import spoken_words

# A year right after the holiday: "Tết 2020", "Chuseok of 2019".
_YEAR_AFTER = re.compile(r"[ ]+(?:of[ ]+)?(?:1[89]|20)\d\d\b")
_GUESSED = NER_DETECTORS | {PROPAGATION}


def fold(word: str) -> str:
    """`word` in lower case without its accents: "Tết" is "tet"."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.cache
def calendar_day_words() -> frozenset[str]:
    """The one-word holidays of every calendar, folded, but those that are given names. Not the
    months of other calendars: several are given names too ("Bahman", "Aban")."""
    words = spoken_words()
    return frozenset(fold(w) for w in words.holidays - words.given_name_dates)


def relabel_holidays_read_as_persons(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` with each PERSON span NER guessed or propagation copied that opens with a holiday
    of `calendar_day_words` relabelled DATE where it names one day (more words of the
    name, a year after it: the year taken in) and dropped where the word stands alone (module
    docstring)."""
    days = calendar_day_words()
    out = []
    for span in spans:
        covered = span.text_in(text)
        words = covered.split()
        if span.label == "PERSON" and set(span.detectors) <= _GUESSED and words and fold(words[0]) in days:
            year = _YEAR_AFTER.match(text, span.end)
            if year:
                span = span.with_(end=year.end(), label="DATE")
            elif len(words) > 1:
                span = span.with_(label="DATE")
            else:
                continue
        out.append(span)
    return out
