"""Progress reporting and cancellation for long work, without Qt.

Long work is a plain function that takes a `Progress`; a UI worker or a CLI
progress bar supplies one. The function calls `report` often and `check` at
points where stopping is safe; `check` raises `Cancelled`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field


class Cancelled(Exception):
    """The user asked the work to stop."""


@dataclass
class Progress:
    on_report: Callable[[str, float], None] | None = None
    _cancel: threading.Event = field(default_factory=threading.Event)

    def report(self, stage: str, fraction: float) -> None:
        """`stage` names what runs (e.g. a detector); `fraction` is 0..1 of that stage."""
        if self.on_report is not None:
            self.on_report(stage, max(0.0, min(1.0, fraction)))

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check(self) -> None:
        if self._cancel.is_set():
            raise Cancelled()
