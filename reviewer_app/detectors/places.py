"""Places found by their surroundings rather than by NER (issue 12).

- `find_zip_codes`: a ZIP code where an address puts one (after a state, after a
  known city, after "zip code"), never any five-digit number.
- `find_known_places`: a gazetteer's place right after "in", "from", "to"...
  ("born in Oxnard"), where NER missed it.
- `find_place_codes`: a gazetteer's short codes in capitals ("CMF", "SVSP",
  "CSP-SAC"), which NER does not know.
- `find_place_names`: a gazetteer's full names of two words or more, anywhere
  ("Central California Women's Facility").
- `find_places_after_cues`: capitalised words right after a cue that only a place
  follows ("born in Guadalajara", "lives in Konstancin-Jeziorna", "practising in
  İzmir"), whether or not a gazetteer lists them.
- `find_lower_case_places`: in a transcript without capitals for names (speech
  recognition), a street after "on" ("on panorama drive"), a known place's
  institution ("bakersfield college") and an employer in a known town ("worked at
  the seaview lodge in monterey").
- `find_known_groups`: a gazetteer's nationality, ethnic group or religion written
  as the list writes it ("I'm Salvadoran", "things about Pakistanis"), where NER
  missed it; not a language ("in Spanish") nor a word the document also writes
  in lower case ("White", "Black" beside "white", "black").
- `headline_lines`: the lines written all in capitals, in headline case, so that
  NER and the patterns, which expect capitals on names only, can read a cover
  page, a decision notice or a court heading ("CALIFORNIA STATE PRISON, SOLANO").
  The copy has the same length as each line, so its offsets map back unchanged.

The word lists and gazetteer names are in `resources/patterns/places.toml`. Plain
functions over text; the presidio detector calls them.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from reviewer_app.core.context_rules import _names_are_capitalised
from reviewer_app.core.spans import Span
from reviewer_app.detectors.gazetteer import read_list
from reviewer_app.detectors.patterns import load_table
from reviewer_app.paths import resource

PLACES_SCORE = 0.9
# Below NER's 0.85: what NER makes of the words (an organisation, a longer place) wins.
CUE_PLACE_SCORE = 0.7
# Below NER's 0.85: a surname that is also a group ("Mr. English") stays NER's person.
GROUPS_SCORE = 0.8
_ZIP = re.compile(r"(?<![\w.,/-])\d{5}(?:-\d{4})?(?![\w/-]|[.,]\d)")
# How far before a number its state, city or cue is looked for.
_LOOK_BACK = 60
_CODE = re.compile(r"[A-Z]{2,5}(?:-[A-Z]{2,5})?")
_POSTAL_CODE = re.compile(r"[A-Z]{2}")
_WORD = re.compile(r"[^\W\d_]+")
# One to three capitalised words in any alphabet, hyphenated parts too ("Konstancin‑Jeziorna").
_PLACE_WORD = r"(?=[^\W\d_])(?-i:[A-ZÀ-ÖØ-ÞĀ-ſ])[^\W\d_]*(?:[-‑][^\W\d_]+)*"
_PLACE_WORDS = rf"{_PLACE_WORD}(?:[ ]{_PLACE_WORD}){{0,2}}"
# Between a cue and its place: spaces, or the end of a line and the next line's number in a
# court reporter's numbered lines ("a dairy in\n 5  Shafter").
_CUE_GAP = r"(?:[ ]+|[ \t]*\n[ \t]*\d{1,2}[ \t]+)"
_VOWEL = re.compile(r"[AEIOUYaeiouyÀ-ÖØ-öø-ÿ]")
# A capitalised word right after, or right before (a title's full stop included).
_NAME_NEIGHBOUR_AFTER = re.compile(r"[ ]+[A-Z]")
_PREVIOUS_WORD = re.compile(r"(?:^|(?P<end>[.!?:;\"“(]|--)?[ ]*)(?P<word>[A-Za-z][\w'’-]*\.?)[ ]+\Z", re.M)


@dataclass(frozen=True)
class PlaceRules:
    after_state: re.Pattern[str]
    after_city: re.Pattern[str]
    city_zip: re.Pattern[str]
    after_cue: re.Pattern[str]
    codes: re.Pattern[str] | None
    after_place_cue: re.Pattern[str] | None
    small_words: frozenset[str]
    caps_share_max: float
    groups: re.Pattern[str] | None = None
    after_residence_cue: re.Pattern[str] | None = None
    language_cues: frozenset[str] = frozenset()
    lower_case_street: re.Pattern[str] | None = None
    lower_case_institution: re.Pattern[str] | None = None
    lower_case_known_place: re.Pattern[str] | None = None
    lower_case_employer: re.Pattern[str] | None = None
    lower_case_county: re.Pattern[str] | None = None
    known_lower: frozenset[str] = frozenset()
    full_names: re.Pattern[str] | None = None
    stop_words: frozenset[str] = frozenset()
    asked_cue: re.Pattern[str] | None = None


def _alternation(names: list[str]) -> str:
    return "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(set(names), key=len, reverse=True))


@functools.cache
def place_rules() -> PlaceRules:
    table = load_table("places.toml")
    states = read_list(resource("gazetteers", table["state_gazetteer"]))
    # Postal codes ("CA") only in capitals; names and "Calif." in any case.
    postal = [s for s in states if len(s) == 2 and s.isupper()]
    named = [s for s in states if s not in postal]
    cities = [c for f in table["city_gazetteers"] for c in read_list(resource("gazetteers", f))]
    codes = [
        alias
        for f in table["code_gazetteers"]
        for alias in read_list(resource("gazetteers", f))
        if _CODE.fullmatch(alias)
    ]
    prefixes = [c.split("-")[0] for c in codes if "-" in c]
    spelt_out = rf"(?:{_alternation(prefixes)})-[A-Z][a-z]+(?:[ ][A-Z][a-z]+)?|" if prefixes else ""
    cues = _alternation(table["zip_cues"])
    known = [n for f in table["cue_gazetteers"] for n in read_list(resource("gazetteers", f)) if len(n) > 2]
    place_cues = _alternation(load_table("merge.toml").get("place_cues", []))
    gap = int(table["cue_gap"])
    groups = [n for f in table.get("group_gazetteers", ()) for n in read_list(resource("gazetteers", f))]

    merge = load_table("merge.toml")
    stop_words = frozenset(
        w.lower() for key in ("function_words", "determiners", "clause_words") for w in merge.get(key, ())
    )
    lower = table.get("lower_case", {})
    known_lower = {n.lower() for n in known}
    prisons = {
        n.lower()
        for f in table["code_gazetteers"]
        for n in read_list(resource("gazetteers", f))
        if len(n) > 2 and not _CODE.fullmatch(n)
    }
    word = r"[a-z][a-z'’-]*"
    organisation_cues = merge.get("organisation_cues", {})
    counties = sorted(n for n in known_lower if n.endswith(" county"))
    employer_cues = [c.lower() for key in ("naming", "membership") for c in organisation_cues.get(key, ())]
    full_names = [
        n for f in table.get("name_gazetteers", ()) for n in read_list(resource("gazetteers", f)) if " " in n
    ]
    return PlaceRules(
        lower_case_street=re.compile(
            rf"(?<![\w'’-])(?:{_alternation(lower['street_cues'])})[ ]+"
            rf"(?P<place>{word}(?:[ ]{word})?[ ](?:{_alternation(lower['street_words'])}))(?![\w'’-])"
        )
        if lower.get("street_cues")
        else None,
        lower_case_institution=re.compile(
            rf"(?<![\w'’-])(?P<name>(?:{_alternation(sorted(known_lower))})"
            rf"(?P<between>(?:[ ]{word}){{0,{int(lower.get('name_words_max', 3))}}}?)"
            rf"[ ](?:{'|'.join(lower['institution_heads'])}))(?![\w'’-])"
        )
        if lower.get("institution_heads") and known_lower
        else None,
        lower_case_known_place=re.compile(
            rf"(?<![\w'’-])(?:{place_cues})[ ]+(?P<place>(?:(?:{lower['compass_words']})[ ])?"
            rf"(?:{_alternation(sorted(known_lower | prisons))})(?:[ ](?:{'|'.join(lower['place_heads'])}))?)"
            rf"(?![\w'’-])"
        )
        if lower.get("place_heads") and known_lower
        else None,
        # "she worked at the seaview lodge in monterey": an employer or a programme after one of
        # the organisation cues that name one (merge.toml), two to four words up to "in" and a known
        # town ("worked at night in fresno" names no business).
        lower_case_employer=re.compile(
            rf"(?<![\w'’-])(?:{_alternation(employer_cues)})[ ]+(?:the[ ]+)?"
            rf"(?P<name>{word}(?:[ ]{word}){{1,3}}?)[ ]+(?:over[ ]+)?in[ ]+"
            rf"(?:{_alternation(sorted(known_lower))})(?![\w'’-])"
        )
        if employer_cues and known_lower
        else None,
        # "solano county opposes": a known county said with its word needs no cue before it.
        lower_case_county=re.compile(rf"(?<![\w'’-])(?:{_alternation(counties)})(?![\w'’-])")
        if counties
        else None,
        known_lower=frozenset(known_lower),
        stop_words=stop_words,
        full_names=re.compile(rf"(?<![\w'’-])(?:{_alternation(full_names)})(?![\w'’-])")
        if full_names
        else None,
        # Each is matched against the text just before a five-digit number.
        after_state=re.compile(
            rf"(?<![\w-])(?:(?i:{_alternation(named)})|{_alternation(postal)})\.?,?[ ]{{1,3}}\Z"
        ),
        # "Fresno, 93728", and a sentence apart in an answer ("In Sacramento. 95822.").
        after_city=re.compile(rf"(?<![\w-])(?i:{_alternation(cities)})[,.]?[ ]{{1,3}}\Z"),
        city_zip=re.compile(table["city_zip_regex"]),
        after_cue=re.compile(rf"(?i:\b(?:{cues}))\b[^\d\n.?!;]{{0,{gap}}}?(?<![\w-])\Z"),
        # A question that asks for the code, the number opening the answer after the next speaker's
        # tag: "And the ZIP code on the account?" / "[00:01:18] CALLER: 97402."
        asked_cue=re.compile(
            rf"(?i:\b(?:{cues}))\b[^\d\n.?!;]{{0,{gap}}}?\?[ \t]*\n(?:[ \t]*\[[\d:.]+\])?"
            rf"(?:[^\n\d:?]{{1,40}}:|[ \t]*A[.:])[ \t]+\Z"
        ),
        # A code's prefix with the town spelt out too: "CSP-Sacramento" beside "CSP-SAC".
        codes=re.compile(rf"(?<![\w-])(?:{spelt_out}{_alternation(codes)})(?![\w-])") if codes else None,
        after_place_cue=re.compile(
            rf"(?<![\w-])(?i:{place_cues}){_CUE_GAP}(?P<place>{_alternation(known)})(?![\w-])"
        )
        if known and place_cues
        else None,
        small_words=frozenset(w.lower() for w in table["small_words"]),
        caps_share_max=float(table["caps_share_max"]),
        # A plural ("Pakistanis", "Mexicans") too.
        groups=re.compile(rf"(?<![\w'’-])(?:{_alternation(groups)})s?(?![\w'’-])") if groups else None,
        language_cues=frozenset(w.lower() for w in table.get("language_cues", ())),
        after_residence_cue=re.compile(
            rf"(?<![\w-])(?i:{_alternation(table['residence_cues'])}){_CUE_GAP}"
            rf"(?P<place>{_PLACE_WORDS})(?![\w‑-]|[ ]?\d)"
        )
        if table.get("residence_cues")
        else None,
    )


def find_zip_codes(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """LOCATION spans on the ZIP codes of `text` that an address, a cue or a question asking for one
    introduces, and on the same number wherever else the text says it ("I'm showing the 97405"
    beside "Eugene, Oregon 97405"): a ZIP code said alone is a place as in its address."""
    rules = rules or place_rules()
    numbers = list(_ZIP.finditer(text))
    found, said_again = set(), set()
    for number in numbers:
        before = text[max(0, number.start() - _LOOK_BACK) : number.start()]
        state = rules.after_state.search(before)
        if (
            rules.after_cue.search(before)
            or (rules.city_zip.fullmatch(number.group()[:5]) and rules.after_city.search(before))
            or (
                rules.asked_cue is not None
                and rules.asked_cue.search(text, max(0, number.start() - 2 * _LOOK_BACK), number.start())
            )
            # A state's postal code may be another word in capitals ("Interpreter ID 30417"): the
            # number is a ZIP code there, not wherever else it is said.
            or (state and not _POSTAL_CODE.fullmatch(state.group().strip(" .,")))
        ):
            said_again.add(number.group())
        elif state:
            found.add(number.start())
    return [
        Span(n.start(), n.end(), "LOCATION", (), PLACES_SCORE)
        for n in numbers
        if n.group() in said_again or n.start() in found
    ]


def find_place_codes(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """LOCATION spans on a gazetteer's codes written in capitals ("SVSP", "CSP-SAC")."""
    rules = rules or place_rules()
    if rules.codes is None:
        return []
    return [Span(m.start(), m.end(), "LOCATION", (), PLACES_SCORE) for m in rules.codes.finditer(text)]


