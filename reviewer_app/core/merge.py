"""Merging the spans of several detectors into one clean set (paper §4.3).

One function per rule; `merge_spans` applies them in the paper's order:

1. `span_edges.tidy_boundaries`: no surrounding spaces or punctuation, no leading "the"
   on places and organisations, no possessive 's on names (guidelines), no
   lower-case word at the end of a capitalised name ("Merced today"), no bracket
   left open on lower-case letters ("Officer(s").
2. `whitelist_terms.apply_whitelist`: drop spans that are, or lie inside, a whitelisted term.
3. `defer_trained_spans`: the trained detector's spans give way to other detectors'.
   `merge_exact_duplicates`: one span per [start, end), recording every detector.
4. `keep_longer_same_start`, 5. `keep_longer_same_end`.
6. `resolve_overlaps`: a span inside another goes; two that cross are trimmed
   so that no character has two spans.
7. `name_edges.strip_titles`: "Commissioner Jones" -> "Jones" for PERSON (hearing
   profile; in the general profile `take_in_titles` does the opposite);
   `name_propagation.relabel_known_persons`: a place or organisation that is a
   known person's name (cover page, or a PERSON span of the document) is a PERSON.
8. `name_edges.drop_stutters`: "I-I-I" is not a SPELLED_NAME.
9. `number_filters.drop_non_sensitive_numbers`: a DATE must look like a date ("15" of
   "Title 15" does not, nor "2042" of "Section 2042"; "two thousand and five"
   does), or, in the general profile, like a duration ("five years"), and a
   weekday or holiday alone must name one day ("by Friday", not "every
   Friday"); also applied right after rule 1, so that such a "date" takes no
   ZIP code or PO box down with it);
   `context_rules.drop_false_tags`: names the context shows are none
   ("long", "Your", a contents line, an ALL-CAPS notice, "(Whereupon");
   `defined_acronyms.label_acronyms_as_defined`: "Lakeview Correctional Facility
   (LCF)" makes every "LCF" a LOCATION; `referent_labels.drop_numbered_persons`:
   "Law no. 4061" is no person; `referent_labels.label_glosses_as_named`: the
   bracketed "(Tribunal de Comarca)" after a court is that court;
   `referent_labels.label_spelled_items`: the spelling of a place or organisation
   named just before is a SPELLED_OUT_ITEM;
   `referent_labels.label_states_as_bodies`: "against the Republic of Turkey" is the
   state as a party, an ORGANIZATION; `bodies_named_by_places.label_universities_named_by_towns`:
   "Sonoma State" is the university.
10. `name_propagation.propagate`: every other occurrence of an accepted PERSON,
    CDCR_ID or SPELLED_NAME string is proposed too, with detector `propagation`, as
    names are written (not in lower case; in lower-case speech
    `name_propagation.propagate_lower_case_names`); `referent_labels.settle_places_and_bodies`:
    agencies by county, premises before an address, aliases, one label per name by majority.
11. `name_edges.join_split_names`: "Isabel" + "Banerjee" -> "Isabel Banerjee".
12. `name_propagation.complete_interrupted_names`: "Dayton Dub--" / "--ois" are both a name;
    `transcription_marks.drop_legend_marks`: "(UI)" where a legend says "(UI) = unintelligible"
    is no name, nor "RP" where a key says "RP = reporting party".

`name_rules` (names the layout and wording show: "BY MR. X:", "a guy named X", Q./A.
markers, kin, coordination, spellings, answers to "your name?") adds and relabels names
around rules 1, 7 and 10.

Organisations the document introduces (`context_rules.learn_organisations`)
join the detectors' spans before rule 1.

Every function takes and returns spans sorted by (start, end) and keeps each
span's detectors (its provenance).
"""

from __future__ import annotations

