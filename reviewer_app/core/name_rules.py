"""Names that the way a transcript is written shows, where NER misses them (issue 12).

Called by `merge.merge_spans`; every rule reads the layout or the words around a
name, never a list of names:

- `strip_answer_markers`: the "Q." / "A." that opens a line of a court transcript is
  no part of a name ("A. Kevin" -> "Kevin", "Q. Officer Diaz" -> "Officer Diaz",
  which a title then makes a person), and a word NER made a name only by reading the
  marker as an initial goes ("A.   Night shift"), as does one it made of a tab's letter
  ("Tab C. First, a chrono") or a pronoun ("Judge. I'll stand").
- (the names of a record's layout, examination headings, captions and lists of initialled
  names, are `record_names`'s, which gathers them with these in `names_from_layout`)
- `introduced_names`: a name the sentence introduces as one: after "a guy named",
  "a woman called", a nickname in quotes after "called", "known as", "went by" or
  inside a full name (Kevin "Smoke" Jones), or said after "we call him", a person
  described and then named ("the guy at the door, Big Lou."), a certificate's
  declarant ("I, NADIA PETROSYAN, a duly designated transcriber"), a first name cut
  off that the next speaker completes with a surname ("Nancy--" / "--Soliz").
- `spellings_after_cue`: letters spelled after "spell", in lower case, with full stops
  or in groups ("s m i t h", "J. O. H. N.", "K-O, W-A-L").
- `answered_names`: the answer to a question for someone's name, also past a blank line,
  an elapsed stamp or an "A." marker ("What's Jaylen's last name?\n\nG. LARK: Fairweather.").
- `relabel_persons_in_context`: a place, organisation or group that is coordinated
  with a person ("Byron and Harold"), that a possessive kin word follows ("Fairbanks's
  family"), that follows "my name is", or that the speaker spells right after ("a
  Roxana ... R-O-X-A-N-A") is a person; so is a capitalised word no span covers that a
  kin word in the possessive follows, that names a family ("the Tupou family"), that
  is spelled right after, that ends a name
  after a personal title, or that makes a sentence of its own after a kin word.
- `relabel_places_named_alone`: a one-word "person" that is a country, or a town in a
  list of places or answering "where", and that the document never shows as a name.
- `relabel_words_of_places`: a one-word NER "person" the document otherwise shows only
  inside a place's or organisation's name ("Brightwater" of "Brightwater Logistics").
- `relabel_spellings`: a letter-spaced banner is no spelled name; letters beside a
  number are an ID_NUMBER.
- `lower_case_names`: in a text that does not capitalise names (ASR output, also one that
  capitalises sentences but writes "Mr. wheat": `context_rules._names_are_capitalised`), a name
  only where the context makes it safe: after "my name is", a word followed by its own
  spelling ("maria, m a r i a"), whose letters are then a SPELLED_NAME (their other
  lower-case mentions: `name_propagation.propagate_lower_case_names`); after a title, a
  surname that is an ordinary word where the phrase ends on it ("counselor tamika may and").
- `drop_months_inside_names`: a month inside such a name ("tamika may") is no date.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import lower_case_names_after_titles, opens_sentence, previous_word
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.person_words import lower_title_pattern, person_words, personal_titles, titled_pattern
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words

# Structure, like a speaker tag, beats NER's label (context_rules.NAME_TAG_SCORE).
STRUCTURE = "context"
STRUCTURE_SCORE = 0.9
CUE_SCORE = 0.86  # above NER's 0.85: the cue decides between NER's labels
# What name_propagation.propagate proposes is marked so; an interrupted name's other half is one.
PROPAGATION = "propagation"
PROPAGATION_SCORE = 0.8

_NAME_LABELS = ("PERSON", "LOCATION", "ORGANIZATION", "NRP")
_NER_NAME_LABELS = ("LOCATION", "ORGANIZATION", "NRP")
# How a court transcript opens a question or an answer (the importer's `qa_tag`): "Q.",
# "A:", "Q" and a tab or two spaces, after the line's indentation.
_ANSWER_MARKER = re.compile(r"[ \t]*(?:Q|A)(?:[.:][ \t]+|\t[ \t]*|[ ]{2,})")
# A capitalised word, with inner capitals after an apostrophe or hyphen ("O'Neil-Tran"), not a possessive.
_NAME_WORD = r"[A-Z][A-Za-z]*(?:['’][A-Z][A-Za-z]*)?(?:-[A-Z][A-Za-z]*(?:['’][A-Z][A-Za-z]*)?)*"
# Lower-case particles inside a surname: "de la Cruz", "van der Berg", "bin Laden".
_PARTICLES = r"(?:(?:de|da|del|della|der|di|du|dos|van|von|den|la|le|st\.?|bin|ibn|al|el|y)[ ]){0,3}"
_SURNAME = _PARTICLES + _NAME_WORD
_CAPITAL_WORD = re.compile(rf"(?<![\w'’-]){_NAME_WORD}(?![\w-])")
_PERSON_NOUNS = (
    r"guy|man|woman|lady|girl|boy|kid|dude|fellow|person|someone|somebody|(?:girl|boy)?friend|inmate|"
    r"cellmate|cellie|neighbou?r|officer|nurse|doctor|teacher|counselou?r|sponsor|homie|homeboy"
)
_NAMED = re.compile(
    rf"\b(?:{_PERSON_NOUNS})[ ]+(?:named|called|by[ ]the[ ]name[ ]of)[ ]+"
    rf"(?P<name>{_NAME_WORD}(?:[ ]{_NAME_WORD})?)",
    re.I,
)
# A first name cut off and the surname the next speaker adds: "Nancy--" / "SOLIZ: --Soliz".
_COMPLETED_NAME = re.compile(
    rf"(?P<first>{_NAME_WORD})--\n[^:\n]{{1,60}}:[ ]--(?P<rest>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b"
)
# A certificate's declarant: "I, NADIA PETROSYAN, a duly designated transcriber".
_DECLARANT = re.compile(
    rf"\bI,[ ]+(?P<name>{_NAME_WORD}(?:[ ](?:{_SURNAME}|[A-Z]\.)){{1,3}}),[ ]+"
    r"(?:a|an|the|do|hereby|certify|declare|being|am|of|[A-Z][a-z]+)\b"
)
# A span's last word, or its only one: "I'll" of "Judge. I'll".
_PRONOUN_AFTER_NAME = re.compile(r"(?:\A|[.,]?[ ]+)(?P<word>[A-Za-z]+(?:['’][a-z]+)?)\Z")
# A capital letter and its full stop between two words: "Tab C. First", "F. Where".
_LABEL_LETTER = re.compile(r"(?:(?P<noun>[A-Za-z]+)[ ])?[A-Z]\.[ ](?P<word>[A-Z][a-z]+)")
# A question for a person's name ("What's your son's name?", "Daughter's name and age?"), to
# the end of its line and past the blank lines between turns.
_NAME_QUESTION = re.compile(
    r"(?i:\b(?:your|his|her|their|[a-z]+['’]s)[ ]+(?:(?:full|first|last|middle|given)[ ]+)?name)"
    r"(?:[ ]+and[ ]+[a-z]+)?[ ]*\??[ ]*\n(?:[ \t]*\n)*"
)
# The next turn: an elapsed stamp ("00:04:43"), its speaker tag or answer marker ("A."), a
# filler or two, then the words of the answer.
# (An interpreted answer opens with a parenthetical: "(Through the interpreter) Jaswinder.")
_ANSWER = re.compile(
    r"(?:[\[(]?\d{1,2}(?::\d{2}){1,2}[\])]?[ ]+)?(?:[^\n:]{1,40}:|[ \t]*A\.)[ ]+(?:\([^()\n]{1,40}\)[ ]+)?"
    r"(?:(?i:it's|it is|that's|uh|um|oh|yes|yeah|sure|okay|ok)[,.]?[ ]+){0,2}(?P<words>[^\n]{2,80})"
)
# A question for a relative ("And your wife?", "Your son now?"): answered with a name alone.
_KIN_QUESTION = re.compile(r"(?i:\byour[ ]+(?P<kin>[a-z-]+))(?:[ ]+(?:now|then))?[ ]*\?[ ]*\n(?:[ \t]*\n)*")
_NAME_ALONE = re.compile(rf"{_NAME_WORD}(?:[ ]{_NAME_WORD}){{0,2}}(?=[.,])")
# A pronoun contracted with its verb ("i'll", "he's") is no name either.
_CONTRACTION = re.compile(r"['’](?:s|ll|m|re|d|ve)\Z")
_QUOTE_OPEN = "\"“'‘"
_QUOTE_CLOSE = "\"”'’"
_NICKNAME = re.compile(
    rf"\b(?:called|call(?:s|ed)?[ ](?:him|her|me)|named|nicknamed|known[ ]as|went[ ]by|goes[ ]by|go[ ]by)"
    # American usage puts the comma or full stop inside the quotes: known as "Peanut," were.
    rf"[ ]+[{_QUOTE_OPEN}](?P<name>{_NAME_WORD}(?:[ ]{_NAME_WORD})?)[,.]?[{_QUOTE_CLOSE}]",
    re.I,
)
# A nickname said without quotes: "my nephew, we call him Junebug", "they called me Smiley".
# Or one a person goes by: "somebody who went by Dutch", "everybody goes by Junior"; not
# "we went by Fresno" nor "I went by Walmart" (going by a place), so only after "who" or
# in the present tense of a person.
_NICKNAME_SAID = re.compile(
    rf"\b(?:call(?:s|ed|ing)?[ ](?:him|her|me|them)|nicknamed"
    r"|who[ ](?:went|goes|go)[ ]by|(?:I|he|she|they|everybody|everyone)[ ](?:goes|go)[ ]by)"
    # A Spanish nickname keeps its article out: "they called him el Chivo".
    rf"[ ]+(?:(?:el|la)[ ]+)?(?P<name>{_NAME_WORD}(?:[ ]{_NAME_WORD})?)"
)
# A person described, then named after a comma: "The security guy at the door, Big Lou."
_DESCRIBED = re.compile(
    rf"\b(?i:{_PERSON_NOUNS})(?:[ ][a-z]+){{0,5}},[ ]+(?P<name>{_NAME_WORD}(?:[ ]{_NAME_WORD}){{0,2}})"
    r"(?=[.;!?]|,[ ]+(?:[a-z]|I\b)|\s*$)"
)
_NICKNAME_INSIDE = re.compile(
    rf"(?<![\w'’-])(?P<name>{_NAME_WORD}[ ][{_QUOTE_OPEN}]{_NAME_WORD}(?:[ ]{_NAME_WORD})?"
    rf"[{_QUOTE_CLOSE}][ ]{_NAME_WORD})(?![\w-])"
)
# "Pilar, P-I-L-A-R", "Roxana ... R-O-X- A-N-A": letters one by one.
# ("J. O. H. N.": a full stop after every letter, so that "A-N-A. R as in Robert" ends at "A".)
_SPELLING = re.compile(
    r"(?<![\w'’-])(?:[A-Za-z](?:(?:[ ]?[-,][ ]?|[ ]|-\s)[A-Za-z]){2,}"
    r"|[A-Za-z](?:\.[ ]?[A-Za-z]){2,}(?=\.))(?![\w-])"
)
_SPELLING_REACH = 200
# The word before, with its full stop or comma: "Dr. Winters", "my brother, Salvador"; read backwards.
_PREVIOUS_WORD_BACKWARDS = re.compile(r"[ ]+[.,]?([\w'’-]+)")
# Pronouns end a name given in words: "devontae marcus long he goes to college".
PRONOUNS = frozenset({"i", "me", "you", "he", "him", "she", "it", "we", "us", "they", "them"})
_NAME_IS = re.compile(r"(?i:\bname(?:[ ]+is|['’]s))[ ]+\Z")
_FULL_NAME_WORD = re.compile(r"[A-Z][a-zà-ÿ]+(?:['’-][A-Z][a-zà-ÿ]+)*")
_WORD_BEFORE = re.compile(r"([\w'’-]+)[ ]\Z")
_WORD_AFTER = re.compile(r"[ ]([\w'’-]+)")
# Kin words that also open organisations' names ("Family Services", "Brothers Keeping
# Watch"), so no person cue, but a kin word after a possessive ("Fairbanks's family").
_KIN_GROUPS = frozenset({"family", "brothers", "sisters", "sons", "daughters", "parents"})


# Generational suffixes, lower case: they end a person's name only ("Booker Fields Jr.", "Earl Vance III").
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
# What may follow the last word of a name: punctuation, a possessive or a lower-case word.
_ENDS_NAME = re.compile(r"[.,;:?!)'’]|[ ]+[a-z]|\s*$")
# A person's initials ("D.R.", a minor's name in a court record), not an acronym ("EU").
_INITIALS = re.compile(r"(?:[A-Z]\.){2,3}")
# "placed with the Tupou family": a family named by its surname.
_FAMILY_AFTER = re.compile(r"[ ](?:family|families|household)\b")
_THE = frozenset({"the"})
_KIN_THEN_STOP = re.compile(r"([a-z-]+)[.:][ ]+\Z")
_TURN_OPENING = re.compile(r"[^\n:]{1,40}:[ ]+")
# "Where did you grow up?", "Let's talk about where you grew up."
_WHERE_QUESTION = re.compile(r"(?i:\bwhere\b)[^\n]*[?.]\s*$")
_POSSESSIVE_KIN = re.compile(r"['’]s[ ]+(?P<kin>[a-z-]+)")
# Words that may stand between a name and its spelling: "maria, that's m a r i a",
# "smith my married name s m i t h".
_SPELLING_LINKS = frozenset(
    {
        "that's",
        "thats",
        "it's",
        "its",
        "spelled",
        "spelt",
        "is",
        "as",
        "my",
        "his",
        "her",
        "the",
        "last",
        "first",
        "middle",
        "maiden",
        "married",
        "name",
        "surname",
    }
)
_SPELLING_CUE = re.compile(r"\b(?:spell(?:ed|s|ing)?|spelt)\b", re.I)
_SPELLING_CUE_REACH = 80
_MY_NAME = re.compile(
    r"(?i:\b(?:my|his|her|the)[ ]+(?:full[ ]+)?name(?:[ ]+is|['’]s))[ ]+"
    r"(?P<name>[a-z][a-z'’-]+(?:[ ][a-z][a-z'’-]+){0,2})"
)

# A nickname said in lower-case speech: "everybody calls me cuca", "so we call him firecracker",
# also after an initial ("people call me t money"; not the article: "called me a punk").
_LOWER_NICKNAME = re.compile(
    r"\b(?:call(?:s|ed)?[ ](?:him|her|me)|nicknamed|went[ ]by|goes[ ]by)[ ]+"
    r"(?P<name>(?:(?![ai][ ])[a-z][ ])?[a-z][a-z'’-]{2,})\b"
)


def strip_answer_markers(
    spans: Iterable[Span], text: str, lowercase: frozenset[str] = frozenset()
) -> list[Span]:
    """A name span that opens a line with "Q." or "A." loses the marker. NER read the
    marker as an initial ("A.   Night shift", "Q.   Good morning"): what is left, if it is
    one word the document also writes in lower case (`lowercase`), was no name and goes.
    So does a person NER made of the letter that a labelling noun before it makes a tab's or
    an exhibit's and the word opening the next sentence, one the document writes in lower case
    ("Tab C. First, a chrono", "tab F. Where would you live"; not "Officer D. Rich", "Rose M.
    Long" nor "written by M. Young", an initial after a name or a verb), and a
    pronoun ends no person's name ("Judge. I'll", "sir i'll")."""
    out = []
    for span in spans:
        pronoun = _PRONOUN_AFTER_NAME.search(span.text_in(text)) if span.label == "PERSON" else None
        if pronoun and _ends_in_pronoun(pronoun.group("word")):
            if not pronoun.start():
                continue  # "I'll" of "Judge I'll stand", read as a name after a title
            span = span.with_(end=span.start + pronoun.start())
        label = _LABEL_LETTER.fullmatch(span.text_in(text)) if span.label == "PERSON" else None
        if label:
            noun = (label.group("noun") or previous_word(text, span.start)).lower()
            if noun in person_words("label_nouns") and label.group("word").lower() in lowercase:
                continue
        line_start = text.rfind("\n", 0, span.start) + 1
        if span.label in _NAME_LABELS and not text[line_start : span.start].strip():
            marker = _ANSWER_MARKER.match(text, line_start)
            if marker and span.start < marker.end() < span.end:
                span = span.with_(start=marker.end())
                covered = span.text_in(text)
                if " " not in covered and covered.lower() in lowercase and covered[:1].isupper():
                    continue
        out.append(span)
    return _sorted(out)


def _ends_in_pronoun(word: str) -> bool:
    """Whether a span's last word is a pronoun and not a surname: one with its verb ("I'll",
    "i'll"), one in lower case ("sir he"), or "I". A capitalised "He" or "You" after a title
    or a first name is a Chinese surname ("Dr. Lily He", "Mr. He")."""
    bare = _CONTRACTION.sub("", word)
    if bare.lower() not in PRONOUNS:
        return False
    return bare != word or word.islower() or word == "I"


def introduced_names(text: str, not_names: frozenset[str] = frozenset()) -> list[Span]:
    """PERSON spans for names introduced as such: "a guy named Xavier", a nickname
    in quotes after "called" / "known as", or inside a full name, one said after "we call
    him", a person described and then named ("the guy at the door, Big Lou."), and a
    certificate's declarant ("I, NADIA PETROSYAN, a duly designated transcriber"); a name
    cut off that the next speaker completes with a surname ("that's Nancy--" / "--Soliz,
    yes"). No word of `not_names` (lower case) is such a name ("call her Monday")."""
    found: dict[tuple[int, int], None] = {}
    for pattern in (_NAMED, _NICKNAME, _NICKNAME_INSIDE, _DECLARANT, _NICKNAME_SAID, _DESCRIBED):
        for match in pattern.finditer(text):
            words = match.group("name").split()
            # A letter is no role ("Q"): "They called me Lil Q".
            if len(words[0]) > 1 and not any(len(w) > 1 and w.lower() in not_names for w in words):
                found[match.span("name")] = None
    for match in _COMPLETED_NAME.finditer(text):
        found[match.span("first")] = None
        found[match.span("rest")] = None
    return [Span(start, end, "PERSON", (STRUCTURE,), CUE_SCORE) for start, end in found]


def is_quoted_nickname(text: str, start: int, end: int) -> bool:
    """Whether [start, end) is a nickname in quotes after a verb that names ('guys called me
    "Professor"', 'known as "Doc"'): a title so set names someone, as no title does alone."""
    match = _NICKNAME.search(text, max(0, start - 40), min(len(text), end + 3))
    return match is not None and match.span("name") == (start, end)


def answered_names(
    text: str, not_names: frozenset[str], cased: bool, kin_words: frozenset[str] = frozenset()
) -> list[Span]:
    """PERSON spans for the answer to a question asking someone's name ("what's your
    son's name" / "devontae marcus long"; "The cousin's name?" / "Kiko."): the words
    that open the next speaker's turn, capitalised ones where the text capitalises
    names, up to a word of `not_names`; never a spelling. In such a text, also the
    capitalised words that make the whole first sentence of the answer to a question for a
    relative (`kin_words`, lower case: "And your wife?" / "Jaswinder. We married in ..."),
    none a word of `not_names`, a number or one the document writes in lower case ("Your
    father?" / "Gone before I remember.", "Deceased.")."""
    out = _answered_kin(text, not_names, kin_words) if cased and kin_words else []
    for question in _NAME_QUESTION.finditer(text):
        answer = _ANSWER.match(text, question.end())
        if answer is None or _SPELLING.match(answer.group("words")):
            continue
        kept = []
        for word in re.finditer(r"[^\s.,?!;:]+", answer.group("words")):
            token = word.group()
            if (
                token.lower() in not_names | PRONOUNS
                or _CONTRACTION.sub("", token.lower()) in PRONOUNS
                or len(token) < 2
                or (cased and not token[0].isupper())
            ):
                break
            kept.append(word)
            if answer.group("words")[word.end() : word.end() + 1] in (".", "?", "!", ";"):
                break  # the answer's sentence ends: "Mariah. She's eleven."
        if kept and len(kept) <= 4:
            start = answer.start("words")
            out.append(
                Span(start + kept[0].start(), start + kept[-1].end(), "PERSON", (STRUCTURE,), CUE_SCORE)
            )
    return out


def _answered_kin(text: str, not_names: frozenset[str], kin_words: frozenset[str]) -> list[Span]:
    out = []
    lowercase: frozenset[str] | None = None
    for question in _KIN_QUESTION.finditer(text):
        answer = _ANSWER.match(text, question.end()) if question.group("kin").lower() in kin_words else None
        name = answer and _NAME_ALONE.match(text, answer.start("words"))
        if not name:
            continue
        lowercase = lowercase_words(text) if lowercase is None else lowercase
        no_name = not_names | PRONOUNS | lowercase | number_words()
        if not any(w.lower() in no_name for w in name.group().split()):
            out.append(Span(*name.span(), "PERSON", (STRUCTURE,), CUE_SCORE))
    return out


def _spelled_soon_after(name: str, text: str, end: int) -> tuple[int, int] | None:
    """Where the spelling of `name`, or of one of its parts ("Nguyen-Baptiste": "N-G-U-Y-E-N,
    hyphen, B-A-P-T-I-S-T-E"), stands within reach after `end`, if it does. Lower-case
    speech runs a spelling into the next word "i" or "a" ("s m i t h i changed it"): the
    spelling ends before it."""
    targets = {name.casefold().replace("'", "").replace("’", ""), re.sub(r"[ '’-]", "", name.casefold())}
    targets |= {part.casefold() for part in re.split(r"[ -]", name) if len(part) >= 3}
    for match in _SPELLING.finditer(text, end, min(len(text), end + _SPELLING_REACH)):
        letters = [k for k, c in enumerate(match.group()) if c.isalpha()]
        spelled = "".join(match.group()[k] for k in letters).casefold()
        if spelled in targets:
            return match.span()
        if spelled[:-1] in targets and spelled[-1] in "ia" and match.group().islower():
            return match.start(), match.start() + letters[-2] + 1
    return None


def _spelled_beside(word: str, text: str, start: int, end: int) -> bool:
    """Whether `word` (at [start, end)) is spelled soon after it (`_spelled_soon_after`) or
    shortly before it: "Walter, W-A-L-T-E-R.", "C-A-L-D-I-C-O-T-T. Caldicott." (a name even
    where it opens a sentence), unless a question about a place stands right before the
    spelling: "What street? O-A-K. Oak." answers it with a place."""
    after = _spelled_soon_after(word, text, end)
    if after is not None:
        return not _asked_for_a_place(text, start)
    return any(
        "".join(c for c in m.group() if c.isalpha()).casefold() == word.casefold()
        and not _asked_for_a_place(text, m.start())
        for m in _SPELLING.finditer(text, max(0, start - _SPELLED_BEFORE_REACH), start)
    )


def _asked_for_a_place(text: str, start: int) -> bool:
    """Whether the sentence right before `start` is a question with a word of places.toml's
    `spelled_place_questions` ("What street?", "Where did you live?")."""
    before = text[max(0, start - _SPELLED_BEFORE_REACH) : start].rstrip()
    if not before.endswith("?"):
        return False
    question = re.split(r"[.!?\n]", before[:-1])[-1]
    words = load_table("places.toml").get("spelled_place_questions", {}).get("words", ())
    return any(w in words for w in re.findall(r"[a-z]+", question.lower()))


# How far before a name its spelling may stand ("C-A-L-D-I-C-O-T-T. Caldicott.").
_SPELLED_BEFORE_REACH = 80


def relabel_persons_in_context(
    spans: Sequence[Span],
    text: str,
    kin_words: frozenset[str],
    known_places: frozenset[str],
    not_names: frozenset[str],
    place_cues: frozenset[str] = frozenset(),
    lowercase: frozenset[str] = frozenset(),
) -> list[Span]:
    """One-word places, organisations and groups that the context shows are persons
    (module docstring), and the capitalised words no span covers that a possessive
    kin word (`kin_words`, lower case) follows or that are spelled right after (or, opening a
    sentence, right before: `_spelled_beside`). A word
    after one of `place_cues` ("in", "from") is no person by coordination or spelling,
    and a place that is spelled stays a place (its spelling a SPELLED_OUT_ITEM)."""
    spans = _sorted(spans)
    out: list[Span] = []
    for i, span in enumerate(spans):
        covered = span.text_in(text)
        if span.label in _NER_NAME_LABELS and (
            _NAME_IS.search(text, max(0, span.start - 20), span.start) or _kin_titled(covered)
        ):
            # "My name is Adaeze Okafor", "my Auntie Luz's house"
            span = span.with_(label="PERSON", score=max(span.score, CUE_SCORE))
        elif (
            span.label in ("ORGANIZATION", "NRP")
            and not after_word(text, span.start, place_cues)
            and _spelled_person(covered, text, span.end)
        ):
            span = span.with_(
                label="PERSON", score=max(span.score, CUE_SCORE)
            )  # "Thuy Nguyen-Baptiste. N-G-U-Y-E-N"
        elif (
            span.label in _NER_NAME_LABELS
            and " " not in covered
            and (not covered.isupper() or _INITIALS.fullmatch(covered))  # not "the EU's", but "D.R.'s"
            and covered.lower() not in known_places
            and covered.lower() not in not_names
            and (
                _before_possessive_kin(text, span.end, kin_words)
                or (
                    not after_word(text, span.start, place_cues)
                    and (
                        _coordinated_with_person(spans, i, text)
                        or (span.label != "LOCATION" and _spelled_soon_after(covered, text, span.end))
                    )
                )
            )
        ):
            span = span.with_(label="PERSON", score=max(span.score, CUE_SCORE))
        out.append(span)
    starts = [s.start for s in out]
    ends = [s.end for s in out]
    added = []
    for match in _CAPITAL_WORD.finditer(text):
        word = match.group()
        if (
            len(word) < 3
            or word.isupper()
            or word.lower() in not_names
            or word.lower() in known_places
            or (
                opens_sentence(text, match.start())
                and not _named_after_kin(text, match, kin_words)
                and not _spelled_beside(word, text, *match.span())
            )
        ):
            continue
        i = bisect.bisect_left(starts, match.end())
        if any(ends[j] > match.start() for j in range(max(0, i - 3), i)):
            continue  # a span covers it
        if (
            _named_after_kin(text, match, kin_words)
            or _before_possessive_kin(text, match.end(), kin_words)
            or (_after_kin_title(text, match.start()) and _ENDS_NAME.match(text, match.end()))  # "Aunt Nita"
            or (_FAMILY_AFTER.match(text, match.end()) and after_word(text, match.start(), _THE))
            or (
                after_word(text, match.start(), personal_titles())
                and _ENDS_NAME.match(text, match.end())
                and word.lower() not in lowercase  # "Officer Training" beside "the training"
            )
        ) or (
            not after_word(text, match.start(), place_cues)
            and (_spelled_soon_after(word, text, match.end()) or _spelled_beside(word, text, *match.span()))
        ):
            added.append(Span(match.start(), match.end(), "PERSON", (STRUCTURE,), CUE_SCORE))
    return _sorted([*out, *added])


def _looks_like_full_name(covered: str) -> bool:
    """Whether `covered` has the shape of a person's name: two or three capitalised words."""
    words = covered.split()
    return 2 <= len(words) <= 3 and all(_FULL_NAME_WORD.fullmatch(w) for w in words)


def _spelled_person(covered: str, text: str, end: int) -> bool:
    """A two- or three-word capitalised organisation or group whose last word (a surname,
    or a part of it) is spelled right after: "Thuy Nguyen-Baptiste. ... N-G-U-Y-E-N",
    not "Harbor Light, H, A, R, B, O, R"."""
    return _looks_like_full_name(covered) and _spelled_soon_after(covered.split()[-1], text, end) is not None


def after_word(text: str, start: int, words: frozenset[str]) -> bool:
    before = previous_word(text, start, _PREVIOUS_WORD_BACKWARDS, 30)
    return bool(before) and before.lower() in words


def _coordinated_with_person(spans: Sequence[Span], i: int, text: str) -> bool:
    """Whether spans[i] and a PERSON right before or after it are joined by "and" or "or"."""
    # Not a comma alone: "Mr K. Stoltenberg, Ministerialdirigent" is an apposition.
    joiners = (" and ", " or ", ", and ", ", or ")
    span = spans[i]
    if i > 0 and spans[i - 1].label == "PERSON" and text[spans[i - 1].end : span.start] in joiners:
        return True
    return (
        i + 1 < len(spans)
        and spans[i + 1].label == "PERSON"
        and text[span.end : spans[i + 1].start] in joiners
    )


def _named_after_kin(text: str, match: re.Match[str], kin_words: frozenset[str]) -> bool:
    """A one-word sentence right after a kin word: "I called her husband. Imran. She ..."."""
    before = _KIN_THEN_STOP.search(text, max(0, match.start() - 30), match.start())
    return bool(before and before.group(1).lower() in kin_words and text.startswith(".", match.end()))


def _kin_titled(covered: str) -> bool:
    """Whether a span of two or three words is a kin title and a name ("Auntie Luz")."""
    words = covered.split()
    return (
        2 <= len(words) <= 3
        and words[0][:1].isupper()
        and words[0].lower() in person_words("kin_titles")
        and all(_FULL_NAME_WORD.fullmatch(w) for w in words[1:])
    )


def _after_kin_title(text: str, start: int) -> bool:
    before = _WORD_BEFORE.search(text, max(0, start - 20), start)
    return bool(
        before and before.group(1)[:1].isupper() and before.group(1).lower() in person_words("kin_titles")
    )


def _before_possessive_kin(text: str, end: int, kin_words: frozenset[str]) -> bool:
    kin = _POSSESSIVE_KIN.match(text, end)
    return bool(kin and (kin.group("kin") in kin_words or kin.group("kin") in _KIN_GROUPS))


def lower_case_names(
    text: str,
    stop_words: frozenset[str],
    not_names: frozenset[str] = frozenset(),
    determiners: frozenset[str] = frozenset(),
) -> list[Span]:
    """In a text that does not capitalise names: PERSON spans after "my name is" (up
    to a stop word), for a nickname ("everybody calls me cuca"), after a personal title
    (`titled_lower_case_names`) and for a word or two followed by their own spelling,
    which becomes a SPELLED_NAME per word ("tyrell pritchett t y r e l l p r i t c h e t t")."""
    out = titled_lower_case_names(text, stop_words | not_names, determiners)
    for match in _LOWER_NICKNAME.finditer(text):
        if match.group("name").split()[-1] not in stop_words | not_names | PRONOUNS:
            out.append(Span(*match.span("name"), "PERSON", (STRUCTURE,), CUE_SCORE))
    for match in _MY_NAME.finditer(text):
        kept = []
        for word in re.finditer(r"\S+", match.group("name")):
            if word.group().lower() in stop_words | PRONOUNS:
                break
            kept.append(word)
        if kept:
            start = match.start("name")
            out.append(
                Span(start + kept[0].start(), start + kept[-1].end(), "PERSON", (STRUCTURE,), CUE_SCORE)
            )
    words = [w for w in _LOWER_WORD.finditer(text) if w.group() not in stop_words]
    for word, following in itertools.zip_longest(words, words[1:]):
        names = [word.span()]
        if following is not None and text[word.end() : following.start()] == " ":
            names.insert(0, (word.start(), following.end()))  # a first name and a surname
        for start, end in names:
            spelled = _spelled_soon_after(text[start:end], text, end)
            if spelled and all(w in _SPELLING_LINKS for w in re.findall(r"[\w'’]+", text[end : spelled[0]])):
                out.append(Span(start, end, "PERSON", (STRUCTURE,), CUE_SCORE))
                out += _spelling_per_word(text, text[start:end], *spelled)
                break
    return out


def drop_months_inside_names(spans: Iterable[Span], text: str, calendar_words: frozenset[str]) -> list[Span]:
    """Without a date of one calendar word that lies inside a PERSON the context showed
    ("counselor one tamika may and doctor hoang", "my name is april"): a surname or a
    first name, not the month, which would otherwise cut the name (a date ranks first).
    One capitalised right after a personal title is a surname, a PERSON ("Mostly, Mr.
    March."; not "in March", "Commissioner, March of '87")."""
    spans = list(spans)
    names = [s for s in spans if s.label == "PERSON" and STRUCTURE in s.detectors]
    out = []
    for s in spans:
        if s.label == "DATE" and s.text_in(text).lower() in calendar_words:
            if any(n.start <= s.start and s.end <= n.end for n in names):
                continue
            if s.text_in(text)[:1].isupper() and titled_pattern().search(text, max(0, s.start - 20), s.start):
                s = s.with_(label="PERSON", detectors=(STRUCTURE,), score=CUE_SCORE)
        out.append(s)
    return out


def titled_lower_case_names(text: str, not_names: frozenset[str], determiners: frozenset[str]) -> list[Span]:
    """In a text that does not capitalise names, PERSON spans for the one or two words
    after a personal title used as one (not after a determiner: "the doctor said"), up
    to a word of `not_names` or a pronoun, past a rank's number: "with doctor feldmann
    not with me", "counselor one tamika may and doctor thanh hoang from mental health"
    (a word of `not_names` after a first name is its surname where a conjunction, a
    mark or the line's end follows: a modal or a month cannot end the phrase there). So
    too in a text that capitalises its sentences but writes names in lower case after short
    titles: "Mr. wheat", "Commissioner gutierrez ply"; there a title that also describes a
    role in running text opens no name ("Every incarcerated person deserves programs")."""
    words = re.findall(r"[A-Za-z]+", text[:50000])
    capitalised = sum(w[0].isupper() for w in words) > _CAPITALISED_SHARE * len(words)
    if capitalised and not lower_case_names_after_titles(text):
        return []  # a post with capitals here and there ("Nice vid captain obvious"), not lower-case speech
    numbers = number_words()
    out = []
    for title in lower_title_pattern().finditer(text):
        if capitalised and title.group() in person_words("role_titles"):
            continue  # "Every incarcerated person deserves programs" describes; "by doctor presley" names
        before = _WORD_BEFORE.search(text, max(0, title.start() - 30), title.start())
        bare = title.group().lower().rstrip(".")
        if before and (
            (before.group(1) in determiners and bare not in _COURTESY_TITLES)
            or (before.group(1) in PRONOUNS | _VERB_BEFORE and bare not in person_words("legislative_titles"))
        ):
            continue  # "the doctor said", "you miss speaking", "don't judge me"; but "thank you senator ruiz"
        kept: list[re.Match[str]] = []
        for k, word in enumerate(_NEXT_WORD.finditer(_NEXT_LOWER_WORDS.match(text, title.end()).group())):
            name = word.group()
            if k == 0 and name in numbers:
                continue  # "counselor one", a rank
            # A pronoun contracted with its verb ends the name too: "commissioner he's accepted".
            if _CONTRACTION.sub("", name) in PRONOUNS or name in numbers:
                break
            if name in personal_titles() or name in determiners:
                break
            # A verb a person is the subject of ends the name: "and mister court said yes".
            if kept and name in person_words("subject_verbs"):
                break
            at = title.end() + word.end()
            if name in not_names and not (len(kept) == 1 and _SURNAME_ENDS.match(text, at)):
                break  # "doctor feldmann may see you"; but "counselor tamika may and doctor hoang"
            kept.append(word)
            if len(kept) == 2:
                break
        if kept and text.startswith(":", title.end() + kept[-1].end()) and before:
            continue  # "Incarcerated person appearing from: Avenal": a form's field, not a speaker's tag
        if kept:
            out.append(
                Span(
                    title.end() + kept[0].start(),
                    title.end() + kept[-1].end(),
                    "PERSON",
                    (STRUCTURE,),
                    CUE_SCORE,
                )
            )
    return out


# Lower-case speech (ASR output) has next to no capitalised word.
_CAPITALISED_SHARE = 0.05
# Words after which a title is a verb: "to judge", "will miss", "don't judge".
_VERB_BEFORE = frozenset({"to", "will", "would", "can", "could", "should", "not", "don't", "didn't", "i'll"})
_COURTESY_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mister", "mx"})

# The words after a title, up to punctuation or the line's end.
_NEXT_LOWER_WORDS = re.compile(r"(?:[ ][a-z][a-z'’-]+){0,4}")
_NEXT_WORD = re.compile(r"[a-z][a-z'’-]+")
# After a first name, an ordinary word ("may", "will") that ends the phrase, where the
# word's own reading cannot (a modal or a month before "and" or the line's end), is its surname.
_SURNAME_ENDS = re.compile(r"[ ]+(?:and|or)(?![\w'’-])|[ ]*(?:[.,;:?!]|$)", re.M)


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z][a-z'’-]{2,}(?![\w'’-])")


