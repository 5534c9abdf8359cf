"""A meeting's display names as speaker tags (issue 12): who joined, as the platform names them.

A meeting platform heads each turn with the display name of whoever joined, with the note
the platform or its owner adds in brackets ("Helen Park (BPH)", "Daniel Okafor (Guest)"):
the name before the note is a person's (`label_persons_before_notes`), whatever NER made of
it ("Helen Park" a place, "(BPH)" taken in). Where a prison's hearing room or a phone
joined, the name is the device's: "CORCORAN HEARING RM 2", "SQ Video Conf", "Maria's iPhone".
A place in such a label is the room's town or prison. NER reads the capitalised town there
as nothing or as a surname, and a name propagated from one misread mention in the speech
then tags the label as a person at every turn. `label_device_speakers` settles it per
document: in a label whose name holds a device word (`person_context.toml`'s
`device_words`) the gazetteer's places are LOCATION where nothing longer covers them, the
owner's name before "'s" aside; and the same word elsewhere is the place too, where the
document never shows it as a person's (a title or person's context before it, a cover
name). Nothing else in the label is dropped: a device's label may hold its owner's name
("Maria Lopez iPhone").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE
from reviewer_app.core.person_words import person_words
from reviewer_app.core.places_or_persons import shown_as_a_person
from reviewer_app.core.spans import Span

_WORD = re.compile(r"[\w'’-]+")
# A word a comma follows in a tag: a name's surname written first.
_SURNAME_FIRST = re.compile(r"([\w'’-]+),")
_OWNER = re.compile(r"[\w-]+['’]s\Z")
# A display name and the note in brackets after it ("Helen Park (BPH)", "Marsh, Ellen (Guest)").
_NAME_AND_NOTE = re.compile(r"(?P<name>[^()\n]*?\w)[ ]+\([^()\n]{1,24}\)")
# A display name with a credential after a comma ("Priya Raman, NP"): the credential is a note.
_NAME_AND_CREDENTIAL = re.compile(r"(?P<name>[^()\n,]*?\w),[ ]+(?P<credential>[A-Za-z][A-Za-z.-]{1,6})")
# A label opening a line, its name written surname first, before a colon ("Okafor, Desmond:",
# "Whitcomb, Gerald (BPH):"): a caption cue's or a recogniser's speaker, a display name, also
# where the importer took no tag (a speaker said once has no other turn to be read by).
_SURNAME_FIRST_LABEL = re.compile(
    r"^[ \t]*(?P<name>[A-Z][\w'’-]+,[ ]+[A-Z][\w'’-]+)(?:[ ]+\([^()\n]{1,24}\))?:[ \t]", re.M
)
# A name written surname first filling a line or a header's field up to a gap or a number: a caption's
# "ROSALES-CHAJ, Feliciano      IN REMOVAL PROCEEDINGS", "Agent: VANDERMOLEN, Priscilla",
# "Parolee: OKEREKE, Dwayne Anthony     CDCR #: BH4471".
_SURNAME_FIRST_FIELD = re.compile(
    r"^[ \t]*(?:[A-Z][\w.#/'’ -]{0,30}?:[ \t]+)?"
    r"(?P<name>[A-Z][\w'’-]+,[ ]+[A-Z][\w'’-]+(?:[ ][A-Z][A-Za-z'’-]*\.?){0,2})"
    r"(?=[ \t]*$|[ ]{2,}|\t|[ ]\S*\d)",
    re.M,
)
# A gazetteer's place is at most this many words ("Richard J. Donovan Correctional Facility").
_PLACE_WORDS = 5


def _name_part(text: str, start: int, end: int) -> tuple[int, int]:
    """Where a speaker tag's name stands, without the note in brackets after it."""
    match = _NAME_AND_NOTE.fullmatch(text, start, end)
    return match.span("name") if match else (start, end)


def _is_device_label(name: str, device_words: frozenset[str]) -> bool:
    """Whether a tag's `name` (its note aside: "Maria Lopez (iPad)" is Maria) holds one of
    `device_words` beside another word: a tag of one word is a person's initials or name
    ("RM:" for Rosa Medina), not a room."""
    words = _WORD.findall(name)
    return len(words) > 1 and any(w.lower() in device_words for w in words)


