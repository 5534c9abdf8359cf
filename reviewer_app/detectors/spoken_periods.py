"""Periods said in words: decades ("the seventies", "the mid-nineties", "the early two
thousands", "nineteen-eighties"), the second year of a range ("from seventy-nine to
eighty-one", "between ninety-nine and oh-two") and a day of a month said by its ordinal alone
("on the tenth too", "up since the twelfth."), and a date said again as its numbers ("May fourth. Five,
four, sixty-seven"), read over the words of the spoken-form
finder (`detectors/spoken.py`) with its reader and cue words."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import decade_word
from reviewer_app.detectors.spoken_age_talk import opens_an_answer
from reviewer_app.detectors.spoken_heights import SCORE, WEAK_SCORE

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder

# Words that join the two years of a range: "from '79 to '81", "1999 through 2001".
RANGE_WORDS = ("to", "through", "thru", "till", "until", "and")


def said_as_a_date(f: Finder, i: int) -> bool:
    """Whether word i, a month or a holiday, is no given name: one that is also a name
    (`given_name_dates`) ends its clause ("two days before Genna, our Christmas") or follows
    "month of"; "before Genna called the police" names a person."""
    if f.word(i) not in f.v.given_name_dates:
        return True
    if i >= 2 and f.word(i - 2) == "month" and f.word(i - 1) == "of":
        return True
    return i + 1 >= len(f.words) or any(c in ",.;!?\n" for c in f.gap(i, i + 1))


def restates_a_date(f: Finder, i: int, month: int, day: int, reach: int = 30) -> bool:
    """Whether the month and day said as numbers from word i were said shortly before with the
    month's name ("1967, May -- May fourth. Five, four, sixty-seven"; "June 2nd, 1979. ...
    Six-two-seventy-nine"): the numbers say that date again, with no cue before them."""
    name = f.v.months_in_order[month - 1]
    for k in range(max(0, i - reach), i):
        if f.word(k) == name:
            j = k + 1 + (f.word(k + 1) == "the")
            said = f.reader.read_ordinal(j) or f.reader.read_small(j)  # "May fourth", "June 2nd"
        elif f.word(k + 1) == "of" and f.word(k + 2) == name:
            said = f.reader.read_ordinal(k)  # "the fourth of May"
        else:
            continue
        if said is not None and said.value == day:
            return True
    return False