def _spelling_per_word(text: str, name: str, start: int, end: int) -> list[Span]:
    """SPELLED_NAME spans for the spelling at [start, end) of `name`: one per word of the
    name where it spells them in turn, else one."""
    letters = [k for k in range(start, end) if text[k].isalpha()]
    parts = [re.sub(r"[\W\d_]", "", part) for part in name.split()]
    if len(parts) < 2 or sum(map(len, parts)) != len(letters):
        return [Span(start, end, "SPELLED_NAME", (STRUCTURE,), STRUCTURE_SCORE)]
    out, first = [], 0
    for part in parts:
        out.append(
            Span(
                letters[first],
                letters[first + len(part) - 1] + 1,
                "SPELLED_NAME",
                (STRUCTURE,),
                STRUCTURE_SCORE,
            )
        )
        first += len(part)
    return out


def spellings_after_cue(text: str) -> list[Span]:
    """SPELLED_NAME spans for the letters spelled right after "spell": in lower case
    ("s m i t h", "k-o-w"), with full stops ("S. M. I. T. H.") or in groups ("K-O, W-A-L")."""
    out = []
    for match in _SPELLING_CUE.finditer(text):
        spelled = _SPELLING.search(text, match.end(), min(len(text), match.end() + _SPELLING_CUE_REACH))
        if spelled:
            out.append(Span(spelled.start(), spelled.end(), "SPELLED_NAME", (STRUCTURE,), STRUCTURE_SCORE))
    return out


