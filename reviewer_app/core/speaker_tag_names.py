"""The name in a speaker tag written in capitals, after its role words ("INMATE OKAFOR:",
"PRESIDING COMMISSIONER LEE:", "MR. HALE:"), which NER misses in capitals: proposed as PERSON
spans by the merge (`merge.py`) and propagated like the other names."""

from __future__ import annotations

import re
from collections.abc import Sequence

from reviewer_app.core.acronyms import lowercase_text
from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE, NAME_TAG_SCORE, POSSESSIVE_S
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words

# A speaker tag of words in capitals (letters, full stops, apostrophes and hyphens), the
# surname first and a comma after it as a meeting's export or a transcriber writes a name
# ("PARK, HELEN"; the note in brackets after it is no part of the tag the importer reads).
_CAPITALS_TAG = re.compile(r"[A-Z][A-Z.'’-]*(?:,?[ ]+[A-Z][A-Z.'’-]*)*")
# A tag of names alone ("BRANDVOLD:", "DANA REYES:") is taken only when the document
# gives it to a speaker this many times: a one-off capitalised label is a heading or a note.
_NAME_TAG_TURNS = 2


def speaker_tag_names(
    text: str, speaker_tags: Sequence[tuple[int, int]], titles: frozenset[str], not_names: frozenset[str]
) -> list[Span]:
    """The name in each of `speaker_tags` (`Document.speaker_tags`) written in capitals,
    as a name alone in one: "INMATE OKAFOR:" gives OKAFOR, "DEPUTY
    DISTRICT ATTORNEY RAMOS:" gives RAMOS, and a tag of a name alone that recurs
    ("BRANDVOLD:", "DANA REYES:") gives the whole tag. `titles` are the role words
    (lower case, no full stop); what follows them is a name only when none of its
    words is a title or one of `not_names` (offices, the tags of unnamed speakers
    such as CALLER or THE WITNESS, determiners, function words), and the document
    never writes it in lower case ("COURT CLERK:", "ATTORNEY FOR THE STATE:" hold
    no name)."""
    lowercase_phrases: str | None = None
    # A tag in mixed case ("Ms. Diaz:") is a name NER reads as such; a numbered one
    # ("SPEAKER_00", "CALLER 1") or a caption's unnamed speaker (">>") names no one.
    matches = [(a, b) for a, b in speaker_tags if _CAPITALS_TAG.fullmatch(text, a, b)]
    turns: dict[str, int] = {}
    for a, b in matches:
        tag = " ".join(text[a:b].split())
        turns[tag] = turns.get(tag, 0) + 1
    refused = titles | not_names
    # A tag written surname first said once is a name only where such a tag recurs (the
    # document writes its tags so): elsewhere "WELL, LISTEN:" opens a sentence.
    surname_first = any("," in tag and n >= _NAME_TAG_TURNS for tag, n in turns.items())
    written_lower: dict[str, bool] = {}  # a tag's words recur at every turn: looked up once each
    numbers = number_words()  # "CALLER ONE:", "OPERATOR TWO:" name no one
    out = []
    for a, b in matches:
        if "," in text[a:b]:
            out.extend(_surname_first(text, a, b, turns, surname_first, refused))
            continue
        words = list(re.finditer(r"\S+", text[a:b]))
        # The name follows the tag's last role word, and words before that qualify the role
        # ("PROGRAM MANAGER FUENTES:", "FIELD TECHNICIAN DUARTE:"); "VICTIM'S SISTER
        # CARRANZA-BELTRAN:": a role in the possessive is a role.
        role_words = [
            k for k, w in enumerate(words) if POSSESSIVE_S.sub("", w.group().lower().rstrip(".")) in titles
        ]
        roles = role_words[-1] + 1 if role_words else 0
        rest = [w.group().lower().rstrip(".") for w in words[roles:]]
        if not rest or len(rest) > 3 or any(w in refused or len(w) < 2 or w in numbers for w in rest):
            continue
        if not roles and turns[" ".join(text[a:b].split())] < _NAME_TAG_TURNS:
            continue
        if lowercase_phrases is None:
            lowercase_phrases = lowercase_text(text)
        for w in rest:
            if w not in written_lower:
                written_lower[w] = f" {w} " in lowercase_phrases
        if any(written_lower[w] for w in rest):
            continue
        start = a + words[roles].start()
        score = CONTEXT_SCORE if roles else NAME_TAG_SCORE
        out.append(Span(start, b, "PERSON", (CONTEXT,), score))
    return out


def _surname_first(
    text: str, start: int, end: int, turns: dict[str, int], surname_first: bool, refused: frozenset[str]
) -> list[Span]:
    """The name parts of a tag written surname first ("PARK, HELEN" gives PARK and HELEN), one
    span each as the paper tags a name part by part: where the tag recurs or the document's
    tags are written so (`surname_first`), and none of its words is a role or a function word
    ("YES, SIR:" opens a sentence)."""
    said_once = turns[" ".join(text[start:end].split())] < _NAME_TAG_TURNS
    if said_once and not surname_first:
        return []
    parts = list(re.finditer(r"[^,\s]+", text[start:end]))
    # The surname before the comma may be a role word ("CLERK, DANIEL", "KING, ROBERT") where the
    # tag recurs; the words after it never ("YES, SIR:").
    surname_is_role = not said_once and len(parts) > 1
    if any(p.group().lower().rstrip(".") in refused for p in parts[1 if surname_is_role else 0 :]):
        return []
    # A tag said once is a name only if the document never writes its words in lower case:
    # "ORDER, DENIED:" beside "the motion is denied" is a heading.
    if said_once and any(p.group().lower().rstrip(".") in lowercase_words(text) for p in parts):
        return []
    return [Span(start + p.start(), start + p.end(), "PERSON", (CONTEXT,), NAME_TAG_SCORE) for p in parts]
