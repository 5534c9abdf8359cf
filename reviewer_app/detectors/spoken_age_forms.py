"""Ages said in forms the age rules of `detectors/spoken.py` do not reach: "when she hit forty",
"I wasn't even thirteen yet", "John Ramirez (42)", a name and an age run together in captions without commas
("the victim terrell baskin twenty was stabbed"), an age after the noun that describes the person
("you were a juvenile seventeen", "a young man only twenty"), and "guys that were eighteen,
nineteen". The cue words are data, in `resources/patterns/spoken.toml` ([age_forms]); years of
the nineteenth century said in words ("in eighteen ninety-two") are read here too.

Each rule leaves a number alone that counts or measures (`_Finder._bare_number`)."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reading, number_words
from reviewer_app.detectors.patterns import load_table
from reviewer_app.detectors.spoken_age_talk import AGE_STEP, capitalised_name_word, goes_on_from_an_age
from reviewer_app.detectors.spoken_heights import WEAK_SCORE
from reviewer_app.detectors.spoken_series import says_again_an_age

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# A speaker's turn ends at a line that opens with a mark, not a word (captions' ">>", a dash, a
# bracket), at a blank line, or at a speaker's tag ("SPEAKER_02:", "speaker 1:",
# `Finder.tag_starts`); captions and ASR write no "?" or "." there.
_TURN_END = re.compile(r"\n[ \t]*(?:\n|[^\w\s])")


def turn_ends(f: Finder, j: int) -> bool:
    """Whether a speaker's turn ends without a mark before word j (`_TURN_END`, a speaker's tag)."""
    gap = f.gap(j - 1, j) if 0 < j < len(f.words) else ""
    if "\n" not in gap or re.search(r"[.;:!?]", gap):
        return False
    return _TURN_END.search(gap) is not None or f.words[j].start in f.tag_starts


@dataclass(frozen=True)
class AgeFormWords:
    reach_verbs: frozenset[str]
    negated_verbs: frozenset[str]
    not_yet: frozenset[str]
    verbs_after_a_name: frozenset[str]
    relative_pronouns: frozenset[str]
    making_verbs: frozenset[str]
    group_objects: frozenset[str]
    group_counts: frozenset[str]
    old_year_cues: frozenset[str]
    range_joins: frozenset[str]
    having_verbs: frozenset[str]
    interpreter_words: frozenset[str]
    life_dating_words: frozenset[str]
    pair_joins: frozenset[str]
    pair_openers: frozenset[str]
    count_questions: frozenset[str]
    times_of_day: frozenset[str]
    stage_nouns: frozenset[str]


@functools.cache
def age_form_words() -> AgeFormWords:
    raw = load_table("spoken.toml")["age_forms"]
    return AgeFormWords(**{name: frozenset(words) for name, words in raw.items()})


def find_more_ages(f: Finder, found: list[Span]) -> list[Span]:
    """The ages of the forms above in the finder's text that no span of `found` covers."""
    w = age_form_words()
    out: list[Span] = []
    last_age: Reading | None = None
    numbers = number_words()
    covered = sorted((s.start, s.end) for s in found)
    found_ages = SpanIndex.of(s for s in found if s.label == "AGE")
    calque = _CalqueContext(f, w)
    k = 0
    for i in range(len(f.words)):
        if f.word(i) not in numbers and not f.word(i).isdigit():
            continue
        start = f.words[i].start
        while k < len(covered) and covered[k][1] <= start:
            k += 1
        if (k < len(covered) and covered[k][0] <= start) or (out and start < out[-1].end):
            continue
        number = f.reader.read_cardinal(i)
        if (
            number is not None
            and 2 <= number.value <= 110
            and _years_a_person_has(f, i, number, w)
            and _years_had_are_an_age(f, i, w, calque)
        ):
            out.append(f.span(i, number.last, "AGE", WEAK_SCORE))  # "I have forty-six years."
            last_age = number
            continue
        if number is not None and _from_an_age_to_another(f, i, number, found_ages):
            out.append(f.span(i, number.last, "AGE", WEAK_SCORE))  # "From sixteen to right before I turned"
            last_age = number
            continue
        if number is None or not 2 <= number.value <= 110 or not f._bare_number(i, number.last):
            continue
        listed = _ages_of_those_counted(f, i)
        if listed:  # "I have three kids, twelve, nine and six"
            out += [f.span(n.first, n.last, "AGE", WEAK_SCORE) for n in listed]
            last_age = listed[-1]
            continue
        ranged = _a_range_of_ages(f, i, number, found_ages, out)
        if ranged:  # "from fifteen to eighteen I was in and out of juvenile hall"
            out += [f.span(n.first, n.last, "AGE", WEAK_SCORE) for n in ranged]
            last_age = ranged[-1]
            continue
        if (
            _reached(f, i, number, w)
            or _not_yet(f, i, w)
            or _in_brackets_after_a_name(f, i, number)
            or _after_a_name_before_a_verb(f, i, number, w)
            or _after_the_noun_of_a_person(f, i)
            or _of_people_that_were(f, i, w)
            or _reckoned_from_a_birth(f, i, number)
            or (
                f.word(i - 1) in f._people_as_objects | {"you"}
                and f.word(i - 2) in w.making_verbs
                and not (f.word(i - 1) in w.group_objects and _counts_a_group(f, i, number.last, w))
            )  # "making him 52", "makes us thirty-one"; "How many kids? That makes them -- twelve" counts
            or (last_age is not None and goes_on_from_an_age(f, last_age, i))
            or _goes_on_from_an_age_said(f, i, number, found + out)
            # "Which makes you fifty-five." "Fifty-five.": said again after an age of these forms
            or says_again_an_age(f, [number], [s for s in found + out if s.label == "AGE"])
        ):
            out.append(f.span(i, number.last, "AGE", WEAK_SCORE))
            last_age = number
    return out


