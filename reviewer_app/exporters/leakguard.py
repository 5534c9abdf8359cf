"""The leak guard: refuse an export whose text still contains a known identifier.

Known identifiers are the texts of the accepted spans, the parts of every accepted
name, the names on the cover page (`document.metadata.names()`) and in the speaker tags
(`display_names.names_in_speaker_tags`: found or not by detection) and their parts, every
variant of a name cluster, and the spelled forms of all of these names ("R-I-C-H...").
A span replaced without a decision (a draft's pending span) adds none: a false
detection ("Training Facility" as a person) must not make "facility" a leak. Labels
are compared case-insensitively ("person" is PERSON).

Terms and output are read the same way (`guard_text`: NFKC, casefold, ignorable
characters dropped, accents stripped, look-alike letters folded) and compared on their
letters and digits (`guard_match`: whole words, a hyphen or line-break hyphen inside a
word joined, plurals, names run together, identifiers whatever their separators).

A name part that is also an ordinary English word (`ordinary_words`: "Long", "Will",
"Young") counts where it is written as a name: capitalised mid-sentence, after a title,
in capitals in a speaker tag or a line in capitals, on the cover page; not as the
lower-case word. In a text without case (all lower or all upper) every use counts.
The report says so on each such hit.

Not findings (`GuardExemptions`): places a reviewer marked "not identifying here"
(`allowed_at`); the stretches of rejected spans, except a person's name (a reviewer
decided that this text, there, is no identifier); words passed in `allow`; and
whitelisted terms.

Deliberately not terms: single characters and numbers of one or two digits (an age of
"33" cannot be told from "33" pages); the texts of quantity labels (`unguarded_labels`
in `resources/tags.toml`: an AGE of "nine" is not "step nine"); a name part on its own
that is a function word (`[leak_guard]` in `resources/tags.toml`: the "In" of a
cut-off "Andrew In--"); the replaced stretches of the output themselves.
"""

from __future__ import annotations

import bisect
import functools
import tomllib
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from reviewer_app.core.clusters import Cluster, name_parts, person_titles
from reviewer_app.core.display_names import names_in_speaker_tags
from reviewer_app.core.document import Document
from reviewer_app.core.guard_exemptions import NO_EXEMPTIONS, GuardExemptions
from reviewer_app.core.merge import default_rules
from reviewer_app.core.person_words import person_words
from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words, spoken_words
from reviewer_app.exporters.guard_match import Matcher, pattern_for
from reviewer_app.exporters.guard_text import fold, fold_words
from reviewer_app.exporters.ordinary_words import is_ordinary_word
from reviewer_app.paths import resource

MIN_SPELLED_LETTERS = 3
PERSON = "PERSON"
ORDINARY_WORD_NOTE = "also an ordinary English word: counted where written as a name"
JOINED_PARTS = "joined name parts"
# Sections of a hearing transcript whose lines are lists of names, not sentences.
HEADER_SECTIONS = ("cover", "certificate")


@dataclass(frozen=True)
class LeakTerm:
    words: tuple[str, ...]  # folded words
    kind: str  # "span", "name part", "cover page", "speaker tag", "cluster variant", "spelled name"
    label: str

    @property
    def mode(self) -> str:
        if self.kind == "spelled name":
            return "letters"
        return "compact" if any(c.isdigit() for w in self.words for c in w) else "words"

    @property
    def ordinary(self) -> bool:
        """A one-word name (part) that is also an ordinary English word: counted only
        where written as a name."""
        return (
            self.label == PERSON
            and self.mode == "words"
            and len(self.words) == 1
            and is_ordinary_word(self.words[0])
        )


@dataclass(frozen=True)
class LeakHit:
    """A known identifier found at `output[start:end]`."""

    start: int
    end: int
    kind: str
    label: str
    found: str  # the leaked text itself: show it to the reviewer, never log it
    note: str = ""  # how the term was matched, when that needs saying (no text)

    def describe(self, output: str) -> str:
        """Where the hit is, without its text (safe to log)."""
        line = output.count("\n", 0, self.start) + 1
        column = self.start - (output.rfind("\n", 0, self.start) + 1) + 1
        note = f"; {self.note}" if self.note else ""
        return f"line {line}, column {column} (offset {self.start}): {self.kind} ({self.label}){note}"


