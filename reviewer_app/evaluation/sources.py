"""Evaluation and curation inputs read from a project (`reviewer_app.store.project.Project`).

- Evaluation: in a fully reviewed document the accepted spans (with the
  reviewers' final boundaries and labels) are gold, and what the detectors
  proposed, before any review, is the prediction. That answers "how well did
  detection do on this project".
- Curation: every span a reviewer accepted or rejected. Spans the whitelist
  rejected are left out: they are no reviewer's decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Status
from reviewer_app.evaluation.curation import DecidedSpan, context_of
from reviewer_app.evaluation.metrics import DocumentPair

if TYPE_CHECKING:
    from reviewer_app.store.project import Project

_DECIDED = (Status.ACCEPTED, Status.REJECTED)


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
