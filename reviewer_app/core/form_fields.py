"""The keys of a form's fields are no names.

A call log, a report's cover or a petition's record block writes several fields on one line,
each a key, a colon and its value, apart by a wide gap:

    Call date: 01/14/2027     Start: 10:42 AM     Length: 9:38
    Examinee: DESROSIERS, LUCIEN PAUL          CDCR #: H29406

NER reads a capitalised key alone ("Length", "Examinee") as a person. The line's layout shows
what the words are: a key names what the value is, the value may be a name, the key never.
A line is a form line when it holds at least two such fields; a speaker tag ("DC Trevathan: and
marijuana") is one field on its line and is left alone. A key counts as one only where its
value is a number or something detection found (a name, a date): a list of appearances may
write "Ana Ruiz: observer     Tom Lee: counsel", names as keys and roles as values. A key the
document also writes as a person outside any form line's key ("GRANT: Yes.   MASON: No." where
Grant speaks elsewhere) stays a person, and so does a key sharing a word with another person
("Grant" beside "Will Grant"): the other mention shows the word is a name. And only a key of one
word that the document also writes in lower case ("the length of the call") is taken for a word:
a contact list, a household or a sign-in sheet keys names to numbers ("Ana Ruiz: 555-0134     Tom
Lee: 555-0199", "Reyes: 4471     Okafor: 5532"), and those keys are the people themselves.

NER reads a key of a transcript's header as an organisation or a place too ("Court Address:
7325 South Potomac Street", "Housing: HU 24-C-17", "Incident No.:    SPD260207-1186", "CDCR
Number: AT5518" beside a caption's bracket), on a line of one field as well: before the first
speaker's turn no line is a turn, so a key there names what its value is. A body or a place that
is a header's key and that the talk names again ("Second Wind: 555-0134" for a house the
parolee will live in) stays: the other mention shows the words are a name.

An export of records (a tablet's messages, a voicemail log, a CAD log) writes one field a line,
and its keys come back record after record in the same order:

    Message ID: 5520091
    From: WHITCOMBE, DARNELL R
    Sent: 08/02/2024 9:14 PM
    Body: hey baby its me ...

That fixed cycle is the same layout as a form line's: a run of three or more one-field lines of
different keys, written again elsewhere in the same order, most of whose values are numbers or
something detection found, is a record's keys, and so is a key continuing one of them ("Body
(cont)"). A dialogue's tags come back too ("ROSE: ..." at every turn), but two speakers alternate
(no three different keys), and a turn's value is talk, not a number or a name. NER reads such
keys as persons, bodies or places ("Sent", "Body", "Transcription", "Record"); a key the document
says alone elsewhere as a name of that kind stays one. So does a key written as a name is, two
capitalised words (a sign-in sheet that repeats: "Rosa Delgado: 9:14 AM"), and a key read as a
person whose word the document never writes in lower case ("Whitcombe: 03/14/2025" in a visit
log, "Marcus: 9:30" in a chat): a record's keys are ordinary words ("sent", "message").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.spans import Span

# A field: a key of one to five words opening the line (after its indentation) or following a
# gap of two spaces or a tab after other text, then a colon and a value. A key opens with a
# letter, so a clock time ("10:42") is never one.
_FIELD = re.compile(
    r"(?:^[ \t]*|(?<=\S)(?:[ ]{2,}|\t)[ \t]*)"
    r"(?P<key>[^\W\d_][\w'’#./-]*(?:[ ][\w'’#./()-]+){0,4}):[ \t]+(?P<value>\S)",
    re.MULTILINE,
)
# A line with fewer fields than this is a speaker's turn or prose, not a form line.
_MIN_FIELDS = 2
# A record's cycle has at least this many different keys: a dialogue of two alternates two tags.
_MIN_CYCLE = 3
# The longest record cycle looked for, in keys.
_MAX_CYCLE = 12
# What NER reads a record's key as.
_NAME_LABELS = frozenset({"PERSON", "ORGANIZATION", "LOCATION"})


def _form_keys(text: str) -> dict[int, tuple[int, int]]:
    """The keys of the fields of `text`'s form lines: each key's start -> its end and where its
    value starts."""
    keys: dict[int, tuple[int, int]] = {}
    start = 0
    for line in text.splitlines(keepends=True):
        found = list(_FIELD.finditer(line))
        if len(found) >= _MIN_FIELDS:
            keys.update(
                {start + m.start("key"): (start + m.end("key"), start + m.start("value")) for m in found}
            )
        start += len(line)
    return keys


def _one_field_lines(text: str) -> list[tuple[str, int, int, int]]:
    """The fields written one a line at the line's start: (key, key's start, key's end, value's
    start), in the document's order."""
    fields = []
    for start, line in _lines(text):
        found = list(_FIELD.finditer(line))
        if len(found) == 1 and not line[: found[0].start("key")].strip():
            m = found[0]
            fields.append((m["key"], start + m.start("key"), start + m.end("key"), start + m.start("value")))
    return fields


