"""Identifiers given after the noun that names them, and codes read out character by character.

A call, an interview or a hearing gives an identifier after the noun that names it
("policy number", "claim no.", "member ID", "the VIN", "plate") and then in any form:
digits with dashes or spaces ("HO-4471-2290", "4471 2093 88"), letters and digits
("ZX 4471 B"), read character by character in words ("seven two oh one", "K as in
kilo", "whiskey foxtrot four two"), in the answer to the question that named it, and
sometimes only its tail ("the account ending in 027714"). Rather than one regex per
form, a code is read as a run of characters (`_Finder.code_at`): written groups with a
digit, capitals, single letters, digit words, "double five", spelling-alphabet words and
"B as in boy", joined by spaces, commas or hyphens. A run is an identifier

- after an identifier noun, with what may stand between (the verb, a hesitation, the
  other speaker's tag): "claim number is 22-0981734", "And the VIN?" / "One F T, F W one
  E ...". After "number", "no." or "ID" four characters are enough; after the noun
  alone the run must not look like a count (letters and digits mixed, or digits in
  groups): "the policy is PLC 448 2091 77", not "the claim was 4500";
- after "ending in" or "last four": the tail of a number, a telephone number's when a
  telephone is talked about or the tail is short, an identifier's otherwise;
- after "number" or "no." that no noun names, five digits or more ("interpreter, number 301447");
- written alone as one group of letters and digits ("SJ-00588127"), read out alone when it
  mixes letters and digits and is long (a plate or a VIN said again), or when it repeats
  a code found before ("Seven K D R two one nine"), or its start cut off ("Two six, oh nine...").

A run of one letter and five digits or two letters and four is a CDCR number
(`_Finder.cdcr_codes`) after a CDCR cue, said again, or in a hearing when its letters are said
one by one; also when a pause, an "(inaudible)" or the end of a turn cuts it in two.
Digits alone read without a cue are the telephone numbers of `spoken_digits.find_digit_runs`;
the pieces of one said in fits and starts, broken off or said again are `read_out_phones`'.
A code said with a hesitation inside it is one ("two three one, uh, two three one four four").
The vocabulary is data, in `resources/patterns/read_out.toml` (`read_out_words`).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from reviewer_app.core.name_rules import PRONOUNS
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import Reader, spoken_words, words_of
from reviewer_app.detectors import read_out_cdcr
from reviewer_app.detectors.profiles import GENERAL
from reviewer_app.detectors.read_out_cdcr import (
    CDCR_SHAPE,
    CDCR_START,
    CUT_OFF,
    HAS_DIGIT,
    RESUME,
    YEAR,
    CdcrPieces,
)
from reviewer_app.detectors.read_out_margins import margin_numbers
from reviewer_app.detectors.read_out_phones import DETERMINERS, WRITTEN_PHONE, TelephoneParts
from reviewer_app.detectors.read_out_words import ReadOutWords, dot_extension, read_out_words, written_tokens

CUE_SCORE = 0.95
ALONE_SCORE = 0.7
# Between two characters of a code: spaces, a comma, a hyphen ("K-F-A", "one F T, F W").
_JOINED = re.compile(r"[ ,\-]{1,3}")
# Between the cue and the code, within one turn: spaces and punctuation, no sentence of words.
_CUE_GAP = re.compile(r"[ \t,:;?.!…—–\-\"'“”]*")
# The other speaker's tag at the start of the answer: "CALLER:", "[14:02:11] DET. HARLAN:",
# "speaker 2:", "A." of a deposition.
_TURN = re.compile(r"[ \t]*(?:\[[\d:.]+\][ ]*)?(?:[^\n:?!]{1,40}:|[QA]\.)[ \t]+")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)
_MAX_FILLERS = 8
# Words between the start of a code cut off and its rest: "... and then four, nine".
_LINKING = ("and", "then", "uh", "um", "er", "the", "rest", "it's", "is", "was", "after", "that")
_LINKING_MAX = 4
_TURNS = 2
# Words between "last four" and the digits: "of the social are", "digits on the card are".
_TAIL_REACH = 6
# How far before a spelling what it spells is looked for.
_SAID_BACK_REACH = 300
# Letters said one by one that spell a word whatever was said before them: more than an acronym has.
_SPELLED_MIN = 5
_VOWEL = re.compile(r"[aeiouy]")
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
# An e-mail address read aloud: the name before "at" (a word-by-word spelling of it may follow).
_SPOKEN_ADDRESS = re.compile(
    r"(?<![\w'])(?P<name>[a-z0-9]+(?:[ ][a-z0-9]+){0,4})[ ]at[ ][a-z0-9 ]+?"
    r"[ ]dot[ ](?:com|org|net|gov|edu|us|info|io|co|biz|me|ca|uk|example|test|local)\b",
    re.IGNORECASE,
)
_TAIL_WORDS = ("digits", "numbers", "of", "on", "are", "were", "being", "security")
_ABBREVIATIONS = ("no", "nos", "num")
# A code named as one has at least this many characters; one read alone, more.
_NAMED_MIN = 4
_ALONE_MIN = 7
_ALONE_SAID = 4
_WRITTEN_DIGITS = 4
# Between "number" and the digits it names alone: "number 301447", "No.: 2210447", or the next
# line of a line-numbered page ("number\n 5  0715-2288413").
_BARE_GAP = re.compile(r"\.?:?(?:[ ]{1,8}|[ \t]*\n[ \t]*\d{1,2}[ \t]{2,})")
# A code gone on with after a pause has at most this many characters (an identity number's).
_RESUMED_MAX = 14
# What may cut it: a pause, a stammer, an inaudible word, the end of a turn or of a caption's cue.
_UNHEARD = r"(?:inaudible|unintelligible|indiscernible|crosstalk|pause)"
_PAUSE = re.compile(
    rf"(?:[ \t,]*(?:--|—|–|\.\.\.|…|(?i:\({_UNHEARD}[^)\n]{{0,30}}\))|(?i:\[{_UNHEARD}[^\]\n]{{0,30}}\])"
    r"|(?i:uh|um|er)(?!\w)))+[ \t,]*"
    r"|[ \t.,]*-?\n(?:[ \t]*\d{1,2}[ \t]{2,})?(?:[^\n:]{1,40}:)?[ \t]*"
)
# How far (in words) a CDCR cue reaches: a question for the name, its spelling and the number.
_CDCR_REACH = 40
# "November 1, 2019": a month of the spelling alphabet, a day and a year, a date.
_DATE_SAID = re.compile(r"[^\W\d_]+\.?,?[ ]+\d{1,2},?[ ]+(?:19|20)\d\d")
# "IN 1999" in an ALL-CAPS notice: a preposition and a year, not two letters and four digits.
_YEAR_AFTER_A_WORD = re.compile(r"(?i:in|on|by|of|at|to|as|or|so|is|if)[ ]+(?:19|20)\d\d")


class _Token(NamedTuple):  # a tuple: made for every word of the text, and fast to make
    text: str
    lower: str
    start: int
    end: int


@dataclass(frozen=True)
class _Code:
    """A run of characters read from tokens first..last-1."""

    first: int
    last: int
    chars: str
    digits: int
    letters: int
    grouped: bool  # several groups of digits, or a written group with a dash or a letter
    spoken: int  # characters said in words (a digit word, a single letter, "K as in kilo")
    apart: int = 0  # letters said one by one: "B", "bravo", "B as in boy"
    paired: bool = False  # digits said in pairs or more ("fourteen", "thirty seven")
    alphabet: int = 0  # letters said with a spelling alphabet's words ("Tom", "bravo")
    cdcr_first: _Code | None = None  # its start, a CDCR number, where a comma follows it

    def joined(self, rest: _Code, chars: str | None = None) -> _Code:
        """This code and `rest` after it as one code; `chars`, its characters where they are not the
        two codes' end to end (a CDCR number whose middle was not heard)."""
        return dataclasses.replace(
            self,
            last=rest.last,
            chars=self.chars + rest.chars if chars is None else chars,
            digits=self.digits + rest.digits,
            spoken=self.spoken + rest.spoken,
            paired=self.paired or rest.paired,
        )


