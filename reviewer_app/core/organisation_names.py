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
  SOLUTIONS, do hereby ..."), with a legal form after a comma ("X, LLC") kept in
  the name; `names_with_legal_forms` does the same for any name with one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# A capitalised name of up to six words, with lower-case joining words inside
# ("Pathways to Peace", "Men of Honor", "Criminals and Gangs Anonymous"), but
# not "in" or "and the", which join two names ("X Church in Eureka", "X and the Y"),
# and not a weekday or a month after a joining word ("Celebrate Recovery on Tuesdays").
JOINERS = r"(?:(?:of|for|to|on|with)(?:[ ]the)?|and|&)"
CAP = r"(?:(?!I\b|I['’])[A-Z][A-Za-z'’]*(?:-[A-Za-z][A-Za-z'’]*)*)"
CALENDAR_WORD = (
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b|(?:January|February|March|April|May|June|July"
    r"|August|September|October|November|December)\b"
)
# The last word of a numbered stage or level ("Phase Two", "Step 4", "Level IV"), no name.
NUMBERED = re.compile(
    r".+[ ](?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|[IVX]{1,4}|\d{1,3}[A-Za-z]?)"
)
NAME = rf"{CAP}(?:[ ](?:{CAP}|{JOINERS}[ ](?!{CALENDAR_WORD}){CAP})){{0,5}}"

# What a definition says a name is: "is a", "that's a", "it's the" ...
_ARTICLE = r"(?:a|an|the|this|our|my)"
_DEFINED_AS = r"(?:is|was)"
_APPOSITION = r",[ ](?:that's|that’s|that[ ]is|that[ ]was|it's|it’s|it[ ]is|it[ ]was|which[ ]is|which[ ]was)"
_ANSWER = r"(?:It's|It’s|It[ ]is|It[ ]was|That's|That’s|That[ ]is|That[ ]was|They're|They’re|They[ ]are)"
# A question that asks what a name is, and the answer on the next line after a speaker's tag.
_QUESTION = r"(?i:what(?:'s|’s|[ ]is|[ ]was)|tell[ ](?:me|us)[ ](?:a[ ]little[ ](?:bit[ ])?)?about)"
_SPEAKER = r"(?:[^\n:?]{1,60}:[ \t]+|[AQ][.:][ \t]+)?(?:(?:Yes|Yeah|Well|Okay|Sure|So|Oh|Um|Uh),?[ ]+)?"
_LEGAL_FORM = r"(?:,[ ]?|[ ])(?:Inc\.?|INC\.?|LLC|LLP|L\.L\.C\.|Ltd\.?|LTD\.?|Corp\.?|CORP\.?|P\.?C\.)"
_WORD_AFTER = re.compile(r"[ ]+([A-Za-z][A-Za-z'’-]*)")


def defined_names(
    text: str,
    kinds: Iterable[str],
    followers: frozenset[str],
    function_words: frozenset[str] = frozenset(),
) -> list[str]:
    """Names the document defines as one of `kinds` ("program", "group" ...).

    The kind must end its noun phrase: a lower-case word right after it is one
    of `followers` (prepositions, conjunctions, "run", "led" ...), not a noun
    that makes the kind a modifier ("Mr. Vega is a group facilitator"). The
    words between the article and the kind are modifiers without a preposition
    ("a twelve-week program", not "a guy from my group"). A name of one word
    that is a function word ("That is a program") or that the text also writes
    in lower case ("Group is a ...") is no name."""
    kinds = sorted({k.lower() for k in kinds}, key=len, reverse=True)
    if not kinds:
        return []
    kind = "|".join(re.escape(k).replace(r"\ ", "[ ]") for k in kinds)
    stop = "|".join(sorted(followers | function_words))
    modifier = rf"(?:(?!(?:{stop})\b)[a-z0-9][a-z0-9'’-]*[ ]){{0,3}}"
    described = rf"{_ARTICLE}[ ]{modifier}(?i:(?:{kind}))\b"
    patterns = (
        rf"(?P<name>{NAME})[ ]{_DEFINED_AS}[ ]{described}",
        rf"(?P<name>{NAME}){_APPOSITION}[ ]{described}",
        rf"\b{_QUESTION}[ ]+(?:the[ ]+)?(?P<name>{NAME})[^\n]*\n(?:[ \t]*\n)*[ \t]*{_SPEAKER}"
        rf"{_ANSWER}[ ]{described}",
    )
    names: dict[str, None] = {}
    for pattern in patterns:
        for match in re.finditer(pattern, text):
            after = _WORD_AFTER.match(text, match.end())
            if after and after.group(1).islower() and after.group(1) not in followers:
                continue  # "a group facilitator": the kind is a modifier
            name = match.group("name")
            words = name.split()
            if words[0].lower() in function_words:
                words = words[1:]  # "Then Sunrise Bridges is ...", "The Kairos program"
            if not words or (len(words) == 1 and written_in_lower_case(words[0], text)):
                continue
            names[" ".join(words)] = None
    return list(names)


def written_in_lower_case(word: str, text: str) -> bool:
    return re.search(rf"(?<![\w'’-]){re.escape(word.lower())}(?![\w'’-])", text) is not None


_COPYRIGHT = re.compile(
    rf"(?:©|\([cC]\)|\b[Cc]opyright\b|\bCOPYRIGHT\b)[ ]*(?:©[ ]*)?"
    rf"(?:(?:19|20)\d\d(?:[-–](?:19|20)?\d\d)?,?[ ]+)?"
    rf"(?:(?:by|BY)[ ]+)?(?P<name>{NAME}(?:{_LEGAL_FORM})?)"
)
_CERTIFICATE_FIRM = re.compile(
    rf"\b(?i:transcriber|transcriptionist|reporter|stenographer)s?,[ ]+(?P<name>{NAME}(?:{_LEGAL_FORM})?),[ ]"
)
_NOT_A_HOLDER = frozenset({"all", "the", "this", "notice"})


def signed_firms(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The firms that hold a copyright line's copyright, and those a transcriber or
    reporter names in a certificate ("a duly designated transcriber, X, do hereby"),
    each with a legal form after it ("X, LLC"). The second may be a person's name
    ("the reporter, Dana Rowe, said"): NER's reading of it comes first."""
    holders, certified = [], []
    for pattern, out in ((_COPYRIGHT, holders), (_CERTIFICATE_FIRM, certified)):
        for match in pattern.finditer(text):
            name = match.group("name")
            if name.split()[0].lower() not in _NOT_A_HOLDER and len(name) >= 3:
                out.append(match.span("name"))
    return holders, certified


_WITH_LEGAL_FORM = re.compile(rf"(?<![\w-])(?P<name>{NAME}{_LEGAL_FORM})(?![\w-])")


def names_with_legal_forms(text: str) -> list[tuple[int, int]]:
    """Names followed by a legal form, as one span: "Brightwater Logistics, Inc.",
    "Sierra Verbatim Reporting, LLC" (NER splits off the form, a name of its own)."""
    return [m.span("name") for m in _WITH_LEGAL_FORM.finditer(text)]


def coordinated_parts(name: str) -> list[tuple[int, int]]:
    """The [start, end) of each name in `name` when it joins two names with "and",
    the second of two words or more, the first too or an acronym ("Anger
    Management and Victim Awareness", "AA and Anger Management" after "I did"), else
    of `name` whole ("Criminals and Gangs Anonymous", "Tire and Brake")."""
    match = re.fullmatch(r"(?P<first>\S+(?:[ ]\S+)+|[A-Z]{2,})[ ]and[ ](?P<second>\S+(?:[ ]\S+)+)", name)
    if match and not match.group("second").split()[0].islower():
        return [match.span("first"), match.span("second")]
    return [(0, len(name))]
