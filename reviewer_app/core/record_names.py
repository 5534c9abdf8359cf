"""Names a record's layout shows, where NER misses them or reads a firm (issue 12).

Called by `merge.merge_spans` through `names_from_layout`, which gathers these with the
rules of wording in `name_rules`:

- `examiner_names`: the lawyer named in an examination heading ("BY MR. KOWALSKI:",
  "By Ms. Bishop:") or an appearance ("BY: KEVIN AMARO, Deputy Attorney General");
- `judges_named`: the judge of a caption ("BEFORE THE HONORABLE CELESTE IBARRA-NUNN, JUDGE");
- `parties_named`: a caption's parties and those of a case cited in argument ("In re
  Shaputis", "Swarthout v. Cooke");
- `initialled_names`: an initial and a surname in a form's field, a list's entry or a list
  of them ("Reviewing Commissioner: R. PAKULSKI", "T. MERCER, D. RICH, A. LAMB, et al.");
- `listed_names_in_capitals`: a full name in capitals opening a list's entry before a role
  ("22        JAVIER PAREDES, Correctional Officer");
- `surname_first.correspondents_named` and `surname_first.names_in_columns`: names written
  surname first in a message's header, a field or a column ("ALVARADO, RUBEN J -> QUINTERO-BAEZ,
  MARISOL (resident)", "To: DE LA CRUZ, JUAN", "MSG 0007   ...   HOLLOWAY, TASHA M   HASKELL, BRIAN").
"""

from __future__ import annotations

import re

from reviewer_app.core.context_rules import _names_are_capitalised as names_are_capitalised
from reviewer_app.core.line_numbers import blank_line_numbers
from reviewer_app.core.name_rules import (
    _NAME_WORD,
    _SURNAME,
    CUE_SCORE,
    STRUCTURE,
    STRUCTURE_SCORE,
    answered_names,
    introduced_names,
    lower_case_names,
    spellings_after_cue,
)
from reviewer_app.core.spans import Span
from reviewer_app.core.surname_first import correspondents_named, names_in_columns

_TITLE = r"(?:MR|MRS|MS|MX|DR|MISS|Mr|Mrs|Ms|Mx|Dr|Miss)\.?"
# An examination heading ("BY MR. KOWALSKI:"), or who appears or signs after "BY:" up to a
# comma or the line's end ("BY: KEVIN AMARO, Deputy ...", "TRANSCRIBED BY: MAUREEN T. OKAMOTO-REESE").
_EXAMINER = re.compile(
    rf"^[ \t]*(?:BY|By)[ ]+{_TITLE}[ ]+(?P<name>{_SURNAME}(?:[ ]{_SURNAME}){{0,2}})[ ]*:"
    rf"|^[ \t]*(?:[A-Z][A-Za-z]+[ ]+)?(?:BY|By|by):[ \t]+"
    rf"(?P<counsel>{_NAME_WORD}(?:[ ](?:{_SURNAME}|[A-Z]\.)){{1,3}})(?=,|[ \t]*$)",
    re.M,
)
# A judge on a caption: "BEFORE THE HONORABLE CELESTE IBARRA-NUNN, JUDGE".
_HONORABLE = re.compile(
    rf"\b(?P<title>(?i:honou?rable|hon\.))[ ]+"
    rf"(?P<name>{_NAME_WORD}(?:[ ](?:{_SURNAME}|[A-Z]\.)){{1,3}})(?=,|[ ]*$)",
    re.M,
)
# A name written as an initial and a surname in a list's entry or a form's field, up to
# the comma before a role in capitals or the line's end: "Writer: D. Villaseñor", "21   R. MWANGI,
# Correctional Officer", "Reviewing Commissioner: R. PAKULSKI". At a line's start only
# before a comma ("B. Merits" is a heading), and never "A." or "Q.", the answer and
# question markers ("A. Right, I did").
_INITIAL_AND_SURNAME = r"[B-PR-Z]\.[ ](?:[A-Z]\.[ ])?[A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)?"
_INITIALLED_NAME = re.compile(
    rf"(?:(?<=:)[ \t]+(?P<field>{_INITIAL_AND_SURNAME})(?=,[ ][A-Z]|\.?[ \t]*$)"
    rf"|^(?:[ \t]*\d{{1,2}})?[ \t]*(?P<entry>{_INITIAL_AND_SURNAME})(?=,[ ][A-Z]))",
    re.M,
)
# Initials and surnames one after another: "T. MERCER, D. RICH, A. LAMB, et al." (any initial).
_INITIALLED = re.compile(r"(?<![\w'’-])[A-Z]\.[ ][A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)?(?![\w'’-])")
_INITIALLED_LIST = re.compile(rf"{_INITIALLED.pattern}(?:,[ ]{_INITIALLED.pattern}){{2,}}")
# A party of a case caption, between "v." and its role: "STATE OF WASHINGTON, Plaintiff,
# vs. DARIUS MAKEPEACE, Defendant." (a firm's name ends in a head word that relabels it).
_PARTY = re.compile(
    rf"(?:\bv\.|\bvs\.?|\bversus)[ \t]*\n?[ \t]*(?P<name>{_NAME_WORD}(?:[ ](?:{_SURNAME}|[A-Z]\.)){{1,3}}),"
    r"\s*(?i:defendant|respondent|appellant|appellee|petitioner|plaintiff)s?\b"
)
# A party of a case cited in argument: "In re Shaputis", "In re Lawrence, 2008" (not "In re
# Marriage of ..."), "Swarthout v. Cooke, 2011, 562 U.S. 216", "People v. Kosinski (2019)".
_IN_RE = re.compile(rf"\bIn[ ]re[ ]+(?P<name>{_NAME_WORD}(?:[ ]{_SURNAME}){{0,2}})(?![ ]+of\b|[\w'’-])")
_CITED_CASE = re.compile(
    rf"(?<![\w'’-])(?P<first>{_NAME_WORD})[ ]v\.[ ](?P<second>{_NAME_WORD})(?=,[ ]|[ ]\(|[ ]\d)"
)


