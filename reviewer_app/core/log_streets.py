"""Streets as a dispatch log (CAD) writes them, and their short names in the talk around it
(issue 12: radio and CAD transcripts).

A CAD log prints its lines in capitals, a street with its kind abbreviated and a compass letter
before it ("ONSCN 2A14 AT E SHIELDS AVE / N FIRST ST", "SB N BLACKSTONE AVE") and a crossing as
two short names about a slash ("TC BLACKSTONE / OLIVE"). NER reads such capitals as persons or
bodies or cuts them short ("SB N BLACKSTONE"). In a line without lower case letters:

- a street with its abbreviated kind (places.toml `log_streets`) is one LOCATION span, the compass
  letter and the kind inside, a travel direction ("SB") outside; the kind ends it ("DR. VARGHESE"
  and "ST JOHN" are no streets), and the line is as short as a log's entry;
- two names about a slash, one of them a street the log names with its kind, are a street each
  ("BLACKSTONE / OLIVE" beside "N BLACKSTONE AVE"); "N/O" (north of) is no crossing, and a side
  with a word for a person ("RP LINDA GARCIA / N BLACKSTONE AVE") or a person's name NER found
  there is no street;
- a kind that is a word of talk too ("ON THE WAY", "NO WAY") ends a street only after a house
  number or a compass letter.

Each street so named is a street where the document says its name alone ("southbound
Blackstone", "Blackstone and Olive"), unless the document shows the word in a person's name (a
PERSON span of two words or more); an ordinal ("First") only where the log writes it.

The log's event codes, in the column after each entry's time ("ONSCN", "TRANS"), name nothing;
a longer word there, or one the document writes in a person's name, is a name ("RAMIREZ").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span

STREET_DETECTOR = "context"
STREET_SCORE = 0.85
_NAME_LABELS = frozenset({"PERSON", "ORGANIZATION", "LOCATION", "NRP"})

# A word of a street's name in capitals: "BLACKSTONE", "1ST", "O'NEIL"; not a call sign ("4C2").
_WORD = r"(?:[A-Z][A-Z'’-]*|\d{1,4}(?:ST|ND|RD|TH)?)(?![\w'’-])"
_ORDINAL = re.compile(
    r"(?i:\d{1,3}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)"
)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str], frozenset[str]]:
    table = load_table("places.toml")["log_streets"]
    kinds = "|".join(sorted(map(re.escape, table["kinds"]), key=len, reverse=True))
    compass = "|".join(sorted(map(re.escape, table["compass"]), key=len, reverse=True))
    stops = "|".join(map(re.escape, [*table["compass"], *table["not_in_names"]]))
    # Up to four words ("MARTIN LUTHER KING JR"), none a compass letter, travel direction or
    # preposition ("4C2 AT W OLIVE AVE", "EB PARSONS RD"), or a letter after a compass one ("N G ST").
    word = rf"(?!(?:{stops})[ ]){_WORD}"
    name = rf"(?P<name>{word}(?:[ ]{word}){{0,3}}|(?<=[A-Z][ ])[A-Z](?=[ ]))"
    # The kind ends the street: no point ("DR. VARGHESE" is a title) and no name after it ("ST JOHN").
    street = re.compile(
        rf"(?<![\w/])(?P<compass>(?:{compass})[ ])?{name}[ ](?P<kind>{kinds})(?![\w/.'’-]|[ ][A-Z]{{2}})"
    )
    side = rf"(?:(?:{compass})[ ])?{word}(?:[ ]{word}){{0,3}}(?:[ ](?:{kinds}))?"
    crossing = re.compile(rf"(?<![\w/])(?P<first>{side})[ ]?/[ ]?(?P<second>{side})(?![\w/])")
    return (
        street,
        crossing,
        frozenset(table["kinds_after_number_or_compass"]),
        frozenset(table["person_words"]),
    )


# A house number before a street: "500 W SHAW AVE", "1420 BRYN MAWR WAY".
_HOUSE_NUMBER_BEFORE = re.compile(r"\d+[A-Z]?[ ]\Z")


def _is_street(m: re.Match[str], text: str) -> bool:
    """Whether a match of the street pattern is a street: a kind that is a word of talk too
    ("ON THE WAY", "NO WAY", "MY WAY") needs a compass letter or a house number before it."""
    talk_kinds = _patterns()[2]
    return (
        m.group("kind") not in talk_kinds
        or m.group("compass") is not None
        or _HOUSE_NUMBER_BEFORE.search(text, max(0, m.start() - 8), m.start()) is not None
        or m.group("name")[0].isdigit()  # the number the name took in: "1420 BRYN MAWR WAY"
    )


# A log entry's event code, the column after its time ("21:52:17  ONSCN   2A14 AT ...").
_CODE_COLUMN = re.compile(
    r"^[ \t]*[\[(]?\d{1,2}:\d\d(?::\d\d)?[\])]?(?:[ ]{2,}|\t)[ \t]*(?P<code>[A-Z][A-Z0-9]*)(?=[ ]{2,}|\t)",
    re.MULTILINE,
)


# An event code is short ("ONSCN", "ENRT", "TRANS"); a longer word in that column is a log's
# name of a person ("21:52:20  RAMIREZ  booked by ...").
_CODE_CHARS = 6


def without_log_codes(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without the name spans that lie in a log's column of event codes ("ONSCN",
    "TRANS" read as a place or a body): the column a time and a gap open on each line. A word
    there longer than a code, or one the document writes in a person's name of two words or more
    ("9:30  NUNEZ  Carla Nunez visited"), is a name and stays."""
    spans = list(spans)
    named = {
        w.lower()
        for s in spans
        if s.label == "PERSON"
        for w in s.text_in(text).split()
        if " " in s.text_in(text).strip()
    }
    codes = [
        m.span("code")
        for m in _CODE_COLUMN.finditer(text)
        if len(m.group("code")) <= _CODE_CHARS and m.group("code").lower() not in named
    ]
    return [
        s
        for s in spans
        if not (s.label in _NAME_LABELS and any(a <= s.start and s.end <= b for a, b in codes))
    ]