import bisect
import functools
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reviewer_app.core.bodies_named_by_places import label_universities_named_by_towns
from reviewer_app.core.body_kinds import drop_body_kinds
from reviewer_app.core.body_mentions import settle_body_mentions
from reviewer_app.core.body_names import relabel_persons_before_body_heads
from reviewer_app.core.bracket_glosses import take_in_bracketed_glosses
from reviewer_app.core.call_streets import label_numbered_streets, label_streets
from reviewer_app.core.capitals_names import capital_names_by_place, drop_capital_words_said_as_words
from reviewer_app.core.caseless_names import propagate_caseless_name_words
from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import (
    CONTEXT,
    NAMING_SCORE,
    drop_false_tags,
    learn_organisations,
    previous_word,
    word_before_a_name,
)
from reviewer_app.core.court_kinds import county_courts_to_counties, drop_court_kinds
from reviewer_app.core.defined_acronyms import label_acronyms_as_defined
from reviewer_app.core.display_names import label_device_speakers, label_persons_before_notes
from reviewer_app.core.family_names import relabel_names_by_form, relabel_relatives_of_persons
from reviewer_app.core.form_fields import drop_keys_read_as_names
from reviewer_app.core.given_names import take_in_given_names
from reviewer_app.core.holiday_names import relabel_holidays_read_as_persons
from reviewer_app.core.kind_modifiers import label_names_before_kinds
from reviewer_app.core.language_names import label_languages, language_names, surnames_named_like_languages
from reviewer_app.core.legislature_names import persons_after_office_titles, roll_call_names
from reviewer_app.core.log_streets import label_log_streets, without_log_codes
from reviewer_app.core.name_edges import (
    drop_role_only_persons,
    drop_stutters,
    join_split_names,
    strip_titles,
    take_in_surnames_that_are_titles,
    take_in_titles,
)
from reviewer_app.core.name_propagation import (
    complete_interrupted_names,
    drop_sentence_initial_homographs,
    propagate,
    propagate_lower_case_names,
    relabel_known_persons,
)
from reviewer_app.core.name_rules import (
    drop_months_inside_names,
    relabel_persons_in_context,
    relabel_places_named_alone,
    relabel_spellings,
    relabel_words_of_places,
    strip_answer_markers,
)
from reviewer_app.core.number_echoes import label_ages_said_again, label_times_said_again
from reviewer_app.core.number_filters import drop_non_sensitive_numbers
from reviewer_app.core.number_restarts import label_restarted_numbers
from reviewer_app.core.organisation_names import (
    extend_over_hospital_heads,
    join_names_cut_at_of,
    split_at_spaced_dashes,
    split_businesses_on_streets,
)
from reviewer_app.core.organisation_short_forms import label_short_forms_of_organisations
from reviewer_app.core.other_names import label_names_defined_as_others
from reviewer_app.core.person_context import persons_by_relation
from reviewer_app.core.person_words import person_words as person_word_list
from reviewer_app.core.person_words import personal_titles, titled_pattern
from reviewer_app.core.place_mentions import (
    label_known_places_alone,
    label_names_before_place_words,
    place_words,
    relabel_groups_used_as_places,
    relabel_places_by_use,
    street_words,
    unit_words,
)
from reviewer_app.core.places_or_persons import (
    follows_person_words,
    relabel_place_names_read_as_persons,
    split_persons_off_streets,
)
from reviewer_app.core.record_names import names_from_layout
from reviewer_app.core.referent_labels import (
    answers_where_or_follows_a_place,
    drop_numbered_persons,
    is_known_group,
    label_by_leading_head,
    label_compass_places,
    label_glosses_as_named,
    label_numbers_by_cue,
    label_places_by_context,
    label_spelled_items,
    label_states_as_bodies,
    label_streets_by_context,
    settle_places_and_bodies,
)
from reviewer_app.core.span_edges import NAME_LABELS, tidy_boundaries, tidy_piece
from reviewer_app.core.spans import Span
from reviewer_app.core.speaker_tag_names import speaker_tag_names
from reviewer_app.core.spoken_false_names import (
    NER_DETECTORS,
    drop_false_names,
    drop_numbered_speaker_tags,
    drop_propagated_after_the,
    relabel_kin_named,
)
from reviewer_app.core.spoken_numbers import number_words, spoken_words
from reviewer_app.core.street_short_names import label_short_street_names
from reviewer_app.core.transcription_marks import drop_legend_marks, drop_roles_a_key_defines
from reviewer_app.core.whitelist_terms import apply_whitelist, load_whitelist, whitelist_occurrences
from reviewer_app.paths import resource

# The detector of a model trained on reviewed documents (detectors/trained.py).
TRAINED = "trained"
_PREVIOUS_WORD_COMMA = re.compile(r"([\w'-]+),[ ]+\Z")
_NEXT_WORD = re.compile(r"[ ]+([\w'-]+)")


@dataclass(frozen=True)
class MergeRules:
    whitelist: frozenset[str]
    titles: frozenset[str]
    label_priority: tuple[str, ...]
    propagate_labels: tuple[str, ...]
    numeric_labels: tuple[str, ...]
    year_range: tuple[int, int]
    calendar_words: frozenset[str]
    head_words: dict[str, tuple[str, ...]]
    home_heads: tuple[str, ...] = ()
    person_cues: frozenset[str] = frozenset()
    known_places: frozenset[str] = frozenset()
    countries: frozenset[str] = frozenset()
    place_cues: frozenset[str] = frozenset()
    location_cues: frozenset[str] = frozenset()
    locative_cues: frozenset[str] = frozenset()
    known_groups: frozenset[str] = frozenset()
    known_bodies: frozenset[str] = frozenset()
    function_words: frozenset[str] = frozenset()
    law_heads: tuple[str, ...] = ()
    test_words: frozenset[str] = frozenset()
    statute_words: frozenset[str] = frozenset()
    # Lists of cue words, and `leading_heads`: {label: words}.
    organisation_cues: dict[str, tuple[str, ...] | dict[str, list[str]]] = field(default_factory=dict)
    duration_words: frozenset[str] = frozenset()
    determiners: frozenset[str] = frozenset()
    clause_words: frozenset[str] = frozenset()
    role_nouns: frozenset[str] = frozenset()
    offices: frozenset[str] = frozenset()  # role_nouns but the speaker roles: "Mr President", not "Mr Cross"

    def priority(self, label: str) -> int:
        try:
            return self.label_priority.index(label)
        except ValueError:
            return len(self.label_priority)

    @property
    def organisation_heads(self) -> frozenset[str]:
        """The last words of the organisations' head words, lower case ("department", "inc.")."""
        return frozenset(h.split()[-1].lower() for h in self.head_words.get("ORGANIZATION", ()))


