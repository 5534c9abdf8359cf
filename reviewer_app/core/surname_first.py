"""Names written surname first in a record's header, a column or a field (issue 12).

A jail tablet's message export, a phone log or a booking sheet names people surname first, in
capitals, where NER reads nothing or a place:

    MSG 0004 | 10/10/2025 12:30:05 | ALVARADO, RUBEN J -> QUINTERO-BAEZ, MARISOL (resident)
    MSG 0007   10/02/2026 19:41:07   HOLLOWAY, TASHA M   HASKELL, BRIAN
    To: DE LA CRUZ, JUAN

The layout says where a name stands (either side of a header's arrow, a "From:"/"To:" field, a
column between gaps); the words say whether it is one. Indexes, codes and forms put ordinary words
in the same shape ("PHOTOGRAPH, KITCHEN   14", "Disposition:  REPORT, TAKEN", "MEDICAL, SICK CALL"),
and covers put a town and its state ("VACAVILLE, CALIFORNIA", "RENO, NEV"). So a given name is no
word the casing model (`truecasing.case_model`, which counted how English writes each word) saw
more often in lower case than capitalised, and no state or country after a town or as a short
form. A given name that is an ordinary word ("BROWN, MARK", "KING, GRACE") is left to NER, as
before: the reviewer sees it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from reviewer_app.core.name_rules import STRUCTURE, STRUCTURE_SCORE
from reviewer_app.core.spans import Span
from reviewer_app.core.truecasing import case_model

# Particles a surname may open with ("DE LA CRUZ", "van der Berg"), which may also stand inside a
# given name ("MARIA DE LOURDES").
_PARTICLE = r"(?i:de|del|della|la|las|los|van|von|der|den|di|da|dos|du|le|st\.?)"
_CASED_WORD = r"[A-Z][A-Za-z'’-]+"
_CAPITALS_WORD = r"[A-Z][A-Z'’-]+"


def _surname_first(word: str) -> str:
    """A name written surname first of words `word` ("QUINTERO-BAEZ, MARISOL", "DE LA CRUZ,
    JUAN", "GARCIA, MARIA DE LOURDES", "Okafor, Desmond T.")."""
    return (
        rf"(?P<surname>(?:{_PARTICLE}[ ]){{0,3}}{word}(?:[ ]{word})?),[ ]"
        rf"(?P<given>{word}(?:[ ](?:[A-Z]\.?|{_PARTICLE}|{word})){{0,3}})"
    )


_NAME = re.compile(_surname_first(_CASED_WORD))
# A header's arrow between who sends and who receives ("A -> B", "A → B").
_ARROW = re.compile(r"[ ]*(?:->|→|=>)[ ]*")
# Where a header's column ends: its line's start or end, a bar, a tab, a gap.
_COLUMN_EDGE = re.compile(r"\||\t|[ ]{2,}")
# A note after a correspondent's name: "(resident)", "(mobile app)".
_NOTE = re.compile(r"[ ]*\([^()\n]{1,30}\)[ ]*\Z")
# A "From:" or "To:" field's value up to the line's end, a note, a number sign, a bar or a gap.
_FIELD = re.compile(
    rf"^[ \t]*(?i:from|to|sender|recipient|sent[ ]by|sent[ ]to)[ \t]*:[ \t]*"
    rf"(?P<name>{_surname_first(_CASED_WORD)})(?=[ \t]*(?:$|[(#|]|[ ]{{2}}|\t))",
    re.M,
)
# A name in capitals alone in a column or a field: after the line's start, a gap, a tab, a bar, a
# key's colon or "FROM"/"TO", and before the line's end, a gap, a tab, a bar, a note or an arrow.
_IN_COLUMN = re.compile(
    rf"(?:^[ \t]*|[ ]{{2,}}|\t|\|[ \t]*|:[ \t]+|(?<![\w'’])(?:FROM|TO|From|To)[ ]+)"
    rf"(?P<name>{_surname_first(_CAPITALS_WORD)})"
    rf"(?=[ \t]*$|[ ]{{2,}}|\t|[ ]*\||[ ]\(|[ ]\#|[ ]*(?:->|→))",
    re.M,
)
# A state's short form after a town ("FRESNO, CA", "RENO, NEV", "CHINO, CALIF").
_SHORT_FORM = 5


def correspondents_named(
    text: str,
    not_names: frozenset[str],
    places: frozenset[str],
    ordinary: Callable[[str], bool] | None = None,
) -> list[Span]:
    """PERSON spans for the sender and the recipient a message's header names surname first, each
    side of an arrow read on its own, and for a "From:" or "To:" field's name (`_is_a_name`)."""
    ordinary = ordinary or _ordinary_word
    found = []
    for arrow in _ARROW.finditer(text):
        line_start = text.rfind("\n", 0, arrow.start()) + 1
        line_end = text.find("\n", arrow.end())
        line = text[line_start : len(text) if line_end < 0 else line_end]
        found.append(_column_before(line, arrow.start() - line_start, line_start))
        found.append(_column_after(line, arrow.end() - line_start, line_start))
    found += [m.span("name") for m in _FIELD.finditer(text)]
    return _persons(text, [f for f in found if f], not_names, places, ordinary)


def names_in_columns(
    text: str,
    not_names: frozenset[str],
    places: frozenset[str],
    ordinary: Callable[[str], bool] | None = None,
) -> list[Span]:
    """PERSON spans for a name in capitals surname first alone in a column or a field
    (`_IN_COLUMN`: a record's header, a form, a table), which NER reads as a place or not at all
    (`_is_a_name`)."""
    found = [m.span("name") for m in _IN_COLUMN.finditer(text)]
    return _persons(text, found, not_names, places, ordinary or _ordinary_word)


def _persons(
    text: str,
    found: Iterable[tuple[int, int]],
    not_names: frozenset[str],
    places: frozenset[str],
    ordinary: Callable[[str], bool],
) -> list[Span]:
    out = []
    for start, end in dict.fromkeys(found):
        match = _NAME.fullmatch(text, start, end)
        if match and _is_a_name(match.group("surname"), match.group("given"), not_names, places, ordinary):
            out.append(Span(start, end, "PERSON", (STRUCTURE,), STRUCTURE_SCORE))
    return out


def _is_a_name(
    surname: str,
    given: str,
    not_names: frozenset[str],
    places: frozenset[str],
    ordinary: Callable[[str], bool],
) -> bool:
    """Whether a surname and a given name in the shape of a name are one: no word of `not_names`
    (lower case: "THAT DATE, THE"), no state or country after a town or as a short form (`places`,
    lower case: "SOLEDAD, CALIFORNIA", "FRESNO, CA", "RENO, NEV"), and no given word that the
    casing model writes in lower case ("PHOTOGRAPH, KITCHEN", "REPORT, TAKEN")."""
    words = [w.lower().rstrip(".") for w in re.findall(r"[\w'’.-]+", f"{surname} {given}")]
    if set(words) & not_names:
        return False
    place = given.lower().replace(".", "")
    in_places = place in places or f"{place}." in places  # the gazetteer writes "Calif.", "Nev."
    if len(place) <= 2 or (in_places and (surname.lower() in places or len(place) <= _SHORT_FORM)):
        return False
    given_words = [w for w in re.findall(r"[\w'’-]+", given) if len(w) > 2 and not re.fullmatch(_PARTICLE, w)]
    return not any(ordinary(w) for w in given_words)


def _ordinary_word(word: str) -> bool:
    """Whether the casing model counted `word` more often in lower case than capitalised; every
    word is taken for one where the model is missing, so that no name is guessed without it."""
    model = case_model()
    counts = getattr(model, "uni_dist", None) if model else None
    if counts is None:
        return True
    return counts.get(word.lower(), 0) > counts.get(word.title(), 0)


def _column_before(line: str, at: int, line_start: int) -> tuple[int, int] | None:
    """The value of the column that ends at `at` (an arrow), without its note."""
    edges = [m.end() for m in _COLUMN_EDGE.finditer(line, 0, at)]
    return _value(line, edges[-1] if edges else 0, at, line_start)


def _column_after(line: str, at: int, line_start: int) -> tuple[int, int] | None:
    """The value of the column that opens at `at` (after an arrow), without its note."""
    edge = _COLUMN_EDGE.search(line, at)
    return _value(line, at, edge.start() if edge else len(line), line_start)


def _value(line: str, start: int, end: int, line_start: int) -> tuple[int, int] | None:
    value = line[start:end]
    if note := _NOTE.search(value):
        value = value[: note.start()]
    start += len(value) - len(value.lstrip())
    value = value.strip()
    return (line_start + start, line_start + start + len(value)) if value else None
