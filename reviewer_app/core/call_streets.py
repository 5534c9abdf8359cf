"""Streets a caller names by their short names (issue 12: calls and dispatch).

A caller or a dispatcher gives a place as the two streets that cross there: "we're on
Edinger and Bristol", "at Fifth and Main", "en route from Bristol and Warner". Said so,
a street's name has no "Street" or "Avenue" after it, and NER reads it as an organisation
or a person. Two capitalised words joined by "and" after a word that leads to a place
("on", "at", "near", "toward", "corner of", "en route from") are two streets, and so are
two joined so of which one is such a street ("Edinger and Raitt"); each of them is a
street in its other mentions in the call too ("It's Edinger." "Up Raitt.").

A street named by its number alone after "on" is one too ("the house on Eighty-fourth",
"northbound on 24th"; not "on the fourth", a day).

A street the document names in an address ("2216 Halvorsen Avenue") is that street where its
name is said alone ("onto Halvorsen", "Is that Halvorsen, H-A-L-V-O-R-S-E-N?"), whatever NER
or a spelling made of the word, unless the document shows the word as a person's name (in a
longer PERSON span, after a title).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span

STREET_DETECTOR = "context"
STREET_SCORE = 0.85

_ORDINAL = re.compile(
    r"\d{1,3}(?:st|nd|rd|th)|First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth"
)
# A capitalised word, also with a capital inside after a prefix: "Blackstone", "McKinley".
_CAPITALISED = r"[A-Z][a-z]+(?:[A-Z][a-z]+)?"
_NAME = rf"(?:{_ORDINAL.pattern}|{_CAPITALISED})"
_AND = r"[ ](?:and|&)(?:,?[ ](?:um|uh|er|like),?)?[ ]"
_PAIR = rf"(?P<first>{_NAME}){_AND}(?P<second>{_NAME})(?![\w'’-]|[ ][A-Z])"
_INTERSECTION = re.compile(
    r"(?<![\w-])(?:on|at|near|toward|towards|corner[ ]of|en[ ]route[ ]from|(?i:northbound|southbound|"
    r"eastbound|westbound)(?:[ ]on)?)[ ]+" + _PAIR
)
# Two names joined by "and" anywhere: streets when one of them is a street the call gave.
_ANY_PAIR = re.compile(r"(?<![\w-])" + _PAIR)
# "between Coffee and, um, Oakdale Road": two streets when the second has its kind of street
# ("between Tony and Maria" has none).
_BETWEEN = re.compile(
    rf"(?<![\w-])between[ ]+(?P<first>{_NAME}){_AND}(?P<second>{_NAME})[ ]+"
    r"(?:Street|Avenue|Road|Boulevard|Drive|Lane|Way|Parkway|Highway)(?![\w'’-])"
)


_NAME_ENDS_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][\w'’-]*[ ]\Z")


@functools.cache
def _people_noun_before() -> re.Pattern[str]:
    """A possessive and a noun of people (spoken.toml's `person_nouns`) right before a pair: "my
    boys Tyler and Jackson", "my kids, Kevin and Olive", "her two sons"."""
    nouns = "|".join(map(re.escape, load_table("spoken.toml")["cues"]["person_nouns"]))
    return re.compile(
        rf"(?<![\w'’-])(?i:my|our|your|his|her|their)[ ]+(?:[a-z]+[ ]+)?(?i:{nouns})[,:]?[ ]+\Z"
    )


def _people_in_pairs(text: str, persons: Iterable[Span]) -> set[int]:
    """Where the names of the pairs joined by "and" that are people start: a pair after a
    possessive noun of people (`_people_noun_before`), or one with a name NER reads as a PERSON
    where it is said neither in a pair nor after a word of travel ("my boys Tyler and Jackson ...
    Tyler is scared"; not "southbound Calderwood ... Calderwood and Fenwick")."""
    pairs = list(_ANY_PAIR.finditer(text))
    said_as_street = {m.start("name") for m in _travel_cue().finditer(text)}
    said_as_street |= {m.start(g) for m in pairs for g in ("first", "second")}
    persons_alone = {
        s.text_in(text) for s in persons if s.label == "PERSON" and s.start not in said_as_street
    }
    out: set[int] = set()
    for match in pairs:
        names = {match.group("first"), match.group("second")}
        if names & persons_alone or _people_noun_before().search(
            text, max(0, match.start() - 40), match.start()
        ):
            out |= {match.start("first"), match.start("second")}
    return out


def _pairs_with_streets(
    text: str, streets: set[str], not_streets: frozenset[str], people: set[int]
) -> list[tuple[int, int]]:
    """Both names of each pair joined by "and" of which one is a street of `streets`
    ("Blackstone and Olive" beside "southbound Blackstone"), none with a word of `not_streets`,
    one whose first name ends a longer name ("Dunmore Avenue and Quenby": "Avenue") nor a pair of
    people (starting at `people`: "my boys Tyler and Jackson")."""
    out = []
    for match in _ANY_PAIR.finditer(text):
        pair = {match.group("first"), match.group("second")}
        if _NAME_ENDS_BEFORE.search(text, max(0, match.start() - 40), match.start()):
            continue
        if match.start("first") in people:
            continue
        if pair & streets and not {w.lower() for w in pair} & not_streets:
            out += [match.span("first"), match.span("second")]
    return out


def crossings(text: str, not_streets: frozenset[str], people: set[int]) -> list[tuple[int, int]]:
    """Where the text names two streets that cross: each street's name, in order. A pair
    with a word of `not_streets` (lower case: "on Monday and Tuesday", "at Mom and Dad's")
    is none; one of people (`_people_in_pairs`) is a crossing only after a word that leads to a
    place ("on Tyler and Jackson")."""
    out = []
    for match in [*_INTERSECTION.finditer(text), *_BETWEEN.finditer(text)]:
        if not {match.group("first").lower(), match.group("second").lower()} & not_streets:
            out += [match.span("first"), match.span("second")]
    out += _pairs_with_streets(text, {text[a:b] for a, b in out}, not_streets, people)
    return sorted(set(out))


@functools.cache
def _travel_cue() -> re.Pattern[str]:
    """A word of place_mentions.toml's `street_travel_cues` ("off", "westbound", "ran down"), not
    right after a word of `street_travel_cues_not_after` ("got off") nor "off" after one of
    `street_off_not_after` ("came off", "I'm off"), then one or two capitalised
    words that end the name (no capitalised word or digit after them)."""
    table = load_table("place_mentions.toml")
    cues = table["street_travel_cues"]
    alternation = "|".join(re.escape(c).replace(r"\ ", "[ ]") for c in sorted(cues, key=len, reverse=True))
    verbs = "|".join(re.escape(v) for v in table["street_travel_cues_not_after"])
    off_verbs = "|".join(re.escape(v) for v in table["street_off_not_after"])
    return re.compile(
        rf"(?<![\w'’-])(?P<verb>(?i:{verbs})[ ]+|(?i:{off_verbs})[ ]+(?=[Oo]ff[ ]))?(?:{alternation})[ ]+"
        rf"(?P<name>{_CAPITALISED}(?:[ ]{_CAPITALISED})?)(?![\w'’-]|[ ]+[A-Z0-9])"
    )


@functools.cache
def _crossing_a_named_street() -> re.Pattern[str]:
    """A crossing of a name with a street named with its kind, after a word that leads to a place
    ("at Caldwell Avenue and Akers", "at Fruitridge and Stockton Boulevard"): the short name."""
    kinds = "|".join(
        re.escape(k.capitalize()) for k in load_table("places.toml")["lower_case"]["street_words"]
    )
    named = rf"(?:[A-Z][a-z]+[ ]){{1,2}}(?:{kinds})"
    lead = r"(?<![\w-])(?:on|at|near|toward|towards|corner[ ]of)[ ]+"
    return re.compile(
        rf"{lead}(?:(?P<first>[A-Z][a-z]+){_AND}{named}(?![\w-])"
        rf"|{named}{_AND}(?P<second>[A-Z][a-z]+)(?![\w'’-]|[ ][A-Z]))"
    )


def travelled_streets(
    text: str, not_streets: frozenset[str], persons: Iterable[Span]
) -> list[tuple[int, int]]:
    """Where the text names a street by its short name without a second street to cross it: after
    a word of travel or position (`_travel_cue`: "off Golden State", "westbound Fruitridge", "ran
    down Sanborn"), or crossing a street named with its kind ("at Caldwell Avenue and Akers"). A
    name with a word of `not_streets` ("off Friday") is none, nor one that `persons` (PERSON spans)
    show as a person at another mention ("dropped off Tony ... Tony said")."""
    found = [m.span("name") for m in _travel_cue().finditer(text) if not m.group("verb")]
    for match in _crossing_a_named_street().finditer(text):
        found.append(match.span("first") if match.group("first") else match.span("second"))
    persons = list(persons)
    persons_at: dict[str, set[int]] = {}
    for s in persons:
        persons_at.setdefault(s.text_in(text), set()).add(s.start)
    # A mention that is itself said as a street ("southbound Blackstone" twice, "Blackstone and
    # Olive") shows no person, whatever NER made of it.
    as_street = {a for a, _ in found}
    names = {text[a:b] for a, b in found}
    people = _people_in_pairs(text, persons)
    for match in _ANY_PAIR.finditer(text):
        if {match.group("first"), match.group("second")} & names and match.start("first") not in people:
            as_street |= {match.start("first"), match.start("second")}
    return sorted(
        {
            (a, b)
            for a, b in found
            if not {w.lower() for w in text[a:b].split()} & not_streets
            and not persons_at.get(text[a:b], set()) - as_street
        }
    )


def label_streets(spans: Iterable[Span], text: str, not_streets: frozenset[str]) -> list[Span]:
    """`spans` with each one-word place, organisation, group or person whose word the text
    gives as a crossing street relabelled LOCATION, and a LOCATION span for each mention
    of such a word that no span covers (an ordinal, "First", only where it crosses). A
    word of a longer PERSON span ("Warner" of "Ada Warner") is left as it is."""
    spans = relabel_streets_of_addresses(sorted(spans, key=lambda s: (s.start, s.end)), text, not_streets)
    persons = [s for s in spans if s.label == "PERSON"]
    people = _people_in_pairs(text, persons)
    places = sorted({*crossings(text, not_streets, people), *travelled_streets(text, not_streets, persons)})
    if not places:
        return spans
    places = sorted(
        {*places, *_pairs_with_streets(text, {text[a:b] for a, b in places}, not_streets, people)}
    )
    named = {
        w for s in spans if s.label == "PERSON" and " " in s.text_in(text) for w in s.text_in(text).split()
    }
    streets = {text[a:b] for a, b in places} - named
    alone = sorted(w for w in streets if not _ORDINAL.fullmatch(w))
    mentions = (
        [m.span() for m in re.finditer(rf"(?<![\w-])(?:{'|'.join(map(re.escape, alone))})(?![\w'’-])", text)]
        if alone
        else []
    )
    mentions = [(a, b) for a, b in mentions if a not in people]  # "my kids, Kevin and Olive"
    at_streets = sorted({*mentions, *((a, b) for a, b in places if text[a:b] in streets)})
    out = [
        s.with_(label="LOCATION")
        if s.label in ("ORGANIZATION", "NRP", "PERSON") and s.text_in(text) in streets
        else s
        for s in spans
        if not _joins_streets(s, text, at_streets)
    ]
    added: list[Span] = []
    for start, end in at_streets:
        if not any(s.start < end and start < s.end for s in [*out, *added]):
            added.append(Span(start, end, "LOCATION", (STREET_DETECTOR,), STREET_SCORE))
    return sorted([*out, *added], key=lambda s: (s.start, s.end))


def _joins_streets(span: Span, text: str, streets: list[tuple[int, int]]) -> bool:
    """Whether `span`, a name, runs over two streets or more and only lower-case words
    between them ("Peach and Barstow" read as one body): the streets stand in its place."""
    inside = [(a, b) for a, b in streets if span.start <= a and b <= span.end]
    if span.label not in ("ORGANIZATION", "NRP", "PERSON") or len(inside) < 2:
        return False
    rest, at = [], span.start
    for a, b in inside:
        rest.append(text[at:a])
        at = b
    rest.append(text[at : span.end])
    return not any(c.isupper() or c.isdigit() for c in "".join(rest))


# A street named by its number alone: "on Eighty-fourth", "northbound on 24th", "onto Fifth".
_UNITS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
_TEENS = "tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth"
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_TENTHS = "twentieth|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth"
_NUMBERED_STREET = re.compile(
    r"(?<![\w'’-])(?i:on|onto|off)[ ]+(?P<street>\d{1,3}(?:st|nd|rd|th)"
    rf"|(?i:(?:(?:{_TENS})[- ])?(?:{_UNITS})|{_TEENS}|{_TENTHS}))(?![\w'’-])"
)
# What may follow a street named by its number: a mark, the line's end, or a word that goes on
# with the place or the clause ("on Eighty-fourth no more", "on 24th and then"); a noun makes the
# ordinal a word of it ("on second watch", "on third floor").
_STREET_END = re.compile(
    r"[ \t]*(?:[,.;:!?)—-]|$)|[ ]+(?:and|or|no|by|near|at|in|to|toward|towards|then|where|when|because"
    r"|before|after|from|until|past)(?![\w'’-])",
    re.M,
)


# How far before "on" a word of `numbered_street_context` or a street named by its number may be.
_CONTEXT_REACH = 60


def label_numbered_streets(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` with a LOCATION on each street named by its ordinal alone right after "on",
    "onto" or "off" ("the house on Eighty-fourth", "northbound on 24th"), where a mark or a word of
    `_STREET_END` follows: a day of the month takes "the" ("on the fourth") or a month after it
    ("on 24th March", "on 4th of July"), and a noun after it makes it a word of that noun ("on
    second watch"). The words before it must speak of streets (`_street_context`: "drove", "the
    house"), or a street so named must come just before ("NC: On Sixty-ninth."): "I was on second,
    and he was on third" are tiers, "The hearing was on 24th" a day. A DATE span on it becomes the
    street; any other span over it is left."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    index = SpanIndex.of(spans)
    context = _street_context()
    added: list[Span] = []
    relabelled: dict[tuple[int, int], Span] = {}
    last_street = -_CONTEXT_REACH
    for match in _NUMBERED_STREET.finditer(text):
        start, end = match.span("street")
        if not _STREET_END.match(text, end):  # "on 24th March", "on 4th of July", "on second watch"
            continue
        if match.start() - last_street > _CONTEXT_REACH and not context.search(
            text, max(0, match.start() - _CONTEXT_REACH), match.start()
        ):
            continue
        last_street = end
        over = index.overlapping(start, end)
        if not over:
            added.append(Span(start, end, "LOCATION", (STREET_DETECTOR,), STREET_SCORE))
        elif len(over) == 1 and over[0].label == "DATE" and (over[0].start, over[0].end) == (start, end):
            relabelled[(start, end)] = over[0].with_(label="LOCATION")
    if not added and not relabelled:
        return spans
    out = [relabelled.get((s.start, s.end), s) for s in spans]
    return sorted([*out, *added], key=lambda s: (s.start, s.end))


@functools.cache
def _street_context() -> re.Pattern[str]:
    """Any word of place_mentions.toml's `numbered_street_context` ("drove", "corner of")."""
    words = load_table("place_mentions.toml")["numbered_street_context"]
    alternation = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’-])(?i:{alternation})(?![\w'’-])")


def relabel_streets_of_addresses(spans: list[Span], text: str, titles: frozenset[str]) -> list[Span]:
    """`spans` with each one-word PERSON, ORGANIZATION or NRP span whose word names a street of
    an address LOCATION span ("2216 Halvorsen Avenue") relabelled LOCATION; not where the
    document shows the word as a person's: in a longer PERSON span, after one of `titles`
    (lower case)."""
    named_streets = _street_name()
    streets = {
        found.group("name")
        for s in spans
        if s.label == "LOCATION"
        for found in named_streets.finditer(s.text_in(text))
    }
    if not streets:
        return spans
    for s in spans:
        covered = s.text_in(text)
        if s.label == "PERSON" and (" " in covered.strip() or _after_title(text, s.start, titles)):
            streets -= set(covered.replace(".", " ").split())
    return [
        s.with_(label="LOCATION")
        if s.label in ("PERSON", "ORGANIZATION", "NRP") and s.text_in(text) in streets
        else s
        for s in spans
    ]


_TITLE_BEFORE = re.compile(r"(?<![\w'’-])([A-Za-z]+)\.?[ ]+\Z")


def _after_title(text: str, start: int, titles: frozenset[str]) -> bool:
    before = _TITLE_BEFORE.search(text, max(0, start - 20), start)
    return before is not None and before.group(1).lower() in titles


@functools.cache
def _street_name() -> re.Pattern[str]:
    """A street's name in an address: after a house number or a compass word, one capitalised
    word before a kind of street of places.toml's `street_words` ("2216 Halvorsen Avenue", "West
    Edinger Avenue"; not "Coffee Road" alone, which may be a business's "Coffee Road Diner")."""
    kinds = load_table("places.toml")["lower_case"]["street_words"]
    alternation = "|".join(re.escape(k.capitalize()) for k in kinds)
    return re.compile(
        rf"(?:\d{{1,6}}[ ]+(?:(?:North|South|East|West|[NSEW]\.?)[ ]+)?|(?:North|South|East|West)[ ]+)"
        rf"(?P<name>[A-Z][a-z]+)[ ]+(?:{alternation})(?![\w-])"
    )
