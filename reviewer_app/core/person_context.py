"""Persons that the sentence's own relations show, where NER read a place or a firm (issue 12).

Called by `merge.merge_spans` before a person known in one mention is propagated to the
others (`name_propagation.relabel_known_persons`), so that "who is Chato to you now?" is a
person once "Beto, "Chato"" showed the nickname:

- `relabel_nicknames`: a nickname set after a first name with a comma ("a fella named
  Ignacio, Nacho, on a Sunday", "That's what we called her. Bernice, Niecy."), in
  quotes after a name and a comma (`an older one, Beto, "Chato", gave me the gun`) or
  before who it is ("with Tre, that's Trevon Meadows"): NER reads such a lone word as a
  town or a firm, or misses it.
- `nicknames_after_cues`: a name right after a word for a nickname (`nickname_cues`:
  "they have a moniker for you t bone", "his nickname was Spider") or said to be one's
  name somewhere ("My name in the Lotus was Dub").
- `relabel_related_persons`: a name right after a word only a person follows ("he'd
  just gotten engaged to Lissette", "I married Tamsin"); the words are data
  (`resources/patterns/person_context.toml`).
- `restore_introduced_names`: a name the sentence introduces as one ("somebody who went
  by Dutch", `name_rules.introduced_names`) that a people's word made a group stays a person.
- `kin_named_persons`: the names a relative's word introduces, alone or in a list ("my
  daughter Hawi turned six", "my brothers Efrain, Nestor and Ulises"), and a name said to
  be a relative or a relative said to be a name ("Summer is my cousin", "Your son is
  Jamarion?"): NER misses a first name it does not know.
- `names_resumed_by_pronoun`: a one-word name set off between a comma (or "that's") and a
  comma, then taken up by "he" or "she" as the subject of what follows ("one great-grand,
  Zion, he's three", "my niece Alyssa, that's Lyssie, she's sixteen"): a place set off so is
  taken up by "it", and one after "in" or "at" ("lives up in Visalia, she's a hygienist")
  never stands so.
- `titled_names_across_lines`: a name whose courtesy title ends the line before, in a
  transcript with numbered lines ("... assessment, Dr.\n 18   Priyanka Venkataraman,
  dated"), where NER sees a number between the two and finds nothing.
- `persons_before_identifiers`: a name of two words or more right before a number only a
  person holds, an inmate's CDCR number or a court reporter's licence ("Hearing of
  ARCHIBALD EZEKWE, CDCR No. AH3307", "ALMA TREVIÑO-KRAUSE, CSR No. 12957", "in the matter
  of dominic thibodeaux p k three seven six nine"), where NER read a firm (the words of
  the hearing's title taken in) or a place.

Only NER's guesses change label: a span a rule of context found, a known place and a
word after a place cue ("in", "from") stay what they are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import _names_are_capitalised as names_are_capitalised
from reviewer_app.core.defined_acronyms import holds_an_organisation_head
from reviewer_app.core.line_numbers import blank_line_numbers
from reviewer_app.core.name_rules import (
    CUE_SCORE,
    PRONOUNS,
    STRUCTURE,
    STRUCTURE_SCORE,
    after_word,
    introduced_names,
)
from reviewer_app.core.person_words import person_words
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess, is_plural_word
from reviewer_app.core.spoken_numbers import number_words

if TYPE_CHECKING:
    from reviewer_app.core.merge import MergeRules

_GUESSED_LABELS = ("LOCATION", "ORGANIZATION", "NRP")
# The words that make a title an office, not a name: "the Sergeant", "my Counselor".
_OFFICE_OPENERS = frozenset({"the", "a", "an", "my", "your", "his", "her", "our", "their", "that", "this"})
# One capitalised word of a name, not an acronym: "Niecy", "O'Hara", "McNally", "Mary-Kate".
_WORD = r"(?:Mc|Mac|[A-Z]['’])?[A-Z][a-zà-ÿ]+(?:(?:['’][A-Z]|-[A-Z]?)[a-zà-ÿ]+)*"
_ONE_WORD = re.compile(_WORD)
# An apposition ends at punctuation, a closing quote or the line's end.
_APPOSITION_ENDS = re.compile(r"[,.;:!?\"”)]|[ \t]*$", re.M)
# A name, a comma and a nickname in double quotes: `Beto, "Chato",`, `Lupe, “Flaca.”`.
_QUOTED_NICKNAME = re.compile(rf"(?<![\w'’-])(?P<name>{_WORD}),[ ]+[\"“](?P<nick>{_WORD})[,.]?[\"”]")
# A nickname, then who it is: "with Tre, that’s Trevon Meadows", "Sonny -- that’s Ellis Bragg".
# (Read with the line numbers blanked, so the name may open the next numbered line or page.)
_NICKNAME_THEN_WHO = re.compile(rf"(?<![\w'’-])(?P<nick>{_WORD})(?:,|[ ]+--)[ ]+that(?:['’]s|[ ]is)\s+")
# A nickname, then who it is between commas: "Tiny, Darius Mott, gave it to me".
_NICKNAME_BEFORE_NAME = re.compile(rf"(?<![\w'’-])(?P<nick>{_WORD}),[ ]+")
_NAME = rf"{_WORD}(?:[ ]{_WORD}){{0,2}}"
# A word set off after a comma or "that's" and taken up by "he" or "she" as the subject of what
# follows: ", Zion, he's three", "that's Lyssie, she's sixteen", ", Odessa, she was".
_RESUMED_BY_PRONOUN = re.compile(
    rf"(?:,|(?<![\w'’-])that['’]s)[ ]+(?P<name>{_WORD}),[ ]+"
    r"(?:he|she)(?:['’](?:s|ll|d)|[ ]+(?:is|was))(?![\w'’-])"
)
_OWNER = r"(?:[Mm]y|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir|[Yy]our|[A-Z][a-z]+['’]s)"
# An owner, a kin word, and a name or a list of names: "my brothers Efrain, Nestor and Ulises".
_KIN_THEN_NAMES = re.compile(
    rf"(?<![\w'’-]){_OWNER}[ ]+(?P<kin>[a-z][a-z-]+)(?:,[ ]+|[ ]+)"
    rf"(?P<names>{_NAME}(?:(?:,[ ]+|,?[ ]+and[ ]+){_NAME})*)(?![\w'’-])"
)
_LIST_ITEM = re.compile(_NAME)
# A courtesy title written short ends the line, and the next line (after its number, if
# any) opens with the name: a title's full stop never ends a sentence.
_TITLE_AT_LINE_END = re.compile(
    r"(?<![\w'’-])(?:Dr|Mr|Mrs|Ms|Mx)\.[ \t]*\n[ \t]*(?:\d{1,2}[ \t]+)?"
    rf"(?P<name>{_WORD}(?:[ ]{_WORD}){{0,2}})(?![\w-]|['’](?!s\b))"
)


def relation_cues() -> tuple[str, ...]:
    """The words after which only a person's name can follow (`relation_cues`), lower case."""
    return tuple(sorted(person_words("relation_cues")))


