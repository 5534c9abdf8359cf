"""Replace accepted spans by consistent tags (paper §5, Appendix A step 4).

`pseudonymize(document, spans)` returns the published text: every span replaced by its
tag, everything else byte for byte. Numbers come from a `TagScope`: one per transcript
by default; pass the same scope to every document of one case to number a person the
same way across them.

The rules (formats in `resources/tags.toml`):
- PERSON, `person_tags="part"` (the paper's scheme, the default): every name part its
  own number, the same wherever the part recurs, so "Kevin Richardson" ->
  "[PERSON_7] [PERSON_8]" and later "Richardson" -> "[PERSON_8]". Titles inside a span
  stay; misspelt parts take the number of the part they misspell (the fuzzy links of
  the clusters).
- PERSON, `person_tags="person"`: one number per person (per cluster), the name from
  its first to its last part one tag: "Maria Lopez", "Ms. Lopez", "Maria" ->
  "[PERSON_1]", "Ms. [PERSON_1]", "[PERSON_1]".
- SPELLED_NAME: the letters, linked to the name part (or person) they spell ->
  "[SPELLED_NAME_PERSON_8]"; otherwise numbered per distinct spelling.
- DATE: split into parts ([MONTH] [DAY], [YEAR]); a number 1-31 right after or right
  before a month is the DAY ("August 23, 2021", "23 August 2021"); TIME: the clock
  digits only ("[TIME] PM").
- AGE, HEIGHT: unnumbered. Every other label: numbered per distinct value, "[STATE_1]".
"""

from __future__ import annotations

import functools
import itertools
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reviewer_app.core.clusters import Cluster, build_clusters, canonical_parts, name_parts, spelled_key
from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_numbers import number_words
from reviewer_app.paths import resource


@dataclass(frozen=True)
class DateWords:
    months: frozenset[str]
    days_of_week: frozenset[str]
    ordinal_days: frozenset[str]
    decades: frozenset[str]


@dataclass(frozen=True)
class TagFormats:
    """The tag formats of `resources/tags.toml`."""

    formats: dict[str, str]
    date_parts: dict[str, str]
    date_words: DateWords

    def label_format(self, label: str) -> str:
        return self.formats.get(label, self.formats["default"])

    def tag(self, label: str, n: int = 0) -> str:
        return self.label_format(label).format(label=label, n=n)


def load_tag_formats(path: Path | None = None) -> TagFormats:
    path = path or resource("tags.toml")
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    date = dict(raw.get("date", {}))

    def words(key: str) -> frozenset[str]:
        return frozenset(w.casefold() for w in date.pop(key, []))

    date_words = DateWords(words("months"), words("days_of_week"), words("ordinal_days"), words("decades"))
    formats = dict(raw.get("formats", {}))
    formats.setdefault("default", "[{label}_{n}]")
    return TagFormats(formats=formats, date_parts=date, date_words=date_words)


@functools.cache
def tag_formats() -> TagFormats:
    return load_tag_formats()


# How PERSON spans are tagged: one tag per name part (the paper's scheme) or per person.
PERSON_TAGS = ("part", "person")
# The scope kind under which persons (not name parts) are numbered in "person" mode.
PERSON_KIND = "PERSON/person"


@dataclass
class TagScope:
    """Which number each distinct value got, per kind ("PERSON", "CDCR_ID", "STATE", ...).

    Holds original values: keep it in memory, never log or save it beside the text.
    """

    numbers: dict[str, dict[str, int]] = field(default_factory=dict)

    def number(self, kind: str, key: str) -> int:
        """The value's number, given the next free number the first time it is seen."""
        table = self.numbers.setdefault(kind, {})
        if key not in table:
            table[key] = len(table) + 1
        return table[key]

    def known(self, kind: str, key: str) -> int | None:
        return self.numbers.get(kind, {}).get(key)


