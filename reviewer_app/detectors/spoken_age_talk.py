"""How a speaker goes on about an age beyond "I was seventeen": an age that goes on from the one just
said ("twelve, going on thirteen", "seventy-eight, I'm sorry, seventy-seven", "thirty... thirty-nine"),
a birthday's ordinal ("my fifteenth birthday"), "a month shy of eighteen", the first of "forty fifty
years old", a baby's "eighteen months", and a person named in apposition before an age ("the owner,
Harjit Dhillon, forty-four"). Read over the words of the spoken-form finder (`detectors/spoken.py`)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from reviewer_app.core.span_index import SpanIndex
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reading
from reviewer_app.detectors.spoken_heights import WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# How far a speaker's next try at an age may stray from the one just said ("thirty, thirty-five").
AGE_STEP = 20


def months_of_a_baby(f: Finder, i: int, number: Reading, answers: Collection[int] = frozenset()) -> bool:
    """Whether a person is said to be a number of months or weeks, ending the clause: "the
    baby is eighteen months.", "she was six weeks" (not "I was six months in county"); or the number
    opens the answer to a question about an age (`answers`, the words that answer one: "How old is
    the baby?" "Maybe fourteen months.")."""
    j = number.last
    if f.word(j) not in ("months", "weeks") or not (f.person_is(i) or opens_an_answer(f, i, answers)):
        return False
    # "She was four months when I went in": a clause may follow
    return j + 1 >= len(f.words) or bool(re.search(r"[.;:!?,\n]", f.gap(j, j + 1))) or f.word(j + 1) == "when"


def opens_a_range_of_ages(f: Finder, number: Reading) -> bool:
    """Whether a greater number and "years old" follow `number`, after "or", "to", a comma or
    nothing: "forty fifty years old", "twelve or thirteen years of age"."""
    j = number.last + (f.word(number.last) in ("or", "to"))
    if j >= len(f.words) or (j == number.last and f.gap(j - 1, j).strip() not in ("", ",")):
        return False
    second = f.reader.read_cardinal(j)
    return (
        second is not None
        and number.value < second.value < 120
        and (f._years_old(second.last) or f._years_old(second.last, wrapped=False))
    )


def birthday_at(f: Finder, i: int) -> int:
    """End of the ordinal of a birthday from word i ("my fifteenth birthday", "on her 80th
    birthday"), said of someone: after "my", "his", "her"... or a name's "'s"; or 0."""
    if i + 1 not in f._birthdays and i + 2 not in f._birthdays:
        return 0
    ordinal = f.reader.read_ordinal(i)
    if ordinal is None or f.word(ordinal.last) != "birthday":
        return 0
    whose = f.word(i - 1)
    return ordinal.last if whose in f.v.possessives or whose.endswith("'s") else 0


def goes_on_from_an_age(f: Finder, age: Reading, i: int, reach: int = 4) -> bool:
    """Whether the number at word i goes on from the `age` just said, set off by a comma, a
    dash or a pause, or joined by "or" or "going on", a hedge or a correction between: "fifteen,
    sixteen", "twelve, going on thirteen", "seventy-eight—I'm sorry, seventy-seven", "two, almost
    three" (not across the end of a sentence)."""
    if not 0 <= i - age.last <= reach:
        return False
    going_on = f.reader.read_cardinal(i)
    if going_on is None or abs(going_on.value - age.value) > AGE_STEP:
        return False  # "when I was six, ninety-six -- no, eighty-six" goes on to a year
    if any(f.word(k) not in f._age_joins for k in range(age.last, i)):
        return False
    gaps = "".join(f.gap(k - 1, k) for k in range(age.last, i + 1))
    if re.search(r"[;:!?\n]|\.(?!\.)", gaps.replace("...", "…")):
        return False
    return bool(re.search(r"[,…—–]|--", gaps)) or f.word(age.last) in ("or", "going")


def said_alone(f: Finder, number: Reading) -> bool:
    """Whether `number` ends its sentence after a comma that sets it off from a frame of the
    speaker's: "Here, fifty-eight.", "American way, sixty-nine.", "By our count, fifty-nine."
    (not "Then I did twenty.", a count of what follows no frame)."""
    first, last = number.first, number.last
    after = f.gap(last - 1, last) if last < len(f.words) else f.text[f.words[last - 1].end :]
    set_off = first > 0 and "," in f.gap(first - 1, first)
    return set_off and re.match(r"[ \t]*(?:[.!?]|\n|$)", after) is not None


def around_an_age(f: Finder, i: int, value: int) -> bool:
    """Whether the number of `value` in words at word i, from 13 to 29, follows "around" said of a
    person and not after a verb: "then pills around twenty-two", "hit back, around fifteen, he left"
    (no hour is said so and no year; not "driving around twenty", "we left around eleven")."""
    return (
        f.word(i - 1) == "around"
        and 13 <= value <= 29
        and not f.word(i).isdigit()
        and not f._verb_at(i - 2)
        and f._person_near(i - 1)
    )


def dates_a_life_by(f: Finder, k: int) -> bool:
    """Whether "by" at word k dates a stage of a life by the age that follows, said of a person
    before it ("using speed by fourteen", "a different man by thirty"): not after a verb or a
    pronoun it governs ("we won by fourteen", "cut it by fifteen"), where it gives a difference."""
    before = k - 1
    return (
        f.word(k) == "by"
        and before >= 0
        and f.words[before].start not in f.verbs
        and f.word(before) not in f.v.impersonal_subjects | {"them", "him", "her", "us", "me"}
        and not re.search(r"[.;:!?,\n]", f.gap(before, k))
    )


def far_from_the_number_before(f: Finder, k: int, value: int) -> bool:
    """Whether the number ending at word k, set off by a comma or a correction before a number of
    `value`, is more than `AGE_STEP` away from it: "I was six, ninety-six" goes on to a year, not
    to another age as "fifteen, sixteen" does."""
    if f.word(k) in f.v.corrections:
        k -= 1
    first = k
    while first > 0 and f.gap(first - 1, first) in (" ", "-") and f.reader.read_small(first - 1):
        first -= 1
    said = f.reader.read_cardinal(first)
    return said is not None and said.last == k + 1 and abs(said.value - value) > AGE_STEP


def stage_of_a_life_at(f: Finder, k: int, i: int) -> bool:
    """Whether "at" at word k dates a stage of a life by the number in words at word i (13 and over,
    no hour of a 12-hour clock): "juvenile hall at fourteen", "At thirteen, the first time at
    juvenile hall", "a group home in Galt, at sixteen." (not after a verb: "the count stood at
    fourteen", "driving at sixty"); without a tagger's verbs that cannot be told, and it is not taken."""
    return f.word(k) == "at" and not f.word(i).isdigit() and k > 0 and bool(f.verbs) and not f._verb_at(k - 1)


def ages_of_a_life_story(
    f: Finder, times: list[Span], ages: list[Span], reach: int = 30
) -> tuple[list[Span], list[Span]]:
    """(times, ages) with an hour said alone after "at" or "by" (a time or no span) taken for an age
    where a greater age after "at" or "by" follows it on the same line, as a life story goes on
    ("smoking weed at eleven and using speed by fourteen", "Then at twelve, a battery at school.
    At thirteen, ...")."""
    if not ages:
        return times, ages

    def word_at(start: int) -> int | None:
        n = bisect.bisect_right(f.word_ends, start)
        return n if n < len(f.words) and f.words[n].start == start else None

    said_at = []
    for age in ages:
        n = word_at(age.start)
        read = f.reader.read_cardinal(n) if n is not None else None
        if read is not None and f.word(n - 1) in ("at", "by") and f.words[read.last - 1].end == age.end:
            said_at.append((n, read.value))
    kept, taken = [], []
    for t in times + _hours_set_off_after_at(f, times + ages):
        n = word_at(t.start)
        hour = f.reader.read_small(n) if n is not None else None
        later = (
            hour is not None
            and f.words[hour.last - 1].end == t.end
            and f.word(n - 1) in ("at", "by")
            and any(
                0 < m - n <= reach and value > hour.value and "\n" not in f.text[t.end : f.words[m].start]
                for m, value in said_at
            )
        )
        if later:
            taken.append(t)
        elif t.label == "TIME":
            kept.append(t)
    return kept, sorted(ages + [Span(t.start, t.end, "AGE", t.detectors, t.score) for t in taken])


def _hours_set_off_after_at(f: Finder, found: list[Span]) -> list[Span]:
    """The numbers of an hour in words after "at" or "by", set off by a comma, that no span of
    `found` covers ("Then at twelve, a battery at school."): neither an hour nor an age on their own,
    they are one of a life story when a greater age follows (`ages_of_a_life_story`)."""
    covered = SpanIndex.of(found)
    out = []
    for n in range(1, len(f.words) - 1):
        hour = f.reader.read_small(n) if f.word(n - 1) in ("at", "by") and not f.word(n).isdigit() else None
        if hour is None or not 1 <= hour.value <= 12 or hour.last >= len(f.words):
            continue
        span = f.span(n, hour.last, "CANDIDATE", WEAK_SCORE)
        if f.gap(hour.last - 1, hour.last).strip() == "," and not covered.overlaps_any(span):
            out.append(span)
    return out


def short_of_an_age(f: Finder, i: int, reach: int = 4) -> bool:
    """Whether the number at word i follows "shy of" or "short of" said of a person: "I was a
    month shy of eighteen", "she was two weeks short of sixteen"."""
    if f.word(i - 1) != "of" or f.word(i - 2) not in ("shy", "short"):
        return False
    return any(
        f.word(k) in f.v.age_verbs and f.person_is(k + 1) for k in range(i - 3, max(-1, i - 3 - reach), -1)
    )


def restarts_an_age(f: Finder, i: int) -> bool:
    """Whether the number at word i follows a false start, a number cut off by a pause or a
    dash, that a person is said to be: "I was thirty... thirty-nine", "she was fif—sixteen"."""
    if i < 1 or not re.fullmatch(r"\s*(?:\.\.\.|…|—|–|--)\s*", f.gap(i - 1, i)):
        return False
    first = i - 1
    while first > 0 and f.gap(first - 1, first) in (" ", "-") and f.reader.read_small(first - 1):
        first -= 1
    return f.reader.read_small(first) is not None and f.person_is(first)


def name_set_off(f: Finder, k: int, reach: int = 4) -> int | None:
    """The first word of a name of two or more capitalised words that ends at word k and
    stands between commas, as a person is named in apposition ("the owner, Harjit Dhillon,
    forty-four", "His sister, Maxine Pennebaker-Voss, is eighty"), a title before it or not, or None."""
    if k + 1 >= len(f.words) or f.gap(k, k + 1).strip() != ",":
        return None
    first = k
    while first > 0 and k - first < reach and f.gap(first - 1, first) in (" ", "-"):
        first -= 1
    while first < k and not capitalised_name_word(f, first):
        first += 1
    if first > 1 and f.gap(first - 1, first) == ". " and f.word(first - 1) in f.v.titles:
        first -= 1  # "The victim, Mr. Arturo Quispe, was thirty-one."
    if first == k or first == 0 or f.gap(first - 1, first).strip() != ",":
        return None
    return first if all(capitalised_name_word(f, j) for j in range(first, k + 1)) else None


def capitalised_name_word(f: Finder, j: int) -> bool:
    said = f.text[f.words[j].start : f.words[j].end]
    return (
        said[:1].isupper()
        and not said.isupper()
        and said.lower() not in f.v.months | f.v.weekdays
        and said.lower() not in f.v.function_words
    )


def _named_after_people(f: Finder, k: int) -> bool:
    """Whether word k is a name set off after the word for the people it names: "Our children,
    Zuri, 16, and Kofi, 13"."""
    set_off = f.gap(k - 1, k).strip() == ","
    return set_off and capitalised_name_word(f, k) and f.word(k - 1) in f.v.person_nouns


def describes_a_person(f: Finder, k: int, reach: int = 10) -> bool:
    """Whether the sentence up to word k says someone is a person and goes on describing them, as a
    caller describes a suspect ("He's a Black guy, light skinned, maybe thirty", "She was a short
    woman, heavy, maybe fifty"): a word for a person after "a" that is said of someone."""
    for p in range(k, max(0, k - reach), -1):
        if f.word(p) in f.v.person_nouns:
            return any(f.word(q) in ("a", "an") and f.person_is(q) for q in range(p - 1, max(-1, p - 4), -1))
        if re.search(r"[.;:!?\n]", f.gap(p - 1, p)):
            return False
    return False


def next_name_of_a_list(f: Finder, i: int, age: Reading, reach: int = 16) -> bool:
    """Whether the number at word i ends a sentence that opens with a capitalised name and "is" or
    "was", shortly after the `age` on the same line: the next person of a list of ages said a
    sentence each ("Bam is nineteen now, he'll be twenty next month. Peaches is seventeen.")."""
    k = i - 1
    if f.word(k) not in ("is", "was") or not 0 < i - age.last <= reach or not f._opens_a_sentence(k - 1):
        return False
    if "\n" in f.text[f.words[age.last - 1].end : f.words[i].start]:
        return False
    said = f.text[f.words[k - 1].start : f.words[k - 1].end]
    return (
        capitalised_name_word(f, k - 1)
        and said != "I"
        and f.word(k - 1) not in f._personal_or_impersonal
        and f.clause_end(f.reader.read_cardinal(i).last)
    )


def set_off_after_a_person(f: Finder, i: int, number: Reading) -> bool:
    """Whether the number of words i.. stands between commas (or a comma and the sentence's
    end) right after a word for a person: "Mr. Jones, now 45, has", "an old man now, seventy-eight"."""
    k = i - 1
    if "," not in f.gap(k, k + 1) and f.word(k) in f.v.hedges:
        k -= 1  # "Mr. Jones, now 45,"
    if k < 1 or "," not in f.gap(k, k + 1):
        return False
    last = number.last
    last += f.word(last) in f.v.loose_number_endings and f.gap(last - 1, last) == "-"  # "sixty-something"
    if f.word(last) in ("or", "to", "and") and f.reader.read_small(last + 1) is not None:
        last = f.reader.read_small(last + 1).last  # "younger, twenty-five or twenty-six.", "kids, 10 and 12,"
    at_the_time = (f.word(last), f.word(last + 1), f.word(last + 2)) == ("at", "the", "time")
    if last < len(f.words) and not (re.search(r"[.,;!?\n]", f.gap(last - 1, last)) or at_the_time):
        return False  # "I was a juvenile, 16 at the time."
    k -= f.word(k) in ("now", "then")
    if f.word(k) in f.v.age_adjectives and (
        f.person_is(k) or f.said_before_in_clause(k, f.v.person_nouns | f.v.age_of_nouns)
    ):
        return True  # "He was younger, twenty-five or twenty-six.", "a girl in the truck, younger, like 14"
    return (
        f.word(k) in f.v.person_nouns
        or f.word(k) in f.v.age_of_nouns
        or f.words[k].start in f.persons
        or f.word(k - 1) in f.v.titles
        or name_set_off(f, k) is not None
        or describes_a_person(f, k)
        or _named_after_people(f, k)
    )


# A page's line break between two words of one sentence: spaces and one newline (not a blank line,
# nor a mark that opens a caption's turn such as ">>").
_WRAP = re.compile(r"[ \t]*\n[ \t]*")


def breaks_a_clause(gap: str) -> bool:
    """Whether the characters between two words end a clause: a mark or a line's end, but not the
    break of a page's line within a sentence ("on December 14th. You\nwere twenty-one")."""
    return re.search(r"[.;:!?,]", gap) is not None or ("\n" in gap and not _WRAP.fullmatch(gap))


def opens_an_answer(f: Finder, i: int, answers: Collection[int]) -> bool:
    """Whether word i, one of the words that answer a question (`answers`), opens its sentence, after
    hedges and fillers only ("Like one?", "Maybe fourteen months.", "Fifties? I don't know."): the
    answer is then the number itself, not a count in a clause of its own ("I did eighteen months.")."""
    if i not in answers:
        return False
    k = i - 1
    while k >= 0 and k in answers and f.word(k) in f.v.hedges | f.v.fillers:
        if re.search(r"[.;:!?\n]", f.gap(k, k + 1)):
            return True
        k -= 1
    return k < 0 or bool(re.search(r"[.;:!?\n]", f.gap(k, k + 1)))


def before_a_dashed_hedge(f: Finder, k: int) -> int | None:
    """The word before the dash that opens a hedge ending at word k (`dash_hedges`: "I think", "I
    want to say"), as a speaker breaks off a verb to hedge the number after it ("when I was -- I
    think four", "till I was -- I want to say six"), or None: the verb before the dash still says
    the age."""
    for hedge in f.v.dash_hedges:
        first = k - len(hedge) + 1
        if first < 1 or tuple(f.word(n) for n in range(first, k + 1)) != hedge:
            continue
        if re.fullmatch(r"[ ]*(?:--|—|–)[ ]*", f.gap(first - 1, first)) and f.gap(k, k + 1) == " ":
            return first - 1
    return None
