"""Telephone numbers and ZIP codes in the runs `detectors/read_out.py` reads: the pieces of a
telephone number said in fits and starts, broken off and begun again, or its tail said again
to check it, an area code said alone, and five digits said after an address.

`TelephoneParts` is a part of `read_out._Finder`: its methods read the finder's tokens and runs
(`code_at`, `runs_said`, `word`, `gap`, `phrase_at`, `_lettered_number`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from reviewer_app.detectors.read_out_cdcr import HESITATION_WORDS

if TYPE_CHECKING:
    from reviewer_app.detectors.read_out import _Code

_HESITATIONS = ("uh", "um", "er", "erm", "hmm", "ah")
DETERMINERS = ("the", "that", "a", "your", "my", "same", "his", "her", "their", "this")
# A telephone number in digits after its start said in words, within this many characters.
WRITTEN_PHONE = re.compile(r"\(?\d{3}\)?[-.,]?[ ]?\d{3}[-., ]{1,2}\d{4}(?!\d)")
_PHONE_REACH = 60
# Between the pieces of a telephone number said in fits and starts.
_BETWEEN_PIECES = re.compile(rf"[ \t]*(?:(?:[.,;…]+|--|—|\b(?i:{HESITATION_WORDS})\b)[ \t]*)+")
# How far from a whole telephone number a piece of it said alone is taken for part of it.
_PIECE_REACH = 160
# An area code broken off: "714... I don't know it", "nine one six -- I forget".
_BROKEN_OFF = re.compile(r"[ \t]*(?:\.\.\.|…|--|—)(?![ \t]*\d)")
# What stands between "number" and the digits that begin it: "number is, um, 714...".
_BEFORE_THE_NUMBER = ("is", "was", "it's", "um", "uh", "er", "like")
_TELEPHONE_WORDS = ("number", "phone", "cell", "telephone", "callback")
# After an area code said alone, the word that says the rest of the number is not known.
_REST_UNKNOWN = "something"
# An area code: its first digit 2-9, and no service code (N11: 411, 911) nor non-geographic one
# (N00: 800, 300), which name no one's line.
AREA_CODE = re.compile(r"[2-9](?!11|00)\d\d")
# How many words before such an area code talk of a telephone is looked for.
_TALK_REACH = 20
# How far before five digits an address is looked for.
_ZIP_REACH = 120
# Words before the tail of a number ("ending in 4471") that make it a telephone's.
_TAIL_PHONE_WORDS = frozenset({"phone", "telephone", "cell", "mobile", "call", "text", "fax"})
# How many tokens before such a tail its telephone or identifier noun is looked for: right before
# it, then, where neither is said there, further back in the talk.
_TAIL_NEAR = 12
_TAIL_FAR = 40


class TelephoneParts:
    """Telephone numbers and ZIP codes among the runs of a `read_out._Finder`."""

    # Where a telephone number said in words was broken off and begun again (`telephones`).
    _broken_off: set[int]

    def telephones(self, taken: list[tuple[int, int]]) -> list[tuple[int, str]]:
        """Where the telephone numbers of the text are and their digits: written ("714-555-0186")
        or read out whole in words (seven or ten digits, no letters, outside identifiers)."""
        out = [(m.start(), re.sub(r"\D", "", m.group())) for m in WRITTEN_PHONE.finditer(self.text)]
        runs = [code for code in self.runs_said(taken) if not code.letters and not code.paired]
        out += [(self.tokens[code.first].start, code.chars) for code in runs if code.digits in (7, 10)]
        # Said in pieces, one sentence or hesitation apart: "nine one six. Five five five. Zero one four two."
        for k, first in enumerate(runs):
            pieces = [first]
            for code in runs[k + 1 : k + 3]:
                gap = self.text[self.tokens[pieces[-1].last - 1].end : self.tokens[code.first].start]
                if not _BETWEEN_PIECES.fullmatch(gap):
                    break
                pieces.append(code)
                digits = "".join(p.chars for p in pieces)
                if len(digits) in (7, 10) and all(_in_groups(p.chars, digits) for p in pieces):
                    out.append((self.tokens[first.first].start, digits))
                elif len(pieces) == 2 and (whole := _begun_again(first.chars, code.chars)):
                    out.append((self.tokens[first.first].start, whole))
                    self._broken_off.add(first.first)
        return out

    def phone_piece(self, code: _Code, telephones: list[tuple[int, str]]) -> bool:
        """Part of a telephone number said close to the whole one: its tail said again to check it
        ("... five five five oh one nine one" / "oh one nine one"), or the pieces of a number said
        in fits and starts before it is read back ("seven one four, five five five... sorry. Zero one
        eight six." / "714-555-0186?"). Digits said one by one, not a number of tens ("two fifteen")."""
        if code.first in self._broken_off:
            return True
        if code.letters or code.paired or code.digits < 3:
            return False
        start = self.tokens[code.first].start
        return any(
            len(digits) > len(code.chars)
            and abs(where - start) <= _PIECE_REACH
            and _in_groups(code.chars, digits)
            for where, digits in telephones
        )

    def phone_part(self, code: _Code) -> bool:
        """An area code said alone ("is it still the six six one number"), before a hesitation and
        the other seven digits, or the start of a number said in words before it is given in digits
        ("Two oh nine... hold on. 209, 555, 0187"), or with the rest not known, after talk of a
        telephone ("What's the number on this phone?" "It's two-oh-nine something")."""
        if code.letters or len(code.chars) != 3:
            return False
        # Alone, only an area code ("the 911 number", "the 411 number": a service, no one's line).
        alone = AREA_CODE.fullmatch(code.chars) is not None
        if alone and self.word(code.last) == "number" and self.word(code.first - 1) in DETERMINERS:
            return True
        if (
            alone
            and self.word(code.last) == _REST_UNKNOWN
            and self.word(code.last + 1) not in self.v.quantity_words  # "nine two five something pounds"
            and any(self._telephone_word(k) for k in range(max(0, code.first - _TALK_REACH), code.first))
        ):
            return True
        j = code.last
        while self.word(j) in _HESITATIONS and j - code.last < 3:
            j += 1
        rest = self.code_at(j) if j < len(self.tokens) and j > code.last else None
        if (
            rest is not None
            and not rest.letters
            and rest.digits == 7
            and "\n" not in self.gap(code.last - 1, j)
        ):
            return True  # "Seven oh seven, uh, five five five, oh one six three"
        end = self.tokens[code.last - 1].end
        written = WRITTEN_PHONE.search(self.text, end, end + _PHONE_REACH)
        return written is not None and re.sub(r"\D", "", written.group()).startswith(code.chars)

    def tail_label(self, i: int, code: _Code) -> str:
        """The label of the tail of a number after the cue at token i: a telephone's where a
        telephone is talked about right before it, an identifier's where an identifier noun is or
        the tail is long; else that of the nearer of the two said further back ("Your husband's
        card is a separate number? -- Luigi. His ends in nine-oh-five-one": the card's), and a
        telephone's where neither is."""
        near = range(max(0, i - _TAIL_NEAR), code.first)
        if {self.word(k) for k in near} & _TAIL_PHONE_WORDS:
            return "PHONE_NUMBER"
        if any(self._identifier_noun(k) for k in near) or len(code.chars) >= 5:
            return "ID_NUMBER"
        for k in range(i - _TAIL_NEAR - 1, max(-1, i - _TAIL_FAR - 1), -1):
            if self.word(k) in _TAIL_PHONE_WORDS:
                return "PHONE_NUMBER"
            if self._identifier_noun(k):
                return "ID_NUMBER"
        return "PHONE_NUMBER"

    def _identifier_noun(self, k: int) -> bool:
        return self.phrase_at(k, self.v.nouns) > k or self._lettered_number(k)

    def _telephone_word(self, k: int) -> bool:
        """Whether word k talks of a telephone: "number" as a count ("a number of times") does not."""
        counted = self.word(k) == "number" and self.word(k + 1) == "of"
        return self.word(k) in _TELEPHONE_WORDS and not counted

    def area_codes_broken_off(self, taken: list[tuple[int, int]]) -> list[_Code]:
        """An area code written or said after "number" (or "phone", "cell") and broken off, the
        rest not known or not said: "His number is, um, 714... I don't know it by heart"."""
        out = []
        for i in range(len(self.tokens)):
            code = self.code_at(i)
            if (
                code is None
                or code.letters
                or len(code.chars) != 3
                or self._overlaps(code, taken)
                or not _BROKEN_OFF.match(self.text, self.tokens[code.last - 1].end)
            ):
                continue
            j = i - 1
            while j >= 0 and i - j <= 4 and self.word(j) in _BEFORE_THE_NUMBER:
                j -= 1
            # "his number", "my cell", "the phone number"; not "room number", "case number"
            if self.word(j) in _TELEPHONE_WORDS and (
                self.word(j) != "number" or self.word(j - 1) in DETERMINERS + _TELEPHONE_WORDS
            ):
                out.append(code)
                continue
            # Begun, broken off and then written whole: "It's 916 -- hold on. (916) 555-0121."
            end = self.tokens[code.last - 1].end
            written = WRITTEN_PHONE.search(self.text, end, end + _PHONE_REACH)
            if written is not None and re.sub(r"\D", "", written.group()).startswith(code.chars):
                out.append(code)
        return out

    def zip_code(self, code: _Code) -> bool:
        """Five digits said one by one after an address or a ZIP cue ("2217 Alder Creek Road,
        Apartment 14, Modesto. Nine five three five oh."), not after a telephone or identifier cue."""
        if code.letters or len(code.chars) != 5 or code.last - code.first != 5:
            return False
        start = self.tokens[code.first].start
        before = self.text[max(0, start - _ZIP_REACH) : start].lower()
        if not re.search(rf"\b(?:{'|'.join(self.v.address_words)})\b", before):
            return False
        near = {self.word(k) for k in range(max(0, code.first - 8), code.first)}
        return not near & self.v.not_zip_cues and not any(
            self.phrase_at(k, self.v.nouns) > k for k in range(max(0, code.first - 8), code.first)
        )


def _begun_again(said: str, again: str) -> str | None:
    """The telephone number of digits broken off and said again from the start of a group:
    "five five nine, five five -- five five five, zero one two two" is 559-555-0122."""
    for cut in (0, 3, 6):
        whole = said[:cut] + again
        if (
            cut < len(said)
            and again.startswith(said[cut:])
            and len(whole) in (7, 10)
            and cut < len(whole) - 4
        ):
            return whole
    return None


def _in_groups(piece: str, telephone: str) -> bool:
    """Whether `piece` is whole groups of `telephone` as it is said: area code, exchange, line
    (3-3-4, or 3-4 without the area code); "555" and "0191" of 8315550191, not "501"."""
    bounds = (0, 3, 6, 10) if len(telephone) == 10 else (0, 3, 7)
    return any(telephone[a:b] == piece for k, a in enumerate(bounds) for b in bounds[k + 1 :])
