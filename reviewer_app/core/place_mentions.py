"""A one-word "person" that the document says one is in or at: a place (issue 12).

NER reads a town, a street or a base it does not know as a person's surname ("in Jerez",
"at Vandenberg", "onto Halvorsen", ASR's "in struthers ohio"), and every other mention of
it alone ("Jerez, Zacatecas", "the stairs on the Halvorsen side") the same way. One is in
a place, not in a person: where the document writes the word right after a locative
preposition (`locative_cues`: "in", "at", "outside", "onto"...), not in the possessive ("at
Maria's"), its one-word mentions that NER alone found are the place. The word stays a name
where the document shows it as a person's elsewhere: in a longer PERSON span ("Xiomara
Merced-Whitaker"), after a title ("Mr. Merced"), on the cover (`person_names`), or where a
rule of context found it (a speaker tag, "my uncle X", a spelled name).

Three more uses say a place as plainly: moving from it, or a person being or coming from it
("we relocated from Tulare", "she is from Jalisco"; not "a letter is from Maria", "stay away
from Darnell"; the words are in `resources/patterns/place_mentions.toml`), a town set after a
name with "of" ("his sister, Graciana Ordóñez, of Gonzales, will"), and a word joined by "and"
or "or" to a place that ends the list ("to Devils Lake and Bismarck."; not "to Fresno and Tony
stayed", where "and" opens a clause whose subject is a person).

Two more readings NER misses (`relabel_places_by_residence`, `relabel_towns_by_use`): the words
right after a residence cue ("born in Rach Gia", "moved to Fargo") are a place whatever NER made of
them, a person's name or a one-word organisation; and a town of the gazetteers is a place where the
document uses it as one in a weaker way than a locative preposition says: passing through or by it
("came in through Wasco", "the rivers up by Redding"), an office or reception centre in it ("the
Oakland office", "Wasco reception"), or set after a place's or body's name with a comma
("Greater Hope Missionary Baptist Church, Willits,").

A name right after a word of direction and "by" or "past" is a place where it is a town of the
gazetteers, or a name NER read as a body, never as a person (`relabel_places_past_a_direction`:
"building pads out by Quenby"; not "sitting over by Officer Reyes", "out by Kevin").

Three more places NER reads as something else or as nothing: an unknown word NER took for a
group after a place cue (`relabel_groups_used_as_places`: "take me to Tolay"); a name before a
lower-case word for a kind of place (`label_names_before_place_words`: "on Pacheco road", "Kern
county"); and a gazetteer's place written capitalised that nothing tagged (`label_known_places_alone`:
"Centinela before that", "in the Folsom years").
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterable, Sequence

from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE, previous_word
from reviewer_app.core.language_names import language_names
from reviewer_app.core.name_rules import STRUCTURE, answers_where
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.referent_labels import is_known_group
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess
from reviewer_app.core.term_patterns import term_alternation

_WORD = re.compile(r"[\w'’-]+")
# The word right before the spaces before a span, and the same after a full stop ("Dr. Lee"); read
# backwards (`previous_word`).
_WORD_BEFORE = re.compile(r"[ ]+([\w'’]+)")
_TITLE_BEFORE = re.compile(r"[ ]+\.?([\w'’]+)")
# The two words before "from": "she is from", "relocated from", "I'm from" (the subject and the
# verb "'m" in one word).
_BEFORE_FROM = re.compile(
    r"(?<![\w'’-])(?:(?P<subject>[\w'’]+)[ ]+)?(?P<verb>[\w]+(?P<contracted>['’](?:s|m|re))?)[ ]+from[ ]+\Z"
)
# A town set after a name with a comma and "of": "Graciana Ordóñez, of Gonzales,".
_OF_A_PLACE = re.compile(r"[A-Za-z],[ ]+of[ ]+\Z")
_JOINED = re.compile(r"[ ]+(?:and|or)[ ]+\Z")


def relabel_places_by_use(
    spans: Sequence[Span],
    text: str,
    locative_cues: frozenset[str],
    towns: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with the names the document uses as places relabelled LOCATION: after a
    locative preposition, a residence cue, or a town used as a place (module docstring).
    `towns`: lower case, the gazetteers' places."""
    spans = relabel_places_by_locative_use(spans, text, locative_cues, titles, person_names)
    # the places detector's cues, from the same reading of places.toml
    residence_cues = load_table("places.toml").get("residence_cues", ())
    spans = relabel_places_by_residence(spans, text, residence_cues, titles, person_names)
    spans = relabel_places_past_a_direction(spans, text, titles, person_names, towns)
    spans = relabel_longer_places_by_use(label_places_by_kind(spans, text), text, titles, person_names)
    return relabel_towns_by_use(spans, text, towns, titles, person_names)