@dataclass(frozen=True)
class Replacement:
    """A span and what replaced it: `text[out_start:out_end] == tag` in the output."""

    span: Span
    tag: str
    out_start: int
    out_end: int


@dataclass(frozen=True)
class MappingEntry:
    """Which originals one tag stands for. Sensitive: the originals are the PII."""

    label: str
    tag: str
    originals: tuple[str, ...]
    cluster: int | None = None
    fuzzy: bool = False


@dataclass(frozen=True)
class PseudonymizedText:
    document_id: str
    text: str
    replacements: tuple[Replacement, ...]
    mapping: tuple[MappingEntry, ...]
    clusters: tuple[Cluster, ...]


def check_non_overlapping(spans: Sequence[Span]) -> list[int]:
    """Indices of `spans` in text order; raises ValueError when two overlap."""
    order = sorted(range(len(spans)), key=lambda i: (spans[i].start, spans[i].end))
    for a, b in itertools.pairwise(order):
        if spans[a].end > spans[b].start:
            raise ValueError(
                f"spans overlap: [{spans[a].start}, {spans[a].end}) {spans[a].label} and "
                f"[{spans[b].start}, {spans[b].end}) {spans[b].label}"
            )
    return order


def pseudonymize(
    document: Document,
    spans: Sequence[Span],
    clusters: Sequence[Cluster] | None = None,
    scope: TagScope | None = None,
    *,
    formats: TagFormats | None = None,
    threshold: float = 88.0,
    person_tags: str = "part",
    person_keys: Mapping[int, str] | None = None,
    part_links: Mapping[str, str] | None = None,
) -> PseudonymizedText:
    """Replace every span of `spans` (the accepted ones, non-overlapping) by its tag.

    `clusters` index into `spans`; when None they are built with `threshold` and every
    fuzzy link is taken (the `--accept-all` case). Pass the clusters as the reviewer left
    them to apply only the links kept.

    `person_tags` is "part" (a number per name part) or "person" (a number per cluster).
    In "person" mode a cluster is numbered in `scope` under `person_keys[cluster.id]`
    (a corpus person, say), else under its name (`default_person_keys`).
    `part_links` map name parts onto the parts they are numbered as beyond the
    clusters' own links (a corpus person's name, say).
    """
    if person_tags not in PERSON_TAGS:
        raise ValueError(f"person_tags must be one of {', '.join(PERSON_TAGS)}, not {person_tags!r}")
    formats = formats or tag_formats()
    scope = scope if scope is not None else TagScope()
    order = check_non_overlapping(spans)
    if clusters is None:
        clusters = build_clusters(document, spans, threshold)
    canonical = canonical_parts(clusters)
    if part_links:
        canonical = {v: part_links.get(c, c) for v, c in canonical.items()} | dict(part_links)
    text = document.text
    keys = {**default_person_keys(clusters), **(person_keys or {})}
    person_of_span = {i: keys[c.id] for c in clusters for i in c.members} if person_tags == "person" else {}
    tagger = _Tagger(formats, scope, canonical, person_of_span, whole=person_tags == "person")

    # Name parts (or persons) are numbered in order of appearance before anything else,
    # so a spelled name before the first mention of the name it spells still links to it.
    for i in order:
        if spans[i].label == "PERSON":
            tagger.number_person_parts(spans[i].text_in(text), i)

    pieces: list[str] = []
    replacement_of: dict[int, Replacement] = {}
    cursor = out_len = 0
    for i in order:
        span = spans[i]
        kept = text[cursor : span.start]
        pieces.append(kept)
        out_len += len(kept)
        tag = tagger.tag(span.label, span.text_in(text), i)
        pieces.append(tag)
        replacement_of[i] = Replacement(span, tag, out_len, out_len + len(tag))
        out_len += len(tag)
        cursor = span.end
    pieces.append(text[cursor:])
    mapping = _mapping(
        spans, clusters, replacement_of, tagger, text, keys if person_tags == "person" else None
    )
    replacements = tuple(replacement_of[i] for i in order)
    return PseudonymizedText(document.id, "".join(pieces), replacements, mapping, tuple(clusters))