@functools.cache
def _words(key: str) -> str:
    """The alternation of the `person_context.toml` list `key`, longest first."""
    return "|".join(re.escape(w) for w in sorted(person_words(key), key=len, reverse=True))


@functools.cache
def _kin_names_end() -> re.Pattern[str]:
    """What may follow the names a kin word introduces: a mark, a possessive, the line's end, or
    a word a name is the subject of, listed or a verb in the past or the present ("my daughter
    Hawi turned six", "my son Naol lives with"); not a common word written with a capital ("my
    aunt Said nothing")."""
    words = _words("after_kin_names")
    verb = r"[a-z]+(?:ed|s)"
    return re.compile(rf"[,.;:!?)'’\"”]|[ ]+(?:{words}|{verb})(?![\w'’-])|[ \t]*$", re.M)


@functools.cache
def _name_is_kin() -> re.Pattern[str]:
    """A name said to be a relative: "Summer is my cousin", "Nestor's my little brother"."""
    return re.compile(
        rf"(?<![\w'’-])(?P<name>{_NAME})(?:[ ]+(?:is|was)[ ]+|['’]s[ ]+)(?:my|his|her|our|their|your)[ ]+"
        rf"(?:(?:{_words('kin_adjectives')})[ ]+)?(?P<kin>[a-z][a-z-]+)(?![\w'’-])"
    )


