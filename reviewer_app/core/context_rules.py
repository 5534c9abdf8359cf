"""Merging rules that read the context of a span rather than its text alone (issue 12).

Two halves, both called by `merge.merge_spans`:

- `learn_organisations`: organisations the document itself introduces as such,
  which no word list holds: a programme "called X", "the X program", "X group",
  "I'm in X", a name followed by its initials in brackets ("Alcoholics
  Anonymous (AA)"), an acronym defined in quotes in brackets ("the regional fund
  (“the CRAM”)", at every mention) and a capitalised name whose initials stand elsewhere as an
  acronym. They are proposed as ORGANIZATION spans (detector `context`) with a
  score below NER's, so that an NER label of the same stretch wins, and
  `name_propagation.propagate` then proposes their other mentions. A name right after a
  naming cue ("a program called X", "my job at X") outranks NER at each of its
  mentions, and a name of two words or more before "in" and a known town ("Second
  Dawn Residential in Visalia") is an organisation there (outranking NER where one
  is "at" it), as is a lawyer's firm in an appearance ("Margaret Rich, Holloway
  Rich, for defendant X").
  `defined_acronyms.label_acronyms_as_defined` gives a defined acronym the label of what it
  stands for (a prison's "(LCF)" is a LOCATION).
  `organisation_short_forms.label_short_forms_of_organisations`: the first words of an
  organisation's name ("Brightwater" of "Brightwater Logistics") and a name before what a firm
  has ("Brightwater's legal department") are that organisation at every mention.
- `drop_false_tags`: NER names that the way the text is written shows are no
  names: a lower-case word ("long" from the surname Long) in a text that
  takes care to capitalise; a function word at the start of a sentence ("Your",
  "Last"); a multiword "name" the document also writes in lower case ("Closing
  Statements" beside "closing statements"), and a heading (a short line without
  sentence punctuation) whose words the document also writes in lower case
  ("THE FACTS" over "the facts of the case"); anything on a table-of-contents line
  (dotted leaders and a page number); NER names on a line shouted in capitals
  ("THE FULL BOARD, SITTING EN BANC, ...", where NER takes every capitalised word
  for a name: names known elsewhere come back by propagation), and a place or
  organisation of one word on a line in capitals that the text also writes as a
  word ("RELEASED FROM PRISON"); a word that
  opens a transcriber's parenthetical line ("(Whereupon, ...", "(Inaudible)"); a name
  inside a named law ("Americans" of the Americans with Disabilities Act); and
  an acronym followed by a word that makes it a test ("TABE score") or one that
  opens a line of a form before a colon and a number ("MRN:   0048..."); a place or
  organisation without two letters ("[14:02:47]", "U") or made of role words
  ("JUDGE", "THE VIDEOGRAPHER:"; not an acronym the text spells out, "OFC" beside
  "Oromo Federalist Congress", whatever title it looks like), and a
  one-word one capitalised only by its sentence ("Group is 40117." beside "group
  40117"), and a heading "THE FACTS".

The names in speaker tags written in capitals are `speaker_tag_names`'. Labels that follow
from what a span refers to are in `referent_labels`; acronyms and the names they stand for
in `acronyms`.

The word lists these rules need (function words, the words that make a law or a
test) are in `resources/patterns/merge.toml`.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.acronyms import (
    ending_with_initials,
    expansions,
    initialisms,
    is_common_noun,
    lowercase_text,
)
from reviewer_app.core.defined_acronyms import holds_an_organisation_head, names_before_acronyms
from reviewer_app.core.organisation_names import (
    CALENDAR_WORD,
    CAP,
    JOINERS,
    NAME,
    WHOLE_CAP,
    WHOLE_NAME,
    coordinated_parts,
    defined_names,
    is_numbered_stage,
    may_name_a_body,
    names_ending_in_heads,
    names_with_legal_forms,
    reads_as_a_person,
    signed_firms,
    titles_a_person,
)
from reviewer_app.core.role_appositions import named_before_role, role_after_name, surnames_in_tags, tag_roles
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_acronyms import (
    names_after_cues,
    names_before_their_acronyms,
)
from reviewer_app.core.vehicles import describes_a_vehicle

CONTEXT = "context"
# The lines a text needs to be read as a transcript of turns rather than one utterance.
_TRANSCRIPT_LINES = 2
CONTEXT_SCORE = 0.6
# Above NER's 0.85: what a naming cue says beats what NER made of the words alone.
NAMING_SCORE = 0.9
_NER_NAMES = ("PERSON", "ORGANIZATION", "NRP")
# A capitalised name of up to six words (organisation_names.NAME).
_JOINERS, _CAP, _NAME, _CALENDAR_WORD = JOINERS, CAP, NAME, CALENDAR_WORD
# The first name of an answer, after a speaker's tag ("[14:03:52] BERMÚDEZ:", "A.", "MR. LEE:").
_ANSWER = (
    rf"[ \t]*(?:\[[^\]\n]*\][ ]*)?(?:[A-Z][^\n:?]{{0,60}}:|[AQ][.:])[ \t]+(?P<name>{_NAME})(?=[.,;!?]|$)"
)
# A page number after dotted leaders, or a run of spaces, at the end of a line.
_CONTENTS_LINE = re.compile(
    r"^[^\n]*?\S[ ]?(?:\.[ ]?){4,}[ ]*\d{1,4}[ ]*$|^[^\n]*?\S[ ]*…+[ ]*\d{1,4}[ ]*$", re.M
)
# What ends a sentence before a word: punctuation, a speaker tag's colon, a bracket.
_SENTENCE_END = re.compile(r"(?:^|[.!?:;(\"“]|--)\s*$")
# The first letter of a sentence: after a full stop, a colon, or at a line's start where the line
# before ended one, was blank or ended in a clock's stamp (speech under "Priya Raman  2:05 PM" or a
# caption's timing); a wrapped line goes on with its sentence ("worked the\nnight counter"). A
# capitalised line ending in a stamp is the layout's, no sign of care for capitals; one in lower
# case ("speaker 1  0:03") is a sign of none.
_CLOCK_STAMP = r"\d:\d\d(?:[.,:]\d+)?(?:[ \t]*[AaPp]\.?[Mm]\.?)?[ \t]*"
_LINE_ENDING_A_SENTENCE = rf"(?:\A|[.!?:\"”)\]][ \t]*\n|\n[ \t]*\n|{_CLOCK_STAMP}\n)"
_SENTENCE_INITIAL = re.compile(
    rf"(?:{_LINE_ENDING_A_SENTENCE}[ \t]*|[.!?]\s+|:\s+)([a-z]|[A-Z](?![^\n]*{_CLOCK_STAMP}$))", re.M
)
_LOWERCASE_I = re.compile(r"(?<![\w'’-])i(?![\w'’-])")
# A courtesy title written short, then a word in lower case that is no conjunction ("Mr. wheat",
# "mr. castellanos"; not "Mr. and Mrs. Hale"): a name the text does not capitalise.
_SHORT_TITLE_THEN_LOWER = re.compile(r"(?<![\w'’-])(?i:mr|mrs|ms|mx|dr)\.[ ]+(?!(?:and|or)\b)[a-z]")
_ABBREVIATED_TITLE = re.compile(r"(?:^|[\s\"“(])(?:Mr|Mrs|Ms|Mx|Dr|St|Jr|Sr|Lt|Sgt|No)\.\s*$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# What `previous_word` finds, read backwards from an offset. By default the word (letters, digits,
# ".", "'", "-": "Mr.", "St.") right before the spaces before it.
BACKWARDS_WORD = re.compile(r"[ ]+([\w.'-]+)")
# The last `_WORD` before an offset, whatever follows it ("lives in, um, Maissau"): from the end of a
# run of letters, apostrophes and hyphens back to its first letter.
_LAST_WORD_BACKWARDS = re.compile(r"[\s\S]*?(?<![A-Za-z'’-])([A-Za-z'’-]*[A-Za-z])")


def learn_organisations(
    text: str,
    cues: dict[str, Sequence[str]],
    known_places: frozenset[str] = frozenset(),
    function_words: frozenset[str] = frozenset(),
    organisation_heads: frozenset[str] = frozenset(),
    determiners: frozenset[str] = frozenset(),
    sentence_adverbs: frozenset[str] = frozenset(),
    persons: frozenset[str] = frozenset(),
) -> list[Span]:
    """ORGANIZATION spans for names the document introduces as organisations.

    `cues` (merge.toml [organisation_cues]) holds the phrases before a name
    ("I'm in", "a member of") and the words after one ("program", "group").
    A name right after a `naming` cue ("a program called X", "I worked at X")
    is an organisation whatever NER made of it (NER reads "Healing Roots" as a
    person and "Valley Harvest Packing" after "at" as a place): each of its
    mentions is proposed with a score above NER's. A name of two words or more
    right before "in" and a known place ("Second Dawn Residential in Visalia") is
    an organisation located there. The name that opens the answer to a
    `questions` cue ("Who is your current employer?" / "A. Brightwater.") is named
    like one after a naming cue, unless it opens with one of `function_words`
    ("Yes, ..."). Names that are `known_places` (lower case) are left alone: "I
    worked at Folsom" names the town. A name of two words or more that ends in one
    of `organisation_heads` (lower case: "Southcrest Locos", "Second Wind Recovery")
    is proposed too, below NER, which may have read it otherwise; one of `determiners` opening
    it is no part of it ("Every Program", "My Group": no names), nor one of `sentence_adverbs`
    opening a sentence ("Later Cedar Gate House"), nor a person's after a `facilitating` cue."""
    found: dict[tuple[int, int], None] = {}
    located: dict[tuple[int, int], None] = {}
    named: dict[str, None] = {}
    before = _cue_alternation(cues.get("before", ()))
    naming = _cue_alternation(cues.get("naming", ()))
    after = "|".join(re.escape(c) for c in cues.get("after", ()))
    if before:
        for match in re.finditer(rf"(?i:\b(?:{before}))[ ]+(?:the[ ]+)?(?P<name>{_NAME})", text):
            start = match.start("name")
            found.update(
                dict.fromkeys((start + a, start + b) for a, b in coordinated_parts(match.group("name")))
            )
    working = _cue_alternation(cues.get("working", ()))
    if working:
        # "I work days at X", "I teach third grade at X": up to three lower-case words between.
        naming = "|".join(filter(None, (naming, rf"\b(?:{working})(?-i:(?:[ ][a-z][a-z'’-]*){{1,3}})[ ]at")))
    if naming:
        for match in re.finditer(rf"(?i:\b(?:{naming}))[ ]+(?:the[ ]+)?(?P<name>{_NAME})", text):
            name = match.group("name")
            if len(name) >= 3 and not name.isupper() and name.lower() not in known_places:
                named[name] = None
    membership = _cue_alternation(cues.get("membership", ()))
    facilitating = frozenset(c.lower() for c in cues.get("facilitating", ()))
    if membership:
        # "I completed Sunrise Bridges", "affiliated with Lil Valley": one completes, joins or drops out
        # of a body, whatever NER read in the name alone; one facilitates people too ("Daniel Ortiz").
        for match in re.finditer(rf"(?i:\b(?P<cue>{membership}))[ ]+(?:the[ ]+)?(?P<name>{_NAME})", text):
            led = " ".join(match.group("cue").lower().split()) in facilitating
            for a, b in coordinated_parts(match.group("name")):
                name = match.group("name")[a:b]
                person = led and reads_as_a_person(name, text, persons, organisation_heads)
                if not person and may_name_a_body(name, text, known_places, function_words):
                    named[name] = None
    # A transcript in lower case, of lines (turns), not one utterance: "a job offer from coastline roofing
    # supply in castroville"; "a member of the security council russia needs" in a speech is no name.
    if not _names_are_capitalised(text) and text.count("\n") >= _TRANSCRIPT_LINES:
        breaks = function_words | determiners | frozenset(cues.get("spoken_name_breaks", ()))
        kinds_said = frozenset(k.lower() for k in cues.get("after", ()))
        loose = "|".join(filter(None, (before, membership)))  # "I took", "signed up for": any phrase
        spoken = names_after_cues(text, naming, breaks, known_places, kinds_said, organisation_heads, loose)
        found.update(dict.fromkeys(spoken))
    # "Victim Awareness Dialogue, completed June 2019": a programme in a list of what one completed.
    for match in _COMPLETED_ON.finditer(text):
        name = match.group("name")
        if " " in name and may_name_a_body(name, text, known_places, function_words):
            named[name] = None
    # "I'm in men of steadfast purpose, MSP": a name in lower case that its acronym follows.
    introducing = (*cues.get("before", ()), *cues.get("membership", ()), *cues.get("acronym_cues", ()))
    named.update(dict.fromkeys(names_before_their_acronyms(text, introducing)))
    # "the regional health insurance fund (“the CRAM”)": a body's acronym defined in brackets.
    named.update(dict.fromkeys(m.group("acronym") for m in _DEFINED_ACRONYM.finditer(text)))
    followers = frozenset(w.lower() for w in cues.get("followers", ()))
    defined = defined_names(text, cues.get("kinds", ()), followers, function_words, cues.get("premises", ()))
    named.update(
        dict.fromkeys(
            n for n in defined if n.lower() not in known_places and not titles_a_person(n, text, persons)
        )
    )
    questions = _cue_alternation(cues.get("questions", ()))
    # A question whose last sentence asks about a kind of body ("Have you been in the hospital
    # for it?", "This was the feed store in Auburn?"), not for a person ("who", "anybody").
    kinds = _cue_alternation(cues.get("kinds", ()))
    person_words = _cue_alternation(cues.get("person_questions", ()))
    asks_for_a_person = re.compile(rf"(?i)\b(?:{person_words})\b") if person_words else None
    asked = [(rf"(?i:\b(?:{questions}))\b[^\n]*", False)] if questions else []
    if kinds:
        asked.append((rf"(?i:\b(?:{kinds})s?\b)[^\n.!?]*", True))
    for question, loosely in asked:
        for match in re.finditer(rf"{question}\?[ \t]*\n(?:[ \t]*\n)*{_ANSWER}", text):
            name = match.group("name")
            asked_end = text.rfind("?", match.start(), match.start("name"))
            sentence = re.split(r"[.!?]\s", text[_line_bounds(text, match.start())[0] : asked_end])[-1]
            if loosely and asks_for_a_person and asks_for_a_person.search(sentence):
                continue
            if (
                len(name) >= 3
                and not name.isupper()
                and name.split()[0].lower() not in function_words
                and name.lower() not in known_places
                and not (loosely and " " not in name)  # "Objection.", "One.": a word answers it too
            ):
                named[name] = None
    if after:
        # "X program", or X and an apposition that says what it is: "Second Wind, the youth group".
        # A day may say when it meets: "Men of Honor Circle, the Thursday group".
        apposition = rf",[ ](?:the|a|an|our|my|their)[ ](?:[a-z][a-z'’-]*[ ]|(?:{_CALENDAR_WORD})[ ]){{0,3}}"
        for match in re.finditer(rf"(?P<name>{WHOLE_NAME})(?:[ ]+|{apposition})(?i:(?:{after}))\b", text):
            start, end = match.span("name")
            words = match.group("name").split()
            if len(words) > 1 and (
                words[0] in _FUNCTION_LIKE
                or (words[0].lower() in function_words and opens_sentence(text, start))
            ):
                start += len(words.pop(0)) + 1  # "My AA sponsor": "AA"; "Then Second Wind, the group"
            if len(words) == 1 and opens_sentence(text, start) and not words[0].isupper():
                continue  # "Group therapy ...": the capital is the sentence's
            if len(words) > 1 and text[start:end].isupper():
                continue  # words in capitals run on ("... WATCH AND THE KAIROS"): `_named_in_capitals`
            when = len(words) == 1 and _WHEN_WORD.fullmatch(words[0])
            if when or is_numbered_stage(text[start:end], text):
                continue  # "the Thursday group", "Tenth class", "the Facility B program office": no names
            found[(start, end)] = None
    if known_places:
        lowercase_phrases = lowercase_text(text)
        for match in re.finditer(rf"\bin[ ]+(?P<name>{_NAME})[ ]+at[ ]+(?P<place>{_NAME})", text):
            name = match.group("name")  # "he was in Lifers With Purpose at Mule Creek": a body there
            if (
                " " in name
                and match.group("place").lower() in known_places
                and not name.isupper()
                and name.lower() not in known_places
            ):
                found[match.span("name")] = None
        for match in re.finditer(rf"(?P<name>{WHOLE_NAME})[ ]+in[ ]+(?P<place>{_NAME})", text):
            start, end = match.span("name")
            words = match.group("name").split()
            if opens_sentence(text, start) and f" {words[0].lower()} " in lowercase_phrases:
                start += len(words.pop(0)) + 1  # "To Second Dawn Residential": "to" is a word
                while words and words[0].islower():
                    start += len(words.pop(0)) + 1  # "Or with Peaches in Lodi": a person, no body
            name = text[start:end]
            if (
                match.group("place").lower() in known_places
                and len(words) > 1
                and not name.isupper()
                and name.lower() not in known_places
            ):
                # "was at Pinecrest Boys Ranch in Lodi": one is at a body in a town, whatever NER read.
                (located if _AT_BEFORE.search(text, max(0, start - 9), start) else found)[(start, end)] = None
    for match in names_before_acronyms(text):
        name = ending_with_initials(match.group("name"), match.group("acronym"))
        if name and not is_common_noun(name, text):
            end = match.end("name")
            found[(end - len(name), end)] = None
            found[match.span("acronym")] = None
    found.update(dict.fromkeys(initialisms(text)))
    found.update(
        dict.fromkeys(
            names_ending_in_heads(
                text, organisation_heads, function_words | determiners, known_places, sentence_adverbs
            )
        )
    )
    spans = []
    for start, end in found:
        name = text[start:end]
        if len(name) >= 2 and not (
            len(name.split()) == 1 and (name in _FUNCTION_LIKE or _is_title(text, end))
        ):
            spans.append(Span(start, end, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE))
    spans += [Span(*name, "ORGANIZATION", (CONTEXT,), NAMING_SCORE) for name in located]
    spans += _mentions(text, named)
    capitals = _named_in_capitals(text, cues, function_words, lowercase_text(text))
    spans += [Span(*name, "ORGANIZATION", (CONTEXT,), NAMING_SCORE) for name in capitals]
    # "Copyright 2023 Foothill Legal Transcribers", "a duly designated transcriber, X, do hereby".
    holders, certified = signed_firms(text)
    spans += [Span(*firm, "ORGANIZATION", (CONTEXT,), NAMING_SCORE) for firm in holders]
    spans += [Span(*firm, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE) for firm in certified]
    # "Sierra Verbatim Reporting, LLC": the form is part of the name, not a name of its own.
    spans += [Span(*name, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE) for name in names_with_legal_forms(text)]
    # "Margaret Rich, Holloway Rich, for defendant ...": a lawyer's appearance names her firm.
    for match in _APPEARANCE.finditer(text):
        if match.group("firm").lower() not in known_places:  # "Ana Ruiz, Fresno, for the defendant"
            spans.append(Span(*match.span("firm"), "ORGANIZATION", (CONTEXT,), NAMING_SCORE))
    return sorted(spans)