@functools.cache
def place_words() -> frozenset[str]:
    """places.toml's lower-case words for a kind of place: its `street_words` ("road", "avenue") and
    the one-word `place_heads` ("county", "valley")."""
    heads = load_table("places.toml").get("lower_case", {}).get("place_heads", ())
    return street_words() | {h.lower() for h in heads if " " not in h}


@functools.cache
def unit_words() -> frozenset[str]:
    """places.toml's lower-case words of a unit of an address ("unit", "apartment", "suite")."""
    lower = load_table("places.toml").get("lower_case", {})
    return frozenset(w.lower() for w in lower.get("unit_words", ()))


@functools.cache
def street_words() -> frozenset[str]:
    """places.toml's lower-case words for a kind of street ("road", "avenue", "boulevard")."""
    lower = load_table("places.toml").get("lower_case", {})
    return frozenset(w.lower() for w in lower.get("street_words", ()))


def relabel_places_by_locative_use(
    spans: Sequence[Span],
    text: str,
    locative_cues: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with each one-word PERSON that NER alone found a LOCATION where the
    document writes that word after one of `locative_cues` (lower case) and never shows it
    as a person's (module docstring). `titles`: lower case, the words that make the next
    word a name."""
    spans = list(spans)
    guesses = {s for s in spans if _is_one_word_person_guess(s, text)}
    if not guesses or not locative_cues:
        return spans
    named = {w for name in person_names for w in _words(name)}
    for span in spans:
        covered = span.text_in(text)
        if span.label == "PERSON" and (
            " " in covered.strip() or _after(text, span.start, titles, _TITLE_BEFORE) or span not in guesses
        ):
            named.update(_words(covered))
    places = [s for s in spans if s.label == "LOCATION"]
    located = {
        span.text_in(text).lower()
        for span in guesses
        if (
            _after(text, span.start, locative_cues, _WORD_BEFORE)
            or _from_a_place(span, spans, text, titles)
            or _OF_A_PLACE.search(text, max(0, span.start - 10), span.start)
            or _joined_to_a_place(span, places, text)
        )
        and not text.startswith(("'s", "’s"), span.end)  # "at Maria's"
    }
    located = {word for word in located if word not in named}
    if not located:
        return spans
    return [
        span.with_(label="LOCATION")
        if span in guesses
        and span.text_in(text).lower() in located
        and not _after(text, span.start, titles, _TITLE_BEFORE)
        else span
        for span in spans
    ]


def _from_a_place(span: Span, spans: Sequence[Span], text: str, person_words: frozenset[str]) -> bool:
    """Whether `span` follows "from" after moving, or after a person's being or coming
    (`place_mentions.toml`; `person_words`: lower case kin and title words, "my wife is from")."""
    found = _BEFORE_FROM.search(text, max(0, span.start - 40), span.start)
    if found is None:
        return False
    words = _word_lists()
    verb, subject, subject_end = found.group("verb"), found.group("subject") or "", found.end("subject")
    if found.group("contracted"):  # "I'm from", "Maria's from"
        subject_end = found.start("contracted")
        verb, subject = "is", text[found.start("verb") : subject_end]
    if verb.lower() in words["moving_from"]:
        return True
    return verb.lower() in words["being_from"] and (
        subject.lower() in words["subject_pronouns"] | person_words
        or any(s.label == "PERSON" and s.end == subject_end for s in spans)
    )


@functools.cache
def _word_lists() -> dict[str, frozenset[str]]:
    """The word lists of `place_mentions.toml`, lower case."""
    table = load_table("place_mentions.toml")
    return {key: frozenset(w.lower() for w in words) for key, words in table.items()}


def _joined_to_a_place(span: Span, places: Sequence[Span], text: str) -> bool:
    """Whether "and" or "or" joins `span` to a place right before it and `span` ends the list
    ("Devils Lake and Bismarck."; not "Fresno and Tony stayed behind")."""
    joint = _JOINED.search(text, max(0, span.start - 6), span.start)
    return (
        joint is not None
        and any(place.end == joint.start() for place in places)
        and _list_ends().match(text, span.end) is not None
    )


@functools.cache
def _list_ends() -> re.Pattern[str]:
    """What may follow the last place of a list: a mark, the line's end, or a word of
    `after_a_list_of_places` ("to Devils Lake and Bismarck in one night"); not a verb, as after a
    person who is the subject of a new clause ("to Fresno and Tony stayed behind")."""
    words = "|".join(
        re.escape(w) for w in sorted(_word_lists()["after_a_list_of_places"], key=len, reverse=True)
    )
    return re.compile(rf"[,.;:!?)\"”]|[ \t]*$|[ ]+(?:{words})(?![\w'’-])", re.M)


def relabel_places_by_residence(
    spans: Sequence[Span],
    text: str,
    residence_cues: Iterable[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with each PERSON that NER alone found right after one of `residence_cues` ("born
    in", "moved to"; places.toml) a LOCATION, with that name's other mentions NER alone read as a
    person, and so each one-word organisation NER alone found there ("moved to Fargo"); a name the
    document shows as a person's elsewhere (a longer or other PERSON span, a title, the cover)
    stays a person's (module docstring)."""
    after_cue = _after_phrase_pattern(tuple(residence_cues))
    if after_cue is None:
        return list(spans)

    def after_a_residence_cue(span: Span) -> bool:
        return (span.label == "PERSON" or " " not in span.text_in(text).strip()) and after_cue.search(
            text, max(0, span.start - 40), span.start
        ) is not None

    return _relabel_names_used_as_places(spans, text, after_a_residence_cue, titles, person_names)


def relabel_places_past_a_direction(
    spans: Sequence[Span],
    text: str,
    titles: frozenset[str],
    person_names: Iterable[str] = (),
    towns: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with each name NER alone found right after a word of direction and "by" or "past"
    (`through_a_town` of place_mentions.toml with two words: "the rivers up by Redding", "building
    pads out by Quenby") a LOCATION where it is a place: a town of `towns` (lower case, the
    gazetteers'), a name before a word for a kind of place ("out by Pacheco road"), or a name NER
    read as a body, not a person, that no PERSON span elsewhere has; its other mentions follow,
    unless the document shows its words as a person's (`_relabel_names_used_as_places`). One sits
    "over by Officer Reyes", "out by Kevin": a name after a title or with one, or one NER read as a
    person, stays a person's. Speech recognition's lower-case names are taken at that mention only,
    and only a town of `towns` ("out by lodi"; not "over by maria")."""
    direction = _after_phrase_pattern(tuple(p for p in _word_lists()["through_a_town"] if " " in p))
    if direction is None:
        return list(spans)
    persons = {s.text_in(text).lower() for s in spans if s.label == "PERSON"}

    def past_a_direction(span: Span) -> bool:
        return direction.search(text, max(0, span.start - 20), span.start) is not None

    def a_place_past_a_direction(span: Span) -> bool:
        covered = span.text_in(text)
        if not past_a_direction(span) or covered.split()[0].lower().rstrip(".") in titles:
            return False
        if _after(text, span.start, titles, _TITLE_BEFORE):
            return False
        return (
            covered.lower() in towns
            or _next_word(text, span.end).lower() in place_words()
            or (span.label == "ORGANIZATION" and covered.lower() not in persons)
        )

    spans = _relabel_names_used_as_places(spans, text, a_place_past_a_direction, titles, person_names)
    return [
        span.with_(label="LOCATION")
        if span.label in ("PERSON", "ORGANIZATION")
        and _found_by_ner(span)
        and span.text_in(text).islower()
        and span.text_in(text) in towns
        and past_a_direction(span)
        else span
        for span in spans
    ]


def relabel_longer_places_by_use(
    spans: Sequence[Span],
    text: str,
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with each PERSON of two or three words that NER alone found a LOCATION where the
    document sets it as a place (after one of `place_mentions.toml`'s `in_a_longer_place`: "from
    a village, Kang Sahbu", "near Dera Baba") or where it alone answers a "where" question ("Where did
    you grow up?" / "Lemon Hill, in south Sacramento."), with its other mentions, unless its
    words are a person's elsewhere or a mention of it acts or is described as a person
    (`_acts_as_a_person`: "Maria Lopez saw everything", "Tony Alvarez, my friend,"). One word after
    "in" is `relabel_places_by_locative_use`'s."""
    in_a_place = _after_phrase_pattern(tuple(_word_lists()["in_a_longer_place"]))
    persons = {
        s.text_in(text).lower() for s in spans if s.label == "PERSON" and _acts_as_a_person(text, s.end)
    }

    def used_as_place(span: Span) -> bool:
        covered = span.text_in(text)
        if span.label != "PERSON" or " " not in covered.strip() or covered.lower() in persons:
            return False
        if in_a_place is not None and in_a_place.search(text, max(0, span.start - 20), span.start):
            return True
        return answers_where(text, span.start) and _AFTER_A_LISTED_TOWN.match(text, span.end) is not None

    return _relabel_names_used_as_places(spans, text, used_as_place, titles, person_names)


def _acts_as_a_person(text: str, end: int) -> bool:
    """Whether a name ending at `end` is followed by one of `person_verbs` or by an apposition
    of `person_nouns` (place_mentions.toml): "Maria Lopez saw", "Tony Alvarez, my friend"."""
    return _person_after().match(text, end) is not None


@functools.cache
def _person_after() -> re.Pattern[str]:
    """What follows a person's name right after it: a verb of `person_verbs`, ", my friend"."""
    lists = _word_lists()
    verbs = "|".join(re.escape(w) for w in sorted(lists["person_verbs"]))
    nouns = "|".join(re.escape(w) for w in sorted(lists["person_nouns"]))
    return re.compile(
        rf"(?:[ ]+(?i:{verbs})|,[ ]+(?i:my|his|her|our|their|your|a|an)[ ]+(?:[a-z]+[ ]+)?(?i:{nouns}))"
        r"(?![\w'’-])"
    )


def _relabel_names_used_as_places(
    spans: Sequence[Span],
    text: str,
    used_as_place: Callable[[Span], bool],
    titles: frozenset[str],
    person_names: Iterable[str],
) -> list[Span]:
    """`spans` with each name NER alone found that `used_as_place` says is a place, and that
    name's other mentions NER alone found, a LOCATION, unless a word of it is a person's
    elsewhere: on the cover, in another PERSON span, after a title."""
    spans = list(spans)
    located = {
        span.text_in(text).lower()
        for span in spans
        if _is_ner_name(span, text) and used_as_place(span) and not text.startswith(("'s", "’s"), span.end)
    }
    if not located:
        return spans
    named = _person_words(
        spans,
        text,
        titles,
        person_names,
        lambda span: span.text_in(text).lower() in located and _is_ner_name(span, text),
    )
    located = {name for name in located if not _words(name) & named}
    return [
        span.with_(label="LOCATION")
        if span.label in ("PERSON", "ORGANIZATION")
        and _is_ner_name(span, text)
        and span.text_in(text).lower() in located
        else span
        for span in spans
    ]


def label_places_by_kind(spans: Sequence[Span], text: str) -> list[Span]:
    """`spans` with each PERSON that NER alone found right after a word of
    `place_mentions.toml`'s `place_kinds` ("Camp Erwin Owen", ASR's "camp owen") a LOCATION
    that takes the word in: a juvenile camp or a fort named after a person is a place."""
    before = _after_phrase_pattern(tuple(_word_lists()["place_kinds"]))
    if before is None:
        return list(spans)
    out = []
    for span in spans:
        if span.label == "PERSON" and _found_by_ner(span):
            kind = before.search(text, max(0, span.start - 12), span.start)
            if kind is not None:
                span = span.with_(start=kind.start(), label="LOCATION")
        out.append(span)
    return out


def _found_by_ner(span: Span) -> bool:
    return is_ner_guess(span) and STRUCTURE not in span.detectors


def relabel_towns_by_use(
    spans: Sequence[Span],
    text: str,
    towns: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with each one-word PERSON that NER alone found and that is a town of `towns`
    (lower case) a LOCATION at every mention where one of them uses it as a place
    (`place_mentions.toml`'s `through_a_town` and `town_heads`, or a comma after a place's or
    body's name: module docstring) and the document never shows it as a person's."""
    spans = sorted(spans)
    words = _word_lists()
    through = _after_phrase_pattern(tuple(words["through_a_town"]))
    heads = words["town_heads"]
    candidates = [
        i
        for i, s in enumerate(spans)
        if _is_one_word_person_guess(s, text) and s.text_in(text).lower() in towns
    ]
    if not candidates:
        return spans
    located = set()
    for i in candidates:
        span = spans[i]
        previous = spans[i - 1] if i > 0 else None
        if (
            (through is not None and through.search(text, max(0, span.start - 30), span.start))
            or _next_word(text, span.end) in heads
            or (
                previous is not None
                and previous.label in ("LOCATION", "ORGANIZATION")
                and text[previous.end : span.start] == ", "
                and _AFTER_A_LISTED_TOWN.match(text, span.end) is not None
            )
        ):
            located.add(span.text_in(text).lower())
    located -= _person_words(
        spans,
        text,
        titles,
        person_names,
        lambda span: " " not in span.text_in(text).strip() and _is_one_word_person_guess(span, text),
    )
    return [
        s.with_(label="LOCATION")
        if _is_one_word_person_guess(s, text) and s.text_in(text).lower() in located
        else s
        for s in spans
    ]


# A "person" with a digit is an address another rule took for one ("2290 82nd Avenue, East
# Oakland"), no evidence that its words are a name.
_HAS_DIGIT = re.compile(r"\d")
# What may follow a town set after a name with a comma: a mark or the line's end.
_AFTER_A_LISTED_TOWN = re.compile(r"[,.;:)]|[ \t]*$", re.M)
_NEXT_WORD = re.compile(r"[ ]+([\w'’]+)")


def _next_word(text: str, end: int) -> str:
    found = _NEXT_WORD.match(text, end)
    return found.group(1).lower() if found else ""


def _person_words(
    spans: Sequence[Span],
    text: str,
    titles: frozenset[str],
    person_names: Iterable[str],
    in_question: Callable[[Span], bool],
) -> set[str]:
    """The lower-case words the document shows as a person's: on the cover, after a title, or
    in a PERSON span (none with a digit) that is not itself `in_question` (a guess the caller
    may relabel)."""
    named = {w for name in person_names for w in _words(name)}
    for span in spans:
        covered = span.text_in(text)
        if (
            span.label == "PERSON"
            and not _HAS_DIGIT.search(covered)
            and (not in_question(span) or _after(text, span.start, titles, _TITLE_BEFORE))
        ):
            named.update(_words(covered))
    return named


@functools.cache
def _after_phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern for one of `phrases` (any case) and spaces right before a position (searched
    up to it)."""
    if not phrases:
        return None
    words = "|".join(re.escape(p).replace(r"\ ", "[ ]+") for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’-])(?i:{words})[ ]+\Z")


def _is_ner_name(span: Span, text: str) -> bool:
    """A PERSON or ORGANIZATION span NER alone found, of capitalised words."""
    covered = span.text_in(text)
    return (
        span.label in ("PERSON", "ORGANIZATION")
        and is_ner_guess(span)
        and STRUCTURE not in span.detectors
        and covered[:1].isupper()
        and len(covered.split()) <= 3
    )


def _is_one_word_person_guess(span: Span, text: str) -> bool:
    covered = span.text_in(text)
    return (
        span.label == "PERSON"
        and is_ner_guess(span)
        and _WORD.fullmatch(covered) is not None
        and "-" not in covered
    )


def _after(text: str, start: int, words: frozenset[str], backwards: re.Pattern[str]) -> bool:
    before = previous_word(text, start, backwards, 30)
    return bool(before) and before.lower() in words


def _words(name: str) -> set[str]:
    """The lower-case words of a name and the parts of a hyphenated one."""
    words = set(_WORD.findall(name.lower()))
    return words | {part for word in words for part in word.split("-") if part}


def relabel_groups_used_as_places(
    spans: Sequence[Span],
    text: str,
    place_cues: frozenset[str],
    known_groups: frozenset[str],
    known_places: frozenset[str],
) -> list[Span]:
    """`spans` with each group (NRP) NER alone found that is no group of the gazetteers nor a
    language and that follows one of `place_cues` (lower case: "take me to Tolay", "She is from
    Jalisco", "towed us to Pulau") a LOCATION: NER reads an unknown place as a people's name
    there; a known group after the cue stays one ("the rights of Oromo", "married to a Mexican")."""
    return [
        span.with_(label="LOCATION")
        if span.label == "NRP"
        and _found_by_ner(span)
        and not is_known_group(span.text_in(text), known_groups, known_places)
        and span.text_in(text).lower() not in language_names()
        and _after(text, span.start, place_cues, _WORD_BEFORE)
        else span
        for span in spans
    ]


_LOWER_WORD_AFTER = re.compile(r"[ ](?P<word>[a-z]+)(?![\w'’-])")
_STREET_CUE_BEFORE = re.compile(r"(?<![\w'’-])(?:on|off|at)[ ]+\Z")


def label_names_before_place_words(
    spans: Sequence[Span], text: str, place_words: frozenset[str]
) -> list[Span]:
    """`spans` with each name NER alone found, of one or two capitalised words, right before a
    lower-case word for a kind of place (`place_words`, lower case: a street's or a county's, "At a
    party on Pacheco road", "Kern county asks for", "when I was at Kern valley") a LOCATION that
    takes the word in (a place already, its whole name), as speech recognition writes names with
    capitals and the words after them without. A person's name only after "on", "off" or "at" ("I
    let Tony drive" is no street)."""
    out = []
    for span in spans:
        words = span.text_in(text).split()
        after = _LOWER_WORD_AFTER.match(text, span.end)
        if (
            after is not None
            and after.group("word") in place_words
            and span.label in ("PERSON", "ORGANIZATION", "NRP", "LOCATION")
            and _found_by_ner(span)
            and 1 <= len(words) <= 2
            and all(w[:1].isupper() and not w.isupper() for w in words)
            and (
                span.label != "PERSON" or _STREET_CUE_BEFORE.search(text, max(0, span.start - 5), span.start)
            )
        ):
            span = span.with_(end=after.end("word"), label="LOCATION")
        out.append(span)
    return out


# A word written capitalised or in capitals right before a place's name ("San" of "San Jose",
# "Mr." of "Mr. Davis", "OF" of "STATE OF CALIFORNIA"): the name is part of a longer one.
_CAPITALISED_BEFORE = re.compile(r"(?<![\w'’.-])(?P<word>[A-Z][\w'’-]*\.?)[ ]+\Z")
_CAPITALISED_AFTER = re.compile(r"[ ]+[A-Z]")
# What may follow a known place's name that opens a sentence: a mark or a number, as a place said
# on its own does ("Lodi, nine five two four zero", "RIVERSIDE. RIVERSIDE COUNTY", "STOCKTON 2
# PAROLE UNIT"); not a word ("Weed at twelve", a town's name that is also a word).
_FRAGMENT_END = re.compile(r"[,.;:?!)]|[ \t]*$|[ ]+\d", re.M)
_COMPASS = frozenset({"north", "south", "east", "west"})


def label_known_places_alone(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with a LOCATION on each mention of a gazetteer's place (`known_places`, lower case,
    four letters or more) written capitalised that no span covers and that NER read as nothing:
    "Centinela before that", "in the Folsom years", "Not the Shafter court". Not where it is a
    part of a longer capitalised name (a capitalised word right before or after it, a compass word
    aside: "East Oakland"), where the document shows its word as a person's (a PERSON span, a
    title, the cover) or writes it in lower case ("weed"), and, where it opens a sentence, only
    as a place said on its own (`_FRAGMENT_END`)."""
    spans = sorted(spans)
    pattern = _known_places_pattern(known_places)
    if pattern is None:
        return spans
    named = _person_words(spans, text, titles, person_names, lambda span: False)
    lower = {w for w in _WORD.findall(text) if w.islower()}
    starts = [s.start for s in spans]
    added = []
    for match in pattern.finditer(text):
        start, end = match.span()
        words = match.group().split()
        if not all(w[0].isupper() for w in words) or _words(match.group()) & (named | lower):
            continue
        before = _CAPITALISED_BEFORE.search(text, max(0, start - 20), start)
        if before is not None:
            if before.group("word").lower() not in _COMPASS:
                continue
            start = before.start("word")
        if _CAPITALISED_AFTER.match(text, end) or text.startswith(("'s", "’s"), end):
            continue
        if _opens_sentence(text, start) and _FRAGMENT_END.match(text, end) is None:
            continue
        i = bisect.bisect_left(starts, end)
        if any(s.start < end and start < s.end for s in spans[max(0, i - 3) : i]):
            continue
        added.append(Span(start, end, "LOCATION", (CONTEXT,), CONTEXT_SCORE))
    return sorted([*spans, *added])


@functools.lru_cache(maxsize=4)
def _known_places_pattern(known_places: frozenset[str]) -> re.Pattern[str] | None:
    """The gazetteer's places of four letters or more as whole words, case ignored, a space one
    space; made once (a tree of their beginnings: the flat alternation of ~950 names tried at every
    word was the most costly scan of the merge)."""
    names = [n for n in known_places if len(n) >= 4]
    if not names:
        return None
    alternation = term_alternation(names, re.IGNORECASE, space="[ ]")
    return re.compile(r"(?<![\w'’-])(?i:" + alternation + r")(?![\w'’-])")


def _opens_sentence(text: str, start: int) -> bool:
    """Whether `start` is a line's first word or follows a sentence's end, a colon or a dash."""
    prefix = text[text.rfind("\n", 0, start) + 1 : start]
    return _SENTENCE_START.search(prefix) is not None


_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"“(]|--)[ \t]*\Z")