def load_merge_rules() -> MergeRules:
    merge = _read_toml(resource("patterns", "merge.toml"))
    ner = _read_toml(resource("patterns", "ner.toml"))
    low, high = merge["year_range"]
    return MergeRules(
        whitelist=load_whitelist(),
        titles=frozenset(t.lower().rstrip(".") for t in merge["titles"]),
        label_priority=tuple(merge["label_priority"]),
        propagate_labels=tuple(merge["propagate_labels"]),
        numeric_labels=tuple(merge["numeric_labels"]),
        year_range=(int(low), int(high)),
        calendar_words=frozenset(w.lower() for w in ner["date"]["calendar_words"]),
        duration_words=frozenset(w.lower() for w in ner["date"]["duration_words"]),
        head_words={label: tuple(words) for label, words in ner.get("head_words", {}).items()},
        home_heads=tuple(ner.get("family_homes", {}).get("heads", ())),
        person_cues=frozenset(w.lower() for w in merge.get("person_cues", ())),
        place_cues=frozenset(w.lower() for w in merge.get("place_cues", ())),
        location_cues=frozenset(w.lower() for w in merge.get("location_cues", ())),
        locative_cues=frozenset(w.lower() for w in merge.get("locative_cues", ())),
        known_groups=_gazetteers(merge, "group_gazetteers"),
        known_places=_gazetteers(merge, "place_gazetteers"),
        known_bodies=_gazetteers(merge, "body_gazetteers"),
        countries=_gazetteers(merge, "country_gazetteers"),
        function_words=frozenset(w.lower() for w in merge.get("function_words", ())),
        law_heads=tuple(merge.get("law_heads", ())),
        test_words=frozenset(w.lower() for w in merge.get("test_words", ())),
        statute_words=frozenset(w.lower() for w in merge.get("statute_words", ())),
        organisation_cues={
            k: v if isinstance(v, dict) else tuple(v) for k, v in merge.get("organisation_cues", {}).items()
        },
        determiners=frozenset(w.lower() for w in merge.get("determiners", ())),
        clause_words=frozenset(w.lower() for w in merge.get("clause_words", ())),
        role_nouns=frozenset(
            w.lower() for w in (*merge.get("role_nouns", ()), *merge.get("speaker_roles", ()))
        ),
        offices=frozenset(w.lower() for w in merge.get("role_nouns", ())),
    )


def _read_toml(path: Path) -> dict:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _gazetteers(merge: dict, key: str) -> frozenset[str]:
    return frozenset(name for file_name in merge.get(key, ()) for name in _gazetteer(file_name))


def _gazetteer(file_name: str) -> list[str]:
    """Lowercased names of a gazetteer file; none if the file is not there."""
    path = resource("gazetteers", file_name)
    if not path.exists():
        return []
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            # Postal codes ("CA") are too short to tell a place from a word.
            names += [n.strip().lower() for n in line.split("|") if len(n.strip()) > 2]
    return names + [n.replace("'", "’") for n in names if "'" in n]  # "Jehovah’s" as typeset


def _sorted(spans: Iterable[Span]) -> list[Span]:
    return sorted(spans, key=lambda s: (s.start, s.end, s.label))


def relabel_by_head_word(
    spans: Iterable[Span], text: str, head_words: dict[str, tuple[str, ...]], home_heads: tuple[str, ...] = ()
) -> list[Span]:
    """A name, place or organisation ending in a telling word takes that word's
    label: "Folsom State Prison" is a LOCATION, "Superior Court" an ORGANIZATION.
    In "X of Y" X's last word is tried first: "Islamic Center of the Valley" is an
    organisation, "Court of Cassation" too ("The Dean of Klagenfurt University"
    has no telling word before "of", and its last word decides, unless it is a place's:
    "Queen of the Valley" is a hospital named after one). A person right after a personal
    title keeps its label: the word is a surname's ("Mr. Court", a misheard "mister oyster
    house"). One word before one of `home_heads` is a family's name that says its home, whose
    label stays: "the Martinez Residence". A person NER read in capitals keeps its label: a line
    of capitals names people by words that are also heads ("SUSPECT DERRICK PARK")."""
    out = []
    for span in spans:
        titled = span.label == "PERSON" and titled_pattern().search(text, max(0, span.start - 20), span.start)
        read_in_capitals = (
            span.label == "PERSON"
            and bool(NER_DETECTORS & set(span.detectors))
            and span.text_in(text).isupper()
        )
        if span.label in NAME_LABELS and not titled and not read_in_capitals:
            covered = span.text_in(text)
            whole = _head_label(covered, head_words)
            if " of " in covered and whole == "LOCATION":
                whole = None  # "Queen of the Valley": named after a place, not the place
            label = _head_label(covered.split(" of ", 1)[0], head_words) or whole
            family, _, head = covered.rpartition(" ")
            if head in home_heads and family and " " not in family:
                label = None  # "the Martinez Residence"
            if label and span.label != label:
                span = span.with_(label=label)
        out.append(span)
    return out


def _head_label(phrase: str, head_words: dict[str, tuple[str, ...]]) -> str | None:
    # A name in lower-case speech ("on lawrence expressway") or in capitals ("MERCY HOSPITAL")
    # ends in its word so written.
    case = str.lower if phrase.islower() else str.upper if phrase.isupper() else None
    for label, heads in head_words.items():
        if _ending_in(tuple(map(case, heads)) if case else heads).search(phrase):
            return label
    return None


@functools.cache
def _ending_in(heads: tuple[str, ...]) -> re.Pattern[str]:
    """A phrase that is one of `heads` or ends in a space and one of them."""
    return re.compile(rf"(?:^|[ ])(?:{'|'.join(re.escape(h) for h in heads)})\Z")


