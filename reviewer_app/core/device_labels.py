"""Speaker labels that name a device or a room, not a person (issue 12).

A meeting platform heads each turn with the display name of whoever joined, and where a
prison's hearing room or a phone joined, that name is the device's: "CORCORAN HEARING RM 2",
"SQ Video Conf", "Maria's iPhone". Such a label names no person, except the owner before "'s",
and a place in it is the room's town or prison. NER reads the capitalised town there as nothing
or as a surname, and a name propagated from one misread mention in the speech then tags the
label as a person at every turn. `label_device_speakers` settles it per document: in a
label holding a device word (`person_context.toml`'s `device_words`) the gazetteer's places are
LOCATION and nothing else is a name; and the same word elsewhere is the place too, where the
document never shows it as a person's (a title or person's context before it, a cover name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.places_or_persons import shown_as_a_person
from reviewer_app.core.spans import Span

_WORD = re.compile(r"[\w'’-]+")
# What a device's label holds besides its places is no one's name ("Conference Room iPad").
_NAMES = frozenset({"PERSON", "ORGANIZATION", "NRP"})
_OWNER = re.compile(r"[\w-]+['’]s\Z")
# A gazetteer's place is at most this many words ("Richard J. Donovan Correctional Facility").
_PLACE_WORDS = 5


def _is_device_label(label: str, device_words: frozenset[str]) -> bool:
    """Whether `label` holds one of `device_words` beside another word: a tag of one word is a
    person's initials or name ("RM:" for Rosa Medina), not a room."""
    words = _WORD.findall(label)
    return len(words) > 1 and any(w.lower() in device_words for w in words)


def _places_in(text: str, start: int, end: int, known_places: frozenset[str]) -> list[tuple[int, int]]:
    """Where the gazetteer's places stand in `text[start:end]`, longest first at each word,
    leaving out an owner's name ("Tracy's iPad")."""
    words = list(_WORD.finditer(text, start, end))
    found = []
    i = 0
    while i < len(words):
        for n in range(min(_PLACE_WORDS, len(words) - i), 0, -1):
            run = words[i : i + n]
            if _OWNER.fullmatch(run[-1].group()):
                continue
            if " ".join(m.group().lower() for m in run) in known_places:
                found.append((run[0].start(), run[-1].end()))
                i += n
                break
        else:
            i += 1
    return found


def label_device_speakers(
    spans: Sequence[Span],
    text: str,
    speaker_tags: Sequence[tuple[int, int]],
    device_words: frozenset[str],
    known_places: frozenset[str],
    titles: frozenset[str],
    person_cues: frozenset[str] = frozenset(),
    person_names: Iterable[str] = (),
) -> list[Span]:
    """`spans` with each speaker tag (`Document.speaker_tags`) that holds one of `device_words`
    (lower case) read as a device's label: its `known_places` (lower case) LOCATION, whatever
    covered them; its other names (PERSON, ORGANIZATION, NRP) dropped, except an owner's before "'s"; and
    the places' words tagged PERSON elsewhere made LOCATION, unless a mention is shown as a
    person's (`shown_as_a_person` with `titles` and `person_cues`) or is a word of one of the
    cover's `person_names`."""
    devices = [(a, b) for a, b in speaker_tags if _is_device_label(text[a:b], device_words)]
    if not devices:
        return list(spans)
    places = [p for a, b in devices for p in _places_in(text, a, b, known_places)]

    def inside_device(span: Span) -> bool:
        return any(a <= span.start and span.end <= b for a, b in devices)

    def is_owner(span: Span) -> bool:
        return text.startswith(("'s", "’s"), span.end)

    kept = [
        s
        for s in spans
        if not any(s.start < pe and ps < s.end for ps, pe in places)
        and not (s.label in _NAMES and inside_device(s) and not is_owner(s))
    ]
    place_words = {" ".join(text[a:b].lower().split()) for a, b in places}
    named = {w for n in person_names for w in _WORD.findall(n.lower())}
    shown = {
        " ".join(s.text_in(text).lower().split())
        for s in kept
        if s.label == "PERSON" and shown_as_a_person(text, s, titles, person_cues)
    }
    settled = place_words - shown - {p for p in place_words if set(p.split()) & named}
    out = [
        s.with_(label="LOCATION")
        if s.label == "PERSON" and " ".join(s.text_in(text).lower().split()) in settled
        else s
        for s in kept
    ]
    out.extend(Span(a, b, "LOCATION", (CONTEXT,), CONTEXT_SCORE) for a, b in places)
    return sorted(out)