@functools.cache
def _kin_is_name() -> re.Pattern[str]:
    """A relative said to be a name that ends the clause: "Your son is Jamarion?", "my
    sponsor was Hollis."."""
    return re.compile(
        rf"(?<![\w'’-]){_OWNER}[ ]+(?:(?:{_words('kin_adjectives')})[ ]+)?(?P<kin>[a-z][a-z-]+)"
        rf"[ ]+(?:is|was)[ ]+(?P<name>{_NAME})(?=[.,;:!?]|[ \t]*$)",
        re.M,
    )


@functools.cache
def _relation_pattern(cues: tuple[str, ...]) -> re.Pattern[str]:
    alternation = "|".join(
        re.escape(cue).replace(r"\ ", "[ ]+") for cue in sorted(cues, key=len, reverse=True)
    )
    return re.compile(rf"(?<![\w'’-])(?i:{alternation})[ ]+(?P<name>{_WORD}(?:[ ]{_WORD}){{0,2}})(?![\w'’-])")


def persons_by_relation(
    spans: Sequence[Span], text: str, rules: MergeRules, not_names: frozenset[str]
) -> list[Span]:
    """The rules of the module docstring, with the merge's `rules` (known places, place
    cues, kin words) and `not_names` (lower case)."""
    places = rules.known_places
    spans = restore_introduced_names(spans, text, not_names)
    # A sentence adverb is no nickname: "Honestly, Maria Lopez, I don't know."
    adverbs = frozenset(w.lower() for w in rules.organisation_cues.get("sentence_adverbs", ()))
    spans = relabel_nicknames(spans, text, places, not_names | adverbs, rules.place_cues, rules.titles)
    spans = nicknames_after_cues(spans, text, places, not_names | rules.clause_words)
    spans = relabel_related_persons(spans, text, places, not_names, rules.organisation_heads)
    spans = kin_named_persons(spans, text, rules.person_cues, places, not_names)
    place_heads = {h.split()[-1].lower() for h in rules.head_words.get("LOCATION", ())}
    no_name = not_names | rules.organisation_heads | place_heads | rules.clause_words | number_words()
    spans = persons_before_identifiers(spans, text, places, no_name, rules.locative_cues)
    spans = names_resumed_by_pronoun(spans, text, places, not_names)
    return titled_names_across_lines(spans, text, not_names)


def names_resumed_by_pronoun(
    spans: Sequence[Span], text: str, known_places: frozenset[str], not_names: frozenset[str]
) -> list[Span]:
    """`spans` with each name of `_RESUMED_BY_PRONOUN` a PERSON: the NER guess of exactly
    the word relabelled, or a new span where none covers it. No word of `known_places` or
    `not_names` (lower case: "Yes, he's", "Commissioner, he's"), none the document writes in
    lower case."""
    lowercase = lowercase_words(text)
    out = list(spans)
    for match in _RESUMED_BY_PRONOUN.finditer(text):
        name = match.group("name")
        if _may_be_person(name, known_places, not_names) and name.lower() not in lowercase:
            out = _as_person(out, *match.span("name"))
    return sorted(out, key=lambda s: (s.start, s.end))


def kin_named_persons(
    spans: Sequence[Span],
    text: str,
    kin_words: frozenset[str],
    known_places: frozenset[str],
    not_names: frozenset[str],
) -> list[Span]:
    """`spans` with the names a kin word (`kin_words`, lower case, or its plural) introduces
    after an owner ("my", "his", "Maria's"), each name of a list up to the first that is
    none, and a name said to be one's relative, PERSON: an NER guess of exactly the name
    changes label, and a name no span covers becomes one. No name with a word of
    `known_places`, `not_names`, a pronoun ("She is my sister") or a word the document
    writes in lower case (unless capitalised right after the kin word in a text that
    capitalises names: "my cousin Faith"); the names end where a name can (`_kin_names_end`). A relative said
    to be a name (`_kin_is_name`) takes no group's name ("my brother is Catholic") nor a
    plural ("My brother was Crips": a gang's members)."""
    lowercase = lowercase_words(text)
    # Right after "my cousin" a capital is the name's own where the text capitalises names, also
    # on a word it writes in lower case elsewhere ("my cousin Faith said" beside "real faith").
    capital_is_a_name = names_are_capitalised(text)

    def is_kin(word: str) -> bool:
        return word in kin_words or (word.endswith("s") and word[:-1] in kin_words)

    def is_name(name: str, capitalised_by_its_place: bool = False) -> bool:
        return all(
            _may_be_person(w, known_places, not_names | PRONOUNS)
            and (capitalised_by_its_place or w.lower() not in lowercase)
            for w in name.split()
        )

    out = list(spans)
    for match in _KIN_THEN_NAMES.finditer(text):
        if not is_kin(match.group("kin")) or not _kin_names_end().match(text, match.end()):
            continue
        offset = match.start("names")
        for item in _LIST_ITEM.finditer(match.group("names")):
            if not is_name(item.group(), capital_is_a_name):
                break
            out = _as_person(out, offset + item.start(), offset + item.end())
    for match in _name_is_kin().finditer(text):
        if is_kin(match.group("kin")) and is_name(match.group("name")):
            out = _as_person(out, *match.span("name"))
    for match in _kin_is_name().finditer(text):
        name = match.group("name")
        if is_kin(match.group("kin")) and is_name(name) and not is_plural_word(name.split()[-1]):
            out = _as_person(out, *match.span("name"), group_to_person=False)
    return sorted(out, key=lambda s: (s.start, s.end))


