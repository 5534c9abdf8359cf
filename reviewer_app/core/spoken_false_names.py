"""Words of calls and interviews that name recognisers take for names, and are none (issue 12).

A call, an interview or a transcript released on a records request has words that look
like names to NER, in capitals or at the start of a turn, and that its layout or its
speakers show to be something else:

- `abbreviated_role_tags`: a speaker tag that abbreviates a role said in the document
  ("FD:" beside "Fire department, what's your emergency?", "CT:" beside "Call-taker:"):
  the letters are the initials of words whose last is a role or an organisation's head
  word. A tag of a person's initials ("JS:" for John Smith) abbreviates a name, which
  ends in no such word.
- a word in capitals in square brackets ("[WITHHELD]", "[REDACTED]", "[NAME]"): what a
  transcriber or a records office put in place of what was said.
- a word the speakers gloss as a word ('"Abbaa" means father', "mija, that's my
  daughter"): a word of the speaker's language, not a name.
- a term of address or endearment of another language (`resources/patterns/calls.toml`:
  "Papi, stay in the car", "I tell her mija"): Spanish and other kin words that English
  NER reads as first names.
- in lower-case speech (ASR output, captions), a word after a determiner ("the baker on
  Santa Clara Street", "your forelady", "the barrio"): the casing model capitalises words it
  never counted as it would names, and NER reads them as people; a name is seldom said
  after "the" or "your" (but "the Cardoza family"; not after "a": "she was a Peterson").
- a radio call sign: a spelling-alphabet word joined to a unit number ("Adam-fourteen",
  "Lincoln 12"), a police or fire unit, not a person.
- a speaker's tag that numbers the speaker ("SPEAKER_00:", "Speaker 2:", "CALLER 1:"), as
  diarising speech recognition writes them: a label of the machine, no name or place (any
  name label, not only PERSON: NER reads "SPEAKER_00" as a place).
- a credential or a field's abbreviation in a sentence of small letters ("Kathleen Voigt,
  LCSW", "the supervising RN", "Member ID is"): two to four capitals that NER alone read
  as a name; a surname in capitals keeps its span after a title, in a tag or a longer name.
- a colour that opens a description ("Gray hoodie, black shorts", "Gray, like a
  silver-gray"): a caller describing clothes or a car; a surname said so would be followed
  by what its bearer did, and a person named with a title or in full keeps the word.

Only PERSON spans are dropped, and only where the word is no name elsewhere in the
document as the context shows it (after a title, beside another name's word).
"""

from __future__ import annotations

import bisect
import functools
import re
import tomllib
from collections.abc import Iterable, Sequence

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import opens_sentence
from reviewer_app.core.name_rules import PROPAGATION, STRUCTURE
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words
from reviewer_app.core.truecasing import is_caseless
from reviewer_app.paths import resource

# A speaker tag of two to four capitals (dots allowed), after a time stamp if any: "00:47  FD:".
_ABBREVIATED_TAG = re.compile(r"^[ \t]*(?:\[?[\d:.]+\]?[ \t]+)?((?:[A-Z]\.?){2,4}):[ \t]", re.M)
# Words in capitals in square brackets: "[WITHHELD]", "[NAME REDACTED]".
_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z .'’-]*\]")
# A quoted word the speaker explains as a word: '"Abbaa" means father', "'mija' is what we call".
_GLOSSED = re.compile(
    r"[\"“'‘](?P<word>[^\W\d_][\w'’-]*)[\"”'’],?[ ]+"
    r"(?:means|meant|is[ ]the[ ]word[ ]for|is[ ]what[ ]we[ ]call|is[ ]like[ ]saying"
    r"|is[ ](?:a|our)[ ]word[ ]for)\b"
)
_WORD = re.compile(r"[\w'’]+")
WORD_BEFORE = re.compile(r"([\w'’]+)[ ]+\Z")
_INDEFINITE = frozenset({"a", "an"})
# "my wife is ", "my brother, his name is ": a relative, then the name ("my brother's" may
# own what follows: "my brother's Toyota").
# A capitalised plural, a group's members ("Crips", "Bloods"), not a name ending in a vowel
# and "s" ("Hollis", "Marcus", "James") nor one in "ss" ("Ross").
_PLURAL = re.compile(r"[A-Z][a-zà-ÿ]*[b-df-hj-np-rtv-z]s")
_KIN_IS = re.compile(
    r"\b(?i:my|his|her|our|their)[ ]+(?P<kin>[\w-]+)"
    r"(?:[ ]+(?:is|was)|,[ ]+(?:his|her)[ ]+name[ ]+(?:is|was))[ ]+\Z"
)
# "the cardoza family", "the ramos brothers", "the cardoza case": a name after "the".
_FAMILY_AFTER = re.compile(r"[ ]+(?:family|families|case|brothers|sisters|boys|girls|kids|twins)\b|['’]s\b")
_NAME_LABELS = frozenset({"PERSON", "ORGANIZATION", "LOCATION", "NRP"})
# What follows a colour that describes: a noun in lower case ("Gray hoodie"), or "like".
_DESCRIBED = re.compile(r"[ ]+[a-z][a-z-]*[ ]*[,.?!]|,?[ ]+like\b")


