"""The Board of Parole Hearings transcript layout, independent of the file type.

The PDF and text importers both reduce a hearing to three lists of source lines
(cover, utterances, certificate); `build_hearing_document` turns them into the
canonical text of `core/document.py` with its utterances, sections and page map,
and `parse_cover` reads the cover's metadata. The layout's patterns live in
`resources/importers/bph_layout.toml`.

Rejoining the wrapped lines of one utterance: lines are joined with one space,
except where a line ends inside a spelled name ("R-E-", single capitals each
followed by a hyphen) and the next line goes on with a single capital ("E-D"):
those are joined without a space ("R-E-E-D"); and where a word was broken at
its hyphen ("sixty-" / "two"), which is joined without a space too, unless it
reads as a repair ("the-" / "the": rule in `bph_layout.toml`).

Besides the turns, the body holds the transcriber's parentheticals ("(Off the
record.)"), lines whose speaker is "". A decision notice after the last turn
(ALL CAPS, with "DECISION PAGE" footers) is a section of its own, "decision",
kept one printed line per line like the cover and the certificate.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.document import (
    UNNAMED_SPEAKER,
    HearingMetadata,
    PageMap,
    Participant,
    Section,
    Utterance,
)
from reviewer_app.core.line_numbers import NUMBERED_LINE
from reviewer_app.importers.lexicon import word_count
from reviewer_app.paths import resource


@dataclass(frozen=True)
class SourceLine:
    """One printed line: its text (words joined by single spaces) and where it was."""

    text: str
    page: int
    line: int


# A line number before a speaker's tag: digits and white space.
_LINE_NUMBER = re.compile(r"\d{1,5}[ \t]+(?=\S)")
# A time after a speaker's name, and the white space after it ("speaker 2  0:00:31").
_TIME_AFTER_NAME = re.compile(r"[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]+|$)")
# How a time that ends a line ends: a digit, or its AM / PM ("2:05 PM", "10:43 a.m.").
_TIME_ENDS = frozenset("0123456789MmPp.")
# What a recorder's timestamp opens with: checked before its pattern is tried.
_TIMESTAMP_OPENERS = frozenset("[(0123456789")
# The closing tag of a WebVTT cue's voice pasted into a text or printed ("<v Ana Ruiz>hi</v>").
VOICE_CLOSE = "</v>"


def speech_end(line: str) -> int:
    """Where the speech of an utterance whose (joined) line is `line` ends: at its end, but
    before the closing tag of a WebVTT cue's voice ("<v Daniel Okafor>Good morning.</v>"),
    markup, no speech."""
    stripped = line.rstrip()
    return len(stripped) - len(VOICE_CLOSE) if stripped.endswith(VOICE_CLOSE) else len(line)


@dataclass(frozen=True)
class Turn:
    """Where a speaker turn starts on its line: `line[tag_start:]` begins with the
    tag ("DET. HARLAN:", "Q.", "speaker 1:"), after any indentation and timestamp."""

    speaker: str
    tag_start: int
    # A speaker named in mixed case ("Deepa:"), a tag only where the speaker has more turns.
    named: bool = False
    # Opened by a caption's change-of-speaker mark (">> MS. DORAN:", ">> okay").
    marked: bool = False
    # Where the speech starts on the line, where a time stands between the name and it
    # ("Speaker 1 (00:03): hi"), or at the line's end where it is on the lines under
    # the tag ("Deepa Raghunathan  0:03"); None: two characters after the name.
    speech_at: int | None = None
    # The line is a heading of its own, a name and a time as meeting software exports them
    # ("Deepa Raghunathan  0:03"), its speech on the lines under it; False where the speech
    # follows the tag on its line (a page that breaks its row after "MS. RICH:" prints it
    # on the row under, and the rows are joined).
    speech_below: bool = False
    # Named in a WebVTT cue's voice tag ("<v Ana Ruiz, Esq.>"): markup that says who speaks.
    voiced: bool = False

    def moved(self, by: int, marked: bool | None = None) -> Turn:
        """The turn on a line that has `by` more characters before it."""
        return dataclasses.replace(
            self,
            tag_start=self.tag_start + by,
            marked=self.marked if marked is None else marked,
            speech_at=None if self.speech_at is None else self.speech_at + by,
        )


@dataclass(frozen=True)
class HearingLayout:
    cover: dict[str, re.Pattern[str]]
    roles: tuple[tuple[re.Pattern[str], str], ...]
    speaker_tag: re.Pattern[str]
    qa_tag: re.Pattern[str]
    caption_row: re.Pattern[str]
    person_tag: re.Pattern[str]
    generic_tag: re.Pattern[str]
    timestamp_prefix: re.Pattern[str]
    cue_timing: re.Pattern[str]
    voice_tag: re.Pattern[str]
    record_heading: re.Pattern[str]
    examiner_line: re.Pattern[str]
    name_tag: re.Pattern[str]
    timed_tag: re.Pattern[str]
    remark_tag: re.Pattern[str]
    timed_name_line: re.Pattern[str]
    name_after_stamp: re.Pattern[str]
    handle_after_stamp: re.Pattern[str]
    certificate_heading: re.Pattern[str]
    index_heading: re.Pattern[str]
    contents_line: re.Pattern[str]
    spelled_wrap_end: re.Pattern[str]
    spelled_wrap_start: re.Pattern[str]
    parenthetical_start: re.Pattern[str]
    parenthetical_end: re.Pattern[str]
    field_value: re.Pattern[str]
    decision_footer: re.Pattern[str]
    hyphen_wrap_end: re.Pattern[str]
    hyphen_wrap_start: re.Pattern[str]
    repair_words: frozenset[str]
    hyphen_prefixes: frozenset[str] = frozenset()
    number_words: frozenset[str] = frozenset()

    def group_for_role(self, role: str) -> str:
        return next((group for pattern, group in self.roles if pattern.search(role)), "other")

    def speaker_of(self, line: str, known: Sequence[str] = ()) -> str | None:
        """The speaker of the turn `line` starts, or None: see `turn_of`."""
        turn = self.turn_of(line, known)
        return turn.speaker if turn else None

    def turn_of(self, line: str, known: Sequence[str] = (), named: bool = False) -> Turn | None:
        """The turn `line` starts, or None. After indentation and a recorder's
        timestamp ("[14:02:11]"), a turn opens with an upper-case speaker tag and
        a colon ("PRESIDING COMMISSIONER MARSH:"), a name and a time in brackets
        ("Speaker 1 (00:03):") or a remark ("OFFICER MAHONEY (via speakerphone):"), a
        known name and a time ("speaker 2  0:00:31", the speech after it or on the lines
        under it: `Turn.speech_at`, `Turn.speech_below`), "Q." or "A." (speakers "Q" and "A"), a generic
        label in any case ("speaker 1:", "Interviewer:"), or one
        of the `known` names (the cover's) as it is written there, whatever its
        case ("Daniel McCoy:" as the incarcerated person's tag). With `named`, a
        name in mixed case too ("Ms. Diaz:", or "Deepa  0:03" on a line of its
        own), marked `Turn.named`, and after a timestamp a name alone over the speech ("2:05 PM
        Dana Whitfield") or a chat's handle in lower case ("[10:43] khale: hi"). A caption's
        ">>" opens a turn too, of the speaker named after it or, if none is, of
        `UNNAMED_SPEAKER`; a WebVTT voice tag pasted into a text, of its name ("<v Ana Ruiz>hi")."""
        rest = line.lstrip()
        start = len(line) - len(rest)
        stamped = False
        if rest[:1] in _TIMESTAMP_OPENERS and (stamp := self.timestamp_prefix.match(rest)):
            start += stamp.end()
            rest = rest[stamp.end() :]
            stamped = True
        elif rest[:1].isdigit() and (number := _LINE_NUMBER.match(rest)):
            # A transcript's line number printed before the tag ("10       DEPUTY COMMISSIONER
            # MASON:", a line-numbered page saved as text): the tag is after it.
            turn = self.turn_of(rest[number.end() :], known, named)
            return None if turn is None else turn.moved(start + number.end())
        if rest.startswith("<v") and (voice := self.voice_tag.match(rest)):
            # A WebVTT cue pasted into a text names its speaker in its voice tag; the tag's
            # marks stand before and after the name, as a timestamp may.
            return Turn(
                voice.group("speaker"),
                start + voice.start("speaker"),
                speech_at=start + voice.end(),
                voiced=True,
            )
        if "FOR THE RECORD" in rest[:32] and (heading := self.record_heading.match(rest)):
            below = not rest[heading.end() :].strip()
            return Turn(heading.group("speaker"), start, speech_at=start + heading.end(), speech_below=below)
        if rest.startswith(">>"):
            # Captioners mark a change of speaker with ">>" (">>>" a change of subject),
            # naming the speaker after it only when they know the name.
            after = rest.lstrip(">").lstrip()
            named_turn = self.turn_of(after, known, named)
            offset = start + len(rest) - len(after)
            if named_turn is not None:
                return named_turn.moved(offset, marked=True)
            # The turn starts at the last ">>", so that its speech starts after it and a space.
            marks = len(rest) - len(rest.lstrip(">"))
            return Turn(UNNAMED_SPEAKER, start + marks - len(UNNAMED_SPEAKER), marked=True)
        # A time after the name is in brackets before the tag's colon (a cheap test first).
        head = rest[: rest.find(":") + 1 or None]
        if ("(" in head or "[" in head) and (
            match := self.timed_tag.match(rest) or ("(" in head and self.remark_tag.match(rest))
        ):
            return Turn(match.group("speaker").strip(), start, speech_at=start + match.end())
        if ")" in rest and self.caption_row.match(rest):
            return None  # a caption's row: its initials and labels are no tags
        if (
            rest[:1] in "QA"
            and (qa := self.qa_tag.match(rest))
            and self.examiner_line.match(rest[qa.end() :])
        ):
            # A question that names its examiner again after an objection ("Q.   BY MS. OKAFOR:
            # Who keeps that book?"): the question's, not a tag "Q. BY MS. OKAFOR".
            return Turn(qa.group("speaker"), start)
        for pattern in (self.speaker_tag, self.qa_tag, self.generic_tag):
            if match := pattern.match(rest):
                return Turn(match.group("speaker").strip(), start)
        for name in known:
            if len(name) > 2 and rest[: len(name) + 1].lower() == name.lower() + ":":
                after = rest[len(name) + 1 :]
                if not after or after[0].isspace():
                    return Turn(rest[: len(name)], start)
        for name in known:
            # A known speaker's name and a time, as meeting software exports its speech
            # recognition ("speaker 2  0:00:31"), the speech after it where a PDF's rows
            # are joined into one line.
            if rest[: len(name)].lower() == name.lower() and (
                time := _TIME_AFTER_NAME.match(rest, len(name))
            ):
                below = not rest[time.end() :].strip()
                return Turn(rest[: len(name)], start, speech_at=start + time.end(), speech_below=below)
        timed = rest[-1:] in _TIME_ENDS and self.timed_name_line.match(rest)
        if named and stamped and (match := self.name_after_stamp.match(rest)):
            # The time first, the name after it on a line of its own, the speech under it
            # ("2:05 PM  Dana Whitfield").
            return Turn(match.group("speaker"), start, named=True, speech_at=len(line), speech_below=True)
        if named and stamped and (match := self.handle_after_stamp.match(rest)):
            return Turn(match.group("speaker"), start, named=True)  # a chat's "[10:43] khale: hi"
        if named and (match := self.name_tag.match(rest) or timed):
            return Turn(
                match.group("speaker"),
                start,
                named=True,
                speech_at=len(line) if timed else None,
                speech_below=bool(timed),
            )
        return None

    def is_index(self, lines: Sequence[str]) -> bool:
        """Whether a page's lines are an index: headed "INDEX", or mostly contents lines."""
        if lines and self.index_heading.match(lines[0]):
            return True
        contents = sum(bool(self.contents_line.match(line)) for line in lines)
        return contents >= 3 and contents * 2 >= len(lines)

    def is_parenthetical(self, line: str) -> bool:
        """A whole line that is one parenthetical: "(Off the record.)"."""
        return bool(self.parenthetical_start.match(line) and self.parenthetical_end.search(line))

    def parenthetical_at(self, line: str) -> int | None:
        """Where the parenthetical a line opens starts ("(Off the record.)", or one left open
        for the rows under it: "(Whereupon, a recess was taken from 11:38 a.m."): at 0, or
        after a transcript's line number printed before it, as before a speaker's tag ("12
        (Interpreter sworn.)", a line-numbered page saved as text); None where the line opens
        none."""
        if self.parenthetical_start.match(line):
            return 0
        number = _LINE_NUMBER.match(line) if line[:1].isdigit() else None
        if number and self.parenthetical_start.match(line[number.end() :]):
            return number.end()
        return None

    def spelled_goes_on(self, line: str, next_line: str) -> bool:
        """Whether `line` ends inside a word spelled letter by letter ("R-A-N-") and
        `next_line` goes on with its letters ("D-A.", "A."): one word, whatever the next
        row would open otherwise ("A." is an answer's tag too)."""
        return bool(self.spelled_wrap_end.search(line) and self.spelled_wrap_start.match(next_line))

    def joins_without_space(self, line: str, next_line: str) -> bool:
        if self.spelled_goes_on(line, next_line):
            return True
        if line[-2:-1].isalnum() and line.endswith("-") and next_line.startswith("-"):
            # A dash typed as two hyphens after a word, broken between them ("It was-" / "- it
            # was", of "It was-- it was"): no row of speech opens with a hyphen otherwise.
            return True
        broken = self.hyphen_wrap_end.search(line)
        if not broken:
            return False
        fragment = broken.group("fragment")
        token = line[line.rfind(" ") + 1 : -1]
        if (
            token != fragment
            and any(c.isalnum() for c in token[: -len(fragment)])
            and next_line[:1].isalnum()
        ):
            # Inside a compound or a code already ("2:21-cv-" / "04417", "mother-in-" / "law",
            # "26-4471-" / "OF").
            return True
        # The next row opens with a compound or a code of its own ("Adam-14", "KDW-229"):
        # after a number, a radio call sign or a plate goes on ("2-" / "Adam-14", "8-" /
        # "KDW-229"), not a restart ("5-" / "I-I mean").
        next_token = next_line.split(" ", 1)[0]
        # A code holds a digit or a run of capitals ("Adam-14", "KDW-229"); a name or a word
        # written with a hyphen is none ("2-" / "Jean-Paul", "19-" / "Twenty-one", "3-" / "X-rays").
        code_on = (
            "-" in next_token.strip("-")
            and next_line[:1].isalnum()
            and next_token[:2] != "I-"
            and re.search(r"\d|[A-Z]{2}", next_token) is not None
        )
        if fragment[0].isdigit() and code_on:
            return True
        following = self.hyphen_wrap_start.match(next_line)
        if not following:
            return False
        word = following.group("word")
        # A word that goes on as a compound on the next row is one more of its parts
        # ("three-" / "three-oh-seven").
        rest = next_line[following.end() : following.end() + 2]
        goes_on = rest[:1] == "-" and rest[1:].isalnum()
        if fragment[0].isdigit():
            # A number goes on ("209-" / "555-0123", "2:21-" / "cv-04417"), a form's number with
            # its letter ("128-" / "A"); "5-" / "I mean" is a restart.
            letter = len(word) == 1 and word.isupper() and word != "I" and len(fragment) > 1
            return word[0].isdigit() or word[0].islower() or letter
        if word[0].isdigit():
            return fragment.isupper()  # "COVID-" / "19", "HCR-" / "20"
        if len(fragment) == 1 and fragment.isupper() and fragment not in "AI" and word.islower():
            # A letter's compound ("B-" / "pod", "T-" / "shirt", "X-" / "ray"), unless the word
            # starts again with the letter ("S-" / "so").
            return not word.startswith(fragment.lower())
        # "inmate-" / "Correction": a repair; but a compound that opens a sentence has its
        # capital on the first part only ("Twenty-" / "three", "Self-" / "help"), and a
        # name's particle in lower case goes on with the name ("al-" / "Noor", "el-" / "Amin").
        particle = fragment.islower() and len(fragment) <= MAX_PARTICLE and word.istitle()
        # One of three parts or more goes on in whatever case, a plate read out in a phonetic
        # alphabet ("eight-" / "Robert-John-King-three").
        # Letters one by one are a name spelled ("spelled-" / "Q-U-I-G-L-E-Y"), no code.
        parts = next_token.strip(".,;:?!").split("-")
        spelled_code = goes_on and len(parts) >= 3 and all(len(part) > 1 for part in parts)
        if (
            word[0].isupper() != fragment[0].isupper()
            and not (len(fragment) > 1 and fragment.istitle() and word.islower())
            and not particle
            and not spelled_code
        ):
            return False
        fragment, word = fragment.lower(), word.lower()
        if fragment in self.repair_words:
            return False
        # "go- going", "the- the", "four- four years": the speaker starts the word again; but a
        # number read in parts goes on with a longer part ("six-" / "sixty") or says a part again
        # where the number ends there ("B-N, seven-" / "seven, three-four"), and a prefix English
        # writes with a hyphen goes on with a word that opens as it does where the two make a word
        # ("re-" / "read": "reread"; "re-" / "really" is a restart).
        numbers = fragment in self.number_words and word in self.number_words
        number_ends = next_line[len(word) : len(word) + 1] in _NUMBER_END
        return (
            goes_on
            or not word.startswith(fragment)
            or (numbers and (word != fragment or number_ends))
            or (fragment in self.hyphen_prefixes and word != fragment and word_count(fragment + word) > 0)
        )

    def broken_by_typesetter(self, line: str, next_line: str, words: frozenset[str]) -> bool:
        """Whether `line` ends in a word broken at a hyphen it does not have: the word
        and the next row's first word make a word `words` holds, which never holds them
        hyphenated ("recom-" / "mendation"; not "well-" / "known" nor "sixty-" / "two")."""
        pieces = self.broken_word(line, next_line)
        if not words or pieces is None:
            return False
        fragment, word = pieces
        head = line[-len(fragment) - 1 : -1]
        if next_line[:1].isupper() and any(c.islower() for c in head):
            # A syllable never goes on in capitals after one in lower case: a compound of
            # names' parts ("Medi-" / "Cal's", "Page-" / "Whitfield").
            return False
        if f"{fragment}-{word}" in words:
            return False
        if fragment + word in words:
            return True
        capitals = head.isupper() and next_line[: len(word)].isupper()
        if capitals and getattr(words, "hyphenates", False) and fragment not in self.hyphen_prefixes:
            # A word in capitals broken at a syllable ("RECE-" / "NTLY"): a common English word
            # joined ("SELF-" / "HELP" makes none).
            return word_count(fragment + word) >= COMMON_WORD
        # A word printed once, in a document whose typesetter breaks words at syllables,
        # where a syllable goes on in lower case ("Reyes-" / "Whitfield" is a name's two
        # parts): a common English word broken ("house" / "keeping", "you" / "rself"; after
        # a prefix English also writes with a hyphen, a very common one: "inter" / "view",
        # not "pre" / "trial"); not two words that make none ("well" / "known"); else a
        # compound's first part is a word the document prints or a prefix written with a
        # hyphen ("great" / "grandfather", "pre" / "commitment"), a syllable mostly not
        # ("incarcera" / "ted").
        if not getattr(words, "hyphenates", False) or not next_line[:1].islower():
            return False
        common = COMMON_PREFIXED if fragment in self.hyphen_prefixes else COMMON_WORD
        if word_count(fragment + word) >= common:
            return True
        if word_count(fragment) and word_count(word):
            return False
        return fragment not in words.parts and fragment not in self.hyphen_prefixes

    def broken_word(self, line: str, next_line: str) -> tuple[str, str] | None:
        """The two pieces, in lower case, of a word of letters `line` ends in broken at a
        hyphen and `next_line` goes on with ("recom", "mendation"), or None."""
        broken = self.hyphen_wrap_end.search(line)
        following = _LETTERS.match(next_line)
        if not (broken and following) or line[line.rfind(" ") + 1 : -1] != broken.group("fragment"):
            return None
        fragment, word = broken.group("fragment").lower(), following.group().lower()
        if min(len(fragment), len(word)) < 2 or next_line[len(word) : len(word) + 1] == "-":
            return None  # letters spelled out ("C-" / "A-R-D")
        return (fragment, word) if fragment.isalpha() and word.isalpha() else None

    def prints_compound(self, line: str, next_line: str, words: frozenset[str]) -> bool:
        """Whether `line` ends in the first part of a compound the document prints whole
        elsewhere, the next row going on with the rest ("al-" / "Noor" beside an
        "al-Noor", "128-" / "A" beside a "128-A"): joined without a space, whatever the
        case of its parts."""
        broken = self.hyphen_wrap_end.search(line)
        following = _COMPOUND_PART.match(next_line)
        return (
            bool(broken and following) and f"{broken.group('fragment')}-{following.group()}".lower() in words
        )


@functools.cache
def hearing_layout() -> HearingLayout:
    with resource("importers", "bph_layout.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    body = {
        key: value.replace("{generic_speaker}", raw["body"]["generic_speaker"])
        if isinstance(value, str)
        else value
        for key, value in raw["body"].items()
    }
    return HearingLayout(
        cover={key: re.compile(value, re.IGNORECASE) for key, value in raw["cover"].items()},
        roles=tuple((re.compile(r["pattern"], re.IGNORECASE), r["group"]) for r in raw["roles"]),
        speaker_tag=re.compile(body["speaker_tag"]),
        qa_tag=re.compile(body["qa_tag"]),
        caption_row=re.compile(body["caption_row"]),
        person_tag=re.compile(body["person_tag"]),
        generic_tag=re.compile(body["generic_tag"]),
        timestamp_prefix=re.compile(body["timestamp_prefix"]),
        cue_timing=re.compile(body["cue_timing"]),
        voice_tag=re.compile(body["voice_tag"]),
        record_heading=re.compile(body["record_heading"]),
        examiner_line=re.compile(body["examiner_line"]),
        name_tag=re.compile(body["name_tag"]),
        timed_tag=re.compile(body["timed_tag"]),
        remark_tag=re.compile(body["remark_tag"]),
        timed_name_line=re.compile(body["timed_name_line"]),
        name_after_stamp=re.compile(body["name_after_stamp"]),
        handle_after_stamp=re.compile(body["handle_after_stamp"]),
        certificate_heading=re.compile(body["certificate_heading"]),
        index_heading=re.compile(body["index_heading"]),
        contents_line=re.compile(body["contents_line"]),
        spelled_wrap_end=re.compile(body["spelled_wrap_end"]),
        spelled_wrap_start=re.compile(body["spelled_wrap_start"]),
        parenthetical_start=re.compile(body["parenthetical_start"]),
        parenthetical_end=re.compile(body["parenthetical_end"]),
        field_value=re.compile(body["field_value"]),
        decision_footer=re.compile(body["decision_footer"]),
        hyphen_wrap_end=re.compile(body["hyphen_wrap_end"]),
        hyphen_wrap_start=re.compile(body["hyphen_wrap_start"]),
        repair_words=frozenset(w.lower() for w in body["repair_words"]),
        hyphen_prefixes=frozenset(w.lower() for w in body["hyphen_prefixes"]),
        number_words=frozenset(w.lower() for w in body["number_words"]),
    )


def is_notice_row(text: str) -> bool:
    """A row of an ALL-CAPS notice: words of capitals, no lower-case letter."""
    return not any(c.islower() for c in text) and len(re.findall(r"[A-Z]{2,}", text)) >= 2


def parse_cover(lines: Sequence[str]) -> HearingMetadata:
    """The metadata a cover page states; fields it does not state stay empty.

    The first line that names a hearing is the hearing type (an organisation's
    name over the cover is none); the inmate's name follows "In the matter of
    ... Hearing of:" (on the same line or the next); the facility is
    the line before "City, California"; participants are "Name, Role" lines
    under PANEL PRESENT, OTHERS PRESENT and TRANSCRIBED BY. The CDCR number
    may stand on a line of its own or beside the name ("DANIEL OKAFOR CDCR No.
    BK4471", how a cover printed in two columns reads). A caption in two
    columns split by ")" ("In the matter of the Life ) CDCR Number: C87217",
    "Term Parole Consideration )", "Hearing of: )", "KEVIN REED )") is read
    as its left column joined into one line and its right column's lines.
    """
    layout = hearing_layout()
    pattern = layout.cover
    lines = _uncaptioned(_without_line_numbers(lines), pattern["caption"], pattern["panel_heading"])
    fields: dict[str, str] = {}
    participants: list[Participant] = []
    group_heading: str | None = None
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if "inmate_name" not in fields and pattern["hearing_title"].match(line):
            fields.setdefault("hearing_type", line)
        if match := pattern["matter"].match(line):
            name = match.group("name").strip() or following
            number = pattern["cdcr_number"].search(name)
            if number:
                fields.setdefault("cdcr_number", number.group("id"))
                name = name[: number.start()]
            fields.setdefault("inmate_name", name.strip(" ,"))
        elif match := pattern["labelled_name"].match(line):
            name = match.group("name")
            if number := pattern["cdcr_number"].search(line, match.start("name")):
                fields.setdefault("cdcr_number", number.group("id"))
                name = name[: number.start() - match.start("name")]
            fields.setdefault("inmate_name", name.strip(" ,"))
        elif match := pattern["cdcr_number"].search(line):
            fields.setdefault("cdcr_number", match.group("id"))
        elif match := pattern["location"].match(line):
            fields.setdefault("location", match.group("city").strip())
            if match.group("facility"):
                fields.setdefault("facility", match.group("facility").strip())
            elif i > 0 and lines[i - 1] != fields.get("inmate_name"):
                fields.setdefault("facility", lines[i - 1])
        elif match := pattern["date"].match(line) or pattern["labelled_date"].match(line):
            fields.setdefault("date", match.group("date"))
            if match.groupdict().get("time"):
                fields.setdefault("time", match.group("time"))
        elif pattern["time"].match(line):
            fields.setdefault("time", line)
        elif pattern["panel_heading"].match(line):
            group_heading = "panel"
        elif pattern["others_heading"].match(line):
            group_heading = "others"
        elif pattern["transcriber_heading"].match(line):
            group_heading = "transcriber"
        elif group_heading and (match := pattern["participant"].match(line)):
            name, role = match.group("name").strip(), match.group("role").strip()
            # Under TRANSCRIBED BY the "role" may be the transcriber's company.
            group = (
                group_heading if group_heading in ("panel", "transcriber") else layout.group_for_role(role)
            )
            participants.append(Participant(name, role, group))
            if group_heading == "transcriber":
                # The line after the transcriber names their company, which may hold a comma.
                group_heading = None
    return HearingMetadata(participants=tuple(participants), **fields)


def cover_metadata(lines: Sequence[str]) -> HearingMetadata:
    """`parse_cover(lines)` when the cover is a hearing's (it names a hearing, an
    inmate, a CDCR number or the people present under their headings), else empty
    metadata: an organisation's name over a meeting's notes or a court's caption is
    no hearing cover, and its lines no facility or hearing type."""
    metadata = parse_cover(lines)
    if metadata.hearing_type or metadata.inmate_name or metadata.cdcr_number or metadata.participants:
        return metadata
    return HearingMetadata()


def _without_line_numbers(lines: Sequence[str]) -> list[str]:
    """The cover's lines stripped, without the numbers a court reporter prints before every
    line of a page ("8       In the matter of the Life Term   )"), when most lines have one."""
    stripped = [line.strip() for line in lines]
    numbered = [NUMBERED_LINE.match(line) for line in stripped]
    if sum(bool(m) for m in numbered) * 2 < len(stripped):
        return stripped
    return [line[m.end() :].strip() if m else line for m, line in zip(numbered, stripped, strict=True)]


def _uncaptioned(lines: list[str], caption: re.Pattern[str], panel_heading: re.Pattern[str]) -> list[str]:
    """Cover lines with a two-column caption (before PANEL PRESENT) taken apart:
    the right column's lines in place, the left column joined into one line
    where the caption ends."""
    out: list[str] = []
    left_column: list[str] = []
    for n, line in enumerate(lines):
        if panel_heading.match(line):
            out.extend([" ".join(left_column)] if left_column else [])
            return out + lines[n:]
        match = caption.match(line)
        if match:
            left, right = match.group("left").strip(" _"), match.group("right").strip()
            left_column.extend([left] if left else [])
            out.extend([right] if right else [])
            continue
        if left_column:
            out.append(" ".join(left_column))
            left_column = []
        out.append(line)
    return out + ([" ".join(left_column)] if left_column else [])


@dataclass(frozen=True)
class HearingParts:
    text: str
    utterances: tuple[Utterance, ...]
    sections: tuple[Section, ...]
    page_map: PageMap


# A soft hyphen, where a typesetter broke a word that has none ("recom\xad" / "mendation").
SOFT_HYPHEN = "\u00ad"
# A name's particle in lower case before a hyphen has up to this many letters ("al-", "bin-").
MAX_PARTICLE = 3
# What ends a number read aloud in parts: a comma, a full stop..., or the row.
_NUMBER_END = frozenset({"", ",", ".", ";", "?", "!"})
_PRINTED_WORD = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
_COMPOUND_PART = re.compile(r"[A-Za-z0-9]+")
# The rest of a broken word on the next row: its letters, in any case ("ckRide" of "QuickRide").
_LETTERS = re.compile(r"[A-Za-z]+\b")
# A word the frequency list counts this often is a common one: "housekeeping" (about 2,000),
# "caregiver" (about 300); not "followup" (50), which English writes with a hyphen.
COMMON_WORD = 100
# After a prefix English writes with a hyphen too, the word without it must be this common:
# "interview" (about 48,000), "program"; not "pretrial" (about 600) nor "reentry".
COMMON_PREFIXED = 2000
# A document whose rows end this often in a word broken at a hyphen it does not have
# is typeset with hyphenation.
MIN_TYPESETTER_BREAKS = 2


class PrintedWords(frozenset):
    """The words, compounds with their hyphens, that a document's rows print whole, in
    lower case; `parts`: those and the parts of the compounds ("well", "known");
    `hyphenates`: its typesetter breaks words at syllables (`MIN_TYPESETTER_BREAKS`)."""

    parts: frozenset[str] = frozenset()
    hyphenates: bool = False


def printed_words(rows: Iterable[str]) -> PrintedWords:
    """The words a document's rows print whole (`PrintedWords`): a word broken at a row
    end is looked up among them."""
    rows = list(rows)
    whole = []
    for n, row in enumerate(rows):
        printed = [match.group().lower() for match in _PRINTED_WORD.finditer(row)]
        # The pieces of a word broken at a row end ("teena-" / "ger") are no words.
        if row.endswith("-") and printed and row[:-1].lower().endswith(printed[-1]):
            printed.pop()
        if n and rows[n - 1].endswith("-") and printed and row.lower().startswith(printed[0]):
            printed.pop(0)
        whole.extend(printed)
    found = PrintedWords(whole)
    found.parts = frozenset(part for word in found for part in word.split("-"))
    layout = hearing_layout()

    def syllables(row: str, below: str) -> int:
        """A word broken where it has no hyphen: printed whole elsewhere, or broken
        where neither piece is a word the document prints or a prefix and the row below
        goes on in lower case ("asse-" / "ssment"), as a compound's parts do not (1); a
        common English word broken where its rest or its first piece is no word ("sta-" /
        "tements", "you-" / "rself", "diffe-" / "rent"), which no writer hyphenates
        (`MIN_TYPESETTER_BREAKS`: proof enough alone)."""
        pieces = layout.broken_word(row, below)
        lower = pieces is not None and below[:1].islower()
        # (or in capitals: "RECE-" / "NTLY")
        capitals = (
            pieces is not None
            and row[-len(pieces[0]) - 1 : -1].isupper()
            and below[: len(pieces[1])].isupper()
        )
        # (or where its first piece is none, nor a prefix: "appea-" / "rance", "diffe-" / "rent")
        no_word = pieces is not None and (
            not word_count(pieces[1]) or not (word_count(pieces[0]) or pieces[0] in layout.hyphen_prefixes)
        )
        if (lower or capitals) and no_word and word_count("".join(pieces)) >= COMMON_WORD:
            return MIN_TYPESETTER_BREAKS
        if layout.broken_by_typesetter(row, below, found):
            return 1
        if not lower:
            return 0
        if all(map(word_count, pieces)):
            return 0  # two English words: a compound's ("house-" / "keeping")
        return int(not any(piece in found.parts or piece in layout.hyphen_prefixes for piece in pieces))

    found.hyphenates = sum(syllables(row, below) for row, below in itertools.pairwise(rows)) >= (
        MIN_TYPESETTER_BREAKS
    )
    return found


def join_wrapped(rows: Sequence[str], words: frozenset[str] = frozenset()) -> tuple[str, tuple[int, ...]]:
    """The rows of one utterance as one line, and the offset each row starts at. A
    word a typesetter broke at the row end loses its hyphen: after a soft hyphen, or
    where the document prints the word whole elsewhere and never with the hyphen
    (`words`: "recom-" / "mendation" beside a "recommendation")."""
    layout = hearing_layout()
    text = ""
    starts = []
    for row in rows:
        if text.endswith(SOFT_HYPHEN) or (text and layout.broken_by_typesetter(text, row, words)):
            text = text[:-1]
        elif text and not (layout.joins_without_space(text, row) or layout.prints_compound(text, row, words)):
            text += " "
        starts.append(len(text))
        text += row
    return text, tuple(starts)


def _notice_tags(lines: Sequence[str], known: Sequence[str]) -> frozenset[str]:
    """The "tags" of a notice in capitals among speech in lower case ("THIS DECISION WILL BE
    FINAL ON: FEBRUARY 4, 2027."): said once, not a cover's name nor after a caption's ">>",
    and naming no person (`person_tag`: "MS. DELACROIX-HUNT: HI, DAD." is a turn), as the text
    importer reads a line in capitals (`turns.py`). A transcript in capitals throughout
    (captions) has none."""
    layout = hearing_layout()
    turns = [(line, turn) for line in lines if (turn := layout.turn_of(line, known)) is not None]
    if not any(any(c.islower() for c in line) for line, _ in turns):
        return frozenset()
    said = Counter(turn.speaker for _, turn in turns)
    return frozenset(
        turn.speaker
        for line, turn in turns
        if said[turn.speaker] == 1
        and not turn.marked
        and turn.speaker not in known
        and not layout.person_tag.search(turn.speaker)
        and is_notice_row(line)
    )


def build_hearing_document(
    cover: Sequence[SourceLine],
    utterances: Sequence[Sequence[SourceLine]],
    certificate: Sequence[SourceLine],
    decision: Sequence[SourceLine] = (),
    known_speakers: Sequence[str] = (),
    words: frozenset[str] = frozenset(),
) -> HearingParts:
    """Canonical text: cover lines, a blank line, one line per utterance, a blank
    line, decision notice lines, a blank line, certificate lines (a missing block
    leaves out its blank line too). `known_speakers` are the cover's names, which
    are speaker tags in any case. A body line is an utterance when it is a turn or a
    transcriber's parenthetical ("(Exhibit 4 was marked for identification.)", speaker
    ""); a line that says who examines ("BY MR. VASQUEZ:"), a heading ("EXAMINATION")
    or a divider ("--o0o--") is a line of the body and no utterance, as in a text file
    (`turns.py`)."""
    layout = hearing_layout()
    pieces: list[str] = []
    sections: list[Section] = []
    found_utterances: list[Utterance] = []
    entries: list[tuple[int, int, int]] = []
    offset = 0

    def add_block(name: str, lines: Sequence[tuple[str, Sequence[SourceLine], tuple[int, ...]]]) -> None:
        nonlocal offset
        if not lines:
            return
        if pieces:
            pieces.append("\n")
            offset += 1
        start = offset
        for n, (line_text, sources, row_starts) in enumerate(lines):
            if n:
                pieces.append("\n")
                offset += 1
            entries.extend(
                (offset + s, src.page, src.line) for s, src in zip(row_starts, sources, strict=True)
            )
            end = offset + speech_end(line_text)
            turn = layout.turn_of(line_text, known_speakers) if name == "body" else None
            if turn is not None and turn.speaker in notice_tags and is_notice_row(line_text):
                turn = None
            if turn is not None and not layout.examiner_line.match(line_text):
                speech_at = None if turn.speech_at is None else offset + turn.speech_at
                found_utterances.append(Utterance(turn.speaker, offset + turn.tag_start, end, speech_at))
            elif name == "body" and (at := layout.parenthetical_at(line_text)) is not None:
                found_utterances.append(Utterance("", offset + at, end))
            pieces.append(line_text)
            offset += len(line_text)
        pieces.append("\n")
        offset += 1
        sections.append(Section(name, start, offset - 1))

    body = []
    for rows in utterances:
        line_text, row_starts = join_wrapped([r.text for r in rows], words)
        body.append((line_text, rows, row_starts))
    notice_tags = _notice_tags([line_text for line_text, _, _ in body], known_speakers)
    add_block("cover", [(src.text, [src], (0,)) for src in cover])
    add_block("body", body)
    add_block("decision", [(src.text, [src], (0,)) for src in decision])
    add_block("certificate", [(src.text, [src], (0,)) for src in certificate])
    text = "".join(pieces)[:-1] if pieces else ""
    return HearingParts(text, tuple(found_utterances), tuple(sections), PageMap(tuple(entries)))