def label_persons_before_notes(
    spans: Sequence[Span],
    text: str,
    speaker_tags: Sequence[tuple[int, int]],
    device_words: frozenset[str],
    titles: frozenset[str],
    lower_words: frozenset[str] | None = None,
) -> list[Span]:
    """`spans` with the name before the note in brackets of each speaker tag that has one
    (`Document.speaker_tags`: "Helen Park (BPH)", "Rivers (Guest)") a PERSON over the name,
    in place of the spans over it: its `titles` (lower case, no full stop: "Commissioner Helen
    Park") and a number after it ("Okafor 2 (Guest)") left out. A name holds a capitalised
    word, and one word alone is none where the document writes it in lower case ("Note (added
    later)" beside "a note": `lower_words`, `casing.lowercase_words` of `text` where the caller
    has them); a device's label (one of `device_words`, lower case) aside. A credential after
    a comma is such a note too ("Priya Raman, NP"), and no span stays over it."""
    lower = lowercase_words(text) if lower_words is None else lower_words
    names, credentials = [], []
    for a, b in speaker_tags:
        match = _NAME_AND_NOTE.fullmatch(text, a, b) or _credentialled(text, a, b)
        if not match or _is_device_label(match.group("name"), device_words):
            continue
        if "credential" in match.groupdict():
            credentials.append(match.span("credential"))
        words = list(_WORD.finditer(text, *match.span("name")))
        while len(words) > 1 and words[0].group().lower().rstrip(".") in titles:
            words.pop(0)
        while words and any(c.isdigit() for c in words[-1].group()):
            words.pop()
        if not words or not any(w.group()[0].isupper() for w in words):
            continue
        if len(words) == 1 and words[0].group().lower() in lower:
            continue
        names.append((words[0].start(), words[-1].end()))
    names.extend(_surname_first_labels(spans, text, speaker_tags, titles))
    if not names:
        return list(spans)
    kept = [
        s
        for s in spans
        if not any(s.start < end and start < s.end for start, end in names)
        and not any(start <= s.start and s.end <= end for start, end in credentials)
    ]
    return sorted([*kept, *(Span(a, b, "PERSON", (CONTEXT,), CONTEXT_SCORE) for a, b in names)])


def _credentialled(text: str, start: int, end: int) -> re.Match[str] | None:
    """A speaker tag that is a display name and a credential after a comma ("Priya Raman, NP",
    not "Okafor, Desmond"): the credential one of `person_context.toml`'s `credentials`."""
    match = _NAME_AND_CREDENTIAL.fullmatch(text, start, end)
    if match and match.group("credential").lower().replace(".", "") in person_words("credentials"):
        return match
    return None


def _surname_first_labels(
    spans: Sequence[Span], text: str, speaker_tags: Sequence[tuple[int, int]], titles: frozenset[str]
) -> list[tuple[int, int]]:
    """Where a label opening a line names someone surname first (`_SURNAME_FIRST_LABEL`) outside the
    speaker tags, or such a name fills a line or a header's field (`_SURNAME_FIRST_FIELD`), and one
    of its words is a PERSON span already ("Okafor, Desmond:" where NER read "Desmond"): the whole
    name, so the surname is not left out. No word may be one of `titles` ("Commissioner, Sir:"),
    and the word before the comma of a line or a field no word the text writes in lower case too
    ("Okay, Marcus")."""
    persons = [s for s in spans if s.label == "PERSON"]
    lower = None
    found = []
    for pattern in (_SURNAME_FIRST_LABEL, _SURNAME_FIRST_FIELD):
        for match in pattern.finditer(text):
            start, end = match.span("name")
            if any(a <= start < b for a, b in speaker_tags):
                continue
            words = [w.lower().rstrip(".") for w in _WORD.findall(match.group("name"))]
            if any(w in titles for w in words) or not any(s.start < end and start < s.end for s in persons):
                continue
            if pattern is _SURNAME_FIRST_FIELD:
                lower = lowercase_words(text) if lower is None else lower
                if words[0] in lower:
                    continue
            found.append((start, end))
    return found