# A question about a kind of body that asks for a person ("Who ran the group?").


def _named_in_capitals(
    text: str, cues: dict[str, Sequence[str]], function_words: frozenset[str], lowercase_phrases: str
) -> list[tuple[int, int]]:
    """Names in capitals right before an `after` cue ("THE KAIROS PROGRAM" in a decision
    notice): the words before the cue back to one the text also writes in lower case
    ("SELF-HELP PROGRAM") or a function word ("THE"). Other mentions follow by propagation."""
    after = "|".join(re.escape(c.upper()) for c in cues.get("after", ()))
    if not after:
        return []
    stop = function_words | _LINKING_WORDS
    out = []
    for cue in re.finditer(rf"(?<=[A-Z'’-])[ ](?:{after})\b", text):
        words = _CAPITALS_BEFORE.search(text, max(0, cue.start() - 80), cue.start())
        if not words:
            continue
        found = list(re.finditer(r"\S+", words.group()))
        first = len(found)
        while first and not (
            f" {found[first - 1].group().lower()} " in lowercase_phrases
            or found[first - 1].group().lower() in stop
        ):
            first -= 1
        if first < len(found):
            start, end = words.start() + found[first].start(), words.start() + found[-1].end()
            if sum(c.isalpha() for c in text[start:end]) >= 3:
                out.append((start, end))
    return out


