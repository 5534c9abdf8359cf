"""Marks a transcript's legend defines (issue 12): "(UI) = unintelligible" in a police or a jail
call transcript's header says what "(UI)" means where it stands in the turns. NER reads the
letters in capitals as an organisation's acronym ("Sit down. (UI) Agent Vue ..."); the document
itself says they are the transcriber's note, no name (`drop_legend_marks`).

A key defines speakers' letters the same way: "RP = reporting party; DISP = radio dispatcher",
"DDA = deputy DA from Monterey County". The tags recur at every turn and read as names in
capitals; the key's gloss in lower case says they stand for a role, so they are no person
(`drop_roles_a_key_defines`). A key that glosses letters by a name ("EV = Eddie") defines a
person's tag and is left alone."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.span_edges import NAME_LABELS
from reviewer_app.core.spans import Span

# A mark in brackets, "=" and a gloss in lower case: "(UI) = unintelligible", "[PH] = phonetic".
_LEGEND = re.compile(r"(?<![\w(\[])[(\[](?P<mark>[A-Za-z]{1,6})\.?[)\]][ \t]*=[ \t]*[a-z][a-z'’-]*")


# Letters in capitals, "=" and a gloss opening in lower case: "RP = reporting party", "ATTY = his
# lawyer". Its leading phrase runs to the first punctuation or capitalised word ("deputy DA"
# of "deputy DA from Monterey County"); the gloss may name a person further on.
_KEY_ENTRY = re.compile(
    r"(?<![\w=(\[-])(?P<letters>[A-Z][A-Z0-9]{1,7})[ \t]*=[ \t]*"
    r"(?P<phrase>[a-z][a-z'’-]*(?:[ \t]+(?:[a-z][a-z'’-]*|[A-Z]{2,8}))*)(?P<rest>[^;\n]*)"
)
# A capitalised word of a gloss, not a courtesy title written short ("Mr." of "Mr. Villa").
_GLOSS_NAME_WORD = re.compile(r"(?<![\w'’-])(?!(?:Mr|Mrs|Ms|Mx|Dr)\.)[A-Z][\w'’-]*")
# A word written with a capital after a word in lower case, inside a sentence: a name's spelling.
_CAPITALISED_INSIDE = re.compile(r"(?<=[a-z,] )[A-Z][a-z]+(?:-[a-z]+)?")


def legend_marks(text: str) -> frozenset[str]:
    """The marks the text's legend defines by a gloss in lower case ("(UI) = unintelligible")."""
    return frozenset(match.group("mark") for match in _LEGEND.finditer(text))


def drop_legend_marks(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without the names that are only a mark the legend defines, standing in its
    brackets ("UI" of "(UI)" or "(UI.)"), in its case: the transcriber's note for a word not
    heard, not an acronym."""
    spans = list(spans)
    marks = legend_marks(text)
    if not marks:
        return spans
    return [s for s in spans if not (s.label in NAME_LABELS and _is_bracketed_mark(s, text, marks))]


def _is_bracketed_mark(span: Span, text: str, marks: frozenset[str]) -> bool:
    """Whether `span` is a legend's mark standing in its brackets: "(UI)", "(UI.)". The same
    letters outside brackets are words of the text ("Ed" beside "(Ed.) = editor's note")."""
    inner = text[span.start : span.end]
    if inner.rstrip(".") not in marks or span.start == 0 or text[span.start - 1] not in "([":
        return False
    after = text[span.end : span.end + 2]
    return after[:1] in (")", "]") or after in (".)", ".]")


def roles_a_key_defines(text: str, role_words: frozenset[str]) -> frozenset[str]:
    """The letters a key glosses by a role in lower case that they shorten ("RP = reporting
    party", `_shortening`), with the letters in capitals the shortening takes in ("DA" of "DDA =
    deputy DA"). A gloss whose word the document also writes with a capital inside a sentence
    ("EV = eddie" beside "call me Eddie") may be a name written small, and so may letters that
    are the initials of a name in the gloss ("MR = mother, Maria Reyes"), letters that do not
    shorten the gloss ("TED = the defendant", "MARIA = victim's mother": names in capitals) and
    letters the text also writes as a name ("Ted"): they define nothing. `role_words` (lower
    case) are words of a role whatever their case ("Deputy Commissioner Ruiz")."""
    entries = list(_KEY_ENTRY.finditer(text))
    if not entries:
        return frozenset()
    capitalised = {w.lower() for w in _CAPITALISED_INSIDE.findall(text)}
    roles: set[str] = set()
    for entry in entries:
        words = entry.group("phrase").split()
        if any(w in capitalised and w not in role_words for w in words if w.islower()):
            continue
        # "MR = mother, Maria Reyes": the letters are the initials of the name the gloss gives.
        gloss = entry.group("phrase") + entry.group("rest")
        initials = "".join(w[0] for w in _GLOSS_NAME_WORD.findall(gloss) if not w.isupper())
        letters = entry.group("letters")
        if letters in initials:
            continue
        taken_in = _shortening(letters, words)
        if taken_in is None or _written_as_a_name(letters, text):
            continue
        roles.add(letters)
        # A word the text also writes as a name ("Al", "Ed") is one, not a role's letters.
        roles.update(w for w in taken_in if not _written_as_a_name(w, text))
    return frozenset(roles)


def _written_as_a_name(letters: str, text: str) -> bool:
    """Whether the text writes the letters as a name's word too ("Ted" beside "TED")."""
    return re.search(rf"(?<![\w'’-]){letters[0]}{letters[1:].lower()}(?![\w'’-])", text) is not None


def _shortening(letters: str, words: list[str]) -> tuple[str, ...] | None:
    """The capitals words the letters take in whole if they shorten consecutive words of the
    gloss, else None. They shorten them as initials, a word in capitals of three letters or
    fewer counting whole ("RP" of "reporting party", "CT" of "call-taker", "DDA" of "deputy DA"),
    or as the first four letters or more of one word ("DISP" of "radio dispatcher"). Anything
    else is read as a name, which its tag must keep: "TED = the defendant", "DAN = defendant",
    "VIC = victim" (three letters of a word are as often a given name), "CO = correctional
    officer GARCIA" takes CO, never the surname."""
    pieces = [part for word in words for part in word.split("-") if part]
    target = letters.lower()
    for i in range(len(pieces)):
        built, whole = "", []
        for piece in pieces[i:]:
            if piece.isupper() and len(piece) <= 2:
                built += piece.lower()
                whole.append(piece)
            elif piece.islower():
                built += piece[0]
            else:
                break
            if not target.startswith(built):
                break
            if built == target and len(built) > 1 and (len(whole) < len(built)):
                return tuple(whole)
    if len(target) >= 4 and any(piece.islower() and piece.startswith(target) for piece in pieces):
        return ()
    return None


def drop_roles_a_key_defines(spans: Iterable[Span], text: str, role_words: frozenset[str]) -> list[Span]:
    """`spans` without the persons that are only letters a key glosses by a role, written in
    capitals as the key writes them: "RP" of "[00:03] RP: Hi" and of "RP is in 212" where the
    header says "RP = reporting party"."""
    spans = list(spans)
    roles = roles_a_key_defines(text, role_words)
    if not roles:
        return spans
    return [s for s in spans if not (s.label == "PERSON" and text[s.start : s.end] in roles)]
