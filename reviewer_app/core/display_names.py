"""A meeting's display names as speaker tags (issue 12): who joined, as the platform names them.

A meeting platform heads each turn with the display name of whoever joined, with the note
the platform or its owner adds in brackets ("Helen Park (BPH)", "Daniel Okafor (Guest)"):
the name before the note is a person's (`label_persons_before_notes`), whatever NER made of
it ("Helen Park" a place, "(BPH)" taken in). Where a prison's hearing room or a phone
joined, the name is the device's: "CORCORAN HEARING RM 2", "SQ Video Conf", "Maria's iPhone".
Such a label names no person, except the owner before "'s", and a place in it is the room's
town or prison. NER reads the capitalised town there as nothing or as a surname, and a name
propagated from one misread mention in the speech then tags the label as a person at every
turn. `label_device_speakers` settles it per document: in a label holding a device word
(`person_context.toml`'s `device_words`) the gazetteer's places are LOCATION and nothing
else is a name; and the same word elsewhere is the place too, where the document never
shows it as a person's (a title or person's context before it, a cover name).
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
# A display name and the note in brackets after it ("Helen Park (BPH)", "Marsh, Ellen (Guest)").
_NAME_AND_NOTE = re.compile(r"(?P<name>[^()\n]*?\w)[ ]+\([^()\n]{1,24}\)")
# A gazetteer's place is at most this many words ("Richard J. Donovan Correctional Facility").
_PLACE_WORDS = 5


def _is_device_label(label: str, device_words: frozenset[str]) -> bool:
    """Whether `label` holds one of `device_words` beside another word: a tag of one word is a
    person's initials or name ("RM:" for Rosa Medina), not a room."""
    words = _WORD.findall(label)
    return len(words) > 1 and any(w.lower() in device_words for w in words)


def label_persons_before_notes(
    spans: Sequence[Span],
    text: str,
    speaker_tags: Sequence[tuple[int, int]],
    device_words: frozenset[str],
    titles: frozenset[str],
) -> list[Span]:
    """`spans` with the name before the note in brackets of each speaker tag that has one
    (`Document.speaker_tags`: "Helen Park (BPH)") a PERSON over the name alone, its `titles`
    (lower case, no full stop: "Commissioner Helen Park") left out, in place of the spans over
    it; a device's label (one of `device_words`, lower case) aside."""
    names = []
    for a, b in speaker_tags:
        match = _NAME_AND_NOTE.fullmatch(text, a, b)
        if match and not _is_device_label(text[a:b], device_words):
            words = list(_WORD.finditer(text, *match.span("name")))
            while len(words) > 1 and words[0].group().lower().rstrip(".") in titles:
                words.pop(0)
            names.append((words[0].start(), match.end("name")))
    if not names:
        return list(spans)
    kept = [s for s in spans if not any(s.start < end and start < s.end for start, end in names)]
    return sorted([*kept, *(Span(a, b, "PERSON", (CONTEXT,), CONTEXT_SCORE) for a, b in names)])


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
