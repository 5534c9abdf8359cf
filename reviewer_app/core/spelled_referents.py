"""What a spelling spells, told by the words that ask for it or introduce it.

"Can you spell the street for me? / C-A-S-I-T-A-S", "What street? Tamarack. T-A-M-A-R-A-C-K",
"the medication is lisinopril, L-I-S-I-N-O-P-R-I-L": a spelling asked for or introduced by
the noun of a thing (a street, a town, a company, a medicine), and by no word of a person's
name ("your last name", "spell your name"), spells that thing, a SPELLED_OUT_ITEM, even where
nothing before it was found as a place or an organisation. The nouns are data, in
`resources/patterns/read_out.toml` ([spelling]).
"""

from __future__ import annotations

import functools
import re
import tomllib

from reviewer_app.paths import resource

# How far before a spelling the words that ask for it or introduce it are read.
_REACH = 160
# A question answered by a spelling may stand this many sentences before it ("What street? Tamarack.").
_SENTENCES_BACK = 2
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")


@functools.cache
def _nouns() -> tuple[frozenset[str], frozenset[str]]:
    with resource("patterns", "read_out.toml").open("rb") as fh:
        raw = tomllib.load(fh)["spelling"]
    return frozenset(raw["thing_nouns"]), frozenset(raw["name_nouns"])


def spells_a_thing(text: str, start: int) -> bool:
    """Whether the spelling at `start` is introduced as a thing (the words of its sentence before
    it) or asked for as one (a question just before, on its line or the line before), not a name."""
    line_start = text.rfind("\n", 0, start) + 1
    question_start = text.rfind("\n", 0, max(0, line_start - 1)) + 1 if line_start else 0
    sentences = _SENTENCE_END.split(text[max(question_start, start - _REACH) : start])
    window = sentences[-1:]
    for sentence in reversed(sentences[-1 - _SENTENCES_BACK : -1]):
        window.append(sentence)
        if sentence.rstrip().endswith("?"):
            break
    else:
        window = sentences[-1:]
    words = _WORD.findall(" ".join(window).lower())
    things, names = _nouns()
    return any(w in things for w in words) and not any(w in names for w in words)
