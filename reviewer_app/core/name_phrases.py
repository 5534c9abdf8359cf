"""The common words of a name, capitalised in a truecased view.

The casing model (`core/truecasing.py`) capitalises the words it knows as names and
leaves common words in lower case, also where they are part of a name: speech
recognition's "at kern family medical group", "a diploma from mount whitney high school",
"units at college of the sequoias", "on rose avenue" come out as "Kern family medical
group", "Mount Whitney high school", "college of the Sequoias", "rose Avenue", and NER
reads a place ("Kern", "Mount Whitney") where an organisation or a street was said. As
written English does, a name's common words take capitals here:

- the words from a capitalised name up to a word that ends names of institutions and
  places (`head_words` of `ner.toml`: "school", "group", "prison", "county"), with at most
  `max_between` other words and no function word between: "Kern Family Medical Group";
- a word that opens such names (`openers`) before "of" and a capitalised name: "College
  of the Sequoias", "University of Oregon";
- the word before a street word the model capitalised: "Rose Avenue", "First Street".

A sentence's first word and the pronoun "I" are capitals of the writing, not names: no
phrase starts from them. The words and limits are data, in `resources/patterns/name_phrases.toml`.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass

from reviewer_app.core.spoken_numbers import number_words
from reviewer_app.paths import resource

# Ordinal numbers name streets ("First Street", "Ninth Avenue").
_ORDINALS = frozenset({"first", "second", "third"} | {w for w in number_words() if w.endswith("th")})


@dataclass(frozen=True)
class NamePhraseRules:
    # Lower-case words that end names of institutions and places ("school", "prison").
    heads: frozenset[str]
    # Lower-case words that open a name before "of" ("college", "university").
    openers: frozenset[str]
    # Street words ("Avenue") that take the word before them into the name.
    street_words: frozenset[str]
    # Words never inside a name phrase here: function words, determiners, number words.
    stop_words: frozenset[str]
    max_between: int = 2


@functools.cache
def name_phrase_rules() -> NamePhraseRules:
    def table(name: str) -> dict:
        with resource("patterns", name).open("rb") as fh:
            return tomllib.load(fh)

    own, ner, merge = table("name_phrases.toml"), table("ner.toml"), table("merge.toml")
    heads = {entry.split()[-1].lower() for entries in ner["head_words"].values() for entry in entries}
    stop = {w.lower() for key in own["stop_word_lists"] for w in merge.get(key, ())}
    return NamePhraseRules(
        heads=frozenset(heads - set(own.get("not_heads", ()))),
        openers=frozenset(w.lower() for w in own["openers"]),
        street_words=frozenset(w.lower() for w in own["street_words"]),
        stop_words=frozenset(stop | {w.lower() for w in own.get("stop_words", ())} | number_words()),
        max_between=int(own.get("max_between", 2)),
    )


def _is_word(word: str) -> bool:
    return len(word) > 1 and word.replace("'", "").replace("’", "").isalpha()


def _capitalised(word: str) -> bool:
    return _is_word(word) and word[0].isupper()


def capitalise_name_phrases(words: Sequence[str], rules: NamePhraseRules | None = None) -> list[str]:
    """`words` (the cased tokens of one sentence, its first word first) with the common
    words of names capitalised. A letter on its own (of a spelling, "s m i t h") or a
    mark is no word and ends a phrase."""
    rules = rules or name_phrase_rules()
    out = list(words)

    def plain(k: int) -> bool:
        """A lower-case word that may be part of a name."""
        word = out[k]
        return _is_word(word) and word.islower() and word not in rules.stop_words

    def anchor(k: int) -> bool:
        """A capitalised word that is a name's, not the writing's (the sentence's first word)."""
        word = out[k]
        return k > 0 and _capitalised(word) and word.lower() not in rules.stop_words and _is_word(out[k - 1])

    for k in range(len(out)):
        low = out[k].lower()
        if plain(k) and low in rules.heads:
            j = k - 1
            while j >= 0 and k - j - 1 < rules.max_between and plain(j):
                j -= 1
            if j >= 0 and anchor(j):
                for i in range(j + 1, k + 1):
                    out[i] = out[i][0].upper() + out[i][1:]
        if plain(k) and low in rules.openers and _opens_a_name(out, k + 1, anchor):
            out[k] = out[k][0].upper() + out[k][1:]
        if (
            low in rules.street_words
            and _capitalised(out[k])
            and k > 1
            and (plain(k - 1) or out[k - 1] in _ORDINALS)
            and out[k - 1] not in rules.heads
        ):
            out[k - 1] = out[k - 1][0].upper() + out[k - 1][1:]
    return out


def _opens_a_name(words: Sequence[str], k: int, anchor) -> bool:
    """Whether `words[k:]` is "of", perhaps "the", then a name: "of the Sequoias"."""
    if k >= len(words) or words[k] != "of":
        return False
    k += 1
    if k < len(words) and words[k] == "the":
        k += 1
    return k < len(words) and anchor(k)