def default_person_keys(clusters: Sequence[Cluster]) -> dict[int, str]:
    """cluster id -> the key a person is numbered under when no other is given: its
    name (canonical parts), so that one scope shared by the files of a case numbers
    the same name once; two clusters of one name (a reviewer split them) stay apart."""
    keys: dict[int, str] = {}
    seen: dict[str, int] = {}
    for cluster in clusters:
        name = " ".join(cluster.parts)
        seen[name] = seen.get(name, 0) + 1
        keys[cluster.id] = name if seen[name] == 1 else f"{name}#{seen[name]}"
    return keys


def _mapping(
    spans: Sequence[Span],
    clusters: Sequence[Cluster],
    replacement_of: dict[int, Replacement],
    tagger: _Tagger,
    text: str,
    person_keys: Mapping[int, str] | None,
) -> tuple[MappingEntry, ...]:
    entries: list[MappingEntry] = []
    in_cluster: set[int] = set()
    for cluster in clusters:
        in_cluster.update(cluster.members)
        if person_keys is not None:
            tag = tagger.whole_person_tag(person_keys[cluster.id])
        else:
            tag = " ".join(tagger.person_tag(part) for part in cluster.parts)
        entries.append(MappingEntry("PERSON", tag, cluster.variants, cluster.id, cluster.fuzzy))
    grouped: dict[tuple[str, str], dict[str, None]] = {}
    for i, span in enumerate(spans):
        if i not in in_cluster:
            grouped.setdefault((span.label, replacement_of[i].tag), {})[span.text_in(text)] = None
    for (label, tag), originals in grouped.items():
        entries.append(MappingEntry(label, tag, tuple(originals)))
    return tuple(entries)


_WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_DATE_TOKEN_RE = re.compile(
    r"(?P<numeric_date>\b\d{1,4}[/.\-]\d{1,2}(?:[/.\-]\d{2,4})?\b)"
    r"|(?P<day>\b\d{1,2}(?:st|nd|rd|th)\b)"
    r"|(?P<decade>(?:\B'|\b)\d{2}s\b|\b\d{4}s\b)"
    r"|(?P<year>\b\d{4}\b)"
    r"|(?P<number>\d+)"
    r"|(?P<word>[^\W\d_]+(?:-[^\W\d_]+)*)",
    re.IGNORECASE,
)
_CLOCK_RE = re.compile(r"\d{1,2}(?:[:.]\d{2}){1,2}|\d{1,4}")
_READ_OUT_ID_RE = re.compile(r"([^\W\d_]{2,})\W+(\d+)")
_KEY_RE = re.compile(r"\w+")


def _value_key(text: str) -> str:
    return " ".join(_KEY_RE.findall(text.casefold()))


def cdcr_key(text: str) -> str:
    """One key per ID however it is written: "V12345", "v 12345", "Victor 12345"."""
    read_out = _READ_OUT_ID_RE.fullmatch(text.strip())
    if read_out:
        return (read_out.group(1)[0] + read_out.group(2)).upper()
    return "".join(_KEY_RE.findall(text)).upper()


