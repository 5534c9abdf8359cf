"""Short forms of the organisations a document names (issue 12), called by `merge.merge_spans`
after `context_rules.learn_organisations`: the first words of an organisation's name
("Brightwater" of "Brightwater Logistics") and a name before what a firm has ("Brightwater's legal
department") are that organisation at every mention, whatever NER made of them alone.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence

from reviewer_app.core.acronyms import lowercase_text
from reviewer_app.core.context_rules import (
    _LAST_WORD_BACKWARDS,
    _NAME,
    CONTEXT,
    CONTEXT_SCORE,
    _cue_alternation,
    _names_are_capitalised,
    previous_word,
)
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_acronyms import acronyms_of_organisations
from reviewer_app.core.term_patterns import whole_word_occurrences

# Courtesy titles: a name written after one is a person's, not a firm's short form.
_COURTESY_TITLE = r"(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?[ ]+"
_ANSWER_MARK = re.compile(r"[AQ][.:][ \t]+")
_CAPITALISED_WORD = re.compile(r"[A-Z][A-Za-z'’-]*\Z")


def label_short_forms_of_organisations(
    spans: Iterable[Span],
    text: str,
    known_places: frozenset[str] = frozenset(),
    location_cues: frozenset[str] = frozenset(),
    owned: Sequence[str] = (),
    role_words: frozenset[str] = frozenset(),
    counting_words: frozenset[str] = frozenset(),
) -> list[Span]:
    """A name that the document also writes as the first words of an organisation's
    name is that organisation's short form, whatever NER made of it alone:
    "Brightwater" beside "Brightwater Logistics", "Harbor Crest" beside "Harbor Crest
    Medical Center". The rest of the long name must be capitalised words (not "&
    Sons", not "of ..."), and the short form is left alone where it is a known
    place ("Fresno" of "Fresno County Superior Court"), written after a courtesy
    title ("Mr. Smith") or part of a longer person's name ("Joe Smith" beside
    "Smith Plumbing"). A place of one word, or one after a location cue ("in
    Istanbul"), stays a place: a court or a bar is often named after its town. The
    relabelled spans are marked as learnt from context, so that `name_propagation.propagate`
    finds the short form's other mentions. A name in the possessive before one of
    `owned` ("Brightwater's legal department": what a firm has, not a person) is
    taken the same way. A short form of two words or more is also proposed where no span is
    ("Steady Ground" of "Steady Ground Recovery"), unless it ends in one of `role_words` (lower
    case; "Spanish Interpreter" of "Spanish Interpreter Guild" is a role where alone); one of one
    word too, unless the text writes it in lower case, a person's name holds it, it is one of
    `counting_words` (lower case; "Second degree murder" beside "Second Wind Recovery"), a capitalised
    word follows it or it opens a numbered item ("8. Sobriety and self-help"); and an
    organisation's acronym said as letters ("the b k c" of "brothers keeper circle") too
    (`spoken_acronyms.acronyms_of_organisations`)."""
    spans = acronyms_of_organisations(list(spans), text, _names_are_capitalised(text))
    persons = [_ANSWER_MARK.sub("", " ".join(s.text_in(text).split())) for s in spans if s.label == "PERSON"]
    person_words = {w.lower() for p in persons for w in p.split()}
    short_forms: set[str] = set()
    for span in spans:
        if span.label != "ORGANIZATION":
            continue
        words = _ANSWER_MARK.sub("", span.text_in(text)).split()
        if len(words) < 2 or " ".join(words).isupper():
            continue
        for cut in range(len(words) - 1, 0, -1):
            if not (_CAPITALISED_WORD.match(words[cut]) and words[cut].lower() not in person_words):
                break
            short_forms.add(" ".join(words[:cut]))
    if owned:
        cue = _cue_alternation(owned)
        short_forms.update(
            m.group("name") for m in re.finditer(rf"(?P<name>{_NAME})['’]s[ ]+(?i:{cue})\b", text)
        )
    short_forms = {
        s
        for s in short_forms
        if len(s) >= 3
        and all(_CAPITALISED_WORD.match(w) for w in s.split())
        and s.lower() not in known_places
    }
    if not short_forms:
        return spans
    # The word runs of the persons' names, not the whole names: "Smith" of "Joe Smith".
    inside_persons = {
        " ".join(words[i:j])
        for words in {tuple(p.split()) for p in persons}
        for i in range(len(words))
        for j in range(i + 1, len(words) + 1)
        if j - i < len(words)
    }
    # "Mr. Smith": the first words of a name after a courtesy title.
    titled = {
        " ".join(words[:j])
        for match in re.finditer(rf"\b{_COURTESY_TITLE}(?P<name>{_NAME})", text)
        for words in [match.group("name").split()]
        for j in range(1, len(words) + 1)
    }
    short_forms -= inside_persons | titled
    out = []
    for span in spans:
        covered = span.text_in(text)
        marker = _ANSWER_MARK.match(covered)
        start = span.start + (marker.end() if marker else 0)
        name = " ".join(text[start : span.end].split())
        if (
            name in short_forms
            and (span.label == "PERSON" or (span.label == "LOCATION" and " " in name))
            and previous_word(text, start, _LAST_WORD_BACKWARDS, 30).lower()
            not in location_cues  # "lives in Maissau"
        ):
            detectors = tuple(dict.fromkeys((*span.detectors, CONTEXT)))
            span = span.with_(start=start, label="ORGANIZATION", detectors=detectors)
        out.append(span)
    # "Steady Ground" of "Steady Ground Recovery", "Second Wind" of "Second Wind Residence": a short
    # form of two words or more is the organisation where no span is, too; so is one of one word the
    # text never writes in lower case and no person's name holds ("Brookside" of "Brookside Citrus
    # Packing"), where no capitalised word follows it (another name: "Brookside Farms").
    taken = sorted((s.start, s.end) for s in out)
    lowercase_phrases = lowercase_text(text)
    for short in short_forms:
        one_word = " " not in short
        if short.split()[-1].lower() in role_words or (
            one_word
            and (short.lower() in person_words | counting_words or f" {short.lower()} " in lowercase_phrases)
        ):
            continue
        for start, end in whole_word_occurrences(text, short):
            line_start = text.rfind("\n", 0, start) + 1
            if one_word and (
                _NEXT_CAPITALISED.match(text, end) or _NUMBERED_ITEM.fullmatch(text, line_start, start)
            ):
                continue
            i = bisect.bisect_left(taken, (end, end))
            if not any(a < end and start < b for a, b in taken[max(0, i - 8) : i]):
                out.append(Span(start, end, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE))
    return sorted(out)


_NEXT_CAPITALISED = re.compile(r"[ ]+[A-Z]")
_NUMBERED_ITEM = re.compile(r"[ \t]*\d{1,3}[.)][ \t]+")  # not "A. ": an answer's mark