# A day, a month or an ordinal, which says when or which, not whose: "the Thursday group".
_WHEN_WORD = re.compile(
    rf"{_CALENDAR_WORD}|(?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|Eleventh"
    r"|Twelfth)\b|\d{1,2}(?:st|nd|rd|th)\b"
)
_COMPLETED_ON = re.compile(
    rf"(?<![\w'’-])(?P<name>{WHOLE_NAME}),[ ](?:completed|finished)[ ](?:in[ ]|on[ ])?"
    rf"(?:{_CALENDAR_WORD}|\d|['’]\d)"
)
_DEFINED_ACRONYM = re.compile(r"\((?:hereinafter[:,]?[ ]*)?[“\"]the[ ](?P<acronym>[A-Z][A-Z-]{1,8})[”\"]\)")
# "at" before a name, or "at the" ("a bed at the Salvation Army Adult Rehabilitation Center in Modesto").
_AT_BEFORE = re.compile(r"(?<![\w'’-])at[ ]+(?:the[ ]+)?\Z")
_CAPITALS_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][A-Z'’-]*(?:[ ][A-Z][A-Z'’-]*){0,3}\Z")


_APPEARANCE = re.compile(
    rf"^[^\n]*?{WHOLE_CAP}[ ]{WHOLE_CAP},[ ](?P<firm>{WHOLE_NAME}),[ ]+"
    r"(?:appearing[ ])?(?:on[ ]behalf[ ]of|for)[ ]"
    r"(?:the[ ])?(?:plaintiffs?|defendants?|respondents?|petitioners?|appellants?|appellees?|claimants?"
    r"|applicants?|witness|deponent|debtors?|creditors?)\b",
    re.M,
)


