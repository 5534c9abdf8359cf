"""Rules that label a span by what it refers to, read from around it (issue 12).

Called by `merge.merge_spans`, moved out of `context_rules` (which learns
organisations and drops false tags):

- `is_known_group` / `answers_where_or_follows_a_place`: a nationality or group of the
  gazetteers, and a name that answers "where" or follows a place in a list.
- `label_compass_places`: "North Hollister" is a place, not a person;
  `label_states_as_bodies`: "against the Republic of Turkey", a state named by its form
  of government as a party to a case, is the state as a body, not a place.
- `drop_numbered_persons`: a "person" with a number is a reference ("Law no.
  4061", "Articles 12 § 3"); `label_glosses_as_named`: a name in brackets right
  after a place or organisation is its name in another language.
- `label_spelled_items`: a spelling of what the text just named as a place or
  an organisation ("Alvarado Street, that's A-L-V-A-R-A-D-O") is a
  SPELLED_OUT_ITEM, not a spelled name.
- `label_numbers_by_cue`: a "phone number" asked for as an account or case number
  is an ID_NUMBER.
- `label_known_bodies`: a gang of the gazetteers ("Norteños") is an organisation.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence

from reviewer_app.core.acronyms import expansions
from reviewer_app.core.casing import lowercase_words
from reviewer_app.core.context_rules import CONTEXT, CONTEXT_SCORE, NAMING_SCORE, opens_sentence
from reviewer_app.core.organisation_names import NAME
from reviewer_app.core.place_appositions import label_places_in_apposition
from reviewer_app.core.place_ties import places_win_ties
from reviewer_app.core.spans import Span
from reviewer_app.core.spelled_referents import spells_a_thing

_NER_NAMES = ("PERSON", "ORGANIZATION", "NRP")
_DIGIT = re.compile(r"\d")


_COMPASS_PLACE = re.compile(r"(?:North|South|East|West|Northern|Southern|Eastern|Western)[ ]+(?P<place>.+)")


def label_compass_places(spans: Iterable[Span], text: str, known_places: frozenset[str]) -> list[Span]:
    """A "person" or "organisation" that is a compass word and a known place is a
    part of that place ("North Hollister", "East Fresno"), not a name."""
    out = []
    for span in spans:
        if span.label in ("PERSON", "ORGANIZATION"):
            match = _COMPASS_PLACE.fullmatch(" ".join(span.text_in(text).split()))
            if match and match.group("place").lower() in known_places:
                span = span.with_(label="LOCATION")
        out.append(span)
    return out


def label_states_as_bodies(
    spans: Iterable[Span], text: str, state_forms: Sequence[str], party_cues: frozenset[str]
) -> list[Span]:
    """A place or group that names a state by its form of government (`state_forms`)
    right after a word that makes it a party to a case (`party_cues`: "an application
    against the Republic of Turkey", "Smith v. the Slovak Republic") is the state as a
    body, an ORGANIZATION. Elsewhere it stays a place: "born in the Republic of Korea",
    "aid to the Democratic Republic of the Congo"."""
    if not state_forms or not party_cues:
        return list(spans)
    forms = "|".join(re.escape(f).replace(r"\ ", "[ ]") for f in state_forms)
    state = re.compile(rf"(?:the[ ])?(?:[A-Z][\w'’-]*[ ])*(?:{forms})(?:[ ]of[ ](?:the[ ])?[A-Z].*)?")
    out = []
    for span in spans:
        if span.label in ("LOCATION", "NRP") and state.fullmatch(" ".join(span.text_in(text).split())):
            before = _WORD_BEFORE.search(text, max(0, span.start - 40), span.start)
            if before and before.group("word").lower() in party_cues:
                span = span.with_(label="ORGANIZATION")
        out.append(span)
    return out


# The word before a span, past a "the" ("against the Republic of Turkey": "against").
_WORD_BEFORE = re.compile(r"(?<![\w'’.-])(?P<word>[\w'’-]+\.?)[ ]+(?:the[ ]+)?\Z", re.IGNORECASE)


def is_known_group(covered: str, known_groups: frozenset[str], known_places: frozenset[str]) -> bool:
    """A nationality, group or religion of the gazetteers (lower case), or its
    plural ("Pakistanis", but not "Laos", a place)."""
    lower = covered.lower()
    return lower in known_groups or (
        lower.endswith("s") and lower[:-1] in known_groups and lower not in known_places
    )


_WHERE = re.compile(r"\bwhere\b", re.IGNORECASE)


def answers_where_or_follows_a_place(span: Span, text: str, previous: Sequence[Span]) -> bool:
    """Whether `span` opens an answer to a line that asks "where" ("Where did you
    grow up?", "Let's talk about where you grew up."), or follows a place in a list
    on its own line ("Santa Monica, then Clovis")."""
    line_start = text.rfind("\n", 0, span.start) + 1
    question_start = text.rfind("\n", 0, max(0, line_start - 1)) + 1
    if not text[line_start : span.start].rstrip().endswith(":") and text[line_start : span.start].strip():
        answered = False  # not the first words of an answer
    else:
        answered = bool(_WHERE.search(text, question_start, line_start))
    last = next((p for p in reversed(previous) if p.end <= span.start), None)
    listed = (
        last is not None
        and last.label == "LOCATION"
        and last.end >= line_start
        and re.fullmatch(r",[ ](?:(?:and|or|then)[ ])?", text[last.end : span.start]) is not None
    )
    return answered or listed


_NUMBER_SIGN_AFTER = re.compile(r"[ ]+(?:no|nos|number|numbers|nr)\.?[ ]*\d", re.IGNORECASE)


def drop_numbered_persons(spans: Iterable[Span], text: str) -> list[Span]:
    """A "person" with a digit in it or followed by a number sign is a numbered
    reference, not a name: "Law no. 4061", "Articles 12 § 3", "Annex 2"."""
    return [
        span
        for span in spans
        if span.label != "PERSON"
        or not (_DIGIT.search(span.text_in(text)) or _NUMBER_SIGN_AFTER.match(text, span.end))
    ]


def label_glosses_as_named(spans: Iterable[Span], text: str) -> list[Span]:
    """A name that fills the brackets right after a place or organisation is that
    place's or organisation's own name in another language, whatever NER called
    it: "the Lisbon District Court (Tribunal de Comarca)", "Customs (Douane)"."""
    spans = list(spans)
    out: list[Span] = []
    for span in spans:
        previous = out[-1] if out else None
        if (
            previous is not None
            and previous.label in ("LOCATION", "ORGANIZATION")
            and span.label in _NER_NAMES
            and span.label != previous.label
            and text[previous.end : span.start] in (" (", "(")
            and text.startswith(")", span.end)
        ):
            span = span.with_(label=previous.label)
        out.append(span)
    return out


# How far before a spelling the word it spells is looked for (a question and its answer).
_SPELLING_REACH = 300
# The word a spelling spells may follow it at once: "G-A-R-E-Y -- Garey Avenue".
_SAID_AFTER_REACH = 12
_NAME_LABELS = ("PERSON", "SPELLED_NAME")
_LETTERS = re.compile(r"[^\W\d_]+")  # words of letters, in any alphabet


def label_spelled_items(spans: Iterable[Span], text: str) -> list[Span]:
    """A spelling is labelled by what it spells, not by its shape: the spelled-name
    patterns find every "A-L-V-A-R-A-D-O", and one that spells a word of a place,
    organisation or other non-person span shortly before it ("I grew up on
    Alvarado Street, that's A-L-V-A-R-A-D-O") or, where none did, right after it ("on --
    G-A-R-E-Y -- Garey Avenue") is a SPELLED_OUT_ITEM. A spelling
    of a person's name, or of nothing found before it, stays a SPELLED_NAME."""
    spans = sorted(spans)
    starts = [s.start for s in spans]
    out = []
    for span in spans:
        if span.label == "SPELLED_NAME":
            spelled = "".join(ch for ch in span.text_in(text) if ch.isalnum()).casefold()
            lo = bisect.bisect_left(starts, span.start - _SPELLING_REACH)
            hi = bisect.bisect_left(starts, span.start)
            named = next(
                (
                    before
                    for before in reversed(spans[lo:hi])
                    if before.end <= span.start
                    and spelled in (w.casefold() for w in _LETTERS.findall(before.text_in(text)))
                ),
                None,
            )
            if named is None:
                # The word said right after its spelling with the head of a place's or a firm's
                # name after it: "on -- G-A-R-E-Y -- Garey Avenue" (not a surname NER read as a
                # place, "S-T-R-O-U-D, Emmanuel Stroud": the spelled word ends that name).
                ahead = bisect.bisect_left(starts, span.end)
                named = next(
                    (
                        after
                        for after in spans[ahead : bisect.bisect_right(starts, span.end + _SAID_AFTER_REACH)]
                        if spelled in (w.casefold() for w in _LETTERS.findall(after.text_in(text))[:-1])
                    ),
                    None,
                )
            if (named is not None and named.label not in _NAME_LABELS) or (
                named is None and spells_a_thing(text, span.start)  # asked for as a thing: "the street?"
            ):
                span = span.with_(label="SPELLED_OUT_ITEM")
        out.append(span)
    return out


# How far before a number its cue is looked for: the question a number answers.
_NUMBER_CUE_REACH = 80
_NUMBER_WORD = re.compile(r"[a-z']+")


def label_numbers_by_cue(
    spans: Iterable[Span],
    text: str,
    id_cues: frozenset[str],
    phone_cues: frozenset[str],
    telephone_shape: re.Pattern[str],
) -> list[Span]:
    """A "phone number" asked for as an account, case or licence number ("Can I
    have your account number?" / "Sure, it's 4471 2093 88.") is an ID_NUMBER: an
    identity cue and "number" shortly before it, and no telephone cue. One written in a
    telephone's own shape stays ("Case No.: VCF418873 / Number dialed: (559) 555-0148")."""
    out = []
    for span in spans:
        if span.label == "PHONE_NUMBER" and not telephone_shape.fullmatch(span.text_in(text)):
            before = _NUMBER_WORD.findall(text[max(0, span.start - _NUMBER_CUE_REACH) : span.start].lower())
            named = any(
                w in id_cues and before[k + 1] in ("number", "no", "num") for k, w in enumerate(before[:-1])
            )
            if named and not phone_cues.intersection(before):
                span = span.with_(label="ID_NUMBER")
        out.append(span)
    return out


_ON_STREET = re.compile(r"(?<![\w'’-])on[ ]+\Z")
_WORD_BEFORE_ON = re.compile(r"(?<![\w'’-])(?P<word>[a-z][a-z'’-]*)[ ]+on[ ]+\Z")
_SPAN_BEFORE_ON = re.compile(r",?[ ]+on[ ]+\Z")


def label_streets_by_context(
    spans: Iterable[Span], text: str, street_cues: frozenset[str], street_words: frozenset[str] = frozenset()
) -> list[Span]:
    """A name of one or two words that is a street said by its short name is a LOCATION,
    whatever NER made of it: after "on" and a place or body ("Rosewood Haven, the shelter on
    Blackstone", "Delgadillo Upholstery on Fairview") or one of `street_cues` (premises and
    dwelling words: "the gurdwara on Bradshaw", "she lives on Kiefer", "the bowling alley on
    North Division"), or after "at" and a street named with its kind (`street_words`, lower case:
    "on Stockton Boulevard at Fruitridge"). Two streets said as a crossing are
    `core/call_streets.py`'s. A name with a possessive is no street ("at Maria's house"), nor is
    one NER read as a person's first name and surname unless a street word follows it ("the bar
    on Rosa Parks"). The street's other mentions that NER read as an organisation or group
    follow; a person's name elsewhere stays a person."""
    spans = sorted(spans)
    streets: set[str] = set()
    out: list[Span] = []
    for span in spans:
        covered = span.text_in(text)
        if (
            span.label in _NER_NAMES
            and _short_capitalised_name(covered)
            and not _POSSESSIVE_AFTER.match(text, span.end)
            and (
                span.label != "PERSON"
                or " " not in covered
                or _street_word_after(text, span.end, street_words)
            )
        ):
            head = text[max(0, span.start - 40) : span.start]
            previous = out[-1] if out else None
            after_place = (
                previous is not None
                and previous.label in ("LOCATION", "ORGANIZATION")
                and _SPAN_BEFORE_ON.fullmatch(text, previous.end, span.start) is not None
            )
            cue = _WORD_BEFORE_ON.search(head)
            crossing = (
                previous is not None
                and previous.label == "LOCATION"
                and previous.text_in(text).split()[-1].lower() in street_words
                and text[previous.end : span.start] == " at "
            )
            if crossing or (
                _ON_STREET.search(head) and (after_place or (cue and cue.group("word") in street_cues))
            ):
                streets.add(covered)
                span = span.with_(label="LOCATION")
        out.append(span)
    if not streets:
        return out
    return [
        s.with_(label="LOCATION") if s.label in ("ORGANIZATION", "NRP") and s.text_in(text) in streets else s
        for s in out
    ]


_POSSESSIVE_AFTER = re.compile(r"['’]s?(?![\w'’-])")
_WORD_AFTER = re.compile(r"[ ]+(?P<word>[A-Za-z]+)")


def _street_word_after(text: str, end: int, street_words: frozenset[str]) -> bool:
    """Whether the word right after `end` is one of `street_words` ("Rosa Parks Boulevard")."""
    after = _WORD_AFTER.match(text, end)
    return after is not None and after.group("word").lower() in street_words


def _short_capitalised_name(covered: str) -> bool:
    """One or two capitalised words of letters, not in capitals ("Blackstone", "North Division")."""
    words = covered.split(" ")
    return len(words) <= 2 and all(_one_capitalised_word(w) for w in words)


def _one_capitalised_word(covered: str) -> bool:
    return covered.isalpha() and covered[0].isupper() and not covered.isupper() and len(covered) > 2


_IN_BEFORE = re.compile(r"(?<![\w'’-])in[ ]+\Z")


def label_places_by_context(
    spans: Iterable[Span],
    text: str,
    place_nouns: frozenset[str],
    organisation_heads: Sequence[str],
    known_groups: frozenset[str] = frozenset(),
) -> list[Span]:
    """A name that what is around it shows is a place is a LOCATION, whatever NER
    made of it: one before a lower-case word for a division of a country
    (`place_nouns`: "in Oromia region", "the Bakool zone"; not a nationality of
    `known_groups`: "French territory"), and an organisation of one
    word right after "in" ("lives ten minutes away in Denair", "the airport in
    Finfinne"), unless the document learnt it as an organisation from its context ("I'm
    in Kairos"), it is an acronym ("in NA") or a word that heads names of bodies ("in
    Court"). A state's postal code after a town and a comma, with or without its ZIP code,
    is a place too ("San Diego, CA", "Eureka, CA 95501")."""
    heads = frozenset(h.lower() for h in organisation_heads)
    out: list[Span] = []
    for span in spans:
        if span.label in _NER_NAMES:
            covered = span.text_in(text)
            previous = out[-1] if out else None
            if (
                _POSTAL_CODE.fullmatch(covered)
                and previous is not None
                and previous.label == "LOCATION"
                and text[previous.end : span.start] == ", "
            ):
                out.append(span.with_(label="LOCATION"))
                continue
            following = _FOLLOWING_WORD.match(text, span.end)
            before_division = bool(following and following.group(1) in place_nouns)
            if (
                before_division
                and covered[:1].isupper()
                and not is_known_group(covered, known_groups, frozenset())
            ) or (
                span.label == "ORGANIZATION"
                and covered.isalpha()
                and covered[:1].isupper()
                and not covered.isupper()
                and "context" not in span.detectors
                and covered.lower() not in heads
                and _IN_BEFORE.search(text, max(0, span.start - 4), span.start)
            ):
                span = span.with_(label="LOCATION")
        out.append(span)
    return out


_FOLLOWING_WORD = re.compile(r"[ ]+([a-z]+)\b")
_POSTAL_CODE = re.compile(r"[A-Z]{2}(?:[ ]+\d{5}(?:-\d{4})?)?")


# A place named after a comma ("St. Louis, Missouri"; "Saint Paul, Minnesota").
_PLACE_AFTER_COMMA = re.compile(r",[ ]+(?P<place>[A-Z][a-z]+(?:[ ][A-Z][a-z]+)?)")


def label_by_leading_head(
    spans: Iterable[Span],
    text: str,
    leading_heads: dict[str, Sequence[str]],
    trailing_heads: Iterable[str] = (),
    known_places: frozenset[str] = frozenset(),
    town_cues: Sequence[str] = (),
) -> list[Span]:
    """A name of two words or more that opens with a word that says what it names
    (`leading_heads`, per label: a street or a mosque in the language that puts the
    kind first, "Calle Hidalgo", "Masjid al-Noor"; "Fort Bragg"; a parish, school or
    hospital named for a saint, "St. Stanislaus", "saint nicholas") takes that label,
    whatever NER made of it, unless it ends in one of `trailing_heads` that says
    otherwise ("Fort Bragg Police Department") or is a town made a body: one of `known_places`
    (lower case: "St. Helena"), a place NER read after one of `town_cues` ("I moved to St.
    Louis"; not a saint's possessive, "in St. Mary's") or one a known place follows after a comma
    ("St. Louis, Missouri")."""
    endings = tuple(f" {h}" for h in trailing_heads)
    label_of = {word: label for label, words in leading_heads.items() for word in words}
    if not label_of:
        return list(spans)
    cued = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in town_cues)
    town_before = re.compile(rf"(?<![\w'’-])(?i:{cued})\s+\Z") if cued else None
    out = []
    for span in spans:
        if span.label in ("PERSON", "ORGANIZATION", "LOCATION", "NRP"):
            words = span.text_in(text).split()
            label = label_of.get(words[0]) if len(words) > 1 else None
            named = " ".join(words)
            place = _PLACE_AFTER_COMMA.match(text, span.end)
            town = (
                span.label == "LOCATION"
                and not named.endswith(("'s", "’s"))
                and (  # "in St. Mary's"
                    bool(town_before and town_before.search(text, max(0, span.start - 30), span.start))
                    or bool(place and place.group("place").lower() in known_places)
                )
            )
            if label == "ORGANIZATION" and (town or named.lower() in known_places):
                label = None
            if label and label != span.label and not named.endswith(endings):
                span = span.with_(label=label)
        out.append(span)
    return out


_PLACE_OR_BODY = ("ORGANIZATION", "LOCATION", "NRP")


def label_mentions_by_majority(spans: Iterable[Span], text: str) -> list[Span]:
    """One name, one referent: the mentions of a capitalised name that the spans
    label as places, organisations or groups of people in turn take the label most of
    them have ("I worked at Highland" twice as an organisation, once read as a place
    after "Highland gave me ..."). A tie changes nothing, and a mention read as a person
    is left to the rules for persons (a surname is often a town's name too)."""
    spans = list(spans)
    votes: dict[str, dict[str, int]] = {}
    for span in spans:
        if span.label in _PLACE_OR_BODY:
            name = " ".join(span.text_in(text).split())
            if name[:1].isupper():
                counts = votes.setdefault(name, {})
                counts[span.label] = counts.get(span.label, 0) + 1
    winner: dict[str, str] = {}
    for name, counts in votes.items():
        if len(counts) > 1:
            ranked = sorted(counts.values(), reverse=True)
            if ranked[0] > ranked[1]:
                winner[name] = max(counts, key=counts.__getitem__)
    if not winner:
        return spans
    out = []
    for span in spans:
        if span.label in _PLACE_OR_BODY:
            label = winner.get(" ".join(span.text_in(text).split()))
            if label and label != span.label:
                span = span.with_(label=label)
        out.append(span)
    return out


def settle_places_and_bodies(
    spans: Iterable[Span],
    text: str,
    known_places: frozenset[str],
    place_heads: Sequence[str] = (),
    cues: Mapping[str, Sequence[str] | Mapping[str, list[str]]] | None = None,
    role_words: frozenset[str] = frozenset(),
    stop_words: frozenset[str] = frozenset(),
    known_bodies: frozenset[str] = frozenset(),
    locative_cues: frozenset[str] = frozenset(),
) -> list[Span]:
    """The last word on places and organisations, once every other rule has proposed its
    spans: no document, event or credential after a name, agencies named by their county,
    premises named before their address, the other names the text gives them, bodies the
    context named that NER read as places, the gazetteers' bodies (`known_bodies`), then one
    label per name by majority, a name an apposition calls a kind of place, and a tie for a
    place a mention after one of `locative_cues` backs (`place_ties.places_win_ties`). `cues` are
    merge.toml's [organisation_cues] (`events`, `documents`, `sentence_adverbs`,
    `credentials`, `agencies`, `state_forms`); `role_words` titles and role nouns,
    `stop_words` function and clause words (lower case)."""
    cues = cues or {}
    documents = frozenset(w.lower() for w in cues.get("documents", ())) | role_words | stop_words
    spans = drop_documents_and_events(spans, text, cues.get("events", ()), documents)
    spans = drop_credentials_after_names(spans, text, tuple(cues.get("credentials", ())))
    openers = stop_words | {w.lower() for w in cues.get("sentence_adverbs", ())}
    spans = label_agencies_of_places(spans, text, tuple(cues.get("agencies", ())), openers)
    spans = label_premises_before_addresses(spans, text, known_places, openers)
    spans = label_aliases(spans, text)
    state_forms = tuple(cues.get("state_forms", ()))
    spans = label_bodies_the_context_names(spans, text, known_places, place_heads, state_forms)
    spans = label_mentions_by_majority(label_known_bodies(spans, text, known_bodies), text)
    # "Kearny Mesa, the juvenile hall": the apposition's kind of place has the last word.
    spans = label_places_in_apposition(spans, text, openers)
    return places_win_ties(spans, text, locative_cues, role_words)


# A capitalised word right before or after a mention: the mention is part of a longer name.
_CAPITALISED_BEFORE = re.compile(r"(?<![.!?:\n])[ ](?:[A-Z][\w'’-]*)[ ]\Z")
_CAPITALISED_AFTER = re.compile(r"[ ][A-Z]")
# What a street is said after ("lived on 18th Street", "off 18th Street", "at 18th Street").
_STREET_BEFORE = re.compile(r"(?<![\w'’-])(?:on|off|onto|at|along)[ ]+\Z")


def label_known_bodies(spans: Iterable[Span], text: str, known_bodies: frozenset[str]) -> list[Span]:
    """A body of the gazetteers (`known_bodies`, lower case: the street and prison gangs every
    hearing may name, "Norteños", "Sureño", "Bulldogs") written with a capital is an organisation:
    a place, person or group NER read in it is one, and a mention no span covers is added, unless
    it is part of a longer capitalised name ("Fresno Bulldogs" is that name's), opens a sentence
    ("Blood pressure medication") or the text also writes the word in lower case ("blood"); a place
    NER read after "on", "off" or "at" stays one ("I lived on 18th Street")."""
    spans = list(spans)
    if not known_bodies:
        return spans
    lower = lowercase_words(text)
    out = []
    for span in spans:
        name = span.text_in(text).lower()
        street = span.label == "LOCATION" and _STREET_BEFORE.search(text, max(0, span.start - 12), span.start)
        if span.label in ("LOCATION", "PERSON", "NRP") and name in known_bodies and name not in lower:
            span = span if street else span.with_(label="ORGANIZATION")
        out.append(span)
    alternation = "|".join(re.escape(b) for b in sorted(known_bodies, key=len, reverse=True))
    taken = sorted((s.start, s.end) for s in out)
    for match in re.finditer(rf"(?<![\w'’-])(?i:{alternation})(?![\w'’-])", text):
        start, end = match.span()
        i = bisect.bisect_left(taken, (end, end))
        if (
            match.group()[0].isupper()
            and not opens_sentence(text, start)  # "Blood pressure medication": the sentence's capital
            and match.group().lower() not in lower
            and not any(a < end and start < b for a, b in taken[max(0, i - 8) : i])
            and not _CAPITALISED_BEFORE.search(text, max(0, start - 40), start)
            and not _CAPITALISED_AFTER.match(text, end)
        ):
            out.append(Span(start, end, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE))
    return sorted(out)


def drop_documents_and_events(
    spans: Iterable[Span], text: str, events: Iterable[str], documents: frozenset[str] = frozenset()
) -> list[Span]:
    """No organisation whose last word is one of `events` (lower case) when every word before
    it is another of them, one of `documents` (kinds of document, titles, role words, lower
    case) or one the text also writes in lower case: a document's heading or an event
    ("REPORTER'S TRANSCRIPT OF PROCEEDINGS", "Community Listening Session", "the Parole
    Rescission Hearing"), which NER reads as a body; so is one in capitals or opening a line
    (a heading). Any other word before it is a name, kept without the event word: "the Maria
    Lopez Interview", "the Kaiser Permanente Assessment"."""
    kinds = {e.lower() for e in events}
    lower_words = lowercase_words(text)
    out = []
    for span in spans:
        covered = span.text_in(text)
        words = _LETTERS.findall(covered)
        if not (span.label == "ORGANIZATION" and words and words[-1].lower() in kinds):
            out.append(span)
            continue
        head = covered[: covered.rfind(words[-1])].rstrip(" \t\n,;:-")
        before = [w.strip('.,;:()"“”').replace("’", "'").lower() for w in head.split()]
        heading = covered.isupper() or not text[text.rfind("\n", 0, span.start) + 1 : span.start].strip()
        if heading or all(w in kinds or w in documents or w in lower_words for w in before):
            continue
        out.append(span.with_(end=span.start + len(head)))
    return out


_CREDENTIAL_END = re.compile(r"[ \t]*(?:[,.;)]|$)", re.M)


def drop_credentials_after_names(spans: Iterable[Span], text: str, credentials: Sequence[str]) -> list[Span]:
    """One of `credentials` (a degree or licence, merge.toml) right after a person's name and a
    comma, ending the phrase, is the person's credential, no organisation ("Tamsin Bell, RN, ADA
    Support", "Gail Ortiz, LVN."), unless the text spells it out as a body ("Ana Ruiz, OFC" beside
    "the Oromo Federalist Congress"). Any other acronym there is the body the person is with
    ("Agent Lopez, FBI, took over")."""
    known = {c.rstrip(".") for c in credentials}
    spans = sorted(spans)
    out: list[Span] = []
    for span in spans:
        previous = out[-1] if out else None
        if (
            span.label == "ORGANIZATION"
            and previous is not None
            and previous.label == "PERSON"
            and text[previous.end : span.start] == ", "
            and span.text_in(text).rstrip(".") in known
            and _CREDENTIAL_END.match(text, span.end)
            and span.text_in(text) not in expansions(text)
        ):
            continue
        out.append(span)
    return out


# "Tulare County", "RIVERSIDE COUNTY", "san diego county": a county NER may have missed.
_COUNTY = re.compile(r"(?<![\w'’-])(?:(?!The[ ]|THE[ ])[A-Z][\w'’-]*[ ]){1,3}(?:County|COUNTY)(?![\w'’-])")
_NAME_AFTER = re.compile(r"[ ]+[A-Z][a-z]")


def label_agencies_of_places(
    spans: Iterable[Span], text: str, agencies: Sequence[str], openers: frozenset[str] = frozenset()
) -> list[Span]:
    """A county or a town (a LOCATION span, or words ending in "County") right before one of
    `agencies` ("District Attorney", "Sheriff's Office") is part of the agency's name: one
    ORGANIZATION span over both ("for the Tulare County District Attorney"), not a place
    and a title. Not when a capitalised name follows (a person's title: "the Kern County
    District Attorney Lisa Moy"), and "DA" only in capitals. One of `openers` (lower case)
    that opens the sentence is no part of it ("Then Kern County Probation Department")."""
    spans = sorted(spans)
    if not agencies:
        return spans
    words = sorted(agencies, key=len, reverse=True)
    agency = re.compile(
        "[ ]+(?:"
        + "|".join(re.escape(a) if a.isupper() else f"(?i:{re.escape(a)})" for a in words)
        + r")(?![\w'’-])"
    )
    places = [(s.start, s.end) for s in spans if s.label == "LOCATION"]
    places += [_without_sentence_opener(text, *m.span(), openers) for m in _COUNTY.finditer(text)]
    found: dict[int, int] = {}  # the agency's end: the latest start of a place before it
    for start, end in places:
        match = agency.match(text, end)
        if match and not _NAME_AFTER.match(text, match.end()):
            found[match.end()] = max(start, found.get(match.end(), start))
    if not found:
        return spans
    named = sorted((start, end) for end, start in found.items())
    kept = [s for s in spans if not any(s.start < b and a < s.end for a, b in named)]
    return sorted([*kept, *(Span(a, b, "ORGANIZATION", (CONTEXT,), NAMING_SCORE) for a, b in named)])


def _without_sentence_opener(text: str, start: int, end: int, openers: frozenset[str]) -> tuple[int, int]:
    """The name from `start` to `end`, less its first word when that word opens the sentence
    and is one of `openers` ("Then Kern County", "Yesterday Orange County"), but never down to
    "County" alone: a county's own name stays even when the text also writes it in lower case
    ("Orange County ... an orange jumpsuit", "Lake County ... the lake")."""
    words = text[start:end].split()
    if len(words) > 2 and words[0].lower() in openers and opens_sentence(text, start):
        start = text.index(" ", start) + 1
    return start, end


def label_bodies_the_context_names(
    spans: Iterable[Span],
    text: str,
    known_places: frozenset[str],
    place_heads: Sequence[str] = (),
    state_forms: Sequence[str] = (),
) -> list[Span]:
    """A name of two words or more that the text introduces as a body (one is in it, a member
    of it, it has an acronym: `context_rules.learn_organisations`, detector `context`) and
    that NER read as a place is the body, unless it is a known place, ends in one of
    `place_heads` or holds one of `state_forms` ("Lemon Hill Boyz", "Central Valley Homicide
    Survivors, CVHS" are bodies; "Corcoran State Prison (COR)", "the German Democratic
    Republic (GDR)" stay places) or follows "on" (a street: "the Delta Fuel Stop on Charter
    Way")."""
    endings = tuple(f" {h.lower()}" for h in place_heads)
    states = {w.lower() for w in state_forms}
    out = []
    for span in spans:
        if span.label == "LOCATION" and CONTEXT in span.detectors:
            name = " ".join(span.text_in(text).split()).lower()
            if (
                " " in name
                and not name.endswith(endings)
                and not states.intersection(name.split())
                and name not in known_places
                and not name[0].isdigit()
                and not _ON_STREET.search(text, max(0, span.start - 4), span.start)
            ):
                span = span.with_(label="ORGANIZATION")
        out.append(span)
    return out


# A name the text gives a place or a body right after it: "Bridges to Accountability, also
# written B2A", "Restorative Reckoning, which the file also calls R and R", "Kearny Mesa
# Juvenile Hall, Kearny Mesa for short". "called"/"calls"/"call" only with "also", before quotes or,
# after "which"/"that", before "the" ("Camp Ridgeline, which everyone calls the Ridge"): "Stockton,
# called Tony", "Stockton, which is where we called Tony" are persons called on the phone.
_ALIAS_NAME = r"(?P<alias>[A-Z][A-Za-z0-9&'’-]*(?:[ ](?:and|&|of|[A-Z][A-Za-z0-9&'’-]*)){0,4})"
_ALIAS_AFTER = re.compile(
    r",?[ ]+(?:(?:(?:which|that)[ ](?:[a-z]+[ ]){0,3}?)?also[ ](?:written|called|calls|known[ ]as)"
    r"|(?:which|that)[ ](?:[a-z]+[ ]){0,3}?(?:know[ ]as|(?:called|calls|call)(?=[ ]+(?:the[ ]+|[\"“])))"
    r"|(?:also[ ])?(?:written|known[ ]as|abbreviated(?:[ ]as|[ ]to)?|shortened[ ]to)"
    rf"|(?:called|calls)(?=[ ]+(?:the[ ]+)?[\"“]))[ ]+(?:the[ ]+)?[\"“]?{_ALIAS_NAME}"
)
_FOR_SHORT = re.compile(rf",[ ]+{_ALIAS_NAME}[ ]+for[ ]+short\b")
_JOINER_AT_END = re.compile(r"(?:[ ](?:and|&|of))+\Z")


def label_aliases(spans: Iterable[Span], text: str) -> list[Span]:
    """The other name the text gives a place or an organisation right after naming it ("X,
    also written B2A", "X, which the file also calls R and R", "X, Kearny Mesa for short")
    takes its label at every mention written the same way, whatever NER made of it or missed."""
    spans = sorted(spans)
    label_of: dict[str, str] = {}
    for span in spans:
        if span.label in ("ORGANIZATION", "LOCATION"):
            match = _ALIAS_AFTER.match(text, span.end) or _FOR_SHORT.match(text, span.end)
            alias = _JOINER_AT_END.sub("", match.group("alias")) if match else ""
            if len(alias) >= 2 and alias != span.text_in(text):
                label_of.setdefault(alias, span.label)
    if not label_of:
        return spans
    by_extent = {(s.start, s.end): s for s in spans}
    pattern = "|".join(re.escape(a) for a in sorted(label_of, key=len, reverse=True))
    for match in re.finditer(rf"(?<![\w'’-])(?:{pattern})(?![\w'’-])", text):
        label = label_of[match.group()]
        same = by_extent.get(match.span())
        if same is not None:
            by_extent[match.span()] = same.with_(label=label)
        elif not any(s.start < match.end() and match.start() < s.end for s in by_extent.values()):
            by_extent[match.span()] = Span(*match.span(), label, (CONTEXT,), NAMING_SCORE)
    return sorted(by_extent.values())


_NAME_BEFORE_COMMA = re.compile(rf"(?<![\w'’.-])(?P<name>{NAME}),[ ]+\Z")
_PERSON_LABELS = ("PERSON", "SPELLED_NAME")


def label_premises_before_addresses(
    spans: Iterable[Span],
    text: str,
    known_places: frozenset[str] = frozenset(),
    openers: frozenset[str] = frozenset(),
) -> list[Span]:
    """A name of two words or more that nothing tagged, right before a comma and a street
    address ("Harbor of Hope Residence, 2214 Q Street, Bakersfield"), is the name of the
    premises there, an ORGANIZATION: a transitional house, a firm, a church. Not a known
    place, and not a name with a word of a person's name in the document ("Loretta Pruitt,
    18 Elm Street" where NER missed her): persons have addresses too. One of `openers`
    (lower case) that opens the sentence is no part of the name ("Then Harbor of Hope
    Residence, ..."); a word the text also writes in lower case is ("Orange Harbor Residence"
    beside "an orange jumpsuit")."""
    spans = sorted(spans)
    addresses = [s for s in spans if s.label == "LOCATION" and text[s.start : s.start + 1].isdigit()]
    if not addresses:
        return spans
    person_words = {w.lower() for s in spans if s.label in _PERSON_LABELS for w in s.text_in(text).split()}
    starts = [s.start for s in spans]
    added = []
    for address in addresses:
        match = _NAME_BEFORE_COMMA.search(text, max(0, address.start - 80), address.start)
        if not match:
            continue
        start, end = match.span("name")
        words = match.group("name").split()
        if words[0].lower() in openers and opens_sentence(text, start):
            start += len(words.pop(0)) + 1
        name = " ".join(words)
        i = bisect.bisect_left(starts, end)
        overlapped = any(s.start < end and start < s.end for s in spans[max(0, i - 3) : i + 1])
        if (
            len(words) >= 2
            and not overlapped
            and name.lower() not in known_places
            and not any(w.lower() in person_words for w in words)
        ):
            added.append(Span(start, end, "ORGANIZATION", (CONTEXT,), CONTEXT_SCORE))
    return sorted([*spans, *added])