class LeakFound(Exception):
    """The export was refused: `hits` lists what was found where."""

    def __init__(self, hits: Sequence[LeakHit], output: str) -> None:
        self.hits = tuple(hits)
        lines = [h.describe(output) for h in self.hits[:20]]
        more = f"\n... and {len(self.hits) - 20} more" if len(self.hits) > 20 else ""
        super().__init__(
            f"export refused: {len(self.hits)} known identifier(s) remain in the text:\n"
            + "\n".join(lines)
            + more
        )


@functools.cache
def _guard_settings() -> dict:
    with resource("tags.toml").open("rb") as fh:
        return tomllib.load(fh).get("leak_guard", {})


@functools.cache
def function_words() -> frozenset[str]:
    return frozenset(w.casefold() for w in _guard_settings().get("function_words", []))


@functools.cache
def unguarded_labels() -> frozenset[str]:
    return frozenset(label.upper() for label in _guard_settings().get("unguarded_labels", []))


@functools.cache
def bare_number_labels() -> frozenset[str]:
    return frozenset(label.upper() for label in _guard_settings().get("bare_number_labels", []))


# Words that say a number, besides the number words: "a hundred and forty".
_NUMBER_JOINERS = frozenset({"a", "and"})


# A run of this many single digits said one by one is an identifier's reading, never a sum's.
_READ_OUT_DIGITS = 3


def _said_in_number_words(words: tuple[str, ...]) -> bool:
    """Whether `words` say a number as a sum is said ("forty", "two eighty-five"), not digit by
    digit as an identifier is read ("four eight two nine one": searched for like any other)."""
    if not words or not all(w in number_words() or w in _NUMBER_JOINERS for w in words):
        return False
    digits, run = spoken_words().units, 0
    for word in words:
        run = run + 1 if word in digits else 0
        if run >= _READ_OUT_DIGITS:
            return False
    return True


@functools.cache
def _not_names() -> frozenset[str]:
    """The words a speaker tag holds that name no one: roles, titles, determiners, function words."""
    rules = default_rules()
    return rules.role_nouns | rules.titles | rules.determiners | rules.function_words | rules.person_cues


def _worth_guarding(words: tuple[str, ...]) -> bool:
    joined = "".join(words)
    if len(joined) < 2 or (len(words) == 1 and joined in function_words()):
        return False
    return not (joined.isdigit() and len(joined) <= 2)


def _spelled(words: tuple[str, ...]) -> tuple[str, ...] | None:
    letters = "".join(words)
    if len(letters) < MIN_SPELLED_LETTERS or not letters.isalpha():
        return None
    return tuple(letters)


def leak_terms(
    document: Document,
    spans: Sequence[Span],
    clusters: Iterable[Cluster] = (),
    extra_names: Iterable[str] = (),
    undecided: Collection[int] = (),
) -> list[LeakTerm]:
    """Everything that must not appear in the published text of `document`.

    `undecided` are indices into `spans` of spans replaced without a reviewer's
    decision (a draft's pending spans): they add no term, and neither do the cluster
    variants they bring (cluster members index `spans`).
    """
    text = document.text
    undecided = frozenset(undecided)
    terms: dict[tuple[str, ...], LeakTerm] = {}

    def add(surface: str, kind: str, label: str) -> None:
        words = fold_words(surface)
        if _worth_guarding(words):
            terms.setdefault(words, LeakTerm(words, kind, label))

    def add_name(name: str, kind: str) -> None:
        add(name, kind, PERSON)
        for part in name_parts(name):
            if not part.is_title:
                add(name[part.start : part.end], "name part", PERSON)
                spelled = _spelled(fold_words(part.key))
                if spelled:
                    terms.setdefault(spelled, LeakTerm(spelled, "spelled name", PERSON))

    skip, bare = unguarded_labels(), bare_number_labels()
    for i, span in enumerate(spans):
        if i in undecided:
            continue
        surface, label = span.text_in(text), span.label.upper()
        if label == PERSON:
            add_name(surface, "span")
        elif label not in skip and not (label in bare and _said_in_number_words(fold_words(surface))):
            add(surface, "span", label)
    for name in (*document.metadata.names(), *extra_names):
        add_name(name, "cover page")
    # A name in a speaker tag is searched for whether or not detection tagged it ("Rivers (Guest):").
    for name in names_in_speaker_tags(
        text, document.speaker_tags(), _not_names(), person_words("device_words")
    ):
        add_name(name, "speaker tag")
    for cluster in clusters:
        if undecided:
            variants = [
                spans[i].text_in(text) for i in cluster.members if i < len(spans) and i not in undecided
            ]
        else:
            variants = list(cluster.variants)
        for variant in dict.fromkeys(variants):
            add_name(variant, "cluster variant")
    return list(terms.values())


