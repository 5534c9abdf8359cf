"""Evaluation and curation inputs: gold files in the formats reviewers bring, and a project.

- Gold files: the interchange JSONL, Prodigy JSONL, doccano JSONL or CoNLL BIO
  (the readers are the exporters' own), the format told or guessed.

- Evaluation: in a fully reviewed document the accepted spans (with the
  reviewers' final boundaries and labels) are gold, and what the detectors
  proposed, before any review, is the prediction. That answers "how well did
  detection do on this project".
- Curation: every span a reviewer accepted or rejected. Spans the whitelist
  rejected are left out: they are no reviewer's decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reviewer_app.core.interchange import Record, read_jsonl
from reviewer_app.core.spans import Status
from reviewer_app.evaluation.curation import DecidedSpan, context_of
from reviewer_app.evaluation.metrics import DocumentPair

if TYPE_CHECKING:
    from reviewer_app.store.project import Project

_DECIDED = (Status.ACCEPTED, Status.REJECTED)

GOLD_FORMATS = ("jsonl", "prodigy", "doccano", "conll")
CONLL_SUFFIXES = (".conll", ".bio", ".iob")


def guess_gold_format(path: Path) -> str:
    """ "conll" by suffix; for JSON lines, by the keys of the first record."""
    if path.suffix.lower() in CONLL_SUFFIXES:
        return "conll"
    with path.open(encoding="utf-8") as fh:
        first = next((line for line in fh if line.strip()), "")
    try:
        obj = json.loads(first) if first else {}
    except json.JSONDecodeError:
        return "conll"
    if not isinstance(obj, dict):
        return "jsonl"
    if "spans" not in obj and ("label" in obj or "entities" in obj):
        return "doccano"
    return "prodigy" if "answer" in obj else "jsonl"


def read_gold(paths: Sequence[Path], fmt: str = "auto", texts: Sequence[str] = ()) -> list[Record]:
    """Gold records from one or more files in one of `GOLD_FORMATS` ("auto": guessed
    per file). CoNLL keeps tokens but not the spacing between them, so its
    documents take their texts from `texts` (the predictions' texts, in order)."""
    records: list[Record] = []
    for path in paths:
        kind = guess_gold_format(path) if fmt == "auto" else fmt
        if kind == "doccano":
            from reviewer_app.exporters.doccano import read_doccano

            records += read_doccano(path)
        elif kind == "conll":
            from reviewer_app.exporters.conll import read_conll

            records += read_conll(path, list(texts[len(records) :]))
        elif kind == "prodigy":
            lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            answers = [json.loads(line).get("answer", "accept") for line in lines]
            records += [r for r, a in zip(read_jsonl(path), answers, strict=True) if a == "accept"]
        else:
            records += read_jsonl(path)
    return records


def read_predictions(paths: Sequence[Path]) -> list[Record]:
    return [record for path in paths for record in read_jsonl(path)]


def pairs_from_project(project: Project, reviewed_only: bool = True) -> list[DocumentPair]:
    pairs = []
    for summary in project.list_documents():
        if reviewed_only and not summary.fully_reviewed:
            continue
        stored = project.spans(summary.id)
        gold = tuple(s.span for s in stored if s.status == Status.ACCEPTED)
        predicted = tuple(s.detected for s in stored if s.detected is not None)
        pairs.append(DocumentPair(summary.id, project.document_text(summary.id), gold, predicted))
    return pairs


def decided_spans_from_project(project: Project) -> list[DecidedSpan]:
    out = []
    for document_id in project.document_ids():
        text = project.document_text(document_id)
        for s in project.spans(document_id, statuses=_DECIDED):
            if s.whitelist_id is not None:
                continue
            out.append(
                DecidedSpan(
                    document_id,
                    s.start,
                    s.end,
                    s.label,
                    s.status,
                    text[s.start : s.end],
                    context_of(text, s.start, s.end),
                )
            )
    return out


def project_whitelist(project: Project) -> list[str]:
    return [entry.term for entry in project.whitelist() if entry.scope == "project"]


def project_whitelist_adder(project: Project, who: str = "") -> Callable[[list[str]], list[str]]:
    """`add_terms` for the curation view: project-wide terms, each one undoable step."""
    from reviewer_app.store.project import DuplicateTerm

    def add(terms: list[str]) -> list[str]:
        added = []
        for term in terms:
            try:
                project.add_whitelist_term(term, note="whitelist curation", who=who)
            except DuplicateTerm:
                continue
            added.append(term)
        return added

    return add
