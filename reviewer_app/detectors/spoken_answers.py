"""The words that answer a question about an age, a clock time or a year ("How old were you then?"
"About fourteen."), in punctuated text and in speech written without punctuation, where a line
that opens with the question and carries no mark is the question ("how old were you then" and on
the next line "thirty three with three kids"). Read over the words of the spoken-form finder
(`detectors/spoken.py`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from reviewer_app.detectors.spoken_age_forms import turn_ends

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder


def answer_words(f: Finder, questions: tuple[tuple[str, ...], ...]) -> set[int]:
    """The words of the sentence that answers one of `questions`, after the speaker's tag."""
    out: set[int] = set()
    starts = {q[0] for q in questions}
    for i in range(len(f.words)):
        if f.word(i) not in starts or not any(
            tuple(f.word(i + k) for k in range(len(q))) == q for q in questions
        ):
            continue
        j = _question_end(f, i)
        if j >= len(f.words):
            continue
        start = j
        # "INCARCERATED PERSON KOH: Sixteen.", "A.   Fifty-four.": skip the tag of the one who
        # answers, where the importer found one.
        if f.words[j].start in f.tag_starts:
            for k in range(j, min(len(f.words) - 1, j + 6)):
                if ":" in f.gap(k, k + 1) or (k == j and len(f.word(k)) == 1):
                    start = k + 1
                    break
        k = start
        while k < len(f.words):
            out.add(k)
            # "Fifty-four. Fifty-five in August.": the answer goes on while it gives numbers.
            sentence_ends = k + 1 < len(f.words) and re.search(r"[.!?\n]", f.gap(k, k + 1))
            # "Twelve. Maybe thirteen.", "Ninety-six. No, ninety-seven."
            said = k + 1 + (f.word(k + 1) in f.v.hedges | f.v.corrections)
            if sentence_ends and (f.reader.read_small(said) is None or f.word(said).isdigit()):
                break
            k += 1
    return out


def _question_end(f: Finder, i: int) -> int:
    """The word after the question opening at word i, or len(words) when it asks nothing."""
    unmarked = _opens_an_unmarked_line(f, i)
    j = i + 1
    while j < len(f.words) and not ("?" in f.gap(j - 1, j) or turn_ends(f, j)):
        if unmarked and "\n" in f.gap(j - 1, j):
            return j  # "how old were you then" on a line of its own, the answer on the next
        if re.search(r"[.;!\n]", f.gap(j - 1, j)):
            return len(f.words)  # not a question
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
