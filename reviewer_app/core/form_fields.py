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