def find_known_places(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """LOCATION spans on the gazetteers' places that follow a place cue ("in Oxnard")."""
    rules = rules or place_rules()
    if rules.after_place_cue is None:
        return []
    return [
        Span(m.start("place"), m.end("place"), "LOCATION", (), PLACES_SCORE)
        for m in rules.after_place_cue.finditer(text)
    ]


def find_place_names(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """LOCATION spans on the full names of `name_gazetteers` ("California Men's Colony")."""
    rules = rules or place_rules()
    if rules.full_names is None:
        return []
    return [Span(m.start(), m.end(), "LOCATION", (), PLACES_SCORE) for m in rules.full_names.finditer(text)]


def find_places_after_cues(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """LOCATION spans on the capitalised words after a residence cue ("born in X")."""
    rules = rules or place_rules()
    if rules.after_residence_cue is None:
        return []
    return [
        Span(m.start("place"), m.end("place"), "LOCATION", (), CUE_PLACE_SCORE)
        for m in rules.after_residence_cue.finditer(text)
    ]


# Joining words a business's name may hold inside ("central valley pallet and crate").
_INNER_JOINERS = frozenset({"and", "of"})
# A known town's name after one of these anywhere in the text is a word, not the town ("the orange").
_DETERMINER = "the|a|an|this|that|my|your|his|her|our|their|some|any"


def find_lower_case_places(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """In a text written without capitals for names (speech recognition), LOCATION
    spans on a known place after a place cue ("from north kern state prison", "to
    tulare county"; not a name the text also writes after a determiner, "the
    orange"; a known county said with "county" anywhere), on streets after a cue
    ("on panorama drive"), and ORGANIZATION spans on a known place's institutions
    ("bakersfield college") and on a name after a cue that names an employer or a
    programme (merge.toml [organisation_cues] naming and membership) up to "in" and a
    known town ("worked at the seaview lodge in monterey"); see places.toml
    [lower_case].
    Nothing in a text that capitalises its names: there NER and the patterns see them."""
    rules = rules or place_rules()
    if _names_are_capitalised(text):
        return []
    institutions = []
    if rules.lower_case_institution is not None:
        for match in rules.lower_case_institution.finditer(text):
            if any(w in rules.stop_words for w in match.group("between").split()):
                continue  # "fresno and the college": two things
            name = match.group("name")
            words = name.split()
            while words[-1] in rules.stop_words:  # "department of human services and"
                name = name[: len(name) - len(words.pop()) - 1]
            start = match.start("name")
            institutions.append(Span(start, start + len(name), "ORGANIZATION", (), CUE_PLACE_SCORE))
    places = []
    if rules.lower_case_street is not None:
        for match in rules.lower_case_street.finditer(text):
            if not any(w in rules.stop_words for w in match.group("place").split()[:-1]):  # "on the road"
                places.append(Span(match.start("place"), match.end("place"), "LOCATION", (), CUE_PLACE_SCORE))
    if rules.lower_case_known_place is not None:
        for match in rules.lower_case_known_place.finditer(text):
            place = match.group("place")
            if " " in place or not re.search(rf"\b(?:{_DETERMINER})[ ]+{re.escape(place)}\b", text):
                places.append(Span(match.start("place"), match.end("place"), "LOCATION", (), CUE_PLACE_SCORE))
    if rules.lower_case_county is not None:
        places += [
            Span(*m.span(), "LOCATION", (), CUE_PLACE_SCORE) for m in rules.lower_case_county.finditer(text)
        ]
    if rules.lower_case_employer is not None:
        for match in rules.lower_case_employer.finditer(text):
            words = match.group("name").split()
            inner = words[1:-1]
            if (
                words[0] in rules.stop_words
                or words[-1] in rules.stop_words
                or any(w in rules.stop_words and w not in _INNER_JOINERS for w in inner)
                or match.group("name") in rules.known_lower
            ):
                continue  # "at a shop in", "accepted to fresno in"
            institutions.append(Span(*match.span("name"), "ORGANIZATION", (), PLACES_SCORE))
    # "at fresno city college": the town is part of the institution's name there.
    return institutions + [p for p in places if not any(p.overlaps(i) for i in institutions)]


def find_known_groups(text: str, rules: PlaceRules | None = None) -> list[Span]:
    """NRP spans on the gazetteers' groups written capitalised as the lists write
    them, unless the document also writes the word in lower case ("white")."""
    rules = rules or place_rules()
    if rules.groups is None:
        return []
    spans = []
    lower_case: dict[str, bool] = {}
    for match in rules.groups.finditer(text):
        word = match.group()
        if word.isupper():
            continue  # a line in capitals: a heading, not a group
        before = _WORD.findall(text[max(0, match.start() - 20) : match.start()])
        if before and before[-1].lower() in rules.language_cues:
            continue  # "in Spanish": a language
        if _NAME_NEIGHBOUR_AFTER.match(text, match.end()) or _after_a_name_word(text, match.start()):
            continue  # part of a longer name: "Christian Lopez", "Mr. White", "Mexican Mafia"
        key = word.lower()
        if key not in lower_case:
            lower_case[key] = re.search(rf"(?<![\w'’-]){re.escape(key)}(?![\w'’-])", text) is not None
        if not lower_case[key]:
            spans.append(Span(match.start(), match.end(), "NRP", (), GROUPS_SCORE))
    return spans


def _after_a_name_word(text: str, start: int) -> bool:
    """Whether a capitalised word that is not a sentence's first ("Many") nor "I"
    stands right before `start`: "Mr. White", "Christian" of "Jose Christian"."""
    window = max(0, text.rfind("\n", 0, start) + 1, start - 40)
    previous = _PREVIOUS_WORD.search(text, window, start)
    if previous is None or not previous.group("word")[0].isupper():
        return False
    word = previous.group("word")
    if len(word) == 2 and word.endswith(".") and previous.start("word") == text.rfind("\n", 0, start) + 1:
        return False  # "A. Catholic.": a line's "Q." or "A." tag, no title
    if word.endswith("."):
        return len(word) <= 4  # "Mr.", "Dr.": a title; "Mafia." ends a sentence
    return (
        previous.group("end") is None and previous.start("word") > window and word not in ("I", "I'm", "I’m")
    )


def _is_capitals_line(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and not any(c.islower() for c in letters)


def headline_case(line: str, small_words: frozenset[str]) -> str:
    """`line` with each word capitalised, small words ("of", "the") in lower case
    except first, other two-letter words ("CA") and words without a vowel ("LLP",
    "CDCR") in capitals; same length always."""
    out = []
    last = 0
    for index, match in enumerate(_WORD.finditer(line)):
        word = match.group()
        lower = word.lower()
        if len(lower) != len(word):  # a letter whose lower case is longer: leave the word
            cased = word
        elif line[match.start() - 1 : match.start()] in ("'", "’"):
            # "O'NEIL" -> "O'Neil" (one letter before the apostrophe); "DON'T" -> "Don't", "I'M" -> "I'm".
            one_letter = re.search(r"(?<![^\W\d_])[^\W\d_]['’]$", line[: match.start()])
            cased = word[0] + lower[1:] if one_letter and len(word) >= 3 else lower
        elif index and lower in small_words:
            cased = lower
        elif len(word) == 2 and lower not in small_words:
            cased = word
        elif not _VOWEL.search(word):
            cased = word  # "LLP", "CDCR", "SVSP": an acronym, no word
        else:
            cased = word[0] + lower[1:]
        out.append(line[last : match.start()])
        out.append(cased)
        last = match.end()
    out.append(line[last:])
    return "".join(out)


def headline_lines(text: str, rules: PlaceRules | None = None) -> list[tuple[int, str]]:
    """`(offset, line in headline case)` for each line of `text` written all in
    capitals; none when such lines are most of the text (see places.toml)."""
    rules = rules or place_rules()
    lines, offset = [], 0
    for line in text.split("\n"):
        if _is_capitals_line(line):
            lines.append((offset, headline_case(line, rules.small_words)))
        offset += len(line) + 1
    if sum(len(line) for _, line in lines) > rules.caps_share_max * max(len(text), 1):
        return []
    return lines