def _years_a_person_has(f: Finder, i: int, number: Reading, w: AgeFormWords) -> bool:
    """An age said as Spanish, Punjabi and other languages say it, through an interpreter: "I have
    forty-six years.", "when I had fifteen years, with my uncle", "She has twenty-three years now":
    a person has a number of years that ends the clause (not "I have two years left", "he has five
    years in", nor an English "I've had ten years")."""
    j = number.last
    if f.word(j) != "years" or f.word(i - 1) not in w.having_verbs:
        return False
    after = j + 1 + (f.word(j + 1) == "now")
    if after < len(f.words) and not re.search(r"[.;:!?,\n]", f.gap(after - 1, after)):
        return False
    subject = i - 2
    return (
        f.word(subject) in f.v.subjects - {"it", "who"}
        or f.word(subject) in f.v.person_nouns
        or f.words[subject].start in f.persons
    ) and not re.search(r"[.;:!?,\n]", f.gap(subject, i - 1))


class _CalqueContext:
    """What `_years_had_are_an_age` reads of the whole text, read once and only when needed."""

    def __init__(self, f: Finder, w: AgeFormWords) -> None:
        self._f, self._w = f, w

    @functools.cached_property
    def interpreted(self) -> bool:
        return any(self._f.word(k) in self._w.interpreter_words for k in range(len(self._f.words)))

    @functools.cached_property
    def age_answers(self) -> set[int]:
        from reviewer_app.detectors.spoken_answers import age_answer_words  # it imports this module

        return age_answer_words(self._f)


def _years_had_are_an_age(f: Finder, i: int, w: AgeFormWords, text: _CalqueContext) -> bool:
    """Whether the years a person has at word i (`_years_a_person_has`) are an age rather than time
    served or a sentence ("How long were you in?" "She has twenty years."): the text has an
    interpreter, the clause dates a life ("when I had twelve years"), or it answers "how old"."""
    return text.interpreted or f.word(i - 3) in w.life_dating_words or i in text.age_answers