def relabel_by_context(
    spans: Iterable[Span],
    text: str,
    rules: MergeRules,
    titles: frozenset[str] | None = None,
    possessive_persons: bool = True,
) -> list[Span]:
    """An NER place, organisation or group right after or starting with a title
    (`titles`, by default the hearing's `rules.titles`) or a kinship word is a
    PERSON ("Officer Salcedo", "my sister Anand"), and so is a one-word one in
    the possessive that is no known place ("Kapoor's family"; the hearing profile's
    rule, `possessive_persons`); an organisation or group
    that is exactly a known place is a LOCATION ("STATE OF CALIFORNIA"), and so
    is a "person" that is a known place right after "in", "from"... ("in Arvin"),
    and any "person" right after "in" (`location_cues`) that is not a person
    elsewhere in the text, opens with no title, is not in the possessive and was not
    found by the layout ("a lawyer practising in Tarnów"; not "in Mr Ames's view", "in
    Swarthout v. Cooke").

    What follows a determiner is a common noun phrase, not a name: "the Member
    States", "the Court of Cassation", "the Commission's" stay what NER said, and
    a PERSON right after "the" is an organisation ("the Law on ...") unless it
    opens with a title ("the Reverend Moss") or names a family or a case ("the
    Moss family")."""
    titles = rules.titles if titles is None else titles
    cues = rules.person_cues | titles
    spans = list(spans)
    out = []
    persons_elsewhere = {
        s.text_in(text)
        for s in spans
        if s.label == "PERSON" and not _after_word(s, text, rules.location_cues | rules.determiners)
    }
    for span in spans:
        if span.label in ("LOCATION", "ORGANIZATION", "NRP"):
            covered = span.text_in(text)
            words = covered.split()
            before = previous_word(text, span.start)
            kin = _PREVIOUS_WORD_COMMA.search(text, max(0, span.start - 40), span.start)
            determined = bool(before) and before.lower() in rules.determiners
            if (before and word_before_a_name(before) in cues) or (
                kin and kin.group(1).lower() in rules.person_cues  # "my best friend, Eduardo"
            ):
                span = span.with_(label="PERSON")
            elif (
                len(words) > 1
                and words[0].lower().rstrip(".") in cues
                and not determined
                and not any(w[0].islower() for w in words)  # "Court of Cassation"
                and covered.lower() not in rules.known_places  # "Correctional Training Facility"
                and not (CONTEXT in span.detectors and span.score >= NAMING_SCORE)  # "Victim Awareness ..."
                and words[-1].lower() not in rules.organisation_heads  # "MOTHER LODE COURT REPORTERS"
            ):
                span = span.with_(label="PERSON")  # "VICTIM'S SISTER BLANCHARD", "Inmate Renteria""
            elif (
                possessive_persons
                and len(words) == 1
                and text.startswith("'s ", span.end)
                and not determined
                and not covered.isupper()  # an acronym: "the EU's", "ECB's"
                and covered.lower() not in rules.known_places
            ):
                span = span.with_(label="PERSON")  # "Kapoor's family", "Pablo's apartment"
            elif span.label != "LOCATION" and span.text_in(text).lower() in rules.known_places:
                span = span.with_(label="LOCATION")
            elif span.label != "NRP" and is_known_group(
                span.text_in(text), rules.known_groups, rules.known_places
            ):
                span = span.with_(label="NRP")
        elif span.label == "PERSON" and is_known_group(
            span.text_in(text), rules.known_groups, rules.known_places
        ):
            span = span.with_(label="NRP")  # "I'm Baptist now"
        elif span.label == "PERSON" and span.text_in(text).lower() in rules.known_places:
            before = previous_word(text, span.start)
            # Not "talked to Morgan Hill": the verb makes "to" a person's.
            if before and before.lower() in rules.place_cues and not follows_person_words(text, span.start):
                span = span.with_(label="LOCATION")  # "raised in Arvin"
            elif answers_where_or_follows_a_place(span, text, out):
                # "Where did you grow up?" / "Stockton, mostly."; "Santa Monica, then Clovis":
                # a name of the cover or of a PERSON span elsewhere ("Tracy Lee") is a
                # person again below (`relabel_known_persons`).
                span = span.with_(label="LOCATION")
        elif span.label == "PERSON" and _after_word(span, text, frozenset({"the"})):
            if not _names_someone(span, text, rules, cues):
                span = span.with_(label="ORGANIZATION")  # "the Law on ...", "the Commission's"
        elif (
            span.label == "PERSON"
            and _after_word(span, text, rules.location_cues)
            and not text.startswith(("'s", "’s"), span.end)
            and span.text_in(text).split()[0].lower().rstrip(".") not in cues
            and span.text_in(text) not in persons_elsewhere
            # The layout's names stay: "the standard in Swarthout v. Cooke" cites a case's party.
            and not (CONTEXT in span.detectors and span.score >= NAMING_SCORE)
        ):
            span = span.with_(label="LOCATION")  # "a lawyer practising in Tarnów"
        out.append(span)
    return out


def _after_word(span: Span, text: str, words: frozenset[str]) -> bool:
    before = previous_word(text, span.start)
    return bool(before) and before.lower() in words


def _names_someone(span: Span, text: str, rules: MergeRules, titles: frozenset[str]) -> bool:
    """Whether a PERSON after "the" is a person all the same: it opens with a
    title ("the Reverend Moss") or is a family's or a case's name, followed by a
    lower-case word that is no preposition, verb or conjunction (`clause_words`:
    "the Moss family", "the Moss case", not "the Union is");
    "the Moss's" is an institution's possessive."""
    first = span.text_in(text).split()[0]
    if first.lower().rstrip(".") in titles | rules.titles:
        return True
    following = _NEXT_WORD.match(text, span.end)
    return bool(following and following.group(1).islower() and following.group(1) not in rules.clause_words)