class _Finder(TelephoneParts, CdcrPieces):
    def __init__(self, text: str, vocabulary: ReadOutWords, custody: bool = False) -> None:
        self.text = text
        self.v = vocabulary
        # Whether a CDCR number's shape makes a run one (a hearing, a document about custody).
        self.custody = custody
        self._written: set[str] | None = None  # the codes written in the text (`_tail_of_written`)
        self.numbers = spoken_words()
        self._codes: dict[int, _Code | None] = {}
        # Where a telephone number said in words was broken off and begun again (`telephones`).
        self._broken_off: set[int] = set()
        margins = margin_numbers(text)
        self.tokens = [
            _Token(m.group(), m.group().lower().replace("’", "'"), m.start(), m.end())
            for m in written_tokens(vocabulary.file_extensions).finditer(text)
            if m.start() not in margins
        ]

    def word(self, i: int) -> str:
        return self.tokens[i].lower if 0 <= i < len(self.tokens) else ""

    def gap(self, a: int, b: int) -> str:
        return self.text[self.tokens[a].end : self.tokens[b].start]

    def phrase_at(self, i: int, phrases: dict[str, tuple[tuple[str, ...], ...]]) -> int:
        """End of the longest of `phrases` said from token i, or i."""
        for phrase in phrases.get(self.word(i), ()):
            if tuple(self.word(i + k) for k in range(len(phrase))) == phrase and all(
                _JOINED.fullmatch(self.gap(i + k, i + k + 1)) for k in range(len(phrase) - 1)
            ):
                return i + len(phrase)
        return i

    def code_text(self, code: _Code) -> str:
        return self.text[self.tokens[code.first].start : self.tokens[code.last - 1].end]

    def span(self, code: _Code, label: str, score: float) -> Span:
        return Span(
            self.tokens[code.first].start, self.tokens[code.last - 1].end, label, ("presidio",), score
        )

    # -- one code ---------------------------------------------------------------
    def code_at(self, k: int) -> _Code | None:
        """The run of characters from token k, if one starts there (read once)."""
        if k not in self._codes:
            self._codes[k] = self._read_code(k)
        return self._codes[k]

    def _read_code(self, k: int) -> _Code | None:
        chars: list[str] = []
        ends: list[tuple[int, int]] = []  # (token end, characters so far) where the code may end
        groups = 0
        grouped = False
        said_aloud: list[bool] = []  # per character: said in words
        said_apart: list[bool] = []  # per character: a letter said on its own
        in_alphabet: list[bool] = []  # per character: a spelling alphabet's word
        paired = False
        j = k
        n = len(self.tokens)
        while j < n:
            if j > k and (not _JOINED.fullmatch(self.gap(j - 1, j)) or "--" in self.gap(j - 1, j)):
                break  # "--" is a pause: "four--B-N forty-four eighteen" begins again
            if j > k and self.gap(j - 1, j) == "," and self.tokens[j - 1].text.isdigit():
                break  # "1,898,208,000": a sum, not digits read in groups ("209, 555, 0187")
            token, w = self.tokens[j].text, self.word(j)
            step, said, aloud, alone, alphabet = 1, "", True, False, False
            if w in self.v.separators and chars and j + 1 < n:
                j += 1
                continue
            if w in self.v.repeat and self.word(j + 1) in self.v.digits:
                said, step = self.v.digits[self.word(j + 1)] * self.v.repeat[w], 2
            elif w in self.v.digits:
                said = self.v.digits[w]
            elif w in self.numbers.teens:  # "four eighteen"
                said, paired = str(self.numbers.teens[w]), True
            elif w in self.numbers.tens:  # "twenty", "thirty one"
                paired = True
                unit = self.word(j + 1)
                if unit in self.v.digits and unit not in ("oh", "zero") and self.gap(j, j + 1) in (" ", "-"):
                    said, step = str(self.numbers.tens[w] + int(self.v.digits[unit])), 2
                else:
                    said = str(self.numbers.tens[w])
            elif _ORDINAL.fullmatch(token):
                break  # "November 5th": a date
            elif HAS_DIGIT.search(token):
                said, aloud = "".join(c for c in token.upper() if c.isalnum()), False
                grouped |= bool(re.search(r"[-./]|[^\W\d_]", token))
                groups += 1
            elif len(token) == 1 and token.isalpha():
                said, alone = token.upper(), True
                if w == "x" and self.word(j + 1) == "ray" and self.gap(j, j + 1) in ("-", " "):
                    step = 2  # "X-ray" of the spelling alphabet
                # "B as in boy", "K as in kilo", "G like George", "M for Mary"
                if self.word(j + 1) == "as" and self.word(j + 2) == "in" and self.word(j + 3)[:1] == w:
                    step = 4
                elif self.word(j + 1) in ("like", "for") and self.word(j + 2)[:1] == w:
                    step = 3
            elif token.isupper() and token.isalpha() and len(token) <= 3:
                said, aloud = token, False
            elif w in self.v.phonetic:
                said, alone, alphabet = w[0].upper(), True, True
            elif w in self.v.letter_names:  # "pee kay"
                said, alone = self.v.letter_names[w], True
            else:
                break
            chars.append(said)
            said_aloud.append(aloud)
            said_apart.append(alone)
            in_alphabet.append(alphabet)
            j += step
            # A lone "a" or "I" ends no code: "two a day", "4471 I think".
            if not (len(token) == 1 and w in ("a", "i")) and not (
                token.isupper() and len(token) > 1 and token.isalpha()
            ):
                ends.append((j, len(chars)))
        if not ends:
            return None

        def ending(last: int, count: int, shorter: _Code | None = None) -> _Code:
            said, aloud, apart = "".join(chars[:count]), sum(said_aloud[:count]), sum(said_apart[:count])
            n = sum(c.isdigit() for c in said)
            mixed = grouped or groups >= 2 or 0 < n < len(said)
            return _Code(
                k,
                last,
                said,
                n,
                len(said) - n,
                mixed,
                aloud,
                apart,
                paired,
                sum(in_alphabet[:count]),
                shorter,
            )

        # A CDCR number read out, said again after a comma ("AK four one two six, AK4126"): its first reading
        cdcr = next((e for e in ends[:-1] if CDCR_SHAPE.fullmatch("".join(chars[: e[1]]))), None)
        return ending(*ends[-1], ending(*cdcr) if cdcr and "," in self.gap(cdcr[0] - 1, cdcr[0]) else None)

    def _quantity_after(self, code: _Code) -> bool:
        """ "12345 people"; not "A, H, three-three-oh-seven. People call me Archie." (a full stop)."""
        return (
            code.last < len(self.tokens)
            and self.word(code.last) in self.v.quantity_words
            and not re.search(r"[.?!\n]", self.gap(code.last - 1, code.last))
        )

    # -- codes after a cue ---------------------------------------------------------
    def named_codes(self) -> list[tuple[_Code, str]]:
        """Codes after an identifier noun or a tail cue, with their labels."""
        out: list[tuple[_Code, str]] = []
        i = 0
        while i < len(self.tokens):
            found = self._named_code_at(i)
            if found is None:
                i += 1
                continue
            out.append(found)
            i = found[0].last
        return out

    def _named_code_at(self, i: int) -> tuple[_Code, str] | None:
        tail = self.phrase_at(i, self.v.tail_cues)
        if tail > i:
            # "ending in 4471", "last four of the social are 4471", "last four digits, 2 0 9 1"
            j, code = tail, None
            while j < min(len(self.tokens), tail + _TAIL_REACH) and _CUE_GAP.fullmatch(self.gap(j - 1, j)):
                code = self.code_at(j)
                if code is not None and code.digits:
                    break
                if not (
                    self.word(j) in _TAIL_WORDS
                    or self.word(j) in self.v.fillers
                    or self.phrase_at(j, self.v.nouns) > j
                ):
                    return None  # "the last four years we lived at 1450 ..."
                code, j = None, j + 1
            if code is None or len(code.chars) < 3 or code.letters or self._quantity_after(code):
                return None
            return code, self.tail_label(i, code)
        if self._lettered_number(i):  # "What's your A-number?" / "A two zero six, ..."
            code = self._code_after(i + 1)
            named = code is not None and len(code.chars) >= _NAMED_MIN and code.digits >= 3
            return (code, "ID_NUMBER") if named and not self._quantity_after(code) else None
        j = self.phrase_at(i, self.v.self_naming)
        named = j > i
        if not named:
            j = self.phrase_at(i, self.v.nouns)
            if j == i:
                bare = self._bare_number_code(i)
                return None if bare is None else (bare, "ID_NUMBER")
        if self.word(j) in ("ending", "ends"):  # "case ending 382": the tail of the number
            j += 1 + (self.word(j + 1) in ("in", "with"))
        elif self.word(j) in self.v.number_words:
            named = True
            j += 1 + (self.word(j + 1) in self.v.number_words)  # "member ID number"
        elif self.word(j) in ("a", "an") and self.tokens[j].text.islower():
            return None  # the noun is a verb: "to file a 602-1", "report a 115"
        code = self._code_after(j)
        if code is None or self._quantity_after(code) or _DATE_SAID.fullmatch(self.code_text(code)):
            return None  # "... Reporting Group / November 16, 2026": a date, its month no letter
        if named:
            if len(code.chars) >= _NAMED_MIN and (code.digits >= 3 or (code.digits and code.letters >= 2)):
                return code, "ID_NUMBER"
        elif code.digits >= 4 and (code.grouped or code.spoken >= 5) and len(code.chars) >= 5:
            # Not a count: digits in groups, with letters, or read one by one ("group is four zero one one")
            return code, "ID_NUMBER"
        elif self._tail_of_written(code):  # "To recap: claim 5592" after "CLM 26 0309 5592"
            return code, "ID_NUMBER"
        return None

    def _tail_of_written(self, code: _Code) -> bool:
        """Whether `code`, a few digits written, ends a longer code written in the text: the short
        form of a claim or case number given in full elsewhere ("case ending 382" of 25FE014382)."""
        if code.letters or code.spoken or not 3 <= len(code.chars) <= 6 or YEAR.fullmatch(code.chars):
            return False
        if self._written is None:
            self._written = {
                run.chars
                for k, token in enumerate(self.tokens)
                if HAS_DIGIT.search(token.text) and (run := self.code_at(k)) is not None and not run.spoken
            }
        return any(w.endswith(code.chars) and len(w) >= len(code.chars) + 3 for w in self._written)

    def _bare_number_code(self, i: int) -> _Code | None:
        """ "the interpreter, number 301447", "inmate number 4471234": five digits or more written
        right after "number" or "no." that no noun names, or letters and four digits ("agent number
        DZ4471"); not "the number 12345", "phone number 555-0142", nor a CDCR number ("CDC number
        12345", "number AK4126" where a CDCR number's shape makes one)."""
        before = self.word(i - 1)
        if (
            self.word(i) not in ("number", "no", "#")
            or i + 1 >= len(self.tokens)
            or not _BARE_GAP.fullmatch(self.gap(i, i + 1))
            or before in DETERMINERS
            or before in self.v.number_words
            or before in self.v.not_zip_cues
        ):
            return None
        code = self.code_at(i + 1)
        if (
            code is None
            or code.spoken
            or code.digits < (4 if code.letters else 5)  # "agent number DZ4471"
            or self._quantity_after(code)
        ):
            return None
        cdcr_cue = any(self.phrase_at(k, self.v.cdcr_cues) == i for k in range(max(0, i - 4), i))
        if (cdcr_cue or self.custody) and CDCR_SHAPE.fullmatch(code.chars):
            return None  # a CDCR number's
        if cdcr_cue and not code.letters and code.digits == 5:
            return None  # the letter left out of a CDCR number
        return None if WRITTEN_PHONE.fullmatch(self.code_text(code)) else code

    def codes_before_noun(self, taken: list[tuple[int, int]]) -> list[_Code]:
        """Codes named right after they are given: "22-0981734, that's the claim number",
        "4471 2093 is my account number"."""
        out = []
        i = 0
        while i < len(self.tokens):
            code = self.code_at(i)
            if code is None or not code.digits or self._overlaps(code, taken):
                i += 1
                continue
            j = code.last
            if self.word(j) in ("is", "was", "that's", "it's", "as") and _CUE_GAP.fullmatch(
                self.gap(j - 1, j)
            ):
                k = j + 1 + (self.word(j + 1) in DETERMINERS)
                end = self.phrase_at(k, self.v.nouns)
                named = end > k and self.word(end) in self.v.number_words
                if named and len(code.chars) >= _NAMED_MIN and code.digits >= 3:
                    out.append(code)
                    i = code.last
                    continue
            i += 1
        return out

    def _code_after(self, j: int) -> _Code | None:
        """The code that follows the cue ending before token j: in the same turn after
        fillers, or at the start of the next turn (the answer to the question that named it)."""
        skipped = 0
        lines = 0
        while j < len(self.tokens) and skipped <= _MAX_FILLERS:
            gap = self.gap(j - 1, j) if j > 0 else ""
            if "\n" in gap:
                # The next turn answers, or the one after a turn of fillers ("Hold on."); a
                # blank line ends a paragraph.
                lines += 1
                if lines > _TURNS or gap.count("\n") > 1:
                    return None
                turn = _TURN.match(self.text, self.text.rfind("\n", 0, self.tokens[j].start) + 1)
                if turn and turn.end() > self.tokens[j].start:
                    while j < len(self.tokens) and self.tokens[j].start < turn.end():
                        j += 1
                    continue
            elif not _CUE_GAP.fullmatch(gap) or (
                re.search(r"[.!]", gap) and self.word(j - 1) not in _ABBREVIATIONS and not lines
            ):
                # Another sentence of the same turn ("... his claim. On 29 November"); an answer
                # may take a few ("Yes, I do. Hold on. It's HO-4471-2290.").
                return None
            code = self.code_at(j)
            if code is not None and code.digits:
                return self._resumed(code)
            w = self.word(j)
            if w == "one" and self.word(j + 1) in ("sec", "second", "moment", "minute"):
                j, skipped = j + 2, skipped + 2
                continue
            if w not in self.v.fillers:
                return None
            j, skipped = j + 1, skipped + 1
        return None

    def _resumed(self, code: _Code) -> _Code:
        """A code said with a hesitation or a correction inside it, as one: begun again ("two
        three one, uh, two three one four four") or gone on with ("four four one... um, seven two")."""
        end = self.tokens[code.last - 1].end
        pause = RESUME.match(self.text, end)
        if pause is None or pause.end() == end:
            return code
        k = self._token_from(code.last, pause.end())
        rest = self.code_at(k) if k < len(self.tokens) and self.tokens[k].start == pause.end() else None
        if (
            rest is None
            or not rest.digits
            or bool(rest.spoken) != bool(code.spoken)
            or self._quantity_after(rest)
        ):
            return code
        if rest.chars.startswith(code.chars):  # begun again: the second reading is the code
            return dataclasses.replace(rest, first=code.first)
        if code.letters or rest.letters or len(code.chars) + len(rest.chars) > _RESUMED_MAX:
            return code
        return code.joined(rest)

    def _lettered_number(self, k: int) -> bool:
        """ "A-number", "C-number": a number named by a letter, an identifier (an alien registration
        number, a CDC number), never a telephone's."""
        return (
            self.word(k) == "number"
            and k > 0
            and self.phrase_at(k - 1, self.v.cdcr_cues) == k - 1  # not a "C-number" of the CDCR
            and self.gap(k - 1, k) == "-"
            and len(self.tokens[k - 1].text) == 1
            and self.tokens[k - 1].text.isupper()
        )

    # -- codes read out alone ------------------------------------------------------
    def codes_alone(self, said: set[str], taken: list[tuple[int, int]], general: bool = True) -> list[_Code]:
        """Codes without a cue: a code written with letters and digits ("SJ-00588127", "9FTR552"),
        runs read out with letters and digits, long enough not to be chance (outside hearings, where
        such a run is a CDCR number), and runs that repeat a code found anywhere in the text, or its
        start cut off ("Two six, oh nine... sorry, say that again?")."""
        if general:
            said = said | {code.chars for code in self._runs(taken, self._read_as_code)}
        codes = self._runs(
            taken,
            lambda code: (
                self.repeats(code, said) or self._written_code(code) or (general and self._read_as_code(code))
            ),
        )
        rests = [rest for code in codes if (rest := self._rest_after_cut(code, said, taken)) is not None]
        return sorted(codes + rests, key=lambda code: code.first)

    def _read_as_code(self, code: _Code) -> bool:
        """Letters and digits read out that no chance gives: a long run, or one whose letters are
        said with a spelling alphabet and its digits one by one ("six Tom Robert King four nine")."""
        return self._long_mixed(code) or (
            code.alphabet >= 2
            and code.digits >= 2
            and not code.paired
            and code.spoken - code.apart >= 2
            and len(code.chars) >= _NAMED_MIN + 1
        )

    def _rest_after_cut(self, code: _Code, said: set[str], taken: list[tuple[int, int]]) -> _Code | None:
        """The rest of a code whose start was cut off ("Six, T, R, K... and then four, nine."): the
        next run after a few linking words that completes a code found elsewhere."""
        if code.chars in said or not CUT_OFF.match(self.text, self.tokens[code.last - 1].end):
            return None
        j = code.last
        while self.word(j) in _LINKING and j - code.last < _LINKING_MAX:
            j += 1
        rest = self.code_at(j) if j < len(self.tokens) else None
        if rest is None or len(rest.chars) < 2 or not rest.spoken or self._overlaps(rest, taken):
            return None
        whole = code.chars + rest.chars
        return rest if any(key.startswith(whole) for key in said) else None

    def _runs(self, taken: list[tuple[int, int]], accept: Callable[[_Code], bool]) -> list[_Code]:
        """The runs, read from left to right outside `taken`, that `accept` takes."""
        out = []
        i = 0
        while i < len(self.tokens):
            code = self.code_at(i)
            if (
                code is not None
                and not self._overlaps(code, taken)
                and not self._quantity_after(code)
                and accept(code)
            ):
                out.append(code)
                i = code.last
            else:
                i += 1
        return out

    def _long_mixed(self, code: _Code) -> bool:
        return (
            code.spoken >= _ALONE_SAID
            and len(code.chars) >= _ALONE_MIN
            and code.letters >= 2
            and code.digits >= 3
        )

    def repeats(self, code: _Code, said: set[str]) -> bool:
        # Said again, in words or in writing ("Let me read it back. GPH-7730-4412-09").
        if code.chars in said:
            return bool(
                (code.spoken and len(code.chars) >= _NAMED_MIN) or (code.digits >= 4 and len(code.chars) >= 5)
            )
        cut = CUT_OFF.match(self.text, self.tokens[code.last - 1].end)
        return bool(
            cut
            and code.spoken >= _NAMED_MIN
            and any(key.startswith(code.chars) and len(key) > len(code.chars) for key in said)
        )

    def _written_code(self, code: _Code) -> bool:
        """One written group of letters and digits, long enough to be no model name or road ("US-101").
        A file's extension counts as its letters, though no part of the span: "5550121" of
        "5550121.wav" is a code, as "5550121.wav" was before the extension was cut off."""
        end = self.tokens[code.first].end
        extension = dot_extension(self.v.file_extensions).match(self.text, end)
        letters = extension.end() - end - 1 if extension else 0
        return (
            code.last - code.first == 1
            and not code.spoken
            and code.letters + letters >= 1
            and code.digits >= _WRITTEN_DIGITS
            and len(code.chars) + letters >= _ALONE_MIN
            and not CDCR_SHAPE.fullmatch(code.chars)
        )

    # -- CDCR numbers ----------------------------------------------------------------
    def cdcr_codes(self, taken: list[tuple[int, int]], said: frozenset[str] = frozenset()) -> list[_Code]:
        """CDCR numbers read out in any form (letters alone, in a spelling alphabet or "B as in
        boy", digits one by one, in words, "oh", "double five", in groups): a run of one letter and
        five digits or two letters and four,
        - after a CDCR cue a few words before it ("give us your name and CDCR number" / "... number
          is bravo romeo five oh six one"), where five digits alone are one too (the letter left out);
        - said again in another form ("b r five zero six one" after "bravo romeo five oh six one"),
          here or elsewhere in the document (`said`);
        - in a hearing or about custody (`custody`), alone, when its letters are said one by one
          and its digits not in pairs nor as a year ("AJ seven three zero two", not "SB 1437")."""
        cues = sorted(
            end for k in range(len(self.tokens)) if (end := self.phrase_at(k, self.v.cdcr_cues)) > k
        )
        answers = {code.first for end in cues if (code := self._code_after(self._past_number_words(end)))}
        out: list[_Code] = []
        keys = set(said)
        i = 0
        while i < len(self.tokens):
            code = self.code_at(i) if self._may_open_cdcr(i) else None
            if code is not None and code.cdcr_first is not None:
                code = code.cdcr_first
            if code is None and (found := self._cdcr_letters_first(i, cues, keys, taken, self.custody)):
                out.extend(found[:-1])
                keys.add(found[-1].chars)
                i = found[-1].last
                continue
            if (
                code is None
                or self._overlaps(code, taken)
                or not self._starts_code(i)
                or self._quantity_after(code)
            ):
                i += 1
                continue
            cued = bisect.bisect_right(cues, i) > bisect.bisect_left(cues, i - _CDCR_REACH)
            shaped = (
                CDCR_SHAPE.fullmatch(code.chars) is not None
                and (cued or not self._article_first(code))
                and not _DATE_SAID.fullmatch(self.code_text(code))
                and not _YEAR_AFTER_A_WORD.fullmatch(self.code_text(code))
            )
            alone = (
                self.custody
                and (self._said_as_cdcr(code) or code.last - code.first == 1)
                and not self._bill(code)
            )
            if (shaped and (cued or code.chars in keys or alone)) or (
                i in answers and not code.letters and code.digits == 5
            ):
                out.append(code)
                keys.add(code.chars)
                i = code.last
                continue
            if self._cdcr_begun_again(code, keys) or self._cdcr_digits_alone(code, keys):
                out.append(code)
                i = code.last
                continue
            pieces = self._cdcr_cut(code, keys)
            if pieces and (
                cued or pieces[-1].chars in keys or (self.custody and self._said_as_cdcr(pieces[-1]))
            ):
                out.extend(pieces[:-1])
                keys.add(pieces[-1].chars)
                i = pieces[-2].last
                continue
            if found := self._cdcr_known_start(code, keys):
                out.extend(found)
                i = found[-1].last
                continue
            i += 1
        return out

    def _cdcr_letters_first(
        self, i: int, cues: list[int], keys: set[str], taken: list[tuple[int, int]], hearing: bool
    ) -> list[_Code]:
        """A CDCR number from letters that open no run: its pieces and last the whole number read.
        - Two letters written together, then a pause or a line's end: "AK, uh, 4126", "AK" / "4126";
        - a first letter speech recognition wrote as a word that sounds like it ("hey tee three three
          nine one" = AT3391), after a cue or said again: never read so elsewhere."""
        token = self.tokens[i]
        letter = self.v.letter_homophones.get(token.lower)
        if letter is None and not (len(token.text) == 2 and token.text.isupper() and token.text.isalpha()):
            return []
        cued = bisect.bisect_right(cues, i) > bisect.bisect_left(cues, i - _CDCR_REACH)
        if letter is None:
            if not self._starts_code(i) or self._overlaps(_Code(i, i + 1, "", 0, 0, False, 0), taken):
                return []
            pieces = self._cdcr_cut(_Code(i, i + 1, token.text, 0, 2, False, 0), keys)
            year = YEAR.fullmatch(pieces[-1].chars[2:]) if pieces else None  # "KL.\n1998, I think"
            return pieces if pieces and (cued or pieces[-1].chars in keys or (hearing and not year)) else []
        joined = i + 1 < len(self.tokens) and _JOINED.fullmatch(self.gap(i, i + 1))
        rest = self.code_at(i + 1) if joined else None
        if rest is None or self._quantity_after(rest) or not CDCR_SHAPE.fullmatch(letter + rest.chars):
            return []
        verb = i > 0 and self.tokens[i - 1].lower in PRONOUNS and "," in self.gap(i, i + 1)
        if not (cued or letter + rest.chars in keys) or verb:
            return []  # uncued, or a verb after a pronoun and before a pause: "let me see, two"
        whole = dataclasses.replace(
            rest, first=i, chars=letter + rest.chars, letters=rest.letters + 1, spoken=rest.spoken + 1
        )
        return [whole, whole]

    def _cdcr_cut(self, start: _Code, keys: set[str]) -> list[_Code]:
        """A CDCR number cut by a pause, an inaudible word or the end of the speaker's turn
        ("B R five oh -- (inaudible) -- six one", "... V as in Victor.\nINMATE: One two three four
        five."): its pieces, one if the cut is within a line, and last the whole number read; also
        the start and end of one of `keys` with its middle lost ("E-D... (inaudible) ...4-8")."""
        if not CDCR_START.fullmatch(start.chars) or self._article_first(start):
            return []
        end = self.tokens[start.last - 1].end
        cut = _PAUSE.match(self.text, end)
        if cut is None or cut.end() == end:
            return []
        k = self._token_from(start.last, cut.end())
        rest = self.code_at(k) if k < len(self.tokens) and self.tokens[k].start == cut.end() else None
        if rest is None or rest.letters:
            return []
        chars = start.chars + rest.chars
        if not CDCR_SHAPE.fullmatch(chars):
            lost = [key for key in keys if key.startswith(start.chars) and key.endswith(rest.chars)]
            if not lost or len(chars) >= len(lost[0]) or not re.search(_UNHEARD, cut.group(), re.I):
                return []
            chars = lost[0]
        whole = start.joined(rest, chars)
        if "\n" in cut.group():
            return [start, rest, whole]
        return [whole, whole]

    def _starts_code(self, i: int) -> bool:
        """Whether a run may start at token i: not inside a longer code ("k h five one nine nine eight"
        of a VIN) nor a spelling ("S-M-I-T-H, 12345"), though after a word spelled letter by letter
        ("p r i t c h e t t b r five ...")."""
        letters = 0
        j = i - 1
        if j >= 0 and "-" in self.gap(j, i) and "--" not in self.gap(j, i) and self.code_at(j) is not None:
            return False  # the last letter of "S-M-I-T-H", or a digit of "4-12345" (not after a "--" pause)
        while j >= 0 and _JOINED.fullmatch(self.gap(j, j + 1)) and "--" not in self.gap(j, j + 1):
            token = self.tokens[j].text
            if not (
                (len(token) == 1 and token.isalpha())
                or self.word(j) in self.v.phonetic
                or self.word(j) in self.v.letter_names
            ):
                return self.code_at(j) is None
            letters, j = letters + 1, j - 1
        return letters == 0 or letters >= 3

    def _article_first(self, code: _Code) -> bool:
        """ "a 20000 fine", "I 12345": an article or a pronoun before a number, no letter of it."""
        first = self.tokens[code.first]
        return (
            first.lower in ("a", "i")
            and code.last > code.first + 1
            and not self.tokens[code.first + 1].text.isalpha()
        )

    # -- telephone numbers, ZIP codes and spellings said back -------------------------
    def runs_said(self, taken: list[tuple[int, int]]) -> list[_Code]:
        """Runs said in words, outside the spans already taken."""
        out = []
        i = 0
        while i < len(self.tokens):
            code = self.code_at(i)
            if code is None or not code.spoken or self._overlaps(code, taken):
                i += 1
                continue
            out.append(code)
            i = code.last
        return out

    def _overlaps(self, code: _Code, taken: list[tuple[int, int]]) -> bool:
        start, end = self.tokens[code.first].start, self.tokens[code.last - 1].end
        return any(a < end and start < b for a, b in taken)

    def said_back(self, code: _Code) -> str | None:
        """The label of what a run of letters spells back: an e-mail address's name said shortly
        before ("pat long seventy two at ..." / "so p a t l o n g seven two"), or a word said
        shortly before ("juniper is that j u n i p e r"), a spelling (merging labels it by
        what it spells)."""
        if code.letters < 3:
            return None
        start = self.tokens[code.first].start
        before = self.text[max(0, start - _SAID_BACK_REACH) : start]
        for address in _SPOKEN_ADDRESS.finditer(before):
            if self._said_key(address.group("name")).endswith(code.chars.lower()) and len(code.chars) >= 4:
                return "EMAIL_ADDRESS"
        if code.digits or not all(len(self.tokens[k].text) == 1 for k in range(code.first, code.last)):
            return None
        words = {w.lower() for w in re.findall(r"[^\W\d_]{3,}", before)}
        if code.chars.lower() in words:
            return "SPELLED_NAME"
        # A longer run of letters said one by one spells a word even when the word said before it
        # was misheard ("lorna ask a bell e s q u i v e l"): not an acronym, not the alphabet recited.
        # (Letters joined by hyphens, "V-A-N D-E-R M-E-E-R", are the spelled-name patterns', word by word.)
        letters = code.chars.lower()
        if (
            len(letters) >= _SPELLED_MIN
            and _VOWEL.search(letters)
            and letters not in _ALPHABET
            and not any("-" in self.gap(k, k + 1) for k in range(code.first, code.last - 1))
        ):
            return "SPELLED_NAME"
        return None

    def _said_key(self, said: str) -> str:
        """The letters and digits of words said: "pat long seventy two" -> "patlong72"."""
        words = words_of(said)
        reader = Reader(words)
        out, i = [], 0
        while i < len(words):
            number = reader.read_cardinal(i)
            if number is not None:
                out.append(str(number.value))
                i = number.last
            else:
                out.append(words[i].text if words[i].text not in ("dot", "underscore", "dash") else "")
                i += 1
        return "".join(out)


