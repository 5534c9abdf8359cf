"""Detection (and the detectors' status check) in a child process.

spaCy's parser and Presidio's recognizers hold Python's GIL for up to a second
per chunk, so detection on a thread of the window's process freezes the window
that long (measured: ~1 s stalls). The core's `run_detection` therefore runs in
one long-lived child process (models stay loaded between documents); a thread
of the window waits for it, relays its progress and forwards a cancel.
"""

from __future__ import annotations

import atexit
import functools
import multiprocessing
import os
import queue
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from reviewer_app.core.document import Document
from reviewer_app.core.progress import Progress
from reviewer_app.core.workers import end_with_parent
from reviewer_app.settings import Settings


class DetectorProcessCrashed(RuntimeError):
    def __init__(self) -> None:
        super().__init__(
            "The detectors stopped unexpectedly (their process ended, perhaps out of memory). "
            "The window and your decisions are not affected; run detection again."
        )


# Set in the child by the pool's initializer.
_child_reports: Any = None
_child_cancel: Any = None


def _init_child(reports, cancel, parent_pid: int) -> None:
    global _child_reports, _child_cancel
    _child_reports, _child_cancel = reports, cancel
    # A window that crashed or was killed must not leave its detector process behind.
    # The pool starts this process from whichever thread first submits to it: a thread
    # of the window's task pool (`DetectionQueue`, the detectors' status check), which
    # Qt ends after 30 s without work while the process lives on. The kernel's
    # parent-death signal follows that thread and would kill the process (and its loaded
    # models) mid-session, so only the watch of the parent process id is used.
    end_with_parent(parent_pid, kernel_signal=False)


def _statuses_in_child(settings: Settings):
    from reviewer_app.detectors.registry import available_detectors

    return available_detectors(settings)


def _detect_in_child(document: Document, detectors: list[str], settings: Settings):
    from reviewer_app.detectors.runner import run_detection

    _child_cancel.clear()
    # A multiprocessing Event has the threading Event's interface Progress uses.
    # Each report whole (a `Step`, with its chunk counts), for the window to say the time left.
    progress = Progress(_cancel=_child_cancel, on_step=_child_reports.put)
    return run_detection(document, detectors, settings, progress)


class DetectionProcess:
    """The child process, started on first use."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._pool: ProcessPoolExecutor | None = None
        self._reports = None
        self._cancel = None

    def _ensure(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._reports = self._context.Queue()
            self._cancel = self._context.Event()
            self._pool = ProcessPoolExecutor(
                1,
                mp_context=self._context,
                initializer=_init_child,
                initargs=(self._reports, self._cancel, os.getpid()),
            )
        return self._pool

    def run(self, document: Document, detectors: list[str], settings: Settings, progress: Progress):
        """Run detection in the child; blocks this (worker) thread, not the GIL."""
        progress.check()  # cancelled while queued: do not start the child at all
        future: Future = self._ensure().submit(_detect_in_child, document, list(detectors), settings)
        while True:
            if progress.cancelled:
                self._cancel.set()
            try:
                progress.report_step(self._reports.get(timeout=0.05))
            except queue.Empty:
                if future.done():
                    break
        try:
            return future.result()
        except BrokenProcessPool as exc:
            # The detectors' process died (a crash in native code, memory): the
            # window lives on; the next run starts a fresh process.
            self._pool = None
            raise DetectorProcessCrashed() from exc
        finally:
            self._drain()

    def statuses(self, settings: Settings) -> list:
        """Every detector with its status, checked in the child: the check imports
        the NLP libraries (torch among them), which must stay out of the window's
        process (slow, and torch's import on a thread beside Qt's event loop has
        crashed it)."""
        try:
            return self._ensure().submit(_statuses_in_child, settings).result()
        except BrokenProcessPool as exc:
            self._pool = None
            raise DetectorProcessCrashed() from exc

    def _drain(self) -> None:
        while self._reports is not None:
            try:
                self._reports.get_nowait()
            except (queue.Empty, OSError, EOFError):
                return

    def child_pids(self) -> list[int]:
        """The detector process's id, once started (for diagnostics and tests)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._cancel.set()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


@functools.cache
def shared_process() -> DetectionProcess:
    """One detector process per application: its loaded models serve every window
    and project; it ends when the application does."""
    process = DetectionProcess()
    atexit.register(process.shutdown)
    return process
