"""Progress reporting and cancellation for long work, without Qt.

Long work is a plain function that takes a `Progress`; a UI worker or a CLI
progress bar supplies one. The function calls `report` often and `check` at
points where stopping is safe; `check` raises `Cancelled`.

Work done in counted units (detection's chunks) reports `done` of `total`;
`ProgressWords` turns the reports into what a reviewer reads, with the time
left once the first unit is done ("presidio 3/12 chunks · about 20 s left").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


class Cancelled(Exception):
    """The user asked the work to stop."""


@dataclass(frozen=True)
class Step:
    """One report: `stage` names what runs (e.g. a detector) and `fraction` (0..1)
    how far it is; work counted in units says `done` of `total` `unit`s too;
    `note` says what the stage does meanwhile ("loading the model")."""

    stage: str
    fraction: float
    done: int = 0
    total: int = 0
    unit: str = ""
    note: str = ""


@dataclass
class Progress:
    on_report: Callable[[str, float], None] | None = None
    _cancel: threading.Event = field(default_factory=threading.Event)
    # Receives every report whole (with its counts and note); `on_report` only stage and fraction.
    on_step: Callable[[Step], None] | None = None

    def report(
        self, stage: str, fraction: float, *, done: int = 0, total: int = 0, unit: str = "", note: str = ""
    ) -> None:
        """`stage` names what runs (e.g. a detector); `fraction` is 0..1 of that stage."""
        self.report_step(Step(stage, max(0.0, min(1.0, fraction)), done, total, unit, note))

    def report_step(self, step: Step) -> None:
        if self.on_report is not None:
            self.on_report(step.stage, step.fraction)
        if self.on_step is not None:
            self.on_step(step)

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check(self) -> None:
        if self._cancel.is_set():
            raise Cancelled()


def about(seconds: float) -> str:
    """A duration as a reviewer reads a rough estimate: "about 20 s", "about 3 min"."""
    if seconds < 10:
        return f"about {max(1, round(seconds))} s"
    if seconds < 60:
        return f"about {round(seconds / 5) * 5} s"
    return f"about {round(seconds / 60)} min"


class ProgressWords:
    """What one run's reports say in words, with the time left.

    A stage's time left is extrapolated from its own pace since its first report:
    elapsed × (what is left) / (what was done since). Nothing is promised before
    the stage has moved (for counted work: before its first unit is done), nor
    once it is complete. `clock` is injectable so the arithmetic is tested
    without waiting."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        # (stage, note, total) -> time and fraction of its first report: loading a
        # detector's model and running it over the chunks are timed apart.
        self._first: dict[tuple[str, str, int], tuple[float, float]] = {}

    def seconds_left(self, step: Step) -> float | None:
        now = self._clock()
        key = (step.stage, step.note, step.total)
        started, fraction_then = self._first.setdefault(key, (now, step.fraction))
        moved = step.fraction - fraction_then
        if step.fraction >= 1.0 or moved <= 0 or (step.total and step.done < 1):
            return None
        return (now - started) * (1.0 - step.fraction) / moved

    def describe(self, step: Step) -> str:
        if step.note:
            text = f"{step.stage}: {step.note}"
        elif step.total:
            text = f"{step.stage} {step.done}/{step.total} {step.unit}".rstrip()
        else:
            text = f"{step.stage} {step.fraction:.0%}"
        left = self.seconds_left(step)
        return text if left is None else f"{text} · {about(left)} left"