def find_leaks(
    output: str,
    terms: Iterable[LeakTerm],
    masked: Iterable[tuple[int, int]] = (),
    allow: Iterable[str] = (),
    headers: Iterable[tuple[int, int]] = (),
    cased: bool | None = None,
) -> list[LeakHit]:
    """Every place in `output` where a term occurs, outside `masked`.

    `masked` are the stretches the pseudonymizer wrote (the tags); `allow` are words or
    phrases a reviewer explicitly accepted as not identifying; `headers` are stretches
    of `output` whose lines are lists of names (the cover page), where a capitalised
    ordinary word at the start of a line is still written as a name; `cased` says
    whether the text marks names by case (by default: judged from `output`).
    """
    allowed = {fold_words(a) for a in allow}
    terms = [t for t in terms if t.words not in allowed]
    person_parts = [
        t.words[0] for t in terms if t.label == PERSON and t.mode == "words" and len(t.words) == 1
    ]
    matcher = Matcher(
        (pattern_for(t.words, t.mode, t) for t in terms),
        joinable_parts=person_parts,
        joined_payload=LeakTerm((), JOINED_PARTS, PERSON),
    )
    chars = list(output)
    for start, end in masked:
        chars[start:end] = " " * (end - start)
    visible = "".join(chars)
    folded = fold(visible)
    cased = _has_case(visible) if cased is None else cased
    header_ranges = sorted(headers)
    hits: list[LeakHit] = []
    for match in matcher.find(folded.text):
        term: LeakTerm = match.payload  # type: ignore[assignment]
        start, end = folded.span(match.start, match.end)
        note = ""
        # Name parts run together may make a word too ("Lee" + "Ward": "leeward").
        joined_word = term.kind == JOINED_PARTS and is_ordinary_word(folded.text[match.start : match.end])
        if cased and (term.ordinary or joined_word):
            if not written_as_name(output, start, end, _inside(header_ranges, start)):
                continue
            note = ORDINARY_WORD_NOTE
        hits.append(LeakHit(start, end, term.kind, term.label, output[start:end], note))
    return hits


def _inside(ranges: Sequence[tuple[int, int]], offset: int) -> bool:
    i = bisect.bisect_right(ranges, (offset, float("inf"))) - 1
    return i >= 0 and ranges[i][0] <= offset < ranges[i][1]


def _has_case(text: str) -> bool:
    """The text uses case to mark names: some upper-case letters, mostly lower-case
    ones. An all-lower (speech recognition) or all-upper text does not."""
    upper = sum(map(str.isupper, text))
    lower = sum(map(str.islower, text))
    letters = upper + lower
    return letters > 0 and upper >= 0.005 * letters and lower >= 0.2 * letters


_OPENERS = "\"'“‘([{«‹-–—*_ \t"
_SENTENCE_ENDS = ".!?:;"


def written_as_name(output: str, start: int, end: int, in_header: bool = False) -> bool:
    """`output[start:end]` (a word that is also an ordinary word) is written as a name:
    after a title ("Mr. Long"), capitalised but not first in a sentence, capitalised at
    the start of a line of a header (the cover page), or in capitals where everything
    on its line before it is in capitals too (a speaker tag, a heading)."""
    letters = [c for c in output[start:end] if c.isalpha()]
    if _after_title(output, start):
        return True
    if not letters or not letters[0].isupper():
        return False
    line_start = output.rfind("\n", 0, start) + 1
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return not any(c.islower() for c in output[line_start:start])
    i = start
    while i > line_start and output[i - 1] in _OPENERS:
        i -= 1
    if i == line_start:
        return in_header
    return output[i - 1] not in _SENTENCE_ENDS


