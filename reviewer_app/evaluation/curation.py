"""Whitelist curation over the decisions of a whole corpus.

A term that reviewers keep rejecting ("CBA", "Title 15") is a whitelist
candidate: whitelisting it saves every later reviewer the same click. A term
that was ever accepted as PII somewhere is dangerous to whitelist: the
whitelist drops every span with that text, so the accepted ones would leak.

The whitelist matches a span when its whole text equals a term, ignoring case
and runs of white space (the merging rule's matching); `term_key` is that
comparison.

Works over plain `DecidedSpan` records, so it serves the project store, a
folder of reviewed JSONL files, or a test alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.interchange import Record
from reviewer_app.core.spans import Status
from reviewer_app.evaluation.metrics import squash_space


@dataclass(frozen=True)
class DecidedSpan:
    document_id: str
    start: int
    end: int
    label: str
    status: Status
    text: str  # the covered text
    context: str = ""  # a few words either side, the span's text included


@dataclass(frozen=True)
class Candidate:
    term: str  # as it was most often written
    rejected: int
    accepted: int
    documents: int  # documents in which it was rejected
    labels: tuple[str, ...]  # labels the detectors gave it, most frequent first
    examples: tuple[str, ...]  # contexts of rejections

    @property
    def risky(self) -> bool:
        return self.accepted > 0


@dataclass(frozen=True)
class TermImpact:
    term: str
    suppressed: tuple[DecidedSpan, ...]  # every span the term would drop
    accepted: tuple[DecidedSpan, ...]  # of those, the ones reviewers accepted as PII

    @property
    def warning(self) -> str:
        """Empty when whitelisting is safe; otherwise why not, without the transcript's text."""
        if not self.accepted:
            return ""
        docs = len({s.document_id for s in self.accepted})
        return (
            f"{len(self.accepted)} of the {len(self.suppressed)} spans this term would suppress "
            f"were accepted as PII (in {docs} document{'s' if docs != 1 else ''}); "
            "whitelisting it would leak them."
        )


def term_key(text: str) -> str:
    return " ".join(text.split()).casefold()


def context_of(text: str, start: int, end: int, width: int = 40) -> str:
    left = squash_space(text[max(0, start - width) : start])
    right = squash_space(text[end : end + width])
    return f"…{left}[{squash_space(text[start:end])}]{right}…"


def decided_spans_from_records(records: Iterable[Record]) -> list[DecidedSpan]:
    """Spans of reviewed JSONL records that carry a `status` of accepted or rejected."""
    out = []
    for record in records:
        for span_record in record.spans:
            try:
                status = Status(span_record.extra.get("status", ""))
            except ValueError:
                continue
            if status not in (Status.ACCEPTED, Status.REJECTED):
                continue
            span = span_record.span
            out.append(
                DecidedSpan(
                    record.id,
                    span.start,
                    span.end,
                    span.label,
                    status,
                    span.text_in(record.text),
                    context_of(record.text, span.start, span.end),
                )
            )
    return out


def whitelist_candidates(
    spans: Iterable[DecidedSpan],
    min_rejections: int = 3,
    *,
    whitelisted: Iterable[str] = (),
    max_examples: int = 3,
) -> list[Candidate]:
    """Terms rejected at least `min_rejections` times and not yet whitelisted,
    most rejected first."""
    skip = {term_key(t) for t in whitelisted}
    groups: dict[str, list[DecidedSpan]] = {}
    for span in spans:
        key = term_key(span.text)
        if key and key not in skip:
            groups.setdefault(key, []).append(span)
    candidates = []
    for group in groups.values():
        rejected = [s for s in group if s.status == Status.REJECTED]
        if len(rejected) < min_rejections:
            continue
        accepted = sum(s.status == Status.ACCEPTED for s in group)
        spellings = _by_frequency(" ".join(s.text.split()) for s in rejected)
        candidates.append(
            Candidate(
                term=spellings[0],
                rejected=len(rejected),
                accepted=accepted,
                documents=len({s.document_id for s in rejected}),
                labels=tuple(_by_frequency(s.label for s in rejected)),
                examples=tuple(s.context for s in rejected[:max_examples]),
            )
        )
    candidates.sort(key=lambda c: (-c.rejected, c.accepted, c.term.casefold()))
    return candidates


def _by_frequency(values: Iterable[str]) -> list[str]:
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return sorted(counts, key=lambda v: (-counts[v], v))


def term_impact(term: str, spans: Iterable[DecidedSpan]) -> TermImpact:
    key = term_key(term)
    suppressed = tuple(s for s in spans if term_key(s.text) == key)
    accepted = tuple(s for s in suppressed if s.status == Status.ACCEPTED)
    return TermImpact(term, suppressed, accepted)


def read_whitelist(path: Path) -> list[str]:
    """Terms of a whitelist file: one a line; blank lines and `#` comments skipped."""
    if not path.exists():
        return []
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def add_to_whitelist(path: Path, terms: Sequence[str]) -> list[str]:
    """Appends the terms the file does not have yet; returns those added."""
    present = {term_key(t) for t in read_whitelist(path)}
    added: list[str] = []
    for term in terms:
        clean = " ".join(term.split())
        if clean and term_key(clean) not in present:
            present.add(term_key(clean))
            added.append(clean)
    if added:
        path.parent.mkdir(parents=True, exist_ok=True)
        existing = path.read_text(encoding="utf-8") if path.exists() else ""
        if existing and not existing.endswith("\n"):
            existing += "\n"
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(existing + "".join(f"{t}\n" for t in added), encoding="utf-8")
        tmp.replace(path)
    return added