@functools.cache
def _call_words() -> tuple[frozenset[str], frozenset[str]]:
    """(terms of address of other languages, spelling-alphabet words), lower case."""
    with resource("patterns", "calls.toml").open("rb") as fh:
        calls = tomllib.load(fh)
    with resource("patterns", "read_out.toml").open("rb") as fh:
        phonetic = tomllib.load(fh)["characters"]["phonetic"]
    return frozenset(w.lower() for w in calls["terms_of_address"]["words"]), frozenset(phonetic)


def abbreviated_role_tags(
    text: str, role_words: frozenset[str], determiners: frozenset[str] = frozenset()
) -> frozenset[str]:
    """The speaker tags (as written, dots left out) that abbreviate a role or a body the
    document names: each letter opens one of consecutive words (a hyphen parts words:
    "Call-taker") whose last is one of `role_words` and whose first is none of `determiners`
    (lower case: "TM:" for Tavion Mabry does not abbreviate "the man")."""
    out = set()
    for tag in {m.group(1) for m in _ABBREVIATED_TAG.finditer(text)}:
        letters = tag.replace(".", "")
        words = r"[ -]+".join(rf"{letter}[a-z']*" for letter in letters)
        for match in re.finditer(rf"(?<![\w'-])(?i:{words})(?![\w'-])", text):
            first, *_, last = (w.lower() for w in re.split(r"[ -]+", match.group()))
            if first in determiners:
                continue
            if last in role_words and any(c.islower() for c in match.group()):
                out.add(letters)
                break
    return frozenset(out)


# The detectors that read a name from the sentence alone, without a cue or the layout.
NER_DETECTORS = frozenset({"spacy", "presidio", "stanza", "trained", "zeroshot"})
_ABBREVIATION = re.compile(r"[A-Z]{2,4}")
# A courtesy title or a role right before: "Mr. LEE", "Dr. OH".
_TITLE_BEFORE = re.compile(r"(?i:\b(?:mr|mrs|ms|mx|dr|miss|mister))\.?[ ]+\Z")


def is_ner_guess(span: Span) -> bool:
    """Whether only `NER_DETECTORS` proposed `span`: a name read from the sentence alone,
    which a rule of context may relabel; none a cue, the layout or propagation found."""
    return bool(span.detectors) and set(span.detectors) <= NER_DETECTORS


def drop_false_names(
    spans: Iterable[Span],
    text: str,
    role_words: frozenset[str],
    determiners: frozenset[str] = frozenset(),
    colour_words: frozenset[str] = frozenset(),
    speaker_tags: Sequence[tuple[int, int]] = (),
) -> list[Span]:
    """`spans` without the PERSON spans that are none (module docstring). `role_words`:
    roles, titles and the head words of organisations' names, `determiners` ("the",
    "your"), `colour_words`, in lower case; `speaker_tags` as `Document.speaker_tags`."""
    spans = _without_determined_lower_case_words(list(spans), text, determiners - _INDEFINITE, speaker_tags)
    persons = [s for s in spans if s.label == "PERSON"]
    if not persons:
        return spans
    address_terms, phonetic = _call_words()
    tags = abbreviated_role_tags(text, role_words, determiners)
    glossed = {m.group("word").lower() for m in _GLOSSED.finditer(text)}
    placeholders = [m.span() for m in _PLACEHOLDER.finditer(text)]
    numbers = number_words()
    # A word is a name where it stands beside another capitalised word of a PERSON span
    # ("Papi Ochoa"): those words keep their spans.
    named = {
        w.lower()
        for s in persons
        if len(words := _WORD.findall(s.text_in(text))) > 1
        for w in words
        if w[:1].isupper()
    }

    def is_false(span: Span) -> bool:
        covered = span.text_in(text)
        bare = covered.replace(".", "")
        if bare in tags:
            return True
        if any(a <= span.start and span.end <= b for a, b in placeholders):
            return True
        if " " in covered.strip() or "-" in covered:
            return _call_sign(covered, phonetic, numbers)
        word = covered.lower()
        return word not in named and (word in glossed or word in address_terms)

    def describes(span: Span) -> bool:
        """A colour opening a description (module docstring); that mention only."""
        word = span.text_in(text)
        return (
            word.lower() in colour_words
            and word.lower() not in named
            and span.detectors != (STRUCTURE,)
            and opens_sentence(text, span.start)
            and _DESCRIBED.match(text, span.end) is not None
        )

    # A word NER alone read as a name somewhere, beside the same word a cue or a tag found.
    cued = {s.text_in(text).lower() for s in persons if not set(s.detectors) <= NER_DETECTORS}
    # The initials of a full name ("Janelle Whitford (JW)") abbreviate a person.
    cued |= {
        "".join(w[0] for w in words).lower()
        for s in persons
        if len(words := _WORD.findall(s.text_in(text))) > 1
    }

    def abbreviates(span: Span) -> bool:
        """A credential or a field's abbreviation in a sentence of small letters ("Kathleen
        Voigt, LCSW", "the supervising RN", "Member ID is"): two to four capitals that NER
        alone read as a name, where no title, tag or longer name shows them as one."""
        covered = span.text_in(text)
        line_start = text.rfind("\n", 0, span.start) + 1
        line_end = text.find("\n", span.end)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        return (
            _ABBREVIATION.fullmatch(covered) is not None
            and set(span.detectors) <= NER_DETECTORS
            and covered.lower() not in named | cued
            and sum(c.islower() for c in line) > sum(c.isupper() for c in line)
            and not _TITLE_BEFORE.search(text, max(0, span.start - 20), span.start)
            and not text.startswith((":", ")"), span.end)  # a speaker's tag, "Janelle Whitford (JW)"
        )

    false = {s.text_in(text) for s in persons if is_false(s)}
    # What the context showed to be no name once (a glossed word) is none in its
    # other mentions either.
    return [
        s
        for s in spans
        if not (
            s.label == "PERSON"
            and (s.text_in(text) in false or (colour_words and describes(s)) or abbreviates(s))
        )
    ]