def _record_keys(text: str, found_at: set[int]) -> dict[int, int]:
    """The keys of the one-field lines that come back in a fixed cycle of records whose values
    are mostly numbers or spans (module docstring): each key's start -> its end."""
    fields = _one_field_lines(text)
    names = [key for key, *_ in fields]
    in_cycle: set[int] = set()
    for size in range(_MIN_CYCLE, min(_MAX_CYCLE, len(names) // 2) + 1):
        at: dict[tuple[str, ...], list[int]] = {}
        for i in range(len(names) - size + 1):
            window = tuple(names[i : i + size])
            if len(set(window)) == size:
                at.setdefault(window, []).append(i)
        for starts in at.values():
            if len(starts) >= 2:
                in_cycle.update(i + k for i in starts for k in range(size))

    def holds_a_value(i: int) -> bool:
        value = fields[i][3]
        return text[value].isdigit() or value in found_at

    if not in_cycle or 2 * sum(map(holds_a_value, in_cycle)) < len(in_cycle):
        return {}
    cycle_keys = {names[i] for i in in_cycle}
    continued = re.compile(rf"(?:{'|'.join(map(re.escape, cycle_keys))})\b")
    return {start: end for key, start, end, _ in fields if key in cycle_keys or continued.match(key)}


def _words(span_text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]+", span_text)}


def drop_form_keys_read_as_persons(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without the PERSON spans that open a key of a form line's field whose value is
    a number or a span (module docstring), unless a word of theirs is a word of a PERSON span
    elsewhere in the document."""
    spans = list(spans)
    keys = _form_keys(text)
    if not keys:
        return spans
    found_at = {s.start for s in spans}

    def in_key(span: Span) -> bool:
        key = keys.get(span.start)
        return key is not None and span.end <= key[0]

    def holds_a_value(span: Span) -> bool:
        """Whether its field's value is a number or something detection found (a name, a date):
        a key whose value is a word ("Ana Ruiz: observer     Tom Lee: counsel") may be a name."""
        value = keys[span.start][1]
        return text[value].isdigit() or value in found_at

    def an_ordinary_word(span: Span) -> bool:
        """Whether the key is one word the document also writes in lower case ("Length")."""
        words = span.text_in(text).split()
        return len(words) == 1 and words[0].lower() in lowercase_words(text)

    candidates = [
        s for s in spans if s.label == "PERSON" and in_key(s) and holds_a_value(s) and an_ordinary_word(s)
    ]
    if not candidates:
        return spans
    # A word of any other person's span counts: "Grant" keyed beside "Will Grant" said elsewhere.
    named_elsewhere = set().union(
        *(_words(s.text_in(text)) for s in spans if s.label == "PERSON" and not in_key(s))
    )
    dropped = {id(s) for s in candidates if not _words(s.text_in(text)) & named_elsewhere}
    return [s for s in spans if id(s) not in dropped]


def drop_record_keys_read_as_names(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without the PERSON, ORGANIZATION and LOCATION spans that open a key of a record
    export's fields (module docstring), unless the document says the key alone elsewhere as a
    name of that kind."""
    spans = list(spans)
    keys = _record_keys(text, {s.start for s in spans})
    if not keys:
        return spans

    lower = lowercase_words(text)

    def in_key(span: Span) -> bool:
        return span.label in _NAME_LABELS and span.start in keys and span.end <= keys[span.start]

    def an_ordinary_word(span: Span) -> bool:
        """Whether the key can be a word, not a person: not a name's capitalised words ("Rosa
        Delgado: 9:14 AM" on a sign-in sheet), and, read as a person, a word the document also
        writes in lower case ("sent"; not "Whitcombe: 03/14/2025" in a visit log)."""
        words = text[span.start : keys[span.start]].split()
        if len(words) >= 2 and all(w[:1].isupper() and w[1:].islower() for w in words):
            return False  # a name written as names are, unlike "Message ID" or "Body (cont)"
        return span.label != "PERSON" or _words(span.text_in(text)) <= lower

    # A record's key comes back at every record; it is a name where the document says it alone
    # as one ("Rose" in a message), not where a heading that NER read as a name holds its word
    # ("INMATE TABLET MESSAGE REPORT" over "Message ID").
    said_alone = {(s.label, s.text_in(text).casefold()) for s in spans if not in_key(s)}
    return [
        s
        for s in spans
        if not (in_key(s) and an_ordinary_word(s)) or (s.label, s.text_in(text).casefold()) in said_alone
    ]


def drop_form_keys_read_as_bodies(
    spans: Iterable[Span], text: str, speaker_tags: Sequence[tuple[int, int]]
) -> list[Span]:
    """`spans` without the ORGANIZATION and LOCATION spans inside the key of a field of the
    header, the text before the first of `speaker_tags`, made of words the document also writes
    in lower case ("Court Address", "Housing"), unless the talk after it says them again (module
    docstring). A key of a name's words ("Fresno Police Department: Recorded Interview",
    "Guadalupe Renteria: Treasurer") is the name's, kept whatever NER called it."""
    spans = list(spans)
    header_end = min((start for start, _ in speaker_tags), default=0)
    keys = [
        (start + m.start("key"), start + m.end("key"))
        for start, line in _lines(text[:header_end])
        for m in _FIELD.finditer(line)
    ]
    if not keys:
        return spans

    lower = lowercase_words(text)

    def a_word_of_the_header(span: Span) -> bool:
        if span.label not in ("ORGANIZATION", "LOCATION"):
            return False
        if not any(a <= span.start and span.end <= b for a, b in keys):
            return False
        if not _words(span.text_in(text)) <= lower:
            return False
        said_again = re.compile(rf"(?<!\w){re.escape(span.text_in(text))}(?!\w)", re.IGNORECASE)
        return said_again.search(text, header_end) is None

    return [s for s in spans if not a_word_of_the_header(s)]


def _lines(text: str) -> Iterable[tuple[int, str]]:
    start = 0
    for line in text.splitlines(keepends=True):
        yield start, line
        start += len(line)


def drop_keys_read_as_names(
    spans: Iterable[Span], text: str, speaker_tags: Sequence[tuple[int, int]]
) -> list[Span]:
    """`spans` without the names NER read in the keys of forms and records: a form line's
    ("Start: 10:42 AM     Length: 9:38"), a header's ("Court Address: 7325 South ...") and a
    record export's ("Sent: 08/02/2024 9:14 PM" record after record)."""
    spans = drop_form_keys_read_as_persons(spans, text)
    spans = drop_form_keys_read_as_bodies(spans, text, speaker_tags)
    return drop_record_keys_read_as_names(spans, text)
