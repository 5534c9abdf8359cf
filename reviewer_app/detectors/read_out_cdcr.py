"""A CDCR number the document reads out elsewhere, said here in pieces: begun and broken off
("My number is E, V --"), begun again ("E D two two... E D two two four eight") or read a piece at a
time with a stop between ("E, V. Five-one. Nine-two."). Its start alone is no evidence; being the
start of the number the document gives elsewhere, said where a number is asked for, is.
It also says which tokens may open a CDCR number and which runs are said as one.

`CdcrPieces` is a part of `read_out._Finder`: its methods read the finder's tokens and runs
(`code_at`, `word`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from reviewer_app.detectors.read_out_words import read_out_words

if TYPE_CHECKING:
    from reviewer_app.detectors.read_out import _Code

# A run cut off: the start of a code said again before the speaker stops ("Two six, oh nine...").
CUT_OFF = re.compile(r"[ \t]*(?:\.\.\.|…|--|—)")
# The words of a hesitation or a correction inside a number said aloud ("uh", "sorry", "I mean").
HESITATION_WORDS = r"uh|um|er|erm|sorry|i['’]m[ ]sorry|i[ ]mean|no|wait|let[ ]me"
# Of those, the words that correct what was said.
_CORRECTION = re.compile(r"(?<![\w'’])(?i:sorry|i[ ]mean|no)(?![\w'’])")
# A hesitation or a correction inside a code said aloud: "two three one, uh, two three one four four".
RESUME = re.compile(rf"(?:[ \t,]*(?:--|—|–|\.\.\.|…|(?i:{HESITATION_WORDS})(?![\w'])))+[ \t,]*")
# A digit anywhere; a year of this or the last century (a run of digits that is no CDCR number's).
HAS_DIGIT = re.compile(r"\d")
YEAR = re.compile(r"(?:19|20)\d\d")
# A CDCR number: one letter and five digits, or two letters and four (V12345, BR5061); its start.
CDCR_SHAPE = re.compile(r"[A-Z]\d{5}|[A-Z]{2}\d{4}")
CDCR_START = re.compile(r"[A-Z]{1,2}\d{0,4}")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Between the pieces of a number read a piece at a time: a stop, a comma or "...", then a space.
_BETWEEN_PIECES = re.compile(r"(?:[.,;]|\.\.\.|…)[ \t]+")
# How many words before a start broken off the word "number" is looked for ("My number is E, V --").
_NUMBER_REACH = 4


class CdcrPieces:
    """CDCR numbers of the document (`keys`) said here in pieces, among a `read_out._Finder`'s runs."""

    def _cdcr_begun_again(self, start: _Code, keys: set[str]) -> bool:
        """The start of a CDCR number that the speaker breaks off and says again from its first
        letter ("E D two two... E D two two four eight", "B-N, four -- B-N forty-four eighteen"), or
        whose letters the speaker corrects ("A-F -- no, I'm sorry, A-E four-eight-two-nine")."""
        if not start.letters or len(start.chars) < 2 or not CDCR_START.fullmatch(start.chars):
            return False
        end = self.tokens[start.last - 1].end
        pause = RESUME.match(self.text, end)
        if pause is None or pause.end() == end:
            return False
        again = self.code_at(self._token_from(start.last, pause.end()))
        if again is None or again.chars not in keys or len(again.chars) <= len(start.chars):
            return False
        # "A-F -- no, I'm sorry, A-E four-eight-two-nine": letters said wrong, corrected.
        corrected = _CORRECTION.search(pause.group()) is not None and start.chars.isalpha()
        return again.chars.startswith(start.chars) or (
            corrected and again.chars[: len(start.chars)].isalpha()
        )

    def _cdcr_known_start(self, start: _Code, keys: set[str]) -> list[_Code]:
        """A CDCR number of `keys` from its start (at least its letters): read a piece at a time
        with a stop between ("E, V. Five-one. Nine-two."), one span; or broken off right after
        "number" on its line ("My number is E, V --", "K, M... sorry, I always blank on it"), the start."""
        if not start.letters or not CDCR_START.fullmatch(start.chars):
            return []
        known = [
            key
            for key in keys
            if CDCR_SHAPE.fullmatch(key)
            and key.startswith(start.chars)
            and len(start.chars) >= key[:2].isalpha() + 1  # its letters at least: "EV" of EV5192
        ]
        if not known:
            return []
        whole = self._pieces_of_a_known(start, known)
        if whole is not None:
            return [whole]
        if CUT_OFF.match(self.text, self.tokens[start.last - 1].end):
            said_at = self.tokens[start.first].start
            asked = any(
                self.word(k) == "number" and "\n" not in self.text[self.tokens[k].end : said_at]
                for k in range(max(0, start.first - _NUMBER_REACH), start.first)
            )
            return [start] if asked else []
        return []

    def _pieces_of_a_known(self, start: _Code, known: list[str]) -> _Code | None:
        """The whole of one of the `known` numbers read from `start` a piece at a time, with a stop,
        a comma or a trailing-off between the pieces ("E, V. Five-one. Nine-two.", "A K... four four.
        one seven"), or None."""
        whole = start
        while whole.chars not in known:
            between = _BETWEEN_PIECES.match(self.text, self.tokens[whole.last - 1].end)
            rest = self.code_at(self._token_from(whole.last, between.end())) if between else None
            if rest is None or rest.letters or not any(k.startswith(whole.chars + rest.chars) for k in known):
                return None
            whole = whole.joined(rest)
        return whole

    def _cdcr_digits_alone(self, code: _Code, keys: set[str]) -> bool:
        """The digits of a CDCR number of `keys` said without its letters, all of them: a speaker
        reads back or voices only the part in figures ("G81427. Yes. Eight-one-four-two-seven."), and
        may voice them wrongly, a digit off or two swapped, before being corrected ("I voiced the number
        as three-oh-five-seven-one. He corrected me. It's C30517."). Five digits said (or written, and
        then exactly the number's), or four said one by one that are no year and exactly the number's:
        fewer, and a count or a year shares them by chance."""
        if code.letters or not (code.digits == 5 or (code.digits == 4 and code.spoken == 4)):
            return False
        if YEAR.fullmatch(code.chars):
            return False
        figures = [key.lstrip(_LETTERS) for key in keys if CDCR_SHAPE.fullmatch(key)]
        if code.digits == 4 or code.spoken < code.digits:
            return code.chars in figures  # a written number is read, not misspoken
        return any(_a_slip_of(code.chars, known) for known in figures)

    def _token_from(self, k: int, offset: int) -> int:
        """The first token from token k on that starts at `offset` or later."""
        while k < len(self.tokens) and self.tokens[k].start < offset:
            k += 1
        return k

    def _may_open_cdcr(self, i: int) -> bool:
        """Whether token i may be a CDCR number's first character (a letter or a digit, in
        writing or in words): most words are not, and are not read as a code at all."""
        token = self.tokens[i]
        return (
            len(token.text) == 1
            or token.lower in self.v.phonetic
            or token.lower in self.v.letter_names
            or token.lower in self.v.digits
            or token.lower in self.v.repeat
            or (token.text.isupper() and len(token.text) <= 3)
            or HAS_DIGIT.search(token.text) is not None
        )

    def _past_number_words(self, j: int) -> int:
        while self.word(j) in self.v.number_words:  # "CDC number", "CDCR ID number"
            j += 1
        return j

    def _bill(self, code: _Code) -> bool:
        """A bill written as one ("Under SB1437"), cited or in a document that speaks of bills."""
        return (
            code.last - code.first == 1
            and code.chars[:2].lower() in self.v.bill_prefixes
            and code.digits == 4
            and (
                self.word(code.first - 1) in self.v.bill_citations
                or (self.v.bill_words is not None and self.v.bill_words.search(self.text) is not None)
            )
        )

    def _said_as_cdcr(self, code: _Code) -> bool:
        digits = code.chars[code.letters :]
        year = code.spoken == code.apart and YEAR.fullmatch(digits) is not None
        # Letters written together ("AJ") only before digits said one by one ("SB 1437" is a bill).
        letters = code.apart == code.letters or code.spoken - code.apart == code.digits
        return letters and not code.paired and not year


def in_custody(text: str) -> bool:
    """Whether `text` is about someone in custody (it names a CDCR number or an inmate): there a
    run of a CDCR number's shape is one, as in a hearing, whatever profile reads the document."""
    return read_out_words().custody_cues.search(text) is not None


def _a_slip_of(said: str, known: str) -> bool:
    """Whether the digits `said` are the digits `known`, or them with one digit off or two next to
    each other swapped, as a speaker misreads a number ("30571" for 30517)."""
    if len(said) != len(known):
        return False
    off = [k for k in range(len(said)) if said[k] != known[k]]
    swapped = (
        len(off) == 2
        and off[1] == off[0] + 1
        and said[off[0]] == known[off[1]]
        and said[off[1]] == known[off[0]]
    )
    return len(off) <= 1 or swapped