def restore_introduced_names(spans: Sequence[Span], text: str, not_names: frozenset[str]) -> list[Span]:
    """`spans` with each NRP of exactly a name the sentence introduces as one
    (`name_rules.introduced_names`) a PERSON again: the merge read "Dutch" of "who went by
    Dutch" as a people's name, but one goes by a name."""
    introduced: set[tuple[int, int]] = set()
    lines_read: set[int] = set()
    for span in spans:
        if span.label != "NRP":
            continue
        # The line of the span only: reading the whole text again would cost a pass.
        start = text.rfind("\n", 0, span.start) + 1
        if start not in lines_read:
            lines_read.add(start)
            end = text.find("\n", span.end)
            line = text[start : len(text) if end < 0 else end]
            introduced.update((start + s.start, start + s.end) for s in introduced_names(line, not_names))
    return [
        s.with_(label="PERSON", score=max(s.score, CUE_SCORE))
        if s.label == "NRP" and (s.start, s.end) in introduced
        else s
        for s in spans
    ]


def titled_names_across_lines(spans: Sequence[Span], text: str, not_names: frozenset[str]) -> list[Span]:
    """`spans` with the name after a courtesy title that ends the line before
    (`_TITLE_AT_LINE_END`) a PERSON, where no span overlaps it or an NER guess covers
    exactly it; none with a word of `not_names` (lower case)."""
    out = list(spans)
    for match in _TITLE_AT_LINE_END.finditer(text):
        if not any(w.lower() in not_names for w in match.group("name").split()):
            out = _as_person(out, *match.span("name"))
    return sorted(out, key=lambda s: (s.start, s.end))


def persons_before_identifiers(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    not_names: frozenset[str],
    locative_cues: frozenset[str],
) -> list[Span]:
    """`spans` with the name right before a CDCR_ID, or an ID_NUMBER its cue shows a
    person's (`person_id_cues`: "CSR No. 12957"), a PERSON (`_name_before_id`): its words
    after the last of `not_names`, `known_places`, the cues (lower case: "of", "Inmate") or, in a text
    that capitalises names, after the last in lower case; two to four. NER guesses inside
    the name go, and one holding it from the left ends before it ("Parole Rescission Hearing
    of ARCHIBALD EZEKWE" -> "Parole Rescission Hearing"); any other span over it keeps the
    words as they are. No name that holds a known place of several words ("San Quentin")
    or follows one of `locative_cues` ("housed at Mule Creek, CDCR number ..."): one is
    housed there, the number is the inmate's."""
    cased = names_are_capitalised(text)
    cues = person_words("person_id_cues")
    before_id = _name_before_id(tuple(sorted(cues)))
    # The number's own name is no name's word: "CDCR Number" of "... ) CDCR Number T48823".
    not_names = not_names | cues | {"no", "number"}
    out = sorted(spans, key=lambda s: (s.start, s.end))
    for number in [s for s in out if s.label in ("CDCR_ID", "ID_NUMBER")]:
        before = before_id.search(text, max(0, number.start - 90), number.start)
        if before is None or (number.label == "ID_NUMBER" and not before.group("cue")):
            continue
        words = list(re.finditer(r"\S+", before.group("name")))
        no_name = not_names | known_places | PRONOUNS | locative_cues
        for k in range(len(words) - 1, -1, -1):
            word = words[k].group()
            if word.lower().rstrip(".,") in no_name or (cased and word[0].islower()):
                words = words[k + 1 :]
                break
        if len(words) < 2 or _holds_known_place([w.group() for w in words], known_places):
            continue
        start, end = before.start("name") + words[0].start(), before.end("name")
        if after_word(text, start, locative_cues):
            continue
        overlapping = [s for s in out if s.start < end and start < s.end]
        if not all(_is_guess(s) and s.end <= end for s in overlapping):
            continue
        # A guess holding the name keeps its words before it: "Parole Rescission Hearing" of
        # "... Hearing of ARCHIBALD EZEKWE" names the hearing.
        kept = [
            s.with_(end=s.start + len(_JOINING_WORDS_AT_END.sub("", text[s.start : start])))
            for s in overlapping
            if s.start < start and _JOINING_WORDS_AT_END.sub("", text[s.start : start])
        ]
        out = [s for s in out if s not in overlapping] + kept
        out.append(Span(start, end, "PERSON", (STRUCTURE,), STRUCTURE_SCORE))
        out.sort(key=lambda s: (s.start, s.end))
    return out