def relabel_places_named_alone(
    spans: Sequence[Span],
    text: str,
    known_places: frozenset[str],
    towns: frozenset[str],
    titles: frozenset[str],
    person_names: Iterable[str] = (),
) -> list[Span]:
    """A one-word PERSON that the document never shows as a name (in a longer PERSON span:
    "Georgia" of "Georgia Dallas"; after a title: "Mr. Jordan"; among the cover page's
    `person_names`) is a LOCATION when it is a country or a state (`known_places`, seldom
    a surname: "entered Austria"), or a town (`towns`: a city may be a surname, "Davis")
    where the context makes it a place: in a list with a place ("Santa Monica, then
    Clovis") or opening the answer to a "where" question ("Where did you grow up?" /
    "Stockton, mostly.")."""
    spans = _sorted(spans)
    places = known_places | towns
    if not any(s.label == "PERSON" and s.text_in(text).lower() in places for s in spans):
        return spans
    named = {w for name in person_names for w in re.findall(r"[\w'’-]+", name.lower())}
    for span in spans:
        covered = span.text_in(text).lower()
        if span.label == "PERSON" and (" " in covered or after_word(text, span.start, titles)):
            named.update(re.findall(r"[\w'’-]+", covered))
    out = []
    for i, span in enumerate(spans):
        covered = span.text_in(text).lower()
        if (
            span.label == "PERSON"
            and covered in places
            and covered not in named
            and (
                covered in known_places
                or _listed_with_place(spans, i, text)
                or answers_where(text, span.start)
            )
        ):
            span = span.with_(label="LOCATION")
        out.append(span)
    return out