class _Tagger:
    def __init__(
        self,
        formats: TagFormats,
        scope: TagScope,
        canonical: dict[str, str],
        person_of_span: Mapping[int, str],
        whole: bool = False,
    ) -> None:
        self.formats = formats
        self.scope = scope
        self.canonical = canonical
        # "person" mode: span index -> the key its person is numbered under.
        self.person_of_span = person_of_span
        self.whole = whole
        self.compounds: dict[str, int] = {}
        # "person" mode: a name part (or a name spelled as one word) -> its person's number.
        self.person_of_part: dict[str, int] = {}

    def _part_key(self, key: str) -> str:
        return self.canonical.get(key, key)

    def number_person_parts(self, span_text: str, index: int) -> None:
        parts = [p for p in name_parts(span_text) if not p.is_title]
        person = self.person_of_span.get(index)
        if person is not None:
            number = self.scope.number(PERSON_KIND, person)
            keys = [self._part_key(p.key) for p in parts]
            for first in range(len(keys)):
                for last in range(first, len(keys)):
                    spelled = "".join(spelled_key(k) for k in keys[first : last + 1])
                    self.person_of_part.setdefault(spelled, number)
            return
        if self.whole:
            return  # "person" mode, a span in no cluster: numbered when tagged
        numbers = [self.scope.number("PERSON", self._part_key(p.key)) for p in parts]
        # A name is also spelled as one word: "O'Brien" as O-B-R-I-E-N, "Villanueva-Reyes"
        # or "De La Cruz" letter by letter; such a spelling links to the last part's number.
        for first in range(len(parts)):
            for last in range(first, len(parts)):
                letters = "".join(spelled_key(p.key) for p in parts[first : last + 1])
                if letters != parts[last].key or first != last:
                    self.compounds.setdefault(letters, numbers[last])

    def person_tag(self, key: str) -> str:
        return self.formats.tag("PERSON", self.scope.number("PERSON", self._part_key(key)))

    def whole_person_tag(self, person: str) -> str:
        return self.formats.tag("PERSON", self.scope.number(PERSON_KIND, person))

    def tag(self, label: str, span_text: str, index: int = -1) -> str:
        if label == "PERSON":
            return self._person(span_text, index)
        if label == "SPELLED_NAME":
            key = self._part_key(spelled_key(span_text))
            if self.whole:
                person = self.scope.known(PERSON_KIND, self.person_of_span.get(index, ""))
                person = person or self.person_of_part.get(key)
            else:
                person = self.scope.known("PERSON", key) or self.compounds.get(key)
            if person is not None:
                return self.formats.tag("SPELLED_NAME_OF_PERSON", person)
            return self.formats.tag(label, self.scope.number(label, key))
        if label == "CDCR_ID":
            return self.formats.tag(label, self.scope.number(label, cdcr_key(span_text)))
        if label == "DATE":
            return self._date(span_text)
        if label == "TIME":
            return self._time(span_text)
        if "{n}" not in self.formats.label_format(label):
            return self.formats.tag(label)
        return self.formats.tag(label, self.scope.number(label, _value_key(span_text)))

    def _person(self, span_text: str, index: int) -> str:
        parts = [p for p in name_parts(span_text) if not p.is_title]
        if self.whole:
            if not parts:
                return self.formats.tag("PERSON", self.scope.number(PERSON_KIND, _value_key(span_text)))
            person = self.person_of_span.get(index) or " ".join(self._part_key(p.key) for p in parts)
            # Titles and a possessive outside the first and last part stay ("Ms. [PERSON_1]'s").
            tag = self.whole_person_tag(person)
            return span_text[: parts[0].start] + tag + span_text[parts[-1].end :]
        if not parts:  # no letters at all: the whole value is the name
            return self.formats.tag("PERSON", self.scope.number("PERSON", _value_key(span_text)))
        out: list[str] = []
        cursor = 0
        for part in parts:
            out.append(span_text[cursor : part.start])
            out.append(self.person_tag(part.key))
            cursor = part.end
        out.append(span_text[cursor:])
        return "".join(out)

    def _date(self, span_text: str) -> str:
        words = self.formats.date_words
        parts = self.formats.date_parts
        tokens: list[tuple[re.Match[str], str]] = []
        for m in _DATE_TOKEN_RE.finditer(span_text):
            kind = m.lastgroup or "number"
            if kind == "word":
                kind = _date_word_kind(m.group().casefold(), words)
                if kind is None:
                    continue
            tokens.append((m, kind))
        tokens = _spoken_years(span_text, tokens)
        _mark_days_beside_months(span_text, tokens)
        out: list[str] = []
        cursor = 0
        for m, kind in tokens:
            out.append(span_text[cursor : m.start()])
            out.append(parts[kind])
            cursor = m.end()
        if not tokens:
            return parts["whole"]
        out.append(span_text[cursor:])
        return "".join(out)

    def _time(self, span_text: str) -> str:
        tag = self.formats.tag("TIME")
        replaced, count = _CLOCK_RE.subn(lambda _m: tag, span_text)
        return replaced if count else tag