def _holds_known_place(words: Sequence[str], known_places: frozenset[str]) -> bool:
    """Whether two or more of `words` in a row are a known place (lower case): "San
    Quentin"; the words one by one are checked where the name is cut."""
    bare = [w.lower().rstrip(".,") for w in words]
    return any(
        " ".join(bare[i:j]) in known_places for i in range(len(bare)) for j in range(i + 2, len(bare) + 1)
    )


# What joins a name to the words before it: "Hearing of", "the hearing for".
_JOINING_WORDS_AT_END = re.compile(r"(?:[ ,]+(?i:of|for|the|and|re))*[ ,:]*\Z")


@functools.cache
def _name_before_id(cues: tuple[str, ...]) -> re.Pattern[str]:
    """Up to four words of a name and, between them and the number that follows, a comma or
    spaces and the number's name, one of `cues` ("CDCR No.", "CSR No.", "cdcr number"; over a
    line break and its line number)."""
    word = r"(?:[^\W\d_]\.|[^\W\d_][^\W\d_'’-]*(?:['’-][^\W\d_]+)*)"
    gap = r"(?:[ \t]*\n[ \t]*(?:\d{1,2}[ \t]+)?|[ \t]+)"
    cue = "|".join(re.escape(c) for c in cues)
    return re.compile(
        rf"(?<![\w'’-])(?P<name>{word}(?:[ ]{word}){{1,3}})(?:,{gap}?|{gap})"
        rf"(?:(?P<cue>(?i:{cue})){gap}?(?:(?:No\.|NO\.|[Nn]umber|NUMBER|\#){gap}?)?)?\Z"
    )


def _is_guess(span: Span) -> bool:
    return span.label in _GUESSED_LABELS and is_ner_guess(span)


def _may_be_person(word: str, known_places: frozenset[str], not_names: frozenset[str]) -> bool:
    return word.lower() not in known_places and word.lower() not in not_names


