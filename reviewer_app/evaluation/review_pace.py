"""How long reviewers spent on each document, and how fast they decided, from
the audit log (Qt-free; the store reads the entries, `Project.review_actions()`).

What "time spent" means here, honestly:
- Each reviewer's actions (decisions, undo and redo) are taken in time order
  across the whole project. The gap between two consecutive actions of one
  reviewer is time spent on the document of the later action: reading up to a
  decision is part of making it, also right after switching documents.
- A gap longer than the idle threshold (5 minutes by default) is not counted:
  the reviewer was away, on the phone, or closed the window.
- The reading before a session's first action cannot be known and is not
  counted, so the figure is a lower bound of the time the window was in use.

A *decision* is one reviewer action on spans: accept, reject, relabel, resize,
add, a bulk or identical-mention decision, a whitelist or person (cluster)
edit. One keystroke is one decision however many spans it changed; an action
later undone still counts (it was work done). Undo and redo are time spent,
not decisions. Actions over the whole corpus (no single document) count in the
project's total only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from reviewer_app.store.history import UNDOABLE_ACTIONS

# A pause longer than this (seconds) between two actions is time away, not review.
IDLE_SECONDS = 300.0
# Below this much measured time (seconds) a per-minute rate is noise: three quick
# clicks in two seconds are not "90 per minute".
RATE_MIN_SECONDS = 60.0


class TimedAction(Protocol):
    """What the computation needs of an audit entry (`store.records.AuditEntry` has it)."""

    id: int
    at: float
    who: str
    action: str
    document_id: str | None


@dataclass(frozen=True)
class ReviewPace:
    decisions: int = 0
    seconds: float = 0.0

    @property
    def minutes(self) -> float:
        return self.seconds / 60.0

    @property
    def decisions_per_minute(self) -> float | None:
        """None under a minute of measured time (one decision, isolated ones, or a
        short burst): too short to rate."""
        return self.decisions / self.minutes if self.seconds >= RATE_MIN_SECONDS else None

    def __add__(self, other: ReviewPace) -> ReviewPace:
        return ReviewPace(self.decisions + other.decisions, self.seconds + other.seconds)


def review_pace(
    actions: Iterable[TimedAction], idle_seconds: float = IDLE_SECONDS
) -> dict[str | None, ReviewPace]:
    """Each document's pace (key None: actions over the whole corpus). `actions`
    are every reviewer action, undo and redo included (`Project.review_actions()`);
    the undoable ones are the decisions."""
    decisions: dict[str | None, int] = {}
    seconds: dict[str | None, float] = {}
    last_at: dict[str, float] = {}
    for entry in sorted(actions, key=lambda e: (e.at, e.id)):
        document = entry.document_id
        previous = last_at.get(entry.who)
        gap = entry.at - previous if previous is not None else None
        if gap is not None and gap <= idle_seconds:
            seconds[document] = seconds.get(document, 0.0) + gap
        last_at[entry.who] = entry.at
        if entry.action in UNDOABLE_ACTIONS:
            decisions[document] = decisions.get(document, 0) + 1
    return {
        document: ReviewPace(decisions.get(document, 0), seconds.get(document, 0.0))
        for document in decisions.keys() | seconds.keys()
    }


def project_pace(project, idle_seconds: float = IDLE_SECONDS) -> dict[str | None, ReviewPace]:
    """`review_pace` of a `store.project.Project`'s audit log."""
    return review_pace(project.review_actions(), idle_seconds)


def total_pace(paces: Mapping[str | None, ReviewPace]) -> ReviewPace:
    return sum(paces.values(), ReviewPace())


def describe_minutes(seconds: float) -> str:
    """42 s; 12.5 min; 1 h 05 min."""
    if seconds < 60:
        return f"{round(seconds)} s"
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    hours, rest = divmod(round(seconds / 60), 60)
    return f"{hours} h {rest:02d} min"


def describe_pace(pace: ReviewPace) -> str:
    """ "12.5 min, 38 decisions (3.0 per minute)"; "12 s, 3 decisions (too short to
    rate)", for the window and the CLI."""
    if pace.decisions == 0 and pace.seconds == 0:
        return "no decisions yet"
    decisions = f"{pace.decisions} decision{'' if pace.decisions == 1 else 's'}"
    rate = pace.decisions_per_minute
    if rate is not None:
        return f"{describe_minutes(pace.seconds)}, {decisions} ({rate:.1f} per minute)"
    if pace.decisions == 0:
        return f"{describe_minutes(pace.seconds)}, no decisions"
    return f"{describe_minutes(pace.seconds)}, {decisions} (too short to rate)"
