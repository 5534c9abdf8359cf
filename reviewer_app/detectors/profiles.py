"""Detection profiles: which rules detection applies to a kind of document.

- `hearing`: a parole-hearing transcript (paper §4). Durations are dropped,
  titles are stripped from names and CDCR numbers are looked for.
- `general`: court, interview and call transcripts. Titles stay in the name
  span, durations and (outside a conversation) relative dates are kept as dates,
  and generic recognizers (case, application and docket numbers, passport, licence,
  account and national ID numbers) run instead of the CDCR one.

The profile of a document is `hearing` when the importer recognised a hearing
(a cover page naming the incarcerated person or a CDCR number, or speaker tags
of a hearing's roles) and `general` otherwise; the settings' `detection_profile`
(or `--profile` on the command line) overrides it. What each profile switches
is data, in `resources/profiles.toml`.

A profile may change for a conversation (`Profile.in_dialogue`): a transcript of
speaker turns between two or more people (a call, an interview, a court's record)
says durations in passing ("I worked there six years") where a written judgment
states them as facts of the case ("sentenced to five years"). It may change for a
document that names someone's CDCR number (`Profile.in_custody`): a parole petition or an
appellate opinion about a life term states terms and denials as a hearing does.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
from dataclasses import dataclass, field

from reviewer_app.core.document import UNNAMED_SPEAKER, Document
from reviewer_app.paths import resource
from reviewer_app.settings import DETECTION_PROFILES

HEARING = "hearing"
GENERAL = "general"
AUTO = "auto"
PROFILES = (HEARING, GENERAL)
CHOICES = DETECTION_PROFILES


class UnknownProfile(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(f"unknown detection profile {name!r}; choose one of {', '.join(CHOICES)}")


@dataclass(frozen=True)
class Profile:
    """What one profile switches on or off."""

    name: str
    # Pattern recognizers (resources/patterns) that run only in some profiles are
    # marked there with `profiles = [...]`; these are Presidio's built-in ones.
    presidio_builtins: tuple[str, ...] = ()
    drop_durations: bool = True
    split_date_ranges: bool = True
    # NER labels mapped only in this profile (spaCy's MONEY -> AMOUNT).
    ner_labels: dict[str, str] = field(default_factory=dict)
    strip_titles: bool = True
    # Titles a name span takes in when titles are not stripped ("Mr Karl Strobel").
    name_titles: frozenset[str] = frozenset()
    # A one-word place or organisation in the possessive is a person ("Kapoor's family").
    possessive_persons: bool = True
    # NER's dates said against the day of the text, with no number or month in them ("today",
    # "next week", "later this year", "this morning"): kept as dates and times, or dropped.
    relative_dates: bool = False
    # A place, organisation or sum takes in its gloss in brackets ("the Braunau District
    # Authority (Bezirkshauptmannschaft)", `core/bracket_glosses.py`).
    bracketed_glosses: bool = False
    # A language is NRP in every mention, English included (`core/language_names.py`).
    language_mentions: bool = False
    # What this profile changes in a conversation (`is_dialogue`): {"drop_durations": true}.
    in_dialogue: dict[str, bool] = field(default_factory=dict)
    # What it changes in a proceeding about someone in custody: one that names a CDCR number after
    # its cue (`read_out.names_a_cdcr_number`), not one that merely says "CDC" or "cellmate".
    in_custody: dict[str, bool] = field(default_factory=dict)
    # Numbers no rule tagged are read by the classifier learned from gold (`core/number_context.py`).
    learned_numbers: bool = False
    # Found names are relabelled by the classifier learned from gold (`core/name_context.py`).
    name_labels: bool = False

    def for_document(self, document: Document) -> Profile:
        """This profile as it applies to `document`: with its `in_dialogue` changes when
        the document is a conversation, and its `in_custody` ones when it is about someone in
        custody."""
        # Imported here: read_out reads this module's profile names.
        from reviewer_app.detectors.read_out import names_a_cdcr_number

        changes: dict[str, bool] = {}
        if self.in_custody and names_a_cdcr_number(document.text):
            changes |= self.in_custody
        if self.in_dialogue and is_dialogue(document):
            changes |= self.in_dialogue
        if not changes:
            return self
        return dataclasses.replace(self, in_dialogue={}, in_custody={}, **changes)

    def merge_options(self) -> dict[str, object]:
        """The keyword arguments of `core.merge.merge_spans` that this profile sets."""
        return {
            "strip_person_titles": self.strip_titles,
            "keep_durations": not self.drop_durations,
            "name_titles": self.name_titles,
            "possessive_persons": self.possessive_persons,
            "keep_relative_dates": self.relative_dates,
            "bracketed_glosses": self.bracketed_glosses,
            "every_language_mention": self.language_mentions,
        }


@dataclass(frozen=True)
class ProfileTable:
    profiles: dict[str, Profile]
    # Speaker tags that only a hearing has ("PRESIDING COMMISSIONER JONES").
    hearing_speaker: re.Pattern[str]
    # A conversation: at least this many speaker turns by at least this many speakers.
    dialogue_turns: int = 6
    dialogue_speakers: int = 2

    def get(self, name: str) -> Profile:
        try:
            return self.profiles[name]
        except KeyError:
            raise UnknownProfile(name) from None


@functools.cache
def profile_table() -> ProfileTable:
    with resource("profiles.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    profiles = {
        name: Profile(
            name=name,
            presidio_builtins=tuple(entry.get("presidio_builtins", ())),
            drop_durations=bool(entry.get("drop_durations", True)),
            split_date_ranges=bool(entry.get("split_date_ranges", True)),
            ner_labels=dict(entry.get("ner_labels", {})),
            strip_titles=bool(entry.get("strip_titles", True)),
            name_titles=frozenset(t.lower().rstrip(".") for t in entry.get("name_titles", ())),
            possessive_persons=bool(entry.get("possessive_persons", True)),
            relative_dates=bool(entry.get("relative_dates", False)),
            bracketed_glosses=bool(entry.get("bracketed_glosses", False)),
            language_mentions=bool(entry.get("language_mentions", False)),
            in_dialogue={k: bool(v) for k, v in entry.get("in_dialogue", {}).items()},
            in_custody={k: bool(v) for k, v in entry.get("in_custody", {}).items()},
            learned_numbers=bool(entry.get("learned_numbers", False)),
            name_labels=bool(entry.get("name_labels", False)),
        )
        for name, entry in raw["profile"].items()
    }
    fields = {f.name for f in dataclasses.fields(Profile)} - {"name", "in_dialogue", "in_custody"}
    for name, profile in profiles.items():
        for where, changes in (("in_dialogue", profile.in_dialogue), ("in_custody", profile.in_custody)):
            unknown = set(changes) - fields
            if unknown:
                setting = sorted(unknown)[0]
                raise ValueError(f"profiles.toml: [profile.{name}] {where} has no setting {setting!r}")
    missing = set(PROFILES) - set(profiles)
    if missing:
        raise ValueError(f"profiles.toml: no [profile.{sorted(missing)[0]}] table")
    recognise = raw["recognise"]
    return ProfileTable(
        profiles,
        re.compile(recognise["hearing_speaker"], re.IGNORECASE),
        dialogue_turns=int(recognise.get("dialogue_turns", 6)),
        dialogue_speakers=int(recognise.get("dialogue_speakers", 2)),
    )


def is_hearing(document: Document) -> bool:
    """Whether the importer recognised a parole hearing in `document`."""
    meta = document.metadata
    if meta.inmate_name or meta.cdcr_number:
        return True
    pattern = profile_table().hearing_speaker
    return any(pattern.search(u.speaker) for u in document.utterances)


def is_dialogue(document: Document) -> bool:
    """Whether `document` is a conversation: the importer found speaker turns, enough of
    them and by more than one speaker (prose, a speech or a post has none)."""
    table = profile_table()
    speakers = [u.speaker for u in document.utterances if u.speaker]
    # Each ">>" marks a change of speaker: two of them are two people at least.
    unnamed = min(speakers.count(UNNAMED_SPEAKER), 2)
    distinct = len(set(speakers) - {UNNAMED_SPEAKER}) + unnamed
    return len(speakers) >= table.dialogue_turns and distinct >= table.dialogue_speakers


def resolve_profile(document: Document, setting: str = AUTO) -> str:
    """The profile to detect `document` with: `setting`, or the document's own under "auto"."""
    if setting == AUTO or not setting:
        return HEARING if is_hearing(document) else GENERAL
    if setting not in PROFILES:
        raise UnknownProfile(setting)
    return setting