def relabel_nicknames(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    not_names: frozenset[str],
    place_cues: frozenset[str],
    titles: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with the nicknames of the module docstring PERSON: a one-word NER guess
    right after a one-word PERSON and a comma, that ends the apposition; a name and the
    nickname in quotes after it, each an NER guess or no span (then a new PERSON); a
    word set before "that's" and a PERSON span (`_NICKNAME_THEN_WHO`, also where the span
    opens the next numbered line or page; not a speaker's tag), likewise; and a word set
    before a full name between commas (`_NICKNAME_BEFORE_NAME`) that the document never
    writes in lower case ("Tiny, Darius Mott, gave"; not "Honestly, Maria Lopez, ..."). No
    word of `known_places` or `not_names` (lower case), none after a `place_cues` word. A
    title set before who it is names him ("with Deacon -- that's Lonnie Birdsong"), unless
    a determiner makes it an office ("the Sergeant, that's Sergeant Mills") or the name
    repeats it; `titles` (lower case) are exempt from `not_names` there."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    out = list(spans)
    for i in range(1, len(spans)):
        previous, span = spans[i - 1], spans[i]
        covered = span.text_in(text)
        if (
            previous.label == "PERSON"
            and _ONE_WORD.fullmatch(previous.text_in(text))
            and text[previous.end : span.start] == ", "
            and _is_guess(span)
            and _ONE_WORD.fullmatch(covered)
            and _may_be_person(covered, known_places, not_names)
            and _APPOSITION_ENDS.match(text, span.end)
            and not after_word(text, previous.start, place_cues)
        ):
            out[i] = span.with_(label="PERSON", score=max(span.score, CUE_SCORE))
    for match in _QUOTED_NICKNAME.finditer(text):
        name, nick = match.group("name"), match.group("nick")
        if (
            not _may_be_person(name, known_places, not_names)
            or not _may_be_person(nick, known_places, not_names)
            or after_word(text, match.start(), place_cues)
        ):
            continue
        for group in ("name", "nick"):
            out = _as_person(out, *match.span(group))
    persons_from = {span.start: span for span in spans if span.label == "PERSON"}
    for match in _NICKNAME_THEN_WHO.finditer(blank_line_numbers(text)):
        who = persons_from.get(match.end())
        nick = match.group("nick")
        titled = nick.lower() in titles and not after_word(text, match.start(), _OFFICE_OPENERS)
        if (
            who is not None
            and not text.startswith(":", who.end)
            and _may_be_person(nick, known_places, not_names - titles if titled else not_names)
            and who.text_in(text).split()[0].lower() != nick.lower()
            and not after_word(text, match.start(), place_cues)
        ):
            out = _as_person(out, *match.span("nick"))
    lowercase: frozenset[str] | None = None
    for match in _NICKNAME_BEFORE_NAME.finditer(text):
        who = persons_from.get(match.end())
        if who is None or " " not in who.text_in(text) or not text.startswith(",", who.end):
            continue
        lowercase = lowercase_words(text) if lowercase is None else lowercase
        nick = match.group("nick")
        if (
            nick.lower() not in lowercase
            and _may_be_person(nick, known_places, not_names)
            and not after_word(text, match.start(), place_cues)
        ):
            out = _as_person(out, *match.span("nick"))
    return sorted(out, key=lambda s: (s.start, s.end))


def nicknames_after_cues(
    spans: Sequence[Span], text: str, known_places: frozenset[str], not_names: frozenset[str]
) -> list[Span]:
    """`spans` with the name after a nickname's cue (`_nickname_cue`) a PERSON: one or two
    capitalised words, in quotes or not; in a text that does not capitalise names also one
    or two lower-case words, the first may be an initial ("t bone"), that end the clause
    (`_LOWER_NAME_ENDS`). No word of `known_places`, `not_names` (lower case) or a pronoun."""
    cased = names_are_capitalised(text)
    stops = not_names | PRONOUNS

    def is_name(words: str) -> bool:
        return all(_may_be_person(w, known_places, stops) for w in words.split())

    out = sorted(spans, key=lambda s: (s.start, s.end))
    for match in _nickname_cue().finditer(text):
        name = _CAPITALISED_NAME.match(text, match.end())
        if name is not None and is_name(name.group()):
            out = _as_person(out, *name.span())
        elif name is None and not cased:
            # The longest of the one or two words that ends the clause: "junior" of "junior and".
            for pattern in _LOWER_NAMES:
                lower = pattern.match(text, match.end())
                if lower and is_name(lower.group()) and _LOWER_NAME_ENDS.match(text, lower.end()):
                    out = _as_person(out, *lower.span())
                    break
    return sorted(out, key=lambda s: (s.start, s.end))


@functools.cache
def _nickname_cue() -> re.Pattern[str]:
    """A word for a nickname (`nickname_cues`), then "for you" or "of his", "is" or "was",
    and an opening quote; or "my name in the <group> was" (where one's name there is a
    nickname)."""
    return re.compile(
        rf"(?<![\w'’-])(?:(?i:{_words('nickname_cues')})"
        rf"(?:[ ]+(?:for|of)[ ]+(?:you|him|her|me|them|his|hers|mine))?"
        rf"|{_OWNER}[ ]+name[ ]+(?:in|on|at)[ ]+(?:the[ ]+)?[\w'’-]+(?=[ ]+(?:was|is)[ ]))"
        rf",?(?:[ ]+(?:was|is))?[ ]+[\"“'‘]?"
    )


# After a nickname's cue: one or two capitalised words; or, in lower-case speech, one or two
# words of which the first may be a letter ("t bone", "lil smiley").
_CAPITALISED_NAME = re.compile(rf"{_WORD}(?:[ ]{_WORD})?(?![\w'’-])")
_LOWER_NAMES = (
    re.compile(r"(?:(?![ai][ ])[a-z][ ]|[a-z][a-z'’-]+[ ])[a-z][a-z'’-]+(?![\w'’-])"),
    re.compile(r"[a-z][a-z'’-]+(?![\w'’-])"),
)
# A lower-case name ends its clause: a mark, the line's end, a conjunction or a pronoun.
_LOWER_NAME_ENDS = re.compile(
    r"[ ]*(?:[,.;:!?\"”'’]|$)|[ ]+(?:and|or|but|so|because|who|that's|i|he|she|they|we|you)(?![\w'’-])", re.M
)


def relabel_related_persons(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    not_names: frozenset[str],
    organisation_heads: frozenset[str] = frozenset(),
) -> list[Span]:
    """`spans` with a name right after a relation only a person has (`relation_cues`:
    "engaged to Lissette", "married Tamsin Greer") a PERSON: an NER guess of exactly
    those words changes label, and words no span covers become one. No name with a word
    of `known_places` or `not_names` (lower case), and no name of several words the
    document shows is an organisation's (`_names_an_organisation`: "signed by Lakeview
    Recovery Clinic")."""
    out = sorted(spans, key=lambda s: (s.start, s.end))
    for match in _relation_pattern(relation_cues()).finditer(text):
        words = match.group("name").split()
        if len(words) > 1 and _names_an_organisation(match, out, text, organisation_heads):
            continue
        if all(_may_be_person(w, known_places, not_names) for w in words) and not (
            len(words) == 1 and match.group("name").isupper()
        ):
            # A firm's name NER read, with a noun after it, qualifies that noun ("engaged to
            # Wells Fargo money"): only a name that ends the phrase is the person's.
            ends_phrase = _APPOSITION_ENDS.match(text, match.end("name")) is not None
            out = _as_person(out, *match.span("name"), firm_to_person=ends_phrase or len(words) == 1)
    return sorted(out, key=lambda s: (s.start, s.end))


def _names_an_organisation(
    match: re.Match[str],
    spans: Sequence[Span],
    text: str,
    organisation_heads: frozenset[str],
) -> bool:
    """Whether the name of several words a relation cue introduces is an organisation's, as
    the document shows: its last word (or that word's singular) ends organisations' names
    (`organisation_heads`, lower case: "signed by Lakeview Recovery Clinic"); or the document
    names a longer organisation holding it ("signed by Kaiser Permanente" ... "Kaiser
    Permanente Medical Center", "the Department of Veterans Affairs").
    (A name the document also writes in lower case is dropped later, `drop_false_tags`.)"""
    name = match.group("name")
    if holds_an_organisation_head(name, organisation_heads):
        return True
    start, end = match.span("name")
    elsewhere = [s for s in spans if s.end <= start or end <= s.start]
    holds_name = re.compile(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])")
    return (
        any(
            s.label == "ORGANIZATION" and s.end - s.start > end - start and holds_name.search(s.text_in(text))
            for s in elsewhere
        )
        # A longer name no detector found: "Kaiser Permanente Medical Center".
        or any(
            holds_an_organisation_head(m.group(), organisation_heads)
            for m in re.finditer(rf"{holds_name.pattern}(?:[ ]+[A-Z][\w'’&-]*)+", text)
        )
    )


def _as_person(
    spans: list[Span], start: int, end: int, firm_to_person: bool = True, group_to_person: bool = True
) -> list[Span]:
    """`spans` with [start, end) a PERSON: the NER guess of exactly that stretch relabelled,
    or a new span where none overlaps it; anything else overlapping it is left alone. An
    ORGANIZATION guess only if `firm_to_person`, an NRP guess only if `group_to_person` ("my
    brother is Catholic": a faith)."""
    overlapping = [k for k, s in enumerate(spans) if s.start < end and start < s.end]
    if not overlapping:
        return [*spans, Span(start, end, "PERSON", (STRUCTURE,), CUE_SCORE)]
    if len(overlapping) == 1:
        k = overlapping[0]
        span = spans[k]
        if (
            (span.start, span.end) == (start, end)
            and _is_guess(span)
            and (firm_to_person or span.label != "ORGANIZATION")
            and (group_to_person or span.label != "NRP")
        ):
            spans = list(spans)
            spans[k] = span.with_(label="PERSON", score=max(span.score, CUE_SCORE))
    return spans