def _ages_of_those_counted(f: Finder, i: int, reach: int = 5) -> list[Reading]:
    """The numbers listed from word i after a comma, as many as the people counted just before
    them: "I have three kids, twelve, nine and six", "she's got two of her own, six and nine"
    (not "two rooms, six and nine", "three kids, twelve dollars")."""
    if i < 2 or "," not in f.gap(i - 1, i):
        return []
    count = None
    for k in range(i - 1, max(-1, i - 1 - reach), -1):
        if k < i - 1 and re.search(r"[.;:!?,\n]", f.gap(k, k + 1)):
            return []
        said = f.reader.read_small(k)
        if said is not None and said.last <= i - 1 and 2 <= said.value <= 6:
            count = said
            break
    between = [f.word(n) for n in range(count.last, i)] if count is not None else []
    if not any(w in f.v.person_nouns or w == "own" for w in between):
        return []
    listed: list[Reading] = []
    j = i
    while len(listed) <= count.value:
        read = f.reader.read_cardinal(j)
        if read is None or not 1 <= read.value <= 99 or f.word(j).isdigit() != f.word(i).isdigit():
            break
        listed.append(read)
        j = read.last + (f.word(read.last) == "and")
        if j >= len(f.words) or not (
            f.word(j - 1) == "and" or f.gap(read.last - 1, read.last).strip() == ","
        ):
            break
    if len(listed) != count.value or not f._bare_number(listed[-1].first, listed[-1].last):
        return []
    return listed


def _a_range_of_ages(
    f: Finder, i: int, number: Reading, ages: SpanIndex, more_ages: list[Span]
) -> list[Reading]:
    """The numbers of a range of the years of a life in words, from 13 to 29, said with a person in
    its sentence or near an age of `ages` or `more_ages`: "from fifteen to eighteen I was in and
    out", "between thirteen and sixteen he ran with them", "fourteen through seventeen", "from like
    fourteen to twenty", "from fifteen to about seventeen and a half", "from about fifteen on" (no
    hour, and a year is said with its "twenty"); [] for "from fifteen to twenty minutes"."""
    w = age_form_words()
    join = number.last
    if f.word(i).isdigit() or not 13 <= number.value <= 29:
        return []
    about_a_person = f._person_near(i - 1) or _person_before_in_turn(f, i)
    if not (about_a_person or near_an_age(f, i, join, ages, more_ages)):
        return []
    opener = f.word(_before_hedges(f, i - 1))
    if opener == "from" and f.word(join) == "on" and f.clause_end(join + 1):
        return [number]  # "I carried one from about fifteen on."
    if f.word(join) not in w.range_joins or f.word(join + 1).isdigit():
        return []
    if opener not in ("from", "between") and f.word(join) not in ("through", "thru"):
        return []
    k = join + 1
    while k < len(f.words) - 1 and f.word(k) in f.v.hedges:
        k += 1  # "from fifteen to about seventeen"
    second = f.reader.read_cardinal(k)
    if second is None or not number.value < second.value <= 29:
        return []
    if [f.word(second.last + n) for n in range(3)] == ["and", "a", "half"]:
        second = Reading(second.value, second.first, second.last + 3)  # "to seventeen and a half"
    if not f._bare_number(second.first, second.last):
        return []
    return [number, second]


def _from_an_age_to_another(f: Finder, i: int, number: Reading, ages: SpanIndex) -> bool:
    """Whether the number in words at word i, from 13 to 29, opens a range of a life after "from"
    whose other end is an age said a few words on: "From sixteen to right before I turned eighteen"."""
    if f.word(i).isdigit() or not 13 <= number.value <= 29 or f.word(_before_hedges(f, i - 1)) != "from":
        return False
    return f.word(number.last) in ("to", "till", "until") and _age_follows(f, number.last + 1, ages)


