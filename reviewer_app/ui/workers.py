"""Run a plain function off the UI thread.

The work is an ordinary core function taking a `Progress` (as in Orange3's
concurrent helpers): it is tested without Qt, and here only started. Results,
errors and progress come back as queued signals on the UI thread; the work never
touches a widget.
"""

from __future__ import annotations

import importlib
import logging
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal, Slot

from reviewer_app.core.progress import Cancelled, Progress, Step
from reviewer_app.ui.ui_thread_gc import collect_garbage_on_ui_thread

log = logging.getLogger(__name__)

# Progress reports closer together than this are dropped (except a change of
# stage or a unit done): a detector reporting per sentence would otherwise flood
# the event loop.
PROGRESS_INTERVAL_S = 0.05


def import_on_ui_thread(*modules: str) -> None:
    """Import libraries with native extensions here, on the UI thread, before a
    task uses them: their first import on a worker thread while Qt's event loop
    runs has killed the process with SIGSEGV (seen with pdfplumber's cryptography
    and with torch). Each costs its import time once (pdfplumber ~0.08 s)."""
    for name in modules:
        importlib.import_module(name)


class TaskSignals(QObject):
    progress = Signal(object)  # a core.progress.Step
    succeeded = Signal(object)
    failed = Signal(object)  # the exception
    cancelled = Signal()
    finished = Signal()  # after any of the three above


class Task:
    """One run of `work(progress)`, started by a `TaskRunner`.

    Who frees what, and where, matters here: a QObject destroyed on the wrong
    thread, or while a queued signal of it is being delivered, kills the process.
    So the pool runs the bound `run` (Qt's wrapper holds it until the pool is done
    with it), and the runner makes `signals` a child of itself and deletes it with
    `deleteLater` on the UI thread once `finished` was delivered; dropping a Task,
    on any thread, never destroys a QObject."""

    def __init__(self, work: Callable[[Progress], Any], name: str = "task") -> None:
        self.name = name
        self.signals = TaskSignals()
        self._work = work
        self._last_report = (0.0, Step("", 0.0))
        self.progress = Progress(on_step=self._report)

    def _report(self, step: Step) -> None:
        now = time.monotonic()
        last_time, last = self._last_report
        same = (step.stage, step.note, step.done) == (last.stage, last.note, last.done)
        if same and step.fraction < 1.0 and now - last_time < PROGRESS_INTERVAL_S:
            return
        self._last_report = (now, step)
        self._emit(self.signals.progress, step)

    def cancel(self) -> None:
        self.progress.cancel()

    def run(self) -> None:
        try:
            result = self._work(self.progress)
        except Cancelled:
            log.info("%s cancelled", self.name)
            self._emit(self.signals.cancelled)
        except Exception as exc:  # noqa: BLE001 - every failure goes to the UI as a dialog
            log.warning("%s failed: %s", self.name, type(exc).__name__)
            self._emit(self.signals.failed, exc)
        else:
            self._emit(self.signals.succeeded, result)
        self._emit(self.signals.finished)

    def _emit(self, signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:
            # The window that started the task was closed and deleted meanwhile.
            log.info("%s finished after its window closed", self.name)


class TaskRunner(QObject):
    """Starts tasks on a private pool and keeps them alive while they run."""

    def __init__(self, parent: QObject | None = None, threads: int = 2) -> None:
        super().__init__(parent)
        # Worker threads allocate: cycles must still be freed on the UI thread only.
        collect_garbage_on_ui_thread()
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self.running: list[Task] = []

    def start(self, task: Task) -> Task:
        collect_garbage_on_ui_thread()
        self.running.append(task)
        task.signals.setParent(self)  # Qt owns it now, not the Task
        # A slot of this object, not a Python callable holding it: a callable kept by the
        # connection would keep a runner without a parent alive until `signals` is deleted,
        # and then delete the runner, and `signals` a second time with it (SIGSEGV).
        task.signals.finished.connect(self._forget)
        self.pool.start(task.run)
        return task

    @Slot()
    def _forget(self) -> None:
        """`finished` of a task: the last signal its worker sends."""
        signals = self.sender()
        self.running = [task for task in self.running if task.signals is not signals]
        # Deleted by the UI thread's event loop, after this delivery is over.
        signals.deleteLater()

    def cancel_all(self) -> None:
        for task in self.running:
            task.cancel()

    def wait(self, msecs: int = -1) -> bool:
        return self.pool.waitForDone(msecs)