# 2 (`apply_whitelist`, in whitelist_terms.py) ----------------------------------
# 3 -----------------------------------------------------------------------------
def merge_exact_duplicates(spans: Iterable[Span], rules: MergeRules) -> list[Span]:
    """Spans with the same start and end become one that names every detector.
    If their labels differ, a fixed-shape label (before PERSON in
    `label_priority`: CDCR_ID, URL, DATE...) beats an NER one ("www.prth.org"
    is a URL, not spaCy's place); otherwise the highest score wins, ties going
    to the label earlier in `label_priority`."""
    groups: dict[tuple[int, int], list[Span]] = {}
    for span in spans:
        groups.setdefault((span.start, span.end), []).append(span)
    out = []
    for (start, end), group in groups.items():
        best_score: dict[str, float] = {}
        for span in group:
            best_score[span.label] = max(best_score.get(span.label, 0.0), span.score)
        person = rules.priority("PERSON")
        label = min(
            best_score,
            key=lambda lab: (rules.priority(lab) >= person, -best_score[lab], rules.priority(lab)),
        )
        detectors = tuple(dict.fromkeys(d for span in group for d in span.detectors))
        out.append(Span(start, end, label, detectors, max(best_score.values())))
    return _sorted(out)


# 4 -----------------------------------------------------------------------------
def keep_longer_same_start(spans: Iterable[Span], rules: MergeRules) -> list[Span]:
    """Of spans that start at the same character, only the longest stays, and
    any pattern span (see `resolve_overlaps`) that the longest, an NER span, swallows."""
    return _keep_longest(spans, rules, key=lambda s: s.start)


# 5 -----------------------------------------------------------------------------
def keep_longer_same_end(spans: Iterable[Span], rules: MergeRules) -> list[Span]:
    """Of spans that end at the same character, only the longest stays, and any
    pattern span that the longest, an NER span, swallows."""
    return _keep_longest(spans, rules, key=lambda s: s.end)


def _keep_longest(spans: Iterable[Span], rules: MergeRules, key) -> list[Span]:
    groups: dict[int, list[Span]] = {}
    for span in spans:
        groups.setdefault(key(span), []).append(span)
    out = []
    for group in groups.values():
        longest = max(group, key=lambda s: (s.length, -rules.priority(s.label)))
        out.append(longest)
        out.extend(s for s in group if s is not longest and _trusted_inside(s, longest, rules))
    return _sorted(out)


# 6 -----------------------------------------------------------------------------
def resolve_overlaps(spans: Iterable[Span], text: str, rules: MergeRules) -> list[Span]:
    """No character in two spans: a span lying inside another is dropped, unless
    it comes from a pattern (a label before PERSON in `label_priority`) and the
    outer one from NER, in which case the outer one keeps the text around it; of
    two that cross, the first ends where the second starts (paper: e1 = s2 - 1
    with inclusive ends), without trailing spaces or punctuation."""
    out: list[Span] = []
    for original in _sorted(spans):
        span: Span | None = original
        while span is not None and out and out[-1].end > span.start:
            previous = out[-1]
            if span.end <= previous.end:
                if _trusted_inside(span, previous, rules):
                    # "K A N G" inside an NER "K A N G, Board of Parole Hearings":
                    # the pattern span stays and the NER span keeps what is left.
                    out.pop()
                    out.extend(_around(previous, span, text))
                    span = None
                    break
                span = None  # inside the previous one
                break
            if span.start == previous.start:
                out.pop()
                if _trusted_inside(previous, span, rules):
                    out.extend(_around(span, previous, text))
                    span = None
                continue
            if _trusted_inside(previous, span, rules):
                # A pattern span is not cut by an NER span that crosses it: the NER one starts later.
                span = tidy_piece(span, text, previous.end, span.end)
                break
            end = span.start
            while end > previous.start and not text[end - 1].isalnum():
                end -= 1
            out.pop()
            if end > previous.start:
                out.append(previous.with_(end=end))
            break
        if span is not None:
            out.append(span)
    return out


def _trusted_inside(inner: Span, outer: Span, rules: MergeRules) -> bool:
    """Whether `inner` comes from a pattern and `outer` from NER."""
    person = rules.priority("PERSON")
    return rules.priority(inner.label) < person <= rules.priority(outer.label)


def _around(outer: Span, inner: Span, text: str) -> list[Span]:
    """`inner` with what is left of `outer` on each side of it, tidied."""
    before = tidy_piece(outer, text, outer.start, inner.start)  # None when nothing is left
    after = tidy_piece(outer, text, inner.end, outer.end)
    return [s for s in (before, inner, after) if s is not None]


def defer_trained_spans(spans: Sequence[Span]) -> list[Span]:
    """A span only the trained detector proposed gives way to an overlapping span of
    another detector with a higher score, unless both have the same boundaries and
    label (they become one span naming both): where the trained model did not beat
    the other detectors on its held-out documents, it fills the gaps they leave rather
    than redrawing or relabelling what they found ("June 2020. I" over "June 2020");
    where it beat them, its spans score higher and the usual rules apply (scores:
    `detectors/trained.py`). Run before the rules that read a span as evidence (a
    TIME makes `drop_non_sensitive_numbers` drop the DATE under it)."""
    others = sorted(s for s in spans if s.detectors != (TRAINED,))
    starts = [s.start for s in others]
    longest = max((s.length for s in others), default=0)
    out = []
    for span in spans:
        if span.detectors == (TRAINED,):
            lo = bisect.bisect_left(starts, span.start - longest)
            hi = bisect.bisect_left(starts, span.end)
            if any(
                o.overlaps(span)
                and ((o.start, o.end) != (span.start, span.end) or o.label != span.label)
                and o.score > span.score
                for o in others[lo:hi]
            ):
                continue
        out.append(span)
    return out


