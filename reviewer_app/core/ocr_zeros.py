"""Zeros that optical character recognition (or a typist) wrote for the letter O inside a word:
"R0BERT DELGAD0" of a scanned cover page. NER reads such a word as a code, the merge drops a
"person" with a digit in it, and propagation cannot tie "DELGAD0" to "DELGADO": the name went out
readable. Detection reads the text with those zeros as O (`zeros_read_as_o`), which keeps every
character's place, so a span found on that reading holds for the text as written."""

from __future__ import annotations

import re

# A word of letters and zeros only ("R0BERT", "BR00KS", "DELGAD0"); a code has other digits
# ("K44190", "WF4471") and is left as it is.
_LETTERS_AND_ZEROS = re.compile(r"(?<![^\W_])[^\W\d_]*0[^\W_]*(?![^\W_])")
# A word is one misread only where letters make most of it: "ABC000", "AB00" (a plate, a
# code's letters and serial) end in a run of zeros; a name has at most one O at its end.
_ZEROS_AT_END = re.compile(r"00+\Z")
_MIN_LETTERS = 3
# A zero after a letter in lower case (or after such a zero) is a small o ("Br00ks").
_NEXT_TO_LOWER_CASE = re.compile(r"(?<=[^\W\dA-Z_])0|(?<=[^\W\dA-Z_]0)0")


def zeros_read_as_o(text: str) -> str:
    """`text` with each zero of a word made of letters and zeros read as the letter O (small
    after a small letter), the rest as it is: "R0BERT DELGAD0" is read "ROBERT DELGADO", "Br00ks"
    "Brooks"; "K44190", "ABC000", "A0" and "2010" are unchanged."""
    pieces: list[str] = []
    last = 0
    for match in _LETTERS_AND_ZEROS.finditer(text):
        word = match.group()
        if not _misread(word):
            continue
        pieces.append(text[last : match.start()])
        pieces.append(_NEXT_TO_LOWER_CASE.sub("o", word).replace("0", "O"))
        last = match.end()
    if not pieces:
        return text
    pieces.append(text[last:])
    return "".join(pieces)


def _misread(word: str) -> bool:
    if not word.replace("0", "").isalpha():
        return False  # another digit: a code ("K44190"), a year
    letters = len(word) - word.count("0")
    return letters >= _MIN_LETTERS and word.count("0") < letters and not _ZEROS_AT_END.search(word)
