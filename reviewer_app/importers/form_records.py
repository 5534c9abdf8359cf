"""A written record's fields among a text's lines, which read like speaker tags ("From:
(559) 555-0187", "Received: 11/12/2026 8:14 AM", "Transcription: hi agent quintero ..." in a
voicemail log; "Time: 2:05 PM" over a note-taker's export): no speaker's turns (`turns.py`).

A label is one word in mixed case that English writes in lower case (a form's word, not a
name); it is a field where English writes it often and all its values are data, not speech
(digits, times, dates, a phone number: `field_value` in `resources/importers/bph_layout.toml`).
Where such fields stand in two records or more (runs of lines without a blank one between), the
labels every record holds are the record's fields too, whatever their value ("From: Fresno
County Behavioral Health", "Transcription: ..."). A speaker's tag that names a person, a title
or a role, or that is in capitals, is never taken for a field: the rule only reads labels a
writer puts on a record, so that the turns of a short interview or a call whose speakers each
speak once stay turns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reviewer_app.importers.hearing import COMMON_WORD, Turn, hearing_layout
from reviewer_app.importers.lexicon import word_count

# A label whose values are data is a field where English writes it this often in lower case
# ("Duration", about 2,900; "Time"): more than a surname that is also a word ("Harlan", about 200;
# "Pike" 1,900). The other labels of a record are words (`COMMON_WORD`: "Transcription", 530).
COMMON_LABEL = 2000


def record_fields(lines: Sequence[str], candidates: Mapping[int, Turn]) -> frozenset[int]:
    """The lines (by index into `lines`) whose candidate turn is a record's field."""
    labels = {i: turn for i, turn in candidates.items() if _label(turn)}
    if not labels:
        return frozenset()
    values: dict[str, list[bool]] = {}
    for i, turn in labels.items():
        values.setdefault(turn.speaker, []).append(_data(lines[i], turn))
    data_labels = {
        speaker for speaker, found in values.items() if all(found) and word_count(speaker) >= COMMON_LABEL
    }
    seeds = [i for i, turn in labels.items() if turn.speaker in data_labels]
    fields = set(seeds)
    for label in data_labels:
        records = {_record(lines, i) for i in seeds if labels[i].speaker == label}
        if len(records) < 2:
            continue
        held = [{labels[i].speaker for i in range(low, high) if i in labels} for low, high in records]
        schema = set.intersection(*held)
        fields.update(
            i
            for low, high in records
            for i in range(low, high)
            if i in labels and labels[i].speaker in schema
        )
    return frozenset(fields)


def field_rows(texts: Sequence[str]) -> frozenset[int]:
    """The rows (by index) of a PDF's rows `texts` that hold a record's field, its blank rows
    "" standing between records: `record_fields` of the turns they open."""
    layout = hearing_layout()
    candidates = {
        i: turn
        for i, text in enumerate(texts)
        if text and (turn := layout.turn_of(text, named=True)) is not None
    }
    return record_fields(texts, candidates)


def _label(turn: Turn) -> bool:
    """Whether a turn's tag reads like a record's label: one word in mixed case, no title, a
    word English writes in lower case ("Received", not a name: "Harlan: 11/12/2026.")."""
    speaker = turn.speaker
    return (
        turn.named
        and " " not in speaker
        and speaker[:1].isupper()
        and not speaker.isupper()
        and word_count(speaker) >= COMMON_WORD
    )


def _data(line: str, turn: Turn) -> bool:
    """Whether what follows the label on its line is data, not speech ("11/12/2026 8:14 AM")."""
    value = line[turn.tag_start + len(turn.speaker) + 1 :].strip()
    return bool(value) and hearing_layout().field_value.fullmatch(value) is not None


def _record(lines: Sequence[str], i: int) -> tuple[int, int]:
    """The run of lines without a blank one between that holds line `i`: (first, after last)."""
    low, high = i, i + 1
    while low > 0 and lines[low - 1].strip():
        low -= 1
    while high < len(lines) and lines[high].strip():
        high += 1
    return low, high