# What may stand between a month and its day: "August 23", "Aug. 23", "23 August".
_MONTH_DAY_GAP_RE = re.compile(r"\.?\s+")


def _mark_days_beside_months(text: str, tokens: list[tuple[re.Match[str], str]]) -> None:
    """The day rule: a plain number 1-31 right after a month ("August 23, 2021") or
    right before one ("23 August 2021") is the DAY, not a [NUMBER]."""
    for k, (m, kind) in enumerate(tokens):
        if kind != "number" or not 1 <= int(m.group()) <= 31:
            continue
        before = tokens[k - 1] if k > 0 else None
        after = tokens[k + 1] if k + 1 < len(tokens) else None
        if (
            before is not None
            and before[1] == "month"
            and _MONTH_DAY_GAP_RE.fullmatch(text[before[0].end() : m.start()])
        ) or (after is not None and after[1] == "month" and text[m.end() : after[0].start()].isspace()):
            tokens[k] = (m, "day")


def _date_word_kind(word: str, words: DateWords) -> str | None:
    if word in words.months:
        return "month"
    if word in words.days_of_week:
        return "day_of_week"
    # "twenty-first": the last piece decides.
    if word.rsplit("-", 1)[-1] in words.ordinal_days:
        return "day"
    if word in words.decades:
        return "decade"
    if all(piece in number_words() or piece == "oh" for piece in word.split("-")):
        return "spoken"
    return None


# A count's unit after a number word: "In May, fifteen years to life" counts years, names none.
_COUNTED_RE = re.compile(r"\s+(?:years?|months?|weeks?|days?|hours?|minutes?|times?)\b", re.IGNORECASE)
# What joins the words of a year said aloud: "nineteen eighty-two", "two thousand and three".
_SPOKEN_YEAR_GAP_RE = re.compile(r"\s+(?:and\s+)?")


def _spoken_years(text: str, tokens: list[tuple[re.Match[str], str]]) -> list[tuple[re.Match[str], str]]:
    """`tokens` with each run of number words said as a year one "year" token ("May ninth,
    nineteen eighty-two": the year was published as said). A run is a year where the date has
    another part (a month, a day, a weekday) or the run is two words or more or all of the
    span ("Eighty-two."); a lone count in a duration ("two weeks ago", "In May, fifteen years to
    life") is none and stays."""
    has_part = any(kind in ("month", "day", "day_of_week", "year", "numeric_date") for _, kind in tokens)
    out: list[tuple[re.Match[str], str]] = []
    k = 0
    while k < len(tokens):
        m, kind = tokens[k]
        if kind != "spoken":
            out.append((m, kind))
            k += 1
            continue
        end = k + 1
        while (
            end < len(tokens)
            and tokens[end][1] == "spoken"
            and _SPOKEN_YEAR_GAP_RE.fullmatch(text[tokens[end - 1][0].end() : tokens[end][0].start()])
        ):
            end += 1
        last = tokens[end - 1][0]
        whole = not text[: m.start()].strip(" ,.") and not text[last.end() :].strip(" ,.")
        counted = end - k == 1 and _COUNTED_RE.match(text, last.end()) is not None
        if (has_part or end - k > 1 or whole) and not counted:
            out.append((_Joined(m.start(), last.end(), text[m.start() : last.end()]), "year"))
        k = end
    return out


@dataclass(frozen=True)
class _Joined:
    """A run of tokens read as one (a year said in words), with a match's start, end and group."""

    begin: int
    finish: int
    said: str

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish

    def group(self) -> str:
        return self.said