def relabel_words_of_places(
    spans: Sequence[Span], text: str, titles: frozenset[str], person_names: Iterable[str] = ()
) -> list[Span]:
    """A one-word PERSON that NER guessed (no speaker tag or cue found it) and that the
    document otherwise shows only as a word of a longer place's or organisation's name
    ("for defendant Brightwater" beside "Brightwater Logistics", "Alder like the tree?"
    after "2217 Alder Creek Road"), never as a person's (in a longer PERSON span, after a
    title, on the cover: `person_names`), takes that name's label."""
    spans = _sorted(spans)
    named = {p for name in person_names for p in _words(name)}
    of_places: dict[str, str] = {}
    for span in spans:
        covered = span.text_in(text)
        if span.label == "PERSON" and (" " in covered.strip() or after_word(text, span.start, titles)):
            named.update(_words(covered))
        elif (
            span.label in ("LOCATION", "ORGANIZATION")
            and " " in covered.strip()
            # Not "the family of Douglas Ma--": NER's guess on half a word, nor a place NER
            # read in a line of capitals ("FOR THAT REMY EFFECT"), a weaker reading than its own.
            and not text.startswith("--", span.end)
            and not (span.label == "LOCATION" and covered.isupper())
        ):
            for word in _CAPITAL_WORD.findall(covered):
                of_places.setdefault(word.lower(), span.label)
    if not of_places:
        return spans
    out = []
    for span in spans:
        covered = span.text_in(text).lower()
        if (
            span.label == "PERSON"
            and STRUCTURE not in span.detectors
            and covered in of_places
            and covered not in named
            and not after_word(text, span.start, titles)
        ):
            span = span.with_(label=of_places[covered])
        out.append(span)
    return out


