"""The spacy detector: spaCy's NER mapped to the paper's labels.

PERSON; GPE/LOC/FAC -> LOCATION; ORG -> ORGANIZATION; NORP -> NRP; DATE split
into DATE, AGE ("33 years old" -> AGE on "33") and durations, which are
dropped in the hearing profile; TIME kept when it is a clock time or carries a
number (in digits or words). Relative dates and times ("next week", "this
morning") are kept whole where the profile keeps them (`Profile.relative_dates`). The mapping
and the word lists are in `resources/patterns/ner.toml`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reviewer_app.core.number_filters import is_relative_date
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import is_spoken_year, number_words
from reviewer_app.detectors.base import Detector, DetectorStatus, SharedAnalysis, TextChunk
from reviewer_app.detectors.nlp import load_pipeline, missing_model_message, shared_doc, spacy_model_installed
from reviewer_app.detectors.patterns import load_table
from reviewer_app.detectors.profiles import Profile, profile_table

_WORD = re.compile(r"[A-Za-z]+")
# A word, and (group 2) whether a lowercase word follows it: "the months before".
_LEADING_WORD = re.compile(r"(\w+)\s+(?=(?:(?P<plain>[a-z]+)\b)?)")
_DIGIT = re.compile(r"\d")
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b|'\d\ds?\b|\b\d0'?s\b")
NER_SCORE = 0.85
# NER's own place and organisation labels that a person's role overrides.
_NAME_ENTITY_LABELS = frozenset({"ORG", "GPE", "LOC", "FAC", "NORP"})

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


@dataclass(frozen=True)
class NerMapping:
    """How an NER model's labels and DATE entities become our labels."""

    label_map: dict[str, str]
    duration_words: frozenset[str]
    calendar_words: frozenset[str]
    age: tuple[re.Pattern[str], ...]
    time: re.Pattern[str]
    date_range: re.Pattern[str]
    leading_words: frozenset[str]
    # Number words: "two thousand and five" carries a number as much as "2005".
    number_words: frozenset[str] = frozenset()
    # Verb lemmas whose subject, object or "with" object is a person ([person_roles]).
    subject_of: frozenset[str] = frozenset()
    object_of: frozenset[str] = frozenset()
    with_object_of: frozenset[str] = frozenset()

    def fills_person_role(self, token: Token) -> bool:
        """Whether `token` (a name's head) is the subject or object of a verb of people
        and takes no determiner ("the Court")."""
        if any(child.dep_ in ("det", "poss") for child in token.children):
            return False
        head = token.head
        if token.dep_ in ("nsubj", "nsubjpass") and head.pos_ in ("VERB", "AUX"):
            return head.lemma_.lower() in self.subject_of
        if token.dep_ in ("dobj", "dative"):
            return head.lemma_.lower() in self.object_of
        if token.dep_ == "pobj" and head.lower_ == "with" and head.head.pos_ == "VERB":
            return head.head.lemma_.lower() in self.with_object_of
        return False

    def map_entity(
        self, label: str, start: int, end: int, text: str, profile: Profile | None = None
    ) -> list[Span]:
        """Our spans for one NER entity `text` at [start, end) (any offsets), by the
        rules of `profile` (default: the hearing's). A hearing drops durations ("three
        years") and cuts ranges in two; the general profile keeps both whole and maps
        a few more labels (`Profile.ner_labels`: sums of money, percentages)."""
        ours = self.label_map.get(label) or (profile.ner_labels.get(label) if profile else None)
        if ours is None:
            return []
        if ours == "AMOUNT" and not (
            _DIGIT.search(text) or {w.lower() for w in _WORD.findall(text)} & self.number_words
        ):
            return []  # "every penny", "a ton": no sum to hide
        if ours not in ("DATE", "TIME"):
            return [Span(start, end, ours)]
        keep_durations = profile is not None and not profile.drop_durations
        relative_dates = profile is not None and profile.relative_dates
        spans, piece_start = [], 0
        # "January 1979 to March 1981": each end of a range is a date of its own.
        separators = self.date_range.finditer(text) if profile is None or profile.split_date_ranges else ()
        for separator in [*separators, None]:
            piece_end = separator.start() if separator else len(text)
            piece = text[piece_start:piece_end]
            spans += self._split_date(ours, start + piece_start, piece, keep_durations, relative_dates)
            piece_start = separator.end() if separator else len(text)
        return spans

    def _split_date(
        self, label: str, start: int, text: str, keep_durations: bool, relative_dates: bool = False
    ) -> list[Span]:
        for pattern in self.age:
            match = pattern.search(text)
            if match:
                return [Span(start + match.start("age"), start + match.end("age"), "AGE")]
        clock = self.time.search(text)
        if clock:
            return [Span(start + clock.start(), start + clock.end(), "TIME")]
        # "next week", "the last few weeks": a relative date keeps its words but a preposition.
        relative = relative_dates and is_relative_date(text, self.calendar_words, self.duration_words)
        # "between 1990", "the months before January 1994": leading words go.
        first = _LEADING_WORD.match(text)
        while first and (
            first.group(1).lower() in self.leading_words
            or (
                not relative
                and first.group(1).islower()
                and first.group(1).isalpha()
                and first.group("plain")
                # "five years" is kept whole where durations are kept
                and not (keep_durations and first.group(1) in self.number_words)
            )
        ):
            start, text = start + first.end(), text[first.end() :]
            first = _LEADING_WORD.match(text)
        if not text:
            return []
        if relative:
            return [Span(start, start + len(text), label)]
        words = {w.lower() for w in _WORD.findall(text)}
        has_calendar = bool(words & self.calendar_words)
        has_number = bool(_DIGIT.search(text) or words & self.number_words)
        if label == "TIME" or not (has_number or has_calendar):
            # "this morning", "today", "Today's": no number, not a time or date to hide.
            return []
        if (
            not keep_durations
            and words & self.duration_words
            and not has_calendar
            and not _YEAR.search(text)
            and not is_spoken_year(text)
        ):
            return []  # "three years", "the last 10 days": a duration
        return [Span(start, start + len(text), "DATE")]