def word_before_a_name(word: str) -> str:
    """`word` in lower case as a title or cue before a name: an abbreviation's full
    stop goes ("Dr." is "dr"), but a longer word's full stop ends a sentence, and
    the word is no title of what follows ("a facilitator. Restorative Voices")."""
    word = word.lower()
    return word[:-1] if word.endswith(".") and len(word) <= 5 else word


def _is_title(text: str, end: int) -> bool:
    """Whether the word ending at `end` is an abbreviated title ("Mr.", "Dr.")."""
    return bool(_ABBREVIATED_TITLE.search(text, 0, end + 1)) if text.startswith(".", end) else False


def _cue_alternation(cues: Iterable[str]) -> str:
    return "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in cues)


def _mentions(text: str, names: Iterable[str]) -> list[Span]:
    """Every mention of `names` as written or in capitals (a cover), as organisations above NER."""
    names = sorted({" ".join(n.split()) for n in names}, key=len, reverse=True)
    if not names:
        return []
    alternation = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names)
    capitals = {n.upper() for n in names}
    spans = []
    for match in re.finditer(rf"(?<![\w-])(?i:{alternation})(?![\w-])", text):
        mention = " ".join(match.group().split())
        if mention in names or (mention.isupper() and mention in capitals):
            spans.append(Span(match.start(), match.end(), "ORGANIZATION", (CONTEXT,), NAMING_SCORE))
    return spans


