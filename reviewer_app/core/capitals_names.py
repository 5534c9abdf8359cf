"""Names that are common words in a text typed in capitals: "MY WIFE ROSE AND MY SON BILL",
"HOPE DELGADO IS MY DAUGHTER". The truecased view the finders read writes "rose" and "hope" in
lower case, as the casing model has most often seen them, and NER passes them by; nothing in the
capitals tells the name from the word. Where the name stands does:

- right after a relative's kin word that an owner opens ("MY WIFE ROSE", "HIS SISTER HOPE"), and
  before what may follow a name (a mark, the line's end, a possessive, a person's name, or a word
  a name is the subject of: `person_context.toml`'s `after_kin_names`: "MY SON BILL AND ...");
- right before a person's name the document found ("HOPE DELGADO", "IS ROSE DELGADO STILL"), not
  after a word that makes it a verb (`verb_openers`: "I HOPE DELGADO COMES", "TO BILL ...").

The name is a PERSON there, and propagation carries it to its other mentions, except where the
same word is said as a word (`drop_capital_words_said_as_words`): after a determiner ("A ROSE",
"THE BILL") or a verb's opener ("I HOPE SHE CAN COME")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.name_rules import PRONOUNS, PROPAGATION
from reviewer_app.core.person_words import person_words
from reviewer_app.core.spans import Span
from reviewer_app.core.truecasing import is_in_capitals

_WORD = r"[A-Z][A-Z'’-]*[A-Z]"
# An owner and a kin word before a word: "MY WIFE ROSE", "DELGADO'S SISTER HOPE".
_KIN_THEN_WORD = re.compile(
    rf"(?<![\w'’-])(?:MY|HIS|HER|OUR|THEIR|YOUR|{_WORD}['’]S)[ ]+(?P<kin>{_WORD})[ ]+"
    rf"(?P<name>{_WORD})(?![\w'’-])"
)
# What may follow a name a kin word introduces: a mark, the line's end, a possessive.
_NAME_ENDS = re.compile(r"['’]S\b|[ ]?[.,;:?!)]|[ \t]*(?:\n|\Z)")
_NEXT_WORD = re.compile(rf"[ ]+({_WORD})")
# The word before, of one letter too ("I HOPE", "A ROSE").
_PREVIOUS_WORD = re.compile(r"(?<![\w'’-])([A-Z](?:[A-Z'’-]*[A-Z])?)[ ]+\Z")
_REACH = 40


def capital_names_by_place(
    spans: Sequence[Span],
    text: str,
    speaker_tags: Sequence[tuple[int, int]],
    kin_words: frozenset[str],
    not_names: frozenset[str],
) -> list[Span]:
    """`spans` with a PERSON over each word that stands where a name does (module docstring)
    and no span covers, where `text` is typed in capitals (its `speaker_tags` aside); else
    `spans`. `kin_words` (lower case) introduce relatives; `not_names` (lower case: function,
    clause, title, role and calendar words) are never names."""
    spans = sorted(spans)
    if not is_in_capitals(text, speaker_tags):
        return spans
    persons = [s for s in spans if s.label == "PERSON"]
    person_starts = {s.start for s in persons}
    refused = not_names | PRONOUNS | kin_words
    after_names = person_words("after_kin_names")
    found: list[tuple[int, int]] = []
    for match in _KIN_THEN_WORD.finditer(text):
        name = match.group("name")
        if match.group("kin").lower() not in kin_words or name.lower() in refused:
            continue
        following = _NEXT_WORD.match(text, match.end())
        ends = _NAME_ENDS.match(text, match.end()) or (following and following.start(1) in person_starts)
        if ends or (following and following.group(1).lower() in after_names):
            found.append(match.span("name"))
    openers = person_words("verb_openers") | PRONOUNS
    for person in persons:
        before = _PREVIOUS_WORD.search(text, max(0, person.start - _REACH), person.start)
        if before is None or before.group(1).lower() in refused:
            continue
        opener = _PREVIOUS_WORD.search(text, max(0, before.start() - _REACH), before.start())
        if opener is None or opener.group(1).lower() not in openers:
            found.append(before.span(1))
    taken = [(s.start, s.end) for s in spans]
    added = [
        Span(a, b, "PERSON", (CONTEXT,), CONTEXT_SCORE)
        for a, b in sorted(set(found))
        if not any(a < e and s < b for s, e in taken)
    ]
    return sorted([*spans, *added])


def drop_capital_words_said_as_words(
    spans: Iterable[Span], text: str, speaker_tags: Sequence[tuple[int, int]], determiners: frozenset[str]
) -> list[Span]:
    """Without the one-word PERSON that propagation alone found in a text typed in capitals (its
    `speaker_tags` aside) right after one of `determiners` (lower case: "A ROSE", "THE BILL") or
    a verb's opener ("I HOPE", "TO BILL"): the name's word said as a word, which a name is not
    said after."""
    if not is_in_capitals(text, speaker_tags):
        return list(spans)
    said_before_words = determiners | person_words("verb_openers") | PRONOUNS
    out = []
    for span in spans:
        if span.label == "PERSON" and span.detectors == (PROPAGATION,) and " " not in span.text_in(text):
            before = _PREVIOUS_WORD.search(text, max(0, span.start - _REACH), span.start)
            if before and before.group(1).lower() in said_before_words:
                continue
        out.append(span)
    return out
