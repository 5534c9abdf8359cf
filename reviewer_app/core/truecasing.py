"""A truecased view of a caseless text (speech-recognition output in lower case, or a
transcript typed all in capitals).

The NER models read capitals: "is that amarjit sandhu at kern family medical group"
has no name for them, "is that Amarjit Sandhu at Kern Family Medical Group" has.
When a text is caseless (almost no capital letters), detection reads a copy whose
letters have their likely case restored and is otherwise the same text: each
character keeps its place and length, only its case may change, so a span found on
the view has the same offsets on the original.

The casing model is the `truecase` package's (unigram, bigram and trigram counts of
the case each English word is written in; words it does not know are taken as names
and capitalised, unless the spaCy pipeline's vocabulary knows them only in lower case).
It is loaded once, lazily, when the first caseless text appears; without the package
detection reads the original text and says so.

A text typed all in capitals (older court reporters' transcripts, OCR of them) tells names from
words no better: NER reads "CLARENCE AND HIS WIFE BERNADETTE" as no one. Its view is its lower-case
copy, truecased the same way.
"""

from __future__ import annotations

import bisect
import functools
import logging
import re
import threading
import time
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.name_phrases import capitalise_name_phrases
from reviewer_app.paths import resource

log = logging.getLogger(__name__)

# Below this share of capitals among the letters a text is caseless: careful English has
# 2-5% (every sentence and name), a lower-case transcript none or a stray "I".
CASELESS_CAPITAL_SHARE = 0.005
# Fewer letters than this say nothing about how the text is written.
MIN_LETTERS = 60
# Fewer turns said in lower case than this say nothing about how a transcript writes speech.
MIN_CASELESS_TURNS = 3

# The tokens the casing model counted (Penn Treebank's): "don't" is "do" + "n't",
# "it's" is "it" + "'s"; "-" and other marks are tokens of their own.
_TOKEN = re.compile(r"[^\W_]+?(?=n['’]t\b)|n['’]t\b|['’][^\W_]+|[^\W_]+|[^\w\s]")

# The first letter of a line or of a sentence.
_SENTENCE_OPENING = re.compile(r"(?:^|[.!?]\s+)[^\w\n]*([^\W\d_])", re.MULTILINE)
# A short label opening a line ("speaker 1: ", "caller: "), read only where the importer found no turn.
_LOWER_CASE_TAG = re.compile(r"[ \t]*[^\W\d_][\w.'’-]*(?:[ \t]+[\w.'’-]+){0,3}:[ \t]+")
# A display name opening a line before a colon, as a caption file or a platform writes it
# ("Pulaski, Dana - Atty: ", "Gaitan, Rosa (DA): ", "MCSP Hearing Rm 2: "), where the importer
# took it for no speaker's tag: the platform's capitals, not the speech's.
_LINE_LABEL = re.compile(r"^[ \t]*[^\W\d_][^\n:.!?]{0,40}?:(?=[ \t])", re.MULTILINE)
# Letters said one by one, which a recogniser writing in lower case still writes in capitals
# ("you got your G E D", "we go to the D A").
_SPOKEN_LETTERS = re.compile(r"(?<![\w'’])[A-Z](?:[ ][A-Z])+(?![\w'’])")

_SENTENCE_ENDS = frozenset({".", "!", "?"})
# Lines said in lower case holding at least 1/this of a text's letters, where it has no turns.
_CASELESS_LINES_SHARE = 3
# What no careful writer writes: a sentence opening in lower case after its full stop ("its me.
# they moved me"; not after "p.m." or "No."), the pronoun "i" ("i told her"); this many at least
# in the lower-case lines.
_CASELESS_MARK = re.compile(
    r"(?<![.][a-z][.][ ])(?<!\b(?i:no|dr|st|mr|ms|jr|sr|vs)[.][ ])(?<!etc[.][ ])(?<=[.!?][ ])[a-z]"
    r"|(?<![\w'’().-])i(?=[ ]|['’](?:m|ll|d|ve)\b)"
)
_MIN_CASELESS_MARKS = 2
# The pronoun "I", the one capital a recogniser writing in lower case keeps ("I'm", "I'll").
_PRONOUN_I = re.compile(r"(?<![\w'’])I(?![\w])")
# English clitics after an apostrophe ("ma'am", "it's", "we'll"): the model does not know
# "'am" and titles it, and NER reads "Ma'Am" as a nationality.
_CLITICS = frozenset({"'s", "'m", "'am", "'re", "'ve", "'ll", "'d", "'t"})
# An indefinite article and the possessives: the words a common noun follows, a name seldom.
_NOUN_OPENERS = frozenset({"a", "an", "my", "your", "his", "her", "our", "their", "its"})