def _after_title(output: str, start: int) -> bool:
    """The word before `start` is a person's title ("Mr.", "Commissioner")."""
    before = output[max(0, start - 40) : start].rstrip(" .\t")
    words = before.split()
    return bool(words) and words[-1].strip(".,").casefold() in person_titles()


class _OutputMap:
    """Offsets between the original text and a pseudonymized output (bisect over the
    replacements, which are in order)."""

    def __init__(self, result: PseudonymizedText) -> None:
        self.replacements = result.replacements
        self.out_starts = [r.out_start for r in result.replacements]
        self.sources = [r.span.start for r in result.replacements]

    def to_source(self, offset: int) -> int:
        i = bisect.bisect_right(self.out_starts, offset) - 1
        if i < 0:
            return offset
        r = self.replacements[i]
        return r.span.start if offset < r.out_end else offset + r.span.end - r.out_end

    def to_output(self, offset: int) -> int:
        i = bisect.bisect_right(self.sources, offset) - 1
        if i < 0:
            return offset
        r = self.replacements[i]
        return r.out_start if offset < r.span.end else offset + r.out_end - r.span.end


def leak_hits(
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    exemptions: GuardExemptions = NO_EXEMPTIONS,
) -> list[LeakHit]:
    """What the leak guard finds in `result` (what `check_pseudonymized` refuses on).

    `spans` are the spans `result` replaced; `exemptions.undecided` the indices of those
    replaced without a decision (they add no term). A hit lying inside a stretch of
    `exemptions.allowed_at` (offsets of the original text) is not reported, nor one
    inside a rejected span unless it is a person's name: a rejected "CALIFORNIA" on the cover is no place
    there, but a rejected "RICHARDSON" where Richardson is an accepted name is more
    likely a slip than a decision, and "Not identifying here" says it explicitly.
    Whitelisted terms (`resources/whitelist.txt`, "California Code of Regulations") are
    not sensitive by definition, so a known word inside one is not a hit.
    """
    terms = leak_terms(document, spans, result.clusters, undecided=exemptions.undecided)
    masked = [(r.out_start, r.out_end) for r in result.replacements]
    offsets = _OutputMap(result)
    headers = [
        (offsets.to_output(s.start), offsets.to_output(s.end))
        for s in document.sections
        if s.name in HEADER_SECTIONS
    ]
    found = find_leaks(result.text, terms, masked, exemptions.allow, headers, _has_case(document.text))
    excused = _Excused(exemptions)
    return [
        hit
        for hit in _outside_whitelist(result.text, found)
        if not excused(hit, offsets.to_source(hit.start), offsets.to_source(hit.end))
    ]


class _Excused:
    """Whether a hit at [start, end) of the original text is excused by a reviewer's
    decision there: a place marked not identifying, or a rejected span (unless the hit
    is a person's name)."""

    def __init__(self, exemptions: GuardExemptions) -> None:
        self.allowed = sorted(exemptions.allowed_at)
        self.rejected = sorted((s.start, s.end) for s in exemptions.rejected)

    def __call__(self, hit: LeakHit, start: int, end: int) -> bool:
        return _covered(self.allowed, start, end) or (
            hit.label != PERSON and _covered(self.rejected, start, end)
        )