def _after_a_person_cue(span: Span, text: str, person_cues: frozenset[str]) -> bool:
    return previous_word(text, span.start).lower().rstrip(".") in person_cues


def previous_word(text: str, start: int, backwards: re.Pattern[str] = BACKWARDS_WORD, reach: int = 40) -> str:
    """The word before `start`, within `reach` characters: the first group of `backwards` matched on
    the text read backwards from `start`; "" if none. Read backwards, as a search from the left for a
    pattern ending in `\\Z` tries every character (five times slower)."""
    found = backwards.match(text[max(0, start - reach) : start][::-1])
    return found.group(1)[::-1] if found else ""


# Capitalised words that open sentences and are never a one-word name.
_FUNCTION_LIKE = frozenset({"I", "The", "A", "An", "My", "Our", "This", "That", "It", "We", "You"})


def _defined_initials(span: Span, text: str, role_words: frozenset[str]) -> bool:
    """An acronym whose name the text spells out, not ending in a role ("OFC, the Oromo Federalist
    Congress"; not "CSR" of "Certified Shorthand Reporter"): no title."""
    return any(n.split()[-1].lower() not in role_words for n in expansions(text).get(span.text_in(text), ()))


def is_positional_capital(span: Span, text: str, function_words: frozenset[str]) -> bool:
    """A one-word span of a function word capitalised because it starts a sentence ("Your")."""
    covered = span.text_in(text)
    return " " not in covered and covered.lower() in function_words and opens_sentence(text, span.start)


def opens_sentence(text: str, start: int) -> bool:
    prefix = text[text.rfind("\n", 0, start) + 1 : start]
    return bool(_SENTENCE_END.search(prefix)) and not _ABBREVIATED_TITLE.search(prefix)


# Where any word is capitalised: a line's or a sentence's start (a heading, a field label), a run of
# capitalised words after a mark ("DANIEL ROWE, Attorney at Law"), a caption's bracket ("the Medical )"),
# a citation's item.
_TITLE_CASE_RUN = re.compile(
    r"(?:^|[,:;(–—-])[ \t]*(?:[A-Z][\w'’.]*[ ]+(?:(?:at|of|for|and|the|in|on|to|de)[ ]+)*)+$"
)
_CAPTION_BRACKET = re.compile(r"[ \t]*\)")
# An item of a citation in brackets, set off by marks on both sides: "(Exhibit 1, Decision, pp. 97-104.)".
_BRACKETED_ITEM_BEFORE = re.compile(r"\([^()]*[,(][ \t]*$")
_BRACKETED_ITEM_AFTER = re.compile(r"[ \t]*[,;)]")