UNAVAILABLE_NOTE = (
    "caseless text read as it is: the casing model (package truecase) is not installed or unreadable"
)


class CaseModel(Protocol):
    def get_true_case_from_tokens(self, tokens: list[str], out_of_vocabulary_token_option: str) -> list[str]:
        """The tokens of one sentence, each in its likely case."""


@dataclass(frozen=True)
class CasedView:
    """What detection reads: `text` (same length as the original) and, when it is not
    the original text, why (for the run's notes; never the text itself)."""

    text: str
    note: str = ""
    # Whether detection reads the text as written too: the view of a text in capitals or of
    # its lower-case turns loses what only capitals show ("CDCR AK 6093", "BILL"), the view of
    # a caseless text nothing.
    with_text: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.note) and self.note != UNAVAILABLE_NOTE


def is_caseless(text: str, speaker_tags: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether `text` is written without capitals: at least `MIN_LETTERS` letters, fewer
    than `CASELESS_CAPITAL_SHARE` of them capitals (the pronoun "I" not counted), and most
    of its lines and sentences opening in lower case (one long sentence with one capital is
    written with care), its speakers' tags (`Document.speaker_tags`) left out."""
    # A speaker tag is the layout's, not the speech's: diarised speech recognition writes
    # "SPEAKER_00:" in capitals before every turn of a lower-case transcript.
    text = _LINE_LABEL.sub("", _without_tags(text, speaker_tags))
    letters = sum(map(str.isalpha, text))
    # A recogniser that writes everything else in lower case may still write the pronoun
    # "I" and letters said one by one: their capitals say nothing of how the text writes names.
    capitals = sum(map(str.isupper, _SPOKEN_LETTERS.sub("", text))) - len(_PRONOUN_I.findall(text))
    if letters < MIN_LETTERS or capitals >= CASELESS_CAPITAL_SHARE * letters:
        return False
    openings = [
        m.group(1) for m in _SENTENCE_OPENING.finditer(text) if not _PRONOUN_I.match(text, m.start(1))
    ]
    return sum(c.islower() for c in openings) * 2 > len(openings)


def is_in_capitals(text: str, speaker_tags: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether `text` is typed all in capitals: at least `MIN_LETTERS` letters and fewer than
    `CASELESS_CAPITAL_SHARE` of them in lower case, its speakers' tags left out."""
    text = _without_tags(text, speaker_tags)
    letters = sum(map(str.isalpha, text))
    return letters >= MIN_LETTERS and sum(map(str.islower, text)) < CASELESS_CAPITAL_SHARE * letters


def reads_without_case(text: str, speaker_tags: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether `text`'s case tells nothing of its names: caseless or typed in capitals."""
    return is_caseless(text, speaker_tags) or is_in_capitals(text, speaker_tags)


def caseless_turns(document: Document) -> list[tuple[int, int]]:
    """The lines of the speech of each turn said in lower case, where such turns hold most of
    the speech's letters (a platform's automatic transcript under cased names and a cased
    header: "Priya Raman, NP  0:00" / "okay this is priya raman ..."); none otherwise. A turn
    is said in lower case where its first letter is and no letter but the pronoun "I" is a
    capital: a written sentence opens with a capital."""
    turns = [u for u in document.utterances if u.speaker and u.end > u.speech_start]
    if not turns:
        return _caseless_lines(document)
    lower = [u for u in turns if _said_in_lower_case(document.text[u.speech_start : u.end])]

    def letters(turns: Iterable[Utterance]) -> int:
        return sum(sum(map(str.isalpha, document.text[u.speech_start : u.end])) for u in turns)

    # Most of what is said, not most turns: a voicemail log's few long messages in lower case
    # under cased "From:" and "Received:" fields; a cased transcript's "yes" and "okay" are none.
    if len(lower) < MIN_CASELESS_TURNS or letters(lower) * 2 <= letters(turns):
        return []
    spans = [(u.speech_start, u.end) for u in lower]
    starts = [a for a, _ in spans]
    out = []
    for line_start, line_end in speech_ranges(document):
        i = bisect.bisect_right(starts, line_start) - 1
        if i >= 0 and line_start < line_end <= spans[i][1]:
            out.append((line_start, line_end))
    return out


def _caseless_lines(document: Document) -> list[tuple[int, int]]:
    """The lines said in lower case of a text without turns whose messages are written without
    capitals under cased headers (a jail tablet's or a phone's message export: "MSG 0004 | ... |
    ALVARADO, RUBEN J" over "ok. tony said bail is 85k"), where they hold a third of its letters
    or more and show a writer who drops capitals, not a careful text's wrapped lines: a sentence
    opened in lower case after its full stop, or the pronoun "i" written small."""
    lines = [(a, b) for a, b in speech_ranges(document) if any(map(str.isalpha, document.text[a:b]))]
    lower = [(a, b) for a, b in lines if _said_in_lower_case(document.text[a:b])]

    def letters(ranges: Iterable[tuple[int, int]]) -> int:
        return sum(sum(map(str.isalpha, document.text[a:b])) for a, b in ranges)

    if len(lower) < MIN_CASELESS_TURNS or letters(lower) * _CASELESS_LINES_SHARE < letters(lines):
        return []
    marks = sum(len(_CASELESS_MARK.findall(document.text, a, b)) for a, b in lower)
    return lower if marks >= _MIN_CASELESS_MARKS else []


def _a_display_name(label: str) -> bool:
    """Whether a line's label is written as a name is, in capitals and lower case ("Brown, Mark -
    Atty:"), not as a recogniser's speech ("so what i said was:") nor a form's key in capitals."""
    return any(map(str.isupper, label)) and any(map(str.islower, label))


def _said_in_lower_case(speech: str) -> bool:
    first = next((c for c in speech if c.isalpha()), "")
    return first.islower() and not any(c.isupper() for c in _PRONOUN_I.sub("", speech))


def _lowered(text: str, speaker_tags: Sequence[tuple[int, int]] = ()) -> str:
    """`text` in lower case but for its speakers' tags (the layout's), character by character
    (a letter whose lower case has another length stays as it is), so that offsets hold."""
    chars = [low if len(low := c.lower()) == 1 else c for c in text]
    for start, end in speaker_tags:
        chars[start:end] = text[start:end]
    return "".join(chars)


def _without_tags(text: str, speaker_tags: Sequence[tuple[int, int]]) -> str:
    """`text` without each tag and what stands before it on its line (a timestamp), so that
    the line opens with the colon and the speech after it."""
    pieces, at = [], 0
    for start, end in speaker_tags:
        pieces.append(text[at : max(at, text.rfind("\n", 0, start) + 1)])
        at = max(at, end)
    pieces.append(text[at:])
    return "".join(pieces)


def recased(original: str, cased: str) -> str:
    """`original` with the case of `cased` where the two differ only in case, character
    by character; a character whose other case has another length ("ß" / "SS") stays."""
    if len(cased) != len(original):
        return original
    out = []
    for old, new in zip(original, cased, strict=True):
        out.append(new if len(new) == 1 and new.lower() == old.lower() else old)
    return "".join(out)


def truecase(
    text: str,
    model: CaseModel,
    segments: Iterable[tuple[int, int]] = (),
    written: Callable[[str], bool] | None = None,
) -> str:
    """`text` with the case of its words restored by `model`, one sentence at a time:
    each of `segments` (`(start, end)`, e.g. what a speaker said after the tag) or,
    without them, each line. The result has the length of `text` and differs from it
    in the case of letters only.

    `written(word)` says whether a vocabulary has seen `word` written in exactly that
    case (a spaCy pipeline's word vectors). The model capitalises every word it does not
    know, common ones too ("indisputable", "disapply"); where the vocabulary knows the
    word in lower case and never capitalised, it stays in lower case. Names ("sandhu",
    "feldmann") are known, if at all, capitalised only. The common words of a name then
    take capitals (`core/name_phrases.py`: "Kern family medical group" -> "Kern Family
    Medical Group")."""
    parts = list(segments) or _lines(text)
    chars = list(text)
    for start, end in parts:
        tokens = list(_TOKEN.finditer(text, start, end))
        if not tokens:
            continue
        # The model counted straight apostrophes (a "’" in its answer is then kept as it was).
        words = [t.group().replace("’", "'") for t in tokens]
        cased = model.get_true_case_from_tokens(words, "title")
        if len(cased) != len(tokens):
            continue
        letters = [_spelled_letter(words, k) for k in range(len(words))]
        chosen = [
            token.group()
            if letter
            or word.lower() in _CLITICS
            or (written and _only_written_lower(token.group(), new, written))
            else new
            for token, word, new, letter in zip(tokens, words, cased, letters, strict=True)
        ]
        chosen = _common_words_alone_in_lower_case(chosen, model, written)
        chosen = _acronyms_in_capitals(_counted_nouns_in_lower_case(chosen, model, written), model, written)
        for token, new in zip(tokens, capitalise_name_phrases(chosen), strict=True):
            chars[token.start() : token.end()] = recased(token.group(), new)
    return "".join(chars)


def _common_words_alone_in_lower_case(
    words: list[str], model: CaseModel, written: Callable[[str], bool] | None = None
) -> list[str]:
    """`words` with each capitalised word that stands alone (no capitalised word of a name
    beside it) back in lower case where it is a common word the model never counted: the
    model capitalises every such word as it would a name it does not know, and NER then
    reads "Navigational", "Radicalisation", "Biodiversity" as organisations. Such a word is
    common when the vocabulary (`written`) knows it in lower case and it ends as derived
    nouns and adjectives do (`common_word_endings`). A name said alone keeps its capital
    ("Sandhu", "Merkel", "Patel"), and so does a word the model counted capitalised: its
    counts weighed the context ("the Council", "this Parliament"); a name's words beside
    each other ("European Union") keep theirs."""
    counts = getattr(model, "uni_dist", None)
    if counts is None or written is None:
        return words
    endings = common_word_endings()
    out = list(words)
    capitals = [_name_capital(words, k) for k in range(len(words))]
    for k, word in enumerate(words):
        if not capitals[k] or (k > 0 and capitals[k - 1]) or (k + 1 < len(words) and capitals[k + 1]):
            continue
        lower = word.lower()
        if not counts[word] and not counts[lower] and written(lower) and lower.endswith(endings):
            out[k] = lower
    return out


def _counted_nouns_in_lower_case(
    words: list[str], model: CaseModel, written: Callable[[str], bool] | None = None
) -> list[str]:
    """`words` with each capitalised word that stands alone after an indefinite article or a
    possessive ("i'm a porter", "my cousin", "in our barrio", "a stabbing") back in lower
    case where the model counted it in lower case, or never counted it and the vocabulary
    (`written`) knows it in lower case. The model's counts come from text rich in titles
    and headlines ("Cousin" outnumbers "cousin" there), so it capitalises such nouns, and
    NER reads "Porter" or "Cousin" as a person. A person's name is seldom said after "a"
    or "my" ("she was a Peterson" keeps a name the model never counted lower case); "the"
    is left out, as it opens the names of institutions ("the Council", "the Union"), and
    so is a word beside another capitalised one ("my Uncle Ruben")."""
    counts = getattr(model, "uni_dist", None)
    if counts is None:
        return words
    out = list(words)
    capitals = [_name_capital(words, k) for k in range(len(words))]
    for k in range(1, len(words)):
        if not capitals[k] or words[k - 1].lower() not in _NOUN_OPENERS:
            continue
        if k + 1 < len(words) and capitals[k + 1]:
            continue
        lower = words[k].lower()
        never_counted = not counts[words[k]] and not counts[lower]
        if counts[lower] or (never_counted and written is not None and written(lower)):
            out[k] = lower
    return out


def _acronyms_in_capitals(
    words: list[str], model: CaseModel, written: Callable[[str], bool] | None = None
) -> list[str]:
    """`words` with each word the model never counted written in capitals where the
    vocabulary knows it only so: an acronym said as letters ("the ecb", "unrwa staff"),
    which the model would capitalise as a name ("Ecb") that NER does not know."""
    counts = getattr(model, "uni_dist", None)
    if counts is None or written is None:
        return words
    out = list(words)
    for k, word in enumerate(words):
        lower = word.lower()
        if not word.isalpha() or len(word) < 2 or counts[word] or counts[lower]:
            continue
        if written(word.upper()) and not written(lower) and not written(lower.title()):
            out[k] = word.upper()
    return out


@functools.cache
def common_word_endings() -> tuple[str, ...]:
    """Endings of English derived nouns and adjectives (`resources/patterns/truecasing.toml`)."""
    with resource("patterns", "truecasing.toml").open("rb") as fh:
        return tuple(tomllib.load(fh)["common_word_endings"])


def _name_capital(words: Sequence[str], k: int) -> bool:
    """Whether word `k` is capitalised as a name may be, not as writing capitalises: not a
    sentence's first word, not the pronoun "I", not a word in capitals ("EU")."""
    word = words[k]
    if not (word[:1].isupper() and word[1:].islower() and word.isalpha()) or word == "I":
        return False
    return k > 0 and words[k - 1] not in _SENTENCE_ENDS


def _only_written_lower(word: str, cased: str, written: Callable[[str], bool]) -> bool:
    """Whether the model capitalised a word the vocabulary knows only in lower case."""
    lower = word.lower()
    return cased != lower and written(lower) and not written(cased) and not written(lower.title())


def _spelled_letter(words: Sequence[str], k: int) -> bool:
    """Whether token `k` is a letter on its own other than the pronoun "i": a letter of a
    spelling ("s m i t h") or an initial keeps its case, which the spelling rules read."""
    word = words[k]
    if len(word) != 1 or not word.isalpha():
        return False
    beside = [words[j] for j in (k - 1, k + 1) if 0 <= j < len(words)]
    return word != "i" or any(len(w) == 1 and w.isalpha() for w in beside)


def _lines(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"[^\n]+", text)]


def speech_ranges(document: Document) -> list[tuple[int, int]]:
    """Each line of `document` from after its speaker tag ("speaker 1: " stays as it is
    and what was said opens the sentence)."""
    tags = sorted((u.start, u.speech_start) for u in document.utterances if u.speaker)
    starts = [start for start, _ in tags]
    out = []
    for line_start, line_end in _lines(document.text):
        i = bisect.bisect_left(starts, line_start)
        if i < len(tags) and tags[i][0] < line_end:
            line_start = min(tags[i][1], line_end)
        elif not tags and (tag := _LOWER_CASE_TAG.match(document.text, line_start, line_end)):
            # The importer found no turn (a text it does not read as a transcript); a short
            # label opening a line is still no part of the sentence the model cases.
            line_start = tag.end()
        elif (label := _LINE_LABEL.match(document.text, line_start, line_end)) and _a_display_name(
            label.group()
        ):
            # A display name the importer took for no tag ("Brown, Mark - Atty: ") stays as the
            # platform wrote it: cased, its given name is no common word for the model to lower.
            line_start = (
                label.end()
                + len(document.text[label.end() : line_end])
                - len(document.text[label.end() : line_end].lstrip(" \t"))
            )
        out.append((line_start, line_end))
    return out


_lock = threading.Lock()


def load_case_model() -> CaseModel | None:
    """The truecase package's English model, read from disk; None without the package."""
    try:
        from truecase.TrueCaser import TrueCaser
    except ImportError:
        log.info("casing model unavailable: package truecase is not installed")
        return None
    started = time.perf_counter()
    try:
        model = TrueCaser()
    except Exception as exc:  # noqa: BLE001 - a damaged model file: detection goes on without it
        log.warning("casing model unreadable: %s", type(exc).__name__)
        return None
    _order_casings(model)
    log.info("casing model loaded in %.1f s", time.perf_counter() - started)
    return model


def _order_casings(model: Any) -> None:
    """Each word's casings in one fixed order, the most counted first. The package keeps
    them in sets, whose order is salted afresh in every process (string hashing), and of
    two casings that score the same it keeps the first it meets (and sums the scores'
    denominators in that order too): the same text came out "maiden" in one run and
    "Maiden" in the next, and so did the spans NER found in it."""
    counts = model.uni_dist
    model.word_casing_lookup = {
        word: tuple(sorted(casings, key=lambda c: (-counts[c], c)))
        for word, casings in model.word_casing_lookup.items()
    }


def case_model() -> CaseModel | None:
    """The truecase package's English model, loaded on first use (tens of seconds, once per
    process); None when the package is not installed."""
    with _lock:
        return _cached_model()


_cached_model = functools.cache(load_case_model)


def cased_view(
    text: str,
    segments: Sequence[tuple[int, int]] = (),
    model: CaseModel | None = None,
    written: Callable[[str], bool] | None = None,
    speaker_tags: Sequence[tuple[int, int]] = (),
    lower_case_turns: Sequence[tuple[int, int]] = (),
) -> CasedView:
    """The text detection should read: `text` itself unless it is caseless or typed in
    capitals (its `speaker_tags` left out), else its (lower-cased and) truecased copy
    (`model`, or the truecase package's when None; `written` as for `truecase`); where only
    its `lower_case_turns` (`caseless_turns`) are caseless, a copy with those truecased."""
    with_text = True
    if is_caseless(text, speaker_tags):
        read, note, with_text = text, "caseless text: detected on a truecased view", False
    elif is_in_capitals(text, speaker_tags):
        read = _lowered(text, speaker_tags)
        note = "text in capitals: detected on a truecased view and as written"
    elif lower_case_turns:
        read, segments = text, lower_case_turns
        note = "turns said in lower case: detected on a truecased view and as written"
    else:
        return CasedView(text)
    model = model or case_model()
    if model is None:
        return CasedView(text, UNAVAILABLE_NOTE)
    return CasedView(truecase(read, model, segments, written), note, with_text)
