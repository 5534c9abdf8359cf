"""Measures and forms named by their numbers, and a form's field names, which NER reads as
organisations (issue 12).

"Our first item is AB 1847", "a violation of Vehicle Code 10851", "HS 11377, possession",
"We filed the I-589", "attachment to Form I-870", "CDCR Number AH-4172", "Incident No.:
SPD26-1186": a bill, a code section and a form name a public measure or a paper, and a field's
name labels the value after it; none is a body. The binding annotation decisions leave bill
numbers, code sections and form numbers unannotated.

An organisation that one of `measure_patterns` (`resources/patterns/body_mentions.toml`) matches
from its start over its whole length, or that is the name of such a measure cut from its number
("SB" of "SB 612"), is no span; nor is one whose last word is one of `field_number_words`
("Number", "No.") and that is a field's name alone ("CDCR Number"); a longer one loses the
field's name ("Bank of America [Account No.]" is the bank). A word of one before "number" or
"stamped" and a page's number ("Bates number TALLEY 000530", "Bates stamped AGO 000214") names the
numbering of a case's pages, no body (decisions: Bates ranges are not annotated).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.spans import Span


@functools.cache
def _measures() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in load_table("body_mentions.toml")["measure_patterns"]))


@functools.cache
def _field_numbers() -> frozenset[str]:
    return frozenset(w.lower() for w in load_table("body_mentions.toml")["field_number_words"])


def _is_measure(span: Span, text: str) -> bool:
    measure = _measures().match(text, span.start)
    return bool(measure) and measure.end() >= span.end


_WORD = re.compile(r"\S+")


def _without_field_name(span: Span, text: str) -> Span | None:
    """`span` without a field's name at its end ("Saint Agnes Medical Center [Account Number]"),
    None where the field's name is all of it ("CDCR Number", "Incident No.")."""
    words = list(_WORD.finditer(text, span.start, span.end))
    if not words or words[-1].group().lower() not in _field_numbers():
        return span
    if len(words) <= 2:
        return None
    return span.with_(end=words[-3].end())


@functools.cache
def _numbering() -> re.Pattern[str]:
    """What follows the name of a numbering of pages: "number TALLEY 000530", "stamped AGO 000214"."""
    words = "|".join(re.escape(w) for w in load_table("body_mentions.toml")["numbering_words"])
    # Not a phone number ("the Kaiser number 555-0134", "559-555-0134", "5595550134").
    phone = r"(?:\d{3}[-. ]?\d{3}[-. ]?\d{4}|\d{3}-\d{4})(?!\d)"
    return re.compile(rf"[ ]+(?i:{words})[ ]+(?:[A-Z]{{2,}}[ ]?)?(?!{phone})\d{{3,}}")


def _names_a_numbering(span: Span, text: str) -> bool:
    """Whether a one-word organisation names the numbering its pages carry ("Bates number TALLEY
    000530", "Bates stamped AGO 000214"): the word labels the number after it, as a field does."""
    return " " not in span.text_in(text) and bool(_numbering().match(text, span.end))


def drop_numbered_measures(spans: Iterable[Span], text: str) -> list[Span]:
    """`spans` without organisations that are a measure or a form by its number, a form's field
    name or a numbering's name, and an organisation's span without a field's name after it
    (module docstring)."""
    out = []
    for span in spans:
        if span.label == "ORGANIZATION" and (
            _is_measure(span, text)
            or _names_a_numbering(span, text)
            or (span := _without_field_name(span, text)) is None
        ):
            continue
        out.append(span)
    return out