def day_of_a_date_talk(f: Finder, i: int, end: int, reach: int = 20) -> bool:
    """ "the fourth", "the twenty second at two thirty", "on the 15th": an ordinal after
    "the" that ends its phrase (or is followed by "too", "around", a dash that breaks it off, or
    another ordinal day after "to" or "or"),
    after "on", "since", "until" or "by", or where a month, a weekday, a part of the day or
    "day"/"date"/"birthday" is said shortly before or after."""
    of_a_month = f.word(end) == "of" and f.word(end + 2) == "month"  # "the 16th of that month"
    at = (
        f.word(end) in f.v.after_a_day | {"at"}
        or (f.word(i - 2) == "on" and f.word(end) == "in")
        or re.match(r"[ \t]*(?:--|—)", f.text[f.words[end - 1].end :]) is not None
    )  # "on the 9th in Lodi", "on the tenth too", "the seventeenth -- no. It started the night of"
    to = end + 1 + (f.word(end + 1) == "the")  # "from the 3rd to the 5th"
    opens_a_range = f.word(end) in f.v.day_list_joins and f.reader.read_ordinal(to) is not None
    if f.word(i - 1) != "the" or not (f._sentence_goes_on(end) or at or of_a_month or opens_a_range):
        return False
    if any(_pays_on(f, k, i - 1) for k in range(max(0, i - 5), i - 1)):
        return False  # "with my check on the first": the day of every month
    restates = i >= 3 and f.reader.read_ordinal(i - 3) is not None and "," in f.gap(i - 2, i - 1)
    if restates and f.word(i - 2) not in f.v.weekdays | f.v.day_nouns:
        return False  # "on the twentieth anniversary, the twenty-fifth": another of what was counted
    if (
        f.word(i - 2) in f.v.ordinal_day_cues
        or of_a_month
        or re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", f.word(i))
    ):
        return True  # "on the fifteenth", "since the twelfth"; "the 27th" ends its phrase
    if f.word(i - 2) == "of" and f.word(i - 3) in f.v.day_nouns:
        return True  # "the night of the fourth"
    cues = f.v.months | f.v.weekdays | f.v.day_nouns | {"day", "date", "dated", "birthday"}
    near = range(max(0, i - 1 - reach), min(len(f.words), end + reach // 2))
    return any(f.word(k) in cues for k in near if not i <= k < end)


def _pays_on(f: Finder, k: int, the: int) -> bool:
    """Whether word k is a monthly thing ("check", "rent") that is the subject of the phrase ending
    in the ordinal after word `the` ("my check comes on the first", "rent is due on the first"): after
    a possessive, "the" or at the start of its clause, with only linking words between and no mark."""
    if f.word(k) not in f.v.monthly_things:
        return False
    opens = k == 0 or f.word(k - 1) in f.v.possessives | {"the"}
    opens = opens or any(c in ",.;:!?\n" for c in f.gap(k - 1, k))
    return (
        opens
        and all(f.word(m) in f.v.monthly_thing_links for m in range(k + 1, the))
        and not any(c in ",.;:!?\n-—" for m in range(k, the) for c in f.gap(m, m + 1))
    )


def day_listed_after(f: Finder, last: int) -> Span | None:
    """The day said by its ordinal after the date ending with word `last`, itself a day said by its
    ordinal, in a list or range of days ("the 3rd, 4th, and 5th", "the twelfth or thirteenth",
    "March 3rd through the 5th"), ending its phrase; or None."""
    said = f.reader.read_ordinal(last)
    if said is None or said.last != last + 1 or not 1 <= said.value <= 31 or last + 1 >= len(f.words):
        return None
    k = last + 1
    while f.word(k) in f.v.day_list_joins and k < last + 3:
        k += 1
    if k == last + 1 and f.gap(last, k).strip() != ",":
        return None
    k += f.word(k) == "the"
    day = f.reader.read_ordinal(k)
    if day is None or not 1 <= day.value <= 31 or not f._sentence_goes_on(day.last):
        return None
    return f.span(k, day.last, "DATE", WEAK_SCORE)


def decade_end(f: Finder, i: int) -> int:
    """End of a decade said from word i ("mid-nineties", "nineteen eighties", "two thousands"),
    or 0. A decade of tens alone needs "the" before it ("the seventies"; "in her seventies" is
    an age, "seventies music" no date)."""
    stage = f.word(i) in f.v.decade_stages
    j = i + stage
    w = f.word(j)
    if w in f.v.teens and f.reader._joined(j + 1) and decade_word(f.word(j + 1)):
        return j + 2  # "nineteen-eighties"
    if w == "two" and f.reader._joined(j + 1) == "thousands":
        end = j + 2  # "the two thousands"
    elif decade_word(w):
        end = j + 1
    else:
        return 0
    return end if f.word(i - 1) == "the" and not f.counts_a_thing(end) else 0


# "20" of "20s": asked of every word, so compiled once.
_TENS_DIGITS = re.compile(r"[2-9]0")


def decade_at(f: Finder, i: int) -> Span | None:
    """ "the late seventies", "the mid-nineties", "nineteen-eighties": a decade is a date."""
    end = decade_end(f, i)
    return f.span(i, end, "DATE") if end else None


def decade_of_life(f: Finder, i: int) -> int | None:
    """End of "sixties" in "in her sixties", "in my early twenties", "in his 40s", "spent my thirties"
    (after a verb), or None."""
    k = i - 1 - (f.word(i - 1) in f.v.decade_stages)
    if f.word(k) not in f.v.possessives:
        return None
    if not (f.word(k - 1) in ("in", "into", "through", "during") or f._verb_at(k - 1)):
        return None  # "in her sixties", "I spent my thirties"; not "a song of their nineties"
    w = f.word(i)
    if w == "teens" or (w.endswith("ies") and w[:-3] + "y" in f.v.tens):
        return i + 1
    if w.isdigit() and len(w) == 2 and w.endswith("0") and f.word(i + 1) == "s":
        return i + 2 if f.gap(i, i + 1) in ("", "'", "’") else None
    return None


def decade_of_someone(f: Finder, i: int, answers: Collection[int] = frozenset()) -> int:
    """End of the decade word i said as a person's age, after a stage or a hedge with neither
    "the" nor a preposition of time before it ("white male, late twenties", "like fifties
    maybe", "early 20s", "older guy, sixties"; "in the late twenties" is a date), or opening the
    answer to a question about an age (`answers`, the words that answer one: "How old was he?"
    "Fifties? I don't know."), or 0."""
    w = f.word(i)
    digits = _TENS_DIGITS.fullmatch(w) and f.word(i + 1) == "s" and f.gap(i, i + 1) in ("", "'", "’")
    if not (decade_word(w) or digits):
        return 0
    end = i + 1 + bool(digits)  # "sixties", "20s"
    stage = f.word(i - 1) in f.v.decade_stages
    before = f.word(i - 1 - stage)
    # "Older guy, sixties maybe": a decade set off after a word for a person needs no stage.
    described = "," in f.gap(i - 1, i) and (before in f.v.person_nouns or before in f.v.age_adjectives)
    if not (stage or f.word(i - 1) in f.v.hedges or described or opens_an_answer(f, i, answers)):
        return 0
    if before == "the" or before in f.v.teens or before in f.v.possessives or before in f.v.year_prepositions:
        return 0  # "nineteen-eighties", "in her late twenties", "in late seventies"
    return end if f._sentence_goes_on(end) or f.word(end) in f.v.hedges else 0


def opens_a_year_range(f: Finder, j: int) -> bool:
    """Whether a range word and a year follow the year that ends before word j ("from
    seventy-nine to eighty-one"), the year ending its phrase ("from fifty-five to sixty-five
    miles an hour" counts miles)."""
    if f.word(j) not in RANGE_WORDS or j + 1 >= len(f.words):
        return False
    if not re.fullmatch(r"[ ]?['’]?", f.gap(j, j + 1)):
        return False  # "to, eighty-one" is no range
    end = year_of_a_range(f, j + 1)
    return bool(end) and f._sentence_goes_on(end)


def year_of_a_range(f: Finder, i: int) -> int:
    """End of a year from word i as the second of a range says it: whole ("nineteen
    eighty-one", "1981"), by its last two digits ("eighty-one", "oh two") or as "'81"; or 0."""
    year = f.reader.read_year(i)
    if year is not None:
        return year.last
    w = f.word(i)
    if w.isdigit():
        low, high = f.v.year_range
        if len(w) == 4 and low <= int(w) <= high:
            return i + 1
        apostrophe = i > 0 and re.search(r"['’]$", f.gap(i - 1, i))
        return i + 1 if len(w) == 2 and apostrophe else 0
    return f._two_digit_year(i)


def second_year_at(f: Finder, i: int) -> Span | None:
    """The year at word i that closes a range opened by the date just found (`opens_a_year_range`)."""
    end = year_of_a_range(f, i)
    return f.span(i, end, "DATE", WEAK_SCORE if end - i < 2 else SCORE) if end else None


# A year or a date written near a season: "2012", "2019-2020", "'97", "6 / 14 / 25", "3/18"; not
# digits joined to others ("Case number 2019-0456") nor a common fraction ("3/4 of it").
_WRITTEN_YEAR_OR_DATE = re.compile(
    r"(?<![\w/-])(?:(?P<year>\d{4})(?:\s?[-–]\s?(?P<to>\d{4}))?|['’]\d\d"
    r"|(?P<month>\d{1,2})\s?/\s?(?P<day>\d{1,2})(?P<of_year>\s?/\s?\d{2,4})?)(?![\w/]|[-–]\d)"
)
_FRACTION_DENOMINATORS = (2, 3, 4, 8, 16)


def _written_year_or_date_in(f: Finder, low: int, high: int) -> bool:
    """Whether text[low:high] holds a year or a date written (`_WRITTEN_YEAR_OR_DATE`) that is
    one: a year of the years the finder reads, a month and day of a calendar."""
    first, last = f.v.year_range
    for m in _WRITTEN_YEAR_OR_DATE.finditer(f.text, low, high):
        if m["year"]:
            if all(first <= int(y) <= last for y in (m["year"], m["to"]) if y):
                return True
        elif m["month"]:
            month, day = int(m["month"]), int(m["day"])
            fraction = not m["of_year"] and month < day and day in _FRACTION_DENOMINATORS
            if 1 <= month <= 12 and 1 <= day <= 31 and not fraction:
                return True
        else:
            return True
    return False


def seasons_of_a_year(f: Finder, dates: list[Span], reach: int = 120, close: int = 30) -> list[Span]:
    """A season alone that ends its phrase and whose year is named near it (a date said with a
    number, or a year or date written, within `reach` characters; within `close` after a mere "the"):
    "Radiation through that summer.", "in the spring of 2024 and again that fall.", "Two thousand
    twelve. The spring, at Old Folsom.", "I came in the spring, March of '97", "arrested the following
    spring." Not a season said from today or of every year ("this fall", "last spring", "every winter":
    `season_openers` has none of these), nor one that a noun or a clause follows ("the winter
    festival", "the summer I was nine", "the fall on August 12th": a fall), nor one told far from a
    year ("grapes in the summer, then pruning in the winter")."""
    numbered = [d for d in dates if _WITH_A_NUMBER.search(f.text[d.start : d.end])]
    out = []
    for i, word in enumerate(f.words):
        opener = f.word(i - 1)
        # "the summer -- August 19th, 1991", "the spring of -- it says 2017": broken off before its year
        broken = _BROKEN_OFF.match(f.text, word.end)
        # "Summer of -- that'd be seventy-five.": a season of a year opens the sentence
        of_a_year = (
            broken is not None and broken.group(1) and (i == 0 or re.search(r"[.!?]\s", f.gap(i - 1, i)))
        )
        if word.text not in f.v.seasons or (opener not in f.v.season_openers and not of_a_year):
            continue
        ends_its_phrase = re.match(r"[,.;:!?]", f.text[word.end :]) is not None or broken is not None
        if (opener == "following" and f.word(i - 2) != "the") or not ends_its_phrase:
            continue
        year = _year_after_a_break(f, i + 1 + bool(broken and broken.group(1))) if broken else None
        near = close if opener == "the" else reach
        low, high = max(0, word.start - near), word.end + near
        if (
            year is not None
            or any(low <= d.start and d.end <= high for d in numbered)
            or (_written_year_or_date_in(f, low, high))
        ):
            out.append(f.span(i, i + 1, "DATE", WEAK_SCORE))
        if year is not None:
            out.append(year)
    return out


# A break after a season, "of" before it or not: the year follows the break ("the summer of -- it'd
# be eighty-seven").
_BROKEN_OFF = re.compile(r"(?:[ ]+(of))?[ ]*(?:--|—|–)")


def _year_after_a_break(f: Finder, k: int, reach: int = 3) -> Span | None:
    """The year said by its last two digits in words within `reach` words after the break that
    follows a season at word k-1, ending its sentence ("the summer of -- it'd be eighty-seven.",
    "Summer of -- that'd be seventy-five."), or None."""
    for n in range(k, min(len(f.words), k + reach + 1)):
        if n > k and re.search(r"[.;:!?\n]", f.gap(n - 1, n)):
            return None
        end = f._two_digit_year(n) if f.word(n) in f.v.tens else 0
        if end and (end >= len(f.words) or re.search(r"[.;!?\n]", f.gap(end - 1, end))):
            return f.span(n, end, "DATE", WEAK_SCORE)
    return None


_WITH_A_NUMBER = re.compile(
    r"\d|\b(?:oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|thousand)",
    re.IGNORECASE,
)