def _is_street_at(text: str, start: int, end: int) -> bool:
    m = _patterns()[0].fullmatch(text, start, end)
    return m is not None and _is_street(m, text)


# A log's entry is short: a longer line in capitals is prose (a decision notice).
_LOG_LINE_CHARS = 120


def _capitals_lines(text: str) -> Iterable[tuple[int, int]]:
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        if (
            len(line) <= _LOG_LINE_CHARS
            and any(c.isalpha() for c in line)
            and not any(c.islower() for c in line)
        ):
            yield start, end
        start = end + 1


def log_streets(text: str) -> list[tuple[int, int]]:
    """Where the text's capitals lines name a street (module docstring), in order."""
    street, crossing, _, person_words = _patterns()
    found: set[tuple[int, int]] = set()
    names: set[str] = set()
    for a, b in _capitals_lines(text):
        for m in street.finditer(text, a, b):
            if not _is_street(m, text):
                continue
            found.add(m.span())
            names.add(m.group("name"))
    for a, b in _capitals_lines(text):
        for m in crossing.finditer(text, a, b):
            # A side that names a person ("RP LINDA GARCIA") is none of a crossing.
            sides = [
                (x, y)
                for x, y in (m.span("first"), m.span("second"))
                if not set(text[x:y].split()) & person_words
            ]
            if any(text[x:y] in names or _is_street_at(text, x, y) for x, y in sides):
                found.update(sides)
    return sorted(found)


def log_persons(text: str) -> list[tuple[int, int]]:
    """Where a side of a slash in the text's capitals lines names a person after a word for one
    ("RP LINDA GARCIA / N BLACKSTONE AVE"): the name, of two or three words, in order."""
    words = "|".join(map(re.escape, sorted(_patterns()[3])))
    person = re.compile(rf"(?<![\w/])(?:{words})[ ]+(?P<name>{_WORD}(?:[ ]{_WORD}){{1,2}})(?=[ ]?/)")
    return [
        m.span("name")
        for a, b in _capitals_lines(text)
        for m in person.finditer(text, a, b)
        if not any(c.isdigit() for c in m.group("name"))
    ]


def _read_as_person(span: Span, text: str) -> bool:
    """Whether `span` is a PERSON NER read in a sentence-cased line ("your RP is Shaw, she's the
    homeowner"): there the case tells NER a name from a place, as it cannot in the log's capitals."""
    start = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    return span.label == "PERSON" and any(c.islower() for c in text[start : end if end >= 0 else len(text)])


def label_log_streets(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` with a LOCATION span on each street of a CAD log (`log_streets`), in place of the
    name spans that overlap it, and each one-word name span elsewhere whose word is such a
    street's short name relabelled LOCATION (a LOCATION span added where none covers it); not a
    PERSON span NER found in a sentence-cased line (`_read_as_person`). A person a side of a slash
    names (`log_persons`) gets a PERSON span where none covers it."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    # A side of a slash that holds a person's name NER found ("LINDA GARCIA / N BLACKSTONE AVE").
    names = [s for s in spans if s.label == "PERSON" and " " in s.text_in(text).strip()]
    places = [
        (a, b)
        for a, b in log_streets(text)
        if _is_street_at(text, a, b) or not any(a <= s.start and s.end <= b for s in names)
    ]
    if not places:
        return spans
    street = _patterns()[0]
    short = set()
    for a, b in places:
        m = street.fullmatch(text, a, b)
        short.add((m.group("name") if m else text[a:b]).lower())
    for s in spans:
        covered = s.text_in(text)
        if s.label == "PERSON" and " " in covered.strip():
            short -= {w.lower() for w in covered.split()}
    # An address already whole ("4410 E DAKOTA AVE, FRESNO CA") keeps its span and its street.
    addresses = [
        s for s in spans if s.label == "LOCATION" and any(s.start <= a and b <= s.end for a, b in places)
    ]
    places = [(a, b) for a, b in places if not any(s.start <= a and b <= s.end for s in addresses)]
    kept = [
        s
        for s in spans
        if s in addresses
        or not (s.label in _NAME_LABELS and any(s.start < b and a < s.end for a, b in places))
    ]
    out = [
        s.with_(label="LOCATION")
        if s.label in _NAME_LABELS and s.text_in(text).lower() in short and not _read_as_person(s, text)
        else s
        for s in kept
    ]
    added = [Span(a, b, "LOCATION", (STREET_DETECTOR,), STREET_SCORE) for a, b in places]
    added += [
        Span(a, b, "PERSON", (STREET_DETECTOR,), STREET_SCORE)
        for a, b in log_persons(text)
        if not any(s.start < b and a < s.end for s in [*out, *added])
    ]
    alone = sorted(w for w in short if " " not in w and not _ORDINAL.fullmatch(w))
    if alone:
        mention = re.compile(rf"(?<![\w'’-])(?i:{'|'.join(map(re.escape, alone))})(?![\w'’-])")
        for m in mention.finditer(text):
            word = m.group()
            if word[0].isupper() and not any(s.start < m.end() and m.start() < s.end for s in [*out, *added]):
                added.append(Span(m.start(), m.end(), "LOCATION", (STREET_DETECTOR,), STREET_SCORE))
    return sorted([*out, *added], key=lambda s: (s.start, s.end))