def _person_before_in_turn(f: Finder, i: int, reach: int = 25) -> bool:
    """Whether a person is the subject of a sentence before word i in the same turn, as the years of
    a life go on from it: "A. When I was young. Meadowview Norte. MVN. From like fourteen to twenty-two"."""
    for k in range(i - 1, max(-1, i - 1 - reach), -1):
        if "\n" in f.gap(k, k + 1) or f.words[k + 1].start in f.tag_starts:
            return False
        if f.word(k) in f.v.subjects - {"it", "who"} or f.word(k) in f.v.contracted:
            return True
    return False


def _age_follows(f: Finder, k: int, ages: SpanIndex, reach: int = 5) -> bool:
    """Whether an age of `ages` opens within `reach` words from word k, in the same sentence."""
    end = k
    while end + 1 < min(len(f.words), k + reach) and not re.search(r"[.;:!?\n]", f.gap(end, end + 1)):
        end += 1
    return k < len(f.words) and ages.has_within(f.words[k].start, f.words[end].end, "AGE")


def near_an_age(
    f: Finder, i: int, j: int, ages: SpanIndex, more_ages: Sequence[Span] = (), reach: int = 300
) -> bool:
    """Whether an age of `ages` or `more_ages` (a few, not indexed) lies within `reach` characters
    of words i..j-1."""
    low, high = f.words[i].start - reach, f.words[j - 1].end + reach
    return ages.has_within(low, high, "AGE") or any(
        age.label == "AGE" and low <= age.start and age.end <= high for age in more_ages
    )


def _before_hedges(f: Finder, k: int, extra: frozenset[str] = frozenset()) -> int:
    start = k
    while k > 0 and (
        f.word(k) in f.v.hedges or f.word(k) in extra or (k < start and f.word(k) in f.v.hedge_leads)
    ):
        k -= 1  # "all" only before another hedge: "all like fifteen"
    return k


def _reached(f: Finder, i: int, number: Reading, w: AgeFormWords) -> bool:
    """ "when she hit forty", "once I reached eighteen": a person reaching an age."""
    k = _before_hedges(f, i - 1)
    return f.word(k) in w.reach_verbs and number.value >= 13 and f._person_near(k, reach=4)


def _not_yet(f: Finder, i: int, w: AgeFormWords) -> bool:
    """ "I wasn't even thirteen yet", "she is not eighteen": an age denied of a person."""
    k = _before_hedges(f, i - 1, w.not_yet)
    if f.word(k) == "not" and (f.word(k - 1) in f.v.age_verbs or f.word(k - 1) in f.v.contracted):
        k -= 1  # "she is not", "I'm not even"
        if f.word(k) in f.v.contracted:
            return True
    elif f.word(k) not in w.negated_verbs:
        return False
    subject = f.word(k - 1)
    return subject in f._people or f.words[k - 1].start in f.persons if k > 0 else False


def _in_brackets_after_a_name(f: Finder, i: int, number: Reading) -> bool:
    """ "John Ramirez (42) was arrested", "a minor (17)": digits alone in brackets right after a
    person's name or a word for a person."""
    if i < 1 or number.last != i + 1 or not f.word(i).isdigit():
        return False
    if f.gap(i - 1, i) != " (" or f.text[f.words[i].end : f.words[i].end + 1] != ")":
        return False
    before = f.word(i - 1)
    named = f.words[i - 1].start in f.persons or before in f.v.person_nouns or before in f.v.age_of_nouns
    return named or (i > 1 and capitalised_name_word(f, i - 1) and capitalised_name_word(f, i - 2))


