"""The words that answer a question about an age, a clock time or a year ("How old were you then?"
"About fourteen."), in punctuated text and in speech written without punctuation, where a line
that opens with the question and carries no mark is the question ("how old were you then" and on
the next line "thirty three with three kids"). Read over the words of the spoken-form finder
(`detectors/spoken.py`)."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from reviewer_app.detectors.spoken_age_forms import turn_ends
from reviewer_app.detectors.spoken_age_talk import opens_an_answer

# A caption cue's start and end in the recording, on a line of their own (SubRip, WebVTT).
_CUE_TIMING = re.compile(
    r"\s*(?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}\s+-->\s+(?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}[^\n]*"
)

if TYPE_CHECKING:
    from reviewer_app.core.spoken_numbers import Reading
    from reviewer_app.detectors.spoken import _Finder as Finder


def answer_words(
    f: Finder, questions: tuple[tuple[str, ...], ...], until_a_number: bool = False, follow_ups: bool = False
) -> set[int]:
    """The words of the sentence that answers one of `questions`, after the speaker's tag; with
    `until_a_number`, the next sentences of the same turn too while none has given a number ("How
    old was he?" "Older than me. Twenty-six, I think."); with `follow_ups`, the answers to the short
    questions that go on asking it ("How old were you then?" "Nineteen." "And today?" "Forty-four.")."""
    out: set[int] = set()
    starts = {q[0] for q in questions}
    for i in range(len(f.words)):
        if f.word(i) not in starts or not any(
            tuple(f.word(i + k) for k in range(len(q))) == q for q in questions
        ):
            continue
        j = _question_end(f, i)
        while j < len(f.words):
            end = _answer(f, j, out, until_a_number)
            j = _follow_up_question(f, end) if follow_ups else len(f.words)
    return out


def _answer(f: Finder, j: int, out: set[int], until_a_number: bool) -> int:
    """Add to `out` the words of the answer that opens at word j (see `answer_words`); its end."""
    j = start = _past_caption_cues(f, j)
    # "INCARCERATED PERSON KOH: Sixteen.", "A.   Fifty-four.": skip the tag of the one who
    # answers, where the importer found one; a tag's colon is followed by a space or the line's end,
    # not by the minutes of its time stamp ("Rafael Anzaldua (00:04:04):").
    if f.words[j].start in f.tag_starts:
        for k in range(j, min(len(f.words) - 1, j + 6)):
            if re.search(r":\s", f.gap(k, k + 1)) or (k == j and len(f.word(k)) == 1):
                start = k + 1
                break
    elif f.word(j) == "a" and j + 1 < len(f.words) and re.match(r"[.:]", f.gap(j, j + 1)):
        start = j + 1  # a deposition's "A.   Fifty-eight." where the importer found no tags
    k = start
    numbered = False
    later = None  # the first word of a sentence after the first, where the answer goes on to one
    while k < len(f.words):
        if later is None or _opens_with_a_number(f, later, k):
            out.add(k)
        numbered = numbered or f.reader.read_small(k) is not None
        # "Fifty-four. Fifty-five in August.": the answer goes on while it gives numbers.
        sentence_ends = k + 1 < len(f.words) and re.search(r"[.!?\n]", f.gap(k, k + 1))
        # "Twelve. Maybe thirteen.", "Ninety-six. No, ninety-seven."
        said = k + 1 + (f.word(k + 1) in f.v.hedges | f.v.corrections)
        # "Older than me. Twenty-six, I think.": not past the turn's end nor a question.
        goes_on = (
            until_a_number and not numbered and sentence_ends and not re.search(r"[?\n]", f.gap(k, k + 1))
        )
        if sentence_ends and not goes_on and (f.reader.read_small(said) is None or f.word(said).isdigit()):
            break
        if goes_on:
            later = k + 1
        k += 1
    return k + 1


def _past_caption_cues(f: Finder, j: int) -> int:
    """The first word from word j on that is not on a caption cue's own lines: captions kept as
    they were exported put a cue's number and its start and end in the recording between a
    question and its answer ("how old are you now⏎⏎43⏎00:48:08.920 --> 00:48:13.270⏎VSP Hearing
    Rm 3: 46 I'll be 47"), and they are layout, not the answer."""
    while j < len(f.words):
        line_start = f.text.rfind("\n", 0, f.words[j].start) + 1
        line_end = f.text.find("\n", f.words[j].start)
        line = f.text[line_start : len(f.text) if line_end < 0 else line_end]
        next_end = -1 if line_end < 0 else f.text.find("\n", line_end + 1)
        next_line = "" if line_end < 0 else f.text[line_end + 1 : len(f.text) if next_end < 0 else next_end]
        if not (
            _CUE_TIMING.fullmatch(line) or (line.strip().isdecimal() and _CUE_TIMING.fullmatch(next_line))
        ):
            return j
        while j < len(f.words) and f.words[j].start < line_start + len(line):
            j += 1
    return j


def _opens_with_a_number(f: Finder, first: int, k: int) -> bool:
    """Whether the words first..k of a sentence are a number, or lead to one with hedges, fillers and
    a person said to be it only ("I think twenty-six", "He was maybe twenty", not "I had three brothers")."""
    leading = (
        f.v.hedges | f.v.fillers | f.v.subjects | f.v.contracted | f.v.age_verbs | {"would", "have", "'ve"}
    )
    return all(f.word(n) in leading or f.reader.read_small(n) is not None for n in range(first, k + 1))


def _follow_up_question(f: Finder, j: int, reach: int = 40, length: int = 6) -> int:
    """The word after a short question that opens within `reach` words of word j in another turn
    and goes on asking what was asked, by "and" or "what about" and no question word of its own
    ("And today?", "And your brother?", "What about now?"), or len(words)."""
    for i in range(max(1, j), min(len(f.words), j + reach)):
        if "\n" not in f.gap(i - 1, i) or f.words[i].start not in f.tag_starts:
            continue
        first = i
        while first < min(len(f.words), i + 6) and ":" not in f.gap(first, first + 1):
            first += 1
        first += 1  # the word after the speaker's tag
        opens = f.word(first) == "and" or (f.word(first), f.word(first + 1)) in (
            ("what", "about"),
            ("how", "about"),
        )
        end = first + 1
        while end < len(f.words) and end - first <= length and not re.search(r"[.!?\n]", f.gap(end - 1, end)):
            end += 1
        asks = end < len(f.words) and "?" in f.gap(end - 1, end) and end - first <= length
        others = any(f.word(k) in f.v.question_words for k in range(first + 1, end))
        return end if opens and asks and not others else len(f.words)
    return len(f.words)


def _question_end(f: Finder, i: int) -> int:
    """The word after the question opening at word i, or len(words) when it asks nothing."""
    unmarked = _opens_an_unmarked_line(f, i)
    j = i + 1
    while j < len(f.words) and not ("?" in f.gap(j - 1, j) or turn_ends(f, j)):
        if unmarked and "\n" in f.gap(j - 1, j):
            return j  # "how old were you then" on a line of its own, the answer on the next
        if re.search(r"[.;!\n]", f.gap(j - 1, j)) and not (
            f.word(j - 1) in f.v.titles and f.gap(j - 1, j) == ". "
        ):
            return len(f.words)  # not a question ("How old are you, Ms. Reyes?" is one)
        j += 1
    return j


def _opens_an_unmarked_line(f: Finder, i: int) -> bool:
    """Whether word i opens its line, after at most two words in lower case, and the line holds no
    punctuation, as speech recognition writes a question ("how old were you then", "so how old was
    he"): nothing else on it can end the question."""
    line_start = f.text.rfind("\n", 0, f.words[i].start) + 1
    line_end = f.text.find("\n", f.words[i].start)
    line = f.text[line_start : len(f.text) if line_end < 0 else line_end]
    opening = f.text[line_start : f.words[i].start]  # a caption's ">>", "so", "and uh"
    return (
        re.fullmatch(r"[\s>]*(?:[a-z']+ ){0,2}", opening) is not None and re.search(r"[.,;:!?]", line) is None
    )


# The persons whose age a verb reckons: "which makes you --", "that would make him --".
_RECKONED = frozenset({"you", "him", "her", "me", "them"})


def age_answer_words(f: Finder) -> set[int]:
    """The words that answer a question about an age (`answer_words`, going on to the next sentences
    of the turn and to the questions that follow it up), and the number from 13 to 29 in words that
    opens the answer to a question about when something began ("When did the drinking start?"
    "Sixteen, seventeen."; "At fourteen."): no hour is said so, and a year of this century is said
    with its "twenty" ("twenty sixteen")."""
    out = answer_words(f, f.v.age_questions, until_a_number=True, follow_ups=True)
    for k in range(1, len(f.words) - 1):
        # "You'd have been --" "Thirteen.": a turn cut off after the verb of an age, the next completes it;
        # "Which makes you --" "Seventy-five.": or after a verb that reckons the age of the person it names
        if not re.fullmatch(r"\s*(?:--|—|–|\.\.\.|…)\s*\n\s*", f.gap(k, k + 1)):
            continue
        reckoned = f.word(k) in _RECKONED and f.word(k - 1) in f.v.age_making_verbs
        if reckoned or (f.word(k) in f.v.age_verbs and f.person_is(k + 1)):  # not "And the room was --"
            _answer(f, k + 1, out, until_a_number=False)
    when = answer_words(f, f.v.when_questions)
    for i in sorted(when):
        if i - 1 in when and f.word(i - 1) not in f.v.hedges | {"at", "by", "about", "around"}:
            continue  # only a number that opens the answer, after a hedge or "at"
        if i - 1 in when and i - 2 in when and f.word(i - 2) not in f.v.hedges | {"at", "by"}:
            continue
        read = f.reader.read_small(i)
        if read is not None and 13 <= read.value <= 29 and not f.word(i).isdigit():
            out.update(range(i, read.last))
            after = read.last + (read.last < len(f.words) and f.gap(read.last - 1, read.last).strip() == ",")
            again = f.reader.read_small(after)  # "Sixteen, seventeen."
            if again is not None and 13 <= again.value <= 29 and not f.word(after).isdigit():
                out.update(range(after, again.last))
    return out


def lowest_age(f: Finder, number: Reading, answers: Collection[int]) -> int:
    """The least value a bare number may have to be an age: 2, or 1 where it opens the answer to a
    question about an age (`answers`, the words that answer one) and ends its sentence ("How old is
    the baby?" "Like one?"; not "One of the older guys")."""
    last = number.last
    ends = last >= len(f.words) or re.search(r"[.;!?\n]", f.gap(last - 1, last)) is not None
    return 1 if ends and opens_an_answer(f, number.first, answers) else 2
