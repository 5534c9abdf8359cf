"""How a document shows that a name is an organisation's (issue 12), for
`context_rules.learn_organisations`.

The shape of a name (`NAME`: capitalised words with lower-case joining words
inside) and what the text says around it:

- `defined_names`: a name the document defines as an organisation of some kind
  ("Sunrise Bridges is a twelve-week program", "Breaking Barriers, that's a
  class", "What is Inner Compass?" answered by "It's a group that meets on
  Tuesdays"). NER reads such names as persons or misses them; a definition says
  what they are at every mention.
- `signed_firms`: the holder of a copyright line ("Copyright 2023 Foothill Legal
  Transcribers", "© 2025 by X") and the firm in a transcriber's or reporter's
  certificate ("I, DANA ROWE, a duly designated transcriber, BARRISTER DIGITAL
  SOLUTIONS, do hereby ...") or under the signature, with a legal form after a comma ("X, LLC") kept in
  the name; `names_with_legal_forms` does the same for any name with one.
- `reads_as_a_person`: a name after a cue that points at a programme or at the people in it
  ("I facilitate Daniel Ortiz") that the text shows is a person's.
- `split_businesses_on_streets`: NER's "Summit Gas & Go on Union Avenue" is a
  business on a street, two names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.person_words import personal_titles
from reviewer_app.core.spans import Span

# A capitalised name of up to six words, with lower-case joining words inside
# ("Pathways to Peace", "Men of Honor", "Criminals and Gangs Anonymous", "Hombres de
# Palabra"), but not "in" or "and the", which join two names ("X Church in Eureka",
# "X and the Y"), and not a weekday or a month after a joining word ("Celebrate Recovery
# on Tuesdays"). Words may carry accents ("Taller Mecánico Hermanos Echeverría").
JOINERS = r"(?:(?:of|for|to|on|with)(?:[ ]the)?|and|&|de(?:[ ]la|[ ]los|[ ]las)?|del|y|da|dos|du|van|von|al)"
# Latin letters with their accents, Vietnamese's too ("Phở Hòa Bình", "Chùa Phổ Quang"): Latin-1,
# Latin Extended-A and Latin Extended Additional.
_EXTENDED = [*range(0x100, 0x180), *range(0x1E00, 0x1F00)]
_LETTER = "A-Za-zÀ-ÖØ-öø-ÿĀ-žḀ-ỿ"
_CAPITAL = "A-ZÀ-ÖØ-Þ" + "".join(chr(c) for c in _EXTENDED if chr(c).isupper())
CAP = rf"(?:(?!I\b|I['’])[{_CAPITAL}][{_LETTER}'’]*(?:-[{_LETTER}][{_LETTER}'’]*)*)"
CALENDAR_WORD = (
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b|(?:January|February|March|April|May|June|July"
    r"|August|September|October|November|December)\b"
)
# The last word of a numbered or lettered stage, level or part ("Phase Two", "Step 4",
# "Facility B"), no name.
NUMBERED = re.compile(
    r".+[ ](?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|\d{1,3}[A-Za-z]?|[A-Z])"
)
# A Roman numeral also ends names of bodies ("Comradeship IV", "Local II"): a stage only when the
# text uses its first word as a common noun too ("Level IV ... the next level").
ROMAN_NUMBERED = re.compile(r"(?P<head>\S+)(?:[ ]\S+)*[ ][IVX]{1,4}")


def is_numbered_stage(name: str, text: str) -> bool:
    if NUMBERED.fullmatch(name):
        return True
    roman = ROMAN_NUMBERED.fullmatch(name)
    return roman is not None and roman["head"].lower() in lowercase_words(text)


# A middle initial inside a name given after a person ("Will C. Wood", "John F. Kennedy High").
_INITIAL = rf"[A-Z]\.(?=[ ]{CAP})"
NAME = rf"{CAP}(?:[ ](?:{CAP}|{_INITIAL}|{JOINERS}[ ](?!{CALENDAR_WORD}){CAP})){{0,5}}"
# CAP and NAME whose words, once read, never give a letter back (possessive repeats; a whole word
# still is given back: "Second Dawn Residential" to "Second Dawn"). Where what follows them in a
# pattern cannot start inside a word (a space, a comma, a bracket; no letter, apostrophe or hyphen,
# no word boundary), they match exactly what CAP and NAME match; a pattern that opens with one is
# tried at every capitalised word of a text, and fails there without backtracking through the
# word's letters one at a time.
WHOLE_CAP = rf"(?:(?!I\b|I['’])[{_CAPITAL}][{_LETTER}'’]*+(?:-[{_LETTER}][{_LETTER}'’]*+)*+)"
WHOLE_NAME = (
    rf"{WHOLE_CAP}(?:[ ](?:{WHOLE_CAP}|{_INITIAL}|{JOINERS}[ ](?!{CALENDAR_WORD}){WHOLE_CAP})){{0,5}}"
)

# What a definition says a name is: "is a", "that's a", "it's the" ...
_ARTICLE = r"(?:a|an|the|this|our|my)"
_DEFINED_AS = r"(?:is|was)"
_APPOSITION = r",[ ](?:that's|that’s|that[ ]is|that[ ]was|it's|it’s|it[ ]is|it[ ]was|which[ ]is|which[ ]was)"
_ANSWER = r"(?:It's|It’s|It[ ]is|It[ ]was|That's|That’s|That[ ]is|That[ ]was|They're|They’re|They[ ]are)"
# A question that asks what a name is, and the answer on the next line after a speaker's tag.
_QUESTION = r"(?i:what(?:'s|’s|[ ]is|[ ]was)|tell[ ](?:me|us)[ ](?:a[ ]little[ ](?:bit[ ])?)?about)"
_SPEAKER = r"(?:[^\n:?]{1,60}:[ \t]+|[AQ][.:][ \t]+)?(?:(?:Yes|Yeah|Well|Okay|Sure|So|Oh|Um|Uh),?[ ]+)?"
_ARTICLE_OR_POSSESSIVE = r"(?:a|an|the|this|our|my|his|her|their|your)"
_NUMBER_WORD = (
    r"(?:\d{1,3}|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|eighteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?)"
)
# How long a course runs, said in an apposition: "fifty-two weeks", "three cycles", "12 sessions".
_COURSE_LENGTH = rf"{_NUMBER_WORD}[ -](?:weeks?|cycles?|sessions?|modules?|classes)\b"
# Legal forms of companies in English and in the languages of European judgments ("MotoMeter AG",
# "Schmidt GmbH", "Banco X S.A.", "Y plc"); a professional corporation without its dots ("GALLO
# TENNANT PC"), not the Penal Code before its section ("PC 187").
_LEGAL_FORM = (
    r"(?:,[ ]?|[ ])(?:Inc\.?|INC\.?|LLC|LLP|L\.L\.C\.|Ltd\.?|LTD\.?|Corp\.?|CORP\.?|P\.C\.|PC(?![ ]?\d)"
    r"|AG|GmbH|S\.A\.|S\.p\.A\.|N\.V\.|B\.V\.|plc|PLC|A\.Ş\.)"
)
# A name that ends where a search stops, looked for this far back.
_NAME_BEFORE = re.compile(rf"(?<![\w'’-])(?P<name>{NAME})\Z")
_NAME_REACH = 80
_WORD_AFTER = re.compile(r"[ ]+([A-Za-z][A-Za-z'’-]*)")
# A space, or a line break with the next line's number in a numbered transcript's margin.
_LINE_GAP = r"(?:[ ]|[ ]?\n[ \t]*\d{1,2}[ \t]+)"


def defined_names(
    text: str,
    kinds: Iterable[str],
    followers: frozenset[str],
    function_words: frozenset[str] = frozenset(),
    premises: Iterable[str] = (),
) -> list[str]:
    """Names the document defines as one of `kinds` ("program", "group" ...).

    The kind must end its noun phrase: a lower-case word right after it is one
    of `followers` (prepositions, conjunctions, "run", "led" ...), not a noun
    that makes the kind a modifier ("Mr. Vega is a group facilitator"). The
    words between the article and the kind are modifiers without a preposition
    ("a twelve-week program", not "a guy from my group"). A name of one word
    that is a function word ("That is a program") or that the text also writes
    in lower case ("Group is a ...") is no name.

    Two more shapes: a name of two words or more after one of `premises` (kinds
    of place one works at or worships in, not groups of people) and a comma, that
    ends its phrase ("our church, Denair Grace Fellowship.", "a mechanic shop,
    Taller Mecánico Hermanos Echeverría, on ..."); and a name with the length of a
    course in an apposition ("Restorative Voices, fifty-two weeks", "Healing
    Dialogue Circle, three cycles")."""
    kinds = sorted({k.lower() for k in kinds}, key=len, reverse=True)
    if not kinds:
        return []
    kind = "|".join(re.escape(k).replace(r"\ ", "[ ]") for k in kinds)
    stop = "|".join(sorted(followers | function_words))
    modifier = rf"(?:(?!(?:{stop})\b)[a-z0-9][a-z0-9'’-]*[ ]){{0,3}}"
    described = rf"{_ARTICLE}[ ]{modifier}(?i:(?:{kind}))\b"
    # Anchored on what follows the name (cheap to find), the name then read backwards.
    after_name = [
        rf"[ ]{_DEFINED_AS}[ ]{described}",
        rf"(?:{_APPOSITION}|,)[ ]{described}",
        rf",[ ](?:that's[ ]|that’s[ ])?{_COURSE_LENGTH}",
    ]
    patterns = [
        rf"\b{_QUESTION}[ ]+(?:the[ ]+)?(?P<name>{NAME})[^\n]*\n(?:[ \t]*\n)*[ \t]*{_SPEAKER}"
        rf"{_ANSWER}[ ]{described}",
    ]
    premises = sorted({p.lower() for p in premises}, key=len, reverse=True)
    if premises:
        premise = "|".join(re.escape(p).replace(r"\ ", "[ ]") for p in premises)
        # The phrase may run over a numbered transcript's line break ("an electronics\n 4
        # factory, Sunwest Circuits"; "a restaurant,\n24   Pho Hoa Binh").
        gapped = rf"(?:(?!(?:{stop})\b)[a-z0-9][a-z0-9'’-]*{_LINE_GAP}){{0,3}}"
        patterns.append(
            rf"\b{_ARTICLE_OR_POSSESSIVE}{_LINE_GAP}{gapped}(?i:(?:{premise})),{_LINE_GAP}(?P<listed>{NAME})"
            r"(?=[,.;:]|[ ](?:on|in|at|where|which|that)\b|$)"
        )
    found: list[tuple[str, int, bool]] = []  # a name, where its phrase ends, whether it was listed
    for pattern in after_name:
        for match in re.finditer(pattern, text):
            before = _NAME_BEFORE.search(text, max(0, match.start() - _NAME_REACH), match.start())
            if before:
                found.append((before.group("name"), match.end(), False))
    for pattern in patterns:
        for match in re.finditer(pattern, text):
            listed = "listed" in match.groupdict()
            if listed and "\n" in match.group() and text.startswith(":", match.end("listed")):
                continue  # a speaker's tag opening the next numbered line, not a name
            found.append((match.group("listed" if listed else "name"), match.end(), listed))
    names: dict[str, None] = {}
    for name, end, listed in found:
        after = _WORD_AFTER.match(text, end)
        if after and after.group(1).islower() and after.group(1) not in followers:
            continue  # "a group facilitator": the kind is a modifier
        words = name.split()
        if listed and len(words) < 2:
            continue  # "our church, Grace": one word may start a list of people
        if words[0].lower() in function_words:
            words = words[1:]  # "Then Sunrise Bridges is ...", "The Kairos program"
        if not words or (len(words) == 1 and words[0].lower() in lowercase_words(text)):
            continue
        names[" ".join(words)] = None
    return list(names)


def names_ending_in_heads(
    text: str,
    heads: frozenset[str],
    function_words: frozenset[str] = frozenset(),
    known_places: frozenset[str] = frozenset(),
    openers: frozenset[str] = frozenset(),
) -> list[tuple[int, int]]:
    """The names of two words or more, not in capitals, whose last word (or its singular) is one
    of `heads` (lower case): "Southcrest Locos", "Real Talk Circle" (a function word or "And"
    before it is no part of it, nor a determiner among `function_words`: "Every Program", "My
    Group" name no body, nor one of `openers`, sentence adverbs, opening a sentence: "Later Cedar
    Gate House, 40 Elm Street"). Of "Dr. Ines Valcourt of Meridian Forensic Associates" the body
    is what follows "of", and where one word follows it ("Rules of Court") the head is the word
    before it; of "Agent Whitcombe with Meridian Forensic Associates" what follows "with". A name
    that opens with a known place ("Los Angeles Asylum Office") is left to NER, which reads the
    place in it."""
    if not heads:
        return []
    out = []
    for match in re.finditer(NAME, text):
        name = match.group()
        start = match.start()
        if " of " in name:
            if len(name.rsplit(" of ", 1)[1].split()) < 2:
                continue  # "Rules of Court": the head is the word before "of"
            start += name.rindex(" of ") + 4
        if " with " in text[start : match.end()]:
            # "Agent Whitcombe with Sacramento County Probation": one is with a body.
            start += text[start : match.end()].rindex(" with ") + 6
        words = text[start : match.end()].split()
        while words and (words[0].lower() in function_words or words[0].lower() in _JOINING_STARTS):
            start += len(words.pop(0)) + 1
        if words and words[0].lower() in openers and _SENTENCE_BEFORE.search(text, 0, start):
            start += len(words.pop(0)) + 1
        if (
            len(words) < 2
            or name.isupper()
            or any(" ".join(words[:n]).lower() in known_places for n in range(1, len(words)))
        ):
            continue
        last = words[-1].lower().removesuffix("'s").removesuffix("’s")
        if last in heads or last.removesuffix("s") in heads:
            out.append((start, match.end()))
    return out


# What stands before a word that opens a sentence: a full stop, a line's start, an answer's "A:".
_SENTENCE_BEFORE = re.compile(r"(?:\A|[.!?:]|\n)[ \t]*\Z")

# Words that join a name to what is before it, never its first word ("And Real Talk Circle").
_JOINING_STARTS = frozenset({"and", "or", "but", "in", "at", "of", "to", "from", "with", "for", "on", "by"})


_COPYRIGHT = re.compile(
    rf"(?:©|\([cC]\)|\b[Cc]opyright\b|\bCOPYRIGHT\b)[ ]*(?:©[ ]*)?"
    rf"(?:(?:19|20)\d\d(?:[-–](?:19|20)?\d\d)?,?[ ]+)?"
    rf"(?:(?:by|BY)[ ]+)?(?P<name>{NAME}(?:{_LEGAL_FORM})?)"
)
_CERTIFICATE_FIRM = re.compile(
    rf"\b(?i:transcriber|transcriptionist|reporter|stenographer)s?(?:,|[ ]for|[ ]with)[ ]+"
    rf"(?P<name>{NAME}(?:{_LEGAL_FORM})?),[ ]"
)
# A signature block: the firm on the line under the transcriber's or reporter's name and role or
# licence ("Rosa Lind, Transcriber" / "Golden State Hearing Transcripts", "ROSA LIND, CSR No. 13587"
# / "20   MOTHER LODE COURT REPORTERS"), the line number of a reporter's page before it.
_SIGNATURE_FIRM = re.compile(
    rf"\b(?i:transcriber|transcriptionist|reporter|stenographer|CSR(?:[ ]No\.?)?[ ]*\#?[ ]*\d+)[ \t]*\n"
    rf"[ \t]*(?:\d{{1,2}}[ \t]+)?(?P<name>{NAME}(?:{_LEGAL_FORM})?)[ \t]*$",
    re.MULTILINE,
)
_NOT_A_HOLDER = frozenset({"all", "the", "this", "notice"})


def signed_firms(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The firms that hold a copyright line's copyright, and those a transcriber or
    reporter names in a certificate ("a duly designated transcriber, X, do hereby", "a
    transcriber for X, certify") or signs under (`_SIGNATURE_FIRM`), each with a legal form
    after it ("X, LLC"). The second may be a person's name ("the reporter, Dana Rowe,
    said"): NER's reading of it comes first."""
    holders, certified = [], []
    for pattern, out in ((_COPYRIGHT, holders), (_CERTIFICATE_FIRM, certified), (_SIGNATURE_FIRM, certified)):
        for match in pattern.finditer(text):
            name = match.group("name")
            if name.split()[0].lower() not in _NOT_A_HOLDER and len(name) >= 3:
                out.append(match.span("name"))
    return holders, certified


_LEGAL_FORM_AFTER = re.compile(rf"{_LEGAL_FORM}(?![\w-])")


def names_with_legal_forms(text: str) -> list[tuple[int, int]]:
    """Names followed by a legal form, as one span: "Brightwater Logistics, Inc.",
    "Sierra Verbatim Reporting, LLC" (NER splits off the form, a name of its own)."""
    out = []
    for form in _LEGAL_FORM_AFTER.finditer(text):
        name = _NAME_BEFORE.search(text, max(0, form.start() - _NAME_REACH), form.start())
        if name:
            out.append((name.start(), form.end()))
    return out


def may_name_a_body(
    name: str, text: str, known_places: frozenset[str], function_words: frozenset[str]
) -> bool:
    """Whether a name a membership cue points at may be a body's: not in capitals ("AA",
    "SNY"), no known place, function word, month or weekday, no numbered stage ("Phase
    Two") and no one word the text also writes in lower case ("the board")."""
    return (
        len(name) >= 3
        and not name.isupper()
        and name.lower() not in known_places
        and name.split()[0].lower() not in function_words
        and not re.fullmatch(CALENDAR_WORD, name.split()[0])
        and not is_numbered_stage(name, text)
        and not (" " not in name and name.lower() in lowercase_words(text))
    )


# Courtesy titles: a name written after one is a person's ("Mr. Ortiz").
_COURTESY_TITLE = r"(?:Mr|Mrs|Ms|Miss|Mx|Dr)"


def reads_as_a_person(name: str, text: str, persons: frozenset[str], heads: frozenset[str]) -> bool:
    """Whether `name`, after a cue one says of a programme and of the people in it alike ("I
    facilitate Daniel Ortiz", "co-facilitates Puentes de Cambio"), is a person's: a courtesy title
    is written before its last word ("Mr. Ortiz"), or the detectors read it, or a
    name opening with its first word, as a person (`persons`, lower case). Not a name written as
    only a body's is: with a lower-case joining word ("Puentes de Cambio") or ending in one of
    `heads` (lower case: "Keystone Accountability Group")."""
    words = name.split()
    if any(w.islower() for w in words) or words[-1].lower() in heads:
        return False
    if re.search(rf"\b{_COURTESY_TITLE}\.?[ ]+{re.escape(words[-1])}(?![\w'’-])", text):
        return True
    first = words[0].lower()
    return name.lower() in persons or any(p.split()[0] == first for p in persons if " " in p)


# Articles and possessives before a role ("the bishop", "our pastor"); not "that", a conjunction too
# ("that to").
_ROLE_DETERMINER = r"(?i:the|a|an|my|our|his|her|their|your)"


def titles_a_person(name: str, text: str, persons: frozenset[str]) -> bool:
    """Whether `name`, listed after a kind of premises ("our church, Bishop Lowell Ames,"), is a
    person of that place named with a title: a personal title and one name ("Pastor Ray"), or a
    word the text also writes in lower case as a role after an article or a possessive ("the
    bishop at our church") before a name of two words or more the detectors read as a person's
    (`persons`, lower case: "Lowell Ames"). A body's name is no title before a person's ("To Casa
    Amapola", where NER read "Casa Amapola" as a person, stays the body)."""
    words = name.split()
    title = words[0].lower().rstrip(".")
    if len(words) == 2 and title in personal_titles():
        return True
    if len(words) < 3 or " ".join(words[1:]).lower() not in persons:
        return False
    return re.search(rf"\b{_ROLE_DETERMINER}[ ]+{re.escape(title)}\b", text) is not None


def coordinated_parts(name: str) -> list[tuple[int, int]]:
    """The [start, end) of each name in `name` when it joins two names with "and",
    the second of two words or more, the first too or an acronym ("Anger
    Management and Victim Awareness", "AA and Anger Management" after "I did"), else
    of `name` whole ("Criminals and Gangs Anonymous", "Tire and Brake")."""
    match = re.fullmatch(r"(?P<first>\S+(?:[ ]\S+)+|[A-Z]{2,})[ ]and[ ](?P<second>\S+(?:[ ]\S+)+)", name)
    if match and not match.group("second").split()[0].islower():
        return [match.span("first"), match.span("second")]
    return [(0, len(name))]


# Kinds of street: what a business is "on" ("the Summit Gas & Go on Union Avenue").
_STREET = r"(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Drive|Lane|Way|Highway|Parkway)"
_ON_A_STREET = re.compile(
    rf"(?P<business>{NAME})[ ]on[ ](?P<street>(?:[A-Z0-9][{_LETTER}0-9'’-]*[ ]){{1,3}}{_STREET})"
)
# A business of two words or more on a street said by its short name ("Delgadillo Upholstery on
# Fairview").
_ON_A_SHORT_STREET = re.compile(rf"(?P<business>{CAP}(?:[ ]{CAP})+)[ ]on[ ](?P<street>[A-Z][a-z]{{2,}})")


def split_businesses_on_streets(spans: Iterable[Span], text: str) -> list[Span]:
    """A place or organisation that NER read over "X on Y Street" is two names: the
    business X, an ORGANIZATION, on the street Y Street, a LOCATION ("Cantina Los
    Arcos on Sixth Street"), and so is an organisation of two words or more on one word
    ("Delgadillo Upholstery on Fairview", a street said by its short name). A street on a
    street stays as it was ("Main Street on ...")."""
    out = []
    for span in spans:
        covered = span.text_in(text)
        match = _ON_A_STREET.fullmatch(covered) if span.label in ("LOCATION", "ORGANIZATION") else None
        if span.label == "ORGANIZATION" and not match:
            match = _ON_A_SHORT_STREET.fullmatch(covered)
        if match and not re.search(rf"{_STREET}$", match.group("business")):
            out.append(span.with_(end=span.start + match.end("business"), label="ORGANIZATION"))
            out.append(span.with_(start=span.start + match.start("street"), label="LOCATION"))
            continue
        out.append(span)
    return out


_SPACED_DASH = re.compile(r"[ ]+[-–—][ ]+")
_ACRONYM_AFTER_COMMA = re.compile(r",[ ]+(?P<acronym>[A-Z]{2,8})\Z")
# "Pleasant Valley State Prison in Coalinga": a place, "in", and the capitalised name of the
# place it stands in.
_IN_A_PLACE = re.compile(r"[ ]in[ ](?P<place>[A-Z][\w'’.-]*(?:[ ][A-Z][\w'’.-]*)*)\Z")


def _initials_of(name: str) -> str:
    """The initials of a name's capitalised words ("Pelican Bay State Prison": "PBSP")."""
    return "".join(w[0] for w in name.split() if w[:1].isupper())


def split_at_spaced_dashes(spans: Iterable[Span], text: str, place_heads: Iterable[str] = ()) -> list[Span]:
    """A place or organisation in capitals that NER read across a spaced dash, one of
    whose parts ends in one of `place_heads`, is two names, as a heading joins them
    ("PELICAN BAY STATE PRISON - CRESCENT CITY"): each part keeps the label, and later
    rules judge each on its own. So is one that runs on over its acronym after a comma
    ("Pelican Bay State Prison, PBSP"): the name and the acronym. So is a place ending in
    one of `place_heads` that NER ran on over "in" and the town it stands in ("Pleasant
    Valley State Prison in Coalinga"): the town is a place whatever NER called the whole."""
    heads = tuple(f" {h.lower()}" for h in place_heads)
    out = []
    for span in spans:
        covered = span.text_in(text)
        acronym = _ACRONYM_AFTER_COMMA.search(covered) if span.label in ("LOCATION", "ORGANIZATION") else None
        if acronym and _initials_of(covered[: acronym.start()]) == acronym.group("acronym"):
            out.append(span.with_(end=span.start + acronym.start()))
            out.append(span.with_(start=span.start + acronym.start("acronym")))
            continue
        parts = _SPACED_DASH.split(covered) if span.label in ("LOCATION", "ORGANIZATION") else []
        if len(parts) > 1 and covered.isupper() and any(f" {p.lower()}".endswith(heads) for p in parts):
            start = span.start
            for dash in _SPACED_DASH.finditer(covered):
                out.append(span.with_(start=start, end=span.start + dash.start()))
                start = span.start + dash.end()
            out.append(span.with_(start=start))
            continue
        in_a_place = _IN_A_PLACE.search(covered) if span.label in ("LOCATION", "ORGANIZATION") else None
        if in_a_place and f" {covered[: in_a_place.start()].lower()}".endswith(heads):
            out.append(span.with_(end=span.start + in_a_place.start()))
            out.append(span.with_(start=span.start + in_a_place.start("place"), label="LOCATION"))
            continue
        out.append(span)
    return out


# The capitalised word right after a name, ending the name: no capitalised word follows it
# ("San Joaquin General. That was", "Lodi Memorial for a scan"; not "Kern Regional Center").
_HEAD_AFTER = re.compile(r"[ ](?P<head>[A-Z][a-z]+)(?![\w'’-]|[ ]+[A-Z0-9])")


def extend_over_hospital_heads(spans: Iterable[Span], text: str, heads: Iterable[str]) -> list[Span]:
    """A place or organisation NER ended right before one of `heads`, the words a hospital's short
    name ends in ("San Joaquin" of "born at San Joaquin General", "Lodi" of "Lodi Memorial"), runs on
    over it: the hospital is the name, and its head word labels it (`relabel_by_head_word`). A
    head another span starts at, or one a capitalised word follows, is left to NER."""
    heads = frozenset(heads)
    spans = list(spans)
    starts = {s.start for s in spans}
    out = []
    for span in spans:
        after = _HEAD_AFTER.match(text, span.end) if span.label in ("LOCATION", "ORGANIZATION") else None
        if after and after.group("head") in heads and after.start("head") not in starts:
            span = span.with_(end=after.end("head"))
        out.append(span)
    return out


_CUT_AT_OF = re.compile(r"\S[ ]of\Z")


def join_names_cut_at_of(spans: Iterable[Span], text: str) -> list[Span]:
    """An organisation of capitalised words that NER ended on "of" and the place or organisation right
    after it (past a "the") are one name: "the Ninth Chamber of" and "the Istanbul
    Assize Court" are "Ninth Chamber of the Istanbul Assize Court", "University of" and
    "California" are one university. The joined span is added; the longer span wins
    in merging, the pieces go."""
    spans = list(spans)
    cut = [
        s
        for s in spans
        if s.label == "ORGANIZATION"
        and _CUT_AT_OF.search(s.text_in(text))
        and all(w[:1].isupper() for w in s.text_in(text).split()[:-1])
    ]
    if not cut:
        return spans
    starts: dict[int, list[Span]] = {}
    for span in spans:
        if span.label in ("ORGANIZATION", "LOCATION") and text[span.start : span.start + 1].isupper():
            starts.setdefault(span.start, []).append(span)
    joined = []
    for first in cut:
        for gap in (" ", " the "):
            for second in starts.get(first.end + len(gap), ()):
                if text[first.end : second.start] == gap and "\n" not in text[first.start : second.end]:
                    detectors = tuple(dict.fromkeys((*first.detectors, *second.detectors)))
                    score = max(first.score, second.score)
                    joined.append(first.with_(end=second.end, detectors=detectors, score=score))
    return spans + joined
