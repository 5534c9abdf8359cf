"""Which words a document writes in lower case (issue 12).

A capitalised word that the document also writes in lower case is an ordinary word
capitalised by its place ("Long story short" beside "a long night", "Group is 40117."
beside "group 40117"), not a name. Rules of `name_propagation`, `name_rules`,
`context_rules` and `organisation_names` ask this of many words of one document, so
the words are gathered once per document.
"""

from __future__ import annotations

import functools
import re

# A word as the text delimits it: letters in any alphabet, digits, apostrophes and
# hyphens, so that "méxico" is one word (not "m") and "self-help" one word (not "self").
_WORD = re.compile(r"[\w'’-]+")


@functools.lru_cache(maxsize=4)  # asked for by several rules of one merge
def lowercase_words(text: str) -> frozenset[str]:
    """The words the document writes in lower case: "méxico", "self-help", "long";
    not "anti-American" (a capital inside) and no part of a word ("m" of "méxico")."""
    return frozenset(w for w in _WORD.findall(text) if w.islower())