def _after_a_name_before_a_verb(f: Finder, i: int, number: Reading, w: AgeFormWords) -> bool:
    """A name and an age run together as captions write them, between a word for a person (or a
    title) and the clause's verb: "the victim terrell baskin twenty was stabbed", "his wife linda
    forty nine was at home" (the age a written text sets off by commas)."""
    j = number.last
    if f.word(j) not in w.verbs_after_a_name or not f.adjacent(j - 1) or "," in f.gap(j - 1, j):
        return False
    for k in range(i - 1, max(-1, i - 7), -1):
        if f.gap(k, k + 1) != " ":
            return False
        word = f.word(k)
        if word in f.v.corrections:
            continue  # "the victim darius no dorian pettaway twenty two was shot"
        if k < i - 1 and (word.removesuffix("'s") in f.v.person_nouns or word in f.v.titles):
            return True
        if word in f.v.function_words or f.reader.read_small(k) is not None or word in f.v.age_verbs:
            return False
        if word in f.v.subjects or word in f.v.possessives or word in ("the", "a"):
            return False
    return False


def _goes_on_from_an_age_said(f: Finder, i: int, number: Reading, ages: list[Span], reach: int = 14) -> bool:
    """Whether the number goes on from an age said shortly before in the same turn, as speech
    without marks does: the next year of age before its month ("forty seven yes forty eight in
    may"), or an age of a second clause after "and" ("i was thirteen when i started and fourteen
    when i got caught")."""
    start = f.words[max(0, i - reach)].start
    before = [s for s in ages if start <= s.start and s.end <= f.words[i].start]
    if not before or "\n" in f.text[before[-1].end : f.words[i].start]:
        return False
    j = number.last
    if f.word(j) in ("in", "come") and f.word(j + 1) in f.v.months:  # "fifty-six come March"
        said = f.reader.read_cardinal(bisect.bisect_right(f.word_ends, before[-1].start))
        return said is not None and number.value - said.value in (0, 1)
    if f.word(i - 1) == "and" and f.word(j) == "when" and number.value >= 10:
        return True
    if _corrects_an_age(f, i, number, before[-1]):
        return True
    return number.value >= 13 and _parallel_to_an_age(f, i, j, before[-1])  # no hour


def _corrects_an_age(f: Finder, i: int, number: Reading, age: Span) -> bool:
    """Whether the number at word i takes back the `age` said before it in the same sentence, after
    a correction set off by a comma: "I was twenty when she died -- no, twenty-one"."""
    if f.word(i - 1) not in f.v.corrections or "," not in f.gap(i - 1, i):
        return False
    if re.search(r"[.?!;]", f.text[age.end : f.words[i - 1].start].replace("...", "")):
        return False
    said = f.reader.read_cardinal(bisect.bisect_right(f.word_ends, age.start))
    return said is not None and abs(number.value - said.value) <= AGE_STEP and number.value != said.value


def _parallel_to_an_age(f: Finder, i: int, j: int, age: Span) -> bool:
    """Whether the number of words i..j-1 opens a phrase said like the one of the `age` before it,
    both going on with "when" and a subject or "at the" ("i was nineteen when i caught it twenty
    when i went in", "You were thirteen when you started, twenty-four at the crime")."""

    def dated(k: int) -> bool:
        return (f.word(k) == "when" and f.word(k + 1) in f.v.subjects | f.v.contracted) or (
            f.word(k) == "at" and f.word(k + 1) == "the"
        )

    after_age = bisect.bisect_left(f.word_ends, age.end) + 1
    if not (dated(after_age) and dated(j)) or f.reader.read_small(i - 1) is not None:
        return False
    return f.word(after_age) == f.word(j) or f.gap(i - 1, i).strip() == ","


def _after_the_noun_of_a_person(f: Finder, i: int) -> bool:
    """ "so you were a juvenile seventeen when", "he was a young man only twenty": an age right
    after the noun a person is said to be, without the comma a written text puts between."""
    k = _before_hedges(f, i - 1)
    if k >= i - 1 and f.gap(k, k + 1) != " ":
        return False
    if f.word(k) not in f.v.age_of_nouns:
        return False
    k -= 1 + (f.word(k - 1) in f.v.age_adjectives)
    return f.word(k) == "a" and f.person_is(k)


