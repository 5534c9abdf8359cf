"""How a name found once is found in its other mentions, as names are written (issue 12).

Called by `merge.merge_spans` (rules 7 and 10) and by the cover-name recognizer of
`detectors/presidio_detector.py`. A name is the same name in another case ("JONES" in a
speaker tag) but not in lower case, where it is an ordinary word ("will" is not "Will",
"long" not Mr. Long), unless the text does not capitalise names (lower-case speech):

- `name_terms`: the words a cover page's names are written with in the transcript.
- `relabel_known_persons`: a place, organisation or group that is a known person's name.
- `propagate`: every other mention of an accepted name, identifier or learnt
  organisation, and the parts of a full name; a function word capitalised only because
  it opens a sentence ("Last name?", "Your") is no mention.
- `propagate_lower_case_names`: in lower-case speech (ASR output), the other mentions of
  a name the context showed, its surname only after a title where the text also uses it
  as an ordinary word ("miss long", not "a long time"; "counselor may", not "you may").
- `complete_interrupted_names`: a name cut off by the next speaker is one on both sides
  of the cut ("Dayton Dub--" / "--ois").
- `drop_sentence_initial_homographs` / `is_sentence_initial_homograph`: a propagated
  one-word name or an NER guess of one that opens a sentence, or stands before its number,
  and that the document also writes in lower case is the ordinary word ("Long story short"
  beside Mr. Long and "a long night"; a footer's "Page 7 of 10" beside Mr. Page).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from reviewer_app.core.context_rules import CONTEXT, is_positional_capital, opens_sentence
from reviewer_app.core.context_rules import _names_are_capitalised as names_are_capitalised
from reviewer_app.core.name_rules import (
    NAME_SUFFIXES,
    PRONOUNS,
    PROPAGATION,
    PROPAGATION_SCORE,
    STRUCTURE,
    after_word,
)
from reviewer_app.core.person_words import person_words, personal_titles
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import NER_DETECTORS
from reviewer_app.core.term_patterns import term_alternation

if TYPE_CHECKING:
    from reviewer_app.core.merge import MergeRules

_SENTENCE_STOP = re.compile(r"[.?!]")
# Courtesy titles that are no other word (unlike "miss", "judge", "chair").
_ONLY_TITLES = frozenset({"mister", "mr", "mrs", "ms", "mx"})
# A line that goes on from a line ending in a word or a comma: a sentence wrapped by the
# layout ("... Commissioner\nMarsh, M-A-R-S-H, is with me"), not one that opens there.
_WRAPPED_LINE = re.compile(r"[\w,][ \t]*\n[ \t]*\Z")
# A number right after a word: "Page 7", "PAGE 2".
_NUMBER_AFTER = re.compile(r"[ \t]+\d")
_MULTIWORD_NAME = re.compile(r"[A-Z][a-z][\w'’&.-]*(?:[ ](?:[a-z]{1,4}[ ])?[A-Z][a-z][\w'’&.-]*)+")
# A title right before a position, and the word before the title (if on the same line).
_TITLE_BEFORE = re.compile(r"(?:(?<![\w'’-])(?P<before>[\w'’-]+)[ ]+)?(?P<title>[a-z]+)[.,]?[ ]+\Z")


def name_terms(names: Iterable[str]) -> tuple[str, ...]:
    """Each full name, each of its parts (initials and suffixes left out) and a
    compound surname: how a person named on the cover page is written in the
    transcript ("Ingrid Dela Pena": "Ingrid", "DELA PENA")."""
    terms: list[str] = []
    for name in names:
        full = " ".join(name.replace(",", " ").split())
        parts = [
            part.strip(".'")
            for part in full.split()
            if len(part.strip(".'")) >= 2
            and not part.endswith(".")
            and part.strip(".'").lower() not in NAME_SUFFIXES
        ]
        terms += [full, *parts] if full else []
        if len(parts) >= 3:
            terms.append(" ".join(parts[1:]))
    return tuple(dict.fromkeys(terms))


def relabel_known_persons(
    spans: Sequence[Span], text: str, rules: MergeRules, person_names: Iterable[str] = ()
) -> list[Span]:
    """A place, organisation or group whose text is a known person's name is a
    PERSON: NER takes "Georgia" or "Dallas" for a place (the paper's commonest
    confusion, Table 4), but not when the cover page names "Georgia Dallas"
    (`person_names`, with their parts) or the document has it as a PERSON span
    elsewhere ("Dr. Truong" makes another "Truong" a PERSON; "Navarro-Quinn" another
    "Quinn"), or when each of its words is ("Sione Tuilagi" beside "my uncle Sione" and
    "Marcus Tuilagi"). A group needs the
    whole name: a part of a longer one is no reason ("Idre Nya Sami", a village NER
    took for a person, leaves "the Sami" a people). Runs before the zero-shot
    refinement, which would otherwise give it a fine place label."""
    whole = {term.lower() for term in name_terms(person_names)}
    parts: set[str] = set()
    for span in spans:
        if span.label == "PERSON":
            covered = span.text_in(text)
            whole.add(" ".join(covered.split()).lower())
            # Each half of a double surname too: "Jesse Navarro-Quinn" ... "Quinn".
            parts.update(part.lower() for part in _name_parts(covered.replace("-", " "), rules))
    whole.discard("")
    names = whole | parts

    def is_known(span: Span) -> bool:
        covered = " ".join(span.text_in(text).split()).lower()
        if span.label == "NRP":
            return covered in whole
        # "The offer letter from Sione Tuilagi" (an ORG to NER) beside "my uncle Sione"
        # and "Marcus Tuilagi": every word a known person's.
        return covered in names or (" " in covered and all(w in names for w in covered.split()))

    return [
        s.with_(label="PERSON") if s.label in ("LOCATION", "ORGANIZATION", "NRP") and is_known(s) else s
        for s in spans
    ]


def propagate(spans: Sequence[Span], text: str, rules: MergeRules) -> list[Span]:
    """Add every occurrence of an accepted PERSON, CDCR_ID or SPELLED_NAME string,
    of each part of a full name, of an organisation (place, group) learnt from context
    (`context_rules.learn_organisations`) and of an organisation's name of two capitalised
    words or more that NER found once ("Amity Foundation"; not an acronym, "the ER"), that no
    span covers yet. Names match
    whatever their case ("JONES" in a speaker tag) except all lower case ("will"
    is not "Will")."""
    label_of: dict[str, str] = {}
    for span in spans:
        covered = span.text_in(text)
        if len(covered) >= 2 and (
            span.label in rules.propagate_labels
            or (span.label in ("ORGANIZATION", "LOCATION", "NRP") and CONTEXT in span.detectors)
            # An organisation's name of two capitalised words or more, as NER read it once.
            or (span.label == "ORGANIZATION" and _MULTIWORD_NAME.fullmatch(covered) is not None)
        ):
            label_of.setdefault(covered.lower(), span.label)
    for span in spans:
        if span.label == "PERSON":
            # "Tyrone Torres" found once makes a later "Torres" a name too.
            for part in _name_parts(span.text_in(text), rules):
                label_of.setdefault(part.lower(), "PERSON")
    if not label_of:
        return list(spans)
    alternation = term_alternation(label_of, re.IGNORECASE)  # as a tree: read once, not per name
    pattern = re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", re.IGNORECASE)
    taken = _sorted(spans)
    starts = [s.start for s in taken]
    ends_max = _running_max_end(taken)
    added = []
    for match in pattern.finditer(text):
        found = match.group()
        if found.islower() and any(c.isalpha() for c in found):
            continue
        i = bisect.bisect_left(starts, match.end()) - 1
        if i >= 0 and ends_max[i] > match.start():
            continue  # overlaps a span already there
        label = label_of.get(" ".join(found.split()).lower(), label_of.get(found.lower()))
        if label is None:
            continue
        proposed = Span(match.start(), match.end(), label, (PROPAGATION,), PROPAGATION_SCORE)
        if not is_positional_capital(proposed, text, rules.function_words):  # "Last name?"
            added.append(proposed)
    return _sorted([*spans, *added])


def _name_parts(name: str, rules: MergeRules) -> list[str]:
    """The words of a full name that are names on their own. A role noun that opens the
    span is the speaker's role that NER took into the name ("Dispatcher K. Vanterpool",
    "Petitioner Saul Ordonez", "People v. Kosinski"), not a given name: every "DISPATCHER:"
    tag of the call is no person."""
    words = name.split()
    if len(words) < 2:
        return []
    if words[0].lower() in rules.role_nouns:
        words = words[1:]
    return [
        w
        for w in words
        if len(w) >= 3
        and w[0].isupper()
        # A double surname too: "Ms. Nwosu-Hart" makes "RACHEL NWOSU-HART" a name.
        and w.replace("-", "").isalpha()
        and not w.startswith("-")
        and not w.endswith("-")
        and w.lower() not in rules.titles
        # A word of letters alone is its own `whitelist_terms.normalise_term` in lower case.
        and w.lower() not in rules.whitelist
    ]


def propagate_lower_case_names(
    spans: Sequence[Span],
    text: str,
    stop_words: frozenset[str],
    titles: frozenset[str],
    determiners: frozenset[str] = frozenset(),
) -> list[Span]:
    """In a text that does not capitalise names, the other mentions of a name that the
    context showed in lower case ("my name is patrice long" ... "hi patrice"; not an NER
    guess, which a text in another language may make of an ordinary word): its first word
    everywhere, its other words only after a title ("miss long", not "a long time"), or
    everywhere when the text never has them after a stop word as an ordinary word ("doctor
    sandhu" ... "is that amarjit sandhu", but not "how long", "a long week"); not the words of
    a nickname after an initial ("t money" ... "she needed money"). A title
    counts when no determiner or pronoun stands before it ("counselor may", not "the
    counselor may"); a surname that is a stop word or a month ("tamika may") is a name
    there only, beside "you may" and "in may" (`determiners`, lower case)."""
    if names_are_capitalised(text):
        return list(spans)
    anywhere: set[str] = set()
    after_title: set[str] = set()
    common: set[str] = set()
    for span in spans:
        covered = span.text_in(text)
        # A nickname after an initial ("t money", "t bone") is that whole: "money" alone is the word.
        initialled = len(covered.split()[0]) == 1
        if span.label == "PERSON" and covered.islower() and STRUCTURE in span.detectors and not initialled:
            # A name after a title ("miss long", "captain ines valderrama") only after a title.
            # A personal title the text uses as one counts too ("and chair sharp").
            titled = covered.split()[0].rstrip(".") in titles or after_word(
                text, span.start, titles | personal_titles()
            )
            words = [w for w in covered.split() if len(w) >= 3 and w not in stop_words | PRONOUNS | titles]
            if words and words[0] == covered.split()[0] and not titled:
                anywhere.add(words[0])
            after_title.update(words)
            # A surname that is a function word or a month ("tamika may") only right after a
            # title used as one: "counselor may", not "the counselor may", "you may", "in may".
            common.update(w for w in covered.split()[1:] if w in stop_words and w not in PRONOUNS | titles)
    if not after_title and not common:
        return list(spans)
    ordinary = {
        match.group()
        for match in re.finditer(r"(?<![\w'’-])[a-z][a-z'’-]+(?![\w'’-])", text)
        # "a sharp change" beside "chair sharp": after a determiner too.
        if match.group() in after_title
        and after_word(text, match.start(), (stop_words | PRONOUNS | determiners) - titles)
    }
    # A first name the text also writes after a determiner is the ordinary word there ("he
    # ran a crane" beside "mister crane"; not "thank you devika").
    anywhere -= {
        match.group()
        for match in re.finditer(r"(?<![\w'’-])[a-z][a-z'’-]+(?![\w'’-])", text)
        if match.group() in anywhere and after_word(text, match.start(), determiners - titles)
    }
    anywhere |= after_title - ordinary
    taken = _sorted(spans)
    starts = [s.start for s in taken]
    ends = list(itertools.accumulate((s.end for s in taken), max))
    added = []
    # A name's possessive is the name and its "'s": "the pipe is boo's" beside "they call him boo".
    for match in re.finditer(r"(?<![\w'’-])(?P<word>[a-z][a-z'’-]+?)(?:['’]s)?(?![\w'’-])", text):
        word = match.group("word")
        if word not in anywhere and not (
            word in after_title | common
            and _after_title_used_as_one(text, match.start(), titles, determiners)
        ):
            continue
        i = bisect.bisect_left(starts, match.end("word")) - 1
        if i >= 0 and ends[i] > match.start():
            continue  # a span covers it
        added.append(Span(match.start(), match.end("word"), "PERSON", (PROPAGATION,), PROPAGATION_SCORE))
    return _sorted([*spans, *added])


def _after_title_used_as_one(
    text: str, start: int, titles: frozenset[str], determiners: frozenset[str]
) -> bool:
    """Whether the word at `start` follows a title that no determiner or pronoun stands
    before ("okay counselor may", not "the counselor may" or "your counselor may"), or a
    title that is no other word after anything ("thank you mister crane")."""
    title = _TITLE_BEFORE.search(text, max(0, start - 60), start)
    return bool(
        title
        and title.group("title") in titles
        and (title.group("title") in _ONLY_TITLES or title.group("before") not in determiners | PRONOUNS)
    )


def drop_sentence_initial_homographs(
    spans: Iterable[Span], text: str, lowercase_words: frozenset[str]
) -> list[Span]:
    """Without a one-word name that `is_sentence_initial_homograph`, propagated or an NER
    guess of a person ("Height and weight." beside "your height"; where the text capitalises
    names, for one that does not writes them in lower case: "Darnell, you were" beside "for
    darnell wheat"). An NER guess stays where the context names the word a person elsewhere
    (`we call her "Peaches"` beside "Peaches is seventeen" and "canned peaches"), or where the
    text uses it as a person (`_used_as_person`: "Rose called the police" beside "a rose")."""
    spans = list(spans)
    cased = names_are_capitalised(text)
    named = {s.text_in(text).lower() for s in spans if s.label == "PERSON" and CONTEXT in s.detectors}
    homographs = [
        span
        for span in spans
        if (
            span.detectors == (PROPAGATION,)
            or (
                cased
                and span.label == "PERSON"
                and set(span.detectors) <= NER_DETECTORS
                and span.text_in(text).lower() not in named
            )
        )
        and is_sentence_initial_homograph(text, span.start, span.end, lowercase_words)
    ]
    guessed = {s.text_in(text) for s in homographs if s.detectors != (PROPAGATION,)}
    persons = {word for word in guessed if _used_as_person(text, word, spans)}
    return [
        span
        for span in spans
        if span not in homographs or (span.detectors != (PROPAGATION,) and span.text_in(text) in persons)
    ]


def _used_as_person(text: str, word: str, spans: Sequence[Span]) -> bool:
    """Whether the text uses `word` (title case) as a person's name somewhere: as the first
    name of a PERSON span with a surname ("Rose Alvarez"), as a PERSON that does not open a
    sentence (one after a title too: "Dr. Bill"), or as the subject of a person's verb ("Rose
    called the police", "Mark drives up", "Hunter was with me"), so every mention of it is
    the name."""
    for span in spans:
        covered = span.text_in(text)
        words = covered.split()
        if span.label == "PERSON" and (
            (len(words) > 1 and words[0] == word)
            or (covered == word and not opens_sentence(text, span.start))
        ):
            return True
    name, verbs = re.escape(word), "|".join(sorted(person_words("subject_verbs")))
    as_person = re.compile(rf"(?<![\w'’-]){name}[ ]+(?:{verbs}|[a-z]{{2,}}ed)(?![\w'’-])")
    return bool(as_person.search(text))


def is_sentence_initial_homograph(text: str, start: int, end: int, lowercase_words: frozenset[str]) -> bool:
    """Whether a name found by its letters alone (propagated, or from the cover's list of
    names) is the ordinary word that the document writes in lower case elsewhere
    (`lowercase_words`): one word in title case that opens a sentence (not after "Mr.",
    nor a line the layout wrapped) without ending it ("Long story", "Long term I want",
    "Big, like six-four"; not the answer "Long."), one before its number ("Page 7 of 10",
    "DECISION PAGE 2" of a footer beside Mr. Page and "on page 14"), or one in capitals
    on a line of its own (an index's column heading "PAGE")."""
    covered = text[start:end]
    if " " in covered or covered.lower() not in lowercase_words:
        return False
    if _NUMBER_AFTER.match(text, end) or (covered.isupper() and _alone_on_line(text, start, end)):
        return True
    return (
        covered.istitle()
        and opens_sentence(text, start)
        and not _WRAPPED_LINE.search(text, max(0, start - 80), start)
        and not _SENTENCE_STOP.match(text, end)
    )


def _alone_on_line(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    after = text[end : len(text) if line_end < 0 else line_end]
    return not text[line_start:start].strip() and not after.strip()


_INTERRUPTION = re.compile(r"(?P<fragment>[ ][A-Za-z]+)?--\n[^:\n]{1,60}: --(?P<rest>[A-Za-z]+)")


def complete_interrupted_names(spans: Iterable[Span], text: str) -> list[Span]:
    """A name cut off by the next speaker is a name on both sides of the cut:
    "... was Dayton Dub--" / "SPEAKER: --ois." gives "Dayton Dub" and "ois"."""
    spans = _sorted(spans)
    starts = [s.start for s in spans]
    out = []
    for span in spans:
        if span.label == "PERSON":
            cut = _INTERRUPTION.match(text, span.end)
            if cut:
                if cut.group("fragment"):
                    span = span.with_(end=cut.end("fragment"))
                rest = Span(cut.start("rest"), cut.end("rest"), "PERSON", (PROPAGATION,), PROPAGATION_SCORE)
                i = bisect.bisect_left(starts, rest.start)
                if i >= len(spans) or spans[i].start >= rest.end:
                    out.append(rest)
        out.append(span)
    return _sorted(out)


def _running_max_end(spans: Sequence[Span]) -> list[int]:
    return list(itertools.accumulate((span.end for span in spans), max))


def _sorted(spans: Iterable[Span]) -> list[Span]:
    return sorted(spans, key=lambda s: (s.start, s.end, s.label))