def merge_spans(
    spans: Iterable[Span],
    text: str,
    rules: MergeRules | None = None,
    *,
    with_propagation: bool = True,
    person_names: Iterable[str] = (),
    strip_person_titles: bool = True,
    keep_durations: bool = False,
    keep_relative_dates: bool = False,
    name_titles: frozenset[str] = frozenset(),
    possessive_persons: bool = True,
    speaker_tags: Sequence[tuple[int, int]] = (),
    bracketed_glosses: bool = False,
    every_language_mention: bool = False,
    casing_counts: Mapping[str, int] | None = None,
) -> list[Span]:
    """All rules in the paper's order; the result has no two spans sharing a
    character. `speaker_tags` are where the text's speaker tags are
    (`Document.speaker_tags`). `person_names` are the cover page's names (`HearingMetadata.names()`);
    `strip_person_titles`, dropping durations and relative dates are hearing rules (off in the
    general profile, where names take in the `name_titles` before them), and so is
    `possessive_persons` ("Kapoor's family" is a person); `bracketed_glosses` widens a name over
    its gloss in brackets (`core/bracket_glosses.py`); `every_language_mention` makes a language NRP
    at every mention (`core/language_names.py`). `casing_counts`, given for a caseless text
    read on its truecased view, are the casing model's word counts (`core/caseless_names.py`).
    `with_propagation` also
    brings the spans the merge proposes from the text itself (organisations learnt
    from context, names in speaker tags); without it a detector is scored alone."""
    rules = rules or default_rules()
    lower_words = lowercase_words(text)
    not_names = rules.role_nouns | rules.determiners | rules.function_words | rules.calendar_words
    stop_words = rules.function_words | rules.clause_words
    body_heads, cues = rules.organisation_heads, rules.organisation_cues
    if with_propagation:
        spans = list(spans)
        persons = frozenset(" ".join(s.text_in(text).split()).lower() for s in spans if s.label == "PERSON")
        spans = [
            *names_from_layout(
                text,
                not_names,
                stop_words,
                rules.titles | name_titles,
                rules.determiners,
                rules.organisation_heads,
                rules.person_cues,
                rules.known_places | rules.countries,
            ),
            *spans,
            *learn_organisations(
                text,
                cues,
                rules.known_places,
                rules.function_words,
                body_heads,
                rules.determiners,
                frozenset(w.lower() for w in cues.get("sentence_adverbs", ())),
                persons | frozenset(" ".join(n.split()).lower() for n in person_names),
            ),
            # A role before the name counts as a title does ("INVESTIGATOR OKAMURA:"); alone it
            # is no name ("CALLER:").
            *speaker_tag_names(
                text,
                speaker_tags,
                rules.titles | name_titles | rules.person_cues | rules.role_nouns,
                rules.role_nouns | rules.determiners | rules.function_words,
            ),
        ]
    spans = defer_trained_spans(list(spans))
    merged = strip_answer_markers(
        join_names_cut_at_of(
            tidy_boundaries(split_at_spaced_dashes(spans, text, rules.head_words.get("LOCATION", ())), text),
            text,
        ),
        text,
        lower_words,
    )
    # Early too: a number NER calls a date but that is none ("95671" of "CA 95671", the
    # "1050" of a PO box) must not push aside the span that says what it is.
    merged = drop_non_sensitive_numbers(merged, text, rules, keep_durations, keep_relative_dates)
    merged = drop_months_inside_names(merged, text, rules.calendar_words)
    merged = extend_over_hospital_heads(merged, text, rules.organisation_cues.get("hospital_heads", ()))
    # Outside hearings only courtesy titles make a person ("Member States" is none).
    person_titles = rules.titles if strip_person_titles or not name_titles else name_titles
    merged = relabel_by_context(merged, text, rules, person_titles, possessive_persons)
    merged = relabel_by_head_word(merged, text, rules.head_words, rules.home_heads)
    whitelisted = whitelist_occurrences(text, rules.whitelist)  # for both passes
    merged = apply_whitelist(merged, text, rules.whitelist, whitelisted)
    merged = merge_exact_duplicates(merged, rules)
    merged = keep_longer_same_start(merged, rules)
    merged = keep_longer_same_end(merged, rules)
    merged = resolve_overlaps(merged, text, rules)
    # Trimming can leave a whitelisted term behind (", Board of Parole Hearings").
    merged = apply_whitelist(merged, text, rules.whitelist, whitelisted)
    if strip_person_titles:
        merged = strip_titles(merged, text, rules.titles | rules.person_cues)
    elif name_titles:
        merged = resolve_overlaps(take_in_titles(merged, text, name_titles), text, rules)
    person_words = rules.titles | name_titles | rules.person_cues
    roles = rules.role_nouns | rules.determiners
    merged = drop_role_only_persons(merged, text, person_words | roles, rules.offices | rules.determiners)
    heads = frozenset(h.split()[-1].lower() for words in rules.head_words.values() for h in words)
    merged = take_in_surnames_that_are_titles(merged, text, rules.titles | rules.role_nouns, heads)
    merged = persons_after_office_titles(merged, text, heads, lower_words)  # "Assemblymember Okafor"
    # "Hartnell college", "Jamison center"
    merged = relabel_persons_before_body_heads(
        merged, text, frozenset(w.lower() for w in person_words | rules.role_nouns)
    )
    merged = relabel_known_persons(merged, text, rules, person_names)
    places = (rules.countries, rules.known_places)
    merged = relabel_places_named_alone(merged, text, *places, person_words, person_names)
    merged = relabel_place_names_read_as_persons(
        merged, text, rules.known_places, person_words, person_names, rules.person_cues
    )
    merged = split_persons_off_streets(merged, text, street_words(), rules.known_places, unit_words())
    merged = relabel_words_of_places(merged, text, person_words, person_names)
    if with_propagation:
        not_persons = not_names | rules.titles
        merged = relabel_persons_in_context(
            merged, text, rules.person_cues, rules.known_places, not_persons, rules.place_cues, lower_words
        )
        merged = relabel_names_by_form(merged, text, rules.person_cues, lower_words)  # "Booker Fields Jr."
        merged = persons_by_relation(merged, text, rules, not_persons)  # "my son Naol", "engaged to Lissette"
        # A name the context showed is a person's in its other mentions too ("D.R.'s family").
        merged = relabel_known_persons(merged, text, rules, person_names)
        # "Harjit Dhillon" (an organisation to NER) beside "Mr. Dhillon".
        merged = relabel_relatives_of_persons(merged, text, lower_words, rules.known_places, not_persons)
        # "in Jerez" ... "Jerez, Zacatecas", "born in Rach Gia", "through Wasco": a place at every mention.
        merged = relabel_places_by_use(
            merged, text, rules.locative_cues, rules.known_places, person_words, person_names
        )
        # "She is from Jalisco", "take me to Tolay": an unknown place NER read as a group.
        merged = relabel_groups_used_as_places(
            merged, text, rules.place_cues, rules.known_groups, rules.known_places
        )
        # "a party on Pacheco road", "Kern county asks": speech recognition's capitals on names only.
        merged = label_names_before_place_words(merged, text, place_words())
    merged = relabel_spellings(drop_stutters(merged, text), text, number_words())
    merged = drop_non_sensitive_numbers(merged, text, rules, keep_durations, keep_relative_dates)
    colours = frozenset(rules.organisation_cues.get("colour_words", ()))
    merged = drop_false_tags(
        merged,
        text,
        rules.function_words,
        rules.law_heads,
        rules.test_words,
        rules.role_nouns | rules.titles | rules.determiners,
        rules.head_words.get("ORGANIZATION", ()),
        frozenset(rules.organisation_cues.get("vehicle_words", ())),
        colours,
        speaker_tags=speaker_tags,
        numbered_parts=frozenset(w.lower() for w in rules.organisation_cues.get("numbered_parts", ())),
        count_units=rules.duration_words
        | frozenset(w.lower() for w in rules.organisation_cues.get("count_units", ())),
        prepositions=rules.clause_words,
        person_cues=frozenset(w.lower() for w in rules.person_cues | rules.titles | rules.role_nouns),
    )
    # "SUPERIOR COURT" of a caption, "District Court Judge": a court's kind, no court named.
    merged = drop_court_kinds(merged, text, frozenset(rules.organisation_cues.get("court_kinds", ())))
    # "started with the Department": a body's kind alone, no body named.
    merged = drop_body_kinds(merged, text, frozenset(rules.organisation_cues.get("body_kinds", ())))
    # "the [Kern County] Superior Court": a county's court is named by the county alone.
    county_kinds = frozenset(rules.organisation_cues.get("county_court_kinds", ()))
    merged = county_courts_to_counties(merged, text, county_kinds)
    # No names: role tags ("FD:"), "[WITHHELD]", "Papi", "Adam-fourteen"; "a Punjabi interpreter" is NRP.
    merged = drop_false_names(
        label_languages(merged, text, speaker_tags, rules.whitelist, every_language_mention),
        text,
        rules.role_nouns | rules.titles | rules.organisation_heads,
        rules.determiners,
        colours,
        speaker_tags,
    )
    merged = relabel_holidays_read_as_persons(merged, text)  # "every Chuseok", "Tết 2020"
    merged = label_names_defined_as_others(merged, text)  # '"Shene" is the name ... for the OLA'
    merged = relabel_kin_named(merged, text, rules.person_cues)  # "My wife is Chaltu"
    merged = drop_numbered_speaker_tags(merged, text, speaker_tags)  # "SPEAKER_00:"
    # "on Edinger and, um, Bristol"; not "on Monday and Tuesday", "Mom and Dad".
    merged = label_streets(merged, text, rules.calendar_words | rules.titles | rules.person_cues)
    merged = label_numbered_streets(merged, text)  # "the house on Eighty-fourth"
    merged = label_glosses_as_named(drop_numbered_persons(merged, text), text)
    merged = label_spelled_items(label_acronyms_as_defined(merged, text, rules.organisation_heads), text)
    said = spoken_words()
    merged = label_numbers_by_cue(merged, text, said.id_cues, said.phone_cues, said.telephone_shape)
    if with_propagation:
        merged = label_restarted_numbers(merged, text)  # "He's twenty -- twenty-one in December"
        merged = label_times_said_again(merged, text)  # "you go in at 11:40." "Eleven-forty."
        merged = label_ages_said_again(merged, text)  # "she's seventeen. That's -- seventeen."
    merged = split_businesses_on_streets(label_compass_places(merged, text, rules.known_places), text)
    street_cues = frozenset(rules.organisation_cues.get("street_cues", ()))
    merged = label_streets_by_context(merged, text, street_cues, street_words())
    # "her place, on Pershing", "my auntie's, on Noble", "Valley Pallet Recycling off Crows Landing".
    merged = label_short_street_names(merged, text, rules.calendar_words | rules.titles | rules.person_cues)
    merged = label_by_leading_head(
        merged,
        text,
        rules.organisation_cues.get("leading_heads", {}),
        [head for heads in rules.head_words.values() for head in heads],
        rules.known_places,
        rules.organisation_cues.get("town_cues", ()),
    )
    merged = label_places_by_context(
        merged,
        text,
        frozenset(rules.organisation_cues.get("place_nouns", ())),
        rules.head_words.get("ORGANIZATION", ()),
        rules.known_groups,
    )
    merged = label_states_as_bodies(
        merged,
        text,
        rules.organisation_cues.get("state_forms", ()),
        frozenset(w.lower() for w in rules.organisation_cues.get("party_cues", ())),
    )
    merged = label_universities_named_by_towns(merged, text, rules.known_places, rules.countries)
    if with_propagation:
        roles = rules.titles | rules.role_nouns
        known = (rules.known_places, rules.known_groups)  # "the X dog program", "Hartnell college"
        merged = label_names_before_kinds(merged, text, cues, rules.organisation_heads, *known, stop_words)
        merged = label_short_forms_of_organisations(
            merged,
            text,
            rules.known_places,
            rules.location_cues,
            cues.get("owned", ()),
            roles,
            frozenset(cues.get("counting_words", ())),
        )
        # "Helen Park (BPH)  0:03": a display name before its note is a person's, in each mention.
        devices, note_titles = person_word_list("device_words"), rules.titles | name_titles
        merged = label_persons_before_notes(merged, text, speaker_tags, devices, note_titles, lower_words)
        # A name's part said again inside a whitelisted term is no mention of it ("Victim Services
        # Representative" read as a person makes no person of "OFFICE OF ... RIGHTS AND SERVICES").
        # Where a language is NRP at every mention (label_languages) the whitelist keeps none readable.
        merged = roll_call_names(merged, text, not_names | stop_words | rules.titles, casing_counts)
        # Given names to propagate: "Tremaine Whitfield" where NER read "Whitfield"; in capitals,
        # "MY WIFE ROSE", "HOPE DELGADO", words the truecased view wrote in lower case.
        not_given = not_names | stop_words | person_words | rules.known_places
        merged = take_in_given_names(merged, text, lower_words, not_given, speaker_tags)
        merged = capital_names_by_place(merged, text, speaker_tags, rules.person_cues, not_given)
        late_whitelist = rules.whitelist - language_names() if every_language_mention else rules.whitelist
        late_whitelisted = whitelisted if late_whitelist == rules.whitelist else None
        propagated = apply_whitelist(propagate(merged, text, rules), text, late_whitelist, late_whitelisted)
        merged = drop_sentence_initial_homographs(propagated, text, lower_words)
        merged = drop_propagated_after_the(merged, text)
        merged = drop_capital_words_said_as_words(merged, text, speaker_tags, rules.determiners)  # "A ROSE"
        merged = propagate_lower_case_names(
            merged, text, stop_words, rules.titles | name_titles, rules.determiners
        )
        # "CORCORAN HEARING RM 2  0:41": a room's label names its town, not a person, at each turn.
        merged = label_device_speakers(
            merged,
            text,
            speaker_tags,
            person_word_list("device_words"),
            rules.known_places,
            person_words,
            rules.person_cues,
            person_names,
        )
        heads = rules.head_words.get("LOCATION", ())
        bodies, locatives = rules.known_bodies, rules.locative_cues
        merged = settle_places_and_bodies(
            merged, text, rules.known_places, heads, cues, roles, stop_words, bodies, locatives
        )
        # "Centinela before that", "the Folsom years": a known place NER read as nothing.
        merged = label_known_places_alone(merged, text, rules.known_places, person_words, person_names)
    merged = join_split_names(merged, text, rules.known_places)
    if with_propagation:
        merged = complete_interrupted_names(merged, text)
    if bracketed_glosses:
        merged = take_in_bracketed_glosses(merged, text, rules.role_nouns, rules.determiners)
    if casing_counts is not None and with_propagation:
        # A caseless text read on its truecased view: "walter fenske" ... "mr. fenske", the later
        # mention has no capital to be read by.
        titles = rules.titles | name_titles | personal_titles()
        words = not_names | stop_words | titles | rules.person_cues
        merged = propagate_caseless_name_words(merged, text, casing_counts, words, rules.determiners)
    # Last: a form field's value may be a name only propagation found ("Examinee: DESROSIERS").
    merged = drop_keys_read_as_names(merged, text, speaker_tags)  # "Length: 9:38", "Sent: 08/02/2024"
    merged = drop_legend_marks(merged, text)  # "(UI) = unintelligible": "(UI)" is no body
    if every_language_mention:
        # "Mrs. English", "ATTORNEY ENGLISH:": a surname, whatever the language's mentions say.
        merged = surnames_named_like_languages(merged, text, speaker_tags, rules.titles | rules.role_nouns)
    # "RP = reporting party": the letters at every turn are a role, no person.
    merged = drop_roles_a_key_defines(merged, text, rules.titles | rules.role_nouns | rules.person_cues)
    # "I'm on Linwood now", "the Committee on Appropriations", "AB 1847": core/body_mentions.py.
    merged = settle_body_mentions(merged, text, rules.known_places, rules.organisation_heads)
    # Last, over what any rule made of its capitals: "E SHIELDS AVE / N FIRST ST" in a CAD log.
    return label_log_streets(without_log_codes(merged, text), text)


@functools.cache
def default_rules() -> MergeRules:
    return load_merge_rules()