def _covered(ranges: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """[start, end) lies inside one of `ranges` (sorted by start)."""
    i = bisect.bisect_right(ranges, (start, float("inf")))
    return any(s <= start and end <= e for s, e in ranges[:i])


def _outside_whitelist(text: str, hits: list[LeakHit]) -> list[LeakHit]:
    """The hits that do not lie inside a whitelisted term; a hit larger than the term
    ("San Quentin State Prison" around a whitelisted "State") stays."""
    from reviewer_app.core.whitelist_terms import load_whitelist, whitelist_occurrences

    whitelist = load_whitelist()

    if not hits:
        return hits
    # Only the lines that have hits are searched (a phrase broken over two lines is
    # then not seen as whitelisted: the safe side).
    lines = sorted({_line_around(text, h.start, h.end) for h in hits})
    occurrences = []
    for start, end in lines:
        occurrences += [(start + s, start + e) for s, e in whitelist_occurrences(text[start:end], whitelist)]
    starts = [o[0] for o in occurrences]
    kept = []
    for hit in hits:
        i = bisect.bisect_right(starts, hit.start) - 1
        if i >= 0 and occurrences[i][1] >= hit.end:
            continue
        kept.append(hit)
    return kept


def _line_around(text: str, start: int, end: int) -> tuple[int, int]:
    line_end = text.find("\n", end)
    return text.rfind("\n", 0, start) + 1, len(text) if line_end < 0 else line_end


def check_pseudonymized(
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    exemptions: GuardExemptions = NO_EXEMPTIONS,
) -> None:
    """Raise `LeakFound` when the pseudonymized text still holds a known identifier."""
    hits = leak_hits(result, document, spans, exemptions)
    if hits:
        raise LeakFound(hits, result.text)


_LABEL_OF_KIND = {"spelled name": "SPELLED_NAME"}


def unannotated_occurrences(
    document: Document, spans: Sequence[Span], clusters: Iterable[Cluster] = ()
) -> list[Span]:
    """New spans over every place in the original text where a known identifier occurs
    outside `spans`: what the paper's dictionary does when it replaces "reappearing
    entities" consistently. The detector is `propagation`; the label is the identifier's
    (PERSON for names and their parts, SPELLED_NAME for spelled forms)."""
    terms = leak_terms(document, spans, clusters)
    text = document.text
    headers = [(s.start, s.end) for s in document.sections if s.name in HEADER_SECTIONS]
    masked = [(s.start, s.end) for s in spans]
    hits = _outside_whitelist(text, find_leaks(text, terms, masked, (), headers, _has_case(text)))
    return [Span(h.start, h.end, _LABEL_OF_KIND.get(h.kind, h.label), ("propagation",), 1.0) for h in hits]


def check_derived(
    pieces: Sequence[tuple[str, Sequence[tuple[int, int, int]]]],
    result: PseudonymizedText,
    document: Document,
    spans: Sequence[Span],
    exemptions: GuardExemptions = NO_EXEMPTIONS,
) -> None:
    """The leak guard for another file made from `result` (the transcript in its caption
    format): raise `LeakFound` when one of its texts holds a known identifier.

    `pieces` are every text of the file, each with the stretches of it copied from
    `result.text` as (start, end, offset in `result.text`). A hit inside such a stretch
    is judged as the same hit in the text export (the tags are no hits; allowances and
    rejected spans excuse it); a hit anywhere else (a cue identifier, a field the export
    kept) is always one."""
    view, copied = "", []
    for text, stretches in pieces:
        base = len(view)
        copied += [(base + a, base + b, r) for a, b, r in stretches]
        view += text + "\n"
    copied.sort()
    # The tags inside the copied stretches are no hits, as in the text.
    masked = []
    out_ends = [r.out_end for r in result.replacements]
    for start, end, at in copied:
        for r in result.replacements[bisect.bisect_right(out_ends, at) :]:
            if r.out_start >= at + end - start:
                break
            lo, hi = max(r.out_start, at), min(r.out_end, at + end - start)
            masked.append((start + lo - at, start + hi - at))
    terms = leak_terms(document, spans, result.clusters, undecided=exemptions.undecided)
    found = find_leaks(view, terms, masked, exemptions.allow, (), _has_case(document.text))
    offsets = _OutputMap(result)
    excused = _Excused(exemptions)
    kept = []
    for hit in _outside_whitelist(view, found):
        i = bisect.bisect_right(copied, (hit.start, float("inf"), 0)) - 1
        if i >= 0 and copied[i][0] <= hit.start and hit.end <= copied[i][1]:
            shift = copied[i][2] - copied[i][0]
            start, end = offsets.to_source(hit.start + shift), offsets.to_source(hit.end + shift)
            if excused(hit, start, end):
                continue
        kept.append(hit)
    if kept:
        raise LeakFound(kept, view)