def _capitalised_by_layout(text: str, span: Span, prepositions: frozenset[str] = frozenset()) -> bool:
    """Whether the word `span` covers stands where layout, not a name, capitalises it; never
    running text after a preposition or a verb ("represented by Liberty", "with Chase"), also
    where one of `prepositions` (lower case) opens the sentence or the turn ("DAVIS: For Chase")."""
    prefix = text[_line_bounds(text, span.start)[0] : span.start]
    run = _TITLE_CASE_RUN.search(prefix)
    return (
        opens_sentence(text, span.start)
        or bool(run and not _opening_preposition(run.group(), prepositions))
        or bool(_CAPTION_BRACKET.match(text, span.end))
        or bool(_BRACKETED_ITEM_BEFORE.search(prefix) and _BRACKETED_ITEM_AFTER.match(text, span.end))
    )


def _opening_preposition(run: str, prepositions: frozenset[str]) -> bool:
    """Whether a run of capitalised words is one preposition after a mark or at a line's start: the
    capital is the sentence's, and the word after it is capitalised as a name."""
    words = run.lstrip(",:;(–—-").split()
    return len(words) == 1 and words[0].lower() in prepositions


def _line_bounds(text: str, offset: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return start, len(text) if end < 0 else end


def _counts(text: str, offset: int, count_units: frozenset[str]) -> bool:
    """Whether the word at `offset` (after one space) is a unit of time or a count ("2 times")."""
    unit = _WORD.match(text, offset + 1) if text[offset : offset + 1] == " " else None
    return unit is not None and unit.group().lower() in count_units


def _is_shouted(line: str) -> bool:
    """A line of six words or more in capitals, no lower-case letter."""
    return not any(c.islower() for c in line) and len(re.findall(r"[A-Z]{2,}", line)) >= 6


def drop_false_tags(
    spans: Iterable[Span],
    text: str,
    function_words: frozenset[str],
    law_heads: Sequence[str] = (),
    test_words: frozenset[str] = frozenset(),
    role_words: frozenset[str] = frozenset(),
    organisation_heads: Sequence[str] = (),
    vehicle_words: frozenset[str] = frozenset(),
    colour_words: frozenset[str] = frozenset(),
    speaker_tags: Sequence[tuple[int, int]] = (),
    numbered_parts: frozenset[str] = frozenset(),
    count_units: frozenset[str] = frozenset(),
    prepositions: frozenset[str] = frozenset(),
    person_cues: frozenset[str] = frozenset(),
) -> list[Span]:
    """The spans without the names that their context shows are no names (module docstring);
    `speaker_tags` as `Document.speaker_tags`; `numbered_parts` the words a letter or number
    after them numbers ("Facility B"), unless one of `count_units` follows ("Kaiser 2 times");
    `prepositions` (lower case) put a name after them in running text ("For Chase, I think");
    `person_cues` (lower case: titles, kin words, roles) say the name after them is a person's,
    whatever words it is made of ("my cousin Will Grant" beside "I will grant you that")."""
    heads = tuple(f" {h.lower()}" for h in organisation_heads)
    head_words = frozenset(h.lower() for h in organisation_heads)
    spans = list(spans)
    tags = list(speaker_tags)
    roles_in_tags, tag_surnames = tag_roles(text, tags), surnames_in_tags(text, tags, role_words)
    cased = _names_are_capitalised(text)
    lower_case_speech = _speech_in_lower_case(text)
    lowercase_phrases = lowercase_text(text)
    lines = text.split("\n")
    long_lines = sum(len(line.split()) >= 6 for line in lines)
    shouting_is_rare = sum(_is_shouted(line) for line in lines) * 2 <= long_lines
    contents = [m.span() for m in _CONTENTS_LINE.finditer(text)]
    laws = _law_occurrences(text, law_heads)
    out = []
    for span in spans:
        covered = span.text_in(text)
        if span.label in ("PERSON", "ORGANIZATION", "LOCATION", "NRP") and _inside(span, contents):
            continue
        letters = sum(c.isalpha() for c in covered)
        if span.label in _PLACE_OR_BODY and (
            (letters < 2 and not _DIGIT.search(covered)) or (letters == 0 and span.label != "LOCATION")
        ):
            continue  # "[14:02:47]", "U", "A.": no name ("G20" is one, a ZIP code a place)
        if (
            span.label in ("ORGANIZATION", "LOCATION")
            and all(POSSESSIVE_S.sub("", w.lower().strip(".")) in role_words for w in covered.split())
            and (
                _inside(span, tags) or (" " not in covered and not _defined_initials(span, text, role_words))
            )
        ):
            continue  # "THE VIDEOGRAPHER:", "MS. RICH:", "JUDGE", "the Minor": a role or a title
        if (
            span.label == "ORGANIZATION"
            and len(covered.split()) <= 4
            and POSSESSIVE_S.sub("", covered.split()[-1].lower().strip(".")) in role_words - _BODIES
            and re.search(r"\w[.]?,[ ]+$", text[_line_bounds(text, span.start)[0] : span.start])
            and re.match(r"[ \t]*(?:,|\n|$)", text[span.end : span.end + 3])
        ) or (
            not _inside(span, tags)
            and role_after_name(span, text, role_words, role_words - _BODIES, roles_in_tags, tag_surnames)
        ):
            # "INÉS BARRAGÁN, Spanish Interpreter,", "Ana Ruiz, Victim Services Representative (via
            # video)": the role of one present, not a body nor a person
            continue
        if (
            span.label in ("ORGANIZATION", "LOCATION")
            and covered.isalpha()
            and not covered.isupper()
            and f" {covered.lower()} " in lowercase_phrases
            and (
                (cased and opens_sentence(text, span.start))
                or (
                    span.label == "ORGANIZATION"
                    and covered[0].isupper()
                    and CONTEXT not in span.detectors
                    and _capitalised_by_layout(text, span, prepositions)
                )
            )
        ):
            # "Group is 40117." beside "group 40117": a word capitalised by its sentence; "In the
            # matter of the Medical )", "Attorney at Law" beside "the law": a common word NER read as a body
            continue
        if (
            span.label in _PLACE_OR_BODY
            and covered.isupper()
            and text[slice(*_line_bounds(text, span.start))].strip() == f"THE {covered}"
        ):
            continue  # "THE FACTS", "THE LAW": a section's heading
        if (
            span.label in ("ORGANIZATION", "LOCATION", "NRP")
            and covered.isalpha()
            and covered.isupper()
            and f" {covered.lower()} " in lowercase_phrases
            and not any(c.islower() for c in text[slice(*_line_bounds(text, span.start))])
        ):
            continue  # "RELEASED FROM PRISON": a word of a line in capitals that the text writes as one
        if span.label == "ORGANIZATION" and (
            (is_numbered_stage(covered, text) and not _LETTERS.fullmatch(covered))
            or (
                covered.lower() in numbered_parts
                and (number := _PART_NUMBER_AFTER.match(text, span.end))
                and not _counts(text, number.end(), count_units)
            )
        ):
            # "Facility B", "Department 63", "Position 4", "a Division D offense": a numbered part
            # or post, no body
            continue
        if span.label == "ORGANIZATION" and (
            (
                _SHORT_ACRONYM.fullmatch(covered)
                and _INDEFINITE_BEFORE.search(text, max(0, span.start - 4), span.start)
            )
            or (_CREDENTIAL.fullmatch(covered) and text[max(0, span.start - 2) : span.start] == ", ")
            or (
                " " in covered
                and covered.split()[-1].lower() in role_words - _BODIES
                and _INDEFINITE_BEFORE.search(text, max(0, span.start - 4), span.start)
            )
        ):
            # "an OG", "a GM", "a Certified Shorthand Reporter": a role, no body takes "a";
            # "MAYFIELD, M.D.,": a degree
            continue
        if span.label in ("ORGANIZATION", "PERSON") and describes_a_vehicle(
            span, text, vehicle_words, colour_words
        ):
            continue  # "a gray Nissan", "a 2014 Honda", "a Ford pickup": a car's make, not a body or a name
        if span.label in _NER_NAMES:
            words = covered.split()
            line_start, line_end = _line_bounds(text, span.start)
            # Of the bodies the text names, only one said with its acronym is in lower case
            # (`spoken_acronyms`: "I'm in men of steadfast purpose, MSP").
            named = span.label == "ORGANIZATION" and CONTEXT in span.detectors and span.score >= NAMING_SCORE
            race = span.label == "NRP" and covered in colour_words
            if cased and covered.islower() and not (named or race):
                continue  # "long": names are written capitalised; "white male" is a race (NRP)
            if is_positional_capital(span, text, function_words):
                continue  # "Your Honor", "Last name?"
            capitalised = not covered.islower()  # a phrase in lower case would find itself below
            if (
                capitalised
                and not lower_case_speech  # where speech is written in lower case, so are its names
                and len(words) > 1
                and not covered.isupper()
                and f" {covered.lower()} " in lowercase_phrases
                and not (span.label == "ORGANIZATION" and holds_an_organisation_head(covered, head_words))
                and not (
                    span.label == "PERSON"
                    and previous_word(text, span.start).lower().rstrip(".") in person_cues
                )
            ):
                continue  # "Closing Statements" where the text also says "closing statements"
            if (
                capitalised
                and not lower_case_speech
                and _is_heading(text[line_start:line_end])
                and all(f" {w.lower()} " in lowercase_phrases for w in words)
                and not (span.label == "PERSON" and named_before_role(span, text, person_cues))
            ):
                continue  # "THE FACTS" over a paragraph that speaks of "the facts"
            layout_name = CONTEXT in span.detectors and span.score >= NAME_TAG_SCORE
            if shouting_is_rare and _is_shouted(text[line_start:line_end]) and not layout_name:
                # NER reads every word of an ALL-CAPS notice as a name; the layout's names
                # ("BEFORE THE HONORABLE CELESTE IBARRA-NUNN, JUDGE") are no such guess, and an
                # organisation with a telling head ("... VERBATIM REPORTING") is kept, up to that head.
                length = _through_last_head(covered, heads) if span.label == "ORGANIZATION" else 0
                if not length or words[0].lower() in function_words | _LINKING_WORDS:
                    continue
                span = span.with_(end=span.start + length)
            if len(words) == 1 and text[line_start : span.start].strip() == "(":
                continue  # "(Whereupon, ...", "(Inaudible)": the capital is the parenthetical's
            if _inside(span, laws):
                continue  # "Americans" of the Americans with Disabilities Act
            following = _WORD.match(text, span.end + 1) if text[span.end : span.end + 1] == " " else None
            then = (
                _WORD.match(text, following.end() + 1) if following and following.group().islower() else None
            )
            if covered.isupper() and any(w and w.group().lower() in test_words for w in (following, then)):
                continue  # "TABE score", "TABE reading score": a test, not an organisation
            if (
                covered.isupper()
                and " " not in covered
                and not text[line_start : span.start].strip()
                and _FIELD_VALUE_AFTER.match(text, span.end)
            ):
                continue  # "MRN:   00481276", "ANI/ALI: (707) ...": a form's field name, not a body
        out.append(span)
    return out


_PLACE_OR_BODY = ("ORGANIZATION", "LOCATION", "NRP")
_SHORT_ACRONYM = re.compile(r"[A-Z]{2,3}")
# The letter or number after a word that it numbers ("Division D", "Building 5").
_PART_NUMBER_AFTER = re.compile(r"[ ](?:[A-Z]|\d{1,3})(?![\w'’-])")
# Letters said one by one, or joined ("P I A", "R and R"): an acronym, not a numbered part.
_LETTERS = re.compile(r"[A-Za-z](?:[ ](?:and[ ]|&[ ])?[A-Za-z])+")
_INDEFINITE_BEFORE = re.compile(r"(?<![\w'’-])an?[ ]+\Z")
_CREDENTIAL = re.compile(r"(?:[A-Z][a-z]?\.){2,3}")
# Role and title words that name a body, not a person's role ("Jane Doe, Superior Court").
_BODIES = frozenset(
    {"court", "board", "panel", "committee", "council", "staff", "state", "people", "defense", "defence"}
    | {"prosecution", "district", "parole", "probation", "system", "audience", "support", "recording"}
)
# Words that join a name to what is before it and never start one ("OF DANGER TO SOCIETY").
_LINKING_WORDS = frozenset({"of", "for", "to", "on", "with", "and", "or", "in", "at", "by", "from"})


def _through_last_head(name: str, heads: tuple[str, ...]) -> int:
    """The length of `name` up to the end of its last head word (`heads` in lower
    case, each after a space), when that leaves two words or more; else 0."""
    lower = f" {name.lower()}"
    for match in reversed(list(re.finditer(r"\S+(?=\s|$)", lower))):
        if lower[: match.end()].endswith(heads):
            return match.end() - 1 if " " in name[: match.end() - 1] else 0
    return 0


def _is_heading(line: str) -> bool:
    """A heading's shape: a short line without sentence punctuation or a speaker's colon."""
    line = line.strip()
    return 0 < len(line.split()) <= 6 and not re.search(r"[.,;:?!]$|:\s", line)


@functools.lru_cache(maxsize=4)  # asked by many rules of one merge, of one document
def _names_are_capitalised(text: str) -> bool:
    """Whether the text is written with care for capitals, so that a name in
    lower case would be a slip: at least five sentences, nine in ten of them
    starting with a capital, and no "i" for "I". An ASR transcript in lower case
    or a hasty post ("i love rick astley") is not; there a lower-case name stays. Nor
    is a text with a name in lower case after a short title twice ("Mr. wheat"), as a
    speech-recognition service writes the names it does not know in sentences it capitalises."""
    sample = text[:50000]
    if _LOWERCASE_I.search(sample) or lower_case_names_after_titles(sample):
        return False
    starts = _sentence_starts(sample)
    return len(starts) >= 5 and sum(c.isupper() for c in starts) >= 0.9 * len(starts)


@functools.lru_cache(maxsize=4)  # asked for by several rules of one merge, of one document
def _sentence_starts(sample: str) -> tuple[str, ...]:
    return tuple(_SENTENCE_INITIAL.findall(sample))


def _speech_in_lower_case(text: str) -> bool:
    """Whether most sentences open in lower case, as a speech recogniser writes: there a name in
    lower case is how every name is written, no sign that its capitalised mention is a word."""
    starts = _sentence_starts(text[:50000])
    return len(starts) >= 5 and sum(c.islower() for c in starts) * 2 > len(starts)


def lower_case_names_after_titles(text: str) -> bool:
    """Whether the text writes a name in lower case after a short title twice or more
    ("Mr. wheat", "mr. castellanos")."""
    return len(_SHORT_TITLE_THEN_LOWER.findall(text[:50000])) >= 2


def _law_occurrences(text: str, heads: Sequence[str]) -> list[tuple[int, int]]:
    if not heads:
        return []
    head = "|".join(re.escape(h) for h in heads)
    pattern = rf"{WHOLE_CAP}(?:[ ](?:{_JOINERS}[ ]){{0,2}}{WHOLE_CAP}){{0,7}}[ ](?:{head})\b"
    return [m.span() for m in re.finditer(pattern, text)]


def _inside(span: Span, ranges: Sequence[tuple[int, int]]) -> bool:
    i = bisect.bisect_right(ranges, (span.start, float("inf"))) - 1
    return i >= 0 and ranges[i][0] <= span.start and span.end <= ranges[i][1]


_DIGIT = re.compile(r"\d")
# A possessive "'s" at a word's end: "VICTIM'S SISTER" is a role.
POSSESSIVE_S = re.compile(r"['’]s$")
# Structure beats a name recogniser that reads a surname in capitals as an organisation
# (`speaker_tag_names`).
NAME_TAG_SCORE = 0.9
# What follows a field name that opens a line of a form: a colon and a number.
_FIELD_VALUE_AFTER = re.compile(r"(?:/[A-Z]{1,5})?:[ \t]+[(#]?\d")