@functools.cache
def ner_mapping() -> NerMapping:
    table = load_table("ner.toml")
    date = table["date"]
    return NerMapping(
        label_map=dict(table["label_map"]),
        duration_words=frozenset(w.lower() for w in date["duration_words"]),
        calendar_words=frozenset(w.lower() for w in date["calendar_words"]),
        age=(re.compile(date["age_regex"], re.IGNORECASE), re.compile(date["age_of_regex"])),
        time=re.compile(date["time_regex"]),
        date_range=re.compile(date["range_regex"]),
        leading_words=frozenset(w.lower() for w in date["leading_words"]),
        number_words=number_words(),
        subject_of=frozenset(table.get("person_roles", {}).get("subject_of", ())),
        object_of=frozenset(table.get("person_roles", {}).get("object_of", ())),
        with_object_of=frozenset(table.get("person_roles", {}).get("with_object_of", ())),
    )


class SpacyDetector(Detector):
    name = "spacy"
    labels = ("PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE", "TIME", "AGE", "AMOUNT")

    def status(self) -> DetectorStatus:
        model = self.settings.spacy_model
        if spacy_model_installed(model):
            return DetectorStatus(True, f"spaCy pipeline {model}", model)
        return DetectorStatus(False, missing_model_message(model), model)

    def load(self) -> None:
        load_pipeline(self.settings.spacy_model)

    def spacy_pipeline(self) -> str | None:
        return self.settings.spacy_model

    def detect(self, chunk: TextChunk, shared: SharedAnalysis) -> list[Span]:
        doc = shared_doc(shared, self.settings.spacy_model, chunk.text)
        mapping = ner_mapping()
        profile = profile_table().get(chunk.profile)
        spans = []
        for ent in doc.ents:
            label = ent.label_
            if label == "MONEY" and _no_sum(ent):
                continue
            if label in _NAME_ENTITY_LABELS and ent.text.istitle() and mapping.fills_person_role(ent.root):
                label = "PERSON"  # "I married Gustavo Renteria": NER said ORG
            found = mapping.map_entity(label, ent.start_char, ent.end_char, ent.text, profile)
            for span in found:
                spans.append(span.with_(detectors=(self.name,), score=NER_SCORE))
        return spans + _unlabelled_persons(doc, mapping, self.name)


_NOUNS = ("NOUN", "PROPN")
# The words of an address, which NER sometimes reads as a sum ("1801 J Street", "Suite 400").
# A currency's code before the number: "PLN 200".
_CURRENCY_CODE = re.compile(r"[A-Z]{3}")
_ADDRESS_WORD = re.compile(r"\b(?:Street|Avenue|Boulevard|Road|Drive|Lane|Suite|Apartment|Apt|Unit|Box)\b")


def _no_sum(ent) -> bool:
    """NER's MONEY that is an address or a number a noun or a number sign names: "1801 J
    Street", "Suite 400", "Officer #2" ("paid 400", "588 GDR marks", "PLN 200" stay sums)."""
    before = ent.doc[ent.start - 1] if ent.start > 0 else None
    if _ADDRESS_WORD.search(ent.text) or (before is not None and _ADDRESS_WORD.fullmatch(before.text)):
        return True
    if not ent.text.isdigit() or before is None:
        return False
    if before.text == "#":
        return True  # "Floor Officer #2": a number sign
    return (
        before.pos_ in _NOUNS
        and before.text not in ("$", "€", "£", "¥")
        and not _CURRENCY_CODE.fullmatch(before.text)
    )


def _unlabelled_persons(doc: Doc, mapping: NerMapping, detector: str) -> list[Span]:
    """Proper nouns outside every entity that fill a person's role: "asking Guadalupe
    to lie" (a first name NER does not know), with a name part before it ("Cecilia")."""
    out = []
    for token in doc:
        if (
            token.ent_type_
            or token.tag_ != "NNP"
            or not token.text.istitle()
            or len(token.text) < 3
            or not mapping.fills_person_role(token)
        ):
            continue
        start = token
        while start.i > 0 and doc[start.i - 1].dep_ == "compound" and doc[start.i - 1].text.istitle():
            start = doc[start.i - 1]
        out.append(Span(start.idx, token.idx + len(token), "PERSON", (detector,), NER_SCORE))
    return out
