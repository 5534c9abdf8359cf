"""Numbers read digit by digit ("nine one six, five five five, oh one one eight", "member id
seven four four two", "reference number c x nine one seven seven four"): telephone numbers, or
identity numbers after an identity cue, read over the words of the spoken-form finder
(`detectors/spoken.py`) with its reader and cue words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reviewer_app.core.spans import Span

if TYPE_CHECKING:
    from reviewer_app.detectors.spoken import _Finder as Finder


# Whose number it is, said of a third person: "she gives her number as". ("Your number?" in a call
# asks as often for a member or case number.)
_THIRD_PERSON_POSSESSIVES = ("his", "her", "their")


def find_digit_runs(f: Finder) -> list[Span]:
    """Seven digits or more read one by one (a telephone number, or an identity number after an
    identity cue), four after an identity cue, three after "ending in"."""
    out = []
    said: set[tuple[str, ...]] = set()  # the identity numbers read so far, word by word
    i = 0
    while i < len(f.words):
        # An identity number may hold letters: "reference number c x nine one seven seven four".
        digits, j = _digits(f, i, letters=True)
        if digits < 3:
            i += 1
            continue
        label = _digit_label(f, i)
        read = tuple(w.text for w in f.words[i:j])
        if read not in said:
            digits, j = _digits(f, i, letters=label == "ID_NUMBER")
        else:
            label = "ID_NUMBER"  # said again to confirm it: "c x nine one seven seven four"
        # Four digits read after an identity cue are a number ("member id seven four four two"),
        # three after "ending in" are its end ("the number ending in zero nine eight").
        ending = f.word(i - 1) == "in" and f.word(i - 2) in ("ending", "ends")
        if digits >= 7 or (digits >= 4 and label == "ID_NUMBER") or (digits >= 3 and ending):
            out.append(f.span(i, j, label))
            if label == "ID_NUMBER":
                said.add(tuple(w.text for w in f.words[i:j]))
            i = j
        else:
            i += 1
    return out


def _digits(f: Finder, i: int, letters: bool = False) -> tuple[int, int]:
    """How many single digits are read from word i on (with single letters between
    them if `letters`), and where they end."""
    count, j = 0, i
    while j < len(f.words):
        w = f.word(j)
        if letters and len(w) == 1 and w.isalpha() and w not in ("a", "i"):
            j += 1
        elif w in f.v.repeat_words and f.word(j + 1) in f.v.units:
            count, j = count + f.v.repeat_words[w], j + 2
        elif (w in f.v.units and (w != "oh" or count)) or (w.isdigit() and len(w) == 1):
            count, j = count + 1, j + 1
        else:
            break
        if j < len(f.words) and not f.adjacent(j - 1):
            break
    return count, j


def _digit_label(f: Finder, i: int) -> str:
    # Ten words: the question may be asked before the answer's timestamp and speaker tag.
    first = max(0, i - 10)
    before = {f.word(k) for k in range(first, i)}
    # "She gives her number as ...": a third person's own number is a telephone's, whatever
    # identity word was said before it ("a medical case manager").
    owned = any(
        f.word(k) == "number" and f.word(k - 1) in _THIRD_PERSON_POSSESSIVES for k in range(first + 1, i)
    )
    if before & f.v.id_cues and not before & f.v.phone_cues and not owned:
        return "ID_NUMBER"
    return "PHONE_NUMBER"