def _places_in(text: str, start: int, end: int, known_places: frozenset[str]) -> list[tuple[int, int]]:
    """Where the gazetteer's places stand in `text[start:end]`, longest first at each word,
    after an owner's name ("Tracy Jones's iPad" holds none)."""
    words = list(_WORD.finditer(text, start, end))
    owners = [i for i, w in enumerate(words) if _OWNER.fullmatch(w.group())]
    if owners:
        words = words[owners[-1] + 1 :]
    found = []
    i = 0
    while i < len(words):
        for n in range(min(_PLACE_WORDS, len(words) - i), 0, -1):
            run = words[i : i + n]
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
    """`spans` with each speaker tag (`Document.speaker_tags`) whose name holds one of
    `device_words` (lower case) read as a device's label: its `known_places` (lower case)
    LOCATION where no span or only spans inside the place cover them (a place NER or
    propagation read as a surname); a span over more words is left as it is ("Tracy Jones
    iPhone"), and so is every other span. The places' words tagged PERSON elsewhere are made
    LOCATION too, unless a mention is shown as a person's (`shown_as_a_person` with `titles`
    and `person_cues`) or is a word of one of the cover's `person_names`."""
    devices = [_name_part(text, a, b) for a, b in speaker_tags]
    devices = [(a, b) for a, b in devices if _is_device_label(text[a:b], device_words)]
    if not devices:
        return list(spans)

    def overlapping(start: int, end: int) -> list[Span]:
        return [s for s in spans if s.start < end and start < s.end]

    places = [
        (a, b)
        for start, end in devices
        for a, b in _places_in(text, start, end, known_places)
        if all(a <= s.start and s.end <= b for s in overlapping(a, b))
    ]
    if not places:
        return list(spans)
    kept = [s for s in spans if not any(s.start < pe and ps < s.end for ps, pe in places)]
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


def names_in_speaker_tags(
    text: str,
    speaker_tags: Sequence[tuple[int, int]],
    not_names: frozenset[str],
    device_words: frozenset[str],
) -> list[str]:
    """The person's name each speaker tag (`Document.speaker_tags`) holds, for the leak guard to
    search for whether or not detection tagged it: the tag without its note in brackets, the
    role words before it and a number after it ("PRESIDING COMMISSIONER LEE" is LEE, "Okafor 2
    (Guest)" Okafor). A role word is one of `not_names` (roles, titles, determiners, function
    words, lower case), a word the document writes in lower case ("HEARING COORDINATOR" beside
    "the hearing coordinator"), or a short form in capitals before more words ("PA PETTIBONE",
    "DEP COMM REDDICK"). No name where a role word or a digit is left, where what is left is
    one letter or a code of three ("Q", "B", "FD", "IVR"), nor in a device's label
    (`device_words`)."""
    lower = lowercase_words(text)

    def is_role(word: str) -> bool:
        bare = _bare(word)
        return bare in not_names or bare in lower or len(bare) < 2

    names: dict[str, None] = {}
    for a, b in speaker_tags:
        start, end = _name_part(text, a, b)
        if _is_device_label(text[start:end], device_words):
            continue
        words = [w.group() for w in _WORD.finditer(text, start, end)]
        if len(words) == 1 and len(words[0]) <= 3 and words[0].isupper():
            continue  # a code for a role ("FD", "IVR"), not "COMMISSIONER LEE"'s name
        # A surname written first ("PARK, HELEN", "COMMISSIONER PARK, HELEN") is no short form.
        surnames = set(_SURNAME_FIRST.findall(text, start, end))
        # The name follows the last role word; words before it qualify the role ("PROGRAM
        # MANAGER FUENTES", "FIELD TECHNICIAN DUARTE").
        role_words = [
            k
            for k, w in enumerate(words[:-1])
            if w not in surnames and (is_role(w) or _short_form(w, surnames))
        ]
        if role_words:
            words = words[role_words[-1] + 1 :]
        while words and any(c.isdigit() for c in words[-1]):
            words.pop()
        if not words:
            continue
        # A surname written first is a name even where it is also a role word ("CLERK, DANIEL").
        if not any((is_role(w) and w not in surnames) or any(c.isdigit() for c in w) for w in words):
            names[" ".join(words)] = None
    return list(names)


def _short_form(word: str, surnames: set[str]) -> bool:
    """Whether a tag's `word` is a role's short form in capitals ("PA", "DEP", "COMM"), not one
    of the `surnames` the tag writes first before a comma ("PARK, HELEN")."""
    return word.isupper() and len(word) <= 4 and word not in surnames


def _bare(word: str) -> str:
    """`word` in lower case without a full stop or a possessive: how `not_names` list it."""
    word = word.lower().rstrip(".")
    return word[:-2] if word.endswith(("'s", "’s")) else word