def drop_numbered_speaker_tags(
    spans: Iterable[Span], text: str, speaker_tags: Sequence[tuple[int, int]]
) -> list[Span]:
    """`spans` without the names inside a speaker's tag that numbers the speaker
    ("SPEAKER_00:", "Speaker 2:", module docstring); `speaker_tags` as `Document.speaker_tags`."""
    tags = [(a, b) for a, b in speaker_tags if text[b - 1 : b].isdigit()]
    if not tags:
        return list(spans)
    starts = [a for a, _ in tags]
    out = []
    for span in spans:
        i = bisect.bisect_right(starts, span.start) - 1
        if span.label in _NAME_LABELS and i >= 0 and span.end <= tags[i][1]:
            continue
        out.append(span)
    return out


def is_plural_word(word: str) -> bool:
    """Whether a capitalised word is a plural, a group's members ("Crips", "Bloods"), which no
    relative is called."""
    return bool(_PLURAL.fullmatch(word))


def relabel_kin_named(spans: Iterable[Span], text: str, kin_words: frozenset[str]) -> list[Span]:
    """A one-word place or organisation that an answer gives as a relative's name is
    a PERSON: "My wife is Chaltu", "my son, his name is Jawad" (NER
    reads a name it does not know as a place), not a plural ("My brother was Crips", a gang).
    `kin_words`: lower case ("wife", "son")."""
    out = []
    for span in spans:
        # Not a group: "My mother is Tongan", "my grandmother was Lutheran".
        covered = span.text_in(text).strip()
        if span.label in ("LOCATION", "ORGANIZATION") and " " not in covered and not is_plural_word(covered):
            before = _KIN_IS.search(text, max(0, span.start - 60), span.start)
            if before and before.group("kin").lower() in kin_words:
                span = span.with_(label="PERSON")
        out.append(span)
    return out


def drop_propagated_after_the(spans: Iterable[Span], text: str) -> list[Span]:
    """Without a one-word PERSON that propagation alone found right after "the", where the
    document also writes that word in lower case: the word of a name said as a common noun
    or a place ("put on the Hill" beside "Lemon Hill" and "a hill", "rang the Bell" beside
    Dr. Bell and "the call bell"), which a person's name is not said after ("the Cardoza
    family" is the family's). A name that is no common word stays ("the Öcalan
    ‘poisoning’")."""
    out = []
    common = lowercase_words(text)
    for span in spans:
        covered = span.text_in(text)
        if (
            span.label == "PERSON"
            and span.detectors == (PROPAGATION,)
            and " " not in covered
            and covered.lower() in common
        ):
            before = WORD_BEFORE.search(text, max(0, span.start - 30), span.start)
            if before and before.group(1).lower() == "the" and not _FAMILY_AFTER.match(text, span.end):
                continue
        out.append(span)
    return out


def _without_determined_lower_case_words(
    spans: list[Span], text: str, determiners: frozenset[str], speaker_tags: Sequence[tuple[int, int]]
) -> list[Span]:
    """Without a one-word PERSON in lower case that NER found right after one of
    `determiners`, in a text written without capitals (speech recognition, captions); a
    hasty post that capitalises some sentences keeps its lower-case names ("That rick roll")."""
    if not determiners or not is_caseless(text, speaker_tags):
        return spans
    out = []
    for span in spans:
        covered = span.text_in(text)
        if (
            span.label == "PERSON"
            and covered.isalpha()
            and covered.islower()
            and STRUCTURE not in span.detectors
        ):
            before = WORD_BEFORE.search(text, max(0, span.start - 30), span.start)
            if before and before.group(1).lower() in determiners and not _FAMILY_AFTER.match(text, span.end):
                continue
        out.append(span)
    return out


def _call_sign(covered: str, phonetic: frozenset[str], numbers: frozenset[str]) -> bool:
    """ "Adam-fourteen", "Lincoln 12", "David twenty-one": a spelling-alphabet word and a number."""
    first, _, rest = covered.replace("-", " ", 1).partition(" ")
    if first.lower() not in phonetic or not rest:
        return False
    parts = rest.replace("-", " ").split()
    return all(p.isdigit() or p.lower() in numbers for p in parts)