def names_from_layout(
    text: str,
    not_names: frozenset[str],
    stop_words: frozenset[str],
    titles: frozenset[str] = frozenset(),
    determiners: frozenset[str] = frozenset(),
    organisation_heads: frozenset[str] = frozenset(),
    kin_words: frozenset[str] = frozenset(),
    places: frozenset[str] = frozenset(),
) -> list[Span]:
    """The PERSON and SPELLED_NAME spans the text's layout and wording propose: examination
    headings and captions, names introduced as names, spellings after "spell", answers to
    a question for a name and, in a text that does not capitalise names, the lower-case
    ones the context makes safe; the name that answers a question for a relative (`kin_words`);
    names in capitals surname first in a column, unless what follows the comma is one of `places`
    (lower case: "VACAVILLE, CALIFORNIA").
    No word of `titles` (lower case) is a judge's name ("the Honorable Superior Court")."""
    cased = names_are_capitalised(text)
    return [
        *examiner_names(text, not_names | titles),
        *judges_named(text, not_names | titles),
        # Read past a numbered page's line numbers: "they called him\n18  el Chivo".
        *introduced_names(blank_line_numbers(text), not_names),
        *initialled_names(text, not_names | titles),
        *listed_names_in_capitals(text, not_names | titles, not_names | titles | kin_words),
        *correspondents_named(text, not_names | titles, places),
        *names_in_columns(text, not_names | titles, places),
        *parties_named(text, not_names | titles, organisation_heads),
        *spellings_after_cue(text),
        *answered_names(text, not_names | stop_words, cased, kin_words),
        *(() if cased else lower_case_names(text, stop_words, not_names, determiners)),
    ]


def examiner_names(text: str, not_names: frozenset[str] = frozenset()) -> list[Span]:
    """PERSON spans for the lawyer of each examination heading ("BY MR. KOWALSKI:") and for
    who appears or signs after "BY:" ("BY: NAOMI FELDSTEIN, ESQ.", "TRANSCRIBED BY: MAUREEN T.
    OKAMOTO-REESE"); none with a word of `not_names`, lower case ("BY: THE OFFICE OF ..."). A
    firm that signs ("Transcribed by: Amberline Legal Transcription") ends in a head word that
    makes it an organisation (`merge.relabel_by_head_word`)."""
    out = []
    for m in _EXAMINER.finditer(text):
        group = "name" if m.group("name") else "counsel"
        if group == "name" or not any(w.lower().rstrip(".") in not_names for w in m.group(group).split()):
            out.append(Span(m.start(group), m.end(group), "PERSON", (STRUCTURE,), STRUCTURE_SCORE))
    return out