def _counts_a_group(f: Finder, i: int, end: int, w: AgeFormWords, reach: int = 8) -> bool:
    """Whether a word of counting people (`group_counts`: "how many", "kids", "in all") is said within
    `reach` words before word i or after word end-1: a group made up then has a size ("Add the two
    new ones and that makes us nine on the crew"); without one it has an age ("twins, which makes us
    thirty-one", "born in 2012, that makes them fourteen")."""
    near = list(range(max(0, i - reach), i)) + list(range(end, min(len(f.words), end + reach)))
    return any(f.word(k) in w.group_counts for k in near)


def _reckoned_from_a_birth(f: Finder, i: int, number: Reading, reach: int = 25) -> bool:
    """ "The file says born December 23rd, 1947. That's seventy-eight.": an age reckoned from a birth
    said in the sentence before, in a sentence of its own."""
    k = i - 2 if (f.word(i - 2), f.word(i - 1)) == ("that", "is") else i - 1
    if f.word(k) not in ("that's", "that") or not f._opens_a_sentence(k):
        return False
    if number.last < len(f.words) and not re.search(r"[.!?]", f.gap(number.last - 1, number.last)):
        return False
    for n in range(k - 1, max(-1, k - 1 - reach), -1):
        if f.word(n) in ("born", "birth", "dob"):
            return True
        if n < k - 1 and re.search(r"[.!?\n]", f.gap(n, n + 1)):
            return False
    return False


def _of_people_that_were(f: Finder, i: int, w: AgeFormWords) -> bool:
    """ "guys that were eighteen", "the girl that was fifteen": a relative clause of a person."""
    k = _before_hedges(f, i - 1)
    if f.word(k) not in f.v.age_verbs or f.word(k - 1) not in w.relative_pronouns:
        return False
    return f.word(k - 2) in f.v.person_nouns


def stage_of_life_at(f: Finder, i: int, reach: int = 4) -> bool:
    """Whether word i is a noun of a stage of life said of someone after "a", as an age: "He's a
    teenager, like sixteen", "I went in a teenager and came out with gray hair" (not "a teenager's
    room", "she raised a teenager")."""
    if f.word(i) not in age_form_words().stage_nouns or f.word(i - 1) not in ("a", "an"):
        return False
    if any(f.word(k) in ("when", "since", "as") for k in range(max(0, i - 5), i)):
        return False  # "when you were a teenager" names a time of life, not an age (the generator's gold)
    if f.person_is(i - 1):
        return True
    if f.word(i - 2) not in ("in", "out"):
        return False  # "I went in a teenager", "came out a teenager"
    for k in range(i - 3, max(-1, i - 3 - reach), -1):
        if re.search(r"[.;:!?,\n]", f.gap(k, k + 1)):
            return False
        if f.word(k) in f.v.subjects - {"it", "who"} or f.word(k) in f.v.contracted:
            return True
    return False


def old_years(f: Finder, found: list[Span]) -> list[Span]:
    """Years of the nineteenth century said in words after a cue ("born in eighteen ninety-two",
    "since eighteen oh five") and its name ("the eighteen hundreds"); elsewhere "eighteen forty"
    is as often a 24-hour clock time."""
    cues = age_form_words().old_year_cues
    out = []
    for i in range(1, len(f.words)):
        if f.word(i) not in f.v.teens or any(s.start <= f.words[i].start < s.end for s in found):
            continue
        if f.word(i - 1) == "the" and f.reader._joined(i + 1) == "hundreds":
            out.append(f.span(i, i + 2, "DATE", WEAK_SCORE))  # "the nineteen hundreds"
            continue
        end = f.reader.read_old_year(i) if f.word(i - 1) in cues else 0
        if end and not f.counts_a_thing(end) and f.word(end) not in f.v.not_after_age:
            out.append(f.span(i, end, "DATE", WEAK_SCORE))
    return out
