"""The edges of names the merge settles (`merge.merge_spans`): titles and roles stripped from a
person's span or taken in (the general profile), a stutter that is no spelled name, two
halves of a name or of a known place joined."""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.name_rules import is_quoted_nickname
from reviewer_app.core.spans import Span

# A courtesy title written short, in the span or right before it: "Ms." of "Ms. Judge".
_COURTESY_TITLE = re.compile(r"(?<![\w'’-])(?:Mr|Mrs|Ms|Mx|Dr|MR|MRS|MS|MX|DR)\.?[ ]+")


def after_courtesy_title(text: str, start: int) -> bool:
    """Whether a courtesy title written short stands right before `start` ("Ms. " of "Ms. Judge")."""
    courtesy = _COURTESY_TITLE.search(text, max(0, start - 8), start)
    return courtesy is not None and courtesy.end() == start


def strip_titles(spans: Iterable[Span], text: str, titles: frozenset[str]) -> list[Span]:
    """PERSON spans lose leading titles and roles: "Deputy Commissioner Smith" -> "Smith". A
    span of nothing but titles names no one ("Commissioner"), unless a courtesy title stands
    before its last word: that word is a surname ("Ms. Judge", "Mr. Deacon"; a role noun left so,
    "Mr. President", goes with `merge.drop_role_only_persons`), or it is a nickname in quotes
    after a verb that names ('guys called me "Professor"')."""
    out = []
    for span in spans:
        if span.label != "PERSON":
            out.append(span)
            continue
        words = list(re.finditer(r"\S+", text[span.start : span.end]))
        for word in words:
            if word.group().lower().rstrip(".,") not in titles:
                start = span.start + word.start()
                break
        else:
            last = span.start + words[-1].start() if words else span.end
            if not (
                (after_courtesy_title(text, last) and text[last : span.end][:1].isupper())
                or is_quoted_nickname(text, span.start, span.end)  # guys called me "Professor"
            ):
                continue  # nothing but titles: "Commissioner" alone is not a name
            start = last
        out.append(span.with_(start=start))
    return sorted(out, key=lambda s: (s.start, s.end, s.label))


_TITLE_BEFORE = re.compile(r"([A-Za-z]+\.?)[ ]\Z")


# A capitalised word right after a name, that ends the phrase: a word in lower case, a
# punctuation mark or the line's end follows it ("Will Judge comes", "Dana Judge's car").
# Before another capitalised word it is the title of the next name ("Will Judge Ortiz").
_CLOSING_WORD = re.compile(r"[ ](?P<word>[A-Z][a-z]{3,})(?=[.,;:!?)\"'’]|[ ]+[a-z]|[ ]*$)", re.MULTILINE)


def take_in_surnames_that_are_titles(
    spans: Iterable[Span], text: str, titles: frozenset[str], heads: frozenset[str]
) -> list[Span]:
    """PERSON spans written in mixed case take in a title word that closes the phrase after
    them: it is the surname ("My cousin Will Judge comes", "Sam Deacon."), which NER leaves out
    as a title. `titles` and `heads` (a place's or a body's head words, "Dana Court") in lower
    case; a head word after the name makes a street or a body, not a surname."""
    out = []
    for span in spans:
        if span.label == "PERSON" and not text[span.start : span.end].isupper():
            closing = _CLOSING_WORD.match(text, span.end)
            if closing and (word := closing.group("word").lower()) in titles and word not in heads:
                span = span.with_(end=closing.end())
        out.append(span)
    return sorted(out, key=lambda s: (s.start, s.end, s.label))


def take_in_titles(spans: Iterable[Span], text: str, titles: frozenset[str]) -> list[Span]:
    """PERSON spans take in the title right before them: "Mr" + "Karl Strobel" ->
    "Mr Karl Strobel" (the general profile; a court's anonymisation masks the
    mention whole, and the pseudonymizer keeps a title readable all the same)."""
    out = []
    for span in spans:
        if span.label == "PERSON":
            before = _TITLE_BEFORE.search(text, max(0, span.start - 20), span.start)
            if before and before.group(1).lower().rstrip(".") in titles:
                span = span.with_(start=before.start(1))
        out.append(span)
    return out


def drop_stutters(spans: Iterable[Span], text: str) -> list[Span]:
    """A SPELLED_NAME of one repeated letter ("I-I-I") is a stutter, not a name."""
    out = []
    for span in spans:
        if span.label == "SPELLED_NAME":
            letters = {c.lower() for c in span.text_in(text) if c.isalpha()}
            if len(letters) <= 1:
                continue
        out.append(span)
    return out


def join_split_names(
    spans: Iterable[Span], text: str, known_places: frozenset[str] = frozenset()
) -> list[Span]:
    """Two PERSON spans with one space between them are one name ("Isabel" "Banerjee");
    two places that together are a known place are one ("Chula" "Vista")."""
    out: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.start, s.end, s.label)):
        previous = out[-1] if out else None
        if (
            previous is not None
            and text[previous.end : span.start] == " "
            and (
                previous.label == span.label == "PERSON"
                or (
                    previous.label in ("LOCATION", "ORGANIZATION", "PERSON")
                    and span.label == "LOCATION"
                    and text[previous.start : span.end].lower() in known_places
                )
            )
        ):
            detectors = tuple(dict.fromkeys((*previous.detectors, *span.detectors)))
            out[-1] = previous.with_(
                end=span.end, label=span.label, detectors=detectors, score=min(previous.score, span.score)
            )
            continue
        out.append(span)
    return out


# A span's words, their dots and apostrophes inside ("Mr.", "O'Neil").
_SPAN_WORDS = re.compile(r"[\w.'’-]+")


def drop_role_only_persons(
    spans: Iterable[Span], text: str, not_names: frozenset[str], roles: frozenset[str] = frozenset()
) -> list[Span]:
    """A PERSON made of nothing but titles, offices, kin words and determiners
    (`not_names`, lower case) names no one: "Mr President", "Madam Chair", "Her
    Majesty", "I see Mom is here". One word right after a courtesy title that is none of
    `roles` (lower case: offices, determiners) is a surname ("Ms. Judge", "Mr. Deacon"); one
    in quotes after a verb that names, a nickname ('guys called me "Professor"')."""
    out = []
    for span in spans:
        if span.label == "PERSON":
            words = [w.lower().rstrip(".,") for w in _SPAN_WORDS.findall(span.text_in(text))]
            surname = len(words) == 1 and words[0] not in roles and after_courtesy_title(text, span.start)
            surname = surname or is_quoted_nickname(text, span.start, span.end)
            if words and all(w in not_names for w in words) and not surname:
                continue
        out.append(span)
    return out