def judges_named(text: str, not_names: frozenset[str]) -> list[Span]:
    """PERSON spans, from the title on (over NER's "Honorable X" organisation), for a caption's
    judge: "BEFORE THE HONORABLE CELESTE IBARRA-NUNN, JUDGE" (no word of `not_names`, lower case)."""
    return [
        Span(m.start("title"), m.end("name"), "PERSON", (STRUCTURE,), STRUCTURE_SCORE)
        for m in _HONORABLE.finditer(text)
        if not any(w.lower().rstrip(".") in not_names for w in m.group("name").split())
    ]


def parties_named(
    text: str, not_names: frozenset[str], organisation_heads: frozenset[str] = frozenset()
) -> list[Span]:
    """PERSON spans for a caption's party after "v." and before its role (`_PARTY`) and for
    the parties of a case cited in argument (`_IN_RE`, `_CITED_CASE`); no word of
    `not_names` ("the People", "State"), and no firm or body: a name ending in a word that
    ends organisations' names (`organisation_heads`, lower case: "Halden Freight Company")."""
    names = [m.span("name") for m in _PARTY.finditer(text)]
    names += [m.span("name") for m in _IN_RE.finditer(text)]
    names += [m.span(party) for m in _CITED_CASE.finditer(text) for party in ("first", "second")]
    return [
        Span(start, end, "PERSON", (STRUCTURE,), STRUCTURE_SCORE)
        for start, end in names
        if not any(w.lower().rstrip(".") in not_names for w in text[start:end].split())
        and text[start:end].split()[-1].lower() not in organisation_heads
    ]


# A list's entry: a full name in capitals, indented or after the line's number, then a
# comma and who the person is ("20        DIANE NAKASHIMA, Victim Advocate,").
_LISTED_IN_CAPITALS = re.compile(
    r"^(?:[ \t]*\d{1,2})?[ \t]+(?P<name>[A-Z][A-Z'’-]+(?:[ ](?:[A-Z]\.|[A-Z][A-Z'’-]+)){1,3}),[ ]+"
    r"(?P<role>[^\n,]{3,60})",
    re.M,
)


def listed_names_in_capitals(text: str, not_names: frozenset[str], role_words: frozenset[str]) -> list[Span]:
    """PERSON spans for a full name in capitals that opens a list's entry before a comma and
    the words that say who the person is, one of them a role (`role_words`, lower case:
    "JAVIER PAREDES, Correctional Officer", "DIANE NAKASHIMA, Victim Advocate"), where NER,
    reading a column of capitals, may find nothing; no name with a word of `not_names`
    ("STATE OF WASHINGTON, Plaintiff")."""
    out = []
    for match in _LISTED_IN_CAPITALS.finditer(text):
        role = {re.sub(r"['’]s\Z", "", w.lower()) for w in re.findall(r"[\w'’]+", match.group("role"))}
        names = {w.lower().rstrip(".") for w in match.group("name").split()}
        if role & role_words and not names & not_names:
            out.append(Span(*match.span("name"), "PERSON", (STRUCTURE,), CUE_SCORE))
    return out


def initialled_names(text: str, not_names: frozenset[str]) -> list[Span]:
    """PERSON spans for an initial and a surname alone in a form's field or a list's entry
    (`_INITIALLED_NAME`), and for each of a list of them ("T. MERCER, D. RICH, A. LAMB, et
    al."); no surname of `not_names` (lower case)."""
    found = [m.span("field" if m.group("field") else "entry") for m in _INITIALLED_NAME.finditer(text)]
    for listed in _INITIALLED_LIST.finditer(text):
        at = listed.start()
        found += [(at + m.start(), at + m.end()) for m in _INITIALLED.finditer(listed.group())]
    out = []
    for start, end in dict.fromkeys(found):
        surname = text[start:end].split()[-1]
        if surname.lower() not in not_names and len(surname) >= 3:
            out.append(Span(start, end, "PERSON", (STRUCTURE,), CUE_SCORE))
    return out