def cdcr_numbers_said(text: str, profile: str = GENERAL) -> frozenset[str]:
    """The characters of the CDCR numbers `text` reads out ("BR5061")."""
    finder = _Finder(text, read_out_words(), profile != GENERAL or read_out_cdcr.in_custody(text))
    return frozenset(code.chars for code in finder.cdcr_codes([]))


def names_a_cdcr_number(text: str) -> bool:
    """Whether `text` is a proceeding about someone in custody on strong evidence: it writes or
    reads out a CDCR number right after its cue ("CDCR No. K-40211"), not merely a word of custody
    ("The CDC recommends masks", "his cellmate"), which any document may say."""
    if not read_out_cdcr.in_custody(text):
        return False
    return bool(_Finder(text, read_out_words(), False).cdcr_codes([]))


def find_read_out_identifiers(
    text: str, profile: str = GENERAL, cdcr_said: frozenset[str] = frozenset(), custody: bool = False
) -> list[Span]:
    """ID_NUMBER spans (and PHONE_NUMBER ones for a telephone number's tail) and CDCR_ID ones
    of `text`. Codes read out alone are identifiers only outside hearings (`profile` "general"):
    in a hearing a run of letters and digits is a CDCR number, or a spelled name before one.
    `cdcr_said` are the CDCR numbers read out elsewhere in the document (`cdcr_numbers_said`);
    `custody`, whether the document is about someone in custody (`in_custody`)."""
    finder = _Finder(text, read_out_words(), profile != GENERAL or custody)
    spans = []
    said: set[str] = set()
    taken = []
    for code, label in finder.named_codes():
        # The document's CDCR number named by another noun ("on the record his number is ...").
        label = "CDCR_ID" if code.chars in cdcr_said else label
        span = finder.span(code, label, CUE_SCORE)
        spans.append(span)
        taken.append((span.start, span.end))
        if label == "ID_NUMBER":
            said.add(code.chars)
    for code in finder.cdcr_codes(taken, cdcr_said):
        spans.append(finder.span(code, "CDCR_ID", CUE_SCORE))
        taken.append((spans[-1].start, spans[-1].end))
    for code in finder.codes_before_noun(taken):
        spans.append(finder.span(code, "ID_NUMBER", CUE_SCORE))
        taken.append((spans[-1].start, spans[-1].end))
    for code in finder.codes_alone(said, taken, profile == GENERAL):
        # A code said again is as sure as where it was named.
        spans.append(finder.span(code, "ID_NUMBER", CUE_SCORE if finder.repeats(code, said) else ALONE_SCORE))
        taken.append((spans[-1].start, spans[-1].end))
    for code in finder.area_codes_broken_off(taken):
        spans.append(finder.span(code, "PHONE_NUMBER", ALONE_SCORE))
        taken.append((spans[-1].start, spans[-1].end))
    telephones = finder.telephones(taken)
    for code in finder.runs_said(taken):
        if finder.phone_part(code) or finder.phone_piece(code, telephones):
            spans.append(finder.span(code, "PHONE_NUMBER", ALONE_SCORE))
        elif finder.zip_code(code):
            spans.append(finder.span(code, "LOCATION", ALONE_SCORE))
        else:
            label = finder.said_back(code)
            if label is not None:
                spans.append(finder.span(code, label, ALONE_SCORE))
    return sorted(spans)
