"""How often English writes a word, for the PDF importer's rejoining of words a
typesetter broke at a row end ("recom-" / "mendation"): a syllable break where the
whole word is common and a piece is none ("state-" / "ments", "you-" / "rself"), a
compound's hyphen where both pieces are words and the whole is not ("well-" / "known").

The counts are the English word-frequency list of the maintained spell checker
`pyspellchecker` (package `spellchecker`: counts of about 160,000 words in subtitles),
loaded once, on first use (half a second), and only for a document whose typesetter
breaks words. Without the package every count is 0 and the importer decides by what the
document itself prints, as before.
"""

from __future__ import annotations

import functools
import logging

log = logging.getLogger(__name__)


@functools.cache
def _counts() -> dict[str, int]:
    try:
        from spellchecker import SpellChecker
    except ImportError:
        log.info("word-frequency list not installed (pyspellchecker): broken words decided by the document")
        return {}
    return SpellChecker(language="en", distance=1).word_frequency.dictionary


def word_count(word: str) -> int:
    """How often the list counts `word` (any case; 0 for a word it does not hold)."""
    return _counts().get(word.lower(), 0)