def _words(name: str) -> set[str]:
    """The lower-case words of a name, and the parts of a hyphenated one ("navarro-quinn",
    "navarro", "quinn")."""
    words = set(re.findall(r"[\w'’-]+", name.lower()))
    return words | {part for word in words for part in word.split("-") if part}


def _listed_with_place(spans: Sequence[Span], i: int, text: str) -> bool:
    """Whether spans[i] is in a list with a LOCATION right before or after it."""
    joiners = (", ", ", then ", " and ", ", and ", " or ", " then ")
    before = i > 0 and spans[i - 1].label == "LOCATION" and text[spans[i - 1].end : spans[i].start] in joiners
    after = (
        i + 1 < len(spans)
        and spans[i + 1].label == "LOCATION"
        and text[spans[i].end : spans[i + 1].start] in joiners
    )
    return bool(before or after)


def answers_where(text: str, start: int) -> bool:
    """Whether `start` opens a turn that answers a "where" question on the line before."""
    line_start = text.rfind("\n", 0, start) + 1
    if not _TURN_OPENING.fullmatch(text, line_start, start) or line_start == 0:
        return False
    question = text[text.rfind("\n", 0, line_start - 1) + 1 : line_start - 1]
    return bool(_WHERE_QUESTION.search(question))


def relabel_spellings(spans: Iterable[Span], text: str, number_words: frozenset[str]) -> list[Span]:
    """A "spelled name" alone on its line (or after a margin line number) is a letter-spaced
    banner ("I N D E X", "P R O C E E D I N G S") and goes; one right beside a number is part of a code or
    a plate ("CDCR A-K 4126", "seven K D R two one nine") and is an ID_NUMBER: a digit
    or a cardinal of `number_words` ("first name J-O-H-N" is no code)."""
    cardinals = {w for w in number_words if not w.endswith(("st", "nd", "rd", "th"))} - {"second", "third"}
    out = []
    for span in spans:
        if span.label == "SPELLED_NAME":
            line_start = text.rfind("\n", 0, span.start) + 1
            line_end = text.find("\n", span.end)
            rest = text[span.end : len(text) if line_end < 0 else line_end]
            before_on_line = text[line_start : span.start].strip()
            if (not before_on_line or before_on_line.isdigit()) and not rest.strip():
                continue  # alone on its line, or after the page's margin number
            before = _WORD_BEFORE.search(text, max(0, span.start - 30), span.start)
            after = _WORD_AFTER.match(text, span.end)
            if any(
                word and (word[0].isdigit() or word.lower() in cardinals)
                for word in (before and before.group(1), after and after.group(1))
            ):
                span = span.with_(label="ID_NUMBER")
        out.append(span)
    return out


def _sorted(spans: Iterable[Span]) -> list[Span]:
    return sorted(spans, key=lambda s: (s.start, s.end, s.label))
